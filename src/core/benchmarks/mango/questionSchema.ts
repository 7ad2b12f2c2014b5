// How a MANGO question is read back from a run record (the registry hands it records whose
// `question.benchmark` is `mango`; core/eval/recordSchemas.ts reads the envelope).
import * as z from 'zod/mini';
import type { SchemaMatches } from '../../util/schema/matches';

/** A MANGO question with what an offline agent needs to answer it without reading the prompt. */
export interface MangoQuestion {
  benchmark: 'mango';
  game: string;
  task: 'df' | 'rf' | 'map';
  sampleId: string;
  src: string;
  dst: string;
  /** DF only: the actions to follow. */
  actionList: string[];
  answerable: boolean;
  easy: boolean;
  cutoff: number;
  /** Moves of the ground-truth route (DF: the asked path; RF: a shortest path in edges.json), for reports grouped by path_length; absent when there is none (an unreachable RF pair) or it was not computed. */
  pathLength?: number;
  /**
   * Present on an interactive episode (`waypoint run mango --task play`, runs.md §7): reach dst from
   * src by playing, within `maxSteps` commands. Such a question keeps task `rf` (its goal is RF's).
   */
  play?: { maxSteps: number };
}

const count = z.int().check(z.minimum(0));

export const mangoQuestionSchema = z.object({
  benchmark: z.literal('mango'),
  game: z.string(),
  task: z.enum(['df', 'rf', 'map']),
  sampleId: z.string(),
  src: z.string(),
  dst: z.string(),
  actionList: z.array(z.string()),
  answerable: z.boolean(),
  easy: z.boolean(),
  cutoff: count,
  pathLength: z.optional(count),
  play: z.optional(z.object({ maxSteps: count })),
});

export const mangoQuestionSchemaMatchesType: SchemaMatches<typeof mangoQuestionSchema, MangoQuestion> = true;
