// The Runs view's batch-run summaries, computed in a worker thread (dist/runSummaries.js): a
// 40,000-record run file is parsed, scored into report metrics and bootstrapped here, never on the
// extension host's thread. The worker keeps the per-file cache (mtime + size), so a refresh while
// a run appends to one file re-reads only that file.
// Summaries use each benchmark's report hooks: the full definitions of the built-ins.
import '../../core/benchmarks';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { type FileStamp, RunSummaryCache, type RunSummary } from '../../core/runs/runGroups';
import { readRunFile } from '../../host/runFileReader';

export interface SummaryRequest {
  id: number;
  files: FileStamp[];
}

export type SummaryResponse = { id: number; runs: RunSummary[]; problems: string[] } | { id: number; error: string };

// Read as `waypoint report` reads (in chunks, so a file past V8's largest string still reads; the
// skeleton read of host/recordSkeleton.ts), without prompts and answers the summaries never use.
const cache = new RunSummaryCache((path) => readRunFile(path, { workerScript: join(__dirname, 'runFileWorker.js') }));

parentPort?.on('message', (request: SummaryRequest) => {
  cache.runs(request.files).then(
    (result) => parentPort?.postMessage({ id: request.id, ...result } satisfies SummaryResponse),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies SummaryResponse),
  );
});
