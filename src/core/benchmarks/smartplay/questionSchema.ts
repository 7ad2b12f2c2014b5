// How a SmartPlay question is read back from a run record (see core/eval/recordSchemas.ts).
import * as z from 'zod/mini';
import type { SchemaMatches } from '../../util/schema/matches';

/** One of the two questions of one SmartPlay step, or (with `episode`) a whole episode of a batch run. */
export interface SmartplayQuestion {
  benchmark: 'smartplay';
  game: string;
  /** 0 for a whole episode. */
  step: number;
  question: 1 | 2;
  sampleId: string;
  /** A whole episode, played turn by turn: its number in the run. */
  episode?: number;
  /** The episode's seed (the env's random draws). */
  seed?: number;
}

const count = z.int().check(z.minimum(0));

export const smartplayQuestionSchema = z.object({
  benchmark: z.literal('smartplay'),
  game: z.string(),
  step: count,
  question: z.union([z.literal(1), z.literal(2)]),
  sampleId: z.string(),
  episode: z.optional(count),
  seed: z.optional(count),
});

export const smartplayQuestionSchemaMatchesType: SchemaMatches<typeof smartplayQuestionSchema, SmartplayQuestion> =
  true;
