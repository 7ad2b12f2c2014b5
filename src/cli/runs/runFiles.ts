// What `waypoint run` needs of the disk: the response cache shared with the editor (the nearest
// `.waypoint/` folder above the working directory), and the run file, appended one whole line per
// record with a synchronous write so Ctrl+C can never leave half a line behind. The editor's Run
// Benchmark (a Node host too) writes its run files through the same code.
import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  openSync,
  promises as fs,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { WorkspaceStore } from '../../core/eval/workspaceStore';
import type { RunFileAccess } from '../../core/runs/batchRun';
import { redactKnownSecrets } from '../../core/eval/redact';
import { describeFsError } from '../../core/util/walk';
import { runFileTail } from '../../host/runFileTail';

/** The workspace whose cache the CLI shares: the nearest folder above `start` that has `.waypoint/`, else `start`. */
export function workspaceRoot(start: string): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    if (existsSync(join(directory, '.waypoint'))) return directory;
    if (dirname(directory) === directory) return resolve(start);
  }
}

/** The response cache of `root`; its temporary files go with the process even when it exits at once (a second Ctrl+C). */
export function cliStore(root: string, warn: (line: string) => void): WorkspaceStore {
  const store = new WorkspaceStore(root, warn, fs);
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

/** The one write a run file needs; a parameter so tests can fail it as a full disk does. */
export type WriteBytes = (fd: number, bytes: Buffer, offset: number, length: number) => number;

/** The run file, opened for appending. */
export class RunFile {
  private readonly fd: number;

  constructor(
    readonly path: string,
    warn: (line: string) => void = () => {},
    private readonly writeBytes: WriteBytes = (fd, bytes, offset, length) => writeSync(fd, bytes, offset, length),
  ) {
    this.fd = openSync(path, 'a+');
    try {
      const tail = runFileTail(this.fd, fstatSync(this.fd).size);
      if (tail?.cutShort) {
        // A record whose write never finished (killed, disk full): appending after it would glue
        // the next record to it, and the file would stay unreadable from there on.
        ftruncateSync(this.fd, tail.start);
        warn(
          `${path}: cut its last line, a record cut short (${tail.bytes} bytes; its write never finished), before appending; its question is asked again`,
        );
      } else if (tail) {
        // A whole last line without its line end (edited by hand, written by another tool) would
        // glue the first new record onto it.
        this.write('\n');
      }
    } catch (error) {
      closeSync(this.fd);
      throw error;
    }
  }

  /** One record, one line, one write: the key of a profile never reaches the file, even quoted in an answer. */
  append(record: unknown): void {
    this.write(`${redactKnownSecrets(JSON.stringify(record))}\n`);
  }

  /**
   * All of `text` or nothing: a write the disk cuts short (ENOSPC, a quota) is taken back, so the
   * file still ends with a whole line, and the error names the file.
   */
  private write(text: string): void {
    const bytes = Buffer.from(text);
    let written = 0;
    try {
      while (written < bytes.length) written += this.writeBytes(this.fd, bytes, written, bytes.length - written);
    } catch (error) {
      if (written > 0) {
        try {
          ftruncateSync(this.fd, fstatSync(this.fd).size - written);
        } catch {
          // The cut tail is found and cut when the file is next opened for appending.
        }
      }
      throw Object.assign(
        new Error(
          `${describeFsError(error)} while appending a record; the file ends with its last whole record, and --resume continues it once that is fixed`,
        ),
        { path: this.path, cause: error },
      );
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Run files on the local disk, for runIntoFile (the CLI and the editor's Run Benchmark); the folder must exist. */
export const nodeRunFiles: RunFileAccess = {
  async readText(path) {
    try {
      // A FIFO would block the read forever (and is no file a run can append to and resume).
      if (!(await fs.stat(path)).isFile())
        throw Object.assign(new Error('not a regular file (a folder, FIFO or device is not a run file)'), { path });
      return await fs.readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
  openAppend: (path) => new RunFile(path),
};

/** nodeRunFiles, saying through `warn` what opening a file repaired (a record cut short, cut off). */
export function nodeRunFilesWith(warn: (line: string) => void): RunFileAccess {
  return { ...nodeRunFiles, openAppend: (path) => new RunFile(path, warn) };
}
