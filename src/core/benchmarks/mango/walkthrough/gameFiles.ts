// Parsing and single-file validation of the MANGO JSON and JSON Lines release files. Each parsed
// value keeps the source range of every field, so cross-file checks, hovers and renames can point
// into the file. JSON Lines are read line by line through parseJsonWith (native JSON.parse; the
// slower position-keeping parser runs only on lines that have a problem).
import type { z } from 'zod';
import { JsonCodes, parseLocatedJson, rangeAt, type LocatedJson } from '../../../util/locatedJson';
import { schemaDiagnostics } from '../../../util/schema/issues';
import { parseJsonWith } from '../../../util/schema/parse';
import {
  actionsFileSchema,
  dfSkeletonSchema,
  edgeRecordSchema,
  locationsFileSchema,
  rfSkeletonSchema,
} from './fileSchemas';
import type { Diagnostic, Range } from '../../../util/text';
import { DiagnosticCap } from '../../../util/diagnosticCap';
import type { DfSkeleton, EdgeRecord, RfSkeleton } from '../types';

export interface LocatedName {
  value: string;
  index: number;
  range: Range;
}

export interface LocatedEdge {
  record: EdgeRecord;
  index: number;
  /** The whole object. */
  range: Range;
  /** Range of one field's value. */
  fieldRange(field: keyof EdgeRecord): Range;
}

export interface NameListFile {
  names: LocatedName[];
  diagnostics: Diagnostic[];
}

export interface EdgesFile {
  edges: LocatedEdge[];
  diagnostics: Diagnostic[];
}

export interface SkeletonLine<T> {
  record: T;
  line: number;
  /** Range of the value at a path inside the line's object. */
  rangeAt(path: ReadonlyArray<string | number>): Range;
}

function parseNameList(text: string, schema: typeof actionsFileSchema): NameListFile {
  const located = parseLocatedJson(text);
  if (located.diagnostics.length > 0) return { names: [], diagnostics: located.diagnostics };
  const parsed = schema.safeParse(located.value);
  if (!parsed.success) return { names: [], diagnostics: schemaDiagnostics(located, parsed.error.issues) };
  return {
    names: parsed.data.map((value, index) => ({ value, index, range: rangeAt(located, [index]) })),
    diagnostics: [],
  };
}

/** `<game>.actions.json`: a JSON array of action names. */
export function parseActionsFile(text: string): NameListFile {
  return parseNameList(text, actionsFileSchema);
}

/** `<game>.locations.json`: a JSON array of location names. */
export function parseLocationsFile(text: string): NameListFile {
  return parseNameList(text, locationsFileSchema);
}

/** `<game>.edges.json`: validates each record on its own, so one bad edge does not hide the others. */
export function parseEdgesFile(text: string): EdgesFile {
  const located = parseLocatedJson(text);
  if (located.diagnostics.length > 0) return { edges: [], diagnostics: located.diagnostics };
  if (!Array.isArray(located.value)) {
    return {
      edges: [],
      diagnostics: [
        {
          severity: 'error',
          code: JsonCodes.schema,
          message: 'An edges file is a JSON array of edge objects.',
          range: rangeAt(located, []),
        },
      ],
    };
  }
  const edges: LocatedEdge[] = [];
  const diagnostics: Diagnostic[] = [];
  located.value.forEach((value, index) => {
    const parsed = edgeRecordSchema.safeParse(value);
    if (!parsed.success) {
      diagnostics.push(...schemaDiagnostics(located, parsed.error.issues, [index]));
      return;
    }
    edges.push({
      record: parsed.data,
      index,
      range: rangeAt(located, [index]),
      fieldRange: (field) => rangeAt(located, [index, field]),
    });
  });
  return { edges, diagnostics };
}

/**
 * Validates JSON Lines text against a line schema, calling `onLine` for every valid record.
 * Blank lines are allowed (a trailing newline is normal). Returns the diagnostics.
 */
export function forEachJsonLine<T>(
  lines: Iterable<string>,
  schema: z.ZodType<T>,
  onLine: (line: SkeletonLine<T>) => void,
  startLine = 0,
): Diagnostic[] {
  // A million broken lines keep the first problems only, and count the rest.
  const diagnostics = new DiagnosticCap();
  // The problems of the last broken line: a line repeating it has the same ones (on its own line),
  // which past the cap only need counting; a file of a million `{}` lines is checked once.
  let repeated = null as { text: string; diagnostics: Diagnostic[] } | null;
  let lineNumber = startLine - 1;
  for (const text of lines) {
    lineNumber++;
    if (text.trim() === '') continue;
    if (repeated?.text === text && diagnostics.full) {
      diagnostics.addAgain(repeated.diagnostics, lineNumber);
      continue;
    }
    const parsed = parseJsonWith(text, schema, lineNumber);
    if (!parsed.ok) {
      diagnostics.push(...parsed.diagnostics);
      repeated = { text, diagnostics: parsed.diagnostics };
      continue;
    }
    const line = lineNumber;
    let located: LocatedJson | undefined;
    onLine({
      record: parsed.value,
      line,
      // Positions are computed on demand: most lines are never pointed at.
      rangeAt: (path) => onLineRange(line, rangeAt((located ??= parseLocatedJson(text)), path)),
    });
  }
  return diagnostics.list();
}

function onLineRange(line: number, range: Range): Range {
  return { start: { line, character: range.start.character }, end: { line, character: range.end.character } };
}

/** `<game>.all2all.jsonl` lines (DF skeletons). */
export function parseDfSkeletons(
  lines: Iterable<string>,
  onLine: (line: SkeletonLine<DfSkeleton>) => void,
): Diagnostic[] {
  return forEachJsonLine(lines, dfSkeletonSchema, onLine);
}

/** `<game>.all_pairs.jsonl` lines (RF skeletons). */
export function parseRfSkeletons(
  lines: Iterable<string>,
  onLine: (line: SkeletonLine<RfSkeleton>) => void,
): Diagnostic[] {
  return forEachJsonLine(lines, rfSkeletonSchema, onLine);
}
