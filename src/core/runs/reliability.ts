// Reliability over repeats (`waypoint run --epochs K`), as Inspect's epoch reducers and Chen et
// al.'s unbiased estimators: per question, n answers of which c succeed;
//   pass@k = 1 − C(n−c, k) / C(n, k)   (some of k answers drawn from the n succeeds)
//   pass^k = C(c, k) / C(n, k)         (all k drawn succeed)
// each averaged over the questions, for k = 1 … K (K: the fewest answers any question has), and
// mean@K, the mean of each question's mean. The 95% intervals bootstrap the questions (clustered
// by question: a question's repeats are not independent answers). Benchmark-blind: the report's
// declaration says which metrics are 0/1.
import type { BenchmarkReport } from '../benchmark/registry';
import type { RunRecord } from '../eval/types';
import type { MetricSummary, RepeatSummary } from './reportTypes';
import { clusteredBootstrap } from './stats';

/** What reliability reads of a report row (report.ts's ReportRow; named here, as report.ts imports this file). */
interface ReportRow {
  record: RunRecord;
  metrics: Record<string, number | null>;
  inMeans: boolean;
}

/** 1 − C(n−c, k) / C(n, k), as a product of k ratios (exact for the counts of a run, no factorials). */
export function passAtK(n: number, c: number, k: number): number {
  if (k < 1 || k > n) throw new RangeError(`pass@k needs 1 ≤ k ≤ n, not k=${k}, n=${n}`);
  if (n - c < k) return 1;
  let none = 1;
  for (let i = 0; i < k; i++) none *= (n - c - i) / (n - i);
  return 1 - none;
}

/** C(c, k) / C(n, k): the chance that k answers drawn without replacement all succeed. */
export function passHatK(n: number, c: number, k: number): number {
  if (k < 1 || k > n) throw new RangeError(`pass^k needs 1 ≤ k ≤ n, not k=${k}, n=${n}`);
  if (c < k) return 0;
  let all = 1;
  for (let i = 0; i < k; i++) all *= (c - i) / (n - i);
  return all;
}

/** Whether any row is a repeat (epoch 2 or later): only then do reports add the reliability entries. */
export function hasRepeats(rows: ReadonlyArray<Pick<ReportRow, 'record'>>): boolean {
  return rows.some((row) => (row.record.epoch ?? 1) > 1);
}

/** Each question's values of `name` (one per answer), as summarise counts them: a success metric without a value counts 0. */
function valuesByQuestion(report: BenchmarkReport, rows: readonly ReportRow[], name: string): Map<string, number[]> {
  const zeroWhenMissing = report.success.includes(name);
  const questions = new Map<string, number[]>();
  for (const row of rows) {
    if (!row.inMeans || !(name in row.metrics)) continue;
    const raw = row.metrics[name];
    const value = raw === null ? (zeroWhenMissing ? 0 : null) : raw;
    if (value === null) continue;
    // The model and mode too: a group keyed by other fields than model still pairs a question's own repeats.
    const { record } = row;
    const key = `${record.model.id}\u0000${record.mode}\u0000${record.question.sampleId}`;
    const list = questions.get(key);
    if (list) list.push(value);
    else questions.set(key, [value]);
  }
  return questions;
}

/** The mean of per-question values and its interval resampling questions. */
function overQuestions(values: ReadonlyArray<{ question: string; value: number }>): {
  mean: number;
  ci95: [number, number] | null;
} {
  let total = 0;
  for (const entry of values) total += entry.value;
  const interval = clusteredBootstrap(values.map((entry) => ({ cluster: entry.question, value: entry.value })));
  return { mean: total / values.length, ci95: interval.ci95 };
}

/** mean@K, and for a 0/1 metric pass@k and pass^k for k = 1 … K, over the questions of `rows`; null when the metric has no value. */
export function repeatSummary(report: BenchmarkReport, rows: readonly ReportRow[], name: string): RepeatSummary | null {
  const questions = valuesByQuestion(report, rows, name);
  if (questions.size === 0) return null;
  const lists = [...questions];
  // A loop, not Math.min(...): a spread of 130,000 questions overflows the call stack.
  let epochs = Number.POSITIVE_INFINITY;
  for (const [, values] of lists) epochs = Math.min(epochs, values.length);
  const perQuestion = (of: (values: number[]) => number) =>
    overQuestions(lists.map(([question, values]) => ({ question, value: of(values) })));
  const summary: RepeatSummary = {
    epochs,
    questions: questions.size,
    cluster: 'question',
    'mean@k': perQuestion((values) => values.reduce((sum, value) => sum + value, 0) / values.length),
  };
  const binary =
    report.binary.includes(name) && lists.every(([, values]) => values.every((value) => value === 0 || value === 1));
  if (!binary) return summary;
  const passAt: Record<string, { mean: number; ci95: [number, number] | null }> = {};
  const passHat: Record<string, { mean: number; ci95: [number, number] | null }> = {};
  for (let k = 1; k <= epochs; k++) {
    const successes = (values: number[]) => values.filter((value) => value === 1).length;
    passAt[k] = perQuestion((values) => passAtK(values.length, successes(values), k));
    passHat[k] = perQuestion((values) => passHatK(values.length, successes(values), k));
  }
  return { ...summary, 'pass@k': passAt, 'pass^k': passHat };
}

/** The group's metric summaries with their reliability entries added, when the rows hold repeats (else as they are). */
export function withRepeats(
  report: BenchmarkReport,
  rows: readonly ReportRow[],
  metrics: Record<string, MetricSummary>,
): Record<string, MetricSummary> {
  if (!hasRepeats(rows)) return metrics;
  const added: Record<string, MetricSummary> = {};
  for (const [name, summary] of Object.entries(metrics)) {
    const repeats = repeatSummary(report, rows, name);
    added[name] = repeats ? { ...summary, repeats, ...reliabilityEntries(repeats) } : summary;
  }
  return added;
}

/** The `pass@k` / `pass^k` entries of a metric's summary at k = K (the whole curve is in `repeats`). */
function reliabilityEntries(repeats: RepeatSummary): Partial<MetricSummary> {
  const k = String(repeats.epochs);
  return {
    'mean@k': { k: repeats.epochs, ...repeats['mean@k'] },
    ...(repeats['pass@k'] ? { 'pass@k': { k: repeats.epochs, ...repeats['pass@k'][k] } } : {}),
    ...(repeats['pass^k'] ? { 'pass^k': { k: repeats.epochs, ...repeats['pass^k'][k] } } : {}),
  };
}
