// `waypoint compare` (runs.md §5): two runs of one benchmark paired by question (`sampleId`); per
// metric the two means over the paired questions, diff = b − a with a paired, clustered bootstrap
// interval, and a p-value: the exact McNemar test for 0/1 metrics, the paired bootstrap otherwise.
// The questions whose primary 0/1 metric changed are listed as flips. A question both runs have is
// paired only when both answered it whole: a failed call or (unless included) an answer from a cut
// on either side drops the pair, and the result counts the dropped pairs by reason.
import type { BenchmarkReport } from '../benchmark/registry';
import { ReportUsageError, type RecordSet } from './records';
import { type ReportRow, reportRows, truncatedTreatment } from './report';
import type { CompareJson, MetricComparison } from './reportTypes';
import { favours } from './better';
import { epochOf } from './epochs';
import { costTotal } from './recordCost';
import { BOOTSTRAP, mcnemarExact, pairedBootstrap } from './stats';

export type { CompareJson, MetricComparison } from './reportTypes';

/**
 * What pairs a record with the other run's: its question (after re-skin renaming) and, for a run
 * with repeats (`--epochs`), its epoch: epoch e of A is paired with epoch e of B.
 */
function pairKey(row: ReportRow, pairs?: ReadonlyMap<string, string>): string {
  const sampleId = pairs?.get(row.record.question.sampleId) ?? row.record.question.sampleId;
  const epoch = epochOf(row.record);
  return epoch === 1 ? sampleId : `${sampleId} (epoch ${epoch})`;
}

/** Rows by sample id; two records for one question (two models, two modes) make the pairing ambiguous. */
function bySample(
  rows: readonly ReportRow[],
  label: string,
  pairs?: ReadonlyMap<string, string>,
): Map<string, ReportRow> {
  const samples = new Map<string, ReportRow>();
  for (const row of rows) {
    const sampleId = pairKey(row, pairs);
    const other = samples.get(sampleId);
    if (other) {
      throw new ReportUsageError(
        `run ${label} answers question ${sampleId} twice (${other.record.model.id}/${other.record.mode} and ${row.record.model.id}/${row.record.mode}); compare pairs one answer per question: choose one with --model-${label.toLowerCase()} NAME (or --where mode=MODE)`,
      );
    }
    samples.set(sampleId, row);
  }
  return samples;
}

/** Every record of each question (after re-skin renaming), without judging whether one answer per question is usable. */
function groupBySample(rows: readonly ReportRow[], pairs?: ReadonlyMap<string, string>): Map<string, ReportRow[]> {
  const samples = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const sampleId = pairKey(row, pairs);
    const list = samples.get(sampleId);
    if (list) list.push(row);
    else samples.set(sampleId, [row]);
  }
  return samples;
}

function value(report: BenchmarkReport, row: ReportRow, metric: string): number | null | undefined {
  if (!(metric in row.metrics)) return undefined;
  const raw = row.metrics[metric];
  return raw === null && report.success.includes(metric) ? 0 : raw;
}

/** Compares run B against run A (both already merged from their files). */
export interface CompareOptions {
  /** `--where`, applied to both runs. */
  where?: string;
  /** Only this model's records of run A / run B (for run files that hold several models). */
  modelA?: string;
  modelB?: string;
  /** Run B's sample ids → run A's (a re-skin's `<game>.reskin.json`): questions renamed, not changed. */
  pairsB?: ReadonlyMap<string, string>;
  /** `--include-truncated` (true) / `--exclude-truncated` (false): answers from cuts (`truncated`, `context_truncated`) are paired, or not, as the report's means then count them; absent, as their scoring mode says. */
  includeTruncated?: boolean;
}

/**
 * Why a question both runs have is not a pair: a failed call on either side (an error is no
 * answer) or, unless included, an answer from a cut; the same records the report leaves out of
 * its means or scores as errors.
 */
function dropReason(rows: readonly ReportRow[]): 'errors' | 'truncated' | null {
  if (rows.some((row) => row.record.error !== undefined)) return 'errors';
  if (rows.some((row) => !row.inMeans)) return 'truncated';
  return null;
}

export function compareRuns(a: RecordSet, b: RecordSet, options: CompareOptions = {}): CompareJson {
  if (a.benchmark !== b.benchmark)
    throw new ReportUsageError(`the runs are of different benchmarks: ${a.benchmark} (A) and ${b.benchmark} (B)`);
  const { report } = a;
  const only = (rows: ReportRow[], model: string | undefined) =>
    model === undefined ? rows : rows.filter((row) => row.record.model.id === model);
  // An errored record is no answer: pairing it would compare a failed call with an answer. An
  // answer from a cut is left out as the report leaves it out of its means (unless included).
  const usable = (rows: ReportRow[]) => rows.filter((row) => row.record.error === undefined && row.inMeans);
  const candidatesA = only(reportRows(a, options.where, options.includeTruncated), options.modelA);
  const candidatesB = only(reportRows(b, options.where, options.includeTruncated), options.modelB);
  const rowsA = bySample(usable(candidatesA), 'A');
  const rowsB = bySample(usable(candidatesB), 'B', options.pairsB);
  const pairs = [...rowsA].flatMap(([sampleId, row]): Array<[ReportRow, ReportRow]> => {
    const other = rowsB.get(sampleId);
    return other ? [[row, other]] : [];
  });
  // Every question each run has a record of: those both have and that are not a pair were dropped, and why.
  const questionsA = groupBySample(candidatesA);
  const questionsB = groupBySample(candidatesB, options.pairsB);
  const { metrics, flipsMetric, flips } = compareMetrics(report, pairs);
  // What each run cost: all its records, paired or not (an unpaired answer was paid for too).
  const costA = costTotal(candidatesA.map((row) => row.record));
  const costB = costTotal(candidatesB.map((row) => row.record));
  const treatment = truncatedTreatment(
    report,
    [...candidatesA, ...candidatesB].map((row) => row.record),
    options.includeTruncated,
  );
  return {
    benchmark: a.benchmark,
    paired: pairs.length,
    unpaired: { a: onlyIn(questionsA, questionsB), b: onlyIn(questionsB, questionsA) },
    models: { a: models(rowsA), b: models(rowsB) },
    bootstrap: {
      seed: BOOTSTRAP.seed,
      resamples: BOOTSTRAP.resamples,
      cluster: report.clusterName,
      interval: 'percentile',
    },
    metrics,
    flips_metric: flipsMetric,
    flips,
    better: Object.fromEntries(Object.keys(metrics).map((name) => [name, report.better[name] ?? null])),
    errors: {
      a: candidatesA.filter((row) => row.record.error !== undefined).length,
      b: candidatesB.filter((row) => row.record.error !== undefined).length,
    },
    truncated: { a: cut(candidatesA), b: cut(candidatesB) },
    dropped: droppedPairs(questionsA, questionsB),
    truncated_treatment: treatment.treatment,
    cost_usd: { a: costA.usd, b: costB.usd },
    cost_unknown: { a: costA.unknown, b: costB.unknown },
    truncated_included_modes: treatment.includedModes,
  };
}

function onlyIn(one: ReadonlyMap<string, ReportRow[]>, other: ReadonlyMap<string, ReportRow[]>): number {
  return [...one.keys()].filter((sampleId) => !other.has(sampleId)).length;
}

/** Answers from a cut (not errors) that the means leave out. */
function cut(rows: readonly ReportRow[]): number {
  return rows.filter((row) => row.record.error === undefined && !row.inMeans).length;
}

function models(rows: ReadonlyMap<string, ReportRow>): string[] {
  return [...new Set([...rows.values()].map((row) => row.record.model.id))];
}

/** The questions both runs have that are not a pair, counted by why (dropReason). */
function droppedPairs(
  questionsA: ReadonlyMap<string, ReportRow[]>,
  questionsB: ReadonlyMap<string, ReportRow[]>,
): CompareJson['dropped'] {
  const dropped = { errors: 0, truncated: 0 };
  for (const [sampleId, rows] of questionsA) {
    const other = questionsB.get(sampleId);
    const reason = other ? dropReason([...rows, ...other]) : null;
    if (reason) dropped[reason]++;
  }
  return dropped;
}

type PairedValue = { sampleId: string; epoch?: number; cluster: string; a: number; b: number };

/**
 * Every metric compared over the pairs with a value on both sides; the flips are those of the
 * first 0/1 metric in the benchmark's order, the primary one the header names.
 */
function compareMetrics(
  report: BenchmarkReport,
  pairs: ReadonlyArray<[ReportRow, ReportRow]>,
): { metrics: Record<string, MetricComparison>; flipsMetric: string | null; flips: CompareJson['flips'] } {
  const metrics: Record<string, MetricComparison> = {};
  let flipsMetric: string | null = null;
  let flips: CompareJson['flips'] = [];
  for (const metric of report.metricNames) {
    const values: PairedValue[] = [];
    for (const [rowA, rowB] of pairs) {
      const x = value(report, rowA, metric);
      const y = value(report, rowB, metric);
      if (x === undefined || y === undefined || x === null || y === null) continue;
      const { epoch } = rowA.record;
      values.push({
        sampleId: rowA.record.question.sampleId,
        ...(epoch ? { epoch } : {}),
        cluster: rowA.cluster,
        a: x,
        b: y,
      });
    }
    const comparison = compareMetric(report, metric, values);
    if (!comparison) continue;
    if (comparison.discordant && flipsMetric === null) {
      flipsMetric = metric;
      flips = values
        .filter((pair) => pair.a !== pair.b)
        .map((pair) => ({
          sampleId: pair.sampleId,
          ...(pair.epoch ? { epoch: pair.epoch } : {}),
          a: pair.a,
          b: pair.b,
        }));
    }
    // Last, so the fields before it keep their order (runs.md §5: outputs gain fields, never reorder).
    metrics[metric] = { ...comparison, favours: favours(comparison, report.better[metric] ?? null) };
  }
  return { metrics, flipsMetric, flips };
}

/** One metric's means, difference, interval and test; null when no pair has a value of it. */
function compareMetric(
  report: BenchmarkReport,
  metric: string,
  values: readonly PairedValue[],
): Omit<MetricComparison, 'favours'> | null {
  const bootstrap = pairedBootstrap(values);
  if (!bootstrap) return null;
  const meanA = values.reduce((total, pair) => total + pair.a, 0) / values.length;
  const meanB = values.reduce((total, pair) => total + pair.b, 0) / values.length;
  const binary =
    report.binary.includes(metric) &&
    values.every((pair) => (pair.a === 0 || pair.a === 1) && (pair.b === 0 || pair.b === 1));
  const comparison: Omit<MetricComparison, 'favours'> = {
    a: meanA,
    b: meanB,
    diff: meanB - meanA,
    ci95: bootstrap.ci95,
    p_value: bootstrap.p,
    test: 'paired-bootstrap',
    n: values.length,
  };
  if (binary) {
    const aOnly = values.filter((pair) => pair.a === 1 && pair.b === 0).length;
    const bOnly = values.filter((pair) => pair.a === 0 && pair.b === 1).length;
    comparison.discordant = { a_only: aOnly, b_only: bOnly };
    // McNemar takes each pair as independent; the repeats (`--epochs`) of one question are not, so
    // a run with repeats keeps the clustered paired bootstrap's p-value (a deterministic model
    // flipping 3 questions over 5 epochs is 3 flips, not 15).
    const repeated = values.some((pair) => pair.epoch !== undefined && pair.epoch > 1);
    if (!repeated) Object.assign(comparison, { p_value: mcnemarExact(aOnly, bOnly), test: 'mcnemar-exact' });
  }
  return comparison;
}
