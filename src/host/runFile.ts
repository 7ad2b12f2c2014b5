// A run file opened for appending, in a Node host (`waypoint run`, the editor's Run Benchmark): one
// whole line per record, each a synchronous write, so Ctrl+C can never leave half a line behind. A
// last line cut short by an earlier run (killed, disk full) is cut off before the first append, a
// write the disk cuts short is taken back, and the run's records and the reader's stay one format.
import { closeSync, fstatSync, ftruncateSync, openSync, promises as fs, writeSync } from 'node:fs';
import type { RunFileAccess } from '../core/runs/batchRun';
import { redactKnownSecrets } from '../core/eval/redact';
import { describeFsError } from '../core/util/walk';
import { runFileTail } from './runFileTail';

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

/** Run files on the local disk, for runIntoFile; the folder must exist. `warn` hears what opening a file repaired. */
export function nodeRunFilesWith(warn: (line: string) => void = () => {}): RunFileAccess {
  return {
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
    openAppend: (path) => new RunFile(path, warn),
  };
}
