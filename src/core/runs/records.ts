// Run records as reports and comparisons take them: the records of several files (the shards of a
// run, or runs of several models) merged into one benchmark's set, with the benchmark's report
// declaration, and the `--by` / `--where` field vocabulary checked before anything is computed.
import type { RunRecord } from '../eval/types';
import { findBenchmark } from '../benchmark/registry';
import type { BenchmarkReport } from '../benchmark/registry';
import { epochOf } from './epochs';
import { readableReport } from './readableReport';
import { labelledFields, QUESTION_FIELDS } from './questionLabels';

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

/** What a report reads of a record through its benchmark's declaration (BenchmarkReport). */
export interface ReportFacts {
  /** The benchmark's fields plus `question` (its label) and `id` (labelledFields). */
  fields: Record<string, string | number | null>;
  metrics: Record<string, number | null>;
  cluster: string;
  valid: boolean;
  /** Whether the question has a correct answer at its cutoff (BenchmarkReport.answerable; true without the hook). */
  answerable: boolean;
}

/** The facts of records reduced by a streaming merge (slimRecord), computed while the whole record was there. */
const slimFacts = new WeakMap<RunRecord, ReportFacts>();

/** A record's facts: kept ones for a reduced record, else asked of the benchmark. */
export function reportFacts(report: BenchmarkReport, record: RunRecord): ReportFacts {
  return (
    slimFacts.get(record) ?? {
      fields: labelledFields(report, record),
      metrics: report.metrics(record),
      cluster: report.cluster(record),
      valid: report.valid(record),
      answerable: report.answerable?.(record) ?? true,
    }
  );
}

/**
 * One benchmark's records merged as they are read, file by file. A question answered twice for the
 * same model and mode counts once: a record without `error` wins over one with it, otherwise the
 * later one (so merging a file twice, or a resumed run that retried its errors, never counts a
 * question twice). With `slim`, each record is reduced as it arrives to what report and compare
 * read (slimRecord): memory follows the questions, not the file's size or its superseded records.
 */
export class RecordMerger {
  private first: { benchmark: string; file: string } | null = null;
  private report: BenchmarkReport | undefined;
  private readonly kept = new Map<string, RunRecord>();
  private total = 0;
  /** Shared copies of repeated values (model profiles, modes, field values) of reduced records. */
  private readonly interned = new Map<string, unknown>();

  constructor(private readonly slim = false) {}

  /** Adds a record read from `file`; throws ReportUsageError when it is of another benchmark than the first. */
  add(record: RunRecord, file: string): void {
    const { benchmark } = record.question;
    if (!this.first) {
      this.first = { benchmark, file };
      const declared = findBenchmark(benchmark)?.report as BenchmarkReport | undefined;
      this.report = declared && readableReport(declared);
    } else if (benchmark !== this.first.benchmark)
      throw new ReportUsageError(
        `the run files mix benchmarks: ${this.first.benchmark} (${this.first.file}) and ${benchmark} (${file}); report one benchmark at a time`,
      );
    this.total++;
    // Repeats (`--epochs`) are answers of their own: only a record of the same epoch supersedes.
    const key = `${record.model.id}\u0000${record.mode}\u0000${record.question.sampleId}\u0000${epochOf(record)}`;
    const earlier = this.kept.get(key);
    if (earlier && earlier.error === undefined && record.error !== undefined) return;
    // Delete first so the record takes its place at the end (merged files keep reading order).
    this.kept.delete(key);
    this.kept.set(key, this.slim ? this.slimmed(record) : record);
  }

  /** The merged set; throws ReportUsageError when no record was added or the benchmark declares no report. */
  result(): RecordSet {
    if (!this.first) throw new ReportUsageError('the run files hold no run records');
    return {
      benchmark: this.first.benchmark,
      report: this.reportOrThrow(),
      records: [...this.kept.values()],
      superseded: this.total - this.kept.size,
    };
  }

  private reportOrThrow(): BenchmarkReport {
    if (this.report) return this.report;
    throw new ReportUsageError(
      `benchmark ${this.first?.benchmark} declares no report fields, so its runs cannot be reported`,
    );
  }

  private intern<T>(key: string, make: () => T): T {
    let value = this.interned.get(key) as T | undefined;
    if (value === undefined) this.interned.set(key, (value = make()));
    return value;
  }

  /**
   * `record` as report and compare read it: the benchmark's facts computed now (kept aside, see
   * reportFacts) and of the record only its identity, outcome, cut flags, cost and diagnostic
   * codes, repeated values shared. No prompt, answer, score detail or profile beyond id and provider.
   */
  private slimmed(record: RunRecord): RunRecord {
    const report = this.reportOrThrow();
    const text = (value: string) => this.intern(`s\u0000${value}`, () => value);
    const facts = reportFacts(report, record);
    for (const [name, value] of Object.entries(facts.fields))
      if (typeof value === 'string') facts.fields[name] = text(value);
    facts.cluster = text(facts.cluster);
    const { id, provider } = record.model;
    const slim: Partial<RunRecord> = {
      question: {
        benchmark: text(record.question.benchmark),
        sampleId: record.question.sampleId,
        ...(record.question.unreadable ? { unreadable: true } : {}),
      } as RunRecord['question'],
      model: this.intern(`m\u0000${id}\u0000${provider}`, () => ({ id, provider }) as RunRecord['model']),
      mode: text(record.mode) as RunRecord['mode'],
      cached: record.cached,
      costUsd: record.costUsd,
      diagnostics: record.diagnostics?.map((diagnostic) =>
        // Code and severity tell failures from notes; the first message of each is kept as the code's example.
        this.intern(
          `d\u0000${diagnostic.code}\u0000${diagnostic.severity}`,
          () =>
            ({
              code: diagnostic.code,
              severity: diagnostic.severity,
              message: diagnostic.message,
            }) as typeof diagnostic,
        ),
      ),
    };
    if (record.epoch !== undefined) slim.epoch = record.epoch;
    if (record.preflight_cost_usd !== undefined) slim.preflight_cost_usd = record.preflight_cost_usd;
    if (record.error !== undefined) slim.error = record.error;
    if (record.failure !== undefined) slim.failure = record.failure;
    if (record.truncated !== undefined) slim.truncated = record.truncated;
    if (record.context_truncated !== undefined) slim.context_truncated = record.context_truncated;
    const reduced = slim as RunRecord;
    slimFacts.set(reduced, facts);
    return reduced;
  }
}

/**
 * One benchmark's records from files read in order (RecordMerger's rule for a question answered
 * twice). Throws ReportUsageError when they hold two benchmarks (naming both and where each was
 * seen) or a benchmark that declares no report.
 */
export function mergeRunFiles(files: ReadonlyArray<{ file: string; records: readonly RunRecord[] }>): RecordSet {
  const merger = new RecordMerger();
  for (const { file, records } of files) for (const record of records) merger.add(record, file);
  return merger.result();
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
