// An OpenAI-compatible chat server on 127.0.0.1 with scripted replies, for exercising the real
// `openai` client path: success, streamed replies (server-sent events, as `stream: true` asks),
// HTTP errors, non-JSON bodies, slow replies (timeouts, cancellation), and the faults a real
// gateway produces: a body that drips, a stream that never ends, a huge Retry-After, a connection
// reset in the middle of the body, a server that quotes the key back, an oversized reply. Like
// llama-server (../shared/notes/real-servers.md) it lists the model it serves at /v1/models, names
// it in every reply whatever the request asked for, answers 503 "Loading model" on every path while
// `loading`, 401 without the key it was given, and 404 on paths it does not serve.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ScriptedReply {
  status?: number;
  content?: string;
  delayMs?: number;
  /** A raw body instead of a chat completion (e.g. not JSON); sent as text/html unless `contentType` says otherwise. */
  rawBody?: string;
  contentType?: string;
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** The error body's message for a non-200 status; `{key}` is replaced by the key the request carried. */
  errorMessage?: string;
  /** Writes the body one byte every `dripMs` milliseconds (headers go out at once). */
  dripMs?: number;
  /** Streamed: after the content, keeps sending empty chunks every 50 ms until the client hangs up. */
  endless?: boolean;
  /** Destroys the socket after this many bytes of the body. */
  resetAfterBytes?: number;
  /** Streamed: destroys the socket after this many whole events, between two of them (no half line for the client to notice). */
  resetAfterEvents?: number;
  /** Streamed: after the content, an SSE error event with this message (`{key}` as above), then the end. */
  sseError?: string;
  /** Streamed: omit the final chunk with a finish_reason (and [DONE]), as a cut-off stream looks. */
  noFinish?: boolean;
  /** `usage.prompt_tokens`; default: the request's prompt as counted by fakePromptTokens. */
  promptTokens?: number;
  /** The whole `usage` object sent instead of the counted one (hostile figures: negative, fractional, text). */
  usage?: unknown;
}

/**
 * A server's count of a prompt: 2 characters a token and 4 of chat template a message. Real
 * servers' tokenizers count more than cl100k (llama-server measured 1.29–2.1×; Llama-2 splits
 * every digit), so a reply never looks like a prompt cut short (`context_truncated`).
 */
export function fakePromptTokens(messages: ReadonlyArray<{ content?: unknown }> | undefined): number {
  return (messages ?? []).reduce(
    (sum: number, message) => sum + 4 + Math.ceil(String(message.content ?? '').length / 2),
    0,
  );
}

export interface FakeOpenAi {
  url: string;
  requests: Array<{
    path: string;
    authorization: string | undefined;
    body: { model?: string; messages?: unknown[]; stream?: boolean };
  }>;
  script: ScriptedReply[];
  /** Requests whose client hung up before the reply was fully written. */
  hangUps: number;
  /** Chat replies written to their end (an error status such as a scripted 429 counts): what a test waits on before acting. */
  answered: number;
  /** The model it serves: listed at /v1/models and named in every reply's `model` (default `fake`). */
  servedModel: string;
  /** /v1/models answers 404, as a server without a model list does. */
  noModelList: boolean;
  /** Every path answers 503 "Loading model" (and /health 503), as llama-server does while it loads. */
  loading: boolean;
  /** When set, a request without `Authorization: Bearer <apiKey>` gets llama-server's 401 "Invalid API Key". */
  apiKey?: string;
  /** Answers a request when `script` is empty (a model that reads its prompt); `[]` otherwise. */
  respond?: (body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
  }) => ScriptedReply | Promise<ScriptedReply>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(delta: Record<string, string>, model: string, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

/** The body pieces of a reply, in order; each is written as it comes (or dripped byte by byte). */
function* bodyOf(
  next: ScriptedReply,
  stream: boolean,
  key: string,
  model: string,
  promptTokens: number,
): Generator<string> {
  const status = next.status ?? 200;
  const quote = (text: string) => text.replace(/\{key\}/g, key);
  if (next.rawBody !== undefined) yield next.rawBody;
  else if (status !== 200)
    yield JSON.stringify({ error: { message: quote(next.errorMessage ?? `scripted ${status}`), type: 'test' } });
  else if (stream) {
    // One chunk per word, a finish_reason chunk, then a usage chunk, as OpenAI does with stream_options.include_usage.
    const words = (next.content ?? '').split(/(?<= )/);
    for (const word of words) yield chunk({ content: word }, model);
    if (next.sseError !== undefined) {
      yield `event: error\ndata: ${JSON.stringify({ error: { message: quote(next.sseError), type: 'server_error' } })}\n\n`;
      return;
    }
    if (next.endless) for (;;) yield chunk({ content: '' }, model);
    if (next.noFinish) return;
    yield chunk({}, model, 'stop');
    yield `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: next.usage ?? { prompt_tokens: promptTokens, completion_tokens: words.length, total_tokens: promptTokens + words.length } })}\n\n`;
    yield 'data: [DONE]\n\n';
  } else
    yield JSON.stringify({
      id: 'c1',
      object: 'chat.completion',
      created: 0,
      model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.content ?? '' } }],
      usage: next.usage ?? { prompt_tokens: promptTokens, completion_tokens: 5, total_tokens: promptTokens + 5 },
    });
}

async function writeReply(
  response: ServerResponse,
  next: ScriptedReply,
  stream: boolean,
  key: string,
  model: string,
  promptTokens: number,
): Promise<void> {
  const status = next.status ?? 200;
  const contentType =
    next.contentType ??
    (next.rawBody !== undefined ? 'text/html' : stream && status === 200 ? 'text/event-stream' : 'application/json');
  response.writeHead(status, { 'content-type': contentType, ...next.headers });
  response.flushHeaders();
  let written = 0;
  let pieces = 0;
  for (const piece of bodyOf(next, stream, key, model, promptTokens)) {
    if (response.destroyed) return;
    if (next.resetAfterEvents !== undefined && pieces++ === next.resetAfterEvents) {
      await sleep(20);
      response.socket?.resetAndDestroy();
      return;
    }
    if (next.dripMs !== undefined) {
      for (const byte of piece) {
        if (response.destroyed) return;
        response.write(byte);
        await sleep(next.dripMs);
      }
      continue;
    }
    if (next.resetAfterBytes !== undefined && written + piece.length > next.resetAfterBytes) {
      response.write(piece.slice(0, next.resetAfterBytes - written));
      await sleep(20);
      response.socket?.resetAndDestroy();
      return;
    }
    written += piece.length;
    // Wait for the socket to drain, so an endless stream follows the client's pace and stops when it hangs up.
    if (!response.write(piece))
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done).off('close', done);
          resolve();
        };
        response.on('drain', done).on('close', done);
      });
    if (next.endless) await sleep(50);
  }
  response.end();
}

/** llama-server's error body: `{"error":{"code","message","type"}}`. */
function sendError(response: ServerResponse, status: number, message: string, type: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { code: status, message, type } }));
}

/** The paths besides chat completions, as llama-server answers them; true when the request was answered here. */
function answeredBeforeChat(
  fake: Omit<FakeOpenAi, 'url' | 'close'>,
  path: string,
  authorization: string | undefined,
  response: ServerResponse,
): boolean {
  if (path === '/health') {
    if (fake.loading) sendError(response, 503, 'Loading model', 'unavailable_error');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
    return true;
  }
  if (fake.loading) {
    sendError(response, 503, 'Loading model', 'unavailable_error');
    return true;
  }
  if (fake.apiKey !== undefined && authorization !== `Bearer ${fake.apiKey}`) {
    sendError(response, 401, 'Invalid API Key', 'authentication_error');
    return true;
  }
  if (/^(\/v1)?\/models$/.test(path) && !fake.noModelList) {
    const list = {
      object: 'list',
      data: [{ id: fake.servedModel, object: 'model', created: 0, owned_by: 'llamacpp' }],
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return true;
  }
  if (!/^(\/v1)?\/chat\/completions$/.test(path)) {
    sendError(response, 404, 'File Not Found', 'not_found_error');
    return true;
  }
  return false;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'url' | 'close'> = {
    requests: [],
    script: [],
    hangUps: 0,
    answered: 0,
    servedModel: 'fake',
    noModelList: false,
    loading: false,
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const requested = body ? (JSON.parse(body) as FakeOpenAi['requests'][number]['body']) : {};
    fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body: requested });
    if (answeredBeforeChat(fake, (request.url ?? '').split('?')[0], request.headers.authorization, response)) return;
    // Counted on 'finish' (the reply handed to the kernel), not by reading writableFinished right
    // after end(): on a busy machine the socket write is still pending at that moment.
    response.on('finish', () => fake.answered++);
    response.on('close', () => {
      if (!response.writableFinished) fake.hangUps++;
    });
    const next = fake.script.shift() ??
      (await fake.respond?.(requested as Parameters<NonNullable<FakeOpenAi['respond']>>[0])) ?? { content: '[]' };
    if (next.delayMs) await sleep(next.delayMs);
    if (response.destroyed) return;
    const promptTokens =
      next.promptTokens ?? fakePromptTokens(requested.messages as Array<{ content?: unknown }> | undefined);
    await writeReply(
      response,
      next,
      requested.stream === true,
      (request.headers.authorization ?? '').replace(/^Bearer /, ''),
      fake.servedModel,
      promptTokens,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const live = fake as FakeOpenAi;
  live.url = `http://127.0.0.1:${port}`;
  live.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return live;
}

/** The messages `waypoint run`'s preflight sends in its one-token request (connectionTest.ts). */
const PREFLIGHT_MESSAGES = JSON.stringify([{ role: 'user', content: 'Reply with OK.' }]);

/**
 * The chat requests that asked questions, in order: runs and episodes also read its model list
 * first (GET /v1/models), and a run's preflight asks what the server tells (/props, /tokenize)
 * and one token of "Reply with OK." — none of them a question.
 */
export function chatRequests(fake: Pick<FakeOpenAi, 'requests'>): FakeOpenAi['requests'] {
  return fake.requests.filter(
    (request) =>
      /\/chat\/completions$/.test(request.path.split('?')[0]) &&
      JSON.stringify(request.body.messages) !== PREFLIGHT_MESSAGES,
  );
}
