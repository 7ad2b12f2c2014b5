// Every metric a built-in benchmark reports declares which way is better, next to its name in
// core/<b>/report.ts, and `waypoint report --json`, `waypoint compare` (JSON and text) and the
// results view's model all say it: a significant rise in parse_error favours A, never B.
import { strict as assert } from 'node:assert';
import { benchmarks, registerBenchmark } from '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import type { BenchmarkReport } from '../../../src/core/benchmark/registry';
import { compareRuns } from '../../../src/core/runs/compare';
import { compareMarkdown, compareText } from '../../../src/core/runs/format';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildReport } from '../../../src/core/runs/report';
import { buildResultsModel } from '../../../src/core/runs/resultsModel';
import { jsonl, mangoRecord } from './fixtures';

const setOf = (records: RunRecord[], file: string) =>
  mergeRunFiles([{ file, records: parseRunRecords(jsonl(records), file).records }]);

/** The directions as the papers read their tables (independent of the declarations under test). */
const EXPECTED: Record<string, Record<string, 'higher' | 'lower' | null>> = {
  mango: {
    success_strict: 'higher',
    success_loose: 'higher',
    reasoning: 'higher',
    parse_error: 'lower',
    precision: 'higher',
    recall: 'higher',
    f1: 'higher',
  },
  babyai: { success: 'higher', cr: 'higher', pr: 'higher', aci: 'higher' },
  grasp: { energy: 'higher', length: null },
  smartplay: { score: 'higher', normalized_score: 'higher' },
};

describe('metric directions', () => {
  it('every metric of every built-in benchmark declares its better direction (or an explicit none)', () => {
    const reported = benchmarks().filter((definition) => definition.report);
    assert.deepEqual(reported.map((definition) => definition.id).sort(), Object.keys(EXPECTED).sort());
    for (const definition of reported) {
      const report = definition.report as BenchmarkReport;
      // Declared exactly for the metrics reported, in their display order, each higher, lower or null.
      assert.deepEqual(Object.keys(report.better), [...report.metricNames], definition.id);
      for (const name of report.metricNames)
        assert.ok(
          ['higher', 'lower', null].includes(report.better[name]),
          `${definition.id} ${name}: ${report.better[name]}`,
        );
      assert.deepEqual({ ...report.better }, EXPECTED[definition.id], definition.id);
      // Success rates (a missing answer counts 0) are higher-better by their nature.
      for (const name of report.success) assert.equal(report.better[name], 'higher', `${definition.id} ${name}`);
    }
    assert.equal(benchmarks().find((definition) => definition.id === 'mango')?.report?.better.parse_error, 'lower');
  });

  it('refuses to register a report metric without a direction', () => {
    const mango = benchmarks().find((definition) => definition.id === 'mango');
    assert.ok(mango?.report);
    const { parse_error: _dropped, ...better } = mango.report.better;
    const report = { ...mango.report, better };
    assert.throws(
      () => registerBenchmark({ id: 'directionless', label: 'Directionless', kinds: [], report }),
      /Benchmark directionless: the report metric parse_error declares no better direction/,
    );
  });

  // A: 10 of 30 unparseable, success 20/30; B: 25 unparseable, success 5/30. Both changes significant.
  const records = (model: string, unparseable: number) =>
    Array.from({ length: 30 }, (_, n) =>
      mangoRecord({
        model,
        game: ['zork1', 'detective', 'omniquest'][n % 3],
        n,
        parseError: n < unparseable,
        strict: n < unparseable ? 0 : 1,
      }),
    );
  const a = setOf(records('model-a', 10), 'a.jsonl');
  const b = setOf(records('model-b', 25), 'b.jsonl');

  it('report --json and the results model carry the directions as an added last field', () => {
    const { json } = buildReport(a);
    assert.deepEqual(Object.keys(json), [
      'benchmark',
      'records',
      'errors',
      'modes',
      'by',
      'where',
      'bootstrap',
      'superseded',
      'groups',
      'failures',
      'better',
      'truncated',
      'context_truncated',
      'truncated_treatment',
      'errors_by_kind',
      'cost_usd',
      'cost_unknown',
      'truncated_included_modes',
      'unanswerable',
      'unanswerable_treatment',
      'unanswerable_groups',
      'failures_by_model',
      'notes',
    ]);
    assert.equal(json.better.parse_error, 'lower');
    assert.equal(json.better.success_strict, 'higher');
    const { model } = buildResultsModel(a, ['a.jsonl'], 'A');
    assert.deepEqual(model.better, json.better);
  });

  it('compare says which run a significant difference favours, by direction', () => {
    const json = compareRuns(a, b);
    const parse = json.metrics.parse_error;
    assert.ok(parse.diff > 0 && parse.p_value < 0.05, JSON.stringify(parse));
    assert.equal(parse.favours, 'a', 'more unparseable answers in B: A is better');
    assert.equal(json.metrics.success_strict.favours, 'a');
    // The existing fields keep their order; favours comes after them.
    assert.deepEqual(Object.keys(parse), ['a', 'b', 'diff', 'ci95', 'p_value', 'test', 'n', 'discordant', 'favours']);
    assert.equal(json.better.parse_error, 'lower');
    const reversed = compareRuns(b, a);
    assert.equal(reversed.metrics.parse_error.favours, 'b');
    assert.equal(reversed.metrics.success_strict.favours, 'b');
    // Not significant: no verdict.
    assert.equal(compareRuns(a, setOf(records('model-c', 11), 'c.jsonl')).metrics.parse_error.favours, null);
    // The text and Markdown tables end in a `better` column; flips are counted by direction.
    const text = compareText(json);
    const row = (name: string) => text.split('\n').find((line) => line.startsWith(`${name} `)) ?? '';
    assert.match(text.split('\n')[2], /test\s+better \(p < 0\.05\)$/);
    assert.match(row('parse_error'), /mcnemar-exact\s+A$/);
    assert.match(
      text,
      /15 questions flip on success_strict: 0 to B's favour, 15 to A's \(success_strict: higher is better\)\./,
    );
    assert.match(compareMarkdown(reversed), /\| parse_error \| 30 \| .* \| mcnemar-exact \| B \|/);
  });
});
