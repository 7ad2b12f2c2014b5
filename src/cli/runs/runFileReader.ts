// Reading run files for `waypoint report` and `compare` (src/host/runFileReader.ts does the
// reading): lines that are not records reported on stderr (file:line:column, a few then a count),
// records cut short (a write that never finished) as warnings that do not fail the command, and
// the files merged into one benchmark's record set.
import type { RunRecord } from '../../core/eval/types';
import { mergeRunFiles, ReportUsageError, type RecordSet } from '../../core/runs/records';
import { describeFsError } from '../../core/util/walk';
import { type ReadOptions, readRunFile } from '../../host/runFileReader';
import { UsageError } from '../args';

export { runFileWorker } from '../../host/runFileReader';

const SHOWN_PROBLEMS = 10;

interface ReadRuns {
  set: RecordSet;
  /** Whether a file or line could not be read (exit 1 after the output). */
  failed: boolean;
  /** With the `offsets` option: where each record's line is, to read it whole later (host/recordsAt.ts). */
  places: Map<RunRecord, { file: string; offset: number }>;
}

/** The records of `paths`, merged; null (said on stderr) when no file could be read or none holds a record. Usage errors (mixed benchmarks) throw UsageError. */
export async function readRunFiles(
  paths: readonly string[],
  err: (text: string) => void,
  options: ReadOptions = {},
): Promise<ReadRuns | null> {
  const files: Array<{ file: string; records: RunRecord[]; problems: number }> = [];
  const places = new Map<RunRecord, { file: string; offset: number }>();
  let failed = false;
  for (const path of paths) {
    let parsed: { records: RunRecord[]; problems: string[]; offsets: number[]; torn: string[] };
    try {
      parsed = await readRunFile(path, options);
    } catch (error) {
      err(`${path}: ${describeFsError(error)}`);
      failed = true;
      continue;
    }
    for (const problem of parsed.problems.slice(0, SHOWN_PROBLEMS)) err(problem);
    if (parsed.problems.length > SHOWN_PROBLEMS)
      err(`${path}: ${parsed.problems.length - SHOWN_PROBLEMS} more lines are not run records`);
    if (parsed.problems.length > 0) failed = true;
    if (options.offsets)
      parsed.records.forEach((record, index) => places.set(record, { file: path, offset: parsed.offsets[index] }));
    // A record cut short (a run killed mid-write, a full disk) is a lost answer, not a wrong file:
    // said, and the report goes on (resume asks that question again).
    for (const torn of parsed.torn.slice(0, SHOWN_PROBLEMS)) err(`warning: ${torn}`);
    if (parsed.torn.length > SHOWN_PROBLEMS)
      err(`warning: ${path}: ${parsed.torn.length - SHOWN_PROBLEMS} more records cut short, skipped`);
    files.push({ file: path, records: parsed.records, problems: parsed.problems.length });
  }
  if (files.length === 0) return null;
  // Files that hold no record (empty, or no line a run record) are input errors (exit 1), not a
  // usage error: the command was called rightly, on files that have nothing to report.
  if (files.every((file) => file.records.length === 0)) {
    // Each file's own reason: another file that could not be opened says nothing about this one.
    for (const file of files)
      err(`${file.file}: no run records (${file.problems > 0 ? 'no line is a run record' : 'the file is empty'})`);
    return null;
  }
  try {
    return { set: mergeRunFiles(files), failed, places };
  } catch (error) {
    if (error instanceof ReportUsageError) throw new UsageError(error.message);
    throw error;
  }
}
