// Reading a MANGO game directory for the `mango` subcommands: `<gameDir>/<g>.edges.json`, where g is
// the directory's base name (upstream's `data/<g>/` layout). Problems come back as one readable
// line (`path: reason`), never as an exception with a stack.
import { basename, join, resolve } from 'node:path';
import * as z from 'zod/mini';
import { type InputRead, readInputJson } from '../input';
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

/** Path of a game directory's edges file. */
function edgesPathOf(gameDir: string): string {
  return join(gameDir, `${basename(resolve(gameDir))}.edges.json`);
}

/** Reads and checks `<gameDir>/<g>.edges.json`; records are numbered from 1 in messages. */
export async function readGameEdges(gameDir: string): Promise<InputRead<EdgeRecord[]>> {
  const path = edgesPathOf(gameDir);
  // Too deep a value is refused before it is checked (messages re-serialise parts of it, which recurses per level).
  const parsed = await readInputJson(path, z.unknown());
  if (!parsed.ok) return parsed;
  const checked = checkEdgeRecords(parsed.value);
  if (typeof checked === 'string') return { ok: false, reason: checked, message: `${path}: ${checked}` };
  return { ok: true, value: checked };
}

/** The records if `value` is an array of well-typed edge records, else the first problem found. */
function checkEdgeRecords(value: unknown): EdgeRecord[] | string {
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
