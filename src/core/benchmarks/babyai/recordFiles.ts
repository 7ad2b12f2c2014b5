// Reading LLM-BabyBench record files (spec §2): CSV written by pandas (RFC 4180 quoting), JSON
// (one object or an array) and JSON Lines. Every field keeps where its text sits in the file, so
// problems inside a multi-line env_description can be reported at the exact character.
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { nodeValue, OffsetMapper, tooDeepDiagnostic } from '../../util/locatedJson';
import { lineStartOffsets, type Diagnostic, type Position, type Range } from '../../util/text';

/** One field's text and a map from its characters to file positions. */
export interface LocatedField {
  value: string;
  /** File position of character `index` of `value` (index = value.length: just after it). */
  positionOf(index: number): Position;
  range: Range;
}

export interface RawRecord {
  fields: Map<string, LocatedField>;
  /** The whole record (row, line or object). */
  range: Range;
}

/**
 * Maps a field's character index to its raw file offset, given the escapes in its raw text (`""` in
 * CSV, backslash escapes in JSON strings). Only the escapes are stored, not one offset per
 * character: a 50 MB env_description would otherwise cost hundreds of MB of offsets.
 */
function escapeOffsets(raw: string, start: number, kind: 'csv' | 'json'): (index: number) => number {
  // From value index escapeAt[k] on (after that escape), the raw text runs extraAfter[k] characters ahead.
  const escapeAt: number[] = [];
  const extraAfter: number[] = [];
  const marker = kind === 'csv' ? '"' : '\\';
  let extra = 0;
  for (let index = raw.indexOf(marker); index >= 0; index = raw.indexOf(marker, index)) {
    const skipped = kind === 'json' && raw[index + 1] === 'u' ? 5 : 1;
    escapeAt.push(index - extra);
    extra += skipped;
    extraAfter.push(extra);
    index += skipped + 1;
  }
  const length = raw.length - extra;
  return (index) => {
    const clamped = Math.min(Math.max(index, 0), length);
    // The last escape at or before this character decides how far the raw text has run ahead.
    let low = 0;
    let high = escapeAt.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (escapeAt[middle] < clamped) low = middle + 1;
      else high = middle;
    }
    return start + clamped + (low > 0 ? extraAfter[low - 1] : 0);
  };
}

function locatedField(value: string, rawOffset: (index: number) => number, mapper: OffsetMapper): LocatedField {
  const at = (index: number) => mapper.position(rawOffset(index));
  return { value, positionOf: at, range: { start: at(0), end: at(value.length) } };
}

/** Splits CSV text into rows of fields with their raw spans (RFC 4180). */
function csvRows(text: string): Array<Array<{ value: string; start: number; raw: string; quoted: boolean }>> {
  const rows: Array<Array<{ value: string; start: number; raw: string; quoted: boolean }>> = [];
  let row: Array<{ value: string; start: number; raw: string; quoted: boolean }> = [];
  let index = 0;
  while (index <= text.length) {
    if (index === text.length) {
      if (row.length > 0) rows.push(row);
      break;
    }
    let field: { value: string; start: number; raw: string; quoted: boolean };
    if (text[index] === '"') {
      let end = index + 1;
      while (end < text.length && !(text[end] === '"' && text[end + 1] !== '"')) end += text[end] === '"' ? 2 : 1;
      const raw = text.slice(index + 1, end);
      field = { value: raw.replace(/""/g, '"'), start: index + 1, raw, quoted: true };
      index = end + 1;
    } else {
      let end = index;
      while (end < text.length && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end++;
      const raw = text.slice(index, end);
      field = { value: raw, start: index, raw, quoted: false };
      index = end;
    }
    row.push(field);
    if (text[index] === ',') index++;
    else {
      if (text[index] === '\r') index++;
      if (text[index] === '\n') index++;
      if (!(row.length === 1 && row[0].value === '')) rows.push(row);
      row = [];
    }
  }
  return rows;
}

function readCsvRecords(text: string): { records: RawRecord[]; diagnostics: Diagnostic[] } {
  const mapper = new OffsetMapper(text);
  const [header, ...rows] = csvRows(text);
  const diagnostics: Diagnostic[] = [];
  const records = rows.map((row) => {
    const fields = new Map<string, LocatedField>();
    (header ?? []).forEach((name, column) => {
      const cell = row[column];
      if (cell)
        fields.set(
          name.value,
          locatedField(cell.value, escapeOffsets(cell.raw, cell.start, cell.quoted ? 'csv' : 'json'), mapper),
        );
    });
    const first = row[0];
    const last = row[row.length - 1];
    if (row.length !== header?.length)
      diagnostics.push({
        severity: 'error',
        code: 'babyai/record-columns',
        message: `this row has ${row.length} fields, the header ${header?.length ?? 0}`,
        range: mapper.range(first.start, 1),
      });
    return {
      fields,
      range: { start: mapper.position(first.start), end: mapper.position(last.start + last.raw.length) },
    };
  });
  return { records, diagnostics };
}

function objectRecord(node: Node, text: string, base: number, mapper: OffsetMapper): RawRecord {
  const fields = new Map<string, LocatedField>();
  for (const property of node.children ?? []) {
    const [key, valueNode] = property.children ?? [];
    if (!key || !valueNode) continue;
    const value = nodeValue(valueNode);
    if (valueNode.type === 'string') {
      const raw = text.slice(valueNode.offset + 1, valueNode.offset + valueNode.length - 1);
      fields.set(
        String(key.value),
        locatedField(String(value), escapeOffsets(raw, base + valueNode.offset + 1, 'json'), mapper),
      );
    } else {
      const rendered = typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
      fields.set(
        String(key.value),
        locatedField(rendered, (i) => base + valueNode.offset + Math.min(Math.max(i, 0), valueNode.length), mapper),
      );
    }
  }
  return { fields, range: mapper.range(base + node.offset, node.length) };
}

/** JSON (an object or an array of objects) or JSON Lines, with located syntax errors. */
/** A record, or a problem where no record could be read, in file order. */
export type RecordFileItem =
  | { record: RawRecord; diagnostic?: undefined }
  | { diagnostic: Diagnostic; record?: undefined };

/** The non-blank lines of JSON Lines text (LSP's line ends: \r\n, \r, \n), or the whole text, one at a time. */
function* jsonChunks(text: string, lines: boolean): Generator<{ offset: number; text: string }> {
  if (!lines) {
    yield { offset: 0, text };
    return;
  }
  const starts = lineStartOffsets(text);
  for (let index = 0; index < starts.length; index++) {
    const start = starts[index];
    const line = text
      .slice(start, index + 1 < starts.length ? starts[index + 1] : text.length)
      .replace(/\r?\n$|\r$/, '');
    if (line.trim() !== '') yield { offset: start, text: line };
  }
}

/**
 * The records and problems of JSON or JSON Lines text as they are read, in file order: a file of a
 * million lines is never held as a million records at once by a reader that does not keep them.
 */
function* jsonRecordItems(text: string, lines: boolean): Generator<RecordFileItem> {
  const mapper = new OffsetMapper(text);
  for (const chunk of jsonChunks(text, lines)) {
    const tooDeep = tooDeepDiagnostic(chunk.text, mapper, chunk.offset);
    if (tooDeep) {
      yield { diagnostic: tooDeep };
      continue;
    }
    const errors: ParseError[] = [];
    const root = parseTree(chunk.text, errors, { allowTrailingComma: false, disallowComments: true });
    if (errors.length > 0 || !root) {
      // One character, but never past the chunk: at the end of a line it would end inside "\r\n".
      const at = Math.min(errors[0]?.offset ?? 0, chunk.text.length);
      yield {
        diagnostic: {
          severity: 'error',
          code: 'json/syntax',
          message: 'JSON syntax error',
          range: mapper.range(chunk.offset + at, Math.min(1, chunk.text.length - at)),
        },
      };
      continue;
    }
    const objects = root.type === 'array' ? (root.children ?? []) : [root];
    for (const node of objects) {
      if (node.type === 'object') yield { record: objectRecord(node, chunk.text, chunk.offset, mapper) };
      else
        yield {
          diagnostic: {
            severity: 'error',
            code: 'babyai/record-shape',
            message: 'a record must be a JSON object',
            range: mapper.range(chunk.offset + node.offset, node.length),
          },
        };
    }
  }
}

/** Any record file's records and problems in file order (CSV's read whole, then ordered by line). */
export function* recordFileItems(name: string, text: string): Generator<RecordFileItem> {
  if (!/\.csv$/i.test(name)) {
    yield* jsonRecordItems(text, /\.(jsonl|ndjson)$/i.test(name));
    return;
  }
  const { records, diagnostics } = readCsvRecords(text);
  const items: RecordFileItem[] = [
    ...records.map((record) => ({ record })),
    ...diagnostics.map((diagnostic) => ({ diagnostic })),
  ];
  const lineOf = (item: RecordFileItem) => (item.record ?? item.diagnostic).range.start.line;
  yield* items.sort((a, b) => lineOf(a) - lineOf(b));
}

/** Reads any record file by its name: .csv, .jsonl / .ndjson, else JSON. */
export function readRecordFile(name: string, text: string): { records: RawRecord[]; diagnostics: Diagnostic[] } {
  if (/\.csv$/i.test(name)) return readCsvRecords(text);
  const records: RawRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const item of jsonRecordItems(text, /\.(jsonl|ndjson)$/i.test(name))) {
    if (item.record) records.push(item.record);
    else diagnostics.push(item.diagnostic);
  }
  return { records, diagnostics };
}

/** The index of the record whose text spans `line` (0-based), or -1: "the record under the cursor". */
export function recordAtLine(records: readonly RawRecord[], line: number): number {
  return records.findIndex((record) => record.range.start.line <= line && line <= record.range.end.line);
}
