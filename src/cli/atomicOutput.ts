// An output file written whole or not at all: the bytes go to `<out>.<pid>.partial` beside it and
// are renamed onto `<out>` only when everything was produced and written. A failure (a scoring bug,
// a worker that died, a full disk) leaves a previous file of that name byte-identical — never
// emptied or cut short where report/compare/--resume would read it as a whole run — and removes
// the temporary file. Writes are synchronous so a write error stops the producer at the chunk that
// failed instead of after the last row is scored; the first error is the one reported.
import { closeSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { describeFsError } from '../core/walk';

/** A failure to create, write or rename the output (the message names the file); other errors are the producer's. */
export class OutputFileError extends Error {}

/** The temporary file `path` is written through: in its folder, so the rename stays on one file system. */
export function partialPathOf(path: string): string {
  return `${path}.${process.pid}.partial`;
}

/** Runs `produce`, writing each chunk it hands to `write` in order; `path` is replaced only if both succeed. */
export async function writeOutputAtomically<T>(path: string, produce: (write: (chunk: Uint8Array) => void) => Promise<T>): Promise<T> {
  const partial = partialPathOf(path);
  const fail = (error: unknown) => new OutputFileError(`${path}: ${describeFsError(error)}`);
  let fd: number;
  try {
    fd = openSync(partial, 'wx');
  } catch (error) {
    throw fail(error);
  }
  let open = true;
  try {
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
      renameSync(partial, path);
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
