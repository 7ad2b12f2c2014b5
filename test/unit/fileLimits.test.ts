// readTextFile: regular files under the cap, pipes the shell opened read in chunks and stopped at
// the cap in bytes (an endless `<(yes)` must not fill memory), FIFOs on disk refused.
import { strict as assert } from 'node:assert';
import { FileLimitError, type PipeHandle, readTextFile, type TextFileSystem } from '../../src/core/util/fileLimits';

/** A file system whose every path is a pipe that yields `chunk` (UTF-8) `times` times, or forever. */
function pipeSystem(
  chunk: string,
  times = Number.POSITIVE_INFINITY,
): TextFileSystem & { reads: number; closed: boolean } {
  const bytes = new TextEncoder().encode(chunk);
  const system = {
    reads: 0,
    closed: false,
    stat: async () => ({ size: 0, isFile: () => false, isDirectory: () => false, isFIFO: () => true }),
    readFile: async (): Promise<string> => {
      throw new Error('a pipe is never read whole');
    },
    open: async (): Promise<PipeHandle> => ({
      read: async (buffer) => {
        if (system.reads >= times) return { bytesRead: 0 };
        system.reads++;
        buffer.set(bytes.subarray(0, buffer.length));
        return { bytesRead: Math.min(bytes.length, buffer.length) };
      },
      close: async () => {
        system.closed = true;
      },
    }),
  };
  return system;
}

describe('readTextFile', () => {
  it('reads a pipe the shell opened, whole, decoding UTF-8 across chunk ends', async () => {
    const system = pipeSystem('añ€😀\n', 3);
    assert.equal(await readTextFile(system, '/dev/fd/63'), 'añ€😀\n'.repeat(3));
    assert.equal(await readTextFile(system, '/dev/stdin'), '');
    assert.ok(system.closed);
  });

  it('stops an endless pipe at the cap, counted in bytes, and closes it', async () => {
    // 3 bytes a character: 400 characters are 1,200 bytes, over a 1,000-byte cap though under it in UTF-16 units.
    const system = pipeSystem('€'.repeat(100));
    await assert.rejects(
      readTextFile(system, '/proc/self/fd/3', 1000),
      (error: unknown) => error instanceof FileLimitError && /the pipe gave over/.test(error.message),
    );
    assert.equal(system.reads, 4);
    assert.ok(system.closed);
    // Short reads (a line at a time) are kept at their length: 100,000 two-byte reads, then the cap.
    const endless = pipeSystem('y\n');
    await assert.rejects(readTextFile(endless, '/dev/stdin', 200_000), FileLimitError);
    assert.equal(endless.reads, 100_001);
  });

  it('refuses a FIFO on disk (no writer: reading would block forever), and a pipe when open is not given', async () => {
    await assert.rejects(readTextFile(pipeSystem('x'), '/tmp/my.fifo'), /not a regular file/);
    const { open: _open, ...withoutOpen } = pipeSystem('x');
    await assert.rejects(readTextFile(withoutOpen, '/dev/stdin'), /not a regular file/);
  });
});
