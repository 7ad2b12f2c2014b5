// plotData: the mean of a metric per (x value, bar) over report rows, x values sorted as keys sort
// (numbers, then text, null last), bars in first-seen order, a success metric's missing value as 0
// and another metric's missing value left out; 1 and '1' are different x values.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import type { RunRecord } from '../../../src/core/eval/types';
import type { BenchmarkReport } from '../../../src/core/benchmark/registry';
import { plotData } from '../../../src/core/runs/plots';
import type { ReportRow } from '../../../src/core/runs/report';
import { mangoRecord } from './fixtures';

const row = (
  model: string,
  x: string | number | null,
  metrics: Record<string, number | null>,
  series = 'a',
): ReportRow => ({
  record: mangoRecord({ model, game: 'g', n: 0 }) as RunRecord,
  fields: { x, s: series },
  metrics,
  cluster: 'c',
  answerable: true,
  valid: true,
  inMeans: true,
});

describe('plotData', () => {
  const report = { success: ['ok'] } as unknown as BenchmarkReport;

  it('averages per x and bar, with the report rules for missing values', () => {
    const rows = [
      row('m2', 2, { ok: 1, len: 4 }),
      row('m1', 2, { ok: null, len: null }),
      row('m1', 1, { ok: 1, len: 2 }),
      row('m1', '1', { ok: 0 }),
      row('m2', null, { ok: 1 }),
      row('m1', 2, { ok: 1, len: 6 }),
    ];
    assert.deepEqual(plotData(report, rows, { title: 't', x: 'x', metric: 'ok' }), {
      title: 't',
      x: 'x',
      metric: 'ok',
      xs: [1, 2, '1', null],
      bars: ['m2', 'm1'],
      cells: [
        [0, 1, 1, 1],
        [1, 0, 1, 1],
        [1, 1, 0.5, 2],
        [2, 1, 0, 1],
        [3, 0, 1, 1],
      ],
    });
    const length = plotData(report, rows, { title: 't', x: 'x', metric: 'len' });
    assert.deepEqual(
      length.cells,
      [
        [0, 1, 2, 1],
        [1, 0, 4, 1],
        [1, 1, 6, 1],
      ],
      'a missing length is left out, not 0',
    );
  });

  it('splits bars by a series field', () => {
    const rows = [row('m', 1, { ok: 1 }, 'easy'), row('m', 1, { ok: 0 }, 'hard'), row('m', 1, { ok: 1 }, 'easy')];
    const data = plotData(report, rows, { title: 't', x: 'x', metric: 'ok', series: 's' });
    assert.deepEqual(data.bars, ['m · easy', 'm · hard']);
    assert.deepEqual(data.cells, [
      [0, 0, 1, 2],
      [0, 1, 0, 1],
    ]);
  });
});
