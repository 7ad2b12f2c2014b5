// The papers' figures: figureData's means, intervals and panels over report rows; figureSvg's
// standalone SVG (model ids are data: escaped); and `waypoint report --plots DIR` writing an SVG and
// a PNG a figure for the sample MANGO runs and the shared GRASP data, beside an unchanged report.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchmarkReport } from '../../../src/core/benchmark/registry';
import type { RunRecord } from '../../../src/core/eval/types';
import { figureSvg } from '../../../src/core/runs/figureSvg';
import { figureData } from '../../../src/core/runs/figures';
import type { ReportRow } from '../../../src/core/runs/report';
import { runWaypoint } from '../../support/cli';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../../support/paths';
import { mangoRecord } from './fixtures';

const row = (model: string, x: number | string | null, task: string, ok: number | null, cluster = 'g1'): ReportRow => ({
  record: mangoRecord({ model, game: 'g', n: 0 }) as RunRecord,
  fields: { x, task },
  metrics: { ok },
  cluster,
  valid: true,
  inMeans: true,
  answerable: true,
});

const report = { success: ['ok'], binary: [], clusterName: 'game' } as unknown as BenchmarkReport;
const lines = { title: 'Success by length', x: 'x', metric: 'ok', kind: 'lines', panel: 'task' } as const;

describe('figureData', () => {
  it('gives a panel per panel value, a series per model and a point per x, with the tables’ rules', () => {
    const rows = [
      row('m1', 1, 'rf', 1),
      row('m1', 1, 'rf', 0),
      row('m1', 2, 'rf', null), // a success metric without a value counts 0, as in the tables
      row('m2', 1, 'df', 1),
      row('m1', null, 'rf', 1), // no number on the axis: not on a line
      { ...row('m1', 3, 'rf', 1), inMeans: false }, // out of the means: out of the figure
    ];
    const figure = figureData('mango', report, rows, lines);
    assert.ok(figure);
    assert.equal(figure.name, 'mango-success-by-length');
    assert.equal(figure.kind, 'lines');
    assert.equal(figure.unitRange, true);
    assert.deepEqual(
      figure.panels.map((panel) => [panel.title, panel.series.map((series) => series.name)]),
      [
        ['df', ['m2']],
        ['rf', ['m1']],
      ],
    );
    const [one, two] = figure.panels[1].series[0].points;
    assert.deepEqual([one.x, one.mean, one.n], [1, 0.5, 2]);
    assert.deepEqual([two.x, two.mean, two.n, two.ci95], [2, 0, 1, null]);
    // Two values resampled: the interval spans what a resample can give, 0 to 1.
    assert.deepEqual(one.ci95, [0, 1]);
  });

  it('is null when no row has the metric, and bars by default', () => {
    assert.equal(figureData('mango', report, [row('m1', 1, 'rf', 1)], { ...lines, metric: 'other' }), null);
    const bars = figureData('mango', report, [row('m1', 'zork1', 'rf', 1)], {
      title: 'Per game',
      x: 'x',
      metric: 'ok',
    });
    assert.equal(bars?.kind, 'bars');
    assert.equal(bars?.panels.length, 1);
    assert.equal(bars?.panels[0].title, null);
  });
});

describe('figureSvg', () => {
  it('is a standalone SVG whose texts from the records are escaped, each mark titled with its numbers', () => {
    const rows = [row('<script>alert(1)</script>', 1, 'rf', 1), row('<script>alert(1)</script>', 2, 'rf', 0)];
    const svg = figureSvg(figureData('mango', report, rows, lines) as NonNullable<ReturnType<typeof figureData>>);
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    assert.ok(!svg.includes('<script>'), 'a model id is drawn as text, never markup');
    assert.ok(svg.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.match(svg, /<title>&lt;script&gt;alert\(1\)&lt;\/script&gt;, 1: 1\.000 \(n=1\)<\/title>/);
    assert.ok(svg.includes('bootstrap over games'));
  });

  it('shows a control character XML forbids as U+FFFD, so the SVG stays well-formed', () => {
    const rows = [row('model\u0007one', 1, 'rf', 1)];
    const svg = figureSvg(figureData('mango', report, rows, lines) as NonNullable<ReturnType<typeof figureData>>);
    assert.ok(!svg.includes('\u0007'));
    assert.ok(svg.includes('model\uFFFDone'));
  });
});

describe('waypoint report --plots DIR', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-plots-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each MANGO figure as SVG and PNG, and prints the same report as without it', async () => {
    const runs = ['oracle', 'random'].map((agent) => join(dir, `${agent}.jsonl`));
    for (const [index, agent] of ['oracle', 'random'].entries()) {
      const game = join(samplesDir, 'mango', 'lighthouse');
      const run = await runWaypoint(['run', 'mango', game, '--agent', agent, '--out', runs[index]], dir);
      assert.equal(run.code, 0, run.stderr);
    }
    const plain = await runWaypoint(['report', ...runs], dir);
    const plotted = await runWaypoint(['report', ...runs, '--plots', join(dir, 'figures')], dir);
    assert.equal(plotted.code, 0, plotted.stderr);
    assert.equal(plotted.stdout, plain.stdout);
    const files = readdirSync(join(dir, 'figures')).sort();
    assert.deepEqual(files, [
      'mango-success-rates-on-df-and-rf-questions-easy-and-hard.png',
      'mango-success-rates-on-df-and-rf-questions-easy-and-hard.svg',
      'mango-success-strict-by-path-length.png',
      'mango-success-strict-by-path-length.svg',
      'mango-success-strict-per-game-easy-and-hard.png',
      'mango-success-strict-per-game-easy-and-hard.svg',
    ]);
    const svg = readFileSync(join(dir, 'figures', 'mango-success-strict-by-path-length.svg'), 'utf8');
    for (const text of ['oracle', 'random', 'path length', '<polyline']) assert.ok(svg.includes(text), text);
    // The paper's Figure 2: a bar per model, easy and hard apart, DF and RF panels.
    const rates = readFileSync(
      join(dir, 'figures', 'mango-success-rates-on-df-and-rf-questions-easy-and-hard.svg'),
      'utf8',
    );
    for (const text of ['>df<', '>rf<', '>easy<', '>hard<', '>oracle<', '>random<'])
      assert.ok(rates.includes(text), text);
    const png = readFileSync(join(dir, 'figures', 'mango-success-strict-by-path-length.png'));
    assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
    assert.match(plotted.stderr, /mango-success-strict-by-path-length\.svg, \.png: Success \(strict\) by path length/);
  });

  it('draws GRASP’s energy per setting with a bar and a whisker per model from upstream’s own outputs', async function () {
    const grasp = join(sharedDataDir, 'grasp');
    if (!existsSync(join(grasp, 'results'))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const run = join(dir, 'grasp.jsonl');
    const imported = await runWaypoint(
      ['import', 'grasp', join(grasp, 'results'), '--grids', grasp, '--out', run, '--mode', 'paper'],
      dir,
    );
    // Exit 1: rows of grid files not in ../shared/data are error records; the rest are scored.
    assert.match(imported.stdout + imported.stderr, /records \(\d+ with error\) from 11 files/);
    const plotted = await runWaypoint(['report', run, '--plots', join(dir, 'grasp-figures')], dir);
    assert.equal(plotted.code, 0, plotted.stderr);
    const svg = readFileSync(join(dir, 'grasp-figures', 'grasp-energy-per-agent-setting.svg'), 'utf8');
    for (const text of [
      'gpt-4o-2024-05-13',
      'greedy',
      'μ2 (8 moves), no carry limit, cost 0.3',
      'bootstrap over files',
    ])
      assert.ok(svg.includes(text), text);
    // A whisker (the interval) beside each bar that has more than one record.
    assert.ok((svg.match(/<line [^>]*stroke="#222"/g) ?? []).length >= 30);
  });

  it('says so and fails when the folder cannot be made', async () => {
    const run = join(dir, 'oracle.jsonl');
    const blocked = join(dir, 'oracle.jsonl', 'figures');
    const result = await runWaypoint(['report', run, '--plots', blocked], dir);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /oracle\.jsonl\/figures: /);
  });
});
