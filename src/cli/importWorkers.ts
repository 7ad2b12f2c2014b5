// Scoring imported GRASP rows across cores. The rows are cut into contiguous shares (whole lines);
// the main thread scores the first share while worker threads, running this same CLI bundle, score
// the others; the shares' JSON Lines are written in order, so the output does not depend on how
// many threads ran. Small inputs stay on the main thread: a worker costs a bundle load.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { importGraspFile, type GraspImportKind, type GraspImportOptions } from '../core/grasp/importRows';
import { loadGraspGrids } from '../core/grasp/questionSet';

export interface ImportJob {
  path: string;
  kind: GraspImportKind;
  text: string;
  /** 0-based line of the text's first line in its file (a share of a file). */
  firstLine?: number;
}

export interface ScoredShare {
  lines: string;
  records: number;
  errorCount: number;
  skipped: number;
  problems: string[];
  /** Error reason → rows. */
  errors: Map<string, number>;
}

/** What a worker is started with. */
export interface ImportWorkerData {
  waypointWorker: 'grasp-import';
  jobs: ImportJob[];
  gridTexts: Array<{ path: string; text: string }>;
  options: GraspImportOptions;
}

/** Below this many rows one thread is faster than starting another. */
const ROWS_PER_WORKER = 1500;

/** Scores jobs on this thread. */
export async function scoreShare(jobs: readonly ImportJob[], gridTexts: ReadonlyArray<{ path: string; text: string }>, options: GraspImportOptions): Promise<ScoredShare> {
  const texts = new Map(gridTexts.map((grid) => [grid.path, grid.text]));
  const grids = await loadGraspGrids(
    gridTexts.map((grid) => grid.path),
    { readText: async (path) => texts.get(path) ?? '', list: async () => null },
    { quick: true },
  );
  const share: ScoredShare = { lines: '', records: 0, errorCount: 0, skipped: 0, problems: [...grids.problems], errors: new Map() };
  const parts: string[] = [];
  for (const job of jobs) {
    const result = importGraspFile(job.text, job.path, job.kind, grids.byName, options, job.firstLine ?? 0);
    for (const record of result.records) {
      parts.push(JSON.stringify(record), '\n');
      if (record.error !== undefined) {
        share.errorCount++;
        share.errors.set(record.error, (share.errors.get(record.error) ?? 0) + 1);
      }
    }
    share.records += result.records.length;
    share.skipped += result.skipped;
    share.problems.push(...result.problems);
  }
  share.lines = parts.join('');
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

/** The bundle a worker runs: the CLI itself (dist/cli-main.js behind the dist/cli.js launcher); tests bundle the command elsewhere and score on one thread. */
function workerScript(): string | null {
  return /[\\/]cli(-main)?\.js$/.test(__filename) ? __filename : null;
}

/** Scores every job, on `threads` threads (default: one per core when the input is large enough). */
export async function scoreImportJobs(jobs: readonly ImportJob[], gridTexts: Array<{ path: string; text: string }>, options: GraspImportOptions, threads?: number): Promise<ScoredShare> {
  let rows = 0;
  for (const job of jobs) for (let at = job.text.indexOf('\n'); at >= 0; at = job.text.indexOf('\n', at + 1)) rows++;
  const script = workerScript();
  const wanted = threads ?? Math.min(availableParallelism(), Math.max(1, Math.floor(rows / ROWS_PER_WORKER)));
  if (wanted <= 1 || script === null) return scoreShare(jobs, gridTexts, options);
  const [own, ...others] = split(jobs, wanted);
  const pending = others.map(
    (share) =>
      new Promise<ScoredShare>((resolve, reject) => {
        const data: ImportWorkerData = { waypointWorker: 'grasp-import', jobs: share, gridTexts, options };
        const worker = new Worker(script, { workerData: data });
        worker.once('message', (message: Omit<ScoredShare, 'errors'> & { errors: Array<[string, number]> }) => resolve({ ...message, errors: new Map(message.errors) }));
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`an import worker exited with code ${code}`)));
      }),
  );
  const results = [await scoreShare(own, gridTexts, options), ...(await Promise.all(pending))];
  const merged: ScoredShare = { lines: results.map((result) => result.lines).join(''), records: 0, errorCount: 0, skipped: 0, problems: [], errors: new Map() };
  for (const result of results) {
    merged.records += result.records;
    merged.errorCount += result.errorCount;
    merged.skipped += result.skipped;
    merged.problems.push(...result.problems);
    for (const [reason, count] of result.errors) merged.errors.set(reason, (merged.errors.get(reason) ?? 0) + count);
  }
  return merged;
}

/** A worker's body: score its share and post it back. */
export async function runImportWorker(data: ImportWorkerData, post: (message: unknown) => void): Promise<void> {
  const share = await scoreShare(data.jobs, data.gridTexts, data.options);
  post({ ...share, errors: [...share.errors] });
}
