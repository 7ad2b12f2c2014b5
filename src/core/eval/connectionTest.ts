// "Does this profile work?" asked once, the same way by the editor's Test Connection and by
// `waypoint models test`: the model list (`GET /models`), then one chat request of one token. The
// answer is a verdict a person can act on (no key set, key refused, not reachable, wrong URL path,
// model still loading, …), the model the server actually serves and the round trip. Beside them,
// what the server tells about itself (serverFacts.ts): the context one request may use (llama-server
// `/props`, vLLM and OpenRouter model lists) and whether it counts prompt tokens itself. Each request
// is recorded as a step.
import * as z from 'zod/mini';
import { parseJsonWith } from '../util/schema/parse';
import { isKeySet, type KeyAdvice, keyRefusalMessage, settingName } from './apiKeyMessages';
import { chatCompletionSchema } from './chatCompletion';
import { ModelCallCancelled } from './engine';
import { connectionReason, normaliseBaseUrl } from './openaiProvider';
import { shortened } from './openaiFailures';
import { redactSecrets, withoutUrlCredentials } from './redact';
import { usageDetailsOf } from './replyFields';
import {
  contextFromModelList,
  contextFromProps,
  countingLabel,
  type JsonPost,
  probeTokenCounting,
  serverRoot,
  type TokenCounting,
} from './serverFacts';
import { Deadline, guardedFetch } from './requestGuards';
import type { ModelProfile } from './types';

export type ConnectionVerdict =
  | 'ok'
  | 'no-key'
  | 'key-refused'
  | 'not-reachable'
  | 'wrong-path'
  | 'model-not-found'
  | 'loading'
  | 'rate-limited'
  | 'timeout'
  | 'server-error'
  | 'bad-reply'
  | 'not-configured';

/** One request the test made. */
export interface ConnectionStep {
  name: 'models' | 'props' | 'chat' | 'apply-template' | 'tokenize';
  url: string;
  /** HTTP status, or null when no response came (refused, timed out). */
  status: number | null;
  ms: number;
}

export interface ConnectionReport {
  ok: boolean;
  verdict: ConnectionVerdict;
  /** One line for a person, without the profile id (the host prefixes it) and without any key. */
  message: string;
  profileId: string;
  /** The API root the requests went to (`normaliseBaseUrl` of the profile's). */
  baseUrl: string;
  /** The model the profile asks for. */
  model: string;
  /** The model that answered: the reply's `model`, else the only one `/models` lists; null when unknown. */
  servedModel: string | null;
  /** The ids `/models` lists; null when the server has no such list or it could not be read. */
  listedModels: string[] | null;
  /** Round trip of the chat request; null when it was not made or got no response. */
  latencyMs: number | null;
  keySent: boolean;
  /** HTTP status of the request the verdict rests on; null when there was no response. */
  status: number | null;
  steps: ConnectionStep[];
  /** Tokens one request may use, where the server tells it (llama-server `/props`, vLLM `max_model_len`, OpenRouter `context_length`); else null. */
  contextTokens: number | null;
  /** Where contextTokens was read (`/props default_generation_settings.n_ctx`, `/v1/models max_model_len`, `/v1/models context_length`); null with it. */
  contextSource: string | null;
  /** The model's training context (llama-server's `/v1/models` `meta.n_ctx_train`); null when not told. */
  trainContextTokens: number | null;
  /** Parallel slots sharing the server's context (llama-server's `/props` `total_slots`); null when not told. */
  slots: number | null;
  /** How the server counts prompt tokens exactly (`llama-server`: /apply-template + /tokenize; `vllm`: /tokenize); null when it does not (estimates use cl100k). */
  tokenCounting: TokenCounting | null;
  /** The test prompt's tokens by the server's count; null without counting. */
  testPromptTokens: number | null;
  /** The tokens the one-token request was billed for, as its reply's `usage` says; null when it says nothing or no reply came. */
  /** The test reply's usage; `providerCostUsd` when the provider priced it itself (OpenRouter's `usage.cost`), which wins over the profile's prices as for a record. */
  testUsage: { promptTokens: number; completionTokens: number; providerCostUsd?: number } | null;
}

interface ConnectionTestOptions {
  /** The host's sentence on how to set a key (the editor's command, the CLI's --api-key-env). */
  keyAdvice: KeyAdvice;
  signal?: AbortSignal;
}

/** What one request brought back: a response (body read as text) or the reason there was none. */
type Outcome =
  | { kind: 'response'; status: number; contentType: string; body: string; ms: number }
  | { kind: 'no-response'; reason: string; timedOut: boolean; ms: number };

const CHAT_PROMPT = 'Reply with OK.';

// What the test reads of a server's bodies; anything else in them is ignored.
const errorBody = z.object({
  error: z.optional(z.union([z.string(), z.object({ message: z.optional(z.string()) })])),
  message: z.optional(z.string()),
});
const modelList = z.object({ data: z.array(z.object({ id: z.string() })) });

/** A server's error text in one short line, its cause (the last line) kept (the `error.message` of an OpenAI-style body when there is one). */
function serverReason(body: string): string {
  const parsed = parseJsonWith(body, errorBody);
  const fromJson = parsed.ok
    ? typeof parsed.value.error === 'string'
      ? parsed.value.error
      : (parsed.value.error?.message ?? parsed.value.message)
    : undefined;
  return shortened(fromJson ?? body);
}

/** The ids of an OpenAI-style model list (`{"data":[{"id":…}]}`), or null when the body is not one. */
function listedIds(body: string): string[] | null {
  const parsed = parseJsonWith(body, modelList);
  return parsed.ok ? parsed.value.data.map((entry) => entry.id) : null;
}

/** A chat completion's served model and usage, or undefined when the body is not a chat completion. */
function chatReply(body: string): { model: string | null; usage: ConnectionReport['testUsage'] } | undefined {
  const parsed = parseJsonWith(body, chatCompletionSchema);
  if (!parsed.ok) return undefined;
  const usage = parsed.value.usage;
  if (!usage || typeof usage.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number')
    return { model: parsed.value.model ? parsed.value.model : null, usage: null };
  const providerCost = usageDetailsOf(usage).costUsd;
  return {
    model: parsed.value.model ? parsed.value.model : null,
    usage: {
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
      ...(providerCost !== null ? { providerCostUsd: providerCost } : {}),
    },
  };
}

const looksLikeWebPage = (outcome: Outcome) =>
  outcome.kind === 'response' && (/html/i.test(outcome.contentType) || /^\s*</.test(outcome.body));

async function request(url: string, init: RequestInit, deadline: Deadline): Promise<Outcome> {
  const started = Date.now();
  try {
    const response = await guardedFetch({ tooLarge: false, sawDone: false })(url, { ...init, signal: deadline.signal });
    const body = await response.text();
    return {
      kind: 'response',
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body,
      ms: Date.now() - started,
    };
  } catch (error) {
    if (deadline.cancelled) throw new ModelCallCancelled();
    return {
      kind: 'no-response',
      reason: error instanceof Error ? connectionReason(error) : String(error),
      timedOut: deadline.timedOut,
      ms: Date.now() - started,
    };
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Tests `profile` against its server with `apiKey` (undefined or blank: none is sent): lists the
 * models, then asks for one token. Never throws for a server's failure (that is the verdict);
 * throws ModelCallCancelled when `signal` aborts.
 */
export async function testConnection(
  profile: ModelProfile,
  apiKey: string | undefined,
  options: ConnectionTestOptions,
): Promise<ConnectionReport> {
  const base = emptyReport(profile, apiKey);
  const report = reportOf(base, apiKey);
  if (!profile.baseUrl || !profile.model)
    return report(
      'not-configured',
      `the profile has no ${profile.baseUrl ? '"model"' : '"baseUrl"'}: add it to the waypoint.models entry (or the --profile file).`,
      null,
    );
  const urlIssue = baseUrlIssue(profile.baseUrl);
  if (urlIssue) return report(urlIssue.verdict, urlIssue.message, null);

  const headers = requestHeaders(apiKey);
  const deadline = new Deadline(profile.timeoutMs, options.signal ?? new AbortController().signal);
  const where = base.baseUrl;
  const unreachable = (outcome: NoResponse) => unreachableReport(outcome, where, profile, options.keyAdvice, report);
  try {
    const listing = await requestModelList(where, headers, deadline, base.steps);
    if (listing.kind === 'no-response') return unreachable(listing);
    if (listing.status === 503)
      return report(
        'loading',
        `the server is up but not ready (HTTP 503: ${serverReason(listing.body) || 'unavailable'}): a model that is still loading answers so; try again in a moment.`,
        503,
      );
    if (listing.status === 200) {
      base.listedModels = listedIds(listing.body);
      if (base.listedModels?.length === 1) base.servedModel = base.listedModels[0];
    }

    const props = await readProps(where, headers, deadline, base.steps);

    const chat = await requestOneToken(where, headers, profile, deadline, base.steps);
    if (chat.kind === 'no-response') return unreachable(chat);
    base.latencyMs = chat.ms;
    const result = verdictOfChat(chat, listing, profile, options.keyAdvice, report);
    if (!result.ok) return result;
    Object.assign(
      result,
      await contextAndCounting(listing, props, [result.servedModel, profile.model], profile.model, {
        where,
        headers,
        deadline,
        steps: result.steps,
      }),
    );
    result.message = `${result.message} ${factsSentence(result)}`;
    return result;
  } finally {
    deadline.dispose();
  }
}

type NoResponse = Extract<Outcome, { kind: 'no-response' }>;

/** Reports with `base`'s facts as they stand when called (no key in the message). */
function reportOf(
  base: Omit<ConnectionReport, 'ok' | 'verdict' | 'message' | 'status'>,
  apiKey: string | undefined,
): Report {
  return (verdict, message, status) => ({
    ...base,
    ok: verdict === 'ok',
    verdict,
    message: redactSecrets(message, [apiKey]),
    status,
  });
}

/** The report before any request: the profile's names, nothing learnt yet. */
function emptyReport(
  profile: ModelProfile,
  apiKey: string | undefined,
): Omit<ConnectionReport, 'ok' | 'verdict' | 'message' | 'status'> {
  return {
    profileId: profile.id,
    // Shown and logged: a URL's own credentials never are (such a URL is refused before any request).
    baseUrl: profile.baseUrl ? withoutUrlCredentials(normaliseBaseUrl(profile.baseUrl)) : '',
    model: profile.model ?? '',
    servedModel: null,
    listedModels: null,
    latencyMs: null,
    keySent: isKeySet(apiKey),
    steps: [],
    contextTokens: null,
    contextSource: null,
    trainContextTokens: null,
    slots: null,
    tokenCounting: null,
    testPromptTokens: null,
    testUsage: null,
  };
}

/**
 * The headers of every request; the key trimmed as the provider trims it (a key pasted with its line break is still the
 * key).
 */
function requestHeaders(apiKey: string | undefined): Record<string, string> {
  return {
    accept: 'application/json',
    ...(isKeySet(apiKey) ? { authorization: `Bearer ${apiKey.trim()}` } : {}),
  };
}

/** No response: the deadline passed, or the server could not be reached at all. */
function unreachableReport(
  outcome: NoResponse,
  where: string,
  profile: ModelProfile,
  advice: KeyAdvice,
  report: Report,
): ConnectionReport {
  return outcome.timedOut
    ? report(
        'timeout',
        `no answer from ${where} within ${seconds(profile.timeoutMs)} (${settingName(advice, 'timeoutMs')}).`,
        null,
      )
    : report(
        'not-reachable',
        `not reachable: ${where} (${outcome.reason}). Check that the server is running and the host and port of the base URL.`,
        null,
      );
}

/** `GET /models`, recorded as a step. */
async function requestModelList(
  where: string,
  headers: Record<string, string>,
  deadline: Deadline,
  steps: ConnectionStep[],
): Promise<Outcome> {
  const modelsUrl = `${where}/models`;
  const listing = await request(modelsUrl, { method: 'GET', headers }, deadline);
  steps.push({
    name: 'models',
    url: modelsUrl,
    status: listing.kind === 'response' ? listing.status : null,
    ms: listing.ms,
  });
  return listing;
}

/** The chat request of one token, recorded as a step. */
async function requestOneToken(
  where: string,
  headers: Record<string, string>,
  profile: ModelProfile,
  deadline: Deadline,
  steps: ConnectionStep[],
): Promise<Outcome> {
  const chatUrl = `${where}/chat/completions`;
  // The run's own parameter names and temperature: a reasoning model refuses `max_tokens` and a temperature other than
  // 1.
  const limit = profile.maxCompletionTokens !== undefined ? { max_completion_tokens: 1 } : { max_tokens: 1 };
  const effort = profile.reasoningEffort !== undefined ? { reasoning_effort: profile.reasoningEffort } : {};
  const body = JSON.stringify({
    model: profile.model ?? '',
    messages: [{ role: 'user', content: CHAT_PROMPT }],
    ...limit,
    ...effort,
    temperature: profile.temperature,
    stream: false,
  });
  const chat = await request(
    chatUrl,
    { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body },
    deadline,
  );
  steps.push({ name: 'chat', url: chatUrl, status: chat.kind === 'response' ? chat.status : null, ms: chat.ms });
  return chat;
}

/** The facts a server tells about itself, without asking the model anything (a dry run). */
export type ServerFacts = Pick<
  ConnectionReport,
  | 'baseUrl'
  | 'servedModel'
  | 'contextTokens'
  | 'contextSource'
  | 'trainContextTokens'
  | 'slots'
  | 'tokenCounting'
  | 'testPromptTokens'
  | 'steps'
>;

/**
 * What the server of `profile` tells about itself — the model it lists, its context, whether it
 * counts prompt tokens — by reading `/models` and `/props` and one count of a test prompt; no chat
 * request is made. Null when the server did not answer the model list (not running, loading, a
 * wrong path, a refused key). Throws ModelCallCancelled when `signal` aborts.
 */
export async function readServerFacts(
  profile: ModelProfile,
  apiKey: string | undefined,
  signal?: AbortSignal,
): Promise<ServerFacts | null> {
  if (!profile.baseUrl || !profile.model || baseUrlIssue(profile.baseUrl)) return null;
  const where = normaliseBaseUrl(profile.baseUrl);
  const headers = requestHeaders(apiKey);
  const deadline = new Deadline(profile.timeoutMs, signal ?? new AbortController().signal);
  const steps: ConnectionStep[] = [];
  try {
    const listing = await requestModelList(where, headers, deadline, steps);
    if (listing.kind === 'no-response' || listing.status !== 200) return null;
    const listed = listedIds(listing.body);
    const servedModel = listed?.length === 1 ? listed[0] : null;
    const props = await readProps(where, headers, deadline, steps);
    const facts = await contextAndCounting(listing, props, [servedModel, profile.model], profile.model, {
      where,
      headers,
      deadline,
      steps,
    });
    return { baseUrl: where, servedModel, ...facts, steps };
  } finally {
    deadline.dispose();
  }
}

interface FactRequests {
  where: string;
  headers: Record<string, string>;
  deadline: Deadline;
  steps: ConnectionStep[];
}

/** llama-server's `/props`, which sits beside /v1 (other servers answer 404: they only do not tell). */
async function readProps(
  where: string,
  headers: Record<string, string>,
  deadline: Deadline,
  steps: ConnectionStep[],
): Promise<Outcome> {
  const propsUrl = `${serverRoot(where)}/props`;
  const props = await request(propsUrl, { method: 'GET', headers }, deadline);
  steps.push({ name: 'props', url: propsUrl, status: props.kind === 'response' ? props.status : null, ms: props.ms });
  return props;
}

/** The context (from /props, else the model list's entry for `ids`) and the server's way of counting prompt tokens, tried on the test prompt. */
async function contextAndCounting(
  listing: Outcome,
  props: Outcome,
  ids: ReadonlyArray<string | null>,
  model: string,
  requests: FactRequests,
): Promise<
  Pick<
    ConnectionReport,
    'contextTokens' | 'contextSource' | 'trainContextTokens' | 'slots' | 'tokenCounting' | 'testPromptTokens'
  >
> {
  const slotFacts = props.kind === 'response' && props.status === 200 ? contextFromProps(props.body) : null;
  const listed = listing.kind === 'response' && listing.status === 200 ? contextFromModelList(listing.body, ids) : null;
  const context = slotFacts?.contextTokens
    ? { contextTokens: slotFacts.contextTokens, contextSource: '/props default_generation_settings.n_ctx' }
    : { contextTokens: listed?.contextTokens ?? null, contextSource: listed?.contextSource ?? null };
  const { where, headers, deadline, steps } = requests;
  const post: JsonPost = async (url, json) => {
    const answer = await request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(json) },
      deadline,
    );
    steps.push({
      name: url.endsWith('/apply-template') ? 'apply-template' : 'tokenize',
      url,
      status: answer.kind === 'response' ? answer.status : null,
      ms: answer.ms,
    });
    return answer.kind === 'no-response' ? null : { status: answer.status, text: answer.body };
  };
  const counted = await probeTokenCounting(post, serverRoot(where), model, [{ role: 'user', content: CHAT_PROMPT }]);
  return {
    ...context,
    slots: slotFacts?.slots ?? null,
    trainContextTokens: listed?.trainContextTokens ?? null,
    tokenCounting: counted?.counting ?? null,
    testPromptTokens: counted?.tokens ?? null,
  };
}

/** What the server told about its context and counting, in one sentence (the same facts `waypoint run` prints before it asks). */
export function factsSentence(
  report: Pick<ConnectionReport, 'contextTokens' | 'contextSource' | 'slots' | 'tokenCounting'>,
): string {
  const shared = report.slots !== null && report.slots > 1 ? `, shared by ${report.slots} slots` : '';
  const context =
    report.contextTokens === null
      ? 'The server does not tell its context length'
      : `Context: ${report.contextTokens} tokens a request (${report.contextSource}${shared})`;
  const counting =
    report.tokenCounting === null
      ? 'prompt tokens are estimated with cl100k (the server does not count them)'
      : `prompt tokens are ${countingLabel(report.tokenCounting)}`;
  return `${context}; ${counting}.`;
}

type Report = (verdict: ConnectionVerdict, message: string, status: number | null) => ConnectionReport;

/** The verdict the chat request's HTTP status (and body) gives. */
function verdictOfChat(
  chat: Extract<Outcome, { kind: 'response' }>,
  listing: Extract<Outcome, { kind: 'response' }>,
  profile: ModelProfile,
  advice: KeyAdvice,
  report: Report,
): ConnectionReport {
  const draft = report('ok', '', chat.status);
  const where = draft.baseUrl;
  const status = chat.status;
  const reason = serverReason(chat.body);
  if (status === 200) return verdictOfHttpOk(chat, profile, report);
  if (status === 401 || status === 403)
    return report(
      draft.keySent ? 'key-refused' : 'no-key',
      keyRefusalMessage(`the server at ${where}`, status, profile, draft.keySent, advice, reason),
      status,
    );
  if (status === 404) {
    const listed = draft.listedModels;
    // A server that lists its models but not this one: the path is right, the model name is not.
    if (listed !== null && listing.status === 200) {
      const known =
        listed.length > 0 ? ` It serves: ${listed.slice(0, 8).join(', ')}${listed.length > 8 ? ', …' : ''}.` : '';
      return report(
        'model-not-found',
        `the server has no model '${profile.model}' (HTTP 404${reason ? `: ${reason}` : ''}).${known}`,
        status,
      );
    }
    return report(
      'wrong-path',
      `wrong URL path: ${where}/chat/completions does not exist (HTTP 404). The base URL should be the API root, often ending in /v1 (e.g. http://127.0.0.1:8080/v1).`,
      status,
    );
  }
  if (status === 503)
    return report(
      'loading',
      `the server is up but not ready (HTTP 503: ${reason || 'unavailable'}): a model that is still loading answers so; try again in a moment.`,
      status,
    );
  if (status === 429)
    return report(
      'rate-limited',
      `the server is rate limiting (HTTP 429${reason ? `: ${reason}` : ''}); try again later.`,
      status,
    );
  if (status >= 500)
    return report('server-error', `the server failed (HTTP ${status}${reason ? `: ${reason}` : ''}).`, status);
  return report(
    'bad-reply',
    `the server refused the test request (HTTP ${status}${reason ? `: ${reason}` : ''}).`,
    status,
  );
}

/** The chat request answered HTTP 200: ok when the body is a chat completion (its model and usage kept). */
function verdictOfHttpOk(
  chat: Extract<Outcome, { kind: 'response' }>,
  profile: ModelProfile,
  report: Report,
): ConnectionReport {
  const draft = report('ok', '', chat.status);
  const where = draft.baseUrl;
  const reply = chatReply(chat.body);
  if (!reply) {
    if (looksLikeWebPage(chat))
      return report(
        'wrong-path',
        `wrong URL path: ${where}/chat/completions answered with a web page, not the API. The base URL should be the API root, often ending in /v1 (e.g. http://127.0.0.1:8080/v1).`,
        chat.status,
      );
    return report(
      'bad-reply',
      `${where}/chat/completions answered HTTP 200 but not with a chat completion ("${serverReason(chat.body).slice(0, 60)}").`,
      chat.status,
    );
  }
  const served = reply.model ?? draft.servedModel;
  const result = report('ok', '', chat.status);
  result.servedModel = served;
  result.testUsage = reply.usage;
  const renamed = served !== null && served !== profile.model ? ` (asked for '${profile.model}')` : '';
  const keyNote = result.keySent ? '' : ', without an API key';
  // The latency and the served model first: a toast shows one line.
  result.message = `OK in ${chat.ms} ms: ${served === null ? `'${profile.model}'` : `'${served}'`} answered${renamed}${keyNote}.`;
  return result;
}

/** Why `text` cannot be a profile's base URL (an endpoint's URL is a wrong path; anything else is not configured), or null. */
function baseUrlIssue(text: string): { verdict: 'wrong-path' | 'not-configured'; message: string } | null {
  const trimmed = text.trim();
  const notConfigured = (message: string) => ({ verdict: 'not-configured' as const, message });
  if (trimmed === '') return notConfigured('Enter the API root of the server, e.g. http://127.0.0.1:8080/v1.');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return notConfigured(
      `'${trimmed}' is not a URL: it needs http:// or https:// and a host, e.g. http://127.0.0.1:8080/v1.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return notConfigured(`The base URL must start with http:// or https://, not ${url.protocol}//.`);
  if (url.username || url.password)
    return notConfigured('Put no user name or key in the URL: the key is stored apart, in SecretStorage.');
  if (url.search || url.hash)
    return notConfigured('The base URL takes no query (?…) or fragment (#…): give the API root only.');
  const endpoint = /\/(chat\/completions|completions|models|embeddings)\/?$/.exec(url.pathname);
  if (endpoint)
    return {
      verdict: 'wrong-path',
      message: `That is the ${endpoint[1]} endpoint, not the API root: use ${trimmed.slice(0, trimmed.lastIndexOf(`/${endpoint[1]}`))}.`,
    };
  return null;
}

/** Why `text` cannot be a profile's base URL (http(s), a host, no credentials or query, not an endpoint), or null when it can. */
export function baseUrlProblem(text: string): string | null {
  return baseUrlIssue(text)?.message ?? null;
}
