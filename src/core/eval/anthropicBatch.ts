// Anthropic's Message Batches beside OpenAI's batch files (runs.md §6): request lines
// `{"custom_id", "params": {model, max_tokens, temperature, system, messages}}` and the result lines
// the batch's results_url serves, in any order: `{"custom_id", "result": {"type": "succeeded",
// "message": {...}}}`, or `errored` (with the API's error), `expired`, `canceled`. Anthropic takes
// only custom_ids of 1–64 characters `[A-Za-z0-9_-]`; a sample id that is not one (GRASP's
// `inner_random_free.jsonl-3-0-0-0`, anything longer) is sent as a readable prefix plus a hash of
// the whole id, which `batch import` maps back by computing the same id for each question of the
// exported set.
import { sha256Hex } from '../util/sha256';
import type { BatchRow } from './imported';
import { errorName, isJsonObject } from './imported';
import type { ChatMessage } from './types';

const ANTHROPIC_CUSTOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Hex digits of the hash in a shortened id: 64 bits, so ids of one export do not meet by chance. */
const HASH_DIGITS = 16;

/** The custom_id Anthropic accepts for a sample id: the id itself when it may be one, else its first characters (others as `_`) and a hash of the whole. */
export function anthropicCustomId(sampleId: string): string {
  if (ANTHROPIC_CUSTOM_ID.test(sampleId)) return sampleId;
  const readable = sampleId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64 - HASH_DIGITS - 1);
  return `${readable}-${sha256Hex(sampleId).slice(0, HASH_DIGITS)}`;
}

/** A chat prompt Anthropic's Messages API cannot take as it is (a system message after the conversation began). */
export class AnthropicPromptError extends Error {}

/**
 * The Messages API params of a chat prompt: the leading system messages become `system` (one
 * string, or one text block each when there are several, so their boundaries stay), the rest
 * `messages`. A system message after a user or assistant message has no place there.
 */
export function anthropicParams(
  model: string,
  messages: readonly ChatMessage[],
  maxTokens: number,
  temperature: number,
): Record<string, unknown> {
  const firstTurn = messages.findIndex((message) => message.role !== 'system');
  const system = (firstTurn < 0 ? messages : messages.slice(0, firstTurn)).map((message) => message.content);
  const turns = firstTurn < 0 ? [] : messages.slice(firstTurn);
  const late = turns.findIndex((message) => message.role === 'system');
  if (late >= 0)
    throw new AnthropicPromptError(
      `message ${firstTurn + late + 1} is a system message after the conversation began, which Anthropic's Messages API cannot take`,
    );
  if (turns.length === 0)
    throw new AnthropicPromptError("the prompt has no user message, which Anthropic's Messages API needs");
  return {
    model,
    max_tokens: maxTokens,
    temperature,
    ...(system.length === 1
      ? { system: system[0] }
      : system.length > 1
        ? { system: system.map((text) => ({ type: 'text', text })) }
        : {}),
    messages: turns.map((message) => ({ role: message.role, content: message.content })),
  };
}

/** One request line of a Message Batch. */
export function anthropicRequestLine(
  sampleId: string,
  model: string,
  messages: readonly ChatMessage[],
  maxTokens: number,
  temperature: number,
): string {
  return JSON.stringify({
    custom_id: anthropicCustomId(sampleId),
    params: anthropicParams(model, messages, maxTokens, temperature),
  });
}

/** Whether a results line is Anthropic's (`result`) rather than an OpenAI/vLLM batch output row (`response`). */
export function isAnthropicResult(row: Record<string, unknown>): boolean {
  return isJsonObject(row.result) && !('response' in row);
}

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** Anthropic's stop reasons in the OpenAI words records use (`max_tokens` is a cut answer, "length"); others as given. */
function finishReasonOf(stopReason: unknown): string | null {
  if (typeof stopReason !== 'string') return null;
  if (stopReason === 'end_turn' || stopReason === 'stop_sequence') return 'stop';
  if (stopReason === 'max_tokens') return 'length';
  return stopReason;
}

/** The answer of a succeeded request: its text blocks, with its thinking blocks as reasoning (never part of the answer). */
function succeeded(message: Record<string, unknown>): BatchRow {
  const blocks = Array.isArray(message.content) ? message.content.filter(isJsonObject) : [];
  const text = blocks
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string);
  const thinking = blocks
    .filter((block) => block.type === 'thinking' && typeof block.thinking === 'string')
    .map((block) => block.thinking as string)
    .join('\n\n');
  const usage = isJsonObject(message.usage) ? message.usage : {};
  const input = count(usage.input_tokens);
  // Anthropic counts cache reads and writes apart from input_tokens: the prompt is all three.
  const cacheRead = count(usage.cache_read_input_tokens);
  const promptTokens =
    input === null ? null : input + (count(usage.cache_creation_input_tokens) ?? 0) + (cacheRead ?? 0);
  // A reply cut while thinking has no text block: an empty answer, flagged truncated, not a failure.
  const answered = text.length > 0 || message.stop_reason === 'max_tokens';
  return {
    model: typeof message.model === 'string' ? message.model : null,
    content: answered ? text.join('') : null,
    promptTokens,
    completionTokens: count(usage.output_tokens),
    error: answered ? null : 'the message has no text block',
    ...(answered ? {} : { failure: { kind: 'reply' } }),
    extras: {
      finishReason: finishReasonOf(message.stop_reason),
      ...(thinking !== '' ? { reasoning: thinking } : {}),
      ...(cacheRead !== null ? { cachedTokens: cacheRead } : {}),
    },
  };
}

/** The API's error of an `errored` result: `{"type":"error","error":{"type","message"}}` (read flat too). */
function erroredRow(error: unknown): BatchRow {
  const outer = isJsonObject(error) ? error : {};
  const inner = isJsonObject(outer.error) ? outer.error : outer;
  const type = errorName(inner.type);
  const message = typeof inner.message === 'string' ? inner.message : JSON.stringify(error ?? null);
  const kind =
    type === 'overloaded_error'
      ? 'overloaded'
      : type === 'api_error'
        ? 'server'
        : type === 'authentication_error' || type === 'permission_error'
          ? 'auth'
          : 'request';
  return {
    ...EMPTY,
    error: `the request failed${type ? ` (${type})` : ''}: ${message}`,
    failure: { kind, ...(type ? { type } : {}) },
  };
}

const EMPTY: BatchRow = { model: null, content: null, promptTokens: null, completionTokens: null, error: null };

/** Reads one Anthropic results line's `result` (the row is an object with one, isAnthropicResult). */
export function readAnthropicResult(row: Record<string, unknown>): BatchRow {
  const result = isJsonObject(row.result) ? row.result : {};
  switch (result.type) {
    case 'succeeded':
      return isJsonObject(result.message)
        ? succeeded(result.message)
        : { ...EMPTY, error: 'a succeeded result without a "message"', failure: { kind: 'reply' } };
    case 'errored':
      return erroredRow(result.error);
    // Never ran: the batch ended (24 hours) or was canceled before this request. Asked again by a new batch.
    case 'expired':
      return {
        ...EMPTY,
        error:
          'the batch expired before this request was processed (a Message Batch ends 24 hours after it is created); send it in a new batch',
        failure: { kind: 'not-run', type: 'expired' },
      };
    case 'canceled':
      return {
        ...EMPTY,
        error: 'the batch was canceled before this request was processed; send it in a new batch',
        failure: { kind: 'not-run', type: 'canceled' },
      };
    default:
      return {
        ...EMPTY,
        error: `an unknown result type ${JSON.stringify(result.type ?? null)} (succeeded, errored, expired or canceled)`,
        failure: { kind: 'reply' },
      };
  }
}
