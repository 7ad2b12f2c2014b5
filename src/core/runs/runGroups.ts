// The Runs view's batch runs (issue 15): the records of `.waypoint/runs/batch/*.jsonl` grouped into
// runs by `run_id` (runs.md §1: the shards of a run and a resumed run are one run; records without
// a run id are grouped by file) and summarised per model with the report's own metrics and
// intervals. A file is reduced to compact rows once (no prompts or answers kept), and the cache
// re-reads only files whose mtime or size changed, so a refresh during a 40,000-record run reads the
// one file being appended. Core: file access is injected.
import { findBenchmark } from '../benchmark/registry';
import { parseRunRecords } from '../eval/recordSchemas';
import type { RunRecord, ScoringMode } from '../eval/types';
import type { BenchmarkReport } from '../benchmark/registry';
import { readableReport } from './readableReport';
import { epochOf } from './epochs';
import { cutsInMeans, isCut, summarise } from './report';
import type { MetricSummary } from './reportTypes';
import { applicablePrimary } from './resultsModel';
import { BOOTSTRAP } from './stats';

/** One record as a summary needs it. */
interface CompactRow {
  /** model, mode and sample id: a question answered again (resumed, merged shards) counts once, as mergeRunFiles counts it. */
  key: string;
  model: string;
  mode: ScoringMode;
  error: boolean;
  valid: boolean;
  diagnostics: number;
  metrics: Record<string, number | null>;
  cluster: string;
  time: string;
  /** False for a record answered from a cut (`truncated`, `context_truncated`): left out of the means, as `waypoint report` leaves it. */
  inMeans: boolean;
}

/** The records of one run found in one file. */
interface FilePart {
  /** `run_id` and benchmark; `file:<path>` stands for the run id of records without one. */
  runKey: string;
  runId: string | null;
  benchmark: string;
  rows: CompactRow[];
}

interface FileSummary {
  file: string;
  parts: FilePart[];
  /** Lines that are not run records, as `file:line:column: why`. */
  problems: string[];
}

export interface ModelSummary {
  model: string;
  n: number;
  valid: number;
  errors: number;
  /** Records with at least one answer diagnostic. */
  withDiagnostics: number;
  modes: Partial<Record<ScoringMode, number>>;
  metrics: Record<string, MetricSummary>;
}

export interface RunSummary {
  runKey: string;
  runId: string | null;
  benchmark: string;
  /** What a person calls the benchmark (`LLM-BabyBench`), its id when it is not registered here. */
  benchmarkLabel: string;
  /** The run's files, absolute paths, sorted. */
  files: string[];
  /** The earliest and latest record times (ISO). */
  started: string;
  finished: string;
  /** Records counted (a question answered twice for one model and mode counts once). */
  records: number;
  superseded: number;
  /** The benchmark's primary metric (primaryMetric of resultsModel), null when it declares no report. */
  primary: string | null;
  metricNames: string[];
  /** What the intervals resample (`game`, `level`, `file`), with the bootstrap's seed. */
  bootstrap: { cluster: string; seed: number; resamples: number } | null;
  models: ModelSummary[];
}

function reportOf(benchmark: string): BenchmarkReport | null {
  const report = findBenchmark(benchmark)?.report as BenchmarkReport | undefined;
  return report ? readableReport(report) : null;
}

function compactRow(record: RunRecord, report: BenchmarkReport | null): CompactRow {
  return {
    // mergeRunFiles' key: a repeat (`--epochs`) is an answer of its own, not a superseded one.
    key: `${record.model.id}\u0000${record.mode}\u0000${record.question.sampleId}\u0000${epochOf(record)}`,
    model: record.model.id,
    mode: record.mode,
    error: record.error !== undefined,
    valid: report ? report.valid(record) : record.error === undefined,
    diagnostics: record.diagnostics?.length ?? 0,
    metrics: report ? report.metrics(record) : {},
    cluster: report ? report.cluster(record) : '',
    time: record.time,
    // As the report's default: a mode defined over cut answers (GRASP paper) counts them.
    inMeans: !isCut(record) || (report !== null && cutsInMeans(report, record.mode, undefined)),
  };
}

/** One run file's records as compact rows, grouped by run. */
/** A run file's text, or its records already read (a host's chunked reader for files past V8's string limit). */
type RunFileInput = string | { records: readonly RunRecord[]; problems: readonly string[]; torn?: readonly string[] };

export function summariseRunFile(file: string, input: RunFileInput): FileSummary {
  const read = typeof input === 'string' ? parseRunRecords(input, file) : input;
  // A record cut short is shown (logged) with the lines that are not records.
  const records = read.records;
  const problems = [...read.problems, ...(read.torn ?? [])];
  const parts = new Map<string, FilePart>();
  const reports = new Map<string, BenchmarkReport | null>();
  for (const record of records) {
    const { benchmark } = record.question;
    const runId = record.run_id ?? null;
    const runKey = `${runId ?? `file:${file}`}\u0000${benchmark}`;
    let part = parts.get(runKey);
    if (!part) parts.set(runKey, (part = { runKey, runId, benchmark, rows: [] }));
    let report = reports.get(benchmark);
    if (report === undefined) reports.set(benchmark, (report = reportOf(benchmark)));
    part.rows.push(compactRow(record, report));
  }
  return { file, parts: [...parts.values()], problems };
}

function summariseModel(report: BenchmarkReport | null, model: string, rows: readonly CompactRow[]): ModelSummary {
  const modes: Partial<Record<ScoringMode, number>> = {};
  let valid = 0;
  let errors = 0;
  let withDiagnostics = 0;
  for (const row of rows) {
    modes[row.mode] = (modes[row.mode] ?? 0) + 1;
    if (row.valid) valid++;
    if (row.error) errors++;
    if (row.diagnostics > 0) withDiagnostics++;
  }
  return {
    model,
    n: rows.length,
    valid,
    errors,
    withDiagnostics,
    modes,
    metrics: report ? summarise(report, rows) : {},
  };
}

/** The runs of the given files (in file order; a run's parts merge across files), newest first. */
export function groupRuns(files: readonly FileSummary[]): RunSummary[] {
  const runs = new Map<string, { part: FilePart; files: string[]; rows: Map<string, CompactRow>; total: number }>();
  for (const { file, parts } of [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    for (const part of parts) {
      let run = runs.get(part.runKey);
      if (!run) runs.set(part.runKey, (run = { part, files: [], rows: new Map(), total: 0 }));
      run.files.push(file);
      for (const row of part.rows) {
        run.total++;
        const earlier = run.rows.get(row.key);
        // The rule of mergeRunFiles: an answer beats an error, otherwise the later record wins.
        if (earlier && !earlier.error && row.error) continue;
        run.rows.delete(row.key);
        run.rows.set(row.key, row);
      }
    }
  }
  const summaries: RunSummary[] = [];
  for (const { part, files: runFiles, rows, total } of runs.values()) {
    const report = reportOf(part.benchmark);
    const byModel = new Map<string, CompactRow[]>();
    let started = '';
    let finished = '';
    for (const row of rows.values()) {
      const list = byModel.get(row.model);
      if (list) list.push(row);
      else byModel.set(row.model, [row]);
      if (started === '' || row.time < started) started = row.time;
      if (row.time > finished) finished = row.time;
    }
    const models = [...byModel].map(([model, modelRows]) => summariseModel(report, model, modelRows));
    // Only the metrics some record of the run has (a MANGO route run has no map F1, a map run no success_strict).
    const metricNames = report
      ? report.metricNames.filter((name) => models.some((model) => name in model.metrics))
      : [];
    summaries.push({
      runKey: part.runKey,
      runId: part.runId,
      benchmark: part.benchmark,
      benchmarkLabel: findBenchmark(part.benchmark)?.label ?? part.benchmark,
      files: runFiles,
      started,
      finished,
      records: rows.size,
      superseded: total - rows.size,
      primary: report ? applicablePrimary(report, metricNames) : null,
      metricNames,
      bootstrap: report ? { cluster: report.clusterName, seed: BOOTSTRAP.seed, resamples: BOOTSTRAP.resamples } : null,
      models,
    });
  }
  return summaries.sort((a, b) =>
    a.started < b.started ? 1 : a.started > b.started ? -1 : a.runKey < b.runKey ? -1 : 1,
  );
}

/** A file as listed, with what says whether it changed. */
export interface FileStamp {
  path: string;
  mtimeMs: number;
  size: number;
}

/**
 * Per-file summaries kept by mtime and size: `runs` re-reads only the files that are new or
 * changed and forgets the ones no longer listed. `read` returns the file's text.
 */
export class RunSummaryCache {
  private readonly files = new Map<string, { mtimeMs: number; size: number; summary: FileSummary }>();
  /** How many files the last `runs` call read (the others came from the cache). */
  lastReads = 0;

  constructor(private readonly read: (path: string) => Promise<RunFileInput>) {}

  async runs(stamps: readonly FileStamp[]): Promise<{ runs: RunSummary[]; problems: string[] }> {
    const listed = new Set(stamps.map((stamp) => stamp.path));
    for (const path of [...this.files.keys()]) if (!listed.has(path)) this.files.delete(path);
    let reads = 0;
    const problems: string[] = [];
    const summaries: FileSummary[] = [];
    for (const stamp of stamps) {
      let entry = this.files.get(stamp.path);
      if (!entry || entry.mtimeMs !== stamp.mtimeMs || entry.size !== stamp.size) {
        reads++;
        let text: RunFileInput;
        try {
          text = await this.read(stamp.path);
        } catch (error) {
          // Removed or unreadable between listing and reading: said, and asked again next time.
          this.files.delete(stamp.path);
          problems.push(
            `${stamp.path}: cannot read the run file: ${error instanceof Error ? error.message : String(error)}`,
          );
          continue;
        }
        entry = { mtimeMs: stamp.mtimeMs, size: stamp.size, summary: summariseRunFile(stamp.path, text) };
        this.files.set(stamp.path, entry);
      }
      summaries.push(entry.summary);
    }
    this.lastReads = reads;
    return { runs: groupRuns(summaries), problems: [...problems, ...summaries.flatMap((summary) => summary.problems)] };
  }
}
