// Reading run files for `waypoint report` and `compare`: each file through parseRunRecords, lines
// that are not records reported on stderr (file:line:column, a few then a count), and the files
// merged into one benchmark's record set.
import { createReadStream, promises as fs } from 'node:fs';
import { createInterface } from 'node:readline';
import { stripBom } from '../core/bom';
import { parseRunRecords } from '../core/eval/recordSchemas';
import type { RunRecord } from '../core/eval/types';
import { mergeRunFiles, ReportUsageError, type RecordSet } from '../core/runs/records';
import { describeFsError } from '../core/walk';
import { UsageError } from './args';

const SHOWN_PROBLEMS = 10;
/** Lines parsed at a time: a run file of long MANGO prompts can pass V8's largest string (about 512 MB), so it is never read whole. */
const BATCH_LINES = 2000;

/** The records of one file, read line by line; problems as parseRunRecords gives them, with the file's own line numbers. */
async function readRunFile(path: string): Promise<{ records: RunRecord[]; problems: string[] }> {
  const stat = await fs.stat(path);
  if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  if (!stat.isFile()) throw new Error('not a regular file (a FIFO or device is not read)');
  const records: RunRecord[] = [];
  const problems: string[] = [];
  let batch: string[] = [];
  let firstLine = 0;
  const flush = () => {
    const parsed = parseRunRecords(batch.join('\n'), path);
    for (const record of parsed.records) records.push(record);
    // parseRunRecords numbers lines from the batch's start: move them to the file's.
    const prefix = `${path}:`;
    for (const problem of parsed.problems) {
      const line = /^\d+/.exec(problem.slice(prefix.length))?.[0];
      problems.push(problem.startsWith(prefix) && line ? `${prefix}${Number(line) + firstLine}${problem.slice(prefix.length + line.length)}` : problem);
    }
    firstLine += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    batch.push(firstLine === 0 && batch.length === 0 ? stripBom(line) : line);
    if (batch.length === BATCH_LINES) flush();
  }
  if (batch.length > 0) flush();
  return { records, problems };
}

export interface ReadRuns {
  set: RecordSet;
  /** Whether a file or line could not be read (exit 1 after the output). */
  failed: boolean;
}

/** The records of `paths`, merged; null when no file could be read at all. Usage errors (mixed benchmarks) throw UsageError. */
export async function readRunFiles(paths: readonly string[], err: (text: string) => void): Promise<ReadRuns | null> {
  const files: Array<{ file: string; records: RunRecord[] }> = [];
  let failed = false;
  for (const path of paths) {
    let parsed: { records: RunRecord[]; problems: string[] };
    try {
      parsed = await readRunFile(path);
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
