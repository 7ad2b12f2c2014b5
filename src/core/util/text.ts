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
  /** Stable identifier, documented in docs/diagnostics.md; tools and quick fixes key on it. */
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

/**
 * `text` copied into a string of its own. V8 keeps a substring of 13 or more characters as a view
 * of the string it was cut from, so a room name kept from one version of a 5 MB document would
 * keep that whole version alive; kept values go through this instead.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** Splits text into lines, accepting \n, \r\n and lone \r as LSP does. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * Offsets at which each line of `text` starts, with LSP's line ends (\r\n, lone \r, \n): the one
 * convention every position computation uses, so a bare \r moves no diagnostic to another line.
 */
export function lineStartOffsets(text: string): number[] {
  const starts = [0];
  if (text.indexOf('\r') < 0) {
    // Only \n breaks lines here: indexOf finds them without a call per character (bulk import maps every answer).
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    return starts;
  }
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10)) starts.push(index + 1);
  }
  return starts;
}

/** Code of the diagnostic that stands in for an unexpected failure while checking a file. */
const INTERNAL_CODE = 'waypoint/internal';

/**
 * An unexpected failure while checking a file, as an error on its first line: the file must not
 * look clean (nor the tool die) because Waypoint has a bug; the message names the failure.
 */
export function internalDiagnostic(error: unknown): Diagnostic {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    severity: 'error',
    code: INTERNAL_CODE,
    message: `Waypoint could not check this file (${what}); its other problems are not shown. Please report this.`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}

/** "1 file", "2 files": counts in messages read as English. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

// C0 and C1 controls, DEL, the Unicode line/paragraph separators and the bidirectional overrides
// ("Trojan source"): none of them may reach a terminal from a file name, a file's content or a reply.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/**
 * Untrusted text made safe to print: control characters become JSON-style escapes (`\n`,
 * `\u001b`), so a newline in a file name cannot forge a `file:1:1: error` line and an ANSI escape
 * cannot restyle the terminal. The escapes are valid inside JSON strings too. `keepLineBreaks`
 * keeps `\n` and tabs for multi-line output (prompts, observations); `\r` is escaped even then,
 * since it can overwrite a line on a terminal.
 */
export function escapeControls(text: string, keepLineBreaks = false): string {
  return text.replace(
    keepLineBreaks ? CONTROLS_BUT_LINE_BREAKS : CONTROLS,
    (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
