// The paper's Table 1 from upstream's released files through `waypoint import grasp --mode paper`
// (runs.md §4). On the shared data (4 of the 20 grid files), the means equal those of an
// independent Python implementation of the paper rule (bench-free transcription, run once; its
// numbers are below). With the whole release (WAYPOINT_GRASP_UPSTREAM_DATA = upstream's `data`
// folder, holding grids/ and results/), every Random Walk, Greedy Search and GPT-3.5 row of the
// paper's Table 1 is reproduced to the paper's rounding (GPT-3.5 with the every-word rule).
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runImport } from '../../../src/cli/runs/import';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import type { GraspQuestion } from '../../../src/core/benchmarks/grasp/questionSchema';
import { graspDataDir, graspDataMissing } from './support';

async function importGrasp(...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runImport(
    ['grasp', ...argv],
    (text) => stdout.push(text),
    (text) => stderr.push(text),
  );
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

type Row = [group: string, length: number, energy: number];

/** The paper's Table 1 row keys for a record: distribution, obstacle, start, moves, carry, cost, and the average. */
function keysOf(question: GraspQuestion): string[] {
  const [start, distribution, obstacle] = question.file.replace(/\.jsonl$/, '').split('_');
  return [
    `dist ${distribution}`,
    `obs ${obstacle}`,
    `start ${start}`,
    `moves ${question.settings.moves}`,
    `carry ${question.settings.carryLimit}`,
    `cost ${question.settings.stepCost}`,
    'all',
  ];
}

/** Mean `length` and `score` per model and row key, computed directly from the records. */
function means(records: readonly RunRecord[]): Map<string, { length: number; energy: number; n: number }> {
  const sums = new Map<string, { length: number; energy: number; n: number }>();
  for (const record of records) {
    assert.equal(record.error, undefined, record.error);
    for (const key of keysOf(record.question as GraspQuestion)) {
      const name = `${record.model.id} | ${key}`;
      const sum = sums.get(name) ?? { length: 0, energy: 0, n: 0 };
      sum.length += record.scores.length as number;
      sum.energy += record.scores.score as number;
      sum.n += 1;
      sums.set(name, sum);
    }
  }
  return new Map(
    [...sums].map(([name, sum]) => [name, { length: sum.length / sum.n, energy: sum.energy / sum.n, n: sum.n }]),
  );
}

async function importedRecords(args: string[]): Promise<RunRecord[]> {
  const out = join(mkdtempSync(join(tmpdir(), 'waypoint-table1-')), 'run.jsonl');
  const result = await importGrasp(...args, '--mode', 'paper', '--out', out);
  assert.equal(result.code, 0, result.stderr);
  const { records, problems } = parseRunRecords(readFileSync(out, 'utf8'), out);
  assert.deepEqual(problems, []);
  for (const record of records) assert.equal(record.mode, 'paper');
  return records;
}

// From the Python implementation of the paper rule over the shared files, indices 0-9 (320 rows per baseline).
const SHARED: Array<[string, Row[]]> = [
  [
    'greedy',
    [
      ['all', 18.703125, 0.3484375],
      ['carry none', 18.65, 1.49625],
      ['carry 2', 18.75625, -0.799375],
      ['cost 0', 18.6875, 3.1125],
      ['cost 0.3', 18.71875, -2.415625],
      ['dist cluster', 18.575, 0.2725],
      ['dist random', 18.7625, 0.68125],
      ['dist spiral', 18.8, 0.27375],
      ['dist upDown', 18.675, 0.16625],
      ['moves 4', 18.58125, 0.79],
      ['moves 8', 18.825, -0.093125],
      ['obs block', 18.6875, 0.273125],
      ['obs free', 18.71875, 0.42375],
      ['start inner', 18.78125, 0.4775],
      ['start outer', 18.625, 0.219375],
    ],
  ],
  [
    'random',
    [
      ['all', 19, -1.059375],
      ['carry none', 19, -0.8],
      ['carry 2', 19, -1.31875],
      ['cost 0', 19, 1.75625],
      ['cost 0.3', 19, -3.875],
      ['dist cluster', 19, -1.4125],
      ['dist random', 19, -0.65],
      ['dist spiral', 19, -1.2375],
      ['dist upDown', 19, -0.9375],
      ['moves 4', 19, -1.13125],
      ['moves 8', 19, -0.9875],
      ['obs block', 19, -1.325],
      ['obs free', 19, -0.79375],
      ['start inner', 19, -0.94375],
      ['start outer', 19, -1.175],
    ],
  ],
];

// The paper's Table 1 (arXiv v2): Length, Energy per row, for the agents reproduced from released files.
const ROWS = [
  'dist random',
  'dist upDown',
  'dist leftRight',
  'dist cluster',
  'dist spiral',
  'obs block',
  'obs free',
  'start inner',
  'start outer',
  'moves 4',
  'moves 8',
  'carry none',
  'carry 2',
  'cost 0',
  'cost 0.3',
  'all',
];
const PAPER: Record<string, Array<[number, number]>> = {
  random: [
    [19.0, -0.8],
    [19.0, -0.98],
    [19.0, -0.97],
    [19.0, -1.6],
    [19.0, -1.38],
    [19.0, -1.18],
    [19.0, -1.11],
    [19.0, -1.06],
    [19.0, -1.23],
    [19.0, -1.21],
    [19.0, -1.08],
    [19.0, -0.89],
    [19.0, -1.4],
    [19.0, 1.68],
    [19.0, -3.97],
    [19.0, -1.14],
  ],
  greedy: [
    [18.8, 0.37],
    [18.7, 0.33],
    [18.6, 0.47],
    [18.8, 0.37],
    [18.7, 0.2],
    [18.7, 0.31],
    [18.7, 0.39],
    [18.7, 0.46],
    [18.7, 0.23],
    [18.5, 0.8],
    [18.9, -0.1],
    [18.7, 1.5],
    [18.7, -0.81],
    [18.7, 3.14],
    [18.7, -2.44],
    [18.7, 0.35],
  ],
  'gpt-3.5-turbo-0125': [
    [19.7, -1.96],
    [19.6, -1.66],
    [19.7, -2.11],
    [18.6, -2.07],
    [19.4, -2.32],
    [19.3, -2.08],
    [19.5, -1.97],
    [19.4, -1.9],
    [19.4, -2.14],
    [19.1, -1.89],
    [19.7, -2.15],
    [19.8, -2.0],
    [19.0, -2.05],
    [19.4, 1.25],
    [19.4, -5.3],
    [19.4, -2.02],
  ],
};

/** The paper rounds half up to its printed digits; equal within half a unit of the last digit. */
function assertRounds(ours: number, paper: number, digits: number, what: string): void {
  assert.ok(
    Math.abs(ours - paper) <= 0.5 * 10 ** -digits + 1e-9,
    `${what}: ours ${ours.toFixed(digits + 2)}, paper ${paper}`,
  );
}

describe('GRASP paper mode reproduces Table 1 (import grasp --mode paper)', function () {
  it('the shared baseline files, indices 0-9: the paper rule as an independent implementation computes it', async function () {
    if (!existsSync(join(graspDataDir, 'results', 'greedy_results'))) {
      console.log(`      skipped: ${graspDataMissing}`);
      this.skip();
    }
    const records = await importedRecords([
      join(graspDataDir, 'results', 'greedy_results'),
      join(graspDataDir, 'results', 'random_results'),
      '--grids',
      graspDataDir,
      '--indices',
      '0-9',
    ]);
    assert.equal(records.length, 640);
    const ours = means(records);
    for (const [model, rows] of SHARED) {
      for (const [group, length, energy] of rows) {
        const mean = ours.get(`${model} | ${group}`);
        assert.ok(mean, `${model} ${group}`);
        assert.ok(
          Math.abs(mean.length - length) < 1e-9 && Math.abs(mean.energy - energy) < 1e-9,
          `${model} ${group}: ${mean.length} ${mean.energy}, expected ${length} ${energy}`,
        );
      }
    }
    // Every record states its mode and extraction rule, and the baseline name is the model.
    for (const record of records) {
      assert.match(String(record.scores.extraction_rule), /non-official/i);
      assert.ok(record.model.id === 'greedy' || record.model.id === 'random');
      assert.equal(record.model.provider, 'imported');
    }
  });

  it('the whole release: every Random Walk, Greedy Search and GPT-3.5 row of the paper', async function () {
    const upstream = process.env.WAYPOINT_GRASP_UPSTREAM_DATA;
    // The shared data holds 4 of the 20 grid files; the paper's rows average all 20.
    if (!upstream || !existsSync(join(upstream, 'grids'))) {
      console.log(
        "      skipped: set WAYPOINT_GRASP_UPSTREAM_DATA to upstream's data folder (grids/, results/); the shared data holds 4 of its 20 grid files",
      );
      this.skip();
    }
    const baselines = await importedRecords([
      join(upstream, 'results', 'greedy_results'),
      join(upstream, 'results', 'random_results'),
      '--grids',
      join(upstream, 'grids'),
      '--indices',
      '0-9',
    ]);
    const gpt35 = await importedRecords([
      join(upstream, 'results', 'batch_gpt35_output.jsonl'),
      '--grids',
      join(upstream, 'grids'),
      '--extraction',
      'every-word',
    ]);
    const ours = means([...baselines, ...gpt35]);
    for (const [model, values] of Object.entries(PAPER)) {
      ROWS.forEach((row, index) => {
        const mean = ours.get(`${model} | ${row}`);
        assert.ok(mean, `${model} ${row}`);
        assertRounds(mean.length, values[index][0], 1, `${model} ${row} length`);
        assertRounds(mean.energy, values[index][1], 2, `${model} ${row} energy`);
      });
    }
  });
});
