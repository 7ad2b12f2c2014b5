// How a SmartPlay question is read back from a run record (see core/eval/recordSchemas.ts).
import * as z from 'zod/mini';
import type { SmartplayQuestion } from '../eval/types';
import type { SchemaMatches } from '../schemas/matches';

const count = z.int().check(z.minimum(0));

export const smartplayQuestionSchema = z.object({ benchmark: z.literal('smartplay'), game: z.string(), step: count, question: z.union([z.literal(1), z.literal(2)]), sampleId: z.string(), episode: z.optional(count), seed: z.optional(count) });

export const smartplayQuestionSchemaMatchesType: SchemaMatches<typeof smartplayQuestionSchema, SmartplayQuestion> = true;
