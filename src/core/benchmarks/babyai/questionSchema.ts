// How an LLM-BabyBench question is read back from a run record (see core/eval/recordSchemas.ts).
import * as z from 'zod/mini';
import type { SchemaMatches } from '../../util/schema/matches';

/** A Predict, Plan or Decompose question on a BabyAI level (a level file or an LLM-BabyBench record). */
export interface BabyaiQuestion {
  benchmark: 'babyai';
  task: 'predict' | 'plan' | 'decompose';
  /** Workspace-relative path (or file name) of the level file or record file. */
  source: string;
  /** 0-based record number in a record file; null for a level file. */
  record: number | null;
  /** The record's seed, when the record file gives one (questions asked before it was kept have none). */
  seed?: number;
  levelName: string;
  /** Hash of what determines the question (level, task, actions): keys the cache for built-in agents. */
  sampleId: string;
  /** Predict only: the action names to simulate. */
  actions: string[];
  /** The prompt strategy (upstream's prompter); absent in records written before strategies existed: zero_shot. */
  prompt?: 'zero_shot' | 'few_shot' | 'cot' | 'tot';
  /** Present on an interactive episode of the level (`waypoint run babyai --task play`); such a question keeps task `plan` (its goal is Plan's). */
  play?: true;
}

export const babyaiQuestionSchema = z.object({
  benchmark: z.literal('babyai'),
  task: z.enum(['predict', 'plan', 'decompose']),
  source: z.string(),
  record: z.nullable(z.int().check(z.minimum(0))),
  seed: z.optional(z.int().check(z.minimum(0))),
  levelName: z.string(),
  sampleId: z.string(),
  actions: z.array(z.string()),
  prompt: z.optional(z.enum(['zero_shot', 'few_shot', 'cot', 'tot'])),
  play: z.optional(z.literal(true)),
});

export const babyaiQuestionSchemaMatchesType: SchemaMatches<typeof babyaiQuestionSchema, BabyaiQuestion> = true;
