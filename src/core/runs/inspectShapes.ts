// The pieces of an Inspect AI eval log (inspect_ai/log/_log.py; the log schema Inspect publishes,
// LOG_SCHEMA_VERSION 2) that Waypoint writes. Inspect's published schema lists every field of every
// object as required, so absent values are written as explicit nulls (pydantic reads a null for an
// optional field as its default) rather than left out as Inspect's own writer does.
import type { ChatMessage, ModelProfile, RunRecord } from '../eval/types';

/** The log format version Inspect's `.eval` files carry (`LOG_SCHEMA_VERSION`). */
export const INSPECT_LOG_VERSION = 2;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Keys of Inspect's GenerateConfig, all optional (null): the settings Waypoint has are filled in by `generateConfig`. */
const GENERATE_CONFIG_KEYS = [
  'max_retries',
  'timeout',
  'attempt_timeout',
  'max_connections',
  'system_message',
  'max_tokens',
  'top_p',
  'temperature',
  'stop_seqs',
  'best_of',
  'frequency_penalty',
  'presence_penalty',
  'logit_bias',
  'seed',
  'top_k',
  'num_choices',
  'logprobs',
  'top_logprobs',
  'parallel_tool_calls',
  'internal_tools',
  'max_tool_output',
  'cache_prompt',
  'verbosity',
  'effort',
  'reasoning_effort',
  'reasoning_tokens',
  'reasoning_summary',
  'reasoning_history',
  'response_schema',
  'extra_headers',
  'extra_body',
  'modalities',
  'cache',
  'batch',
] as const;

/** Keys of Inspect's EvalConfig (the run's limits), all optional. */
const EVAL_CONFIG_KEYS = [
  'limit',
  'sample_id',
  'sample_shuffle',
  'epochs',
  'epochs_reducer',
  'approval',
  'fail_on_error',
  'continue_on_fail',
  'retry_on_error',
  'message_limit',
  'token_limit',
  'time_limit',
  'working_limit',
  'cost_limit',
  'max_samples',
  'max_dataset_memory',
  'max_tasks',
  'max_subprocesses',
  'max_sandboxes',
  'sandbox_cleanup',
  'log_samples',
  'log_realtime',
  'log_images',
  'log_model_api',
  'log_buffer',
  'log_shared',
  'score_display',
] as const;

function nulls(keys: readonly string[], values: JsonObject = {}): JsonObject {
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? null]));
}

/** Inspect's reasoning_effort takes these; Waypoint's `max` has no counterpart there. */
const INSPECT_EFFORTS = new Set(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']);

/** The generation settings a profile asked for, as Inspect names them; an offline agent's are all null. */
export function generateConfig(profile: ModelProfile | null): JsonObject {
  if (profile === null || profile.provider === 'oracle' || profile.provider === 'random')
    return nulls(GENERATE_CONFIG_KEYS);
  const effort = profile.reasoningEffort;
  return nulls(GENERATE_CONFIG_KEYS, {
    max_retries: profile.retries,
    timeout: profile.timeoutMs > 0 ? Math.ceil(profile.timeoutMs / 1000) : null,
    max_tokens: profile.maxCompletionTokens ?? (profile.maxTokens > 0 ? profile.maxTokens : null),
    temperature: profile.temperature,
    seed: profile.seed ?? null,
    reasoning_effort: effort !== undefined && INSPECT_EFFORTS.has(effort) ? effort : null,
  });
}

export function evalConfig(epochs: number): JsonObject {
  return nulls(EVAL_CONFIG_KEYS, { epochs });
}

/** A chat message as Inspect writes one (ChatMessageSystem/User/Assistant). */
export function inspectMessage(
  message: ChatMessage,
  source: 'input' | 'generate' = 'input',
  model?: string,
): JsonObject {
  const base: JsonObject = { id: null, content: message.content, source, metadata: null, role: message.role };
  if (message.role === 'user') return { ...base, tool_call_id: null };
  if (message.role === 'assistant') return { ...base, tool_calls: null, model: model ?? null };
  return base;
}

/** Inspect's ModelUsage of one record; null when the record counted no tokens (an offline agent). */
export function modelUsage(record: RunRecord): JsonObject | null {
  if (record.promptTokens === null && record.completionTokens === null && record.costUsd === null) return null;
  const input = record.promptTokens ?? 0;
  const output = record.completionTokens ?? 0;
  return {
    input_tokens: input,
    output_tokens: output,
    total_tokens: input + output,
    input_tokens_cache_write: null,
    input_tokens_cache_read: record.cached_tokens ?? null,
    reasoning_tokens: record.reasoning_tokens ?? null,
    total_cost: record.costUsd,
  };
}

/** The sum of usages (the log's `stats.model_usage`). */
export function addUsage(total: JsonObject | undefined, usage: JsonObject): JsonObject {
  if (total === undefined) return { ...usage };
  const sum = (key: string) => {
    const a = total[key];
    const b = usage[key];
    if (typeof a !== 'number') return typeof b === 'number' ? b : null;
    return typeof b === 'number' ? a + b : a;
  };
  return Object.fromEntries(Object.keys(usage).map((key) => [key, sum(key)]));
}

/** Waypoint's `finish_reason` as Inspect's stop_reason. */
export function stopReason(finish: string | null | undefined): string {
  if (finish === 'stop') return 'stop';
  if (finish === 'length') return 'max_tokens';
  if (finish === 'content_filter') return 'content_filter';
  return 'unknown';
}

/**
 * The model name Inspect shows (`provider/model`): an offline agent is `waypoint/oracle`, an
 * imported model keeps its name under `imported/`, a configured one its served model name.
 */
export function inspectModelName(profile: ModelProfile): string {
  if (profile.provider === 'oracle' || profile.provider === 'random' || profile.provider === 'human')
    return `waypoint/${profile.id}`;
  if (profile.provider === 'imported') return `imported/${profile.id}`;
  return `openai-api/${profile.model ?? profile.id}`;
}
