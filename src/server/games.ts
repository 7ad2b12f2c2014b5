// MANGO game folders as the server sees them: a file's siblings with the same `<game>` prefix,
// read from open editors when open and from disk otherwise. Validating one member validates the
// game, so an edit in edges.json updates the walkthrough's problems too.
import { promises as fs } from 'node:fs';
import { readFailureDiagnostic, readTextFile } from '../core/fileLimits';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mangoGameOf, mangoSuffixes, type FileKind } from '../core/fileKinds';
import { buildGameModel, fileDiagnostics, skeletonDiagnosticsInChunks } from '../core/mango/game';
import { checkGame, type GameModel } from '../core/mango/gameChecks';
import { JsonCodes } from '../core/json/locatedJson';
import type { Diagnostic } from '../core/text';
import { isMissingFile } from '../core/walk';
import type { DocumentStore } from './documents';

export interface GameMember {
  kind: FileKind;
  uri: string;
  open: boolean;
}

export interface LoadedGame {
  key: string;
  members: GameMember[];
  model: GameModel;
  texts: Partial<Record<FileKind, string>>;
  /** Members on disk that could not be read (too large, unreadable): shown on the member, not taken as absent. */
  readFailures: Map<string, unknown>;
}

/** A member's current text: the open editor's, else the loaded copy, else the file on disk. */
export async function memberText(game: LoadedGame, documents: DocumentStore, kind: FileKind): Promise<string | undefined> {
  const member = game.members.find((candidate) => candidate.kind === kind);
  if (!member) return undefined;
  const open = documents.get(member.uri);
  if (open) return open.text.getText();
  if (game.texts[kind] !== undefined) return game.texts[kind];
  // A file deleted since the game was loaded is absent; any other failure reaches the request's caller.
  return readTextFile(fs, fileURLToPath(member.uri)).catch((error: unknown) => {
    if (isMissingFile(error)) return undefined;
    throw error;
  });
}

/**
 * A closed member's text from disk. A file deleted since the folder was listed reads as absent (the
 * next change event reloads the game); any other failure is kept in `failures` so the member shows it
 * (see readFailureDiagnostic) instead of looking clean.
 */
async function readMember(uri: string, failures: Map<string, unknown>): Promise<string | undefined> {
  try {
    return await readTextFile(fs, fileURLToPath(uri));
  } catch (error) {
    if (!isMissingFile(error)) failures.set(uri, error);
    return undefined;
  }
}

/** The URI of a game file of the given kind, whether or not it exists yet. */
export function gameFileUri(game: Pick<LoadedGame, 'key'>, kind: FileKind): string {
  const suffix = mangoSuffixes.find(([, candidate]) => candidate === kind)?.[0] ?? '';
  return pathToFileURL(`${game.key}${suffix}`).toString();
}

/** The members of the game a file belongs to (existing files only), or null for non-MANGO files. */
async function gameMembers(uri: string, documents: DocumentStore): Promise<{ key: string; members: GameMember[] } | null> {
  if (!uri.startsWith('file:')) {
    const open = documents.get(uri);
    return open ? { key: uri, members: [{ kind: open.kind, uri, open: true }] } : null;
  }
  const game = mangoGameOf(fileURLToPath(uri));
  if (!game) return null;
  const members: GameMember[] = [];
  for (const [suffix, kind] of mangoSuffixes) {
    const memberUri = pathToFileURL(`${game.directory}${game.game}${suffix}`).toString();
    if (documents.isOpen(memberUri)) members.push({ kind, uri: memberUri, open: true });
    else if (await fs.stat(fileURLToPath(memberUri)).then((stat) => stat.isFile(), () => false)) members.push({ kind, uri: memberUri, open: false });
  }
  return { key: `${game.directory}${game.game}`, members };
}

/** Loads a game's files (open editors win over disk) and parses them; skeleton files are not read here. */
export async function loadGame(uri: string, documents: DocumentStore): Promise<LoadedGame | null> {
  const found = await gameMembers(uri, documents);
  if (!found) return null;
  const texts: Partial<Record<FileKind, string>> = {};
  const readFailures = new Map<string, unknown>();
  for (const member of found.members) {
    if (member.kind === 'mango-df' || member.kind === 'mango-rf' || member.kind === 'mango-walkthrough') continue;
    const open = documents.get(member.uri);
    texts[member.kind] = open ? open.text.getText() : await readMember(member.uri, readFailures);
  }
  const model = buildGameModel(texts);
  const walkthroughMember = found.members.find((member) => member.kind === 'mango-walkthrough');
  if (walkthroughMember) {
    // An open walkthrough keeps its incremental parse; a closed one is parsed from disk.
    const open = documents.get(walkthroughMember.uri);
    if (open?.walkthrough) model.walkthrough = open.walkthrough;
    else {
      const text = await readMember(walkthroughMember.uri, readFailures);
      if (text !== undefined) {
        const parsed = buildGameModel({ 'mango-walkthrough': text });
        model.walkthrough = parsed.walkthrough;
        if (parsed.bom) model.bom = [...(model.bom ?? []), ...parsed.bom];
      }
    }
  }
  return { key: found.key, members: found.members, model, texts, readFailures };
}

/**
 * Diagnostics of every member of a game. JSON files open in VS Code are already checked for syntax
 * and schema by its JSON language service (with Waypoint's contributed schemas), so those codes are
 * left to it there; closed files and JSON Lines get them from us.
 */
export async function gameDiagnostics(game: LoadedGame, documents: DocumentStore, onPartial?: PartialPublisher, isStale?: () => boolean): Promise<Map<string, Diagnostic[]>> {
  const byKind = fileDiagnostics(game.model);
  for (const [kind, diagnostics] of checkGame(game.model)) byKind.set(kind, [...(byKind.get(kind) ?? []), ...diagnostics]);
  const byUri = new Map<string, Diagnostic[]>();
  for (const member of game.members) {
    let diagnostics = byKind.get(member.kind) ?? [];
    const failure = game.readFailures.get(member.uri);
    if (failure !== undefined) diagnostics = [readFailureDiagnostic(failure)];
    else if (member.kind === 'mango-df' || member.kind === 'mango-rf') diagnostics = await skeletonDiagnostics(member, documents, game.model, onPartial, isStale);
    const open = documents.get(member.uri);
    if (open && open.text.languageId === 'json') diagnostics = diagnostics.filter((d) => !LEFT_TO_VSCODE_JSON.has(d.code));
    byUri.set(member.uri, diagnostics);
  }
  return byUri;
}

/** What VS Code's JSON service reports itself; excessive nesting it does not, so that stays ours. */
const LEFT_TO_VSCODE_JSON: ReadonlySet<string> = new Set([JsonCodes.syntax, JsonCodes.schema]);

/** Time slice after which skeleton checking yields to other requests. */
const SLICE_MS = 15;

/** Checks a skeleton file in slices, handing partial results to `onPartial`; `isStale` stops early. */
async function skeletonDiagnostics(member: GameMember, documents: DocumentStore, model: GameModel, onPartial?: PartialPublisher, isStale?: () => boolean): Promise<Diagnostic[]> {
  const open = documents.get(member.uri);
  let text = '';
  try {
    text = open ? open.text.getText() : await readTextFile(fs, fileURLToPath(member.uri));
  } catch (error) {
    // Too large (or unreadable): say so on the file instead of reading hundreds of MB or looking clean.
    // Deleted since the game was loaded: nothing to check (the deletion reloads the game).
    return isMissingFile(error) ? [] : [readFailureDiagnostic(error)];
  }
  let latest: Diagnostic[] = [];
  let sliceStart = performance.now();
  for (const sofar of skeletonDiagnosticsInChunks(member.kind === 'mango-df' ? 'mango-df' : 'mango-rf', text, model, 500)) {
    latest = sofar;
    if (performance.now() - sliceStart > SLICE_MS) {
      onPartial?.(member.uri, latest);
      await new Promise((resolve) => setImmediate(resolve));
      if (isStale?.()) return latest;
      sliceStart = performance.now();
    }
  }
  return latest;
}

export type PartialPublisher = (uri: string, diagnostics: Diagnostic[]) => void;
