// `import grasp` drops no row: a row it cannot read (not JSON, not an object, no readable
// custom_id such as `../../x.jsonl-0-0-0-0`, not a baseline row) becomes a record with `error`,
// named by its place (`<file>:<line>`), that Waypoint's own reader and `report` read back; it was a
// stderr line and no record (issue 29: "writes no error record for an unreadable custom_id").
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Records are read back through the registry, as report reads them.
import '../../../src/core/benchmarks';
import { importGraspRows, type GraspImportOptions } from '../../../src/core/benchmarks/grasp/importRows';
import type { GraspQuestion } from '../../../src/core/benchmarks/grasp/questionSchema';
import { loadGraspGrids } from '../../../src/core/benchmarks/grasp/questionSet';
import { graspReport } from '../../../src/core/benchmarks/grasp/report';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
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
): Promise<RunRecord<GraspQuestion>[]> {
  const grids = await loadGraspGrids(
    [join(samplesDir, 'grasp', GRID)],
    { readText: async (file) => readFileSync(file, 'utf8'), list: async () => null },
    { quick: true },
  );
  const records: RunRecord<GraspQuestion>[] = [];
  const result = importGraspRows(text, path, kind, grids.byName, options, 0, (record) => records.push(record));
  assert.deepEqual(result.problems, [], 'unreadable rows are records, not problems');
  return records;
}

describe('import grasp: every unreadable row is an error record', function () {
  it('writes one record per non-blank line, each unreadable one an error named by its line', async function () {
    const records = await imported(hostileRows(), 'out/o1mini_output.jsonl', 'responses');
    assert.equal(records.length, 6);
    assert.equal(records[0].error, undefined);
    assert.deepEqual(
      records.slice(1).map((record) => [record.question.sampleId, record.question.file, record.error]),
      [
        [
          'out/o1mini_output.jsonl:2',
          '',
          'no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored',
        ],
        [
          'out/o1mini_output.jsonl:3',
          '',
          'no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored',
        ],
        [
          'out/o1mini_output.jsonl:4',
          '',
          'no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored',
        ],
        [
          'out/o1mini_output.jsonl:5',
          '',
          'the row is not JSON (`waypoint validate` locates the problem); it is not scored',
        ],
        ['out/o1mini_output.jsonl:6', '', 'the row is not a JSON object; it is not scored'],
      ],
    );
    // The answer given is kept, and the model is the one the row would have had (an o1-mini file's stem).
    assert.equal(records[1].rawAnswer, sampleRow().response);
    assert.ok(records.every((record) => record.model.id === 'o1mini_output'));
    // The climbing name is in no field a reader would open as a path.
    assert.ok(!JSON.stringify(records[1]).includes('../../x.jsonl'));
  });

  it('makes records Waypoint reads back, grouped under no setting', async function () {
    const records = await imported(hostileRows(), 'o1mini_output.jsonl', 'responses');
    const text = records.map((record) => JSON.stringify(record)).join('\n');
    const read = parseRunRecords(text, 'run.jsonl');
    assert.deepEqual(read.problems, []);
    assert.equal(read.records.length, 6);
    const fields = graspReport.fields(records[1]);
    assert.ok(
      Object.values(fields).every((value) => value === null),
      JSON.stringify(fields),
    );
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
