// An OpenAI-compatible chat server on 127.0.0.1 with scripted replies, for exercising the real
// `openai` client path: success, streamed replies (server-sent events, as `stream: true` asks),
// HTTP errors, non-JSON bodies, slow replies (timeouts, cancellation), and the faults a real
// gateway produces: a body that drips, a stream that never ends, a huge Retry-After, a connection
// reset in the middle of the body, a server that quotes the key back, an oversized reply.
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
  /** Streamed: after the content, an SSE error event with this message (`{key}` as above), then the end. */
  sseError?: string;
  /** Streamed: omit the final chunk with a finish_reason (and [DONE]), as a cut-off stream looks. */
  noFinish?: boolean;
}

export interface FakeOpenAi {
  url: string;
  requests: Array<{ path: string; authorization: string | undefined; body: { model?: string; messages?: unknown[]; stream?: boolean } }>;
  script: ScriptedReply[];
  /** Requests whose client hung up before the reply was fully written. */
  hangUps: number;
  /** Answers a request when `script` is empty (a model that reads its prompt); `[]` otherwise. */
  respond?: (body: { model?: string; messages?: Array<{ role: string; content: string }> }) => ScriptedReply | Promise<ScriptedReply>;
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

function chunk(delta: Record<string, string>, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

/** The body pieces of a reply, in order; each is written as it comes (or dripped byte by byte). */
function* bodyOf(next: ScriptedReply, stream: boolean, key: string): Generator<string> {
  const status = next.status ?? 200;
  const quote = (text: string) => text.replace(/\{key\}/g, key);
  if (next.rawBody !== undefined) yield next.rawBody;
  else if (status !== 200) yield JSON.stringify({ error: { message: quote(next.errorMessage ?? `scripted ${status}`), type: 'test' } });
  else if (stream) {
    // One chunk per word, a finish_reason chunk, then a usage chunk, as OpenAI does with stream_options.include_usage.
    const words = (next.content ?? '').split(/(?<= )/);
    for (const word of words) yield chunk({ content: word });
    if (next.sseError !== undefined) {
      yield `event: error\ndata: ${JSON.stringify({ error: { message: quote(next.sseError), type: 'server_error' } })}\n\n`;
      return;
    }
    if (next.endless) for (;;) yield chunk({ content: '' });
    if (next.noFinish) return;
    yield chunk({}, 'stop');
    yield `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [], usage: { prompt_tokens: 12, completion_tokens: words.length, total_tokens: 12 + words.length } })}\n\n`;
    yield 'data: [DONE]\n\n';
  } else yield JSON.stringify({ id: 'c1', object: 'chat.completion', created: 0, model: 'fake', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.content ?? '' } }], usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } });
}

async function writeReply(response: ServerResponse, next: ScriptedReply, stream: boolean, key: string): Promise<void> {
  const status = next.status ?? 200;
  const contentType = next.contentType ?? (next.rawBody !== undefined ? 'text/html' : stream && status === 200 ? 'text/event-stream' : 'application/json');
  response.writeHead(status, { 'content-type': contentType, ...next.headers });
  response.flushHeaders();
  let written = 0;
  for (const piece of bodyOf(next, stream, key)) {
    if (response.destroyed) return;
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

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'url' | 'close'> = { requests: [], script: [], hangUps: 0 };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const requested = body ? (JSON.parse(body) as FakeOpenAi['requests'][number]['body']) : {};
    fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body: requested });
    response.on('close', () => {
      if (!response.writableFinished) fake.hangUps++;
    });
    const next = fake.script.shift() ?? (await fake.respond?.(requested as Parameters<NonNullable<FakeOpenAi['respond']>>[0])) ?? { content: '[]' };
    if (next.delayMs) await sleep(next.delayMs);
    if (response.destroyed) return;
    await writeReply(response, next, requested.stream === true, (request.headers.authorization ?? '').replace(/^Bearer /, ''));
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
