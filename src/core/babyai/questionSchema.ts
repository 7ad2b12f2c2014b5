// How an LLM-BabyBench question is read back from a run record (see core/eval/recordSchemas.ts).
import * as z from 'zod/mini';
import type { BabyaiQuestion } from '../eval/types';
import type { SchemaMatches } from '../schemas/matches';

export const babyaiQuestionSchema = z.object({
  benchmark: z.literal('babyai'),
  task: z.enum(['predict', 'plan', 'decompose']),
  source: z.string(),
  record: z.nullable(z.int().check(z.minimum(0))),
  levelName: z.string(),
  sampleId: z.string(),
  actions: z.array(z.string()),
  prompt: z.optional(z.enum(['zero_shot', 'few_shot', 'cot', 'tot'])),
  play: z.optional(z.literal(true)),
});

export const babyaiQuestionSchemaMatchesType: SchemaMatches<typeof babyaiQuestionSchema, BabyaiQuestion> = true;
