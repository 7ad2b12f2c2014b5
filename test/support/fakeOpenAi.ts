// An OpenAI-compatible chat server on 127.0.0.1 with scripted replies, for exercising the real
// `openai` client path: success, streamed replies (server-sent events, as `stream: true` asks),
// HTTP errors, non-JSON bodies, slow replies (timeouts, cancellation).
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface ScriptedReply {
  status?: number;
  content?: string;
  delayMs?: number;
  /** A raw body instead of a chat completion (e.g. not JSON). */
  rawBody?: string;
}

export interface FakeOpenAi {
  url: string;
  requests: Array<{ path: string; authorization: string | undefined; body: { model?: string; messages?: unknown[]; stream?: boolean } }>;
  script: ScriptedReply[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'url' | 'close'> = { requests: [], script: [] };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const requested = body ? (JSON.parse(body) as FakeOpenAi['requests'][number]['body']) : {};
    fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body: requested });
    const next = fake.script.shift() ?? { content: '[]' };
    if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    if (response.destroyed) return;
    const status = next.status ?? 200;
    response.writeHead(status, { 'content-type': next.rawBody ? 'text/html' : requested.stream && status === 200 ? 'text/event-stream' : 'application/json' });
    if (next.rawBody) response.end(next.rawBody);
    else if (status !== 200) response.end(JSON.stringify({ error: { message: `scripted ${status}`, type: 'test' } }));
    else if (requested.stream) {
      // One chunk per word, then a usage chunk, as OpenAI does with stream_options.include_usage.
      const words = (next.content ?? '').split(/(?<= )/);
      const chunk = (delta: Record<string, string>) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
      for (const word of words) response.write(chunk({ content: word }));
      response.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [], usage: { prompt_tokens: 12, completion_tokens: words.length, total_tokens: 12 + words.length } })}\n\n`);
      response.end('data: [DONE]\n\n');
    } else response.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 0, model: 'fake', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.content ?? '' } }], usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  } as FakeOpenAi;
}
