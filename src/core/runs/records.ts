// Run records as reports and comparisons take them: the records of several files (the shards of a
// run, or runs of several models) merged into one benchmark's set, with the benchmark's report
// declaration, and the `--by` / `--where` field vocabulary checked before anything is computed.
import type { RunRecord } from '../eval/types';
import { findBenchmark } from '../benchmark/registry';
import type { BenchmarkReport } from '../benchmark/registry';
import { QUESTION_FIELDS } from './questionLabels';

/** A mistake in how the command was called (mixed benchmarks, an unknown field): exit 2. */
export class ReportUsageError extends Error {}

/**
 * Fields every benchmark has: the record's model id and scoring mode, its question's label and
 * sample id (labelledFields puts the last two in a row's fields).
 */
const COMMON_FIELDS = ['model', 'mode', ...QUESTION_FIELDS] as const;

export interface RecordSet {
  benchmark: string;
  report: BenchmarkReport;
  records: RunRecord[];
  /** Records dropped because a later record answered the same question for the same model and mode (a resumed or repeated run). */
  superseded: number;
}

/**
 * One benchmark's records from files read in order. Throws ReportUsageError when they hold two
 * benchmarks (naming both and where each was seen) or a benchmark that declares no report.
 * A question answered twice for the same model and mode counts once: a record without `error`
 * wins over one with it, otherwise the later one (so merging a file twice, or a resumed run that
 * retried its errors, never counts a question twice).
 */
export function mergeRunFiles(files: ReadonlyArray<{ file: string; records: readonly RunRecord[] }>): RecordSet {
  let first: { benchmark: string; file: string } | null = null;
  for (const { file, records } of files) {
    for (const record of records) {
      const { benchmark } = record.question;
      if (!first) first = { benchmark, file };
      else if (benchmark !== first.benchmark)
        throw new ReportUsageError(
          `the run files mix benchmarks: ${first.benchmark} (${first.file}) and ${benchmark} (${file}); report one benchmark at a time`,
        );
    }
  }
  if (!first) throw new ReportUsageError('the run files hold no run records');
  const definition = findBenchmark(first.benchmark);
  if (!definition?.report)
    throw new ReportUsageError(
      `benchmark ${first.benchmark} declares no report fields, so its runs cannot be reported`,
    );
  const kept = new Map<string, RunRecord>();
  let total = 0;
  for (const { records } of files) {
    for (const record of records) {
      total++;
      const key = `${record.model.id}\u0000${record.mode}\u0000${record.question.sampleId}`;
      const earlier = kept.get(key);
      if (earlier && earlier.error === undefined && record.error !== undefined) continue;
      // Delete first so the record takes its place at the end (merged files keep reading order).
      kept.delete(key);
      kept.set(key, record);
    }
  }
  return {
    benchmark: first.benchmark,
    report: definition.report as BenchmarkReport,
    records: [...kept.values()],
    superseded: total - kept.size,
  };
}

/**
 * Run files in which one model answered in more than one file (two runs of a model: another prompt,
 * a rerun) with each such model's id suffixed by its file's name, `gpt-4o · run-b`, so the results
 * view shows the runs as two series a comparison can pair, instead of the later one superseding the
 * earlier as a merge does. Files where every model is in one file come back as they are.
 */
export function separateRunsOfOneModel<F extends { file: string; records: readonly RunRecord[] }>(
  files: readonly F[],
  nameOf: (file: string) => string,
): F[] {
  const filesOfModel = new Map<string, Set<string>>();
  for (const { file, records } of files)
    for (const record of records)
      filesOfModel.set(record.model.id, (filesOfModel.get(record.model.id) ?? new Set()).add(file));
  const repeated = new Set([...filesOfModel].filter(([, inFiles]) => inFiles.size > 1).map(([model]) => model));
  if (repeated.size === 0) return [...files];
  return files.map((entry) => ({
    ...entry,
    records: entry.records.map((record) =>
      repeated.has(record.model.id)
        ? { ...record, model: { ...record.model, id: `${record.model.id} · ${nameOf(entry.file)}` } }
        : record,
    ),
  }));
}

/** The value of a field of a record (`model`, `mode` or a benchmark field). */
export function fieldValue(
  record: RunRecord,
  fields: Record<string, string | number | null>,
  name: string,
): string | number | null {
  if (name === 'model') return record.model.id;
  if (name === 'mode') return record.mode;
  return name in fields ? fields[name] : null;
}

function checkField(report: BenchmarkReport, benchmark: string, name: string, option: string): void {
  if ((COMMON_FIELDS as readonly string[]).includes(name) || report.fieldNames.includes(name)) return;
  throw new ReportUsageError(
    `${option}: ${benchmark} has no field '${name}' (fields: ${[...COMMON_FIELDS, ...report.fieldNames].join(', ')})`,
  );
}

/** `--by a,b`: the grouping fields, `model` always first (an explicit `model` is not repeated). */
export function parseBy(text: string | undefined, report: BenchmarkReport, benchmark: string): string[] {
  const names =
    text === undefined
      ? [...report.defaultBy]
      : text
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '');
  for (const name of names) checkField(report, benchmark, name, '--by');
  // Two questions may share a label (MANGO's DF questions between the same rooms by other routes):
  // grouped by question, each keeps its own row, its sample id beside the label.
  if (names.includes('question') && !names.includes('id')) names.splice(names.indexOf('question') + 1, 0, 'id');
  return ['model', ...names.filter((name, index) => name !== 'model' && names.indexOf(name) === index)];
}

/** `--where f=v,g=w`: conditions that must all hold; a field named twice accepts either value. */
type WhereFilter = Map<string, Set<string>>;

export function parseWhere(text: string | undefined, report: BenchmarkReport, benchmark: string): WhereFilter {
  const filter: WhereFilter = new Map();
  if (text === undefined) return filter;
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at <= 0) throw new ReportUsageError(`--where: '${part}' is not FIELD=VALUE`);
    const name = part.slice(0, at).trim();
    checkField(report, benchmark, name, '--where');
    const values = filter.get(name) ?? new Set<string>();
    values.add(part.slice(at + 1).trim());
    filter.set(name, values);
  }
  return filter;
}

/** Whether a record passes the filter; values compare as text (`moves=8`, `carry_limit=none`, `path_length=null`). */
export function matchesWhere(
  record: RunRecord,
  fields: Record<string, string | number | null>,
  filter: WhereFilter,
): boolean {
  for (const [name, values] of filter) if (!values.has(String(fieldValue(record, fields, name)))) return false;
  return true;
}
