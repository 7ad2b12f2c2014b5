// Backup names that never clobber: `<file>.bak`, then `<file>.bak.1`, `<file>.bak.2`, … — the first
// that does not exist yet, so a second replacement keeps the first backup too.

/** The candidate backup paths of `path`, in the order they are tried. */
function* backupCandidates(path: string): Generator<string> {
  yield `${path}.bak`;
  for (let n = 1; ; n++) yield `${path}.bak.${n}`;
}

/** The first backup path of `path` that `exists` says is free (gives up after `limit` tries). */
export async function freeBackupPath(
  path: string,
  exists: (candidate: string) => Promise<boolean>,
  limit = 1000,
): Promise<string> {
  let tried = 0;
  for (const candidate of backupCandidates(path)) {
    if (!(await exists(candidate))) return candidate;
    if (++tried >= limit) break;
  }
  throw new Error(`${path} already has ${limit} backups (.bak, .bak.1, …): remove some first.`);
}
