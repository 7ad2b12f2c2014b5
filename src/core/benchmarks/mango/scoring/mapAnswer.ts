// Reading the map a model writes (runs.md §7): MANGO's triple list
// `[{'location_before': .., 'action': .., 'location_after': ..}, ...]` (a Python literal or JSON,
// prose around it allowed) and lines `A --action--> B`. Unlike a route answer, a map is long and
// a model's list may hold a `]` inside a name, so the list is found by bracket matching outside
// quotes, not by upstream's first-'['-to-first-']' slice. Every problem is a positioned diagnostic;
// nothing is guessed: an item that is not a triple is reported and left out, never repaired.
import { parsePythonExpression, PythonLiteralError, type PythonValue } from '../../../util/pythonLiteral';
import { OffsetMapper } from '../../../util/locatedJson';
import { type Diagnostic, lineStartOffsets, type Range } from '../../../util/text';
import { isCloser, scanBrackets } from './answers';

export const MapCodes = {
  noMap: 'map/no-map',
  unclosedList: 'map/unclosed-list',
  notLiteral: 'map/not-a-literal',
  badItem: 'map/bad-item',
  badArrow: 'map/bad-arrow-line',
  emptyName: 'map/empty-name',
} as const;

/** One move of the model's map, with where it is written (0-based line and UTF-16 character). */
interface MapEdge {
  src: string;
  action: string;
  dst: string;
  line: number;
  character: number;
}

interface ParsedMap {
  edges: MapEdge[];
  /** Which notations were found: a triple list, arrow lines, both, or none. */
  format: 'triples' | 'arrows' | 'both' | 'none';
  diagnostics: Diagnostic[];
}

const KEYS = ['location_before', 'action', 'location_after'] as const;
// `A --north--> B`, optionally as a list item ("- ", "* ", "1. ") and with quoted names.
const ARROW = /^(\s*(?:[-*•]\s+|\d+[.)]\s+)?)(.*?)\s*--\s*(.*?)\s*-->\s*(.*?)\s*$/;

/** Parses a map answer; `edges` holds every well-formed move, in the order written. */
export function parseMapAnswer(text: string): ParsedMap {
  const starts = lineStartOffsets(text);
  const mapper = new OffsetMapper(text);
  const position = (offset: number) => mapper.position(offset);
  const range = (start: number, end: number): Range => mapper.range(start, Math.max(0, end - start));
  const diagnostics: Diagnostic[] = [];
  const report = (
    code: string,
    message: string,
    start: number,
    end: number,
    severity: Diagnostic['severity'] = 'error',
  ) => diagnostics.push({ severity, code, message, range: range(start, end) });
  const edges: MapEdge[] = [];
  const add = (src: string, action: string, dst: string, start: number, end: number) => {
    if (src.trim() === '' || action.trim() === '' || dst.trim() === '') {
      report(MapCodes.emptyName, 'a move with an empty room name or action is left out', start, end);
      return;
    }
    edges.push({ src: src.trim(), action: action.trim(), dst: dst.trim(), ...position(start) });
  };

  const list = findTripleList(text);
  let covered: [number, number] | null = null;
  if (list.kind === 'unclosed')
    report(MapCodes.unclosedList, "the list opened here is never closed (no matching ']')", list.start, list.start + 1);
  if (list.kind === 'found') {
    covered = [list.start, list.end];
    readTriples(text, list.start, list.end, add, report);
  }
  const arrows = readArrows(text, starts, covered, add, report);
  const format = list.kind === 'found' ? (arrows > 0 ? 'both' : 'triples') : arrows > 0 ? 'arrows' : 'none';
  if (format === 'none' && diagnostics.length === 0) {
    report(
      MapCodes.noMap,
      "no map found: expected a list of {'location_before', 'action', 'location_after'} dicts or lines 'A --action--> B'",
      0,
      Math.min(text.length, starts[1] ?? text.length),
    );
  }
  return { edges, format, diagnostics };
}

const unquote = (name: string) =>
  name
    .trim()
    .replace(/^(["'`])(.*)\1$/, '$2')
    .trim();

type ListSearch =
  | { kind: 'found'; start: number; end: number }
  | { kind: 'unclosed'; start: number }
  | { kind: 'none' };

/** The first `[` followed by `{` (the triple list), and its matching `]` outside quotes. */
function findTripleList(text: string): ListSearch {
  const match = /\[\s*\{/.exec(text);
  if (!match) return { kind: 'none' };
  const start = match.index;
  const close = scanBrackets(text, start, text.length, (char, _index, depth) => depth === 1 && isCloser(char));
  return close < 0 ? { kind: 'unclosed', start } : { kind: 'found', start, end: close + 1 };
}

type Add = (src: string, action: string, dst: string, start: number, end: number) => void;
type Report = (code: string, message: string, start: number, end: number) => void;

/** Reads each `A --action--> B` line outside the triple list (`covered`); returns how many were well formed. */
function readArrows(
  text: string,
  starts: readonly number[],
  covered: [number, number] | null,
  add: Add,
  report: Report,
): number {
  let arrows = 0;
  starts.forEach((lineStart, line) => {
    const lineEnd = line + 1 < starts.length ? starts[line + 1] : text.length;
    if (covered && lineStart < covered[1] && lineEnd > covered[0]) return;
    const content = text.slice(lineStart, lineEnd).replace(/\r?\n$|\r$/, '');
    if (!content.includes('-->')) return;
    const match = ARROW.exec(content);
    const [src, action, dst] = match ? [unquote(match[2]), unquote(match[3]), unquote(match[4])] : ['', '', ''];
    if (!match || src === '' || action === '' || dst === '') {
      report(
        MapCodes.badArrow,
        "a line with '-->' that is not 'A --action--> B' is left out",
        lineStart,
        lineStart + content.length,
      );
      return;
    }
    arrows++;
    add(src, action, dst, lineStart + match[1].length, lineStart + content.length);
  });
  return arrows;
}

/** Reads the list as a Python literal (JSON's strings, lists and dicts are Python literals too). */
function readTriples(text: string, start: number, end: number, add: Add, report: Report): void {
  const slice = text.slice(start, end);
  let value: PythonValue;
  try {
    // JSON's true/false/null are not Python; a map has no use for them, so they are an error too.
    value = parsePythonExpression(slice).value;
  } catch (error) {
    const offset = start + (error instanceof PythonLiteralError ? error.offset : 0);
    report(
      MapCodes.notLiteral,
      `the map's list is not a Python literal or JSON: ${error instanceof Error ? error.message : String(error)}`,
      offset,
      Math.min(end, offset + 1),
    );
    return;
  }
  const spans = itemSpans(text, start, end);
  const items = value as PythonValue[];
  items.forEach((item, index) => {
    const span = spans.length === items.length ? spans[index] : { start, end: start + 1 };
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      report(MapCodes.badItem, `item ${index + 1} of the map is not a dict; left out`, span.start, span.end);
      return;
    }
    const missing = KEYS.filter((key) => typeof item[key] !== 'string');
    if (missing.length > 0) {
      report(
        MapCodes.badItem,
        `item ${index + 1} of the map has no string ${missing.map((key) => `'${key}'`).join(', ')}; left out`,
        span.start,
        span.end,
      );
      return;
    }
    add(item.location_before as string, item.action as string, item.location_after as string, span.start, span.end);
  });
}

/** Source spans of the list's top-level items (depth 1), for positioning each item's diagnostics. */
function itemSpans(text: string, start: number, end: number): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let itemStart = -1;
  scanBrackets(text, start, end, (char, index, depth) => {
    if (depth !== 1) return false;
    if (itemStart < 0 && !/[\s,\]]/.test(char)) itemStart = index;
    if (itemStart >= 0 && (char === ',' || isCloser(char))) {
      spans.push({ start: itemStart, end: trimmedEnd(text, itemStart, index) });
      itemStart = -1;
    }
    return false;
  });
  return spans;
}

function trimmedEnd(text: string, start: number, end: number): number {
  let at = end;
  while (at > start && /\s/.test(text[at - 1])) at--;
  return at;
}
