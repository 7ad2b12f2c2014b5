// Why a file asked for as results holds no run record: its first bad line located as the run-file
// reader found it, how many more, and what the file's name says it is (a benchmark's own file).
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../../../src/core/benchmarks';
import { locateProblem, notARunFile } from '../../../src/core/runs/notARunFile';
import { readRunFile } from '../../../src/host/runFileReader';
import { jsonl, mangoRecord } from './fixtures';

describe('a file that is not a run file', () => {
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'waypoint-not-run-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  async function reasonFor(name: string, text: string) {
    const file = join(folder, name);
    writeFileSync(file, text);
    const { records, problems } = await readRunFile(file);
    assert.equal(records.length, 0, 'the file holds no record');
    return notARunFile(file, `data/${name}`, problems);
  }

  it('names the file as shown, the first line that failed and why, and how many more lines failed', async () => {
    const reason = await reasonFor('notes.jsonl', 'not json\n{"time":"2026-01-01T00:00:00Z"}\n');
    assert.equal(reason.line, 1);
    assert.equal(reason.column, 1);
    assert.match(
      reason.message,
      /^data\/notes\.jsonl is not a run file: line 1, column 1: JSON syntax: unexpected character \(one more line is not run records either\)\./,
    );
    assert.match(reason.message, /Run files are what `waypoint run`, `waypoint import` and Run Benchmark write\./);
    assert.doesNotMatch(reason.message, /benchmark file/, 'an unknown name is not called a benchmark file');
  });

  it('says which benchmark file kind a file of a known name is (a GRASP grid file, a SmartPlay episode)', async () => {
    const grids = await reasonFor('inner_cluster_free.jsonl', '{"grid":[[0]]}\n{"grid":[[1]]}\n{"grid":[[2]]}\n');
    assert.equal(grids.line, 1);
    assert.match(
      grids.message,
      /inner_cluster_free\.jsonl is not a run file: line 1, column 1: `time` is missing \(2 more lines are not run records either\)\. Its name is that of a GRASP benchmark file \(grasp-grids\), not of a run file\./,
    );
    const episode = await reasonFor('hanoi.episode.jsonl', '{"step":0}\n');
    assert.match(episode.message, /SmartPlay benchmark file \(smartplay-episode\)/);
    assert.doesNotMatch(episode.message, /more line/);
  });

  it('an empty file: no line to point at', async () => {
    const reason = await reasonFor('empty.jsonl', '');
    assert.equal(reason.line, undefined);
    assert.equal(reason.message, 'data/empty.jsonl holds no run records: the file is empty.');
  });

  it('a later bad line is located where the reader found it, not on line 1', async () => {
    const file = join(folder, 'later.jsonl');
    const good = jsonl([mangoRecord({ model: 'alpha', game: 'zork1', n: 0 })]);
    writeFileSync(file, `\n\n${good.trim().slice(0, 40)}\n`);
    const { problems, torn } = await readRunFile(file);
    // The line is a record cut short: located where it stops, as any other problem.
    const reason = notARunFile(file, 'later.jsonl', [...problems, ...torn]);
    assert.equal(reason.line, 3);
    assert.equal(reason.column, 41);
  });

  it("takes the reader's problem form apart, and only for its own file", () => {
    assert.deepEqual(locateProblem('/a/b.jsonl:12:5: `model` is missing.', '/a/b.jsonl'), {
      line: 12,
      column: 5,
      text: '`model` is missing.',
    });
    assert.equal(locateProblem('/a/c.jsonl:12:5: x', '/a/b.jsonl'), null);
    assert.equal(locateProblem('/a/b.jsonl: no line', '/a/b.jsonl'), null);
  });
});
