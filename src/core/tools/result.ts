// What every agent tool answers: text for the model (located lines where anything is located, as
// `waypoint validate` prints them) and the same as plain data, or a located error. Hosts turn it
// into an MCP CallToolResult or a VS Code LanguageModelToolResult without looking inside.
import { escapeControls, type Diagnostic } from '../util/text';

export interface ToolResult {
  /** What the model reads: one item a line, paths and positions 1-based as compilers print them. */
  readonly text: string;
  /** The same as JSON (MCP's structuredContent). */
  readonly data?: Readonly<Record<string, unknown>>;
  /** The call failed: bad input, a file that does not read, an unknown code or question. */
  readonly isError: boolean;
}

/** `file:line:col: severity message [code]` (1-based), file and message escaped like the CLI's. */
export function locatedLine(file: string, diagnostic: Diagnostic): string {
  const { line, character } = diagnostic.range.start;
  return `${escapeControls(file)}:${line + 1}:${character + 1}: ${diagnostic.severity} ${escapeControls(diagnostic.message)} [${escapeControls(diagnostic.code)}]`;
}

/** A diagnostic at the start of a file (a file that does not read has no better place). */
export function atStart(code: string, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { severity, code, message, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}

/** A failed call whose problems are located: the lines as text, the diagnostics as data. */
export function locatedError(file: string, diagnostics: readonly Diagnostic[]): ToolResult {
  return {
    text: diagnostics.map((diagnostic) => locatedLine(file, diagnostic)).join('\n'),
    data: { errors: diagnostics.map((diagnostic) => ({ file, ...diagnostic })) },
    isError: true,
  };
}

/** A failed call about one argument (`arguments.sampleId`): located in the call's arguments, code `tool/<kind>`. */
export function argumentError(argument: string, message: string, code = 'tool/bad-argument'): ToolResult {
  return locatedError(`arguments.${argument}`, [atStart(code, message)]);
}

export function ok(text: string, data?: Readonly<Record<string, unknown>>): ToolResult {
  return { text, data, isError: false };
}
