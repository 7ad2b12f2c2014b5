// Scoring imported GRASP rows, serialised as they are scored. Each record becomes its JSON line at
// once, in one JSON.stringify call (a walk over its keys with a call per value, to write the shared
// profile and prompt once, took about 1.4 times as long as V8 writing them again), encoded straight into
// large UTF-8 chunks (no array of records, no one 27 MB string), and the chunks go to the output as
// they fill; the main thread encodes every chunk into the same buffer. Large inputs may be cut into contiguous shares (whole
// lines) scored on worker threads running the `import grasp` bundle; the main thread scores the
// first share and the shares are written in order, so the output does not depend on the threads.
// On this project's 2-core machine the shared results set (10,400 rows) took 0.94 s at best on one
// thread and 1.18 s on two (each thread loads the grids and warms up its own JIT, and the second
// one's output is copied back), so one thread is the default and --workers N asks for more.
import { Worker } from 'node:worker_threads';
import { importGraspRows, type GraspImportKind, type GraspImportOptions } from '../../core/benchmarks/grasp/importRows';
import { loadGraspGrids } from '../../core/benchmarks/grasp/questionSet';

export interface ImportJob {
  path: string;
  kind: GraspImportKind;
  text: string;
  /** 0-based line of the text's first line in its file (a share of a file). */
  firstLine?: number;
}

export interface ScoredShare {
  records: number;
  errorCount: number;
  skipped: number;
  problems: string[];
  /** Rows that became error records, by results file and reason (key `path\0reason`), with the first such row's 0-based line. */
  errors: Map<string, ErrorRows>;
}

export interface ErrorRows {
  path: string;
  reason: string;
  firstLine: number;
  count: number;
}

/** Counts one error record under its file and reason; `into` keeps each group's first line. */
function countErrorRows(into: Map<string, ErrorRows>, rows: ErrorRows): void {
  const key = `${rows.path}\0${rows.reason}`;
  const known = into.get(key);
  if (!known) into.set(key, { ...rows });
  else {
    known.count += rows.count;
    known.firstLine = Math.min(known.firstLine, rows.firstLine);
  }
}

/** What a worker is started with. */
export interface ImportWorkerData {
  waypointWorker: 'grasp-import';
  jobs: ImportJob[];
  gridTexts: Array<{ path: string; text: string }>;
  options: GraspImportOptions;
  chunkBytes: number;
}

/** What a worker posts back: its share's counts and its output chunks (transferred, not copied). */
type WorkerResult = Omit<ScoredShare, 'errors'> & { errors: ErrorRows[]; chunks: Uint8Array[] };

/** The default chunk: a few MB, so a 27 MB run file is a handful of writes. */
export const CHUNK_BYTES = 1 << 22;

interface ScoreOptions {
  /** Threads to score on (default one: see the top of this file). */
  threads?: number;
  /** Bytes per output chunk (default CHUNK_BYTES; tests make it small to cross many chunk ends). */
  chunkBytes?: number;
}

/** JSON lines encoded as UTF-8 into chunks of about `size` bytes, each handed to `flush` when full; a longer line is a chunk of its own. */
export class LineChunks {
  private buffer: Buffer;
  private used = 0;

  /** `reuse`: `flush` is done with a chunk when it returns (a synchronous write), so its buffer is written again. */
  constructor(
    private readonly flush: (chunk: Uint8Array) => void,
    private readonly size = CHUNK_BYTES,
    private readonly reuse = false,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  add(line: string): void {
    // A UTF-16 unit is at most 3 UTF-8 bytes; +1 for the line end.
    const most = line.length * 3 + 1;
    if (this.used + most > this.buffer.length) {
      this.end();
      if (most > this.buffer.length) this.buffer = Buffer.allocUnsafeSlow(most);
    }
    this.used += this.buffer.write(line, this.used);
    this.buffer[this.used++] = 10;
  }

  /** Hands over what is buffered; the next line starts a fresh buffer (a flushed one may be transferred). */
  end(): void {
    if (this.used === 0) return;
    this.flush(this.buffer.subarray(0, this.used));
    // A fresh buffer's pages are faulted in as they are first written: 27 MB of them cost more than
    // encoding the lines into them. A line longer than a chunk got a buffer of its own: drop it.
    if (!this.reuse || this.buffer.length !== this.size) this.buffer = Buffer.allocUnsafeSlow(this.size);
    this.used = 0;
  }
}

/**
 * Scores jobs on this thread, handing the output to `flush` in chunks, in order. Every thread loads
 * the same grids, so only one share (the main thread's) reports their problems: `mainThread`
 * is false on workers, or each problem would be reported once per thread. On the main thread
 * `flush` must be done with a chunk when it returns (its buffer is reused); a worker's chunks are
 * transferred, so each is a buffer of its own.
 */
async function scoreShare(
  jobs: readonly ImportJob[],
  gridTexts: ReadonlyArray<{ path: string; text: string }>,
  options: GraspImportOptions,
  flush: (chunk: Uint8Array) => void,
  chunkBytes = CHUNK_BYTES,
  mainThread = true,
): Promise<ScoredShare> {
  const texts = new Map(gridTexts.map((grid) => [grid.path, grid.text]));
  const grids = await loadGraspGrids(
    gridTexts.map((grid) => grid.path),
    { readText: async (path) => texts.get(path) ?? '', list: async () => null },
    { quick: true },
  );
  const share: ScoredShare = {
    records: 0,
    errorCount: 0,
    skipped: 0,
    problems: mainThread ? [...grids.problems] : [],
    errors: new Map(),
  };
  const out = new LineChunks(flush, chunkBytes, mainThread);
  for (const job of jobs) {
    const result = importGraspRows(
      job.text,
      job.path,
      job.kind,
      grids.byName,
      options,
      job.firstLine ?? 0,
      (record, line) => {
        out.add(JSON.stringify(record));
        share.records++;
        if (record.error !== undefined) {
          share.errorCount++;
          countErrorRows(share.errors, { path: job.path, reason: record.error, firstLine: line, count: 1 });
        }
      },
    );
    share.skipped += result.skipped;
    share.problems.push(...result.problems);
  }
  out.end();
  return share;
}

/** Splits jobs into `count` shares of about equal row counts, cutting files at line ends. */
function split(jobs: readonly ImportJob[], count: number): ImportJob[][] {
  const lines = jobs.map((job) => job.text.split('\n'));
  const total = lines.reduce((sum, list) => sum + list.length, 0);
  const shares: ImportJob[][] = Array.from({ length: count }, () => []);
  const perShare = Math.ceil(total / count);
  let share = 0;
  let inShare = 0;
  jobs.forEach((job, index) => {
    let from = 0;
    while (from < lines[index].length) {
      const take = Math.min(lines[index].length - from, perShare - inShare);
      shares[share].push({ ...job, text: lines[index].slice(from, from + take).join('\n'), firstLine: from });
      from += take;
      inShare += take;
      if (inShare >= perShare && share < count - 1) {
        share++;
        inShare = 0;
      }
    }
  });
  return shares.filter((list) => list.length > 0);
}

/** The bundle a worker runs: the `import grasp` bundle or the full CLI (both dispatch workers); tests bundle the command elsewhere and score on one thread. */
function workerScript(): string | null {
  return /[\\/]cli(-main|-import-grasp)?\.js$/.test(__filename) ? __filename : null;
}

/** Scores every job, handing the output to `flush` in order; a `flush` or scoring error stops the other threads. */
export async function scoreImportJobs(
  jobs: readonly ImportJob[],
  gridTexts: Array<{ path: string; text: string }>,
  options: GraspImportOptions,
  flush: (chunk: Uint8Array) => void,
  score: ScoreOptions = {},
): Promise<ScoredShare> {
  const { threads = 1, chunkBytes = CHUNK_BYTES } = score;
  const script = workerScript();
  if (threads <= 1 || script === null) return scoreShare(jobs, gridTexts, options, flush, chunkBytes);
  const [own, ...others] = split(jobs, threads);
  const workers: Worker[] = [];
  const pending = others.map(
    (share) =>
      new Promise<WorkerResult>((resolve, reject) => {
        const data: ImportWorkerData = { waypointWorker: 'grasp-import', jobs: share, gridTexts, options, chunkBytes };
        const worker = new Worker(script, { workerData: data });
        workers.push(worker);
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`an import worker exited with code ${code}`)));
      }),
  );
  const all = Promise.all(pending);
  // Awaited below; until then a worker's failure must not count as unhandled.
  all.catch(() => undefined);
  let merged: ScoredShare;
  let results: WorkerResult[];
  try {
    merged = await scoreShare(own, gridTexts, options, flush, chunkBytes);
    results = await all;
  } catch (error) {
    // The import has failed: the other shares are not wanted, and a running worker keeps the process alive.
    await Promise.allSettled(workers.map((worker) => worker.terminate()));
    throw error;
  }
  for (const result of results) {
    for (const chunk of result.chunks) flush(chunk);
    merged.records += result.records;
    merged.errorCount += result.errorCount;
    merged.skipped += result.skipped;
    merged.problems.push(...result.problems);
    for (const rows of result.errors) countErrorRows(merged.errors, rows);
  }
  return merged;
}

/** A worker's body: score its share and post it back, the chunks transferred. */
export async function runImportWorker(
  data: ImportWorkerData,
  post: (message: WorkerResult, transfer: ArrayBuffer[]) => void,
): Promise<void> {
  const chunks: Uint8Array[] = [];
  const share = await scoreShare(
    data.jobs,
    data.gridTexts,
    data.options,
    (chunk) => chunks.push(chunk),
    data.chunkBytes,
    false,
  );
  post(
    { ...share, errors: [...share.errors.values()], chunks },
    chunks.map((chunk) => chunk.buffer as ArrayBuffer),
  );
}
