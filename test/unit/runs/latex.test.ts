// `report --latex`: booktabs tables pivoted as a benchmark's paper layout declares, LaTeX's
// special characters in model ids and labels escaped, numbers in the one form (numbers.ts).
import { strict as assert } from 'node:assert';
import { escapeLatex, paperTableBy, reportLatex } from '../../../src/core/runs/latex';
import type { ReportGroup, ReportJson } from '../../../src/core/runs/reportTypes';
import { mangoReport } from '../../../src/core/benchmarks/mango/report';

function group(key: ReportGroup['key'], mean: number, ci95: [number, number] | null): ReportGroup {
  return {
    key,
    n: 4,
    valid: 4,
    errors: 0,
    clusters: 2,
    metrics: { success_strict: { mean, ci95, n: 4 } },
    truncated: 0,
    context_truncated: 0,
    cost_usd: 0,
    cost_unknown: 0,
  };
}

const json = (groups: ReportGroup[], by: string[]) =>
  ({
    benchmark: 'mango',
    records: 16,
    by,
    groups,
    bootstrap: { seed: 1, resamples: 2000, cluster: 'game', interval: 'percentile' },
  }) as unknown as ReportJson;

describe('report --latex', () => {
  it('escapes what LaTeX gives a meaning, and the non-ASCII signs labels use', () => {
    assert.equal(
      escapeLatex('a_b & 50% $x #1 {y} ~z ^w \\q'),
      'a\\_b \\& 50\\% \\$x \\#1 \\{y\\} \\textasciitilde{}z \\textasciicircum{}w \\textbackslash{}q',
    );
    assert.equal(escapeLatex('DF west → kitchen · μ2 − 1'), 'DF west $\\rightarrow$ kitchen $\\cdot$ $\\mu$2 $-$ 1');
  });

  it('pivots MANGO into DF/RF × easy/hard under spanning heads, booktabs rules, one number form', () => {
    const table = mangoReport.paperTables?.[0];
    assert.ok(table);
    assert.equal(paperTableBy(table), 'model,task,difficulty');
    const groups = [
      group({ model: 'gpt_4o&co', task: 'rf', difficulty: 'easy' }, 0.5, [0.25, 0.75]),
      group({ model: 'gpt_4o&co', task: 'df', difficulty: 'hard' }, 19.2125, null),
      group({ model: 'gpt_4o&co', task: 'df', difficulty: 'easy' }, 1, [1, 1]),
      group({ model: 'oracle', task: 'rf', difficulty: 'hard' }, -0.25, [-1.5, 0]),
    ];
    const lines = reportLatex(json(groups, ['model', 'task', 'difficulty']), table).split('\n');
    assert.equal(lines[0], '\\begin{table}[ht]');
    assert.ok(lines.includes('\\toprule') && lines.includes('\\midrule') && lines.includes('\\bottomrule'));
    assert.ok(lines.includes('\\begin{tabular}{lrrrr}'));
    // Each task's two columns together (tasks and difficulties in the order they first come), never a split head.
    assert.equal(lines[5], ' & \\multicolumn{2}{c}{rf} & \\multicolumn{2}{c}{df} \\\\');
    assert.equal(lines[6], '\\cmidrule(lr){2-3} \\cmidrule(lr){4-5}');
    assert.equal(
      lines[7],
      'model & \\multicolumn{1}{c}{easy} & \\multicolumn{1}{c}{hard} & \\multicolumn{1}{c}{easy} & \\multicolumn{1}{c}{hard} \\\\',
    );
    assert.equal(
      lines[9],
      'gpt\\_4o\\&co & 0.500 {\\scriptsize [0.250, 0.750]} & -- & 1.000 {\\scriptsize [1.000, 1.000]} & 19.212 \\\\',
    );
    assert.equal(lines[10], 'oracle & -- & $-$0.250 {\\scriptsize [$-$1.500, 0.000]} & -- & -- \\\\');
    // Braces balance, so the table compiles as far as grouping goes.
    const text = lines.join('\n').replace(/\\[{}]/g, '');
    assert.equal((text.match(/\{/g) ?? []).length, (text.match(/\}/g) ?? []).length);
  });

  it('splits a table per value of its split field, and without a layout lists the groups', () => {
    const groups = [
      group({ model: 'm', task: 'plan', level: 'L1' }, 0.25, null),
      group({ model: 'm', task: 'predict', level: 'L1' }, 0.75, null),
    ];
    const split = reportLatex(json(groups, ['model', 'level', 'task']), {
      caption: 'Results per level',
      rows: ['level'],
      columns: ['model'],
      metrics: ['success_strict', 'cr'],
      split: 'task',
    });
    assert.equal((split.match(/\\begin\{table\}/g) ?? []).length, 2);
    assert.match(split, /\\caption\{task plan: Results per level\./);
    // A metric no group has gets no column.
    assert.ok(!split.includes('cr &') && !split.includes('& cr'));
    const plain = reportLatex(json(groups, ['model', 'level', 'task']));
    assert.match(plain, /model & level & task & success\\_strict \\\\/);
    assert.match(plain, /m & L1 & predict & 0\.750 \\\\/);
  });
});
