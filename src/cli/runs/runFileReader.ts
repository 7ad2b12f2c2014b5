// Reading run files for `waypoint report` and `compare` (src/host/runFileReader.ts does the
// reading): lines that are not records reported on stderr (file:line:column, a few then a count),
// records cut short (a write that never finished) as warnings that do not fail the command, and
// the files merged into one benchmark's record set. Without text or offsets (every output but
// --html) the files are streamed into the merge, each record reduced as it arrives to what the
// tables read (RecordMerger's slim records): memory follows the questions, not the files' size.
import type { RunRecord } from '../../core/eval/types';
import { mergeRunFiles, RecordMerger, ReportUsageError, type RecordSet } from '../../core/runs/records';
import { describeFsError } from '../../core/util/walk';
import { type ReadOptions, readRunFile, streamWholeRunFile } from '../../host/runFileReader';
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

/** One file's read: its records (none kept when streamed into a merge), how many, and its first problems and cuts. */
interface FileRead {
  records: RunRecord[];
  count: number;
  problems: string[];
  problemCount: number;
  torn: string[];
  tornCount: number;
  offsets: number[];
}

/** Streams `path` into `merger`, keeping the first problems and cut records of the file and counting the rest. */
async function streamInto(path: string, merger: RecordMerger): Promise<FileRead> {
  const read: FileRead = { records: [], count: 0, problems: [], problemCount: 0, torn: [], tornCount: 0, offsets: [] };
  await streamWholeRunFile(path, {
    records: (records) => {
      for (const record of records) merger.add(record, path);
      read.count += records.length;
    },
    problem: (problem) => {
      if (read.problemCount++ < SHOWN_PROBLEMS) read.problems.push(problem);
    },
    torn: (torn) => {
      if (read.tornCount++ < SHOWN_PROBLEMS) read.torn.push(torn);
    },
  });
  return read;
}

async function readWhole(path: string, options: ReadOptions): Promise<FileRead> {
  const parsed = await readRunFile(path, options);
  return {
    ...parsed,
    count: parsed.records.length,
    problemCount: parsed.problems.length,
    tornCount: parsed.torn.length,
  };
}

/** The records of `paths`, merged; null (said on stderr) when no file could be read or none holds a record. Usage errors (mixed benchmarks) throw UsageError. */
export async function readRunFiles(
  paths: readonly string[],
  err: (text: string) => void,
  options: ReadOptions = {},
): Promise<ReadRuns | null> {
  // The HTML page reads rows whole again by offset, and keepText keeps them whole: those reads keep records.
  const merger = options.keepText || options.offsets ? null : new RecordMerger(true);
  const files: Array<{ file: string; records: RunRecord[]; count: number; problems: number }> = [];
  const places = new Map<RunRecord, { file: string; offset: number }>();
  let failed = false;
  try {
    for (const path of paths) {
      let parsed: FileRead;
      try {
        parsed = merger ? await streamInto(path, merger) : await readWhole(path, options);
      } catch (error) {
        if (error instanceof ReportUsageError) throw error;
        err(`${path}: ${describeFsError(error)}`);
        failed = true;
        continue;
      }
      for (const problem of parsed.problems.slice(0, SHOWN_PROBLEMS)) err(problem);
      if (parsed.problemCount > SHOWN_PROBLEMS)
        err(`${path}: ${parsed.problemCount - SHOWN_PROBLEMS} more lines are not run records`);
      if (parsed.problemCount > 0) failed = true;
      if (options.offsets)
        parsed.records.forEach((record, index) => places.set(record, { file: path, offset: parsed.offsets[index] }));
      // A record cut short (a run killed mid-write, a full disk) is a lost answer, not a wrong file:
      // said, and the report goes on (resume asks that question again).
      for (const torn of parsed.torn.slice(0, SHOWN_PROBLEMS)) err(`warning: ${torn}`);
      if (parsed.tornCount > SHOWN_PROBLEMS)
        err(`warning: ${path}: ${parsed.tornCount - SHOWN_PROBLEMS} more records cut short, skipped`);
      files.push({ file: path, records: parsed.records, count: parsed.count, problems: parsed.problemCount });
    }
    if (files.length === 0) return null;
    // Files that hold no record (empty, or no line a run record) are input errors (exit 1), not a
    // usage error: the command was called rightly, on files that have nothing to report.
    if (files.every((file) => file.count === 0)) {
      // Each file's own reason: another file that could not be opened says nothing about this one.
      for (const file of files)
        err(`${file.file}: no run records (${file.problems > 0 ? 'no line is a run record' : 'the file is empty'})`);
      return null;
    }
    return { set: merger ? merger.result() : mergeRunFiles(files), failed, places };
  } catch (error) {
    if (error instanceof ReportUsageError) throw new UsageError(error.message);
    throw error;
  }
}
