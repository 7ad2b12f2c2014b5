// Any OpenAI-compatible chat endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, LM Studio,
// llama.cpp) through the `openai` package. Errors become one readable sentence that never
// contains the key; cancellation aborts the HTTP request. The package's own retries are off:
// its timeout covers only the headers and its Retry-After sleep can neither be capped nor
// cancelled, so the deadline, the retry loop and the body cap are ours (requestGuards.ts).
import OpenAI from 'openai';
import { GENERIC_KEY_ADVICE, isKeySet, type KeyAdvice, keyRefusalMessage } from './apiKeyMessages';
import { ModelCallCancelled, ModelCallError, type ReplySource } from './engine';
import { redactSecrets, rememberSecret } from './redact';
import { abortableSleep, backoffMs, Deadline, guardedFetch, MAX_BODY_BYTES, MAX_REPLY_CHARS, MAX_RETRY_WAIT_MS, megabytes, requestedWaitMs, type BodyWatch } from './requestGuards';
import type { ChatMessage, ModelProfile, ModelReply } from './types';

/** Accepts base URLs with or without a trailing `/` or `/v1`, as servers document them either way. */
export function normaliseBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  if (/\/v\d+$/.test(trimmed) || /\/openai(\/|$)/.test(trimmed)) return trimmed;
  return `${trimmed}/v1`;
}

/** A server's error text in one short line: tags of HTML error pages stripped, whitespace folded, cut at 200 characters. */
function shortened(text: string): string {
  const plain = text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** The error and its causes, innermost last (fetch wraps a socket's error two or three levels down). */
function causeChain(error: Error): Error[] {
  const chain = [error];
  for (let cause: unknown = error.cause, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) chain.push(cause);
  return chain;
}

/** What one error says: an AggregateError (a host name with several addresses, each refused) has no message of its own. */
function messageOf(error: Error): string {
  if (error.message) return error.message;
  if (error instanceof AggregateError) return error.errors.map((inner) => (inner instanceof Error ? inner.message : String(inner))).join('; ');
  return (error as { code?: string }).code ?? '';
}

/** A connection that opened and was then dropped (reset, closed mid-reply), at any depth of the cause chain; not one that never opened. */
function isCutOff(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const chain = causeChain(error);
  // A reset during the TLS handshake is a connection that never opened (a wrong port or scheme): "could not be reached".
  if (chain.some((link) => /before secure TLS connection was established/i.test(link.message))) return false;
  return chain.some((link) => /terminated|ECONNRESET|socket hang up|other side closed|premature close|UND_ERR_SOCKET/i.test(`${link.message} ${(link as { code?: string }).code ?? ''}`));
}

/** The innermost reason a connection failed (`connect ECONNREFUSED 127.0.0.1:8000`), not the SDK's bare "Connection error.". */
export function connectionReason(error: Error): string {
  let reason = error.message;
  for (const link of causeChain(error)) reason = messageOf(link) || reason;
  return shortened(reason.replace(/\.$/, ''));
}

/** Failures a retry may cure: rate limits, server errors, lost connections. */
function isRetryable(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError) return error.status === 408 || error.status === 409 || error.status === 429 || (error.status ?? 0) >= 500;
  return isCutOff(error);
}

interface Attempt {
  deadline: Deadline;
  watch: BodyWatch;
  /** Whether a key went out, and how this host tells its user to set one: a 401 says which of the two went wrong. */
  key: { sent: boolean; advice: KeyAdvice };
}

function describe(error: unknown, profile: ModelProfile, attempt: Attempt): string {
  const where = `${profile.model ?? '?'} at ${profile.baseUrl ?? '?'}`;
  if (error instanceof ModelCallError) return error.message;
  if (attempt.deadline.timedOut || error instanceof OpenAI.APIConnectionTimeoutError) return `${where} did not answer within ${profile.timeoutMs / 1000} s (the profile's timeoutMs, for the whole reply).`;
  if (attempt.watch.tooLarge) return `${where}: the reply exceeded ${megabytes(MAX_BODY_BYTES)} and was dropped.`;
  // A connection that never opened is an APIConnectionError (an APIError without a status too): it
  // is not an error the server sent, so it is told apart from an error event in the stream.
  if (error instanceof OpenAI.APIConnectionError && !isCutOff(error)) return `${where} could not be reached (${connectionReason(error)}): check that the server is running and the base URL.`;
  // Opened, then dropped before the reply was complete (a server crashing mid-generation).
  if (error instanceof OpenAI.APIConnectionError) return `${where} closed the connection before the reply was complete (${connectionReason(error)}).`;
  if (error instanceof OpenAI.APIError && error.status === undefined) return `${where} reported an error in its stream: ${shortened(error.message)}`;
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403) return keyRefusalMessage(where, error.status, profile, attempt.key.sent, attempt.key.advice);
    if (error.status === 404) return `${where} was not found (HTTP 404): check the base URL and the model name.`;
    if (error.status === 429) return `${where} is rate limiting (HTTP 429) after ${profile.retries} retries.`;
    // The package prefixes the status to the server's text; say it once.
    return `${where} answered HTTP ${error.status}: ${shortened(error.message.replace(new RegExp(`^${error.status}\\s*`), ''))}`;
  }
  if (isCutOff(error)) return `${where} closed the connection before the reply was complete (${error instanceof Error ? error.message : String(error)}).`;
  if (error instanceof SyntaxError) return `${where} sent a reply that is not valid JSON (${error.message}).`;
  return `${where} failed: ${error instanceof Error ? error.message : String(error)}`;
}

type Request = { model: string; messages: Array<{ role: ChatMessage['role']; content: string }>; temperature: number; max_tokens: number };

async function streamed(client: OpenAI, request: Request, profile: ModelProfile, attempt: Attempt, started: number): Promise<ModelReply> {
  const { data: stream, response } = await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }, { signal: attempt.deadline.signal }).withResponse();
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    stream.controller.abort();
    throw new ModelCallError(`${profile.model} at ${profile.baseUrl} answered with something that is not an event stream (${type.split(';')[0] || 'no content type'}): check that the base URL is the API root (often ending in /v1) and that the server can stream.`);
  }
  let text = '';
  let finished = false;
  let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
  for await (const chunk of stream) {
    const choice = chunk.choices?.[0];
    text += choice?.delta?.content ?? '';
    if (choice?.finish_reason) finished = true;
    if (chunk.usage) usage = chunk.usage;
    if (text.length > MAX_REPLY_CHARS) {
      stream.controller.abort();
      throw new ModelCallError(`${profile.model} at ${profile.baseUrl}: the reply exceeded ${megabytes(MAX_REPLY_CHARS)} of text and was dropped.`);
    }
  }
  // The package ends the loop quietly when the request is aborted: that is not a reply.
  if (attempt.deadline.signal.aborted) throw new Error('aborted');
  if (!finished && !attempt.watch.sawDone) throw new ModelCallError(`${profile.model} at ${profile.baseUrl}: the stream ended before the reply was complete (no finish_reason and no [DONE]); nothing was kept.`);
  return { text, promptTokens: usage?.prompt_tokens ?? null, completionTokens: usage?.completion_tokens ?? null, latencyMs: Date.now() - started, cached: false };
}

async function whole(client: OpenAI, request: Request, profile: ModelProfile, attempt: Attempt, started: number): Promise<ModelReply> {
  const completion: unknown = await client.chat.completions.create(request, { signal: attempt.deadline.signal });
  if (attempt.deadline.signal.aborted) throw new Error('aborted');
  // A web page or proxy answer comes back as a string (the client only parses JSON bodies).
  if (typeof completion !== 'object' || completion === null || !Array.isArray((completion as { choices?: unknown }).choices)) {
    const preview = String(completion).replace(/\s+/g, ' ').slice(0, 60);
    throw new ModelCallError(`${profile.model} at ${profile.baseUrl} answered with something that is not JSON chat completion ("${preview}"): check that the base URL is the API root (often ending in /v1).`);
  }
  const { choices, usage } = completion as { choices: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens?: number; completion_tokens?: number } };
  const text = choices[0]?.message?.content;
  if (typeof text !== 'string') throw new ModelCallError(`${profile.model} returned no message content.`);
  if (text.length > MAX_REPLY_CHARS) throw new ModelCallError(`${profile.model} at ${profile.baseUrl}: the reply exceeded ${megabytes(MAX_REPLY_CHARS)} of text and was dropped.`);
  return { text, promptTokens: usage?.prompt_tokens ?? null, completionTokens: usage?.completion_tokens ?? null, latencyMs: Date.now() - started, cached: false };
}

/** How long to wait before the next try; throws at once when the server asks for more than Waypoint will wait. */
function waitBeforeRetry(error: unknown, tries: number, profile: ModelProfile, deadline: Deadline): number {
  const asked = error instanceof OpenAI.APIError ? requestedWaitMs(error.headers) : undefined;
  const where = `${profile.model ?? '?'} at ${profile.baseUrl ?? '?'}`;
  const status = error instanceof OpenAI.APIError && error.status ? ` (HTTP ${error.status})` : '';
  if (asked !== undefined && asked > MAX_RETRY_WAIT_MS) throw new ModelCallError(`${where} asked to retry after ${seconds(asked)}${status}, more than the ${seconds(MAX_RETRY_WAIT_MS)} Waypoint waits; try again later.`);
  const wait = asked ?? backoffMs(tries);
  if (wait >= deadline.remainingMs()) throw new ModelCallError(`${where} asked to retry after ${seconds(wait)}${status}, but only ${seconds(deadline.remainingMs())} of the profile's timeoutMs (${seconds(profile.timeoutMs)}) remain.`);
  return wait;
}

export class OpenAiCompatibleSource implements ReplySource {
  /** `keyAdvice` is the host's sentence on how to set a key (the editor's command, the CLI's --api-key-env). */
  constructor(
    private readonly apiKeyFor: (profile: ModelProfile) => Promise<string | undefined>,
    private readonly keyAdvice: KeyAdvice = GENERIC_KEY_ADVICE,
  ) {}

  async reply(messages: readonly ChatMessage[], profile: ModelProfile, _question: unknown, signal: AbortSignal): Promise<ModelReply> {
    if (!profile.baseUrl || !profile.model) throw new ModelCallError(`the profile needs "baseUrl" and "model" (setting waypoint.models).`);
    const key = await this.apiKeyFor(profile);
    rememberSecret(key);
    const request: Request = { model: profile.model, messages: messages.map((message) => ({ role: message.role, content: message.content })), temperature: profile.temperature, max_tokens: profile.maxTokens };
    const started = Date.now();
    // timeoutMs bounds the whole call: every attempt, its body or stream, and the waits between.
    const deadline = new Deadline(profile.timeoutMs, signal);
    try {
      for (let tries = 0; ; tries++) {
        const attempt: Attempt = { deadline, watch: { tooLarge: false, sawDone: false }, key: { sent: isKeySet(key), advice: this.keyAdvice } };
        // Local servers (Ollama, llama.cpp) take any key; the client library insists on one. Its
        // logger is off: it prints raw server data (which may quote the key) to the console.
        const client = new OpenAI({ apiKey: isKeySet(key) ? key.trim() : 'no-key', baseURL: normaliseBaseUrl(profile.baseUrl), timeout: profile.timeoutMs + 1000, maxRetries: 0, fetch: guardedFetch(attempt.watch), logLevel: 'off' });
        try {
          return await (profile.stream ? streamed(client, request, profile, attempt, started) : whole(client, request, profile, attempt, started));
        } catch (error) {
          if (deadline.cancelled) throw new ModelCallCancelled();
          if (deadline.timedOut || attempt.watch.tooLarge || error instanceof ModelCallError || !isRetryable(error) || tries >= profile.retries) throw new ModelCallError(describe(error, profile, attempt));
          await abortableSleep(waitBeforeRetry(error, tries, profile, deadline), deadline.signal).catch(() => {
            throw deadline.cancelled ? new ModelCallCancelled() : new ModelCallError(describe(error, profile, attempt));
          });
        }
      }
    } catch (error) {
      if (error instanceof ModelCallCancelled) throw error;
      // Servers quote keys back in error bodies and stream events: never let one through.
      throw new ModelCallError(redactSecrets(error instanceof Error ? error.message : String(error), [key]));
    } finally {
      deadline.dispose();
    }
  }
}
