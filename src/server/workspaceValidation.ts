// Validates every benchmark file under the workspace folders, including files no editor has open,
// and publishes their diagnostics. Reads files one at a time, skips oversized ones, and stops when
// the client cancels.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { fileKindOf, standaloneKindOf } from '../core/fileKinds';
import { validateStandalone } from '../core/standaloneValidation';
import { gameDiagnostics, loadGame } from './games';
import type { ValidateWorkspaceParams, ValidateWorkspaceResult } from '../protocol/requests';
import { toLspDiagnostics } from './diagnostics';
import type { DocumentStore } from './documents';

const IGNORED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test', '.waypoint']);
/** Enumeration stops here: a workspace with more benchmark files than this is rare and slow to scan. */
const MAX_FILES = 20000;

async function* benchmarkFiles(directory: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!IGNORED_DIRECTORIES.has(entry.name)) yield* benchmarkFiles(path);
    } else if (entry.isFile() && (fileKindOf(entry.name) !== null || standaloneKindOf(entry.name) !== null)) yield path;
  }
}

export async function validateWorkspace(
  connection: Connection,
  documents: DocumentStore,
  folders: readonly string[],
  params: ValidateWorkspaceParams,
  token: CancellationToken,
): Promise<ValidateWorkspaceResult> {
  const result: ValidateWorkspaceResult = { files: 0, errors: 0, warnings: 0, skipped: [], cancelled: false };
  const validatedGames = new Set<string>();
  for (const folderUri of folders) {
    for await (const path of benchmarkFiles(fileURLToPath(folderUri))) {
      if (token.isCancellationRequested) return { ...result, cancelled: true };
      if (result.files >= MAX_FILES) {
        result.skipped.push({ path, reason: `more than ${MAX_FILES} files` });
        return result;
      }
      const stat = await fs.stat(path);
      if (stat.size > params.maxFileSizeBytes && !documents.isOpen(pathToFileURL(path).toString())) {
        result.skipped.push({ path, reason: `larger than ${Math.round(params.maxFileSizeBytes / 1048576)} MB` });
        continue;
      }
      const standaloneKind = standaloneKindOf(path);
      if (standaloneKind !== null) {
        const diagnostics = validateStandalone(standaloneKind, await fs.readFile(path, 'utf8'), path);
        if (diagnostics === null) continue;
        void connection.sendDiagnostics({ uri: pathToFileURL(path).toString(), diagnostics: toLspDiagnostics(diagnostics) });
        result.files++;
        result.errors += diagnostics.filter((d) => d.severity === 'error').length;
        result.warnings += diagnostics.filter((d) => d.severity === 'warning').length;
        continue;
      }
      const game = await loadGame(pathToFileURL(path).toString(), documents);
      if (!game || validatedGames.has(game.key)) continue;
      validatedGames.add(game.key);
      for (const [uri, diagnostics] of await gameDiagnostics(game, documents)) {
        void connection.sendDiagnostics({ uri, version: documents.get(uri)?.text.version, diagnostics: toLspDiagnostics(diagnostics) });
        result.files++;
        result.errors += diagnostics.filter((d) => d.severity === 'error').length;
        result.warnings += diagnostics.filter((d) => d.severity === 'warning').length;
      }
    }
  }
  return result;
}
