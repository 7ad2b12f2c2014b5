// The server's one copy of every MANGO game it has looked at. Each member file's text and parse
// are cached under a stamp: the document version while an editor has it open, mtime + size while
// it is on disk. A game's model is cached under the combined stamps of its members, so the ~20
// requests that need a game (hovers, lenses, the maze, questions, diagnostics) share one parse and
// re-read only the file that changed. Disk files are stat'ed on every access (cheap), which also
// catches changes no watcher reported; watched-file events drop entries outright, for writes that
// keep both mtime and size. Changes the server is told of (edits, saves, changes on disk) are handed
// to the store's listeners, which push them to the client (gameChanges.ts).
import { promises as nodeFs } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readTextFile } from '../../core/util/fileLimits';
import { mangoGameOf, mangoSuffixes, type FileKind } from '../../core/benchmarks/mango/fileKinds';
import { isMissingFile } from '../../core/util/walk';
import { buildGameModel } from '../../core/benchmarks/mango/walkthrough/game';
import { stripBom } from '../../core/util/bom';
import type { GameModel } from '../../core/benchmarks/mango/walkthrough/gameChecks';
import type { DocumentStore } from '../documents';

export interface GameMember {
  kind: FileKind;
  uri: string;
  open: boolean;
}

/** A game as one request sees it. Shared between requests: callers must not mutate it. */
export interface LoadedGame {
  key: string;
  members: GameMember[];
  model: GameModel;
  texts: Partial<Record<FileKind, string>>;
  /** Members on disk that could not be read (too large, unreadable): shown on the member, not taken as absent. */
  readFailures: Map<string, unknown>;
}

/** A game as a change names it: its key in the store, its folder (a file URI, null for a document in none) and name. */
export interface GameIdentity {
  key: string;
  folder: string | null;
  game: string;
}

/** A member the store was told changed, and its game. */
export interface MemberChange {
  uri: string;
  game: GameIdentity;
}

/** What the store needs of node:fs/promises (tests pass a counting one). */
interface GameStoreFileSystem {
  stat(path: string): Promise<{ mtimeMs: number; size: number; isFile(): boolean; isDirectory(): boolean }>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
}

/** Skeleton files are large and read in slices by validation; the store does not keep their text. */
const PARSED_KINDS: ReadonlySet<FileKind> = new Set([
  'mango-walkthrough',
  'mango-edges',
  'mango-actions',
  'mango-locations',
]);

interface StampedMember extends GameMember {
  stamp: string;
  stat?: Awaited<ReturnType<GameStoreFileSystem['stat']>>;
}

interface FileEntry {
  stamp: string;
  /** undefined when the file could not be read: absent when it vanished, else `failure` says why. */
  text: string | undefined;
  failure?: unknown;
  /** This file's part of the game model (one field plus its BOM diagnostic). */
  part: GameModel;
}

/** Enough for a workspace scan to reuse what an open editor needs, small enough not to keep every game. */
const MAX_GAMES = 64;
/** URIs whose game is remembered; a workspace scan asks for each file once, so the memo is dropped when full. */
const MAX_IDENTITIES = 4096;

export class GameStore {
  private readonly files = new Map<string, FileEntry>();
  private readonly games = new Map<string, { stamp: string; game: LoadedGame }>();
  private readonly changeListeners = new Set<(change: MemberChange) => void>();
  /** identityOf's answers for URIs by their path (null: no game member). */
  private readonly identities = new Map<string, GameIdentity | null>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly fs: GameStoreFileSystem = nodeFs,
  ) {}

  /** The game `uri` belongs to (open editors win over disk), or null for non-MANGO files. */
  async load(uri: string): Promise<LoadedGame | null> {
    const found = await this.members(uri);
    if (!found) return null;
    const stamp = found.members.map((member) => `${member.kind}=${member.stamp}`).join('|');
    const cached = this.games.get(found.key);
    if (cached && cached.stamp === stamp) {
      touch(this.games, found.key, cached);
      return cached.game;
    }
    const texts: Partial<Record<FileKind, string>> = {};
    const model: GameModel = {};
    const readFailures = new Map<string, unknown>();
    for (const member of found.members) {
      if (!PARSED_KINDS.has(member.kind)) continue;
      const entry = await this.file(member);
      if (entry.failure !== undefined) readFailures.set(member.uri, entry.failure);
      if (member.kind !== 'mango-walkthrough' && entry.text !== undefined) texts[member.kind] = entry.text;
      const { walkthrough, edges, actions, locations, bom } = entry.part;
      if (walkthrough) model.walkthrough = walkthrough;
      if (edges) model.edges = edges;
      if (actions) model.actions = actions;
      if (locations) model.locations = locations;
      if (bom) model.bom = [...(model.bom ?? []), ...bom];
    }
    const game: LoadedGame = {
      key: found.key,
      members: found.members.map(({ kind, uri: memberUri, open }) => ({ kind, uri: memberUri, open })),
      model,
      texts,
      readFailures,
    };
    touch(this.games, found.key, { stamp, game });
    evict(this.games, MAX_GAMES);
    return game;
  }

  /** A member's current text: the open editor's, else the stored copy if still current, else the file on disk. */
  async memberText(game: LoadedGame, kind: FileKind): Promise<string | undefined> {
    const member = game.members.find((candidate) => candidate.kind === kind);
    if (!member) return undefined;
    const open = this.documents.get(member.uri);
    if (open) return open.text.getText();
    const path = fileURLToPath(member.uri);
    const stat = await this.fs.stat(path).catch(() => undefined);
    if (!stat) return undefined;
    // A file deleted since the game was loaded is absent; any other failure reaches the request's caller.
    if (!PARSED_KINDS.has(kind)) {
      return readTextFile({ stat: async () => stat, readFile: this.fs.readFile }, path).catch((error: unknown) => {
        if (isMissingFile(error)) return undefined;
        throw error;
      });
    }
    const entry = await this.file({ ...member, stamp: diskStamp(stat), stat });
    if (entry.failure !== undefined) throw entry.failure;
    return entry.text;
  }

  /**
   * Drops what is stored for `uri`; the next access reads it again. Called when a watcher saw the
   * file change, and when an editor opens or closes it (a reopened document starts again at
   * version 1, so its version alone cannot tell its texts apart).
   */
  forget(uri: string): void {
    this.files.delete(uri);
    for (const [key, { game }] of this.games)
      if (game.key === uri || game.members.some((member) => member.uri === uri)) this.games.delete(key);
  }

  /** Calls `listener` for every member change the store is told of (edited, changedOnDisk). */
  onMemberChange(listener: (change: MemberChange) => void): { dispose(): void } {
    this.changeListeners.add(listener);
    return { dispose: () => this.changeListeners.delete(listener) };
  }

  /** An open member's text changed: its version already tells the cache; the listeners hear of it. */
  edited(uri: string): void {
    this.announce(uri);
  }

  /** A member changed on disk (saved, written by another tool, created or deleted): read it again, and tell the listeners. */
  changedOnDisk(uri: string): void {
    this.forget(uri);
    this.announce(uri);
  }

  /**
   * The game `uri` names by its path alone (the file need not exist). An open document that names
   * none (an untitled walkthrough, a file of another name shown as one) is a game of its own; any
   * other file is in no game (null).
   */
  identityOf(uri: string): GameIdentity | null {
    // Asked on every keystroke: a file URI's game is worked out once (its path alone decides it).
    let game = this.identities.get(uri);
    if (game === undefined) {
      const found = uri.startsWith('file:') ? mangoGameOfUri(uri) : null;
      game = found
        ? {
            key: `${found.directory}${found.game}`,
            folder: pathToFileURL(found.directory).toString(),
            game: found.game,
          }
        : null;
      if (this.identities.size >= MAX_IDENTITIES) this.identities.clear();
      this.identities.set(uri, game);
    }
    if (game) return game;
    return this.documents.isOpen(uri) ? { key: uri, folder: null, game: uri } : null;
  }

  private announce(uri: string): void {
    const game = this.identityOf(uri);
    if (game) for (const listener of this.changeListeners) listener({ uri, game });
  }

  private async file(member: StampedMember): Promise<FileEntry> {
    const cached = this.files.get(member.uri);
    if (cached && cached.stamp === member.stamp) {
      touch(this.files, member.uri, cached);
      return cached;
    }
    const open = this.documents.get(member.uri);
    let entry: FileEntry;
    if (open?.walkthrough) {
      // An open walkthrough keeps its own incremental parse; nothing to read or re-parse.
      entry = { stamp: member.stamp, text: undefined, part: { walkthrough: open.walkthrough } };
    } else {
      const read = open ? { text: open.text.getText() } : await this.readDisk(member);
      // The model keeps the BOM note; the stored text is what the editor shows (prompts, ranges, edits).
      entry = {
        stamp: member.stamp,
        ...read,
        text: read.text === undefined ? undefined : stripBom(read.text),
        part: read.text === undefined ? {} : buildGameModel({ [member.kind]: read.text }),
      };
    }
    touch(this.files, member.uri, entry);
    evict(this.files, MAX_GAMES * PARSED_KINDS.size);
    return entry;
  }

  /**
   * A closed member's text from disk. A file deleted since the folder was listed reads as absent (the
   * next change event reloads the game); any other failure is kept so the member shows it (see
   * readFailureDiagnostic) instead of looking clean.
   */
  private async readDisk(member: StampedMember): Promise<{ text: string | undefined; failure?: unknown }> {
    const path = fileURLToPath(member.uri);
    // The stat just taken is the one the stamp came from; readTextFile need not take another.
    const fs: GameStoreFileSystem = member.stat
      ? { stat: async () => member.stat!, readFile: this.fs.readFile }
      : this.fs;
    try {
      return { text: await readTextFile(fs, path) };
    } catch (error) {
      return isMissingFile(error) ? { text: undefined } : { text: undefined, failure: error };
    }
  }

  /** The members of the game a file belongs to (existing files only), each with its stamp. */
  private async members(uri: string): Promise<{ key: string; members: StampedMember[] } | null> {
    if (!uri.startsWith('file:')) {
      const open = this.documents.get(uri);
      return open
        ? { key: uri, members: [{ kind: open.kind, uri, open: true, stamp: `v${open.text.version}` }] }
        : null;
    }
    const game = mangoGameOf(fileURLToPath(uri));
    if (!game) return null;
    const members: StampedMember[] = [];
    for (const [suffix, kind] of mangoSuffixes) {
      const memberUri = pathToFileURL(`${game.directory}${game.game}${suffix}`).toString();
      const open = this.documents.get(memberUri);
      if (open) {
        members.push({ kind, uri: memberUri, open: true, stamp: `v${open.text.version}` });
        continue;
      }
      const stat = await this.fs.stat(fileURLToPath(memberUri)).catch(() => undefined);
      if (stat?.isFile()) members.push({ kind, uri: memberUri, open: false, stamp: diskStamp(stat), stat });
    }
    return { key: `${game.directory}${game.game}`, members };
  }
}

/** A file URI's game; null for a URI that names no local path (a UNC host on POSIX) or no game member. */
function mangoGameOfUri(uri: string): ReturnType<typeof mangoGameOf> {
  try {
    return mangoGameOf(fileURLToPath(uri));
  } catch {
    return null;
  }
}

function diskStamp(stat: { mtimeMs: number; size: number }): string {
  return `m${stat.mtimeMs}:${stat.size}`;
}

/** Marks an entry most recently used (a Map iterates in insertion order). */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
}

function evict<V>(map: Map<string, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}
