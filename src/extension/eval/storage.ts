// The workspace's `.waypoint/` folder: the response cache (one JSON file per key) and the run
// records (JSON Lines, one file per day). Written only in trusted workspaces.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ResponseCache } from '../../core/eval/engine';
import { redactKnownSecrets } from '../../core/eval/redact';
import type { ModelReply, RunRecord } from '../../core/eval/types';

export class WorkspaceStore implements ResponseCache {
  constructor(private readonly root: string) {}

  private cachePath(key: string): string {
    return join(this.root, '.waypoint', 'cache', `${key}.json`);
  }

  async get(key: string): Promise<ModelReply | undefined> {
    try {
      return JSON.parse(await fs.readFile(this.cachePath(key), 'utf8')) as ModelReply;
    } catch {
      return undefined;
    }
  }

  async set(key: string, reply: ModelReply): Promise<void> {
    await fs.mkdir(join(this.root, '.waypoint', 'cache'), { recursive: true });
    await fs.writeFile(this.cachePath(key), JSON.stringify(reply));
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
