// Any OpenAI-compatible chat endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, LM Studio,
// llama.cpp) through the `openai` package. Errors become one readable sentence that never
// contains the key (openaiFailures.ts); cancellation aborts the HTTP request. The package's own
// retries are off: its timeout covers only the headers and its Retry-After sleep can neither be
// capped nor cancelled, so the deadline, the retry loop and the body cap are ours
// (requestGuards.ts), and the loop follows the one retry policy of failures.ts whether the reply
// is streamed or not.
import OpenAI from 'openai';
import { GENERIC_KEY_ADVICE, isKeySet, type KeyAdvice, settingName } from './apiKeyMessages';
import { baseUrlIdentity, normaliseBaseUrl } from './baseUrl';
import { readChatCompletion, readChatCompletionChunk } from './chatCompletion';
import { ModelCallCancelled, ModelCallError, type ReplySource } from './engine';
import {
  type AttemptGate,
  type AttemptTicket,
  backoffWithJitterMs,
  type Failure,
  RetryBudget,
  spreadRequestedWaitMs,
} from './failures';
import { type Attempt, describeFailure, errorInReply, failureOf } from './openaiFailures';
import { isJsonObject } from './imported';
import { sentParameters } from './profiles';
import { reasoningTextOf, replyExtras, usageDetailsOf, usageNotesOf, withThinkSplit } from './replyFields';
import { redactSecrets, rememberSecret, rememberUrlSecrets } from './redact';
import { probeServerModel } from './servedModel';
import {
  abortableSleep,
  Deadline,
  guardedFetch,
  MAX_REPLY_CHARS,
  MAX_RETRY_WAIT_MS,
  megabytes,
  requestedWaitMs,
} from './requestGuards';
import type { ChatMessage, ModelProfile, ModelReply, SentParameters, ServerModelProbe } from './types';

export { connectionReason } from './openaiFailures';

export { normaliseBaseUrl } from './baseUrl';

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** A wrong base URL or a server that is not an OpenAI-compatible API: every question would fail the same way. */
const CONFIGURATION: Failure = { kind: 'configuration' };

/** An older llama-server's `error: {...}` stream line as the package's own stream error, so both forms are one failure. */
function streamLineError(text: string, headers: Headers): InstanceType<typeof OpenAI.APIError> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  const inner =
    typeof body === 'object' && body !== null && 'error' in body ? (body as { error: unknown }).error : body;
  return new OpenAI.APIError(undefined, inner as object, undefined, headers);
}

type Request = {
  model: string;
  messages: Array<{ role: ChatMessage['role']; content: string }>;
  temperature: number;
  seed?: number;
} & SentParameters;

const tooLarge = (profile: ModelProfile) =>
  new ModelCallError(
    `${profile.model} at ${profile.baseUrl}: the reply exceeded ${megabytes(MAX_REPLY_CHARS)} of text and was dropped.`,
    { kind: 'reply' },
  );

async function streamed(
  client: OpenAI,
  request: Request,
  profile: ModelProfile,
  attempt: Attempt,
  started: number,
): Promise<ModelReply> {
  const { data: stream, response } = await client.chat.completions
    .create({ ...request, stream: true, stream_options: { include_usage: true } }, { signal: attempt.signal })
    .withResponse();
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    stream.controller.abort();
    throw new ModelCallError(
      `${profile.model} at ${profile.baseUrl} answered with something that is not an event stream (${type.split(';')[0] || 'no content type'}): check that the base URL is the API root (often ending in /v1) and that the server can stream.`,
      CONFIGURATION,
    );
  }
  let text = '';
  let reasoning = '';
  let finishReason: string | null = null;
  let servedModel: string | null = null;
  let usage: { prompt_tokens?: number | null; completion_tokens?: number | null } | null = null;
  /** The usage as sent, for what it says that is no count (usageNotesOf). */
  let sentUsage: unknown;
  for await (const event of stream) {
    const chunk = readChatCompletionChunk(event);
    const raw = (event as { usage?: unknown } | null)?.usage;
    if (raw) sentUsage = raw;
    const choice = chunk.choices?.[0];
    text += choice?.delta?.content ?? '';
    reasoning += reasoningTextOf(choice?.delta);
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (typeof chunk.model === 'string' && chunk.model) servedModel = chunk.model;
    if (chunk.usage) usage = chunk.usage;
    if (text.length + reasoning.length > MAX_REPLY_CHARS) {
      stream.controller.abort();
      throw tooLarge(profile);
    }
  }
  // The package ends the loop quietly when the request is aborted: that is not a reply.
  if (attempt.signal.aborted) throw new Error('aborted');
  if (attempt.watch.streamError !== undefined) throw streamLineError(attempt.watch.streamError, response.headers);
  if (finishReason === null && !attempt.watch.sawDone)
    throw new ModelCallError(
      `${profile.model} at ${profile.baseUrl}: the stream ended before the reply was complete (no finish_reason and no [DONE]); nothing was kept.`,
      { kind: 'cut-off' },
    );
  const split = withThinkSplit(text, reasoning);
  return {
    text: split.text,
    promptTokens: usage?.prompt_tokens ?? null,
    completionTokens: usage?.completion_tokens ?? null,
    latencyMs: Date.now() - started,
    cached: false,
    finishReason,
    servedModel,
    ...replyExtras(split.reasoning, usageDetailsOf(usage)),
    request: sentOf(request),
    ...notesOf(sentUsage),
  };
}

/** ModelReply's usageNotes for the usage as the server sent it: only when it said something Waypoint could not take. */
function notesOf(sentUsage: unknown): { usageNotes?: string[] } {
  const notes = usageNotesOf(sentUsage);
  return notes.length > 0 ? { usageNotes: notes } : {};
}

/** The request's token limit and effort as sent (a copy: the request object is the client's). */
function sentOf(request: Request): SentParameters {
  const { max_tokens, max_completion_tokens, reasoning_effort } = request;
  return {
    ...(max_tokens !== undefined ? { max_tokens } : {}),
    ...(max_completion_tokens !== undefined ? { max_completion_tokens } : {}),
    ...(reasoning_effort !== undefined ? { reasoning_effort } : {}),
  };
}

async function whole(
  client: OpenAI,
  request: Request,
  profile: ModelProfile,
  attempt: Attempt,
  started: number,
): Promise<ModelReply> {
  const { data, response } = await client.chat.completions.create(request, { signal: attempt.signal }).withResponse();
  const body: unknown = data;
  if (attempt.signal.aborted) throw new Error('aborted');
  // A web page or proxy answer comes back as a string (the client only parses JSON bodies).
  const completion = readChatCompletion(body);
  if (completion === null && isJsonObject(body) && body.error !== undefined)
    throw errorInReply({ error: body.error }, profile, response.headers);
  if (completion === null) {
    const preview = (typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body)))
      .replace(/\s+/g, ' ')
      .slice(0, 60);
    throw new ModelCallError(
      `${profile.model} at ${profile.baseUrl} answered with something that is not JSON chat completion ("${preview}"): check that the base URL is the API root (often ending in /v1).`,
      CONFIGURATION,
    );
  }
  const { choices, usage, model } = completion;
  const message = choices[0]?.message;
  const finish = choices[0]?.finish_reason;
  const reasoning = reasoningTextOf(message);
  // A reasoning model that spent its whole limit thinking (or said nothing after thinking) has no
  // content: that is an empty answer, not a failed call; the finish reason and reasoning say why.
  const content = message?.content ?? (finish === 'length' || reasoning !== '' ? '' : undefined);
  if (typeof content !== 'string')
    throw new ModelCallError(`${profile.model} returned no message content.`, { kind: 'reply' });
  if (content.length + reasoning.length > MAX_REPLY_CHARS) throw tooLarge(profile);
  const split = withThinkSplit(content, reasoning);
  return {
    text: split.text,
    promptTokens: usage?.prompt_tokens ?? null,
    completionTokens: usage?.completion_tokens ?? null,
    latencyMs: Date.now() - started,
    cached: false,
    finishReason: typeof finish === 'string' ? finish : null,
    servedModel: typeof model === 'string' && model ? model : null,
    ...replyExtras(split.reasoning, usageDetailsOf(usage)),
    request: sentOf(request),
    ...notesOf((body as { usage?: unknown }).usage),
  };
}

/**
 * How long to wait before the next try: the server's Retry-After (spread a little), else the
 * backoff with jitter. Throws at once when the server asks for more than Waypoint will wait or the
 * wait would outlast the call's deadline.
 */
function waitBeforeRetry(
  error: unknown,
  failure: Failure,
  tries: number,
  profile: ModelProfile,
  deadline: Deadline,
  random: () => number,
  advice: KeyAdvice,
): number {
  const timeout = settingName(advice, 'timeoutMs');
  const asked = error instanceof OpenAI.APIError ? requestedWaitMs(error.headers) : undefined;
  const where = `${profile.model ?? '?'} at ${profile.baseUrl ?? '?'}`;
  const status = failure.status === undefined ? '' : ` (HTTP ${failure.status})`;
  if (asked !== undefined && asked > MAX_RETRY_WAIT_MS)
    throw new ModelCallError(
      `${where} asked to retry after ${seconds(asked)}${status}, more than the ${seconds(MAX_RETRY_WAIT_MS)} Waypoint waits; try again later.`,
      failure,
    );
  const wait =
    asked === undefined ? backoffWithJitterMs(tries, random, failure.kind) : spreadRequestedWaitMs(asked, random);
  if (wait >= deadline.remainingMs()) {
    if (failure.kind === 'loading')
      throw new ModelCallError(
        `${where} was still loading its model (HTTP 503 "Loading model") when ${timeout} (${seconds(profile.timeoutMs)}) ran out: wait until the server is ready.`,
        failure,
      );
    // The wait the server asked for, not its spread: that is the number the user can compare.
    if (asked !== undefined)
      throw new ModelCallError(
        `${where} asked to retry after ${seconds(asked)}${status}, but only ${seconds(deadline.remainingMs())} of ${timeout} (${seconds(profile.timeoutMs)}) remain.`,
        failure,
      );
    // No Retry-After: the wait is Waypoint's own backoff, not something the server asked for.
    throw new ModelCallError(
      `${where} failed${status}, and the next retry (in ${seconds(wait)}) would outlast ${timeout} (${seconds(profile.timeoutMs)}; ${seconds(deadline.remainingMs())} remain).`,
      failure,
    );
  }
  return wait;
}

export class OpenAiCompatibleSource implements ReplySource {
  /** `keyAdvice` is the host's sentence on how to set a key (the editor's command, the CLI's --api-key-env); `random` spreads retries (tests pass a seeded one). */
  constructor(
    private readonly apiKeyFor: (profile: ModelProfile) => Promise<string | undefined>,
    private readonly keyAdvice: KeyAdvice = GENERIC_KEY_ADVICE,
    private readonly random: () => number = Math.random,
  ) {}

  /** The model list of each server this source asked, by base URL: an episode's turns ask it once. */
  private readonly listings = new Map<string, Promise<ServerModelProbe>>();

  serverModel(profile: ModelProfile, signal: AbortSignal): Promise<ServerModelProbe> {
    const server = baseUrlIdentity(profile.baseUrl) ?? '';
    let listing = this.listings.get(server);
    if (!listing) {
      listing = this.apiKeyFor(profile).then((key) => {
        rememberSecret(key);
        return probeServerModel(profile, key, signal);
      });
      // A cancelled look is not an answer to keep.
      listing.catch(() => this.listings.delete(server));
      this.listings.set(server, listing);
    }
    return listing;
  }

  async reply(
    messages: readonly ChatMessage[],
    profile: ModelProfile,
    _question: unknown,
    signal: AbortSignal,
    gate?: AttemptGate,
  ): Promise<ModelReply> {
    if (!profile.baseUrl || !profile.model)
      throw new ModelCallError(`the profile needs "baseUrl" and "model" (setting waypoint.models).`, CONFIGURATION);
    const key = await this.apiKeyFor(profile);
    rememberSecret(key);
    // A key written into the base URL is quoted back by fetch's and servers' errors like any other.
    rememberUrlSecrets(profile.baseUrl);
    const request: Request = {
      model: profile.model,
      messages: messages.map((message) => ({ role: message.role, content: message.content })),
      temperature: profile.temperature,
      ...sentParameters(profile),
      ...(profile.seed === undefined ? {} : { seed: profile.seed }),
    };
    const baseURL = normaliseBaseUrl(profile.baseUrl);
    const started = Date.now();
    // timeoutMs bounds the whole call: every attempt, its body or stream, and the waits between;
    // not the wait for the run's turn (the gate), which is no part of the server's time.
    const deadline = new Deadline(profile.timeoutMs, signal);
    const budget = new RetryBudget(profile.retries);
    try {
      for (;;) {
        const outcome = await this.attempt(request, profile, key, { baseURL, deadline, started, gate });
        if ('reply' in outcome) return outcome.reply;
        const { error, failure, attempt, ticket } = outcome;
        if (deadline.timedOut || attempt.watch.tooLarge || !budget.allows(failure, ticket?.overlapped ?? false))
          throw new ModelCallError(describeFailure(error, profile, attempt), failure);
        const wait = waitBeforeRetry(
          error,
          failure,
          budget.backoffExponent(failure),
          profile,
          deadline,
          this.random,
          this.keyAdvice,
        );
        await abortableSleep(wait, deadline.signal).catch(() => {
          throw deadline.cancelled
            ? new ModelCallCancelled()
            : new ModelCallError(describeFailure(error, profile, attempt), failure);
        });
      }
    } catch (error) {
      if (error instanceof ModelCallCancelled) throw error;
      // Servers quote keys back in error bodies and stream events: never let one through.
      const failure = error instanceof ModelCallError ? error.failure : undefined;
      throw new ModelCallError(redactSecrets(error instanceof Error ? error.message : String(error), [key]), failure);
    } finally {
      deadline.dispose();
    }
  }

  /**
   * One attempt of the request, after the run's turn (`gate`): the reply, or the failure to weigh
   * for a retry. Throws ModelCallCancelled when the call is cancelled.
   */
  private async attempt(
    request: Request,
    profile: ModelProfile,
    key: string | undefined,
    call: { baseURL: string; deadline: Deadline; started: number; gate: AttemptGate | undefined },
  ): Promise<
    { reply: ModelReply } | { error: unknown; failure: Failure; attempt: Attempt; ticket: AttemptTicket | undefined }
  > {
    const { baseURL, deadline, started, gate } = call;
    const ticket = gate ? await this.enter(gate, deadline) : undefined;
    // Each attempt has its own signal: the client leaves a listener on the signal it is given,
    // and a call that waits out a loading server makes dozens of attempts.
    const attemptAbort = new AbortController();
    const forward = () => attemptAbort.abort();
    deadline.signal.addEventListener('abort', forward, { once: true });
    if (deadline.signal.aborted) attemptAbort.abort();
    const attempt: Attempt = {
      deadline,
      signal: attemptAbort.signal,
      watch: { tooLarge: false, sawDone: false },
      key: { sent: isKeySet(key), advice: this.keyAdvice },
    };
    // Local servers (Ollama, llama.cpp) take any key; the client library insists on one. Its
    // logger is off: it prints raw server data (which may quote the key) to the console.
    const client = new OpenAI({
      apiKey: isKeySet(key) ? key.trim() : 'no-key',
      baseURL,
      timeout: profile.timeoutMs + 1000,
      maxRetries: 0,
      fetch: guardedFetch(attempt.watch),
      logLevel: 'off',
    });
    try {
      const reply = await (profile.stream
        ? streamed(client, request, profile, attempt, started)
        : whole(client, request, profile, attempt, started));
      ticket?.leave(null);
      return { reply };
    } catch (caught) {
      if (deadline.cancelled) {
        ticket?.leave('cancelled');
        throw new ModelCallCancelled();
      }
      const failure = failureOf(caught, attempt);
      ticket?.leave(failure);
      return { error: caught, failure, attempt, ticket };
    } finally {
      deadline.signal.removeEventListener('abort', forward);
    }
  }

  /** Waits for the run's turn with the deadline's clock stopped. */
  private enter(gate: AttemptGate, deadline: Deadline): Promise<AttemptTicket> {
    return deadline
      .paused(() => gate.enter(deadline.signal))
      .catch(() => {
        throw new ModelCallCancelled();
      });
  }
}
