// One size cap for every file the CLI and the language server read whole. A file over the cap is
// refused with "file is N MB, over the M MB limit" before any of it is read, instead of building a
// string of hundreds of MB (or failing deep inside V8 with "Invalid string length" at 1 GB).
// The file system is passed in, so core stays free of node:fs.
import type { Diagnostic } from './text';
import { describeFsError } from './walk';

/** Codes of files that could not be checked at all, whatever their benchmark. */
export const FileCodes = {
  unreadable: 'file/unreadable',
  tooLarge: 'file/too-large',
} as const;

/** The default cap, as the `waypoint.validation.maxFileSizeMB` setting's default. */
export const DEFAULT_MAX_FILE_SIZE_MB = 64;

/** What readTextFile needs of node:fs/promises. */
export interface TextFileSystem {
  stat(path: string): Promise<{ size: number; isFile(): boolean; isDirectory(): boolean; isFIFO?(): boolean }>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  /** node:fs/promises' open, for reading a pipe in chunks under the cap; without it pipes are refused. */
  open?(path: string, flags: 'r'): Promise<PipeHandle>;
}

/** What reading a pipe needs of a node:fs/promises FileHandle. */
export interface PipeHandle {
  read(buffer: Uint8Array, offset: number, length: number, position: null): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

/** A file refused before reading: too large, or not a regular file (a FIFO would block forever). */
export class FileLimitError extends Error {
  readonly code = 'EFILELIMIT';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1048576) * 10) / 10);
}

/** The cap in bytes from a setting in MB; invalid values fall back to the default. */
export function maxFileSizeBytes(megabytesSetting: unknown = DEFAULT_MAX_FILE_SIZE_MB): number {
  const value =
    typeof megabytesSetting === 'number' && Number.isFinite(megabytesSetting) && megabytesSetting > 0
      ? megabytesSetting
      : DEFAULT_MAX_FILE_SIZE_MB;
  return Math.round(value * 1048576);
}

/**
 * A pipe the calling shell already opened (`<(...)`, `/dev/stdin` fed by `|`): it has a writer, so
 * reading it ends. (Not if the shell opened a FIFO read-write, `3<>fifo`: this process then holds
 * the writer itself. That takes a deliberate `<>`, and Ctrl+C still ends it.)
 */
const OPEN_PIPE_PATH = /^\/(?:dev\/stdin|dev\/fd\/\d+|proc\/self\/fd\/\d+)$/;

/**
 * Reads a UTF-8 text file, refusing files over `limitBytes` and anything that is not a regular file
 * or an already-open pipe. A FIFO on disk is refused: with no writer, reading it blocks forever.
 */
export async function readTextFile(
  fs: TextFileSystem,
  path: string,
  limitBytes: number = maxFileSizeBytes(),
): Promise<string> {
  const stat = await fs.stat(path);
  if (stat.isFIFO?.() && OPEN_PIPE_PATH.test(path) && fs.open) return readPipe(fs.open(path, 'r'), path, limitBytes);
  // A directory still goes to readFile, so callers see the usual EISDIR error.
  if (!stat.isFile() && !stat.isDirectory())
    throw new FileLimitError(
      path,
      'not a regular file (a FIFO or device is not read; a pipe the shell opened, like <(...) or /dev/stdin, is)',
    );
  if (stat.size > limitBytes)
    throw new FileLimitError(path, `file is ${megabytes(stat.size)} MB, over the ${megabytes(limitBytes)} MB limit`);
  return fs.readFile(path, 'utf8');
}

/** A pipe has no size to check first: it is read in chunks, stopped as soon as it passes the cap in bytes (`<(yes)` never ends). */
async function readPipe(opening: Promise<PipeHandle>, path: string, limitBytes: number): Promise<string> {
  const handle = await opening;
  try {
    const chunks: Uint8Array[] = [];
    let total = 0;
    // One read buffer, each read copied out at its length: a producer writing a line at a time
    // gives short reads, and keeping a 64 KB buffer per read would multiply the memory.
    const buffer = new Uint8Array(1 << 16);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limitBytes)
        throw new FileLimitError(path, `the pipe gave over ${megabytes(limitBytes)} MB, the limit`);
      chunks.push(buffer.slice(0, bytesRead));
    }
    const whole = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    return new TextDecoder().decode(whole);
  } finally {
    await handle.close();
  }
}

/** The one diagnostic of a file that could not be read: too large is a warning, anything else an error. */
export function readFailureDiagnostic(error: unknown): Diagnostic {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  if (error instanceof FileLimitError)
    return { severity: 'warning', code: FileCodes.tooLarge, message: `Not checked: ${error.message}.`, range };
  return { severity: 'error', code: FileCodes.unreadable, message: `Not checked: ${describeFsError(error)}.`, range };
}
