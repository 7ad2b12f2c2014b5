// The results view's model in core: the report it carries is buildReport's, its rows are the
// records in order with interned strings, and two runs of one model stay two comparable series.
import { strict as assert } from 'node:assert';
import '../../../src/core/benchmarks';
import { mergeRunFiles, separateRunsOfOneModel } from '../../../src/core/runs/records';
import { buildReport } from '../../../src/core/runs/report';
import { buildResultsModel, compareModels, recordDetail } from '../../../src/core/runs/resultsModel';
import { mangoRecord } from './fixtures';

describe('results view model (core)', () => {
  const games = ['zork1', 'detective'];
  const run = (model: string, right: (n: number) => boolean) =>
    Array.from({ length: 20 }, (_, n) =>
      mangoRecord({
        model,
        game: games[n % 2],
        n,
        strict: right(n) ? 1 : 0,
        diagnostics: right(n) ? [] : ['mango-answer/hallucinated-edge'],
      }),
    );

  it('carries waypoint report --json, and one interned row per record', () => {
    const set = mergeRunFiles([
      { file: 'a.jsonl', records: [...run('alpha', (n) => n % 2 === 0), ...run('beta', (n) => n % 3 === 0)] },
    ]);
    const { model, rows } = buildResultsModel(set, ['a.jsonl'], 'A');
    assert.deepEqual(model.report, buildReport(set).json);
    assert.deepEqual(model.models, ['alpha', 'beta']);
    assert.equal(model.primary, 'success_strict');
    assert.equal(model.rows.length, 40);
    const strict = model.metrics.indexOf('success_strict');
    model.rows.forEach((row, index) => {
      assert.equal(model.strings[row.m], rows[index].record.model.id);
      assert.equal(row.q, rows[index].record.question.sampleId);
      assert.equal(row.v[strict], rows[index].metrics.success_strict);
      assert.deepEqual(
        (row.d ?? []).map((code) => model.strings[code]),
        rows[index].record.diagnostics?.length ? ['mango-answer/hallucinated-edge'] : [],
      );
    });
  });

  it('marks records answered from a cut, leaves them out of the overall means, and includes them when asked (as --include-truncated)', () => {
    const records = run('alpha', () => true);
    records[3] = {
      ...records[3],
      truncated: true,
      finish_reason: 'length',
      scores: { ...records[3].scores, success_strict: 0 },
    };
    records[4] = { ...records[4], context_truncated: true, scores: { ...records[4].scores, success_strict: 0 } };
    const set = mergeRunFiles([{ file: 'a.jsonl', records }]);
    const excluded = buildResultsModel(set, ['a.jsonl'], 'A');
    assert.deepEqual(excluded.model.report, buildReport(set).json);
    assert.equal(excluded.model.report.truncated_treatment, 'excluded');
    assert.deepEqual(
      excluded.model.rows.flatMap((row, index) => (row.cut ? [index] : [])),
      [3, 4],
    );
    assert.deepEqual(
      [excluded.model.overall[0].metrics.success_strict.mean, excluded.model.overall[0].metrics.success_strict.n],
      [1, 18],
    );
    assert.deepEqual([excluded.model.overall[0].truncated, excluded.model.overall[0].context_truncated], [1, 1]);
    assert.equal(recordDetail(excluded.rows[3]).inMeans, false);
    assert.equal(recordDetail(excluded.rows[3]).truncated, true);
    assert.equal(recordDetail(excluded.rows[4]).context_truncated, true);
    const included = buildResultsModel(set, ['a.jsonl'], 'A', { includeTruncated: true });
    assert.deepEqual(included.model.report, buildReport(set, { includeTruncated: true }).json);
    assert.equal(included.model.report.truncated_treatment, 'included');
    assert.deepEqual(
      [included.model.overall[0].metrics.success_strict.mean, included.model.overall[0].metrics.success_strict.n],
      [18 / 20, 20],
    );
    assert.equal(recordDetail(included.rows[3]).inMeans, true);
    // The plots follow the same treatment.
    const cells = (built: typeof included) =>
      built.model.plots.flatMap((plot) => plot.cells.map((cell) => cell[3])).reduce((sum, n) => sum + n, 0);
    assert.equal(cells(included) - cells(excluded), 2 * included.model.plots.length);
  });

  it('keeps two runs of one model apart, named by file, so they compare', () => {
    const files = [
      { file: '/runs/gpt-zero-shot.jsonl', records: run('gpt', (n) => n < 5) },
      { file: '/runs/gpt-few-shot.jsonl', records: run('gpt', (n) => n < 15) },
    ];
    // Merged as they are, the second run supersedes the first.
    assert.equal(mergeRunFiles(files).records.length, 20);
    const separated = separateRunsOfOneModel(files, (file) => file.replace(/^.*\/|\.jsonl$/g, ''));
    const set = mergeRunFiles(separated);
    assert.equal(set.records.length, 40);
    const { model } = buildResultsModel(
      set,
      files.map((entry) => entry.file),
      'two runs',
    );
    assert.deepEqual(model.models, ['gpt · gpt-zero-shot', 'gpt · gpt-few-shot']);
    const compared = compareModels(set, 'gpt · gpt-zero-shot', 'gpt · gpt-few-shot');
    assert.equal(compared.paired, 20);
    assert.deepEqual(compared.metrics.success_strict.discordant, { a_only: 0, b_only: 10 });
    assert.equal(compared.flips.length, 10);
    // The files are not changed, and files where each model is in one file come back as they are.
    assert.equal(files[0].records[0].model.id, 'gpt');
    const distinct = [
      { file: 'a', records: run('a', () => true) },
      { file: 'b', records: run('b', () => true) },
    ];
    assert.equal(separateRunsOfOneModel(distinct, (file) => file)[1].records[3], distinct[1].records[3]);
  });
});
