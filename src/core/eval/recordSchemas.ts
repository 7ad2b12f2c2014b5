// zod schemas of what the evaluation engine writes to disk and reads back: run records
// (`.waypoint/runs/*.jsonl`) and cached replies (`.waypoint/cache/<key>.json`). Files on disk can be
// hand-edited, truncated or from another version; reading them through these schemas turns that
// into a located problem instead of a wrong type. The key checks at the end keep each schema in step
// with its interface in types.ts: a field added there and missing here (zod would drop it on read,
// as `gridPath` would have been) fails to compile. zod/mini, as the extension's other schemas: the
// Runs view is in the main bundle, and full zod there slows activation past its budget.
import * as z from 'zod/mini';
import { findBenchmark, findDeclaration } from '../benchmark/registry';
import type { SchemaMatches, TypesMatch } from '../util/schema/matches';
import { describeProblem, parseJsonWith } from '../util/schema/parse';
import { splitLines } from '../util/text';
import { cutShortMessage, isCutShortJson, utf8Length } from '../util/cutShort';
import {
  type ChatMessage,
  type ModelProfile,
  type ModelReply,
  REASONING_EFFORTS,
  type RunRecord,
  type ScoringMode,
} from './types';

const count = z.int().check(z.minimum(0));
const tokens = z.nullable(count);

export const chatMessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

const modelProfileSchema = z.object({
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
  messageLayout: z.optional(z.enum(['as-is', 'alternate'])),
  historyTurns: z.optional(z.number()),
  maxCompletionTokens: z.optional(z.number()),
  reasoningEffort: z.optional(z.enum(REASONING_EFFORTS)),
  serverModel: z.optional(z.nullable(z.string())),
});

/** The token limit and reasoning effort a request carried. */
const sentParametersSchema = z.object({
  max_tokens: z.optional(count),
  max_completion_tokens: z.optional(count),
  reasoning_effort: z.optional(z.enum(REASONING_EFFORTS)),
});

export const modelReplySchema = z.object({
  text: z.string(),
  promptTokens: tokens,
  completionTokens: tokens,
  latencyMs: z.number().check(z.minimum(0)),
  cached: z.boolean(),
  finishReason: z.optional(z.nullable(z.string())),
  servedModel: z.optional(z.nullable(z.string())),
  reasoning: z.optional(z.string()),
  reasoningTokens: z.optional(count),
  cachedTokens: z.optional(count),
  providerCostUsd: z.optional(z.number().check(z.minimum(0))),
  request: z.optional(sentParametersSchema),
  usageNotes: z.optional(z.array(z.string())),
});

// The kind is read as any string: a record written by a later version with a new kind still reads.
/** A record's `failure`: what kind of failure, and the HTTP status and server type when known. */
export const failureSchema = z.object({ kind: z.string(), status: z.optional(count), type: z.optional(z.string()) });

const recordDiagnosticSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'information', 'hint']),
  line: count,
  character: count,
  message: z.string(),
});

/**
 * What the engine knows of any question: which benchmark asked it and its stable id. The rest is
 * the benchmark's own (kept as written, read by its questionSchema below).
 */
const questionEnvelopeSchema = z.looseObject({
  benchmark: z.string(),
  sampleId: z.string(),
  unreadable: z.optional(z.literal(true)),
});

/**
 * A record's question: the envelope, then the benchmark's own schema when this host knows the
 * benchmark (core/benchmark/registry.ts), whose reading (undeclared keys dropped) replaces it. A question of
 * a benchmark this host does not know is kept as written: its scores and counts still report,
 * under the benchmark's id.
 */
const recordQuestionSchema = z.pipe(
  questionEnvelopeSchema,
  z.transform((question, context) => {
    // An unreadable row's question is its envelope (unreadableRow.ts): there is nothing for the benchmark to read.
    if (question.unreadable) return question;
    const schema = findDeclaration(question.benchmark)?.questionSchema;
    if (!schema) return question;
    const read = z.safeParse(schema, question);
    if (read.success) return read.data;
    for (const issue of read.error.issues) context.issues.push({ ...issue, input: question } as never);
    return question;
  }),
);

const runRecordShape = z
  .object({
    time: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T/, 'must be an ISO date and time')),
    question: recordQuestionSchema,
    model: modelProfileSchema,
    messages: z.array(chatMessageSchema),
    rawAnswer: z.string(),
    parsedAnswer: z.unknown(),
    scores: z.record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()])),
    // Any name here; which names are modes is the benchmark's to say (scoringModeOfItsBenchmark).
    mode: z.custom<ScoringMode>(
      (value) => typeof value === 'string' && /^[a-z0-9][a-z0-9_-]*$/.test(value),
      'must be a scoring mode name',
    ),
    promptTokens: tokens,
    completionTokens: tokens,
    latencyMs: z.number().check(z.minimum(0)),
    cached: z.boolean(),
    costUsd: z.nullable(z.number()),
    preflight_cost_usd: z.optional(z.number().check(z.minimum(0))),
    run_id: z.optional(z.string()),
    diagnostics: z.optional(z.array(recordDiagnosticSchema)),
    error: z.optional(z.string()),
    failure: z.optional(failureSchema),
    finish_reason: z.optional(z.nullable(z.string())),
    served_model: z.optional(z.nullable(z.string())),
    truncated: z.optional(z.boolean()),
    episode_error: z.optional(z.string()),
    episode_history: z.optional(
      z.union([z.object({ mode: z.literal('full') }), z.object({ mode: z.enum(['window', 'game']), turns: count })]),
    ),
    context_truncated: z.optional(z.boolean()),
    reasoning: z.optional(z.string()),
    reasoning_turns: z.optional(z.array(z.object({ turn: count, text: z.string() }))),
    reasoning_tokens: z.optional(count),
    cached_tokens: z.optional(count),
    cost_source: z.optional(z.enum(['provider', 'prices'])),
    request: z.optional(sentParametersSchema),
    usage_notes: z.optional(z.array(z.string())),
    epoch: z.optional(z.int().check(z.minimum(1))),
  })
  .check(
    // A mode the record's benchmark does not have (when this host has its definition) is no record of it.
    z.superRefine((record, context) => {
      // A row that named no question has no answer: its record says why, so every reader counts it as an error.
      if (record.question.unreadable && record.error === undefined)
        context.issues.push({
          code: 'custom',
          path: ['error'],
          message: 'a record of an unreadable row must say why in "error"',
          input: record,
        });
      const modes = findBenchmark(record.question.benchmark)?.scoringModes ?? null;
      if (modes && !modes.includes(record.mode))
        context.issues.push({
          code: 'custom',
          path: ['mode'],
          message: `'${record.mode}' is not a scoring mode of ${record.question.benchmark} (${modes.join(', ')})`,
          input: record.mode,
        });
    }),
  );

/**
 * A run record. Statically its question is the built-ins' union, as everywhere records are used;
 * at run time the question was checked by its own benchmark's schema when this host knows the
 * benchmark, else by the envelope only, and code that reads it dispatches on `benchmark` through
 * the registry.
 */
export const runRecordSchema = runRecordShape as unknown as z.ZodMiniType<RunRecord>;

// Compile-time only; each benchmark checks its own question schema beside it.
export const recordSchemasMatchTypes: [
  SchemaMatches<typeof chatMessageSchema, ChatMessage>,
  SchemaMatches<typeof modelProfileSchema, ModelProfile>,
  SchemaMatches<typeof modelReplySchema, ModelReply>,
  TypesMatch<Omit<z.infer<typeof runRecordShape>, 'question'>, Omit<RunRecord, 'question'>>,
] = [true, true, true, true];

/**
 * The run records of one `.waypoint/runs/*.jsonl` file. A line that is not a record (being written,
 * damaged by hand, from an incompatible version) is skipped and described in `problems`
 * (`file:line:column: message`), so the caller can say how many it skipped and why; a record cut
 * short (a write that never finished: util/cutShort.ts) is described in `torn` instead, a warning
 * rather than a problem of the file.
 */
export function parseRunRecords(
  text: string,
  file: string,
): { records: RunRecord[]; problems: string[]; recordLines: number[]; torn: string[] } {
  const records: RunRecord[] = [];
  const problems: string[] = [];
  const torn: string[] = [];
  /** The 0-based line of each record (a reader that keeps only summaries can find a record again). */
  const recordLines: number[] = [];
  splitLines(text).forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseJsonWith(line, runRecordSchema, index);
    if (parsed.ok) {
      records.push(parsed.value);
      recordLines.push(index);
    } else if (isCutShortJson(line)) torn.push(cutShortMessage(file, index, line, utf8Length(line)));
    else problems.push(describeProblem(file, parsed.diagnostics));
  });
  return { records, problems, recordLines, torn };
}
