// Validates every benchmark file under the workspace folders, including files no editor has open,
// and publishes their diagnostics. Reads files one at a time, skips oversized ones, and stops when
// the client cancels.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { describeFsError, walkFiles, type WalkFs } from '../core/util/walk';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { fileKindOf } from '../core/benchmarks';
import { validateStandalone } from '../core/benchmark/standaloneValidation';
import { gameDiagnostics, loadGame } from './mango/games';
import type { ValidateWorkspaceParams, ValidateWorkspaceResult } from '../protocol/lsp';
import { toLspDiagnostics } from './diagnostics';
import type { DocumentStore } from './documents';
import type { Diagnostic } from '../core/util/text';
import { severityCounts } from '../core/util/diagnosticCap';

const IGNORED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test', '.waypoint']);
/** Enumeration stops here: a workspace with more benchmark files than this is rare and slow to scan. */
const MAX_FILES = 20000;

const nodeWalkFs: WalkFs = {
  lstat: fs.lstat,
  stat: fs.stat,
  readdir: (path) => fs.readdir(path),
  realpath: fs.realpath,
};
/** Any kind of any registered benchmark. */
const isBenchmarkName = (name: string) => fileKindOf(name) !== null;

export async function validateWorkspace(
  connection: Connection,
  documents: DocumentStore,
  folders: readonly string[],
  params: ValidateWorkspaceParams,
  token: CancellationToken,
): Promise<ValidateWorkspaceResult> {
  const result: ValidateWorkspaceResult = { files: 0, errors: 0, warnings: 0, skipped: [], cancelled: false };
  const validatedGames = new Set<string>();
  const count = (diagnostics: readonly Diagnostic[]) => {
    result.files++;
    const counts = severityCounts(diagnostics);
    result.errors += counts.error;
    result.warnings += counts.warning;
  };
  const scan: ScanContext = { connection, documents, params, validatedGames, count };
  for (const folderUri of folders) {
    const walk = walkFiles(fileURLToPath(folderUri), nodeWalkFs, {
      join,
      wanted: isBenchmarkName,
      skipDirectory: (name) => IGNORED_DIRECTORIES.has(name),
    });
    for await (const item of walk) {
      if (token.isCancellationRequested) return { ...result, cancelled: true };
      // Paths that cannot be read (dangling links, loops, unreadable folders, FIFOs) are listed with
      // the reason; files of no known kind are not mentioned, as before.
      if (item.type === 'problem') result.skipped.push({ path: item.path, reason: item.reason });
      if (item.type !== 'file' || !isBenchmarkName(item.path)) continue;
      const path = item.path;
      if (result.files >= MAX_FILES) {
        result.skipped.push({ path, reason: `more than ${MAX_FILES} files` });
        return result;
      }
      try {
        const skipped = await validateFile(path, scan);
        if (skipped) result.skipped.push(skipped);
      } catch (error) {
        // The file changed or vanished between the walk and the read: that file is skipped, the scan goes on.
        result.skipped.push({ path, reason: describeFsError(error) });
      }
    }
  }
  return result;
}

/** What validating one file needs from the scan: where diagnostics go, and the totals it adds to. */
interface ScanContext {
  connection: Connection;
  documents: DocumentStore;
  params: ValidateWorkspaceParams;
  /** Games already validated through another member (a game is checked once, as a whole). */
  validatedGames: Set<string>;
  count: (diagnostics: readonly Diagnostic[]) => void;
}

/** Sends one file's diagnostics (a game's, once per game); returns why it was skipped when it is too large to read. */
async function validateFile(
  path: string,
  { connection, documents, params, validatedGames, count }: ScanContext,
): Promise<ValidateWorkspaceResult['skipped'][number] | undefined> {
  const stat = await fs.stat(path);
  if (stat.size > params.maxFileSizeBytes && !documents.isOpen(pathToFileURL(path).toString()))
    return { path, reason: `larger than ${Math.round(params.maxFileSizeBytes / 1048576)} MB` };
  // The registry decides between a standalone kind and a game member, as the open documents and the CLI do.
  const found = fileKindOf(path);
  if (found?.kind.validation === 'standalone') {
    const diagnostics = validateStandalone(found.kind.id, await fs.readFile(path, 'utf8'), path);
    if (diagnostics === null) return;
    void connection.sendDiagnostics({
      uri: pathToFileURL(path).toString(),
      diagnostics: toLspDiagnostics(diagnostics),
    });
    count(diagnostics);
    return;
  }
  const game = await loadGame(pathToFileURL(path).toString(), documents);
  if (!game || validatedGames.has(game.key)) return;
  validatedGames.add(game.key);
  for (const [uri, diagnostics] of await gameDiagnostics(game, documents)) {
    void connection.sendDiagnostics({
      uri,
      version: documents.get(uri)?.text.version,
      diagnostics: toLspDiagnostics(diagnostics),
    });
    count(diagnostics);
  }
}
