// What a model server tells about itself, for the preflight (`waypoint models test`, the start of
// `waypoint run`) and for dry runs: the context one request may use, and the server's own count of
// a prompt's tokens. Each server says it its own way (../shared/notes/real-servers.md):
// llama-server in `GET /props` (`default_generation_settings.n_ctx`, `total_slots`) and by
// `POST /apply-template` then `POST /tokenize`; vLLM in `/v1/models` (`max_model_len`) and by
// `POST /tokenize` of the chat messages; OpenRouter in `/v1/models` (`context_length`). These
// endpoints sit at the server's root, beside `/v1`, not under it. A server that tells nothing leaves
// the fields null: Waypoint then estimates with cl100k and says so.
import * as z from 'zod/mini';
import { parseJsonWith } from '../util/schema/parse';
import { isKeySet } from './apiKeyMessages';
import { Deadline, guardedFetch } from './requestGuards';
import type { ChatMessage } from './types';

/** The server's root for a normalised API root: `http://host:8080/v1` → `http://host:8080`. */
export function serverRoot(apiRoot: string): string {
  return apiRoot.replace(/\/v\d+$/, '');
}

/** The context the server gives one request, read from `/props` or its model list. */
interface ContextFacts {
  /** Tokens one request may use (prompt and reply together); null when the server does not tell. */
  contextTokens: number | null;
  /** Where contextTokens was read, e.g. `/props default_generation_settings.n_ctx`; null with it. */
  contextSource: string | null;
  /** The model's training context (llama-server's `/v1/models` `meta.n_ctx_train`); null when not told. */
  trainContextTokens: number | null;
  /** Parallel slots that share the server's context (llama-server's `/props` `total_slots`); null when not told. */
  slots: number | null;
}

// Any value is read, and only a positive integer counts: a server's oddity is "not told", never a failure.
const anything = z.optional(z.unknown());
const propsBody = z.object({
  default_generation_settings: z.optional(z.object({ n_ctx: anything })),
  total_slots: anything,
});
const listEntry = z.object({
  id: z.string(),
  max_model_len: anything,
  context_length: anything,
  meta: z.nullable(z.optional(z.object({ n_ctx_train: anything }))),
});
const listBody = z.object({ data: z.array(listEntry) });

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** llama-server's `/props`: the context of one slot and the number of slots; null when the body is not llama-server's. */
export function contextFromProps(body: string): { contextTokens: number | null; slots: number | null } | null {
  const parsed = parseJsonWith(body, propsBody);
  if (!parsed.ok || parsed.value.default_generation_settings === undefined) return null;
  return {
    contextTokens: count(parsed.value.default_generation_settings.n_ctx),
    slots: count(parsed.value.total_slots),
  };
}

/**
 * The context a model list tells for the model: the entry named `ids` (the served model first,
 * then the one asked for; else the only entry), its vLLM `max_model_len` or OpenRouter
 * `context_length`, and llama-server's training context.
 */
export function contextFromModelList(body: string, ids: ReadonlyArray<string | null>): Omit<ContextFacts, 'slots'> {
  const none = { contextTokens: null, contextSource: null, trainContextTokens: null };
  const parsed = parseJsonWith(body, listBody);
  if (!parsed.ok) return none;
  const entries = parsed.value.data;
  const entry =
    ids
      .map((id) => entries.find((candidate) => id !== null && candidate.id === id))
      .find((found) => found !== undefined) ?? (entries.length === 1 ? entries[0] : undefined);
  if (!entry) return none;
  const trainContextTokens = count(entry.meta?.n_ctx_train);
  if (count(entry.max_model_len) !== null)
    return { contextTokens: count(entry.max_model_len), contextSource: '/v1/models max_model_len', trainContextTokens };
  if (count(entry.context_length) !== null)
    return {
      contextTokens: count(entry.context_length),
      contextSource: '/v1/models context_length',
      trainContextTokens,
    };
  return { ...none, trainContextTokens };
}

/** How a server counts prompt tokens: llama-server by /apply-template + /tokenize, vLLM by /tokenize of the messages. */
export type TokenCounting = 'llama-server' | 'vllm';

/** One JSON request to the server (the caller's fetch carries the deadline and the body limit): its status and body text, or null when no response came. */
export type JsonPost = (url: string, body: unknown) => Promise<{ status: number; text: string } | null>;

/** JSON requests to a server with `apiKey` (when set), each within `timeoutMs` and cancelled with `signal`. */
export function jsonPoster(apiKey: string | undefined, timeoutMs: number, signal: AbortSignal): JsonPost {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(isKeySet(apiKey) ? { authorization: `Bearer ${apiKey.trim()}` } : {}),
  };
  const once = async (url: string, body: unknown) => {
    const deadline = new Deadline(timeoutMs, signal);
    try {
      const response = await guardedFetch({ tooLarge: false, sawDone: false })(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: deadline.signal,
      });
      return { status: response.status, text: await response.text() };
    } finally {
      deadline.dispose();
    }
  };
  return async (url, body) => {
    // Once more when the connection failed: a kept-alive connection the server closed while idle (5 s in llama-server) fails a POST that never reached it.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await once(url, body);
      } catch {
        if (signal.aborted) return null;
      }
    }
    return null;
  };
}

const appliedTemplate = z.object({ prompt: z.string() });
const llamaTokens = z.object({ tokens: z.array(z.unknown()) });
const vllmCount = z.object({ count: z.number() });

function read<S extends z.core.$ZodType>(
  answer: { status: number; text: string } | null,
  schema: S,
): z.core.output<S> | null {
  if (answer?.status !== 200) return null;
  const parsed = parseJsonWith(answer.text, schema);
  return parsed.ok ? parsed.value : null;
}

/** The server's count of a chat prompt, the way `counting` says; null when the server did not count it. */
export async function serverPromptTokens(
  post: JsonPost,
  root: string,
  counting: TokenCounting,
  model: string,
  messages: readonly ChatMessage[],
): Promise<number | null> {
  const plain = messages.map(({ role, content }) => ({ role, content }));
  if (counting === 'vllm')
    return (
      read(await post(`${root}/tokenize`, { model, messages: plain, add_generation_prompt: true }), vllmCount)?.count ??
      null
    );
  const template = read(await post(`${root}/apply-template`, { messages: plain }), appliedTemplate);
  if (!template) return null;
  // As llama-server tokenizes a chat prompt: special tokens added (BOS) and parsed in the template's text.
  return (
    read(
      await post(`${root}/tokenize`, { content: template.prompt, add_special: true, parse_special: true }),
      llamaTokens,
    )?.tokens.length ?? null
  );
}

/** Which way, if any, the server counts prompt tokens, tried on `messages`: llama-server's first, then vLLM's. */
export async function probeTokenCounting(
  post: JsonPost,
  root: string,
  model: string,
  messages: readonly ChatMessage[],
): Promise<{ counting: TokenCounting; tokens: number } | null> {
  for (const counting of ['llama-server', 'vllm'] as const) {
    const tokens = await serverPromptTokens(post, root, counting, model, messages);
    if (tokens !== null) return { counting, tokens };
  }
  return null;
}

/** The words a person reads for a way of counting. */
export function countingLabel(counting: TokenCounting): string {
  return counting === 'vllm'
    ? "the server's count (vLLM /tokenize)"
    : "the server's count (llama-server /apply-template + /tokenize)";
}
