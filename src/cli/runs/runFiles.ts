// What `waypoint run` needs of the disk: the response cache shared with the editor (the nearest
// `.waypoint/` folder above the working directory), and the run file, appended one whole line per
// record with a synchronous write so Ctrl+C can never leave half a line behind. The editor's Run
// Benchmark (a Node host too) writes its run files through the same code.
import { closeSync, existsSync, fstatSync, openSync, promises as fs, readSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { WorkspaceStore } from '../../core/eval/workspaceStore';
import type { RunFileAccess } from '../../core/runs/batchRun';
import { redactKnownSecrets } from '../../core/eval/redact';

/** The workspace whose cache the CLI shares: the nearest folder above `start` that has `.waypoint/`, else `start`. */
export function workspaceRoot(start: string): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    if (existsSync(join(directory, '.waypoint'))) return directory;
    if (dirname(directory) === directory) return resolve(start);
  }
}

export function cliStore(root: string, warn: (line: string) => void): WorkspaceStore {
  return new WorkspaceStore(root, warn, fs);
}

/** The run file, opened for appending. */
class RunFile {
  private readonly fd: number;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a+');
    // A file ending without a newline (edited by hand, written by another tool) would glue the
    // first new record onto its last line.
    const { size } = fstatSync(this.fd);
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(this.fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) writeSync(this.fd, '\n');
    }
  }

  /** One record, one line, one write: the key of a profile never reaches the file, even quoted in an answer. */
  append(record: unknown): void {
    writeSync(this.fd, `${redactKnownSecrets(JSON.stringify(record))}\n`);
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
