// The `explain` tool: what a diagnostic code means, read from docs/diagnostics.md, the one place
// codes are documented (bundled as text by esbuild's .md loader, so the tool needs no file at run
// time). A code's row of a table gives its severity and meaning under the section's heading; a code
// named only in prose gets that paragraph. A code the document does not name is an error with the
// documented codes that look like it.
import diagnosticsDoc from '../../../docs/diagnostics.md';
import { argumentError, ok, type ToolResult } from './result';
import type { ExplainInput } from './schemas';

export interface CodeExplanation {
  readonly code: string;
  readonly section: string;
  readonly severity: string | null;
  readonly meaning: string;
}

const CODE = /`([a-z0-9-]+\/[a-z0-9-]+|[a-z0-9-]+)`/g;
const SEVERITY = /^(error|warning|information|hint)( \/ (error|warning|information|hint))*$/;

/** Every code the document explains, first mention first (a table row wins over prose). */
export function documentedCodes(doc: string = diagnosticsDoc): Map<string, CodeExplanation> {
  const found = new Map<string, CodeExplanation>();
  let section = '';
  let header: string[] = [];
  const lines = doc.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.startsWith('#')) {
      section = line.replace(/^#+\s*/, '');
      header = [];
      continue;
    }
    if (line.startsWith('|')) {
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim());
      if (cells.every((cell) => /^-+$/.test(cell))) continue;
      if (header.length === 0) {
        header = cells;
        continue;
      }
      addRow(found, section, header, cells);
      continue;
    }
    if (line.trim() === '') continue;
    // A paragraph: its lines joined, each code it names explained by it unless a table did.
    let paragraph = line;
    while (index + 1 < lines.length && lines[index + 1].trim() !== '' && !/^[#|]/.test(lines[index + 1]))
      paragraph += ` ${lines[++index]}`;
    for (const code of codesIn(paragraph, true))
      if (!found.has(code)) found.set(code, { code, section, severity: null, meaning: unmark(paragraph) });
  }
  return found;
}

/** A table row's codes: the `code` column, or (answer diagnostics) a list whose later codes drop the `prefix/`. */
function addRow(found: Map<string, CodeExplanation>, section: string, header: string[], cells: string[]): void {
  const codeColumn = header.findIndex((name) => name === 'code' || name === 'codes');
  if (codeColumn < 0) return;
  const severityColumn = header.indexOf('severity');
  const meaningColumn = header.findIndex((name) => name === 'what it means');
  const severity = severityColumn >= 0 ? (cells[severityColumn] ?? null) : null;
  let meaning = meaningColumn >= 0 ? unmark(cells[meaningColumn] ?? '') : '';
  const inColumn = cells[codeColumn] ?? '';
  const severityNoted = /^\((error|warning|information|hint)\) /.exec(meaning);
  const rowSeverity = severity && SEVERITY.test(severity) ? severity : (severityNoted?.[1] ?? null);
  if (severityNoted) meaning = meaning.slice(severityNoted[0].length);
  if (meaningColumn < 0) meaning = `${cells[0]}: ${unmark(inColumn)}`;
  for (const code of codesIn(inColumn, false))
    if (!found.has(code)) found.set(code, { code, section, severity: rowSeverity, meaning });
}

/** The codes named in a cell or paragraph; a bare `name` after `prefix/first` is `prefix/name`. */
function codesIn(text: string, proseOnly: boolean): string[] {
  const codes: string[] = [];
  let prefix: string | null = null;
  for (const match of text.matchAll(CODE)) {
    const token = match[1];
    if (token.includes('/')) {
      prefix = token.slice(0, token.indexOf('/'));
      codes.push(token);
    } else if (!proseOnly && prefix !== null) codes.push(`${prefix}/${token}`);
  }
  // Prose names settings and paths in backticks too: only tokens shaped like a code count there.
  return codes.filter((code) => /^[a-z0-9-]+\/[a-z0-9-]+$/.test(code));
}

/** Markdown emphasis and links out, for the model to read. */
function unmark(text: string): string {
  return text.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1').replace(/`/g, '');
}

let codes: Map<string, CodeExplanation> | undefined;

export function explainTool(input: ExplainInput): ToolResult {
  codes ??= documentedCodes();
  const code = input.code.trim().replace(/^\[|\]$/g, '');
  const explanation = codes.get(code);
  if (!explanation) {
    const prefix = code.includes('/') ? code.slice(0, code.indexOf('/') + 1) : code;
    const alike = [...codes.keys()].filter((known) => known.startsWith(prefix)).slice(0, 20);
    return argumentError(
      'code',
      `unknown diagnostic code '${code}'${alike.length > 0 ? ` (documented codes like it: ${alike.join(', ')})` : ''}`,
      'tool/unknown-code',
    );
  }
  const severity = explanation.severity ? ` (${explanation.severity})` : '';
  return ok(`${code}${severity}: ${explanation.meaning}\nSection: ${explanation.section} (docs/diagnostics.md)`, {
    ...explanation,
  });
}
