// The model of a record read from upstream outputs (`waypoint import`, `batch import`): only its
// name is known (read from the data or given with --model-name), so it is provider `imported`,
// never a configured profile, and its numbers are placeholders the data did not record.
import type { Failure, FailureKind } from './failures';
import { reasoningTextOf, replyExtras, usageDetailsOf } from './replyFields';
import type { ModelProfile, ModelReply } from './types';

/** A JSON object (not an array, not null): what a JSON Lines row must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function importedProfile(name: string): ModelProfile {
  return { id: name, provider: 'imported', model: name, temperature: 0, maxTokens: 0, timeoutMs: 0, retries: 0 };
}

/** What one batch output row holds (OpenAI Batch API, `vllm run-batch`, Anthropic Message Batches). */
export interface BatchRow {
  model: string | null;
  content: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  /** Why the row has no answer; null when it has one. */
  error: string | null;
  /** With `error`: what kind of failure, for grouping (the provider's error type when it names one). */
  failure?: Failure;
  /** What the reply said beyond its text: finish reason, reasoning, token details, the provider's cost. */
  extras?: Pick<ModelReply, 'finishReason' | 'reasoning' | 'reasoningTokens' | 'cachedTokens' | 'providerCostUsd'>;
}

/** A provider's error code or type as a record keeps it: an identifier, or nothing (prose would split one reason into many). */
export function errorName(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,80}$/.test(value) ? value : undefined;
}

/** The kind of a failed row's HTTP status, as a live call's would be (failures.ts). */
function statusKind(status: number): FailureKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'configuration';
  if (status === 429) return 'rate-limit';
  if (status === 503 || status === 529) return 'overloaded';
  return status >= 500 ? 'server' : 'request';
}

/**
 * A row's `error` as its message says it: a string (`vllm run-batch`'s own failures) as is; vLLM's
 * error response (`{"error": {"message", "type", "code"}}`, older `{"object": "error", "message", "type"}`)
 * as its type and message; any other object (OpenAI's `{code, message}`) as JSON, which keeps its code.
 */
function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  const response = isJsonObject(error) ? error : {};
  const inner = isJsonObject(response.error) ? response.error : response.object === 'error' ? response : null;
  if (inner && typeof inner.message === 'string')
    return `${typeof inner.type === 'string' ? `${inner.type}: ` : ''}${inner.message}`;
  return JSON.stringify(error);
}

/** A failed row's kind by its HTTP status (404: a model or path the server does not have, vLLM's --model it does not serve), with the provider's error type. */
/** OpenAI's codes for a request its batch ended before running (as Anthropic's `expired`/`canceled` results). */
const NOT_RUN_CODES = new Set(['batch_expired', 'batch_cancelled']);

function failureOfStatus(status: number | undefined, type?: string): Failure {
  const kind =
    type !== undefined && NOT_RUN_CODES.has(type)
      ? 'not-run'
      : status === undefined || status === 200
        ? 'request'
        : statusKind(status);
  const valid = status !== undefined && status !== 200 && Number.isInteger(status) && status >= 100 && status <= 599;
  return { kind, ...(valid ? { status } : {}), ...(type ? { type } : {}) };
}

/**
 * Reads a batch output row `{id, custom_id, response: {status_code, request_id?, body: <chat.completion>}, error}`
 * as OpenAI's Batch API (GRASP spec §6) and `vllm run-batch` write it, with what the completion
 * says beyond its text (finish reason, reasoning, usage details, cost).
 */
export function readBatchRow(value: Record<string, unknown>): BatchRow {
  const response = value.response as
    | {
        status_code?: unknown;
        body?: {
          model?: unknown;
          choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }>;
          usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
        } | null;
      }
    | null
    | undefined;
  const body = response?.body;
  const model = typeof body?.model === 'string' ? body.model : null;
  const choice = body?.choices?.[0];
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null);
  const reasoning = reasoningTextOf(choice?.message);
  const finish = typeof choice?.finish_reason === 'string' ? choice.finish_reason : null;
  // A reasoning model that spent its limit thinking sends no content: an empty, truncated answer.
  const content = choice?.message?.content ?? (choice && (finish === 'length' || reasoning !== '') ? '' : undefined);
  const row: BatchRow = {
    model,
    content: typeof content === 'string' ? content : null,
    promptTokens: count(body?.usage?.prompt_tokens),
    completionTokens: count(body?.usage?.completion_tokens),
    error: null,
    extras: { ...(choice ? { finishReason: finish } : {}), ...replyExtras(reasoning, usageDetailsOf(body?.usage)) },
  };
  const status = typeof response?.status_code === 'number' ? response.status_code : undefined;
  if (value.error !== undefined && value.error !== null) {
    // OpenAI's `{code, message}`, vLLM's `{error: {type, …}}` or `{object: "error", type}`: the identifier names the reason.
    const error = isJsonObject(value.error) ? value.error : {};
    const inner = isJsonObject(error.error) ? error.error : error;
    return {
      ...row,
      error: `the request failed${status !== undefined && status !== 200 ? ` (HTTP ${status})` : ''}: ${errorText(value.error)}`,
      failure: failureOfStatus(status, errorName(inner.code) ?? errorName(inner.type)),
    };
  }
  if (!response || typeof response !== 'object')
    return { ...row, error: 'the row has no "response"', failure: { kind: 'reply' } };
  if (status !== undefined && status !== 200)
    return {
      ...row,
      error: `the request failed with HTTP status ${status}`,
      failure: failureOfStatus(status, errorName((body as { error?: { type?: unknown } } | undefined)?.error?.type)),
    };
  if (row.content === null)
    return { ...row, error: 'no answer text at response.body.choices[0].message.content', failure: { kind: 'reply' } };
  return row;
}
