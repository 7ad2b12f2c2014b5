// Strict JSON parsing that keeps source positions, so every schema or semantic problem in a JSON
// file can point at the exact value (jsonc-parser's tree: offsets per node). Comments and trailing
// commas are errors: upstream reads these files with Python's json module.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Range } from '../text';

/**
 * Maps UTF-16 offsets of one text to LSP positions (line starts computed once). Every position it
 * gives lies inside the text: parsers report errors one past the end ("value expected" at EOF, with
 * length 1) or on the `\n` of a `\r\n`, and a range must never point beyond its line.
 */
export class OffsetMapper {
  private readonly lineStarts: number[] = [0];
  /** Where each line's content ends (its line break, or the end of the text for the last line). */
  private readonly lineEnds: number[] = [];
  private readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10)) {
        this.lineEnds.push(code === 10 && text.charCodeAt(index - 1) === 13 ? index - 1 : index);
        this.lineStarts.push(index + 1);
      }
    }
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
} as const;

/** Parses JSON text; syntax errors become located diagnostics and `value` is undefined. */
export function parseLocatedJson(text: string): LocatedJson {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const mapper = new OffsetMapper(text);
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

function describeParseError(code: string): string {
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
