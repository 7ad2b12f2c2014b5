// The Runs view's batch-run summaries, computed in a worker thread (dist/runSummaries.js): a
// 40,000-record run file is parsed, scored into report metrics and bootstrapped here, never on the
// extension host's thread. The worker keeps the per-file cache (mtime + size), so a refresh while
// a run appends to one file re-reads only that file.
import { promises as fs } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { type FileStamp, RunSummaryCache, type RunSummary } from '../../core/runs/runGroups';

export interface SummaryRequest {
  id: number;
  files: FileStamp[];
}

export type SummaryResponse = { id: number; runs: RunSummary[]; problems: string[] } | { id: number; error: string };

const cache = new RunSummaryCache((path) => fs.readFile(path, 'utf8'));

parentPort?.on('message', (request: SummaryRequest) => {
  cache.runs(request.files).then(
    (result) => parentPort?.postMessage({ id: request.id, ...result } satisfies SummaryResponse),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies SummaryResponse),
  );
});
