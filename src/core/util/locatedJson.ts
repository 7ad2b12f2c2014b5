// Strict JSON parsing that keeps source positions, so every schema or semantic problem in a JSON
// file can point at the exact value (jsonc-parser's tree: offsets per node). Comments and trailing
// commas are errors: upstream reads these files with Python's json module.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { lineStartOffsets, type Diagnostic, type Range } from './text';

/**
 * Maps UTF-16 offsets of one text to LSP positions (line starts computed once). Every position it
 * gives lies inside the text: parsers report errors one past the end ("value expected" at EOF, with
 * length 1) or on the `\n` of a `\r\n`, and a range must never point beyond its line.
 */
export class OffsetMapper {
  private readonly lineStarts: number[];
  /** Where each line's content ends (before its line break, or the end of the text for the last line). */
  private readonly lineEnds: number[];
  private readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    this.lineStarts = lineStartOffsets(text);
    this.lineEnds = this.lineStarts
      .slice(1)
      .map((next) => (text.charCodeAt(next - 1) === 10 && text.charCodeAt(next - 2) === 13 ? next - 2 : next - 1));
    this.lineEnds.push(text.length);
  }

  position(offset: number): { line: number; character: number } {
    const clamped = Math.max(0, Math.min(Number.isFinite(offset) ? Math.trunc(offset) : 0, this.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= clamped) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: Math.min(clamped, this.lineEnds[low]) - this.lineStarts[low] };
  }

  range(offset: number, length: number): Range {
    return { start: this.position(offset), end: this.position(offset + length) };
  }
}

export interface LocatedJson {
  value: unknown;
  root: Node | undefined;
  mapper: OffsetMapper;
  diagnostics: Diagnostic[];
}

export const JsonCodes = {
  syntax: 'json/syntax',
  schema: 'json/schema',
  tooDeep: 'json/too-deep',
} as const;

/**
 * Deepest nesting of arrays and objects Waypoint reads. Benchmark files nest a handful of levels;
 * jsonc-parser, tree walks and zod all recurse, so a few thousand levels overflow the stack.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Offset of the bracket that opens nesting level `limit + 1`, or -1 when the text stays within
 * `limit`. One linear pass that skips string contents, so it is safe on any input and runs before
 * any recursive parser sees the text.
 */
export function excessiveDepthOffset(text: string, limit = MAX_JSON_DEPTH): number {
  // Each level opens with a bracket: a text with no more of them than the limit (strings included)
  // cannot nest deeper. Counting them natively, up to limit + 1, skips the scan a character at a
  // time, which runs before the JIT warms up (about 1 ms of a 20 KB edges.json per CLI run).
  const opening = /[[{]/g;
  let openings = 0;
  while (openings <= limit && opening.exec(text) !== null) openings++;
  if (openings <= limit) return -1;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \\ */) index++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) {
      if (++depth > limit) return index;
    } else if (code === 93 /* ] */ || code === 125 /* } */) {
      if (depth > 0) depth--;
    }
  }
  return -1;
}

/**
 * The located `json/too-deep` error for text nested beyond MAX_JSON_DEPTH, or null. `text` may be
 * a slice of a larger document that starts at `base` in the offsets `mapper` maps.
 */
export function tooDeepDiagnostic(text: string, mapper?: OffsetMapper, base = 0): Diagnostic | null {
  const offset = excessiveDepthOffset(text);
  if (offset < 0) return null;
  return {
    severity: 'error',
    code: JsonCodes.tooDeep,
    message: `JSON nested more than ${MAX_JSON_DEPTH} levels deep; no benchmark file nests like this, so it is not read.`,
    range: (mapper ?? new OffsetMapper(text)).range(base + offset, 1),
  };
}

/** Parses JSON text; syntax errors (and excessive nesting) become located diagnostics and `value` is undefined. */
export function parseLocatedJson(text: string): LocatedJson {
  const mapper = new OffsetMapper(text);
  const tooDeep = tooDeepDiagnostic(text, mapper);
  if (tooDeep) return { value: undefined, root: undefined, mapper, diagnostics: [tooDeep] };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  // After the first error the parser's recovery reports follow-on errors that mislead; keep one.
  const diagnostics = errors.slice(0, 1).map((error) => ({
    severity: 'error' as const,
    code: JsonCodes.syntax,
    message: `JSON syntax: ${describeParseError(printParseErrorCode(error.error))}.`,
    range: mapper.range(error.offset, Math.max(error.length, 1)),
  }));
  const value = diagnostics.length === 0 && root ? nodeValue(root) : undefined;
  return { value, root, mapper, diagnostics };
}

/** jsonc-parser's error code (`CommaExpected`) in words. */
export function describeParseError(code: string): string {
  const messages: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'property name expected',
    ValueExpected: 'value expected',
    ColonExpected: "':' expected",
    CommaExpected: "',' expected",
    CloseBraceExpected: "'}' expected",
    CloseBracketExpected: "']' expected",
    EndOfFileExpected: 'text after the end of the JSON value',
    InvalidCommentToken: 'comments are not allowed',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string',
  };
  return messages[code] ?? code;
}

/** Rebuilds the plain value of a tree node (jsonc-parser's getNodeValue, without its any). */
export function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'array':
      return (node.children ?? []).map(nodeValue);
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) object[String(key.value)] = nodeValue(value);
      }
      return object;
    }
    default:
      return node.value as unknown;
  }
}

/** The range of the value at `path` (object keys and array indices), or of the nearest existing parent. */
export function rangeAt(located: Pick<LocatedJson, 'root' | 'mapper'>, path: ReadonlyArray<string | number>): Range {
  if (!located.root) return located.mapper.range(0, 0);
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(located.root, path.slice(0, length) as Array<string | number>);
    if (node) return located.mapper.range(node.offset, node.length);
  }
  return located.mapper.range(located.root.offset, located.root.length);
}
