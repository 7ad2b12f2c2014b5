// A UTF-8 byte order mark at the start of a file. Editors hide it (VS Code opens such a file as
// "UTF-8 with BOM" and gives the language server the text without it), so Waypoint strips it before
// parsing: every position is then the one the editor shows. Upstream's Python readers are another
// matter: `json.load`/`json.loads` refuse a BOM ("Unexpected UTF-8 BOM"), so for the files they read
// a warning says so instead of a confusing syntax error.
import type { FileKind, StandaloneKind } from './fileKinds';
import type { Diagnostic } from './text';

export const BOM_CODE = 'file/bom';
const BOM = '\ufeff';

export function hasBom(text: string): boolean {
  return text.startsWith(BOM);
}

/** The text without a leading BOM. */
export function stripBom(text: string): string {
  return hasBom(text) ? text.slice(1) : text;
}

const JSON_REJECTS = "which Python's json module rejects (\"Unexpected UTF-8 BOM\"), so upstream cannot read this file: save it as UTF-8 without BOM.";

/** What upstream does with a BOM in each kind; null where no upstream tool reads the kind (Waypoint's own formats) or the reader accepts it. */
const UPSTREAM: Record<FileKind | StandaloneKind, { severity: Diagnostic['severity']; consequence: string } | null> = {
  'mango-edges': { severity: 'warning', consequence: JSON_REJECTS },
  'mango-actions': { severity: 'warning', consequence: JSON_REJECTS },
  'mango-locations': { severity: 'warning', consequence: JSON_REJECTS },
  'mango-df': { severity: 'warning', consequence: JSON_REJECTS },
  'mango-rf': { severity: 'warning', consequence: JSON_REJECTS },
  'grasp-grids': { severity: 'warning', consequence: JSON_REJECTS },
  'grasp-results': { severity: 'warning', consequence: JSON_REJECTS },
  'grasp-baseline-results': { severity: 'warning', consequence: JSON_REJECTS },
  // Upstream reads the walkthrough with open().read(), which keeps the mark as a character.
  'mango-walkthrough': { severity: 'information', consequence: "which Python's open().read() keeps as an invisible U+FEFF before the first line; save it as UTF-8 without BOM." },
  // pandas.read_csv skips a BOM; level files and episode logs are Waypoint's own formats.
  'babyai-records': null,
  'babyai-level': null,
  'smartplay-episode': null,
};

/** The file/bom diagnostic for a text of this kind that starts with a BOM, or none (also for kinds of registered benchmarks that are not built in). */
export function bomDiagnostics(kind: string, text: string): Diagnostic[] {
  const upstream = Object.hasOwn(UPSTREAM, kind) ? UPSTREAM[kind as FileKind | StandaloneKind] : null;
  if (!hasBom(text) || !upstream) return [];
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return [{ severity: upstream.severity, code: BOM_CODE, message: `The file starts with a UTF-8 byte order mark (BOM), ${upstream.consequence}`, range }];
}

/** Validates a text with its BOM stripped and adds the file/bom diagnostic when there was one. */
export function withoutBom<T extends Diagnostic[] | null>(kind: string, text: string, validate: (text: string) => T): T {
  const diagnostics = validate(stripBom(text));
  return (diagnostics === null ? null : [...bomDiagnostics(kind, text), ...diagnostics]) as T;
}
