// One skeleton line (`<game>.all2all.jsonl` DF, `<game>.all_pairs.jsonl` RF) read the one way every
// host reads it: through the line schemas of schemas/mango.ts and parseJsonWith (depth guard,
// native parse, located problems). Validation (gameFiles.ts), questions, the maze, renames and the
// CLI all read lines here, so a line one of them accepts is a line all of them accept.
import type { z } from 'zod';
import { dfSkeletonSchema, rfSkeletonSchema } from '../walkthrough/fileSchemas';
import { parseJsonWith, type Parsed } from '../../../util/schema/parse';
import type { DfSkeleton, RfSkeleton } from '../types';

export type SkeletonTask = 'df' | 'rf';
export type SkeletonOf<K extends SkeletonTask> = K extends 'df' ? DfSkeleton : RfSkeleton;

const schemas: { df: z.ZodType<DfSkeleton>; rf: z.ZodType<RfSkeleton> } = {
  df: dfSkeletonSchema,
  rf: rfSkeletonSchema,
};

/** The line schema of a task. */
function skeletonSchema<K extends SkeletonTask>(task: K): z.ZodType<SkeletonOf<K>> {
  // The table's types say df ↦ DfSkeleton, rf ↦ RfSkeleton; TypeScript cannot narrow K through it.
  return schemas[task] as z.ZodType<SkeletonOf<K>>;
}

/** One line, typed, or its problems located on line `line` of its file. */
export function parseSkeletonLine<K extends SkeletonTask>(task: K, text: string, line = 0): Parsed<SkeletonOf<K>> {
  return parseJsonWith(text, skeletonSchema(task), line);
}

/** The two labels the cutoff counts need. */
interface SkeletonLabelPair {
  total: number;
  forward: number;
}

/**
 * The labels of one line, or null when it has none to count. The maze's cutoff counts read every
 * line of files of several megabytes on each edit; checking whole lines against the schema there
 * (every path step of every DF line) costs several times the parse (omniquest's 3.9 MB all2all
 * file, 1,734 lines, median of 7: 9 ms with this reader, 45 ms through parseSkeletonLine), and
 * validation already reports broken lines. So this reader
 * parses natively and checks only the two fields it returns; lines the schema would reject but
 * that carry both labels still count, as they always have.
 */
export function readSkeletonLabels(text: string): SkeletonLabelPair | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { min_step_total_answerable: total, min_step_forward_answerable: forward } = value as Record<string, unknown>;
  return typeof total === 'number' && typeof forward === 'number' ? { total, forward } : null;
}
