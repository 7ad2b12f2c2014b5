// Validation of standalone benchmark files (one file, no game folder), by kind: SmartPlay episode
// logs, GRASP grid files, BabyAI level files. The CLI, the language server's open documents and
// its workspace scan all come through here.
import { loadLevelFile } from './babyai/levelFile';
import { withoutBom } from './bom';
import { readRecordFile } from './babyai/recordFiles';
import { loadRecord } from './babyai/records';
import type { StandaloneKind } from './fileKinds';
import { parseGraspGridFile } from './grasp/gridFile';
import { parseGraspResultsFile } from './grasp/resultsFile';
import { validateEpisodeLog } from './smartplay/episodeChecks';
import { internalDiagnostic, type Diagnostic } from './text';

/** `path` is the file's path (not a URI): some checks compare the content with the file's name. */
type Validator = (text: string, path: string) => Diagnostic[];

const validators: Partial<Record<StandaloneKind, Validator>> = {
  'smartplay-episode': (text) => validateEpisodeLog(text).diagnostics,
  'grasp-grids': (text, path) => parseGraspGridFile(text, baseName(path)).diagnostics,
  'grasp-results': (text) => parseGraspResultsFile(text).diagnostics,
  'babyai-level': (text) => loadLevelFile(text).diagnostics,
  'babyai-records': (text, path) => {
    const file = readRecordFile(baseName(path), text);
    return [...file.diagnostics, ...file.records.flatMap((record) => loadRecord(record).diagnostics)];
  },
};

function baseName(path: string): string {
  // A path, not a URI: `%` is an ordinary character in a file name (decoding `%zz` would throw).
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Diagnostics of one standalone file, or null when this kind has no validator in this build. */
export function validateStandalone(kind: StandaloneKind, text: string, path: string): Diagnostic[] | null {
  const validate = validators[kind];
  if (!validate) return null;
  try {
    return withoutBom(kind, text, (content) => validate(content, path));
  } catch (error) {
    return [internalDiagnostic(error)];
  }
}
