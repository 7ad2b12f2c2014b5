// Plain-data text positions and diagnostics shared by every layer. Positions are 0-based lines
// and UTF-16 characters, exactly as LSP and the CLI contract define them, so no layer converts.

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface Diagnostic {
  severity: Severity;
  /** Stable identifier, documented in the README; tools and quick fixes key on it. */
  code: string;
  message: string;
  range: Range;
  /** What a quick fix needs (the expected value, the name at fault); plain JSON. */
  data?: Record<string, string | number>;
}

/** Builds a range on one line. */
export function lineRange(line: number, startCharacter: number, endCharacter: number): Range {
  return { start: { line, character: startCharacter }, end: { line, character: endCharacter } };
}

/** Splits text into lines, accepting \n, \r\n and lone \r as LSP does. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** "1 file", "2 files": counts in messages read as English. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
