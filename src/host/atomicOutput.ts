// A file written whole or not at all, streamed: the text goes to a temporary file next to the
// target (same folder, so the final step is a link on one file system), and only `commit` makes it
// the target. Long generators (`waypoint babyai generate --level`) use it so memory stays flat, a
// failure or Ctrl+C leaves no half-written file, and a target that appeared while they ran is never
// replaced: commit links the temporary file to the target's name, which fails if the name is taken,
// where rename would silently replace it.
import {
  closeSync,
  constants as fsConstants,
  fchmodSync,
  promises as fs,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { constants as osConstants } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describeFsError } from '../core/util/walk';
import { RunFileLock, RunFileLocked } from './runFileLock';

/** The target exists (before the work, or it appeared while the work ran). */
export class OutputExistsError extends Error {
  readonly code = 'EEXIST';
  constructor(readonly target: string) {
    super(`${target}: exists`);
  }
}

/** Text is handed to the file system in chunks of about this size: few writes, bounded memory. */
const CHUNK_CHARS = 256 * 1024;

export class AtomicOutput {
  private pending: string[] = [];
  private pendingChars = 0;
  private closed = false;

  private constructor(
    readonly target: string,
    /** The temporary file (`<target>.<pid>-<random>.partial`). */
    readonly temp: string,
    private readonly handle: fs.FileHandle,
  ) {}

  /**
   * Makes the target's folder, refuses an existing target, and creates the temporary file
   * exclusively. Run it before the work: a folder that cannot be made or written then fails at once.
   */
  static async open(target: string): Promise<AtomicOutput> {
    const full = resolve(target);
    await fs.mkdir(dirname(full), { recursive: true });
    if (exists(full)) throw new OutputExistsError(target);
    const temp = join(dirname(full), `${basename(full)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
    const handle = await fs.open(temp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o666);
    return new AtomicOutput(target, temp, handle);
  }

  /** Queues text; resolves once the file system has taken any full chunk (the caller waits: backpressure). */
  async write(text: string): Promise<void> {
    if (this.closed) throw new Error(`${this.target}: written after it was committed or aborted`);
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= CHUNK_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pendingChars === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    await this.handle.writeFile(chunk);
  }

  /** Writes what is queued, closes, and gives the file the target's name; throws OutputExistsError (temp removed) if the name is taken. */
  async commit(): Promise<void> {
    try {
      await this.flush();
      this.closed = true;
      await this.handle.close();
      try {
        await fs.link(this.temp, resolve(this.target));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') throw new OutputExistsError(this.target);
        // A file system without hard links (FAT, some network shares): check, then rename. The check
        // and the rename are two steps, so only there can a file that appears between them be replaced.
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
        if (exists(resolve(this.target))) throw new OutputExistsError(this.target);
        await fs.rename(this.temp, resolve(this.target));
        return;
      }
      // The target is complete now: a temporary name that cannot be removed is not a failure of the write.
      await fs.unlink(this.temp).catch(() => undefined);
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  /** Closes and removes the temporary file; the target is untouched. Safe to call twice. */
  async abort(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.handle.close().catch(() => undefined);
    }
    await fs.unlink(this.temp).catch(() => undefined);
  }

  /** abort, synchronously: for a process about to exit. */
  abortSync(): void {
    if (!this.closed) {
      this.closed = true;
      try {
        closeSync(this.handle.fd);
      } catch {
        // Already closed by a pending operation: nothing to release.
      }
    }
    try {
      unlinkSync(this.temp);
    } catch {
      // Already gone.
    }
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** What `watchInterrupts` saw: the first SIGINT/SIGTERM, for the writer to stop at its next step. */
export interface InterruptWatch {
  readonly signal: NodeJS.Signals | null;
  /** The conventional exit code for the signal (128 + its number: 130 for SIGINT, 143 for SIGTERM). */
  readonly exitCode: number;
  dispose(): void;
}

/**
 * Watches SIGINT and SIGTERM while `output` is written. The first signal is only recorded: the writer
 * checks `signal` between steps, aborts the output and exits with `exitCode`. A second signal (the
 * writer is stuck, say on a hung disk) removes the temporary file and exits at once.
 */
export function watchInterrupts(output: AtomicOutput, onForcedExit: (signal: NodeJS.Signals) => void): InterruptWatch {
  let signal: NodeJS.Signals | null = null;
  const exitCodeOf = (name: NodeJS.Signals) => 128 + (osConstants.signals[name] ?? 0);
  const handler = (received: NodeJS.Signals) => {
    if (signal === null) {
      signal = received;
      return;
    }
    output.abortSync();
    onForcedExit(received);
    process.exit(exitCodeOf(received));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    get signal() {
      return signal;
    },
    get exitCode() {
      return signal === null ? 0 : exitCodeOf(signal);
    },
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

// ── Replacing a file whole (run files written by import / batch import) ──
// An output file written whole or not at all: the bytes go to `<out>.<pid>.partial` beside it and
// are renamed onto `<out>` only when everything was produced and written. A failure (a scoring bug,
// a worker that died, a full disk) leaves a previous file of that name byte-identical — never
// emptied or cut short where report/compare/--resume would read it as a whole run — and removes
// the temporary file. Writes are synchronous so a write error stops the producer at the chunk that
// failed instead of after the last row is scored; the first error is the one reported.
// The rename replaces what `<out>` names, as writing into it would: a symlink's target (the link
// stays a link) with the old file's permission bits (not the umask's defaults).
/** A failure to create, write or rename the output (the message names the file); other errors are the producer's. */
export class OutputFileError extends Error {}

/** The temporary file `path` is written through: in its folder, so the rename stays on one file system. */
export function partialPathOf(path: string): string {
  return `${path}.${process.pid}.partial`;
}

/** Links followed at most (Linux's own limit before ELOOP). */
const MAX_LINKS = 40;

/**
 * The file a write to `path` lands in: `path` itself, or the end of its symlinks (realpath when that
 * exists; a dangling link's target is created, as a shell's `>` would).
 */
function replacedFileOf(path: string): string {
  let current = path;
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    let link: boolean;
    try {
      link = lstatSync(current).isSymbolicLink();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return current;
      throw error;
    }
    if (!link) return current;
    refuseUnprotectedLink(current);
    try {
      return realpathSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw Object.assign(new Error('too many levels of symbolic links'), { code: 'ELOOP' });
}

/**
 * Linux's protected_symlinks rule, which a link resolved here (in user space) would otherwise skip:
 * in a sticky world-writable folder (/tmp), follow a link only when the follower or the folder's
 * owner owns it. Otherwise `--out /tmp/run.jsonl` could be pointed by another user at any file of
 * ours, which a shell's `>` would refuse to follow.
 */
function refuseUnprotectedLink(link: string): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const owner = lstatSync(link).uid;
  const folder = statSync(dirname(link));
  const stickyWorldWritable = (folder.mode & 0o1000) !== 0 && (folder.mode & 0o002) !== 0;
  if (stickyWorldWritable && owner !== uid && owner !== folder.uid) {
    throw new Error(
      `refusing to follow a symbolic link another user owns in the shared folder ${dirname(link)} (as Linux's protected_symlinks does)`,
    );
  }
}

/**
 * Runs `produce`, writing each chunk it hands to `write` in order; `path` is replaced only if both
 * succeed. The run file's lock (runFileLock.ts) is held throughout, as `waypoint run` holds it: a
 * rename onto a file a run is appending to would send the run's later records into the replaced
 * file, lost. A lock held by a live process is an OutputFileError naming it; one left by a process
 * that is gone is taken over, said through `warn`.
 */
export async function writeOutputAtomically<T>(
  path: string,
  produce: (write: (chunk: Uint8Array) => void) => Promise<T>,
  warn: (line: string) => void = () => {},
): Promise<T> {
  let lock: RunFileLock;
  try {
    lock = RunFileLock.acquire(path, warn);
  } catch (error) {
    if (error instanceof RunFileLocked) throw new OutputFileError(error.message);
    throw error;
  }
  try {
    return await replaceWhole(path, produce);
  } finally {
    lock.release();
  }
}

async function replaceWhole<T>(path: string, produce: (write: (chunk: Uint8Array) => void) => Promise<T>): Promise<T> {
  const fail = (error: unknown) => new OutputFileError(`${path}: ${describeFsError(error)}`);
  let target: string;
  let partial: string;
  let mode: number | undefined;
  let fd: number;
  try {
    target = replacedFileOf(path);
    // Beside the file replaced, not the link: the rename must stay on one file system.
    partial = partialPathOf(target);
    mode = modeOf(target);
    fd = openSync(partial, 'wx');
  } catch (error) {
    throw fail(error);
  }
  let open = true;
  try {
    try {
      if (mode !== undefined) fchmodSync(fd, mode);
    } catch (error) {
      throw fail(error);
    }
    const result = await produce((chunk) => {
      try {
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at, chunk.length - at);
      } catch (error) {
        throw fail(error);
      }
    });
    try {
      open = false;
      closeSync(fd);
      renameSync(partial, target);
    } catch (error) {
      throw fail(error);
    }
    return result;
  } catch (error) {
    // Cleaning up must not hide the error that stopped the write.
    if (open) {
      try {
        closeSync(fd);
      } catch {}
    }
    try {
      unlinkSync(partial);
    } catch {}
    throw error;
  }
}

/** The permission bits of an existing file, undefined when there is none. */
function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
