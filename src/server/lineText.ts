// The text of an open document as its lines (lineStore.ts), for edits that cost what they touch. The
// library TextDocument keeps one string: every keystroke builds a new one and the next read copies
// it whole (V8 flattens the concatenation), 5 MB per edit of a 5 MB walkthrough, and any substring
// kept from it pins that copy. Here an edit re-splits only the lines it touches; the whole text is
// joined on demand and kept until the next edit.
import type { Position, Range } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { LineStore } from './lineStore';

/** Old lines [first, oldEnd] (inclusive) became new lines [first, newEnd]; null after a whole-text change. */
export interface LineSpan {
  first: number;
  oldEnd: number;
  newEnd: number;
}

/** Splits after each line end (\r\n, lone \r, \n); the last piece has none and may be empty. */
export function splitKeepingEnds(text: string): string[] {
  const lines: string[] = [];
  const ends = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = ends.exec(text); match; match = ends.exec(text)) {
    lines.push(text.slice(start, ends.lastIndex));
    start = ends.lastIndex;
  }
  lines.push(text.slice(start));
  return lines;
}

function endLength(line: string): number {
  const last = line.charCodeAt(line.length - 1);
  if (last === 10) return line.charCodeAt(line.length - 2) === 13 ? 2 : 1;
  return last === 13 ? 1 : 0;
}

/** The parts of vscode-languageserver-textdocument's TextDocument the server uses, plus line edits. */
export class LineText {
  /** Every line with its line end; the last one without (empty when the text ends with a line end). */
  private lines: LineStore;
  private joined: string | undefined;
  private starts: number[] | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    content: string,
  ) {
    this.lines = new LineStore(splitKeepingEnds(content));
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** Line `line` without its line end; undefined past the end. */
  lineContent(line: number): string | undefined {
    const text = this.lines.get(line);
    return text === undefined ? undefined : text.slice(0, text.length - endLength(text));
  }

  getText(range?: Range): string {
    if (!range) {
      this.joined ??= this.lines.join();
      return this.joined;
    }
    const [start, end] = this.ordered(range);
    const line = (index: number) => this.lines.get(index) as string;
    if (start.line === end.line) return line(start.line).slice(start.character, end.character);
    const parts = [line(start.line).slice(start.character)];
    for (let index = start.line + 1; index < end.line; index++) parts.push(line(index));
    parts.push(line(end.line).slice(0, end.character));
    return parts.join('');
  }

  offsetAt(position: Position): number {
    const { line, character } = this.clamp(position);
    return this.lineStarts()[line] + character;
  }

  positionAt(offset: number): Position {
    const starts = this.lineStarts();
    const total = starts[starts.length - 1] + this.line(this.lines.length - 1).length;
    offset = Math.max(0, Math.min(offset, total));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    const text = this.line(low);
    return { line: low, character: Math.min(offset - starts[low], text.length - endLength(text)) };
  }

  /**
   * Applies one LSP change as the protocol defines it (a reversed range is ordered, positions past a
   * line or the text are clamped) and says which lines it replaced, or null for a whole-text change.
   */
  apply(change: TextDocumentContentChangeEvent, version: number): LineSpan | null {
    this.version = version;
    this.joined = undefined;
    this.starts = undefined;
    if (!('range' in change)) {
      this.lines = new LineStore(splitKeepingEnds(change.text));
      return null;
    }
    const [start, end] = this.ordered(change.range);
    let first = start.line;
    let last = end.line;
    let middle = this.line(first).slice(0, start.character) + change.text + this.line(last).slice(end.character);
    // A "\n" that lands right after a lone "\r" (or a "\r" right before a "\n") joins the two into
    // one line end: the neighbouring line is split again with the edit.
    if (first > 0 && middle.charCodeAt(0) === 10 && this.line(first - 1).endsWith('\r')) {
      first--;
      middle = this.line(first) + middle;
    }
    if (middle.endsWith('\r') && last + 1 < this.lines.length && this.line(last + 1).charCodeAt(0) === 10) {
      last++;
      middle += this.line(last);
    }
    const pieces = splitKeepingEnds(middle);
    // Short of the text's end, the region ends with a line end, after which the split gives "".
    if (last < this.lines.length - 1) pieces.pop();
    this.lines.replace(first, last, pieces);
    return { first, oldEnd: last, newEnd: first + pieces.length - 1 };
  }

  /** Line `line` with its line end; callers pass a line within the text. */
  private line(line: number): string {
    return this.lines.get(line) as string;
  }

  /** A position made valid: lines before the text are its start, after it its end; characters stop before the line end. */
  private clamp(position: Position): Position {
    if (position.line < 0) return { line: 0, character: 0 };
    if (position.line >= this.lines.length) {
      const last = this.lines.length - 1;
      return { line: last, character: this.line(last).length };
    }
    const text = this.line(position.line);
    return { line: position.line, character: Math.max(0, Math.min(position.character, text.length - endLength(text))) };
  }

  private ordered(range: Range): [Position, Position] {
    const start = this.clamp(range.start);
    const end = this.clamp(range.end);
    const reversed = start.line > end.line || (start.line === end.line && start.character > end.character);
    return reversed ? [end, start] : [start, end];
  }

  /** Offsets of line starts, built on first use after an edit (requests by offset are rare). */
  private lineStarts(): number[] {
    if (!this.starts) {
      const starts = new Array<number>(this.lines.length);
      let offset = 0;
      let line = 0;
      for (const text of this.lines) {
        starts[line++] = offset;
        offset += text.length;
      }
      this.starts = starts;
    }
    return this.starts;
  }
}
