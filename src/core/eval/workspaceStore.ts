// The workspace's `.waypoint/` folder: the response cache (one JSON file per key) and the run
// records (JSON Lines, one file per day). The editor and the CLI (`waypoint run`) share it, so a
// question answered in one is never asked again by the other. Written only in trusted workspaces.
// The file system is passed in (node:fs/promises in both hosts), so core stays free of node:fs.
import { describeProblem, parseJsonWith } from '../util/schema/parse';
import { describeFsError, isMissingFile } from '../util/walk';
import type { ResponseCache } from './engine';
import { modelReplySchema } from './recordSchemas';
import { redactKnownSecrets } from './redact';
import { writableRecord } from './recordGuard';
import type { ModelReply, RunRecord } from './types';

/** What the store needs of node:fs/promises. */
interface StoreFileSystem {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  appendFile(path: string, data: string): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  unlink(path: string): Promise<void>;
}

/** Joins with `/`, which Node accepts on every platform. */
function join(root: string, ...parts: string[]): string {
  return [root.replace(/[\\/]+$/, ''), ...parts].join('/');
}

export class WorkspaceStore implements ResponseCache {
  /** Temporary files being written (a host removes them if the process exits first). */
  private readonly temporaries = new Set<string>();
  /** Replies that could not be cached (a read-only or full disk); the first reason is logged. */
  unwritten = 0;
  private unwrittenReason: string | null = null;

  /**
   * `log` hears about cache entries that exist but cannot be used (each is then a miss), and the
   * first reply it cannot cache. `writer` (a Node host: its pid) opens each temporary file's name,
   * `<key>.json.<writer>-<random>.tmp`, so a later process can tell the files of a writer that was
   * killed before it could remove them (host/cacheSweep.ts).
   */
  constructor(
    private readonly root: string,
    private readonly log: (line: string) => void,
    private readonly fs: StoreFileSystem,
    private readonly writer?: string,
  ) {}

  /** The cache folder, for messages. */
  get cacheFolder(): string {
    return join(this.root, '.waypoint', 'cache');
  }

  private cachePath(key: string): string {
    return join(this.root, '.waypoint', 'cache', `${key}.json`);
  }

  /** The cached reply, or undefined: no entry, or one that is unreadable or not a reply (logged; the model is asked again and the entry rewritten). */
  async get(key: string): Promise<ModelReply | undefined> {
    const path = this.cachePath(key);
    let text: string;
    try {
      text = await this.fs.readFile(path, 'utf8');
    } catch (error) {
      if (!isMissingFile(error))
        this.log(`Response cache: cannot read ${path} (${describeFsError(error)}); asking the model instead.`);
      return undefined;
    }
    const parsed = parseJsonWith(text, modelReplySchema);
    if (parsed.ok) return parsed.value;
    this.log(
      `Response cache: ${describeProblem(path, parsed.diagnostics)}; the entry is not a cached reply, so the model is asked instead.`,
    );
    return undefined;
  }

  /**
   * Caches a reply. A cache that cannot be written (a read-only `.waypoint/`, a full disk) is not
   * the answer's failure: the reply still goes to its run record, and the first such failure is
   * logged (issue 29: every answer became an internal-error record, even the oracle's).
   */
  async set(key: string, reply: ModelReply): Promise<void> {
    // The same rule as run records: a key quoted back into a reply is not kept on disk.
    // Written aside and renamed into place: two writers of one key (two runs, or two questions that
    // reach the same prompt at once) would otherwise interleave into an entry that parses as neither.
    const path = this.cachePath(key);
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
    const temporary = `${path}.${this.writer === undefined ? unique : `${this.writer}-${unique}`}.tmp`;
    try {
      await this.fs.mkdir(join(this.root, '.waypoint', 'cache'), { recursive: true });
      this.temporaries.add(temporary);
      await this.fs.writeFile(temporary, redactKnownSecrets(JSON.stringify(reply)));
      await this.fs.rename(temporary, path);
      this.temporaries.delete(temporary);
    } catch (error) {
      if (this.temporaries.delete(temporary)) await this.fs.unlink(temporary).catch(() => undefined);
      this.unwritten++;
      if (this.unwrittenReason === null) {
        this.unwrittenReason = describeFsError(error);
        this.log(
          `Response cache: cannot write ${this.cacheFolder} (${this.unwrittenReason}); answers still go to their run records, but are not cached.`,
        );
      }
    }
  }

  /** Why replies could not be cached (the first failure), or null when all were. */
  get unwrittenBecause(): string | null {
    return this.unwrittenReason;
  }

  /** Temporary files still being written: what a process exiting now must remove. */
  pendingTemporaries(): string[] {
    return [...this.temporaries];
  }

  /** Appends a run record to today's file and returns its path. */
  async appendRun(record: RunRecord): Promise<string> {
    const directory = join(this.root, '.waypoint', 'runs');
    await this.fs.mkdir(directory, { recursive: true });
    const path = join(directory, `${record.time.slice(0, 10)}.jsonl`);
    // A record never carries a key, even one a server or model quoted back into the answer, and
    // is one the reader accepts.
    await this.fs.appendFile(path, `${redactKnownSecrets(JSON.stringify(writableRecord(record)))}\n`);
    return path;
  }
}
