// One size cap for every file the CLI and the language server read whole. A file over the cap is
// refused with "file is N MB, over the M MB limit" before any of it is read, instead of building a
// string of hundreds of MB (or failing deep inside V8 with "Invalid string length" at 1 GB).
// The file system is passed in, so core stays free of node:fs.
import { FileCodes } from './mango/codes';
import type { Diagnostic } from './text';
import { describeFsError } from './walk';

/** The default cap, as the `waypoint.validation.maxFileSizeMB` setting's default. */
export const DEFAULT_MAX_FILE_SIZE_MB = 64;

/** What readTextFile needs of node:fs/promises. */
export interface TextFileSystem {
  stat(path: string): Promise<{ size: number; isFile(): boolean; isDirectory(): boolean; isFIFO?(): boolean }>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
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
  const value = typeof megabytesSetting === 'number' && Number.isFinite(megabytesSetting) && megabytesSetting > 0 ? megabytesSetting : DEFAULT_MAX_FILE_SIZE_MB;
  return Math.round(value * 1048576);
}

/** A pipe the calling shell already opened (`<(...)`, `/dev/stdin` fed by `|`): it has a writer, so reading it ends. */
const OPEN_PIPE_PATH = /^\/(?:dev\/stdin|dev\/fd\/\d+|proc\/self\/fd\/\d+)$/;

/**
 * Reads a UTF-8 text file, refusing files over `limitBytes` and anything that is not a regular file
 * or an already-open pipe. A FIFO on disk is refused: with no writer, reading it blocks forever.
 */
export async function readTextFile(fs: TextFileSystem, path: string, limitBytes: number = maxFileSizeBytes()): Promise<string> {
  const stat = await fs.stat(path);
  if (stat.isFIFO?.() && OPEN_PIPE_PATH.test(path)) {
    // A pipe has no size to check first: the cap applies to what was read.
    const text = await fs.readFile(path, 'utf8');
    if (text.length > limitBytes) throw new FileLimitError(path, `the pipe gave over ${megabytes(limitBytes)} MB, the limit`);
    return text;
  }
  // A directory still goes to readFile, so callers see the usual EISDIR error.
  if (!stat.isFile() && !stat.isDirectory()) throw new FileLimitError(path, 'not a regular file (a FIFO or device is not read; a pipe the shell opened, like <(...) or /dev/stdin, is)');
  if (stat.size > limitBytes) throw new FileLimitError(path, `file is ${megabytes(stat.size)} MB, over the ${megabytes(limitBytes)} MB limit`);
  return fs.readFile(path, 'utf8');
}

/** The one diagnostic of a file that could not be read: too large is a warning, anything else an error. */
export function readFailureDiagnostic(error: unknown): Diagnostic {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  if (error instanceof FileLimitError) return { severity: 'warning', code: FileCodes.tooLarge, message: `Not checked: ${error.message}.`, range };
  return { severity: 'error', code: FileCodes.unreadable, message: `Not checked: ${describeFsError(error)}.`, range };
}
