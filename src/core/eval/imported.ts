// The model of a record read from upstream outputs (`waypoint import`, `batch import`): only its
// name is known (read from the data or given with --model-name), so it is provider `imported`,
// never a configured profile, and its numbers are placeholders the data did not record.
import type { ModelProfile, RecordFailure } from './types';

/** A JSON object (not an array, not null): what a JSON Lines row must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function importedProfile(name: string): ModelProfile {
  return { id: name, provider: 'imported', model: name, temperature: 0, maxTokens: 0, timeoutMs: 0, retries: 0 };
}

/** What one OpenAI Batch API output row holds. */
export interface BatchRow {
  model: string | null;
  content: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  /** Why the row has no answer; null when it has one. */
  error: string | null;
  /** With `error`: its kind, HTTP status and the provider's error code or type, so summaries group rows by reason, not by message. */
  failure: RecordFailure | null;
}

/** A provider's error code or type as a record keeps it: an identifier, or nothing (prose would split one reason into many). */
function errorName(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,80}$/.test(value) ? value : undefined;
}

/** The kind of a failed row's HTTP status, as a live call's would be (failures.ts). */
function statusKind(status: number): string {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'configuration';
  if (status === 429) return 'rate-limit';
  if (status === 503 || status === 529) return 'overloaded';
  return status >= 500 ? 'server' : 'request';
}

/** Reads a Batch API output row `{id, custom_id, response: {status_code, body: <chat.completion>}, error}` (GRASP spec §6). */
export function readBatchRow(value: Record<string, unknown>): BatchRow {
  const response = value.response as { status_code?: unknown; body?: { model?: unknown; choices?: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } } } | null | undefined;
  const body = response?.body;
  const model = typeof body?.model === 'string' ? body.model : null;
  const content = body?.choices?.[0]?.message?.content;
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null);
  const row: BatchRow = { model, content: typeof content === 'string' ? content : null, promptTokens: count(body?.usage?.prompt_tokens), completionTokens: count(body?.usage?.completion_tokens), error: null, failure: null };
  if (value.error !== undefined && value.error !== null) {
    const code = errorName((value.error as { code?: unknown } | null)?.code);
    return { ...row, error: `the request failed: ${JSON.stringify(value.error)}`, failure: { kind: 'request', ...(code ? { type: code } : {}) } };
  }
  if (!response || typeof response !== 'object') return { ...row, error: 'the row has no "response"', failure: { kind: 'reply' } };
  if (typeof response.status_code === 'number' && response.status_code !== 200) {
    const status = response.status_code;
    const type = errorName((body as { error?: { type?: unknown } } | undefined)?.error?.type);
    return { ...row, error: `the request failed with HTTP status ${status}`, failure: { kind: statusKind(status), ...(Number.isInteger(status) && status >= 100 && status <= 599 ? { status } : {}), ...(type ? { type } : {}) } };
  }
  if (row.content === null) return { ...row, error: 'no answer text at response.body.choices[0].message.content', failure: { kind: 'reply' } };
  return row;
}
