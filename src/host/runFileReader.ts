// Reading run files in a Node host (`waypoint report` and `compare`, the editor's results view), in
// chunks that end at line ends (a file may pass V8's largest string). Readers of tables (no
// keepText) get the skeleton read of host/recordSkeleton.ts on the calling thread: each record
// checked against the schema, its prompts and answers never decoded. Readers of whole records
// (keepText: the HTML report) go through parseRunRecords, large files cut into one range per core
// and parsed in worker threads. Each record's byte offset lets readRecordAt read it whole later.
import { promises as fs } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { stripBom } from '../core/util/bom';
import { parseRunRecords } from '../core/eval/recordSchemas';
import type { RunRecord } from '../core/eval/types';
import { readRecordSummaries } from './recordSkeleton';
/**
 * Bytes parsed at a time: a run file of long MANGO prompts can pass V8's largest string (about
 * 512 MB), so it is never read whole; each chunk ends at a line end.
 */
const CHUNK_BYTES = 1048576;
/** The skeleton read decodes only skeletons, so its chunks can be larger: fewer reads, same memory order. */
const SKELETON_CHUNK_BYTES = 4 * 1048576;

export interface ReadOptions {
  /** Keep prompts, raw and parsed answers (the HTML drill-down); without, records keep only what tables need, which saves memory and time. */
  keepText?: boolean;
  /** Each record's byte offset (RunFileContents.offsets), for readRecordAt; with keepText an extra pass, so only when asked. */
  offsets?: boolean;
  /** The script worker threads start: a bundle that calls runFileWorker() when it is not the main thread (default: this bundle). */
  workerScript?: string;
}

/** A file's records, the lines that are not records, and where each record's line starts (bytes). */
interface RunFileContents {
  records: RunRecord[];
  problems: string[];
  offsets: number[];
  /** Records cut short (a write that never finished), `file:line: ...`: warnings, not problems. */
  torn: string[];
}

interface RangeResult {
  records: RunRecord[];
  /** Byte offset of each record's line in the file. */
  offsets: number[];
  /** Problems with line numbers counted from the range's first line. */
  problems: string[];
  /** Cut-short records, numbered as problems are. */
  torn: string[];
  /** Line ends in the range. */
  lines: number;
}

/** Where a range's reading goes, a chunk at a time (line numbers counted from the range's first line). */
export interface RangeSink {
  records(records: readonly RunRecord[], offsets: readonly number[]): void;
  problem(problem: string): void;
  torn(torn: string): void;
}

/** A sink that keeps everything (a whole file's read). */
class Collected implements RangeSink {
  readonly result: RangeResult = { records: [], offsets: [], problems: [], torn: [], lines: 0 };
  records(records: readonly RunRecord[], offsets: readonly number[]): void {
    for (const record of records) this.result.records.push(record);
    for (const offset of offsets) this.result.offsets.push(offset);
  }
  problem(problem: string): void {
    this.result.problems.push(problem);
  }
  torn(torn: string): void {
    this.result.torn.push(torn);
  }
}

/** Line ends in bytes (`\n`; a lone `\r` is not a JSON Lines line end any run file has). */
function countLines(data: Buffer, from: number, to: number): number {
  let lines = 0;
  for (let at = data.indexOf(10, from); at >= 0 && at < to; at = data.indexOf(10, at + 1)) lines++;
  return lines;
}

/** Byte offsets (from `base`) of the given 0-based lines of `text`, with parseRunRecords' line ends (\r\n, \r, \n). */
function recordOffsets(text: string, lineIndices: readonly number[], base: number): number[] {
  const offsets: number[] = [];
  const lineEnd = /\r\n|\r|\n/g;
  let line = 0;
  let charAt = 0;
  let byteAt = base;
  for (const wanted of lineIndices) {
    while (line < wanted) {
      const match = lineEnd.exec(text);
      if (!match) break;
      const next = match.index + match[0].length;
      byteAt += Buffer.byteLength(text.slice(charAt, next));
      charAt = next;
      line++;
    }
    offsets.push(byteAt);
  }
  return offsets;
}

interface RangeOptions {
  keepText: boolean;
  offsets: boolean;
}

/** `file:N...` with N moved down by `lines` (a chunk's or range's numbering moved to the file's). */
function movedDown(problem: string, prefix: string, lines: number): string {
  const line = /^\d+/.exec(problem.slice(prefix.length))?.[0];
  return problem.startsWith(prefix) && line && lines > 0
    ? `${prefix}${Number(line) + lines}${problem.slice(prefix.length + line.length)}`
    : problem;
}

/** Parses a range's chunks in order, numbering lines from the range's start and offsets from the file's. */
class RangeParser {
  lines = 0;
  private chunkStart: number;

  constructor(
    private readonly path: string,
    private readonly start: number,
    private readonly options: RangeOptions,
    private readonly sink: RangeSink,
  ) {
    this.chunkStart = start;
  }

  /** Parses data[0, to), which ends at a line end. */
  parse(data: Buffer, to: number): void {
    if (this.options.keepText) this.parseRecords(data, to);
    else this.parseSkeletons(data, to);
  }

  /** Tables only: the fast skeleton read on bytes (host/recordSkeleton.ts), offsets for free. */
  private parseSkeletons(data: Buffer, to: number): void {
    const bom =
      this.start === 0 &&
      this.lines === 0 &&
      this.chunkStart === 0 &&
      to >= 3 &&
      data[0] === 0xef &&
      data[1] === 0xbb &&
      data[2] === 0xbf
        ? 3
        : 0;
    const read = readRecordSummaries(data.subarray(bom, to), to - bom, this.path, this.lines, this.chunkStart + bom);
    this.sink.records(read.records, this.options.offsets ? read.offsets : []);
    for (const problem of read.problems) this.sink.problem(problem);
    for (const torn of read.torn) this.sink.torn(torn);
    this.lines += read.lines;
    this.chunkStart += to;
  }

  private parseRecords(data: Buffer, to: number): void {
    const prefix = `${this.path}:`;
    const raw = data.toString('utf8', 0, to);
    const text = this.start === 0 && this.lines === 0 ? stripBom(raw) : raw;
    const parsed = parseRunRecords(text, this.path);
    this.sink.records(
      parsed.records,
      this.options.offsets
        ? recordOffsets(text, parsed.recordLines, this.chunkStart + (to - Buffer.byteLength(text)))
        : [],
    );
    this.chunkStart += to;
    // parseRunRecords numbers lines from the chunk's start: move them to the range's.
    for (const problem of parsed.problems) this.sink.problem(movedDown(problem, prefix, this.lines));
    for (const torn of parsed.torn) this.sink.torn(movedDown(torn, prefix, this.lines));
    this.lines += countLines(data, 0, to);
  }
}

/** Parses bytes [start, end) of a run file, which begin and end at line boundaries. */
async function readRange(path: string, start: number, end: number, options: RangeOptions): Promise<RangeResult> {
  const collected = new Collected();
  collected.result.lines = await streamRange(path, start, end, options, collected);
  return collected.result;
}

/**
 * Parses bytes [start, end) of a run file into `sink`, a chunk at a time (memory: two chunks and the
 * longest line, whatever the file's size); returns the line ends read. Stops between chunks once
 * `signal` is aborted.
 */
async function streamRange(
  path: string,
  start: number,
  end: number,
  options: RangeOptions,
  sink: RangeSink,
  signal?: AbortSignal,
): Promise<number> {
  const handle = await fs.open(path, 'r');
  /** The read in flight, settled before the handle closes (a parse that throws leaves one). */
  let pending: Promise<unknown> = Promise.resolve();
  try {
    const parser = new RangeParser(path, start, options, sink);
    let carry = Buffer.alloc(0);
    // Two buffers: the next chunk is read while this one is parsed, so the parse never waits on I/O.
    const chunkBytes = options.keepText ? CHUNK_BYTES : SKELETON_CHUNK_BYTES;
    const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
    let position = start;
    const readNext = (buffer: Buffer) => {
      const length = Math.min(chunkBytes, end - position);
      const at = position;
      position += length;
      // A short read means the file was cut meanwhile: stop after it rather than skip bytes.
      return length > 0
        ? handle.read(buffer, 0, length, at).then(({ bytesRead }) => ({ bytesRead, short: bytesRead < length }))
        : Promise.resolve({ bytesRead: 0, short: true });
    };
    let next = readNext(buffers[0]);
    for (let turn = 0; ; turn++) {
      const { bytesRead, short } = await next;
      if (bytesRead === 0 || signal?.aborted) break;
      const buffer = buffers[turn % 2];
      if (short) position = end;
      next = readNext(buffers[(turn + 1) % 2]);
      pending = next;
      let data = buffer.subarray(0, bytesRead);
      if (carry.length > 0) {
        // Only the line cut by the chunk's start is joined (copying whole chunks cost more).
        const newline = data.indexOf(10);
        if (newline < 0) {
          carry = Buffer.concat([carry, data]);
          continue;
        }
        const joined = Buffer.concat([carry, data.subarray(0, newline + 1)]);
        parser.parse(joined, joined.length);
        carry = Buffer.alloc(0);
        data = data.subarray(newline + 1);
      }
      const last = data.lastIndexOf(10);
      if (last < 0) {
        carry = Buffer.from(data);
        continue;
      }
      parser.parse(data, last + 1);
      carry = Buffer.from(data.subarray(last + 1));
    }
    if (carry.length > 0 && !signal?.aborted) parser.parse(carry, carry.length);
    return parser.lines;
  } finally {
    await pending.catch(() => undefined);
    await handle.close();
  }
}

/**
 * Streams the records of bytes [0, end) of a run file into `sink` without keeping them (the
 * skeleton read, a chunk at a time): memory independent of the file's size. Stops between chunks
 * once `signal` is aborted.
 */
export async function streamRunFile(path: string, end: number, sink: RangeSink, signal?: AbortSignal): Promise<void> {
  await streamRange(path, 0, end, { keepText: false, offsets: false }, sink, signal);
}

/** Streams a whole run file into `sink` (streamRunFile), refusing a folder, a FIFO or a device as readRunFile does. */
export async function streamWholeRunFile(path: string, sink: RangeSink): Promise<void> {
  await streamRunFile(path, (await regularFileStat(path)).size, sink);
}

/** `path`'s stat, when it is a regular file (a FIFO or device would never end, or block). */
async function regularFileStat(path: string): Promise<{ size: number }> {
  const stat = await fs.stat(path);
  if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  if (!stat.isFile()) throw new Error('not a regular file (a FIFO or device is not read)');
  return stat;
}

/** Where to cut a file into about `parts` ranges, each cut just after a line end. */
async function rangeCuts(path: string, size: number, parts: number): Promise<number[]> {
  const cuts = [0];
  const handle = await fs.open(path, 'r');
  try {
    const probe = Buffer.allocUnsafe(1 << 20);
    for (let part = 1; part < parts; part++) {
      let at = Math.max(Math.floor((size * part) / parts), cuts[cuts.length - 1]);
      let cut = -1;
      while (cut < 0 && at < size) {
        const { bytesRead } = await handle.read(probe, 0, probe.length, at);
        const newline = probe.subarray(0, bytesRead).indexOf(10);
        if (newline >= 0) cut = at + newline + 1;
        else at += bytesRead;
        if (bytesRead === 0) break;
      }
      if (cut > cuts[cuts.length - 1] && cut < size) cuts.push(cut);
    }
  } finally {
    await handle.close();
  }
  cuts.push(size);
  return cuts;
}

/** Files smaller than this are parsed on the main thread: a worker's start-up costs more than it saves. */
const PARALLEL_BYTES = 8 * 1048576;

/** Parses [start, end) in a worker thread of this same bundle (see runFileWorker). */
function inWorker(
  script: string,
  path: string,
  start: number,
  end: number,
  options: RangeOptions,
): Promise<RangeResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { waypointRunRange: { path, start, end, options } } });
    worker.once('message', (result: RangeResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The worker side: the CLI's entry calls this when it starts as a worker thread. */
export function runFileWorker(): void {
  const range = (
    workerData as { waypointRunRange?: { path: string; start: number; end: number; options: RangeOptions } } | null
  )?.waypointRunRange;
  if (!range) return;
  void readRange(range.path, range.start, range.end, range.options).then((result) => parentPort?.postMessage(result));
}

/**
 * The records of one file: large files are cut at line ends into one range per core and parsed in
 * worker threads (JSON parsing and schema checks dominate a report), then joined in file order.
 */
export async function readRunFile(path: string, options: ReadOptions = {}): Promise<RunFileContents> {
  const stat = await regularFileStat(path);
  const rangeOptions: RangeOptions = { keepText: options.keepText ?? false, offsets: options.offsets ?? false };
  // Only whole records go to workers. A summary costs the thread that receives it more to
  // deserialise than its skeleton costs to parse (measured on 40,000 GRASP records: 2.4 s with two
  // workers, 0.8 s on the calling thread), so the skeleton read stays here and yields between chunks.
  const parts =
    !rangeOptions.keepText || stat.size < PARALLEL_BYTES
      ? 1
      : Math.min(availableParallelism(), 8, Math.ceil(stat.size / PARALLEL_BYTES));
  if (parts <= 1) {
    const { records, problems, offsets, torn } = await readRange(path, 0, stat.size, rangeOptions);
    return { records, problems, offsets, torn };
  }
  const cuts = await rangeCuts(path, stat.size, parts);
  const results = await Promise.all(
    cuts
      .slice(1)
      .map((end, index) => inWorker(options.workerScript ?? __filename, path, cuts[index], end, rangeOptions)),
  );
  const records: RunRecord[] = [];
  const offsets: number[] = [];
  const problems: string[] = [];
  const torn: string[] = [];
  const prefix = `${path}:`;
  let lines = 0;
  for (const result of results) {
    for (const record of result.records) records.push(record);
    for (const offset of result.offsets) offsets.push(offset);
    for (const problem of result.problems) problems.push(movedDown(problem, prefix, lines));
    for (const cut of result.torn) torn.push(movedDown(cut, prefix, lines));
    lines += result.lines;
  }
  return { records, problems, offsets, torn };
}

/** One record read whole again from its line (the view keeps only summaries); null if the line is no longer a record. */
export async function readRecordAt(path: string, offset: number): Promise<RunRecord | null> {
  const handle = await fs.open(path, 'r');
  try {
    const parts: Buffer[] = [];
    const buffer = Buffer.allocUnsafe(65536);
    let position = offset;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      const newline = buffer.subarray(0, bytesRead).indexOf(10);
      parts.push(Buffer.from(buffer.subarray(0, newline >= 0 ? newline : bytesRead)));
      if (newline >= 0) break;
      position += bytesRead;
    }
    const text = Buffer.concat(parts).toString('utf8');
    return parseRunRecords(offset === 0 ? stripBom(text) : text, path).records[0] ?? null;
  } finally {
    await handle.close();
  }
}
