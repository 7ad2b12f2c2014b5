// The response cache's temporary files left by a process that was killed (SIGKILL, a crash) before
// it could rename or remove them: every other end of a process removes its own (WorkspaceStore and
// its host's exit handler), but nothing runs after SIGKILL. A later process removes those whose
// writer (the pid in the name) no longer runs. On a cache shared between hosts the pid may be
// another host's: removing a file a live writer is still writing only makes its rename fail, which
// costs a cache entry (said as a warning), never an answer.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

const TEMPORARY = /\.json\.(\d+)-[0-9a-z]+\.tmp$/;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporary files of writers that are gone from `cacheFolder`; how many it removed (never throws). */
export async function sweepCacheTemporaries(cacheFolder: string): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(cacheFolder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(TEMPORARY.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isInteger(pid) || pid === process.pid || running(pid)) continue;
    await fs.unlink(join(cacheFolder, name)).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}
