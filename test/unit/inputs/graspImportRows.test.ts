// `import grasp` drops no row: a row it cannot read (not JSON, not an object, no readable
// custom_id such as `../../x.jsonl-0-0-0-0`, not a baseline row) becomes a record with `error`,
// named by its place (`<file>:<line>`), that Waypoint's own reader and `report` read back; it was a
// stderr line and no record (issue 29: "writes no error record for an unreadable custom_id"). Its
// question is the envelope of an unreadable row (core/eval/unreadableRow.ts), which report and
// compare read without asking GRASP's hooks (issue 27: no placeholder question file).
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Records are read back through the registry, as report reads them.
import '../../../src/core/benchmarks';
import { importGraspRows, type GraspImportOptions } from '../../../src/core/benchmarks/grasp/importRows';
import { loadGraspGrids } from '../../../src/core/benchmarks/grasp/questionSet';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { QuestionBase, RunRecord } from '../../../src/core/eval/types';
import { compareRuns } from '../../../src/core/runs/compare';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildReport } from '../../../src/core/runs/report';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const GRID = 'inner_cluster_free.jsonl';
const sampleRow = () =>
  JSON.parse(
    readFileSync(join(samplesDir, 'grasp', 'results', 'waypoint_sample_output.jsonl'), 'utf8').split('\n')[0],
  ) as { custom_id: string; response: string };

/** One readable o1-mini row, then one unreadable row of each kind (lines 2 to 6). */
function hostileRows(): string {
  const good = sampleRow();
  const { custom_id: _dropped, ...noId } = good;
  return `${[
    JSON.stringify(good),
    JSON.stringify({ ...good, custom_id: '../../x.jsonl-0-0-0-0' }),
    JSON.stringify({ ...good, custom_id: 'nonsense' }),
    JSON.stringify(noId),
    '{"custom_id": "inner_cluster_free.jsonl-0-0-0-0", "response": ',
    '[1, 2]',
  ].join('\n')}\n`;
}

const options: GraspImportOptions = {
  mode: 'faithful',
  rule: 'recommended',
  indices: null,
  runId: 'import-test',
  time: '2026-12-01T00:00:00.000Z',
};

async function imported(
  text: string,
  path: string,
  kind: 'responses' | 'baseline',
): Promise<RunRecord<QuestionBase>[]> {
  const grids = await loadGraspGrids(
    [join(samplesDir, 'grasp', GRID)],
    { readText: async (file) => readFileSync(file, 'utf8'), list: async () => null },
    { quick: true },
  );
  const records: RunRecord<QuestionBase>[] = [];
  const result = importGraspRows(text, path, kind, grids.byName, options, 0, (record) => records.push(record));
  assert.deepEqual(result.problems, [], 'unreadable rows are records, not problems');
  return records;
}

describe('import grasp: every unreadable row is an error record', function () {
  it('writes one record per non-blank line, each unreadable one an error named by its line', async function () {
    const records = await imported(hostileRows(), 'out/o1mini_output.jsonl', 'responses');
    assert.equal(records.length, 6);
    assert.equal(records[0].error, undefined);
    // The question is the envelope alone: no grid file, index or settings are guessed.
    assert.deepEqual(
      records.slice(1).map((record) => [record.question, record.error]),
      [
        [
          { benchmark: 'grasp', sampleId: 'out/o1mini_output.jsonl:2', unreadable: true },
          'no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored',
        ],
        [
          { benchmark: 'grasp', sampleId: 'out/o1mini_output.jsonl:3', unreadable: true },
          'no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored',
        ],
        [
          { benchmark: 'grasp', sampleId: 'out/o1mini_output.jsonl:4', unreadable: true },
          'no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored',
        ],
        [
          { benchmark: 'grasp', sampleId: 'out/o1mini_output.jsonl:5', unreadable: true },
          'the row is not JSON (`waypoint validate` locates the problem); it is not scored',
        ],
        [
          { benchmark: 'grasp', sampleId: 'out/o1mini_output.jsonl:6', unreadable: true },
          'the row is not a JSON object; it is not scored',
        ],
      ],
    );
    // The answer given is kept, and the model is the one the row would have had (an o1-mini file's stem).
    assert.equal(records[1].rawAnswer, sampleRow().response);
    assert.ok(records.every((record) => record.model.id === 'o1mini_output'));
    // The climbing name is in no field a reader would open as a path.
    assert.ok(!JSON.stringify(records[1]).includes('../../x.jsonl'));
  });

  it('makes records report and compare read back, each an error grouped under no setting', async function () {
    const records = await imported(hostileRows(), 'o1mini_output.jsonl', 'responses');
    const text = records.map((record) => JSON.stringify(record)).join('\n');
    const read = parseRunRecords(text, 'run.jsonl');
    assert.deepEqual(read.problems, []);
    assert.equal(read.records.length, 6);
    assert.deepEqual(read.records[1].question, records[1].question, 'the envelope reads back as written');
    const set = mergeRunFiles([{ file: 'run.jsonl', records: read.records }]);
    const { json } = buildReport(set, { by: 'setting' });
    assert.equal(json.records, 6);
    assert.equal(json.errors, 5);
    // The five unreadable rows are one group with no setting, all errors; the readable one has its setting.
    const unset = json.groups.find((group) => group.key.setting === null);
    assert.ok(unset, JSON.stringify(json.groups.map((group) => group.key)));
    assert.equal(unset.n, 5);
    assert.equal(unset.errors, 5);
    const compared = compareRuns(set, set);
    assert.deepEqual(compared.errors, { a: 5, b: 5 });
    assert.equal(compared.dropped.errors, 5);
    assert.equal(compared.paired, 1);
  });

  it("refuses an unreadable row's record that does not say why in error (it would count as an answer)", async function () {
    const [, record] = await imported(hostileRows(), 'o1mini_output.jsonl', 'responses');
    const { error: _why, ...silent } = record;
    const read = parseRunRecords(JSON.stringify(silent), 'run.jsonl');
    assert.equal(read.records.length, 0);
    assert.match(read.problems.join('\n'), /unreadable row must say why in "error"/);
  });

  it('turns an unreadable baseline row into an error record of its baseline', async function () {
    const text = `${JSON.stringify({ baseline: 'greedy', index: 'zero', answer: ['UP'] })}\n`;
    const [record] = await imported(text, `greedy_results/${GRID}`, 'baseline');
    assert.equal(record.model.id, 'greedy');
    assert.equal(record.question.sampleId, `greedy_results/${GRID}:1`);
    assert.match(record.error ?? '', /^not a baseline row /);
    assert.equal(record.rawAnswer, '["UP"]');
  });

  it('the CLI writes them, says each reason once per file, exits 1, and report counts them', async function () {
    const dir = mkdtempSync(join(tmpdir(), 'waypoint-import-rows-'));
    try {
      writeFileSync(join(dir, 'hostile_output.jsonl'), hostileRows());
      const result = await runWaypoint(
        [
          'import',
          'grasp',
          'hostile_output.jsonl',
          '--grids',
          join(samplesDir, 'grasp'),
          '--out',
          'run.jsonl',
          '--json',
        ],
        dir,
      );
      assert.equal(result.code, 1, result.stderr);
      assert.equal(JSON.parse(result.stdout).records, 6);
      assert.equal(JSON.parse(result.stdout).errors, 5);
      assert.deepEqual(result.stderr.trimEnd().split('\n'), [
        'hostile_output.jsonl:2: no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored (3 rows of this file; the first is here)',
        'hostile_output.jsonl:5: the row is not JSON (`waypoint validate` locates the problem); it is not scored',
        'hostile_output.jsonl:6: the row is not a JSON object; it is not scored',
      ]);
      const report = await runWaypoint(['report', 'run.jsonl', '--json'], dir);
      assert.equal(report.code, 0, report.stderr);
      assert.equal(JSON.parse(report.stdout).records, 6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
