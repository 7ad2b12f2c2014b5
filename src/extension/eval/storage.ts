// The workspace's `.waypoint/` folder: the response cache (one JSON file per key) and the run
// records (JSON Lines, one file per day). Written only in trusted workspaces.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ResponseCache } from '../../core/eval/engine';
import { modelReplySchema } from '../../core/eval/recordSchemas';
import { redactKnownSecrets } from '../../core/eval/redact';
import type { ModelReply, RunRecord } from '../../core/eval/types';
import { describeProblem, parseJsonWith } from '../../core/schemas/parse';
import { describeFsError, isMissingFile } from '../../core/walk';

export class WorkspaceStore implements ResponseCache {
  /** `log` hears about cache entries that exist but cannot be used (each is then a miss). */
  constructor(
    private readonly root: string,
    private readonly log: (line: string) => void,
  ) {}

  private cachePath(key: string): string {
    return join(this.root, '.waypoint', 'cache', `${key}.json`);
  }

  /** The cached reply, or undefined: no entry, or one that is unreadable or not a reply (logged; the model is asked again and the entry rewritten). */
  async get(key: string): Promise<ModelReply | undefined> {
    const path = this.cachePath(key);
    let text: string;
    try {
      text = await fs.readFile(path, 'utf8');
    } catch (error) {
      if (!isMissingFile(error)) this.log(`Response cache: cannot read ${path} (${describeFsError(error)}); asking the model instead.`);
      return undefined;
    }
    const parsed = parseJsonWith(text, modelReplySchema);
    if (parsed.ok) return parsed.value;
    this.log(`Response cache: ${describeProblem(path, parsed.diagnostics)}; the entry is not a cached reply, so the model is asked instead.`);
    return undefined;
  }

  async set(key: string, reply: ModelReply): Promise<void> {
    await fs.mkdir(join(this.root, '.waypoint', 'cache'), { recursive: true });
    // The same rule as run records: a key quoted back into a reply is not kept on disk.
    await fs.writeFile(this.cachePath(key), redactKnownSecrets(JSON.stringify(reply)));
  }

  /** Appends a run record to today's file and returns its path. */
  async appendRun(record: RunRecord): Promise<string> {
    const directory = join(this.root, '.waypoint', 'runs');
    await fs.mkdir(directory, { recursive: true });
    const path = join(directory, `${record.time.slice(0, 10)}.jsonl`);
    // A record never carries a key, even one a server or model quoted back into the answer.
    await fs.appendFile(path, `${redactKnownSecrets(JSON.stringify(record))}\n`);
    return path;
  }
}
