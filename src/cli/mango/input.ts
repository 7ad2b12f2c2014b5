// Reading a MANGO game directory for the `mango` subcommands: `<gameDir>/<g>.edges.json`, where g is
// the directory's base name (upstream's `data/<g>/` layout). Problems come back as one readable
// line (`path: reason`), never as an exception with a stack.
import { stripBom } from '../../core/util/bom';
import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { tooDeepDiagnostic } from '../../core/util/locatedJson';
import { readTextFile, type TextFileSystem } from '../../core/util/fileLimits';
import { describeFsError } from '../../core/util/walk';
import { describeProblem, parseJsonWith } from '../../core/util/schema/parse';
import * as z from 'zod/mini';
import type { EdgeRecord } from '../../core/benchmarks/mango/types';

const STRING_FIELDS = ['src_node', 'dst_node', 'action'] as const;
const STEP_FIELDS = [
  'seen_in_forward',
  'seen_in_reversed',
  'edge_min_step',
  'seen_in_forward_answerable',
  'seen_in_reversed_answerable',
  'edge_min_step_answerable',
] as const;

export type ReadResult<T> = { ok: true; value: T; path: string } | { ok: false; message: string };

/**
 * node:fs behind readTextFile's interface, synchronously: a mango command reads one small file with
 * nothing to overlap, and loading fs/promises costs about 9 ms of every start (a tenth of
 * `mango skeletons` on a release game).
 */
const syncFs: TextFileSystem = {
  stat: async (path) => statSync(path),
  readFile: async (path, encoding) => readFileSync(path, encoding),
};

/** Path of a game directory's edges file. */
export function edgesPathOf(gameDir: string): string {
  return join(gameDir, `${basename(resolve(gameDir))}.edges.json`);
}

/** Reads and checks `<gameDir>/<g>.edges.json`; records are numbered from 1 in messages. */
export async function readGameEdges(gameDir: string): Promise<ReadResult<EdgeRecord[]>> {
  const path = edgesPathOf(gameDir);
  let text: string;
  try {
    text = stripBom(await readTextFile(syncFs, path));
  } catch (error) {
    return { ok: false, message: `${path}: ${describeFsError(error)}` };
  }
  // Messages re-serialise parts of the value, which recurses per nesting level.
  const tooDeep = tooDeepDiagnostic(text);
  if (tooDeep)
    return {
      ok: false,
      message: `${path}:${tooDeep.range.start.line + 1}:${tooDeep.range.start.character + 1}: ${tooDeep.message}`,
    };
  const parsed = parseJsonWith(text, z.unknown());
  // The located parse names line and column (V8's message quotes the broken bytes instead).
  if (!parsed.ok) return { ok: false, message: describeProblem(path, parsed.diagnostics) };
  const value = parsed.value;
  const checked = checkEdgeRecords(value);
  if (typeof checked === 'string') return { ok: false, message: `${path}: ${checked}` };
  return { ok: true, value: checked, path };
}

/** The records if `value` is an array of well-typed edge records, else the first problem found. */
export function checkEdgeRecords(value: unknown): EdgeRecord[] | string {
  if (!Array.isArray(value)) return 'expected a JSON array of edge records';
  for (let index = 0; index < value.length; index++) {
    const problem = recordProblem(value[index]);
    if (problem !== null) return `record ${index + 1}: ${problem}`;
  }
  return value as EdgeRecord[];
}

function recordProblem(record: unknown): string | null {
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    return `expected an object, found ${describeValue(record)}`;
  const fields = record as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    if (!(field in fields)) return `missing field "${field}"`;
    const found = fields[field];
    if (typeof found !== 'string' || found === '')
      return `"${field}" must be a non-empty string, found ${describeValue(found)}`;
  }
  for (const field of STEP_FIELDS) {
    if (!(field in fields)) return `missing field "${field}"`;
    const found = fields[field];
    if (typeof found !== 'number' || !Number.isInteger(found) || found < 0 || found > 9999) {
      return `"${field}" must be a step number (an integer from 0 to 9999, 9999 meaning never), found ${describeValue(found)}`;
    }
  }
  return null;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
