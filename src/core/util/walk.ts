// The one directory walker of `waypoint validate` and the server's workspace scan. One bad entry
// (a dangling symlink, a symlink loop, an unreadable folder, a FIFO or device with a benchmark
// name) becomes one item saying what is wrong with that path, and the walk goes on. Only regular
// files are ever handed out for reading: opening a FIFO blocks until a writer comes, so entries are
// classified with lstat/stat first. The file system is passed in (node's `fs.promises` in the CLI
// and the server) so core stays free of node:fs and tests can inject failures.

/** The parts of a stat result the walker looks at (node's `Stats` has them all). */
export interface WalkStats {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface WalkFs {
  lstat(path: string): Promise<WalkStats>;
  stat(path: string): Promise<WalkStats>;
  readdir(path: string): Promise<string[]>;
  realpath(path: string): Promise<string>;
}

interface WalkOptions {
  /** Joins a folder and an entry name (node's `path.join`). */
  join(directory: string, name: string): string;
  /** Folders never entered, by name (`node_modules`, `.git`). */
  skipDirectory?(name: string): boolean;
  /**
   * Whether a file name is one the caller reads. Special files (FIFOs, sockets, devices) and broken
   * links are problems only when their name is wanted; otherwise they are ordinary skipped files.
   */
  wanted(name: string): boolean;
}

export type WalkItem =
  /** A regular file (or a link to one). */
  | { type: 'file'; path: string }
  /** Something not read, for a reason that is not an error: a file of no known kind, a folder already walked. */
  | { type: 'skipped'; path: string; reason: string }
  /** A path that should have been read and could not be: the caller reports it as an error. */
  | { type: 'problem'; path: string; reason: string };

/** Whether a failed file-system call means the path is not there (ENOENT/ENOTDIR): a file deleted meanwhile. */
export function isMissingFile(error: unknown): boolean {
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A short reason for a failed file-system call, without node's `ELOOP: ... , stat '<path>'` noise. */
export function describeFsError(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ELOOP':
      return 'symbolic link loop';
    case 'ENOTDIR':
      return 'not a directory';
    case 'EIO':
      return 'input/output error';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EROFS':
      return 'read-only file system';
  }
  return error instanceof Error ? error.message : String(error);
}

/** The last segment of a path (`/` or `\\` separated). A path, not a URI: `%` is an ordinary character in a file name. */
export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Walks `root` (a file or folder) in name order; never throws for the state of the file system. */
export async function* walkFiles(root: string, fs: WalkFs, options: WalkOptions): AsyncGenerator<WalkItem> {
  // Real paths of every folder entered: a link to a folder on the way down is a loop, any other
  // second visit (two links to one folder) would only report the same files twice.
  const visited = new Map<string, string>();
  yield* visit(root, fs, options, visited, [], true);
}

async function* visit(
  path: string,
  fs: WalkFs,
  options: WalkOptions,
  visited: Map<string, string>,
  ancestors: readonly string[],
  isRoot: boolean,
): AsyncGenerator<WalkItem> {
  const name = baseName(path);
  const found = await statFollowingLink(path, fs, () => isRoot || options.wanted(name));
  if ('item' in found) {
    yield found.item;
    return;
  }
  const { stats } = found;
  if (stats.isFile()) {
    yield { type: 'file', path };
    return;
  }
  if (!stats.isDirectory()) {
    const reason = 'not a regular file (a FIFO, socket or device), not read';
    if (isRoot || options.wanted(name)) yield { type: 'problem', path, reason };
    else yield { type: 'skipped', path, reason };
    return;
  }
  const entered = await enterFolder(path, fs, visited, ancestors);
  if ('item' in entered) {
    yield entered.item;
    return;
  }
  const { real, names } = entered;
  names.sort((a, b) => a.localeCompare(b));
  for (const entry of names) {
    if (options.skipDirectory?.(entry)) {
      // Only folders are skipped by name; a file called `dist` is still looked at.
      const entryPath = options.join(path, entry);
      const isDirectory = await fs.lstat(entryPath).then(
        (s) => s.isDirectory(),
        () => false,
      );
      if (isDirectory) continue;
    }
    yield* visit(options.join(path, entry), fs, options, visited, [...ancestors, real], false);
  }
}

/**
 * The stats of `path`, through a symbolic link to its target; or the item that reports it instead
 * (a problem when it cannot be read; a dangling link is a problem only when `wanted()`, else skipped).
 */
async function statFollowingLink(
  path: string,
  fs: WalkFs,
  wanted: () => boolean,
): Promise<{ stats: WalkStats } | { item: WalkItem }> {
  try {
    const stats = await fs.lstat(path);
    if (!stats.isSymbolicLink()) return { stats };
    try {
      return { stats: await fs.stat(path) };
    } catch (error) {
      const reason = describeFsError(error);
      const described =
        reason === 'no such file or directory' ? 'dangling symbolic link (its target does not exist)' : reason;
      return { item: { type: wanted() ? 'problem' : 'skipped', path, reason: described } };
    }
  } catch (error) {
    return { item: { type: 'problem', path, reason: describeFsError(error) } };
  }
}

/**
 * The folder's real path (now visited) and its entries; or the item that reports why it is not walked (a loop, a second
 * visit, unreadable).
 */
async function enterFolder(
  path: string,
  fs: WalkFs,
  visited: Map<string, string>,
  ancestors: readonly string[],
): Promise<{ real: string; names: string[] } | { item: WalkItem }> {
  try {
    const real = await fs.realpath(path);
    if (ancestors.includes(real))
      return {
        item: {
          type: 'problem',
          path,
          reason: `symbolic link loop: leads back to ${visited.get(real) ?? real}, not followed`,
        },
      };
    const earlier = visited.get(real);
    if (earlier !== undefined)
      return { item: { type: 'skipped', path, reason: `same folder as ${earlier}, already walked` } };
    visited.set(real, path);
    return { real, names: await fs.readdir(path) };
  } catch (error) {
    return { item: { type: 'problem', path, reason: `cannot read folder: ${describeFsError(error)}` } };
  }
}

/** `name` inside `folder` (either slash; a trailing one on the folder is not doubled). */
export function joinPath(folder: string, name: string): string {
  return `${folder.replace(/[\\/]+$/, '')}/${name}`;
}

/**
 * Whether `path` lies inside `folder` (both already resolved by realpath), comparing whole path
 * parts: `/a/bc` is not inside `/a/b`. Either slash, so Windows paths compare too.
 */
export function isInsideFolder(path: string, folder: string): boolean {
  const slashed = (text: string) => text.replace(/\\/g, '/').replace(/\/+$/, '');
  const inner = slashed(path);
  const outer = slashed(folder);
  return inner === outer || inner.startsWith(`${outer}/`);
}
