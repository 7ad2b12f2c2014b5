// The one way a command reads a file the user named: whole, under the size cap (a file over it is
// refused before any of it is read), a FIFO on disk refused (with no writer it blocks forever) but
// a pipe the shell opened (`<(...)`, `/dev/stdin`) read, and a UTF-8 BOM stripped so positions are
// the ones an editor shows. Failures are one line, `path: reason`; JSON is checked against its
// schema with the first problem located, `path:line:column: reason`.
import { promises, readFileSync, statSync } from 'node:fs';
import type { z } from 'zod';
import { stripBom } from '../core/util/bom';
import { readTextFile, type TextFileSystem } from '../core/util/fileLimits';
import { describeProblem, parseJsonWith } from '../core/util/schema/parse';
import { describeFsError } from '../core/util/walk';

/**
 * node:fs behind readTextFile's interface, synchronously: a command reads a few files with nothing
 * to overlap, and loading fs/promises costs about 9 ms of every start. Only a pipe needs it, and
 * `promises` is a getter that loads it on first use.
 */
const nodeFs: TextFileSystem = {
  stat: async (path) => statSync(path),
  readFile: async (path, encoding) => readFileSync(path, encoding),
  open: (path, flags) => promises.open(path, flags),
};

interface InputOptions {
  /** Keep a leading BOM: for readers that report it themselves (`validate`) or parse it as part of the file. */
  keepBom?: boolean;
}

/** A file's text, or why it could not be read: `reason` alone, and `message`, the one line to print. */
export type InputRead<T> = { ok: true; value: T } | { ok: false; reason: string; message: string };

/** The text of the file at `path`; throws the file system's error (or FileLimitError) for the caller to describe. */
export async function readInputText(path: string, options: InputOptions = {}): Promise<string> {
  const text = await readTextFile(nodeFs, path);
  return options.keepBom ? text : stripBom(text);
}

/** readInputText with a failure as `path: reason`. */
export async function tryReadInputText(path: string, options: InputOptions = {}): Promise<InputRead<string>> {
  try {
    return { ok: true, value: await readInputText(path, options) };
  } catch (error) {
    const reason = describeFsError(error);
    return { ok: false, reason, message: `${path}: ${reason}` };
  }
}

/** The JSON file at `path` checked against `schema`; a failure names the file, and the position of its first problem. */
export async function readInputJson<S extends z.core.$ZodType>(
  path: string,
  schema: S,
): Promise<InputRead<z.core.output<S>>> {
  const read = await tryReadInputText(path);
  if (!read.ok) return read;
  const parsed = parseJsonWith(read.value, schema);
  if (parsed.ok) return { ok: true, value: parsed.value };
  return {
    ok: false,
    reason: parsed.diagnostics[0]?.message ?? 'not valid',
    message: describeProblem(path, parsed.diagnostics),
  };
}
