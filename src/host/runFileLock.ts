// The exclusive lock of a run file being written (`waypoint run --out`): a file `<out>.lock` beside
// it naming the writer (pid, host, start time). Without it two runs on one --out both appended, each
// asking every question (two --resume wrote 668 records for 364 questions) and both exited 0. The
// lock file appears whole or not at all: it is written aside and hard-linked into place, and link
// fails when the name is taken (O_EXCL on file systems without hard links). A lock whose process is
// gone (a SIGKILL, a crash) is taken over with a warning, but only on the same host, where that can
// be known; a lock from another host is refused with its holder named. Everything is synchronous so
// the lock can be released from a process 'exit' handler (a second Ctrl+C exits at once).
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { describeFsError } from '../core/util/walk';

/** Who holds a lock, as its file says. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO time). */
  since: string;
  /** The holder's process start (Linux: /proc/<pid>/stat field 22), so a pid reused after a reboot reads as gone. */
  start?: string;
}

/** The run file is being written by another process (or the lock cannot be made). */
export class RunFileLocked extends Error {
  constructor(
    message: string,
    readonly lockPath: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
  }
}

/** The lock file of a run file. */
export const lockPathOf = (path: string) => `${path}.lock`;

/** This process's start time as the kernel counts it (Linux), or undefined elsewhere. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether `holder`'s process still runs (asked only for holders on this host). */
function running(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: a process of another user has that pid, so it runs.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.start === undefined || holder.pid === process.pid) return true;
  const start = processStart(holder.pid);
  return start === undefined || start === holder.start;
}

function readHolder(lockPath: string): LockHolder | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : null;
  }
  try {
    const value: unknown = JSON.parse(text);
    const { pid, host, since, start } = (value ?? {}) as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof host !== 'string' || typeof since !== 'string') return null;
    return { pid, host, since, ...(typeof start === 'string' ? { start } : {}) };
  } catch {
    return null;
  }
}

/** Creates `lockPath` holding `text`, whole, or throws EEXIST when it exists. */
function createWhole(lockPath: string, text: string): void {
  const aside = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(aside, text, { flag: 'wx' });
  } catch {
    // A folder that takes no extra file: fall back to exclusive create (the text follows at once).
    const fd = openSync(lockPath, 'wx');
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    return;
  }
  try {
    linkSync(aside, lockPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw error;
    // No hard links here (some network and FUSE file systems): exclusive create instead.
    const fd = openSync(lockPath, 'wx');
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // Already gone.
    }
  }
}

const describe = (holder: LockHolder) => `pid ${holder.pid} on ${holder.host}, since ${holder.since}`;

/** A held lock; release() is idempotent and runs at process exit if not called before. */
export class RunFileLock {
  private released = false;
  private readonly onExit = () => this.release();

  private constructor(
    readonly path: string,
    readonly lockPath: string,
    private readonly text: string,
  ) {
    process.on('exit', this.onExit);
  }

  /**
   * Takes the lock of `path` for this process, taking over one whose process is gone (said through
   * `warn`). Throws RunFileLocked naming the holder when another process holds it.
   */
  static acquire(path: string, warn: (line: string) => void): RunFileLock {
    const lockPath = lockPathOf(path);
    const start = processStart(process.pid);
    const mine: LockHolder = {
      pid: process.pid,
      host: hostname(),
      since: new Date().toISOString(),
      ...(start !== undefined ? { start } : {}),
    };
    const text = `${JSON.stringify(mine)}\n`;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        createWhole(lockPath, text);
        return new RunFileLock(path, lockPath, text);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // No such folder: the run file's own problem, said as reading it would say it.
        if (code === 'ENOENT' || code === 'ENOTDIR')
          throw new RunFileLocked(`${path}: ${describeFsError(error)}`, lockPath, null);
        if (code !== 'EEXIST')
          throw new RunFileLocked(
            `${path}: cannot create its lock ${lockPath} (${describeFsError(error)}); the lock keeps two runs from writing one file, so its folder must be writable`,
            lockPath,
            null,
          );
      }
      const holder = readHolder(lockPath);
      if (holder === 'gone') continue;
      if (holder === null)
        throw new RunFileLocked(
          `${path} is locked by ${lockPath}, which does not say by whom; if no run is writing ${path}, remove ${lockPath}`,
          lockPath,
          null,
        );
      if (holder.host !== mine.host || running(holder))
        throw new RunFileLocked(
          `${path} is being written by another run (${describe(holder)}); wait for it to end or write to another file. If that process is gone, remove ${lockPath}`,
          lockPath,
          holder,
        );
      if (takeOver(lockPath, holder))
        warn(`${path}: the run that held its lock (${describe(holder)}) is gone; taking the lock over`);
    }
    throw new RunFileLocked(`${path}: its lock ${lockPath} keeps changing hands; try again`, lockPath, null);
  }

  /** Removes the lock file if it is still this one's. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    try {
      if (readFileSync(this.lockPath, 'utf8') === this.text) unlinkSync(this.lockPath);
    } catch {
      // Gone already (removed by hand): nothing to release.
    }
  }
}

/**
 * Moves a dead holder's lock aside and removes it; false when the lock changed meanwhile (another
 * process took it over first: its lock is put back, and the caller's next attempt meets it).
 */
function takeOver(lockPath: string, dead: LockHolder): boolean {
  const aside = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return false;
  }
  const moved = readHolder(aside);
  const same =
    moved !== null &&
    moved !== 'gone' &&
    moved.pid === dead.pid &&
    moved.host === dead.host &&
    moved.since === dead.since;
  if (!same) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // The name is taken again: whoever holds it now is met on the next attempt.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
  return same;
}
