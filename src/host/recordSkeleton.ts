// The fast read of run records for tables (`waypoint report`, the results view, the Runs view's
// summaries). A record's prompts and raw answer are most of its line (14 KB of walkthrough in a
// MANGO prompt) and none of those readers shows them, yet decoding, depth-checking and JSON.parse of
// that text dominated a 40,000-record report. So each line is read as bytes and reduced to its
// skeleton: the long strings inside the top-level `messages` and `rawAnswer` values become "", and
// only the skeleton is decoded and parsed. Finding those strings is cheap: inside a JSON string
// every `"` is escaped, so the scan jumps from quote to quote with Buffer#indexOf (memchr) and
// counts the backslashes before each; UTF-8 continuation bytes are never `"` or `\`.
//
// What the fast read checks: the whole record against runRecordSchema (every field and its type,
// the messages' roles, the depth limit), the JSON syntax of everything but the cut strings, that
// each cut string ends, and that no line holds a lone \r (parseRunRecords counts it as a line end).
// What it does not: the escapes and control characters inside the cut strings (a `\x` in a prompt).
// Those are checked when a record is read whole (readRecordAt, keepText, parseRunRecords). A line
// whose skeleton is not a record is parsed whole, so its problem is located in the line exactly as
// parseRunRecords locates it; nothing that is not a record is accepted.
import { compile, safeParse } from 'zod/mini';
import { runRecordSchema } from '../core/eval/recordSchemas';
import type { RunRecord } from '../core/eval/types';
import { MAX_JSON_DEPTH } from '../core/util/locatedJson';
import { describeProblem, parseJsonWith } from '../core/util/schema/parse';
import { splitLines } from '../core/util/text';
import { cutShortMessage, isCutShortJson } from '../core/util/cutShort';

/** Strings at most this many bytes are kept (roles, short answers): cutting them saves nothing. */
const KEEP_BYTES = 64;

/**
 * runRecordSchema compiled by zod into one generated function: 4× faster per record than its
 * runtime parser, same results (zod falls back to the runtime on anything it cannot compile), but
 * generating it costs about 8 ms once, so only reads of at least COMPILE_BYTES use it.
 */
let compiledSchema: typeof runRecordSchema | undefined;
const COMPILE_BYTES = 1048576;
const recordSchema = (bytes: number) => {
  if (bytes < COMPILE_BYTES && compiledSchema === undefined) return runRecordSchema;
  compiledSchema ??= compile(runRecordSchema);
  return compiledSchema;
};

const MESSAGES = Buffer.from('messages');
const RAW_ANSWER = Buffer.from('rawAnswer');

/** Index just after the `"` closing the string opened at `open`, or -1 if it does not close before `end`. */
function stringEnd(bytes: Buffer, open: number, end: number): number {
  let from = open + 1;
  for (;;) {
    // Short strings (keys, ids) end within a few bytes: a loop is cheaper than a native call there.
    let quote = -1;
    const probe = Math.min(from + 24, end);
    for (let at = from; at < probe; at++) {
      if (bytes[at] === 34) {
        quote = at;
        break;
      }
    }
    if (quote < 0 && probe < end) quote = bytes.indexOf(34, probe);
    if (quote < 0 || quote >= end) return -1;
    let backslashes = 0;
    for (let at = quote - 1; bytes[at] === 92; at--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

const isKey = (bytes: Buffer, start: number, end: number, key: Buffer) =>
  end - start === key.length && bytes.compare(key, 0, key.length, start, end) === 0;

/**
 * The byte ranges [start, end) of the long strings' contents to cut from the line [start, end), or
 * null when the scan meets something it does not expect (an unclosed string, nesting past the depth
 * limit, a closing bracket too many): the caller then parses the line whole, which locates it.
 */
export function skeletonCuts(bytes: Buffer, start: number, end: number): number[] | null {
  const cuts: number[] = [];
  let depth = 0;
  /** Depth of the top-level text value being cut, or -1 outside one. */
  let cutting = -1;
  /** Whether the next string at depth 1 is a key (after `{` or `,`). */
  let keyNext = false;
  for (let at = start; at < end; at++) {
    const code = bytes[at];
    if (code === 34 /* " */) {
      const close = stringEnd(bytes, at, end);
      if (close < 0) return null;
      if (depth === 1 && keyNext) {
        keyNext = false;
        if (isKey(bytes, at + 1, close - 1, MESSAGES) || isKey(bytes, at + 1, close - 1, RAW_ANSWER)) cutting = 1;
      } else if (cutting >= 0) {
        if (close - at - 2 > KEEP_BYTES) cuts.push(at + 1, close - 1);
        // A string as the text key's whole value (rawAnswer) ends the value.
        if (depth === cutting) cutting = -1;
      }
      at = close - 1;
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > MAX_JSON_DEPTH) return null;
      keyNext = code === 123;
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      if (--depth < 0) return null;
      if (depth === cutting) cutting = -1;
    } else if (code === 44 /* , */ && depth === 1) {
      keyNext = true;
      cutting = -1;
    }
  }
  return cuts;
}

/** The line [start, end) with the given byte ranges left out, decoded. */
function skeletonText(bytes: Buffer, start: number, end: number, cuts: readonly number[]): string {
  if (cuts.length === 0) return bytes.toString('utf8', start, end);
  let text = '';
  let from = start;
  for (let index = 0; index < cuts.length; index += 2) {
    text += bytes.toString('utf8', from, cuts[index]);
    from = cuts[index + 1];
  }
  return text + bytes.toString('utf8', from, end);
}

/** A record as tables keep it: without prompts, raw and parsed answers. */
const summaryOf = (record: RunRecord): RunRecord => ({ ...record, messages: [], rawAnswer: '', parsedAnswer: null });

interface SummaryRead {
  records: RunRecord[];
  /** Byte offset (in `bytes`, plus the given base) of each record's line. */
  offsets: number[];
  /** `file:line:column: message`, lines counted from the given first line. */
  problems: string[];
  /** Records cut short (util/cutShort.ts), `file:line: ...`: warnings, not problems. */
  torn: string[];
  /** Line ends in the bytes, counted as parseRunRecords counts them (\r\n, \r, \n). */
  lines: number;
}

/** A line as text the slow way (parseRunRecords' own parse), for a line the fast read cannot settle. */
function wholeLine(line: string, index: number, file: string, out: SummaryRead, offset: number): void {
  if (line.trim() === '') return;
  const parsed = parseJsonWith(line, runRecordSchema, index);
  if (parsed.ok) {
    out.records.push(summaryOf(parsed.value));
    out.offsets.push(offset);
  } else if (isCutShortJson(line)) out.torn.push(cutShortMessage(file, index, line, Buffer.byteLength(line)));
  else out.problems.push(describeProblem(file, parsed.diagnostics));
}

/**
 * The records of the run-file bytes [0, length) without their text: what parseRunRecords of the
 * decoded bytes gives (then stripped of text), with each record's byte offset. `firstLine` and
 * `baseOffset` place the bytes in their file; the bytes begin at a line start and end at one (or at
 * the file's end), without a BOM.
 */
export function readRecordSummaries(
  bytes: Buffer,
  length: number,
  file: string,
  firstLine: number,
  baseOffset: number,
): SummaryRead {
  const out: SummaryRead = { records: [], offsets: [], problems: [], torn: [], lines: 0 };
  const schema = recordSchema(length);
  let nextReturn = bytes.indexOf(13);
  if (nextReturn >= length) nextReturn = -1;
  let line = firstLine;
  for (let start = 0; start < length; ) {
    let newline = bytes.indexOf(10, start);
    if (newline < 0 || newline >= length) newline = length;
    let end = newline;
    if (nextReturn >= 0 && nextReturn < start) {
      nextReturn = bytes.indexOf(13, start);
      if (nextReturn >= length) nextReturn = -1;
    }
    if (nextReturn >= 0 && nextReturn < end) {
      if (bytes[end - 1] === 13) end--;
      if (nextReturn < end) {
        // A \r inside the line: parseRunRecords ends a line there, so read it as it does.
        const pieces = splitLines(bytes.toString('utf8', start, end));
        let offset = baseOffset + start;
        pieces.forEach((piece, index) => {
          wholeLine(piece, line + index, file, out, offset);
          offset += Buffer.byteLength(piece) + 1;
        });
        line += pieces.length - 1 + (newline < length ? 1 : 0);
        start = newline + 1;
        continue;
      }
    }
    const cuts = skeletonCuts(bytes, start, end);
    let done = false;
    if (cuts !== null) {
      let value: unknown;
      try {
        value = JSON.parse(skeletonText(bytes, start, end, cuts));
        // Parsed, not only validated: zod's output drops keys the schema does not declare, as the
        // full read does (validating and keeping the JSON measured no faster over a whole read).
        const parsed = safeParse(schema, value);
        if (parsed.success) {
          // zod's output is already a copy: drop the (cut) text in place.
          const record = parsed.data;
          record.messages = [];
          record.rawAnswer = '';
          record.parsedAnswer = null;
          out.records.push(record);
          out.offsets.push(baseOffset + start);
          done = true;
        }
      } catch {
        // Not JSON once cut: the whole line, parsed below, says where.
      }
    }
    if (!done) wholeLine(bytes.toString('utf8', start, end), line, file, out, baseOffset + start);
    if (newline < length) line++;
    start = newline + 1;
  }
  out.lines = line - firstLine;
  return out;
}
