// A run file whose last record was cut short (issue 29: after a disk-full or a SIGKILL in the
// middle of a 4 MB record, resume appended after the fragment and `report` failed on that file
// from then on). `run --resume` cuts the fragment off before appending and says how many bytes;
// without --resume the file is left byte for byte; a whole last line without its line end gets one,
// as before; `report` and `compare` read a file with a record cut short with a warning naming file
// and line. A full disk while appending (an injected ENOSPC after half a record) leaves the file
// ending with a whole record, stops the run, and names the file.
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBenchmark } from '../../../src/core/benchmark/registry';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { ModelProfile } from '../../../src/core/eval/types';
import { PROFILE_DEFAULTS } from '../../../src/core/eval/profiles';
import { resumeState, runIntoFile } from '../../../src/core/runs/batchRun';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { nodeRunFilesWith, RunFile } from '../../../src/cli/runs/runFiles';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const game = join(samplesDir, 'mango', 'lighthouse');
const oracle: ModelProfile = { id: 'oracle', provider: 'oracle', ...PROFILE_DEFAULTS };

function read(out: string) {
  const text = readFileSync(out, 'utf8');
  const parsed = parseRunRecords(text, out);
  const ids = parsed.records.map((record) => record.question.sampleId);
  return { text, ...parsed, ids, unique: new Set(ids).size };
}

describe('run file: a record cut short, a full disk', function () {
  let dir: string;
  let out: string;
  const run = (...extra: string[]) =>
    runWaypoint(['run', 'mango', game, '--agent', 'oracle', '--out', out, ...extra], dir);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-torn-'));
    mkdirSync(join(dir, '.waypoint'));
    out = join(dir, 'run.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('--resume cuts a record cut short off the end (and says so); without --resume the file is untouched', async function () {
    assert.equal((await run('--limit', '10')).code, 0);
    const whole = read(out);
    // The 11th record, killed after 700 of its bytes.
    const eleventh = (await run('--limit', '11', '--resume')).code;
    assert.equal(eleventh, 0);
    const lines = readFileSync(out, 'utf8').split('\n');
    const fragment = lines[10].slice(0, 700);
    writeFileSync(out, `${whole.text}${fragment}`);
    const before = readFileSync(out);

    const refused = await run('--limit', '20');
    assert.equal(refused.code, 2);
    assert.ok(readFileSync(out).equals(before), 'a refused run changes nothing');

    const resumed = await run('--limit', '20', '--resume', '--json');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(
      resumed.stderr,
      new RegExp(`run\\.jsonl: cut its last line, a record cut short \\(${Buffer.byteLength(fragment)} bytes;`),
    );
    assert.equal(JSON.parse(resumed.stdout).already_answered, 10);
    const after = read(out);
    assert.deepEqual([after.problems, after.torn], [[], []]);
    assert.ok(after.text.startsWith(whole.text), 'the records before the fragment stay byte for byte');
    assert.equal(after.ids.length, 20);
    assert.equal(after.unique, 20);
  });

  it('a whole last line without its line end gets one, as before', async function () {
    assert.equal((await run('--limit', '3')).code, 0);
    const text = readFileSync(out, 'utf8');
    writeFileSync(out, text.slice(0, -1));
    const resumed = await run('--limit', '5', '--resume');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.doesNotMatch(resumed.stderr, /cut/);
    const after = read(out);
    assert.ok(after.text.startsWith(text));
    assert.equal(after.unique, 5);
  });

  it('report and compare name a record cut short as a warning and report the rest; resume asks it again', async function () {
    assert.equal((await run('--limit', '6')).code, 0);
    const lines = readFileSync(out, 'utf8').split('\n');
    // An older version appended after a fragment: the record cut short sits in the middle.
    const cutAt = lines[2].indexOf('"rawAnswer"');
    writeFileSync(out, [...lines.slice(0, 2), lines[2].slice(0, cutAt), ...lines.slice(3)].join('\n'));
    const warning = new RegExp(`^warning: .*run\\.jsonl:3:${cutAt + 1}: a record cut short \\(${cutAt} bytes;`, 'm');

    const report = await runWaypoint(['report', out, '--json'], dir);
    assert.equal(report.code, 0, report.stderr);
    assert.match(report.stderr, warning);
    assert.equal(JSON.parse(report.stdout).records, 5);
    const compare = await runWaypoint(['compare', out, out, '--json'], dir);
    assert.equal(compare.code, 0, compare.stderr);
    assert.match(compare.stderr, warning);
    assert.equal(JSON.parse(compare.stdout).paired, 5);

    const resumed = await run('--limit', '6', '--resume', '--json');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /^skipped: .*run\.jsonl:3:\d+: a record cut short/m);
    assert.equal(JSON.parse(resumed.stdout).already_answered, 5);
    assert.equal(read(out).unique, 6);
  });

  it('a full disk in the middle of a record: the half written is taken back, the run stops, the file is named', async function () {
    const definition = findBenchmark('mango');
    const set = await definition?.questionSet?.([game], {}, nodeQuestionFiles);
    assert.ok(set);
    const questions = set.questions.slice(0, 40);
    let records = 0;
    let asked = 0;
    let full = false;
    const files = {
      ...nodeRunFilesWith(),
      openAppend: (path: string) =>
        new RunFile(path, undefined, (_fd, bytes, offset, length) => {
          // The fifth record: the disk takes half of it, then refuses the rest.
          if (full || (records === 4 && length === bytes.length)) {
            if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
            full = true;
            appendFileSync(path, bytes.subarray(offset, offset + Math.floor(length / 2)));
            return Math.floor(length / 2);
          }
          records++;
          appendFileSync(path, bytes.subarray(offset, offset + length));
          return length;
        }),
    };
    const state = resumeState(questions, oracle, 'faithful', null, out);
    await assert.rejects(
      runIntoFile(state, out, files, {
        profile: oracle,
        label: 'MANGO',
        cache: null,
        mode: 'faithful',
        seed: 0,
        concurrency: 2,
        signal: new AbortController().signal,
        onProgress: (progress) => {
          asked = Math.max(asked, progress.done);
        },
      }),
      (error: Error & { path?: string }) =>
        error.path === out && /^no space left on device while appending a record/.test(error.message),
    );
    const after = read(out);
    assert.ok(after.text.endsWith('\n'));
    assert.deepEqual([after.problems, after.torn, after.ids.length], [[], [], 4]);
    assert.equal(statSync(out).size, Buffer.byteLength(after.text));
    // No question is asked once the file cannot take its answer (at most those already in flight).
    assert.ok(asked <= 5 + 2, `${asked} questions answered`);
  });
});
