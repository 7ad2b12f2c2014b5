// `waypoint report` (runs.md §4) over merged run records: groups keyed by model plus the `--by`
// fields, each metric's mean over every record of the group with a clustered bootstrap interval,
// the count of parseable answers, and the failure breakdown by answer diagnostic code. The fields,
// metrics and clusters are the benchmark's own declaration (BenchmarkReport); nothing here names a
// benchmark.
import type { RunRecord, ScoringMode } from '../eval/types';
import type { BenchmarkReport } from '../benchmark/registry';
import { failureGroups } from './failureSummary';
import { codeBreakdown } from './diagnosticCodes';
import { withRepeats } from './reliability';
import { costTotal } from './recordCost';
import { fieldValue, matchesWhere, parseBy, parseWhere, type RecordSet, reportFacts } from './records';
import type { KeyValue, MetricSummary, ReportGroup, FailureCount, ReportJson } from './reportTypes';
import { BOOTSTRAP, clusteredBootstrap } from './stats';

export type { KeyValue, ReportGroup, ReportJson } from './reportTypes';

/** A record with its benchmark fields and metrics, computed once. */
export interface ReportRow {
  record: RunRecord;
  /** The benchmark's fields plus `question` (the question's label) and `id` (its sample id). */
  fields: Record<string, KeyValue>;
  metrics: Record<string, number | null>;
  cluster: string;
  valid: boolean;
  /** Whether the record counts in metric means, intervals and plots (false: a cut record left out, see `isCut`). */
  inMeans: boolean;
  /** Whether its question has a correct answer at its cutoff (BenchmarkReport.answerable); the headline leaves the others out unless told. */
  answerable: boolean;
}

interface ReportOptions {
  /** `--by` as given (comma-separated); the benchmark's default when undefined. */
  by?: string;
  /** `--where` as given. */
  where?: string;
  /**
   * `--include-truncated` (true): cut records (`isCut`) count in the means like any other;
   * `--exclude-truncated` (false): they never do. Absent: as each record's scoring mode says
   * (`modesScoringCuts`; otherwise left out).
   */
  includeTruncated?: boolean;
  /** `--include-unanswerable`: questions without a correct answer at their cutoff count in the headline groups; by default they have rows of their own. */
  includeUnanswerable?: boolean;
}

/**
 * The rows the headline means are over: all of them with `includeUnanswerable`, else those whose
 * question has a correct answer. A question without one (a MANGO route the walkthrough shown does
 * not contain) would score even a perfect agent 0, so by default it is reported apart.
 */
export function headlineRows<R extends Pick<ReportRow, 'answerable'>>(
  rows: readonly R[],
  includeUnanswerable = false,
): R[] {
  return includeUnanswerable ? [...rows] : rows.filter((row) => row.answerable);
}

/**
 * A record set without the records whose question has no correct answer at its cutoff, unless
 * `includeUnanswerable`: what `compare` pairs, as the report's headline leaves them out.
 */
export function answerableSet(set: RecordSet, includeUnanswerable = false): RecordSet {
  const { answerable } = set.report;
  if (includeUnanswerable || !answerable) return set;
  return { ...set, records: set.records.filter((record) => reportFacts(set.report, record).answerable) };
}

/**
 * A record answered from a cut: its reply stopped at the token limit (`truncated`) or the server
 * cut its prompt without an error (`context_truncated`). Its score measures the cut as much as the
 * model, so by default it is left out of the means and counted in columns of its own. A record
 * with `error` is an error first: it scores 0 on success metrics as every error does.
 */
export function isCut(record: RunRecord): boolean {
  return record.error === undefined && (record.truncated === true || record.context_truncated === true);
}

/**
 * Which column a cut record counts in: each once, so errors + cuts + the records in the means add
 * up to n. A reply cut at the token limit is named first (raising the limit is the fix a reader
 * can make); an errored record is an error, not a cut.
 */
function cutColumn(record: RunRecord): 'truncated' | 'context_truncated' | null {
  if (!isCut(record)) return null;
  return record.truncated === true ? 'truncated' : 'context_truncated';
}

/** How a report treats cut records, as every output states it. */
type TruncatedTreatment = 'excluded' | 'included';

/** Whether the cut records of scoring mode `mode` count in the means: as the option says, else as the mode is defined (modesScoringCuts). */
export function cutsInMeans(
  report: Pick<BenchmarkReport, 'modesScoringCuts'>,
  mode: string,
  includeTruncated: boolean | undefined,
): boolean {
  return includeTruncated ?? report.modesScoringCuts?.includes(mode) ?? false;
}

/**
 * How the means treated cut records, over the scoring modes of `records`: `included` when told so,
 * or when not told and every mode scores them (GRASP paper alone); else `excluded`. `includedModes`:
 * the modes whose cut records count because the mode is defined over them (only when not told).
 */
export function truncatedTreatment(
  report: Pick<BenchmarkReport, 'modesScoringCuts'>,
  records: Iterable<Pick<RunRecord, 'mode'>>,
  includeTruncated: boolean | undefined,
): { treatment: TruncatedTreatment; includedModes: string[] } {
  if (includeTruncated !== undefined)
    return { treatment: includeTruncated ? 'included' : 'excluded', includedModes: [] };
  const modes = new Set<string>();
  for (const record of records) modes.add(record.mode);
  const includedModes = [...modes].filter((mode) => cutsInMeans(report, mode, undefined)).sort();
  return { treatment: modes.size > 0 && includedModes.length === modes.size ? 'included' : 'excluded', includedModes };
}

/** The filtered rows of a record set, for the report and the HTML drill-down; cut records are out of the means unless `includeTruncated` or their mode says otherwise (cutsInMeans). */
export function reportRows(set: RecordSet, where?: string, includeTruncated?: boolean): ReportRow[] {
  const { report } = set;
  const filter = parseWhere(where, report, set.benchmark);
  const rows: ReportRow[] = [];
  for (const record of set.records) {
    const { fields, metrics, cluster, valid, answerable } = reportFacts(report, record);
    if (!matchesWhere(record, fields, filter)) continue;
    rows.push({
      record,
      fields,
      metrics,
      cluster,
      valid,
      inMeans: !isCut(record) || cutsInMeans(report, record.mode, includeTruncated),
      answerable,
    });
  }
  return rows;
}

/** Sort order of key values: numbers numerically, then text, null last. */
export function compareKeyValues(a: KeyValue, b: KeyValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : 1;
}

/** Summaries of each metric over `rows` (those not left out of the means); a success metric without a value counts 0, others are left out. */
export function summarise(
  report: BenchmarkReport,
  rows: ReadonlyArray<Pick<ReportRow, 'metrics' | 'cluster'> & { inMeans?: boolean }>,
): Record<string, MetricSummary> {
  const metrics: Record<string, MetricSummary> = {};
  for (const name of report.metricNames) {
    const values: Array<{ cluster: string; value: number }> = [];
    let applies = false;
    const zeroWhenMissing = report.success.includes(name);
    for (const row of rows) {
      if (row.inMeans === false || !(name in row.metrics)) continue;
      applies = true;
      const value = row.metrics[name];
      if (value !== null) values.push({ cluster: row.cluster, value });
      else if (zeroWhenMissing) values.push({ cluster: row.cluster, value: 0 });
    }
    if (!applies) continue;
    let total = 0;
    for (const entry of values) total += entry.value;
    metrics[name] = {
      mean: values.length > 0 ? total / values.length : null,
      ci95: clusteredBootstrap(values).ci95,
      n: values.length,
    };
  }
  return metrics;
}

/** Rows split by the values of `by`, in sorted key order (models in the order they first appear). */
function groupRows(
  rows: readonly ReportRow[],
  by: readonly string[],
  ordered: readonly ReportRow[] = rows,
): Array<{ key: Record<string, KeyValue>; rows: ReportRow[] }> {
  const groups = new Map<string, { key: Record<string, KeyValue>; rows: ReportRow[] }>();
  // Models in the order the whole report first meets them, so leaving some rows out never reorders them.
  const modelOrder = new Map<string, number>();
  for (const row of ordered)
    if (!modelOrder.has(row.record.model.id)) modelOrder.set(row.record.model.id, modelOrder.size);
  for (const row of rows) {
    const key: Record<string, KeyValue> = {};
    for (const name of by) key[name] = fieldValue(row.record, row.fields, name);
    const id = JSON.stringify(by.map((name) => key[name]));
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key, rows: [] }));
    group.rows.push(row);
  }
  const order = (group: { key: Record<string, KeyValue> }) => modelOrder.get(String(group.key.model)) ?? 0;
  return [...groups.values()].sort((a, b) => {
    if ('model' in a.key && a.key.model !== b.key.model) return order(a) - order(b);
    for (const name of by) {
      const compared = compareKeyValues(a.key[name], b.key[name]);
      if (compared !== 0) return compared;
    }
    return 0;
  });
}

/** Diagnostic codes over the rows, most frequent first. */
function failureCounts(rows: readonly ReportRow[]): FailureCount[] {
  const counts = new Map<string, FailureCount>();
  for (const row of rows) {
    const seen = new Set<string>();
    for (const diagnostic of row.record.diagnostics ?? []) {
      let entry = counts.get(diagnostic.code);
      if (!entry) counts.set(diagnostic.code, (entry = { code: diagnostic.code, count: 0, records: 0 }));
      entry.count++;
      if (!seen.has(diagnostic.code)) {
        seen.add(diagnostic.code);
        entry.records++;
      }
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || b.records - a.records || (a.code < b.code ? -1 : 1));
}

/** `failures_by_model` and `notes` of the report's rows. */
function diagnosticLists(
  report: BenchmarkReport,
  rows: readonly ReportRow[],
): Pick<ReportJson, 'failures_by_model' | 'notes'> {
  const { failuresByModel, notes } = codeBreakdown(
    report,
    rows.map((row) => ({ record: row.record, model: String(fieldValue(row.record, row.fields, 'model')) })),
  );
  return { failures_by_model: failuresByModel, notes };
}

function groupOf(report: BenchmarkReport, key: Record<string, KeyValue>, rows: readonly ReportRow[]): ReportGroup {
  let valid = 0;
  let errors = 0;
  let truncated = 0;
  let contextTruncated = 0;
  const clusters = new Set<string>();
  for (const row of rows) {
    if (row.valid) valid++;
    if (row.record.error !== undefined) errors++;
    const column = cutColumn(row.record);
    if (column === 'truncated') truncated++;
    if (column === 'context_truncated') contextTruncated++;
    clusters.add(row.cluster);
  }
  const cost = costTotal(rows.map((row) => row.record));
  return {
    key,
    n: rows.length,
    valid,
    errors,
    clusters: clusters.size,
    metrics: withRepeats(report, rows, summarise(report, rows)),
    truncated,
    context_truncated: contextTruncated,
    cost_usd: cost.usd,
    cost_unknown: cost.unknown,
  };
}

/** Records per scoring mode, errored records, and each cut column's records. */
function recordCounts(rows: readonly ReportRow[]) {
  const modes: Partial<Record<ScoringMode, number>> = {};
  let errors = 0;
  let truncated = 0;
  let contextTruncated = 0;
  for (const row of rows) {
    modes[row.record.mode] = (modes[row.record.mode] ?? 0) + 1;
    if (row.record.error !== undefined) errors++;
    const column = cutColumn(row.record);
    if (column === 'truncated') truncated++;
    if (column === 'context_truncated') contextTruncated++;
  }
  return { modes, errors, truncated, contextTruncated };
}

/** The report of a record set (throws ReportUsageError for unknown `--by` / `--where` fields). */
export function buildReport(set: RecordSet, options: ReportOptions = {}): { json: ReportJson; rows: ReportRow[] } {
  const { report } = set;
  const by = parseBy(options.by, report, set.benchmark);
  const rows = reportRows(set, options.where, options.includeTruncated);
  const headline = headlineRows(rows, options.includeUnanswerable);
  const apart = options.includeUnanswerable ? [] : rows.filter((row) => !row.answerable);
  const { modes, errors, truncated, contextTruncated } = recordCounts(rows);
  const where = parseWhere(options.where, report, set.benchmark);
  const cost = costTotal(rows.map((row) => row.record));
  const treatment = truncatedTreatment(
    report,
    rows.map((row) => row.record),
    options.includeTruncated,
  );
  const json: ReportJson = {
    benchmark: set.benchmark,
    records: rows.length,
    errors,
    modes,
    by,
    where: Object.fromEntries([...where].map(([name, values]) => [name, [...values]])),
    bootstrap: {
      seed: BOOTSTRAP.seed,
      resamples: BOOTSTRAP.resamples,
      cluster: report.clusterName,
      interval: 'percentile',
    },
    superseded: set.superseded,
    groups: groupRows(headline, by, rows).map((group) => groupOf(report, group.key, group.rows)),
    failures: failureCounts(rows),
    better: Object.fromEntries(report.metricNames.map((name) => [name, report.better[name] ?? null])),
    truncated,
    context_truncated: contextTruncated,
    truncated_treatment: treatment.treatment,
    errors_by_kind: failureGroups(rows.map((row) => row.record)).map((group) => ({
      ...group.failure,
      records: group.count,
      example: group.example,
    })),
    cost_usd: cost.usd,
    cost_unknown: cost.unknown,
    truncated_included_modes: treatment.includedModes,
    unanswerable: rows.length - rows.filter((row) => row.answerable).length,
    unanswerable_treatment: options.includeUnanswerable ? 'included' : 'excluded',
    unanswerable_groups: groupRows(apart, by, rows).map((group) => groupOf(report, group.key, group.rows)),
    // Last, as every added field (runs.md §4: outputs gain fields, never reorder).
    ...diagnosticLists(report, rows),
  };
  return { json, rows };
}

/** One group per model over the headline rows: the overall row of tables and the HTML report. */
export function overallGroups(
  report: BenchmarkReport,
  rows: readonly ReportRow[],
  includeUnanswerable = false,
): ReportGroup[] {
  return groupRows(headlineRows(rows, includeUnanswerable), ['model'], rows).map((group) =>
    groupOf(report, group.key, group.rows),
  );
}

/** Values shown when a `--where` value matches nothing: enough to spot the typo, not a wall of ids. */
const VALUES_SHOWN = 8;

/**
 * Why `--where` keeps no record of `records` (a filter matching nothing is almost always a typo):
 * one line per condition whose values no record takes, naming the values the field does take (or
 * saying no record has the field); one line for the whole filter when each condition matches some
 * record but none meets them all. Empty when some record passes (or there is no filter or record).
 */
export function whereMatchesNothing(set: RecordSet, where: string | undefined): string[] {
  const { report, records } = set;
  const filter = parseWhere(where, report, set.benchmark);
  if (filter.size === 0 || records.length === 0) return [];
  const taken = new Map<string, Map<string, string | number | null>>(
    [...filter.keys()].map((name) => [name, new Map()]),
  );
  for (const record of records) {
    const { fields } = reportFacts(report, record);
    if (matchesWhere(record, fields, filter)) return [];
    for (const [name, values] of taken) {
      const value = fieldValue(record, fields, name);
      values.set(String(value), value);
    }
  }
  const problems: string[] = [];
  for (const [name, wanted] of filter) {
    const values = taken.get(name) as Map<string, string | number | null>;
    if ([...wanted].some((value) => values.has(value))) continue;
    const condition = `--where ${[...wanted].map((value) => `${name}=${value}`).join(',')}`;
    const present = [...values.values()].filter((value) => value !== null);
    if (present.length === 0) {
      problems.push(`${condition} matches no record; no record has a value for ${name}`);
      continue;
    }
    // In the report's group order: numbers numerically, then text, null last.
    const sorted = [...values.values()].sort(compareKeyValues);
    const more = sorted.length - VALUES_SHOWN;
    problems.push(
      `${condition} matches no record; ${name} is one of: ${sorted.slice(0, VALUES_SHOWN).map(String).join(', ')}${more > 0 ? ` (… and ${more} more)` : ''}`,
    );
  }
  if (problems.length === 0)
    problems.push(
      `--where ${where} matches no record: each condition matches some record, but no record meets them all`,
    );
  return problems;
}
