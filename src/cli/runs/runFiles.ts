// What `waypoint run` needs of the disk: the response cache shared with the editor (the nearest
// `.waypoint/` folder above the working directory), and the run file (host/runFile.ts, which the
// editor's Run Benchmark writes through too).
import { existsSync, promises as fs, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { WorkspaceStore } from '../../core/eval/workspaceStore';
import { sweepCacheTemporaries } from '../../host/cacheSweep';

export { nodeRunFilesWith, RunFile, type WriteBytes } from '../../host/runFile';

/** The workspace whose cache the CLI shares: the nearest folder above `start` that has `.waypoint/`, else `start`. */
export function workspaceRoot(start: string): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    if (existsSync(join(directory, '.waypoint'))) return directory;
    if (dirname(directory) === directory) return resolve(start);
  }
}

/**
 * The response cache of `root`; its temporary files go with the process even when it exits at once
 * (a second Ctrl+C), and those of earlier processes that were killed are swept away meanwhile.
 */
export function cliStore(root: string, warn: (line: string) => void): WorkspaceStore {
  const store = new WorkspaceStore(root, warn, fs, String(process.pid));
  void sweepCacheTemporaries(store.cacheFolder);
  process.once('exit', () => {
    for (const temporary of store.pendingTemporaries()) {
      try {
        unlinkSync(temporary);
      } catch {
        // Renamed into place or removed meanwhile.
      }
    }
  });
  return store;
}
