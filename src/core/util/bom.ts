// A UTF-8 byte order mark at the start of a file. Editors hide it (VS Code opens such a file as
// "UTF-8 with BOM" and gives the language server the text without it), so Waypoint strips it before
// parsing: every position is then the one the editor shows. Upstream's Python readers are another
// matter: `json.load`/`json.loads` refuse a BOM ("Unexpected UTF-8 BOM"), so for the files they read
// a warning says so instead of a confusing syntax error.
import type { Diagnostic } from './text';

const BOM_CODE = 'file/bom';
const BOM = '\ufeff';

function hasBom(text: string): boolean {
  return text.startsWith(BOM);
}

/** The text without a leading BOM. */
export function stripBom(text: string): string {
  return hasBom(text) ? text.slice(1) : text;
}

/**
 * What upstream's own reader does with a BOM at the start of a file, declared per file kind by its
 * benchmark (core/benchmark/registry.ts `upstreamBom`): `rejects` — Python's json module refuses it
 * ("Unexpected UTF-8 BOM"); `keeps` — `open().read()` keeps it as a character. Absent where no
 * upstream tool reads the kind or its reader skips the mark (pandas.read_csv).
 */
export type UpstreamBom = 'rejects' | 'keeps';

const CONSEQUENCES: Record<UpstreamBom, { severity: Diagnostic['severity']; consequence: string }> = {
  rejects: {
    severity: 'warning',
    consequence:
      'which Python\'s json module rejects ("Unexpected UTF-8 BOM"), so upstream cannot read this file: save it as UTF-8 without BOM.',
  },
  keeps: {
    severity: 'information',
    consequence:
      "which Python's open().read() keeps as an invisible U+FEFF before the first line; save it as UTF-8 without BOM.",
  },
};

/** The file/bom diagnostic for a text that starts with a BOM, or none (also where upstream's reader does not care). */
export function bomDiagnostics(upstreamBom: UpstreamBom | undefined, text: string): Diagnostic[] {
  if (!hasBom(text) || !upstreamBom) return [];
  const { severity, consequence } = CONSEQUENCES[upstreamBom];
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return [
    { severity, code: BOM_CODE, message: `The file starts with a UTF-8 byte order mark (BOM), ${consequence}`, range },
  ];
}

/** Validates a text with its BOM stripped and adds the file/bom diagnostic when there was one. */
export function withoutBom<T extends Diagnostic[] | null>(
  upstreamBom: UpstreamBom | undefined,
  text: string,
  validate: (text: string) => T,
): T {
  const diagnostics = validate(stripBom(text));
  return (diagnostics === null ? null : [...bomDiagnostics(upstreamBom, text), ...diagnostics]) as T;
}
