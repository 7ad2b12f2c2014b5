// Reading run files for `waypoint report` and `compare` (src/host/runFileReader.ts does the
// reading): lines that are not records reported on stderr (file:line:column, a few then a count),
// and the files merged into one benchmark's record set.
import type { RunRecord } from '../core/eval/types';
import { mergeRunFiles, ReportUsageError, type RecordSet } from '../core/runs/records';
import { describeFsError } from '../core/walk';
import { type ReadOptions, readRunFile } from '../host/runFileReader';
import { UsageError } from './args';

export { runFileWorker } from '../host/runFileReader';

const SHOWN_PROBLEMS = 10;

export interface ReadRuns {
  set: RecordSet;
  /** Whether a file or line could not be read (exit 1 after the output). */
  failed: boolean;
}

/** The records of `paths`, merged; null when no file could be read at all. Usage errors (mixed benchmarks) throw UsageError. */
export async function readRunFiles(paths: readonly string[], err: (text: string) => void, options: ReadOptions = {}): Promise<ReadRuns | null> {
  const files: Array<{ file: string; records: RunRecord[] }> = [];
  let failed = false;
  for (const path of paths) {
    let parsed: { records: RunRecord[]; problems: string[] };
    try {
      parsed = await readRunFile(path, options);
    } catch (error) {
      err(`${path}: ${describeFsError(error)}`);
      failed = true;
      continue;
    }
    for (const problem of parsed.problems.slice(0, SHOWN_PROBLEMS)) err(problem);
    if (parsed.problems.length > SHOWN_PROBLEMS) err(`${path}: ${parsed.problems.length - SHOWN_PROBLEMS} more lines are not run records`);
    if (parsed.problems.length > 0) failed = true;
    files.push({ file: path, records: parsed.records });
  }
  if (files.length === 0) return null;
  try {
    return { set: mergeRunFiles(files), failed };
  } catch (error) {
    if (error instanceof ReportUsageError) throw new UsageError(error.message);
    throw error;
  }
}
