// What every export of run records shares (`waypoint export inspect|eee|nemo`): one output per
// (benchmark, model, run id, scoring mode), its records merged as reports merge them, and the
// metric a single number per record stands for (the one the results view marks right or wrong).
import type { RunRecord } from '../eval/types';
import { sha256Hex } from '../util/sha256';
import { epochOf } from './epochs';
import { mergeRunFiles, ReportUsageError, type RecordSet } from './records';
import { type ReportRow, reportRows } from './report';
import { applicablePrimary } from './resultsModel';

export interface ExportGroup {
  /** One record per (sample id, epoch), in the order reports keep them. */
  records: RunRecord[];
  /** Earlier records of the same question and epoch that a later one replaced. */
  superseded: number;
}

/** The groups `records` make, in the order their first record appears. */
export function exportGroups(records: readonly RunRecord[]): ExportGroup[] {
  const groups = new Map<string, { records: Map<string, RunRecord>; total: number }>();
  for (const record of records) {
    const key = JSON.stringify([record.question.benchmark, record.model.id, record.run_id ?? '', record.mode]);
    let group = groups.get(key);
    if (!group) {
      group = { records: new Map(), total: 0 };
      groups.set(key, group);
    }
    group.total++;
    const sample = `${record.question.sampleId}\u0000${epochOf(record)}`;
    const earlier = group.records.get(sample);
    // As reports merge: an error never replaces an answer; otherwise the later record wins, in its place at the end.
    if (earlier && earlier.error === undefined && record.error !== undefined) continue;
    group.records.delete(sample);
    group.records.set(sample, record);
  }
  return [...groups.values()].map((group) => {
    const kept = [...group.records.values()];
    return { records: kept, superseded: group.total - kept.length };
  });
}

/** A group's id: the same run, model and mode give the same id on every export. */
export function exportGroupId(record: RunRecord): string {
  return sha256Hex(
    JSON.stringify([record.question.benchmark, record.model.id, record.run_id ?? '', record.mode]),
  ).slice(0, 22);
}

/** A group as a report sees it, with its rows; undefined for a benchmark without report fields. */
export function groupReport(records: RunRecord[]): { set: RecordSet; rows: ReportRow[] } | undefined {
  let set: RecordSet;
  try {
    set = mergeRunFiles([{ file: '', records }]);
  } catch (error) {
    if (error instanceof ReportUsageError) return undefined;
    throw error;
  }
  return { set, rows: reportRows(set) };
}

/** The metric one number per record stands for: the benchmark's primary one among those the rows have. */
export function recordMetric(set: RecordSet, rows: readonly ReportRow[]): string | null {
  const present = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row.metrics)) present.add(name);
  return applicablePrimary(set.report, [...present]);
}

/** A row's value of `metric` as the report's mean counts it (a success rate counts a missing value as 0); null when it does not count. */
export function countedValue(set: RecordSet, row: ReportRow, metric: string): number | null {
  if (!row.inMeans || !(metric in row.metrics)) return null;
  const value = row.metrics[metric];
  if (value !== null) return value;
  return set.report.success.includes(metric) ? 0 : null;
}
