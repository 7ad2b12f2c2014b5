// `waypoint gate` (runs.md §9), as NeMo Evaluator's gate: run files checked against a policy of
// per-benchmark thresholds for a release. Per benchmark the policy names, per model and scoring mode
// of the runs and per metric: the headline mean (the report's row of the model and mode: two modes
// score the same answers differently, so neither is averaged into the other) must be at least `min`
// (at most `max`); with a baseline, a drop larger than `max_drop` fails only when the paired test
// of `compare` finds it significant (p < 0.05): McNemar's exact test for 0/1 metrics, the paired
// bootstrap otherwise, pairs by (question, epoch). A benchmark the policy names that no run holds
// fails (a gate that checks nothing must not pass). Benchmark-blind: the report declarations say
// the metrics and their directions.
import { compareRuns } from './compare';
import type { GatePolicy, GateRule } from './gatePolicy';
import type { RecordSet } from './records';
import { formatNumber as num } from './format';
import { buildReport } from './report';

/** The significance level of a drop. */
export const GATE_ALPHA = 0.05;

export interface GateCheck {
  benchmark: string;
  /** null when the benchmark has no records to check. */
  model: string | null;
  /** The scoring mode of the model's records checked (null with `model`). */
  mode: string | null;
  metric: string;
  rule: 'min' | 'max' | 'max_drop' | 'records';
  /** The rule's threshold (for `records`, none). */
  threshold: number | null;
  /** The run's headline mean (for `max_drop`, over the pairs with the baseline). */
  value: number | null;
  passed: boolean;
  /** One sentence: why it passed or failed. */
  reason: string;
  /** `max_drop` only: the baseline's model and mean over the pairs, the drop (positive: worse), the test. */
  baseline_model?: string;
  baseline?: number;
  drop?: number;
  p_value?: number;
  test?: string;
  paired?: number;
}

export interface GateJson {
  verdict: 'pass' | 'fail';
  checks: GateCheck[];
  /** Benchmarks of the runs the policy does not name: reported, not checked. */
  ungated: string[];
  /** `max_drop` rules not checked because no baseline was given. */
  unchecked_drops: number;
  alpha: number;
}

/** A p-value as a sentence shows it: small ones in exponent form, so 0.0001 is not "0". */
export function pValue(p: number): string {
  return p < 0.001 ? p.toExponential(1) : String(Math.round(p * 1000) / 1000);
}

/** The headline means of every model and scoring mode of `set`: the report's rows `--by mode`. */
function headlines(set: RecordSet): Array<{ model: string; mode: string; means: Record<string, number | null> }> {
  const { json } = buildReport(set, { by: 'mode' });
  return json.groups.map((group) => ({
    model: String(group.key.model),
    mode: String(group.key.mode),
    means: Object.fromEntries(Object.entries(group.metrics).map(([name, metric]) => [name, metric.mean])),
  }));
}

function levelChecks(
  benchmark: string,
  model: string,
  mode: string,
  metric: string,
  rule: GateRule,
  mean: number | null,
): GateCheck[] {
  const checks: GateCheck[] = [];
  const level = (kind: 'min' | 'max', threshold: number) => {
    const passed = mean !== null && (kind === 'min' ? mean >= threshold : mean <= threshold);
    const reason =
      mean === null
        ? `no record has a value of ${metric}`
        : `${metric} ${num(mean)} is ${passed ? '' : 'not '}${kind === 'min' ? 'at least' : 'at most'} ${threshold}`;
    checks.push({ benchmark, model, mode, metric, rule: kind, threshold, value: mean, passed, reason });
  };
  if (rule.min !== undefined) level('min', rule.min);
  if (rule.max !== undefined) level('max', rule.max);
  return checks;
}

/** The baseline's model to hold `model` against: the same id, else the baseline's only model. */
function baselineModel(baseline: RecordSet, model: string): string | null {
  const models = [...new Set(baseline.records.map((record) => record.model.id))];
  if (models.includes(model)) return model;
  return models.length === 1 ? models[0] : null;
}

function dropCheck(
  benchmark: string,
  model: string,
  mode: string,
  metric: string,
  maxDrop: number,
  run: RecordSet,
  baseline: RecordSet | undefined,
): GateCheck {
  const check = { benchmark, model, mode, metric, rule: 'max_drop' as const, threshold: maxDrop };
  if (!baseline) return { ...check, value: null, passed: false, reason: `the baseline has no ${benchmark} records` };
  const against = baselineModel(baseline, model);
  if (against === null)
    return {
      ...check,
      value: null,
      passed: false,
      reason: `the baseline has no model ${model} and more than one other`,
    };
  // One mode on both sides: compare pairs one answer per question, and a mode is only comparable with itself.
  const compared = compareRuns(baseline, run, { modelA: against, modelB: model, where: `mode=${mode}` }).metrics[
    metric
  ];
  if (!compared)
    return {
      ...check,
      value: null,
      passed: false,
      reason: `no question of the run pairs with the baseline on ${metric}`,
    };
  // Positive when the run is worse, by the metric's own direction (the policy refuses metrics without one).
  const drop = run.report.better[metric] === 'lower' ? compared.b - compared.a : compared.a - compared.b;
  const significant = compared.p_value < GATE_ALPHA;
  const passed = !(drop > maxDrop && significant);
  const reason =
    drop <= maxDrop
      ? `the drop ${num(drop)} is within ${maxDrop}`
      : significant
        ? `the drop ${num(drop)} is more than ${maxDrop} and significant (p = ${pValue(compared.p_value)})`
        : `the drop ${num(drop)} is more than ${maxDrop} but not significant (p = ${pValue(compared.p_value)} ≥ ${GATE_ALPHA})`;
  return {
    ...check,
    value: compared.b,
    passed,
    reason,
    baseline_model: against,
    baseline: compared.a,
    drop,
    p_value: compared.p_value,
    test: compared.test,
    paired: compared.n,
  };
}

/** The gate's verdict on `runs` (one record set per benchmark) against `policy`, and `baselines` when given. */
export function evaluateGate(
  policy: GatePolicy,
  runs: ReadonlyMap<string, RecordSet>,
  baselines: ReadonlyMap<string, RecordSet> | null,
): GateJson {
  const checks: GateCheck[] = [];
  let uncheckedDrops = 0;
  for (const [benchmark, metrics] of Object.entries(policy)) {
    const run = runs.get(benchmark);
    if (!run) {
      const reason = `no run file holds ${benchmark} records`;
      checks.push({
        benchmark,
        model: null,
        mode: null,
        metric: '*',
        rule: 'records',
        threshold: null,
        value: null,
        passed: false,
        reason,
      });
      continue;
    }
    for (const { model, mode, means } of headlines(run))
      for (const [metric, rule] of Object.entries(metrics)) {
        checks.push(...levelChecks(benchmark, model, mode, metric, rule, means[metric] ?? null));
        if (rule.max_drop === undefined) continue;
        if (baselines === null) uncheckedDrops++;
        else checks.push(dropCheck(benchmark, model, mode, metric, rule.max_drop, run, baselines.get(benchmark)));
      }
  }
  return {
    verdict: checks.every((check) => check.passed) ? 'pass' : 'fail',
    checks,
    ungated: [...runs.keys()].filter((benchmark) => !(benchmark in policy)),
    unchecked_drops: uncheckedDrops,
    alpha: GATE_ALPHA,
  };
}
