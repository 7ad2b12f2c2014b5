// What an error of the `openai` package (or of the fetch beneath it) means: its Failure kind for
// the retry policy, the run's concurrency and the records, and one readable sentence for the user
// that never quotes the key. Servers say the same thing over HTTP and inside a stream (llama-server
// reports "Context size has been exceeded" both ways), so both are read the same way here.
import OpenAI from 'openai';
import { type KeyAdvice, keyRefusalMessage, settingName } from './apiKeyMessages';
import { ModelCallError } from './engine';
import type { Failure } from './failures';
import { ALTERNATE_ADVICE, isAlternationError } from './messageLayout';
import { type BodyWatch, type Deadline, MAX_BODY_BYTES, megabytes } from './requestGuards';
import { redactSecrets } from './redact';
import type { ModelProfile } from './types';

/** One attempt's view of its own limits: the call's deadline, the attempt's own signal (aborted with the deadline) and what the body watch saw. */
export interface Attempt {
  deadline: Deadline;
  signal: AbortSignal;
  watch: BodyWatch;
  /** Whether a key went out, and how this host tells its user to set one: a 401 says which of the two went wrong. */
  key: { sent: boolean; advice: KeyAdvice };
}

/** Characters of a long server error kept from its start and from its end. */
const ERROR_HEAD_CHARS = 100;
const ERROR_TAIL_CHARS = 200;

/**
 * A server's error text in one short line: tags of HTML error pages stripped, whitespace folded,
 * and when long, its start and its end with `…` between. Servers put the cause last (llama-server's
 * template errors end with "Error: Jinja Exception: Conversation roles must alternate …" after the
 * template's source), so the end is kept from a line's start where one fits.
 */
export function shortened(text: string): string {
  const lines = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  const plain = lines.join(' ');
  if (plain.length <= ERROR_HEAD_CHARS + ERROR_TAIL_CHARS) return plain;
  let tail = '';
  for (let index = lines.length - 1; index >= 0; index--) {
    const longer = tail === '' ? lines[index] : `${lines[index]} ${tail}`;
    if (longer.length > ERROR_TAIL_CHARS) break;
    tail = longer;
  }
  // The last line alone is too long: its last words.
  if (tail === '') tail = plain.slice(-ERROR_TAIL_CHARS).replace(/^\S*\s/, '');
  const head = plain
    .slice(0, plain.length - tail.length)
    .slice(0, ERROR_HEAD_CHARS)
    .trimEnd();
  return `${head} … ${tail}`;
}

/** The error and its causes, innermost last (fetch wraps a socket's error two or three levels down). */
function causeChain(error: Error): Error[] {
  const chain = [error];
  for (let cause: unknown = error.cause, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++)
    chain.push(cause);
  return chain;
}

/** What one error says: an AggregateError (a host name with several addresses, each refused) has no message of its own. */
function messageOf(error: Error): string {
  if (error.message) return error.message;
  if (error instanceof AggregateError)
    return error.errors.map((inner) => (inner instanceof Error ? inner.message : String(inner))).join('; ');
  return (error as { code?: string }).code ?? '';
}

/**
 * A connection that opened and was then dropped (reset, closed mid-reply), at any depth of the
 * cause chain; not one that never opened. A SyntaxError is a whole reply that is not JSON, never a
 * cut: its message quotes the body (`"upstream connection terminated" is not valid JSON`), which
 * would otherwise read as a dropped connection and be asked again.
 */
function isCutOff(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof SyntaxError) return false;
  const chain = causeChain(error);
  // A reset during the TLS handshake is a connection that never opened (a wrong port or scheme): "could not be reached".
  if (chain.some((link) => /before secure TLS connection was established/i.test(link.message))) return false;
  return chain.some((link) =>
    /terminated|ECONNRESET|socket hang up|other side closed|premature close|UND_ERR_SOCKET/i.test(
      `${link.message} ${(link as { code?: string }).code ?? ''}`,
    ),
  );
}

/** The innermost reason a connection failed (`connect ECONNREFUSED 127.0.0.1:8000`), not the SDK's bare "Connection error.". */
export function connectionReason(error: Error): string {
  let reason = error.message;
  for (const link of causeChain(error)) reason = messageOf(link) || reason;
  return shortened(reason.replace(/\.$/, ''));
}

/** The error object a server sent (`{"error":{"code","message","type",...}}`'s inner object), over HTTP or in a stream. */
function serverError(error: InstanceType<typeof OpenAI.APIError>): { message: string; type?: string; code?: number } {
  const body = error.error as { message?: unknown; type?: unknown; code?: unknown } | undefined;
  return {
    message: typeof body?.message === 'string' ? body.message : error.message,
    type: typeof body?.type === 'string' ? errorTypeName(body.type) : undefined,
    // Only an HTTP status: a JSON-RPC-style code (-32000) in a stream is no status, and records refuse it.
    code:
      typeof body?.code === 'number' && Number.isInteger(body.code) && body.code >= 100 && body.code <= 599
        ? body.code
        : undefined,
  };
}

/**
 * The server's error `type` as records and summaries keep it: an identifier such as
 * `exceed_context_size_error`. Anything else (a gateway echoing request data, a long text, a
 * credential) is dropped, so the failure groups by kind and status alone.
 */
function errorTypeName(type: string): string | undefined {
  return redactSecrets(type) === type && /^[A-Za-z0-9_.:-]{1,80}$/.test(type) ? type : undefined;
}

/**
 * A request parameter the model refuses, and the profile change that fixes it (OpenAI's
 * `unsupported_parameter` / `unsupported_value` errors, "Unrecognized request argument" of older
 * gateways): reasoning models refuse `max_tokens` and any temperature but 1, other models refuse
 * `reasoning_effort`. Null for any other error.
 */
function refusedParameter(error: InstanceType<typeof OpenAI.APIError>): { parameter: string; fix: string } | null {
  const text = `${serverError(error).message} ${typeof error.code === 'string' ? error.code : ''}`;
  if (!/unsupported[_ ](parameter|value)|unrecognized request argument|not supported with this model/i.test(text))
    return null;
  const named =
    typeof error.param === 'string'
      ? error.param
      : (/'(max_tokens|reasoning_effort|temperature|max_completion_tokens)'|\b(max_tokens|reasoning_effort|temperature)\b/
          .exec(text)
          ?.slice(1)
          .find(Boolean) ?? '');
  if (named === 'max_tokens')
    return {
      parameter: named,
      fix: 'set "maxCompletionTokens" in the model profile (--max-completion-tokens N on the command line): this model takes max_completion_tokens, which also counts its reasoning',
    };
  if (named === 'reasoning_effort')
    return {
      parameter: named,
      fix: 'remove "reasoningEffort" from the model profile (or --reasoning-effort): this model takes no reasoning effort',
    };
  if (named === 'temperature')
    return {
      parameter: named,
      fix: 'set "temperature" to 1 in the model profile (--temperature 1): this model takes only its default temperature',
    };
  return null;
}

/** An HTTP error or stream error event as a Failure: its words decide the kind where servers share a status (llama-server's 500 and 503). */
function apiFailure(error: InstanceType<typeof OpenAI.APIError>): Failure {
  const sent = serverError(error);
  const status = error.status ?? sent.code;
  const base = { ...(status === undefined ? {} : { status }), ...(sent.type ? { type: sent.type } : {}) };
  const text = `${sent.message} ${sent.type ?? ''} ${typeof error.code === 'string' ? error.code : ''}`;
  if (/context size has been exceeded/i.test(text)) return { kind: 'context-slots', ...base };
  // Some llama-server builds send a template's exception as HTTP 500 server_error: still no retry can cure it.
  if (isAlternationError(text)) return { kind: 'template', ...base };
  if (
    /exceed_context_size_error|context_length_exceeded|exceeds the available context size|maximum context length/i.test(
      text,
    )
  )
    return { kind: 'prompt-too-long', ...base };
  if (/loading model/i.test(text) && (status === 503 || status === undefined)) return { kind: 'loading', ...base };
  if (status === 401 || status === 403) return { kind: 'auth', ...base };
  // Every request of the profile is refused the same way until the profile changes: a configuration failure (it stops a run).
  if (status === 400 && refusedParameter(error))
    return {
      kind: 'configuration',
      status,
      type:
        typeof error.code === 'string' && errorTypeName(error.code)
          ? error.code
          : (sent.type ?? 'unsupported_parameter'),
    };
  if (status === 404) return { kind: 'configuration', ...base };
  if (status === 429) return { kind: 'rate-limit', ...base };
  if (status === 503 || status === 529) return { kind: 'overloaded', ...base };
  if (status === undefined || status === 408 || status === 409 || status >= 500) return { kind: 'server', ...base };
  return { kind: 'request', ...base };
}

/** The kind of failure `error` is (thrown by an attempt of the call `attempt` describes). */
export function failureOf(error: unknown, attempt: Attempt): Failure {
  if (attempt.deadline.timedOut || error instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (attempt.watch.tooLarge) return { kind: 'reply' };
  if (error instanceof ModelCallError) return error.failure ?? { kind: 'reply' };
  if (error instanceof OpenAI.APIConnectionError) return { kind: isCutOff(error) ? 'cut-off' : 'connection' };
  if (error instanceof OpenAI.APIError) return apiFailure(error);
  // Invalid JSON in a complete reply is the server's answer, not a transport fault: asking again
  // gets it again (real servers send broken JSON only when the connection drops, which is cut-off).
  if (error instanceof SyntaxError) return { kind: 'reply' };
  if (isCutOff(error)) return { kind: 'cut-off' };
  return { kind: 'internal' };
}

/** The words of a server's error object (`{"message": …}`, a bare string, or anything else as JSON), never `[object Object]`. */
function errorWords(inner: unknown): string {
  if (typeof inner === 'string') return inner;
  const message = inner !== null && typeof inner === 'object' ? (inner as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return message;
  return JSON.stringify(message ?? inner) ?? String(inner);
}

/**
 * A reply of HTTP 200 whose body is `{"error": …}` instead of a completion (gateways and some
 * server builds answer so): the server's own words, and the failure its HTTP error of the same
 * words would be (llama-server's "Context size has been exceeded" is context-slots, retried).
 */
export function errorInReply(body: { error: unknown }, profile: ModelProfile, headers: Headers): ModelCallError {
  const inner =
    body.error !== null && typeof body.error === 'object' ? body.error : { message: errorWords(body.error) };
  const failure = apiFailure(new OpenAI.APIError(undefined, inner, undefined, headers));
  return new ModelCallError(
    `${profile.model ?? '?'} at ${profile.baseUrl ?? '?'} answered HTTP 200 with an error instead of a reply: ${shortened(errorWords(body.error))}`,
    failure,
  );
}

/** What the server said, and for a chat template refusing the messages' layout, the profile option that fixes it. */
function withTemplateAdvice(error: InstanceType<typeof OpenAI.APIError>, said: string): string {
  if (apiFailure(error).kind !== 'template') return said;
  return `${said}${/[.!?]$/.test(said) ? '' : '.'} ${ALTERNATE_ADVICE}`;
}

/** One sentence for the user about `error`, naming the model and server. */
export function describeFailure(error: unknown, profile: ModelProfile, attempt: Attempt): string {
  const where = `${profile.model ?? '?'} at ${profile.baseUrl ?? '?'}`;
  if (error instanceof ModelCallError) return error.message;
  if (attempt.deadline.timedOut || error instanceof OpenAI.APIConnectionTimeoutError)
    return `${where} did not answer within ${profile.timeoutMs / 1000} s (${settingName(attempt.key.advice, 'timeoutMs')}, for the whole reply).`;
  if (attempt.watch.tooLarge) return `${where}: the reply exceeded ${megabytes(MAX_BODY_BYTES)} and was dropped.`;
  // A connection that never opened is an APIConnectionError (an APIError without a status too): it
  // is not an error the server sent, so it is told apart from an error event in the stream.
  if (error instanceof OpenAI.APIConnectionError && !isCutOff(error))
    return `${where} could not be reached (${connectionReason(error)}): check that the server is running and the base URL.`;
  // Opened, then dropped before the reply was complete (a server crashing mid-generation).
  if (error instanceof OpenAI.APIConnectionError)
    return `${where} closed the connection before the reply was complete (${connectionReason(error)}).`;
  if (error instanceof OpenAI.APIError && error.status === undefined)
    return withTemplateAdvice(
      error,
      `${where} reported an error in its stream: ${shortened(serverError(error).message)}`,
    );
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403)
      return keyRefusalMessage(where, error.status, profile, attempt.key.sent, attempt.key.advice);
    if (error.status === 404) return `${where} was not found (HTTP 404): check the base URL and the model name.`;
    if (error.status === 429) return `${where} is rate limiting (HTTP 429) after ${profile.retries} retries.`;
    const refused = error.status === 400 ? refusedParameter(error) : null;
    if (refused)
      return `${where} refused the request's ${refused.parameter} (HTTP 400: ${shortened(serverError(error).message)}): ${refused.fix}.`;
    if (apiFailure(error).kind === 'loading')
      return `${where} was still loading its model (HTTP 503 "Loading model") when ${settingName(attempt.key.advice, 'timeoutMs')} (${profile.timeoutMs / 1000} s) ran out: wait until the server is ready.`;
    // The package prefixes the status to the server's text; say it once.
    return withTemplateAdvice(
      error,
      `${where} answered HTTP ${error.status}: ${shortened(error.message.replace(new RegExp(`^${error.status}\\s*`), ''))}`,
    );
  }
  if (error instanceof SyntaxError) return `${where} sent a reply that is not valid JSON (${error.message}).`;
  if (isCutOff(error))
    return `${where} closed the connection before the reply was complete (${error instanceof Error ? error.message : String(error)}).`;
  return `${where} failed: ${error instanceof Error ? error.message : String(error)}`;
}
