// How a MANGO question is read back from a run record (the registry hands it records whose
// `question.benchmark` is `mango`; core/eval/recordSchemas.ts reads the envelope).
import * as z from 'zod/mini';
import type { MangoQuestion } from '../eval/types';
import type { SchemaMatches } from '../schemas/matches';

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
