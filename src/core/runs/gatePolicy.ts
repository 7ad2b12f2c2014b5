// The policy of `waypoint gate` (runs.md §9): per benchmark and report metric, the thresholds a
// release must meet, `{"<benchmark>": {"<metric>": {"min": 0.5, "max_drop": 0.02}}}`. Read with
// zod (unknown keys refused, so a misspelt `max-drop` is an error, not a rule silently dropped),
// then checked against the registry: the benchmark must declare a report, the metric must be one of
// its metrics, and a rule on a drop needs the metric's better direction. Every problem is located
// in the policy file (file:line:column), as the CLI's other inputs are.
import * as z from 'zod/mini';
import { findBenchmark } from '../benchmark/registry';
import { parseLocatedJson, rangeAt } from '../util/locatedJson';
import { describeProblem, parseJsonWith } from '../util/schema/parse';
import type { Diagnostic } from '../util/text';

const thresholdSchema = z
  .strictObject({
    /** The headline mean must be at least this. */
    min: z.optional(z.number()),
    /** The headline mean must be at most this (a rate that is better lower, such as parse_error). */
    max: z.optional(z.number()),
    /** A drop against the baseline larger than this, and significant (p < 0.05), fails. */
    max_drop: z.optional(z.number().check(z.minimum(0))),
  })
  .check(
    z.refine(
      (rule) => rule.min !== undefined || rule.max !== undefined || rule.max_drop !== undefined,
      'a rule needs at least one of "min", "max", "max_drop"',
    ),
  );

const policySchema = z.record(z.string(), z.record(z.string(), thresholdSchema));

export type GateRule = z.infer<typeof thresholdSchema>;
/** Benchmark id → metric → rule. */
export type GatePolicy = Record<string, Record<string, GateRule>>;

/** The policy in `text` (the file `source`), or the first problem as `file:line:column: message`. */
export function parseGatePolicy(
  text: string,
  source: string,
): { ok: true; policy: GatePolicy } | { ok: false; problem: string } {
  const parsed = parseJsonWith(text, policySchema);
  if (!parsed.ok) return { ok: false, problem: describeProblem(source, parsed.diagnostics) };
  const problems = policyProblems(parsed.value, text);
  if (problems.length > 0) return { ok: false, problem: describeProblem(source, problems) };
  if (Object.keys(parsed.value).length === 0)
    return { ok: false, problem: `${source}:1:1: the policy names no benchmark, so it would check nothing` };
  return { ok: true, policy: parsed.value };
}

/** What the registry says is wrong with a well-formed policy: unknown benchmarks and metrics, drops of metrics without a direction. */
function policyProblems(policy: GatePolicy, text: string): Diagnostic[] {
  const located = parseLocatedJson(text);
  const problems: Diagnostic[] = [];
  const at = (path: string[], message: string) =>
    problems.push({ severity: 'error', code: 'gate-policy', message, range: rangeAt(located, path) });
  for (const [benchmark, metrics] of Object.entries(policy)) {
    const report = findBenchmark(benchmark)?.report;
    if (!report) {
      at([benchmark], `'${benchmark}' is not a benchmark with reports`);
      continue;
    }
    for (const [metric, rule] of Object.entries(metrics)) {
      if (!report.metricNames.includes(metric))
        at(
          [benchmark, metric],
          `${benchmark} has no metric '${metric}' (its metrics: ${report.metricNames.join(', ')})`,
        );
      else if (rule.max_drop !== undefined && (report.better[metric] ?? null) === null)
        at(
          [benchmark, metric, 'max_drop'],
          `${benchmark} ${metric} is neither better higher nor lower, so it has no drop; use "min" or "max"`,
        );
    }
  }
  return problems;
}
