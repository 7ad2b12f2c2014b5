// Reading run files for `waypoint report` and `compare`: each file through parseRunRecords, lines
// that are not records reported on stderr (file:line:column, a few then a count), and the files
// merged into one benchmark's record set.
import { promises as fs } from 'node:fs';
import { stripBom } from '../core/bom';
import { parseRunRecords } from '../core/eval/recordSchemas';
import { readTextFile } from '../core/fileLimits';
import { mergeRunFiles, ReportUsageError, type RecordSet } from '../core/runs/records';
import { describeFsError } from '../core/walk';
import { UsageError } from './args';

/** Run files hold whole prompts: larger than the benchmark files the default cap is made for. */
const RUN_FILE_LIMIT = 1024 * 1048576;
const SHOWN_PROBLEMS = 10;

export interface ReadRuns {
  set: RecordSet;
  /** Whether a file or line could not be read (exit 1 after the output). */
  failed: boolean;
}

/** The records of `paths`, merged; null when no file could be read at all. Usage errors (mixed benchmarks) throw UsageError. */
export async function readRunFiles(paths: readonly string[], err: (text: string) => void): Promise<ReadRuns | null> {
  const files: Array<{ file: string; records: ReturnType<typeof parseRunRecords>['records'] }> = [];
  let failed = false;
  for (const path of paths) {
    let text: string;
    try {
      text = await readTextFile(fs, path, RUN_FILE_LIMIT);
    } catch (error) {
      err(`${path}: ${describeFsError(error)}`);
      failed = true;
      continue;
    }
    const parsed = parseRunRecords(stripBom(text), path);
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
