// "Does this profile work?" asked once, the same way by the editor's Test Connection and by
// `waypoint models test`: the model list (`GET /models`), then one chat request of one token. The
// answer is a verdict a person can act on (no key set, key refused, not reachable, wrong URL path,
// model still loading, …), the model the server actually serves and the round trip. Each request is
// recorded as a step, so later checks (the context length a server reports) are one more step.
import * as z from 'zod/mini';
import { parseJsonWith } from '../schemas/parse';
import { isKeySet, type KeyAdvice, keyRefusalMessage, settingName } from './apiKeyMessages';
import { ModelCallCancelled } from './engine';
import { connectionReason, normaliseBaseUrl } from './openaiProvider';
import { shortened } from './openaiFailures';
import { redactSecrets } from './redact';
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
  name: 'models' | 'chat';
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
}

export interface ConnectionTestOptions {
  /** The host's sentence on how to set a key (the editor's command, the CLI's --api-key-env). */
  keyAdvice: KeyAdvice;
  signal?: AbortSignal;
}

/** What one request brought back: a response (body read as text) or the reason there was none. */
type Outcome = { kind: 'response'; status: number; contentType: string; body: string; ms: number } | { kind: 'no-response'; reason: string; timedOut: boolean; ms: number };

const CHAT_PROMPT = 'Reply with OK.';

// What the test reads of a server's bodies; anything else in them is ignored.
const errorBody = z.object({ error: z.optional(z.union([z.string(), z.object({ message: z.optional(z.string()) })])), message: z.optional(z.string()) });
const modelList = z.object({ data: z.array(z.object({ id: z.string() })) });
const chatCompletion = z.object({ choices: z.array(z.unknown()), model: z.optional(z.nullable(z.string())) });

/** A server's error text in one short line, its cause (the last line) kept (the `error.message` of an OpenAI-style body when there is one). */
function serverReason(body: string): string {
  const parsed = parseJsonWith(body, errorBody);
  const fromJson = parsed.ok ? (typeof parsed.value.error === 'string' ? parsed.value.error : (parsed.value.error?.message ?? parsed.value.message)) : undefined;
  return shortened(fromJson ?? body);
}

/** The ids of an OpenAI-style model list (`{"data":[{"id":…}]}`), or null when the body is not one. */
function listedIds(body: string): string[] | null {
  const parsed = parseJsonWith(body, modelList);
  return parsed.ok ? parsed.value.data.map((entry) => entry.id) : null;
}

/** A chat completion's served model, or undefined when the body is not a chat completion. */
function chatReply(body: string): { model: string | null } | undefined {
  const parsed = parseJsonWith(body, chatCompletion);
  if (!parsed.ok) return undefined;
  return { model: parsed.value.model ? parsed.value.model : null };
}

const looksLikeWebPage = (outcome: Outcome) => outcome.kind === 'response' && (/html/i.test(outcome.contentType) || /^\s*</.test(outcome.body));

async function request(url: string, init: RequestInit, deadline: Deadline): Promise<Outcome> {
  const started = Date.now();
  try {
    const response = await guardedFetch({ tooLarge: false, sawDone: false })(url, { ...init, signal: deadline.signal });
    const body = await response.text();
    return { kind: 'response', status: response.status, contentType: response.headers.get('content-type') ?? '', body, ms: Date.now() - started };
  } catch (error) {
    if (deadline.cancelled) throw new ModelCallCancelled();
    return { kind: 'no-response', reason: error instanceof Error ? connectionReason(error) : String(error), timedOut: deadline.timedOut, ms: Date.now() - started };
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Tests `profile` against its server with `apiKey` (undefined or blank: none is sent): lists the
 * models, then asks for one token. Never throws for a server's failure (that is the verdict);
 * throws ModelCallCancelled when `signal` aborts.
 */
export async function testConnection(profile: ModelProfile, apiKey: string | undefined, options: ConnectionTestOptions): Promise<ConnectionReport> {
  const keySent = isKeySet(apiKey);
  const model = profile.model ?? '';
  const base: Omit<ConnectionReport, 'ok' | 'verdict' | 'message' | 'status'> = { profileId: profile.id, baseUrl: profile.baseUrl ? normaliseBaseUrl(profile.baseUrl) : '', model, servedModel: null, listedModels: null, latencyMs: null, keySent, steps: [] };
  const report = (verdict: ConnectionVerdict, message: string, status: number | null): ConnectionReport => ({ ...base, ok: verdict === 'ok', verdict, message: redactSecrets(message, [apiKey]), status });
  if (!profile.baseUrl || !profile.model) return report('not-configured', `the profile has no ${profile.baseUrl ? '"model"' : '"baseUrl"'}: add it to the waypoint.models entry (or the --profile file).`, null);
  const urlIssue = baseUrlIssue(profile.baseUrl);
  if (urlIssue) return report(urlIssue.verdict, urlIssue.message, null);

  // Trimmed as the provider trims it: a key pasted with its line break is still the key.
  const headers: Record<string, string> = { accept: 'application/json', ...(isKeySet(apiKey) ? { authorization: `Bearer ${apiKey.trim()}` } : {}) };
  const deadline = new Deadline(profile.timeoutMs, options.signal ?? new AbortController().signal);
  const where = base.baseUrl;
  const unreachable = (outcome: Extract<Outcome, { kind: 'no-response' }>) =>
    outcome.timedOut ? report('timeout', `no answer from ${where} within ${seconds(profile.timeoutMs)} (${settingName(options.keyAdvice, 'timeoutMs')}).`, null) : report('not-reachable', `not reachable: ${where} (${outcome.reason}). Check that the server is running and the host and port of the base URL.`, null);
  try {
    const modelsUrl = `${where}/models`;
    const listing = await request(modelsUrl, { method: 'GET', headers }, deadline);
    base.steps.push({ name: 'models', url: modelsUrl, status: listing.kind === 'response' ? listing.status : null, ms: listing.ms });
    if (listing.kind === 'no-response') return unreachable(listing);
    if (listing.status === 503) return report('loading', `the server is up but not ready (HTTP 503: ${serverReason(listing.body) || 'unavailable'}): a model that is still loading answers so; try again in a moment.`, 503);
    if (listing.status === 200) {
      base.listedModels = listedIds(listing.body);
      if (base.listedModels?.length === 1) base.servedModel = base.listedModels[0];
    }

    const chatUrl = `${where}/chat/completions`;
    // The run's own parameter names and temperature: a reasoning model refuses `max_tokens` and a temperature other than 1.
    const limit = profile.maxCompletionTokens !== undefined ? { max_completion_tokens: 1 } : { max_tokens: 1 };
    const effort = profile.reasoningEffort !== undefined ? { reasoning_effort: profile.reasoningEffort } : {};
    const body = JSON.stringify({ model, messages: [{ role: 'user', content: CHAT_PROMPT }], ...limit, ...effort, temperature: profile.temperature, stream: false });
    const chat = await request(chatUrl, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body }, deadline);
    base.steps.push({ name: 'chat', url: chatUrl, status: chat.kind === 'response' ? chat.status : null, ms: chat.ms });
    if (chat.kind === 'no-response') return unreachable(chat);
    base.latencyMs = chat.ms;
    return verdictOfChat(chat, listing, profile, options.keyAdvice, report);
  } finally {
    deadline.dispose();
  }
}

type Report = (verdict: ConnectionVerdict, message: string, status: number | null) => ConnectionReport;

function verdictOfChat(chat: Extract<Outcome, { kind: 'response' }>, listing: Extract<Outcome, { kind: 'response' }>, profile: ModelProfile, advice: KeyAdvice, report: Report): ConnectionReport {
  const draft = report('ok', '', chat.status);
  const where = draft.baseUrl;
  const status = chat.status;
  const reason = serverReason(chat.body);
  if (status === 200) {
    const reply = chatReply(chat.body);
    if (!reply) {
      if (looksLikeWebPage(chat)) return report('wrong-path', `wrong URL path: ${where}/chat/completions answered with a web page, not the API. The base URL should be the API root, often ending in /v1 (e.g. http://127.0.0.1:8080/v1).`, status);
      return report('bad-reply', `${where}/chat/completions answered HTTP 200 but not with a chat completion ("${reason.slice(0, 60)}").`, status);
    }
    const served = reply.model ?? draft.servedModel;
    const result = report('ok', '', status);
    result.servedModel = served;
    const renamed = served !== null && served !== profile.model ? ` (asked for '${profile.model}')` : '';
    const keyNote = result.keySent ? '' : ', without an API key';
    // The latency and the served model first: a toast shows one line.
    result.message = `OK in ${chat.ms} ms: ${served === null ? `'${profile.model}'` : `'${served}'`} answered${renamed}${keyNote}.`;
    return result;
  }
  if (status === 401 || status === 403) return report(draft.keySent ? 'key-refused' : 'no-key', keyRefusalMessage(`the server at ${where}`, status, profile, draft.keySent, advice, reason), status);
  if (status === 404) {
    const listed = draft.listedModels;
    // A server that lists its models but not this one: the path is right, the model name is not.
    if (listed !== null && listing.status === 200) {
      const known = listed.length > 0 ? ` It serves: ${listed.slice(0, 8).join(', ')}${listed.length > 8 ? ', …' : ''}.` : '';
      return report('model-not-found', `the server has no model '${profile.model}' (HTTP 404${reason ? `: ${reason}` : ''}).${known}`, status);
    }
    return report('wrong-path', `wrong URL path: ${where}/chat/completions does not exist (HTTP 404). The base URL should be the API root, often ending in /v1 (e.g. http://127.0.0.1:8080/v1).`, status);
  }
  if (status === 503) return report('loading', `the server is up but not ready (HTTP 503: ${reason || 'unavailable'}): a model that is still loading answers so; try again in a moment.`, status);
  if (status === 429) return report('rate-limited', `the server is rate limiting (HTTP 429${reason ? `: ${reason}` : ''}); try again later.`, status);
  if (status >= 500) return report('server-error', `the server failed (HTTP ${status}${reason ? `: ${reason}` : ''}).`, status);
  return report('bad-reply', `the server refused the test request (HTTP ${status}${reason ? `: ${reason}` : ''}).`, status);
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
    return notConfigured(`'${trimmed}' is not a URL: it needs http:// or https:// and a host, e.g. http://127.0.0.1:8080/v1.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return notConfigured(`The base URL must start with http:// or https://, not ${url.protocol}//.`);
  if (url.username || url.password) return notConfigured('Put no user name or key in the URL: the key is stored apart, in SecretStorage.');
  if (url.search || url.hash) return notConfigured('The base URL takes no query (?…) or fragment (#…): give the API root only.');
  const endpoint = /\/(chat\/completions|completions|models|embeddings)\/?$/.exec(url.pathname);
  if (endpoint) return { verdict: 'wrong-path', message: `That is the ${endpoint[1]} endpoint, not the API root: use ${trimmed.slice(0, trimmed.lastIndexOf(`/${endpoint[1]}`))}.` };
  return null;
}

/** Why `text` cannot be a profile's base URL (http(s), a host, no credentials or query, not an endpoint), or null when it can. */
export function baseUrlProblem(text: string): string | null {
  return baseUrlIssue(text)?.message ?? null;
}
