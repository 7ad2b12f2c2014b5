// zod schemas of what the evaluation engine writes to disk and reads back: run records
// (`.waypoint/runs/*.jsonl`) and cached replies (`.waypoint/cache/<key>.json`). Files on disk can be
// hand-edited, truncated or from another version; reading them through these schemas turns that
// into a located problem instead of a wrong type. The key checks at the end keep each schema in step
// with its interface in types.ts: a field added there and missing here (zod would drop it on read,
// as `gridPath` would have been) fails to compile. zod/mini, as the extension's other schemas: the
// Runs view is in the main bundle, and full zod there slows activation past its budget.
import * as z from 'zod/mini';
import type { GraspSettings } from '../grasp/types';
import { describeProblem, parseJsonWith } from '../schemas/parse';
import { splitLines } from '../text';
import type { BabyaiQuestion, ChatMessage, GraspQuestion, MangoQuestion, ModelProfile, ModelReply, RunRecord, SmartplayQuestion } from './types';

const count = z.int().check(z.minimum(0));
const tokens = z.nullable(count);

export const chatMessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

export const modelProfileSchema = z.object({
  id: z.string(),
  provider: z.enum(['openai-compatible', 'oracle', 'random', 'imported', 'human']),
  baseUrl: z.optional(z.string()),
  model: z.optional(z.string()),
  temperature: z.number(),
  maxTokens: z.number(),
  timeoutMs: z.number(),
  retries: z.number(),
  stream: z.optional(z.boolean()),
  seed: z.optional(z.int()),
  apiKeyEnv: z.optional(z.string()),
  costPer1kInput: z.optional(z.number()),
  costPer1kOutput: z.optional(z.number()),
  serverModel: z.optional(z.nullable(z.string())),
});

export const modelReplySchema = z.object({
  text: z.string(),
  promptTokens: tokens,
  completionTokens: tokens,
  latencyMs: z.number().check(z.minimum(0)),
  cached: z.boolean(),
  finishReason: z.optional(z.nullable(z.string())),
  servedModel: z.optional(z.nullable(z.string())),
});

// The kind is read as any string: a record written by a later version with a new kind still reads.
/** A record's `failure`: what kind of failure, and the HTTP status and server type when known. */
export const failureSchema = z.object({ kind: z.string(), status: z.optional(count), type: z.optional(z.string()) });

const mangoQuestionSchema = z.object({
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

const babyaiQuestionSchema = z.object({
  benchmark: z.literal('babyai'),
  task: z.enum(['predict', 'plan', 'decompose']),
  source: z.string(),
  record: z.nullable(count),
  levelName: z.string(),
  sampleId: z.string(),
  actions: z.array(z.string()),
  prompt: z.optional(z.enum(['zero_shot', 'few_shot', 'cot', 'tot'])),
  play: z.optional(z.literal(true)),
});

const graspSettingsSchema = z.object({ moves: z.union([z.literal(4), z.literal(8)]), carryLimit: z.union([z.literal('none'), z.literal(2)]), stepCost: z.union([z.literal(0), z.literal(0.3)]) });

const graspQuestionSchema = z.object({
  benchmark: z.literal('grasp'),
  file: z.string(),
  gridPath: z.optional(z.string()),
  index: count,
  settings: graspSettingsSchema,
  style: z.enum(['chat', 'o1-mini']),
  sampleId: z.string(),
  play: z.optional(z.literal(true)),
});

const smartplayQuestionSchema = z.object({ benchmark: z.literal('smartplay'), game: z.string(), step: count, question: z.union([z.literal(1), z.literal(2)]), sampleId: z.string(), episode: z.optional(count), seed: z.optional(count) });

const recordDiagnosticSchema = z.object({ code: z.string(), severity: z.enum(['error', 'warning', 'information', 'hint']), line: count, character: count, message: z.string() });

export const evalQuestionSchema = z.discriminatedUnion('benchmark', [mangoQuestionSchema, babyaiQuestionSchema, graspQuestionSchema, smartplayQuestionSchema]);

export const runRecordSchema = z.object({
  time: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T/, 'must be an ISO date and time')),
  question: evalQuestionSchema,
  model: modelProfileSchema,
  messages: z.array(chatMessageSchema),
  rawAnswer: z.string(),
  parsedAnswer: z.unknown(),
  scores: z.record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()])),
  mode: z.enum(['faithful', 'reference', 'pre2025', 'paper']),
  promptTokens: tokens,
  completionTokens: tokens,
  latencyMs: z.number().check(z.minimum(0)),
  cached: z.boolean(),
  costUsd: z.nullable(z.number()),
  run_id: z.optional(z.string()),
  diagnostics: z.optional(z.array(recordDiagnosticSchema)),
  error: z.optional(z.string()),
  failure: z.optional(failureSchema),
  finish_reason: z.optional(z.nullable(z.string())),
  served_model: z.optional(z.nullable(z.string())),
  truncated: z.optional(z.boolean()),
});

// Same keys and mutually assignable values: compile-time only.
type Matches<S extends z.ZodMiniType, T> = [keyof z.infer<S>, z.infer<S>] extends [keyof T, T] ? ([keyof T, T] extends [keyof z.infer<S>, z.infer<S>] ? true : false) : false;
export const recordSchemasMatchTypes: [
  Matches<typeof chatMessageSchema, ChatMessage>,
  Matches<typeof modelProfileSchema, ModelProfile>,
  Matches<typeof modelReplySchema, ModelReply>,
  Matches<typeof mangoQuestionSchema, MangoQuestion>,
  Matches<typeof babyaiQuestionSchema, BabyaiQuestion>,
  Matches<typeof graspSettingsSchema, GraspSettings>,
  Matches<typeof graspQuestionSchema, GraspQuestion>,
  Matches<typeof smartplayQuestionSchema, SmartplayQuestion>,
  Matches<typeof runRecordSchema, RunRecord>,
] = [true, true, true, true, true, true, true, true, true];

/**
 * The run records of one `.waypoint/runs/*.jsonl` file. A line that is not a record (being written,
 * damaged by hand, from an incompatible version) is skipped and described in `problems`
 * (`file:line:column: message`), so the caller can say how many it skipped and why.
 */
export function parseRunRecords(text: string, file: string): { records: RunRecord[]; problems: string[]; recordLines: number[] } {
  const records: RunRecord[] = [];
  const problems: string[] = [];
  /** The 0-based line of each record (a reader that keeps only summaries can find a record again). */
  const recordLines: number[] = [];
  splitLines(text).forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseJsonWith(line, runRecordSchema, index);
    if (parsed.ok) {
      records.push(parsed.value);
      recordLines.push(index);
    } else problems.push(describeProblem(file, parsed.diagnostics));
  });
  return { records, problems, recordLines };
}
