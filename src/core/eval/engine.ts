// One model call as the engine makes it: cache lookup keyed by everything that determines the
// reply, then the source (a built-in agent or an HTTP provider), then the cache write. Storage
// and the network are injected, so the same code runs in the extension, the CLI and tests.
import { sha256Hex } from '../util/sha256';
import { baseUrlIdentity } from './baseUrl';
import { costWithSource } from './cost';
import type { AttemptGate, Failure } from './failures';
import { layoutMessages } from './messageLayout';
import { withoutUrlCredentials } from './redact';
import { withThinkSplit } from './replyFields';
import type { ChatMessage, ModelProfile, ModelReply, QuestionBase, RunRecord, ServerModelProbe } from './types';

/** A model call that failed; the message is one sentence for the user, without any key. `failure` says what kind of failure it was, when known. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly failure?: Failure,
  ) {
    super(message);
  }
}

/** The call was cancelled by the caller: not a failure to show, and never a reply to cache or record. */
export class ModelCallCancelled extends ModelCallError {
  constructor() {
    super('cancelled');
  }
}

export interface ReplySource {
  /** `gate`: a batch run's concurrency control, entered before every attempt (sources that make no HTTP requests ignore it). */
  reply(
    messages: readonly ChatMessage[],
    profile: ModelProfile,
    question: QuestionBase,
    signal: AbortSignal,
    gate?: AttemptGate,
  ): Promise<ModelReply>;
  /** What the profile's server lists as its models (servedModel.ts); sources without a server have none. */
  serverModel?(profile: ModelProfile, signal: AbortSignal): Promise<ServerModelProbe>;
}

export interface ResponseCache {
  get(key: string): Promise<ModelReply | undefined>;
  set(key: string, reply: ModelReply): Promise<void>;
}

/**
 * The cache key: a hash of the provider, the server (its normalised base URL and the model it
 * serves, `serverModel`), the requested model, sampling parameters and messages.
 */
export function cacheKey(profile: ModelProfile, messages: readonly ChatMessage[], question: QuestionBase): string {
  const identity = {
    provider: profile.provider,
    baseUrl: baseUrlIdentity(profile.baseUrl),
    serverModel: profile.serverModel ?? null,
    model: profile.model ?? null,
    temperature: profile.temperature,
    maxTokens: profile.maxTokens,
    seed: profile.seed ?? null,
    // Only when set, so the keys of profiles without them (and the replies cached under those) stay as they were.
    ...(profile.maxCompletionTokens !== undefined ? { maxCompletionTokens: profile.maxCompletionTokens } : {}),
    ...(profile.reasoningEffort !== undefined ? { reasoningEffort: profile.reasoningEffort } : {}),
    // Offline agents answer from the question, not the text; the id keeps their entries apart.
    question: profile.provider === 'openai-compatible' ? null : question.sampleId,
    messages,
  };
  return sha256Hex(JSON.stringify(identity));
}

/**
 * `profile` with its server's model filled in (`serverModel`), as the cache and resume keys read
 * it, and what the model list said. Profiles without a server (built-in agents), sources that
 * cannot list models, and profiles already resolved come back as they are.
 */
export async function resolveServerModel(
  profile: ModelProfile,
  source: ReplySource | undefined,
  signal: AbortSignal,
): Promise<{ profile: ModelProfile; probe: ServerModelProbe | null }> {
  if (profile.provider !== 'openai-compatible' || profile.serverModel !== undefined || !source?.serverModel)
    return { profile, probe: null };
  const probe = await source.serverModel(profile, signal);
  return { profile: { ...profile, serverModel: probe.serverModel }, probe };
}

/**
 * Asks the model (or the cache) with the messages laid out as the profile says (messageLayout); a
 * cache hit comes back with `cached: true`. Only a complete reply
 * is cached: a source that returns after the caller cancelled (a stream cut short, an agent that
 * ignores the signal) gets ModelCallCancelled instead, so a partial text can never be served later.
 */
export async function askModel(
  source: ReplySource,
  cache: ResponseCache | null,
  asked: ModelProfile,
  messages: readonly ChatMessage[],
  question: QuestionBase,
  signal: AbortSignal,
): Promise<ModelReply> {
  // A host that did not ask the server for its model yet (a single question, an episode) asks now:
  // without it the key would match an answer of whatever model the server served before. Also
  // without a cache here: the source may keep one of its own (the editor's episodes do).
  const { profile } = await resolveServerModel(asked, source, signal);
  // Keyed by what is sent: a folded chat is another request than the benchmark's own layout.
  const sent = layoutMessages(messages, profile.messageLayout);
  const key = cacheKey(profile, sent, question);
  const hit = await cache?.get(key);
  if (hit) return { ...thinkSplitOf(hit), cached: true, latencyMs: 0 };
  const reply = await source.reply(sent, profile, question, signal);
  if (signal.aborted) throw new ModelCallCancelled();
  if (isCacheable(profile, reply)) await cache?.set(key, { ...reply, cached: false });
  return reply;
}

/** A reply cached before `<think>` thoughts were split from the content: split now, so its thought is never parsed as the answer. */
function thinkSplitOf(reply: ModelReply): ModelReply {
  const split = withThinkSplit(reply.text, reply.reasoning ?? '');
  if (split.text === reply.text) return reply;
  return { ...reply, text: split.text, ...(split.reasoning !== '' ? { reasoning: split.reasoning } : {}) };
}

/**
 * Whether `reply` may be cached under `profile`'s key: not when the server says another model
 * answered than the one it listed when the run started (restarted with another model mid-run). A
 * reply that names the requested model tells nothing: some servers echo the request.
 */
export function isCacheable(profile: ModelProfile, reply: ModelReply): boolean {
  const served = reply.servedModel;
  return !(
    typeof profile.serverModel === 'string' &&
    typeof served === 'string' &&
    served !== profile.serverModel &&
    served !== profile.model
  );
}

/**
 * The run record of one answered and scored question, stamped now. What the server said about
 * the reply is kept as it said it: `finish_reason` (a reply cut by "length" is also flagged
 * `truncated`, since its answer may be incomplete) and `served_model`, the model it actually ran
 * (llama-server ignores the requested name). Reasoning text and token details are kept beside the
 * answer, with the cost's source and the token limit and effort as sent.
 */
/** The profile as a record keeps it: a base URL's own credentials (`user:pass@`, `?api-key=`) as `***`; the same object when it has none. */
function recordedModel(model: ModelProfile): ModelProfile {
  const baseUrl = model.baseUrl === undefined ? undefined : withoutUrlCredentials(model.baseUrl);
  return baseUrl === model.baseUrl ? model : { ...model, baseUrl };
}

export function runRecordOf<Q extends QuestionBase>(
  run: Pick<RunRecord<Q>, 'question' | 'model' | 'messages' | 'parsedAnswer' | 'scores' | 'mode'>,
  reply: ModelReply,
): RunRecord<Q> {
  const cost = costWithSource(run.model, reply);
  return {
    time: new Date().toISOString(),
    question: run.question,
    model: recordedModel(run.model),
    messages: run.messages,
    rawAnswer: reply.text,
    parsedAnswer: run.parsedAnswer,
    scores: run.scores,
    mode: run.mode,
    promptTokens: reply.promptTokens,
    completionTokens: reply.completionTokens,
    latencyMs: reply.latencyMs,
    cached: reply.cached,
    costUsd: cost?.usd ?? null,
    ...(reply.finishReason !== undefined ? { finish_reason: reply.finishReason } : {}),
    ...(reply.servedModel ? { served_model: reply.servedModel } : {}),
    ...(reply.finishReason === 'length' ? { truncated: true } : {}),
    ...(reply.reasoning !== undefined ? { reasoning: reply.reasoning } : {}),
    ...(reply.reasoningTokens !== undefined ? { reasoning_tokens: reply.reasoningTokens } : {}),
    ...(reply.cachedTokens !== undefined ? { cached_tokens: reply.cachedTokens } : {}),
    ...(cost ? { cost_source: cost.source } : {}),
    ...(reply.request ? { request: { ...reply.request } } : {}),
    ...(reply.usageNotes?.length ? { usage_notes: [...reply.usageNotes] } : {}),
  };
}
