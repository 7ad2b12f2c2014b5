// MANGO game folders as the server sees them: a file's siblings with the same `<game>` prefix,
// read from open editors when open and from disk otherwise, through the GameStore (gameStore.ts).
// Validating one member validates the game, so an edit in edges.json updates the walkthrough's
// problems too.
import { promises as fs } from 'node:fs';
import { readFailureDiagnostic, readTextFile } from '../../core/util/fileLimits';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mangoSuffixes, type FileKind } from '../../core/benchmarks/mango/fileKinds';
import { fileDiagnostics, skeletonDiagnosticsInChunks } from '../../core/benchmarks/mango/walkthrough/game';
import { checkGame, type GameModel } from '../../core/benchmarks/mango/walkthrough/gameChecks';
import { JsonCodes } from '../../core/util/locatedJson';
import type { Diagnostic } from '../../core/util/text';
import type { MangoGameData } from '../../core/benchmarks/mango/scoring/evaluation';
import { baseName, isMissingFile } from '../../core/util/walk';
import type { DocumentStore } from '../documents';
import { GameStore, type GameMember, type LoadedGame } from './gameStore';

export type { GameMember, LoadedGame } from './gameStore';

/** One store per set of open documents: the server has one, tests and the bench make their own. */
const stores = new WeakMap<DocumentStore, GameStore>();

/** The game store that reads through `documents` (created on first use). */
export function gameStore(documents: DocumentStore): GameStore {
  let store = stores.get(documents);
  if (!store) {
    store = new GameStore(documents);
    stores.set(documents, store);
  }
  return store;
}

/** The game `uri` belongs to, from the store: re-read and re-parsed only where a member changed. */
export function loadGame(uri: string, documents: DocumentStore): Promise<LoadedGame | null> {
  return gameStore(documents).load(uri);
}

/** A member's current text: the open editor's, else the stored copy, else the file on disk. */
export function memberText(game: LoadedGame, documents: DocumentStore, kind: FileKind): Promise<string | undefined> {
  return gameStore(documents).memberText(game, kind);
}

/** The URI of a game file of the given kind, whether or not it exists yet. */
export function gameFileUri(game: Pick<LoadedGame, 'key'>, kind: FileKind): string {
  const suffix = mangoSuffixes.find(([, candidate]) => candidate === kind)?.[0] ?? '';
  return pathToFileURL(`${game.key}${suffix}`).toString();
}

/**
 * Diagnostics of every member of a game. JSON files open in VS Code are already checked for syntax
 * and schema by its JSON language service (with Waypoint's contributed schemas), so those codes are
 * left to it there; closed files and JSON Lines get them from us.
 */
export async function gameDiagnostics(
  game: LoadedGame,
  documents: DocumentStore,
  onPartial?: PartialPublisher,
  isStale?: () => boolean,
): Promise<Map<string, Diagnostic[]>> {
  const byKind = fileDiagnostics(game.model);
  for (const [kind, diagnostics] of checkGame(game.model))
    byKind.set(kind, [...(byKind.get(kind) ?? []), ...diagnostics]);
  const byUri = new Map<string, Diagnostic[]>();
  for (const member of game.members) {
    let diagnostics = byKind.get(member.kind) ?? [];
    const failure = game.readFailures.get(member.uri);
    if (failure !== undefined) diagnostics = [readFailureDiagnostic(failure)];
    else if (member.kind === 'mango-df' || member.kind === 'mango-rf')
      diagnostics = await skeletonDiagnostics(member, documents, game.model, onPartial, isStale);
    const open = documents.get(member.uri);
    if (open && open.text.languageId === 'json')
      diagnostics = diagnostics.filter((d) => !LEFT_TO_VSCODE_JSON.has(d.code));
    byUri.set(member.uri, diagnostics);
  }
  return byUri;
}

/** What VS Code's JSON service reports itself; excessive nesting it does not, so that stays ours. */
const LEFT_TO_VSCODE_JSON: ReadonlySet<string> = new Set([JsonCodes.syntax, JsonCodes.schema]);

/** Time slice after which skeleton checking yields to other requests. */
const SLICE_MS = 15;

/** Checks a skeleton file in slices, handing partial results to `onPartial`; `isStale` stops early. */
async function skeletonDiagnostics(
  member: GameMember,
  documents: DocumentStore,
  model: GameModel,
  onPartial?: PartialPublisher,
  isStale?: () => boolean,
): Promise<Diagnostic[]> {
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
  for (const sofar of skeletonDiagnosticsInChunks(
    member.kind === 'mango-df' ? 'mango-df' : 'mango-rf',
    text,
    model,
    500,
  )) {
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

type PartialPublisher = (uri: string, diagnostics: Diagnostic[]) => void;

/** The game's name: its files' common prefix without the folder (`data/zork1/zork1` → `zork1`). */
export function gameNameOf(game: Pick<LoadedGame, 'key'>): string {
  return baseName(game.key);
}

/** The game as core's evaluation takes it. */
export function mangoGameData(game: LoadedGame): MangoGameData {
  const steps = game.model.walkthrough?.steps() ?? [];
  return {
    game: gameNameOf(game),
    records: (game.model.edges?.edges ?? []).map((edge) => edge.record),
    locations: game.model.locations?.names.map((located) => located.value) ?? [],
    start: steps[0]?.location?.toLowerCase() ?? null,
    lastStep: game.model.walkthrough?.lastStepNumber() ?? undefined,
  };
}
