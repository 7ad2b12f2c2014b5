// A test double of llama.cpp's `llama-server` as measured in ../shared/notes/real-servers.md, on
// 127.0.0.1: N slots sharing ONE context budget (requests at once whose prompts and replies
// together outgrow it all fail with HTTP 500 "Context size has been exceeded." — in a stream, as an
// error event after HTTP 200), a per-request context limit (HTTP 400 exceed_context_size_error with
// n_prompt_tokens/n_ctx), a loading phase (503 "Loading model" on every endpoint, /health and
// /v1/models included, without Retry-After), replies cut with finish_reason "length", the served
// model's name in replies and /v1/models whatever the request's `model` says (and changeable between
// runs), an API key (401 authentication_error), and one-off 429s with Retry-After in seconds or as an
// HTTP date. Error bodies are llama-server's, byte for byte in shape.
//
// What the server tells about itself: `GET /props` (`default_generation_settings.n_ctx`,
// `total_slots`), `/v1/models` with `meta.n_ctx_train`, and exact prompt counts through
// `POST /apply-template` + `POST /tokenize`. As `flavour: 'vllm'` it is vLLM instead (`max_model_len`
// in /v1/models, `/tokenize` of chat messages answering `count`, no /props), as `flavour:
// 'openrouter'` a hosted gateway (many models with `context_length`, no counting endpoints).
//
// Its tokenizer is a stand-in with another vocabulary than cl100k: `charsPerToken` characters a
// token (3, so English prompts count ~25–30% more than cl100k, as Llama vocabularies did), its chat
// template four special tokens a message. The chat endpoint counts a prompt exactly as
// /apply-template then /tokenize do.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface LlamaServerOptions {
  /** Parallel slots (`-np`; llama-server's default is 4). More requests than slots wait for one. */
  slots?: number;
  /** The context all slots share (`-c`), in tokens; also the most one request may use. */
  contextTokens?: number;
  /** The model's own limit: prompt + completion stop here with finish_reason "length" (default: contextTokens). */
  trainContextTokens?: number;
  /** The server's cap on completion tokens (`-n`), below the request's max_tokens. */
  nPredict?: number;
  /** How long the model loads after start, in ms (every request meanwhile is a 503). */
  loadingMs?: number;
  /** The GGUF it serves: the `model` of every reply and of /v1/models. */
  servedModel?: string;
  /** How long a request holds its slot and its share of the context, in ms. */
  generationMs?: number;
  charsPerToken?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` are refused (401). */
  apiKey?: string;
  /** How a stream reports a failure: `data` (`data: {"error":{...}}`, current builds) or `field` (`error: {...}` then `data: [DONE]`, older builds). */
  streamErrors?: 'data' | 'field';
  /** Listen on this port (0: any free one). */
  port?: number;
  /** What the model says to a request (its text before any cut); default "[]". */
  answer?: (request: ChatRequest) => string | Promise<string>;
  /** Which server it plays (default `llama-server`); see the header. */
  flavour?: 'llama-server' | 'vllm' | 'openrouter';
}

export interface ChatRequest {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  stream?: boolean;
  max_tokens?: number;
}

/** A one-off failure for the next chat request: a 429 with this Retry-After (seconds or an HTTP date), or none. */
export interface RateLimitFault {
  status: 429;
  retryAfter?: string;
}

export interface LlamaServer {
  url: string;
  port: number;
  options: Required<Omit<LlamaServerOptions, 'apiKey' | 'nPredict' | 'port'>> & Pick<LlamaServerOptions, 'apiKey' | 'nPredict'>;
  /** Prompt tokens the chat requests' `usage` reported, in order (what a run was charged for). */
  usage: Array<{ prompt: number; completion: number }>;
  /** Every request with the status it got (a stream that failed after its 200 is listed with 500). */
  requests: Array<{ method: string; path: string; authorization: string | undefined; body: ChatRequest; status: number }>;
  /** One-off faults for the next chat requests, taken in order. */
  faults: RateLimitFault[];
  counts: { answered: number; truncated: number; contextExceeded: number; promptTooLong: number; loading: number; unauthorized: number; rateLimited: number; mostAtOnce: number };
  /** Starts loading again for `ms` (a restart with another model, say). */
  load(ms: number): void;
  /** The double's token count of a chat request's prompt. */
  promptTokens(messages: ReadonlyArray<{ role?: string; content: string }>): number;
  close(): Promise<void>;
}


/** The double's special tokens: one token each wherever they appear (llama-server parses specials in /tokenize by default). */
const SPECIAL_TOKEN = /<\|[a-z_]+\|>/g;

/** The double's tokens of a text: each special token is one (unless `parseSpecial` is false: then they are text), the text between them `charsPerToken` characters a token. */
export function doubleTokenize(text: string, charsPerToken = 3, parseSpecial = true): string[] {
  const pieces: string[] = [];
  let at = 0;
  const plain = (part: string) => {
    for (let start = 0; start < part.length; start += charsPerToken) pieces.push(part.slice(start, start + charsPerToken));
  };
  for (const match of parseSpecial ? text.matchAll(SPECIAL_TOKEN) : []) {
    plain(text.slice(at, match.index));
    pieces.push(match[0]);
    at = match.index + match[0].length;
  }
  plain(text.slice(at));
  return pieces;
}

/** The double's token count of a text without special tokens: `charsPerToken` characters a token (a stand-in for the GGUF's tokenizer). */
export function doubleTokens(text: string, charsPerToken = 3): number {
  return Math.ceil(text.length / charsPerToken);
}

/** The double's chat template (what /apply-template returns): four special tokens around each message's text. */
export function doubleTemplate(messages: ReadonlyArray<{ role?: string; content: string }>): string {
  return messages.map((message) => `<|im_start|><|${message.role ?? 'user'}|><|content|>${message.content}<|im_end|>`).join('');
}

/** The double's token count of a chat prompt, as its chat endpoint counts it: the template applied, then tokenized (each message's text plus 4). */
export function doublePromptTokens(messages: ReadonlyArray<{ role?: string; content: string }>, charsPerToken = 3): number {
  return doubleTokenize(doubleTemplate(messages), charsPerToken).length;
}

/** A stable id for a token piece (the double has no vocabulary file). */
function tokenId(piece: string): number {
  let hash = 7;
  for (const char of piece) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 32000;
  return hash;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

/** llama-server's error object (`format_error_response`), as it is sent inside `{"error": ...}`. */
function errorObject(code: number, message: string, type: string, extra: Record<string, number> = {}): Record<string, unknown> {
  return { code, message, type, ...extra };
}

const LOADING = errorObject(503, 'Loading model', 'unavailable_error');
const CONTEXT_EXCEEDED = errorObject(500, 'Context size has been exceeded.', 'server_error');

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** A request holding a slot and its share of the shared context until it finishes or the context overflows. */
interface Task {
  tokens: number;
  overflow: () => void;
}

export async function startLlamaServer(options: LlamaServerOptions = {}): Promise<LlamaServer> {
  const settings: LlamaServer['options'] = {
    slots: options.slots ?? 4,
    contextTokens: options.contextTokens ?? 8192,
    trainContextTokens: options.trainContextTokens ?? options.contextTokens ?? 8192,
    nPredict: options.nPredict,
    loadingMs: options.loadingMs ?? 0,
    servedModel: options.servedModel ?? 'models/stories260K.gguf',
    generationMs: options.generationMs ?? 20,
    charsPerToken: options.charsPerToken ?? 3,
    apiKey: options.apiKey,
    streamErrors: options.streamErrors ?? 'data',
    answer: options.answer ?? (() => '[]'),
    flavour: options.flavour ?? 'llama-server',
  };
  let readyAt = Date.now() + settings.loadingMs;
  const active = new Set<Task>();
  const slotWaiters: Array<() => void> = [];
  let busySlots = 0;
  const tokensOf = (text: string) => doubleTokens(text, settings.charsPerToken);
  const promptTokens = (messages: ReadonlyArray<{ role?: string; content: string }>) => doublePromptTokens(messages, settings.charsPerToken);

  const double: Omit<LlamaServer, 'url' | 'port' | 'close'> = {
    options: settings,
    requests: [],
    usage: [],
    faults: [],
    counts: { answered: 0, truncated: 0, contextExceeded: 0, promptTooLong: 0, loading: 0, unauthorized: 0, rateLimited: 0, mostAtOnce: 0 },
    load(ms) {
      readyAt = Date.now() + ms;
    },
    promptTokens,
  };

  async function takeSlot(): Promise<void> {
    if (busySlots < settings.slots) {
      busySlots++;
      return;
    }
    await new Promise<void>((resolve) => slotWaiters.push(resolve));
  }

  function freeSlot(): void {
    const next = slotWaiters.shift();
    if (next) next();
    else busySlots--;
  }

  /** Runs one completion in a slot: resolves true when it finished, false when the shared context overflowed (for it and every task in the batch). */
  async function generate(tokens: number, cancelled: () => boolean): Promise<boolean> {
    await takeSlot();
    try {
      const task: Task = { tokens, overflow: () => undefined };
      const outcome = new Promise<boolean>((resolve) => {
        task.overflow = () => resolve(false);
        setTimeout(() => resolve(true), settings.generationMs);
      });
      active.add(task);
      double.counts.mostAtOnce = Math.max(double.counts.mostAtOnce, active.size);
      const used = [...active].reduce((sum, other) => sum + other.tokens, 0);
      // The KV cache is full: llama_decode fails for the whole batch, and every slot in it gets the error.
      if (used > settings.contextTokens) for (const victim of active) victim.overflow();
      const finished = await outcome;
      active.delete(task);
      return finished && !cancelled();
    } finally {
      freeSlot();
    }
  }

  function chunk(delta: Record<string, string>, finishReason: string | null): string {
    return `data: ${JSON.stringify({ choices: [{ finish_reason: finishReason, index: 0, delta }], created: Math.floor(Date.now() / 1000), id: 'chatcmpl-double', model: settings.servedModel, system_fingerprint: 'b6000-double', object: 'chat.completion.chunk' })}\n\n`;
  }

  function streamError(response: ServerResponse, error: Record<string, unknown>): void {
    if (settings.streamErrors === 'field') response.end(`error: ${JSON.stringify(error)}\n\ndata: [DONE]\n\n`);
    else response.end(`data: ${JSON.stringify({ error })}\n\n`);
  }

  async function chat(response: ServerResponse, body: ChatRequest, log: LlamaServer['requests'][number]): Promise<void> {
    const fault = double.faults.shift();
    if (fault) {
      double.counts.rateLimited++;
      log.status = 429;
      return sendJson(response, 429, { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter });
    }
    const messages = body.messages ?? [];
    const prompt = promptTokens(messages);
    if (prompt > settings.contextTokens) {
      double.counts.promptTooLong++;
      log.status = 400;
      const message = `request (${prompt} tokens) exceeds the available context size (${settings.contextTokens} tokens), try increasing it`;
      return sendJson(response, 400, { error: errorObject(400, message, 'exceed_context_size_error', { n_prompt_tokens: prompt, n_ctx: settings.contextTokens }) });
    }
    const full = await settings.answer(body);
    const allowed = Math.max(0, Math.min(body.max_tokens ?? Number.POSITIVE_INFINITY, settings.nPredict ?? Number.POSITIVE_INFINITY, settings.trainContextTokens - prompt));
    const cut = tokensOf(full) > allowed;
    const text = cut ? full.slice(0, allowed * settings.charsPerToken) : full;
    const completion = tokensOf(text);
    let hungUp = false;
    response.on('close', () => {
      if (!response.writableFinished) hungUp = true;
    });
    if (body.stream) {
      // The stream's headers go out before the work: a failure later is an event after HTTP 200.
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.flushHeaders();
    }
    const finished = await generate(prompt + completion, () => hungUp);
    if (hungUp) return;
    if (!finished) {
      double.counts.contextExceeded++;
      log.status = 500;
      if (body.stream) return streamError(response, CONTEXT_EXCEEDED);
      return sendJson(response, 500, { error: CONTEXT_EXCEEDED });
    }
    double.counts.answered++;
    if (cut) double.counts.truncated++;
    const finishReason = cut ? 'length' : 'stop';
    const usage = { completion_tokens: completion, prompt_tokens: prompt, total_tokens: prompt + completion };
    double.usage.push({ prompt, completion });
    if (!body.stream) {
      return sendJson(response, 200, {
        choices: [{ finish_reason: finishReason, index: 0, message: { role: 'assistant', content: text } }],
        created: Math.floor(Date.now() / 1000), model: settings.servedModel, system_fingerprint: 'b6000-double', object: 'chat.completion', usage, id: 'chatcmpl-double',
      });
    }
    const pieces = text.match(/\S+\s*|\s+/g) ?? [];
    for (const piece of pieces) response.write(chunk({ content: piece }, null));
    response.write(chunk({}, finishReason));
    response.write(`data: ${JSON.stringify({ choices: [], created: Math.floor(Date.now() / 1000), id: 'chatcmpl-double', model: settings.servedModel, object: 'chat.completion.chunk', usage })}\n\n`);
    response.end('data: [DONE]\n\n');
  }

  /** /v1/models as the flavour lists it: llama-server its GGUF with `meta`, vLLM with `max_model_len`, OpenRouter many models with `context_length`. */
  function modelList(): unknown {
    const created = Math.floor(Date.now() / 1000);
    const id = settings.servedModel;
    if (settings.flavour === 'vllm') return { object: 'list', data: [{ id, object: 'model', created, owned_by: 'vllm', root: id, parent: null, max_model_len: settings.contextTokens, permission: [] }] };
    if (settings.flavour === 'openrouter') {
      const entry = (model: string, context: number) => ({ id: model, name: model, created, context_length: context, top_provider: { context_length: context, max_completion_tokens: null, is_moderated: false }, pricing: { prompt: '0.000001', completion: '0.000002' } });
      return { data: [entry('other/large-model', 1_000_000), entry(id, settings.contextTokens), entry('other/small-model', 4096)] };
    }
    return { object: 'list', data: [{ id, object: 'model', created, owned_by: 'llamacpp', meta: { vocab_type: 1, n_vocab: 32000, n_ctx_train: settings.trainContextTokens, n_embd: 64, n_params: 260_000, size: 1_000_000 } }] };
  }

  /** The endpoints besides chat a flavour serves (/props, /apply-template, /tokenize); null for a path it does not serve. */
  function serverExtras(path: string, body: Record<string, unknown>): { status: number; body: unknown } | null {
    const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string; content: string }>) : null;
    if (settings.flavour === 'llama-server') {
      if (path === '/props') return { status: 200, body: { default_generation_settings: { id: 0, n_ctx: settings.contextTokens, params: { n_predict: settings.nPredict ?? -1 } }, total_slots: settings.slots, model_path: settings.servedModel, build_info: 'b6000-double' } };
      if (path === '/apply-template') {
        if (!messages) return { status: 400, body: { error: errorObject(400, "'messages' is required", 'invalid_request_error') } };
        return { status: 200, body: { prompt: doubleTemplate(messages) } };
      }
      if (path === '/tokenize') {
        if (typeof body.content !== 'string') return { status: 400, body: { error: errorObject(400, "'content' is required", 'invalid_request_error') } };
        const pieces = doubleTokenize(body.content, settings.charsPerToken, body.parse_special !== false);
        const ids = pieces.map(tokenId);
        return { status: 200, body: { tokens: body.with_pieces === true ? pieces.map((piece, index) => ({ id: ids[index], piece })) : ids } };
      }
    }
    // vLLM's /tokenize takes chat messages (template applied) or a plain prompt, and answers the count.
    if (settings.flavour === 'vllm' && path === '/tokenize') {
      const text = messages ? doubleTemplate(messages) : typeof body.prompt === 'string' ? body.prompt : null;
      if (text === null) return { status: 400, body: { object: 'error', message: 'Field required: prompt or messages', type: 'BadRequestError', param: null, code: 400 } };
      const tokens = doubleTokenize(text, settings.charsPerToken).map(tokenId);
      return { status: 200, body: { count: tokens.length, max_model_len: settings.contextTokens, tokens, token_strs: null } };
    }
    return null;
  }

  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    let body: ChatRequest = {};
    try {
      body = text ? (JSON.parse(text) as ChatRequest) : {};
    } catch {
      body = {};
    }
    const path = (request.url ?? '').split('?')[0];
    const log = { method: request.method ?? 'GET', path, authorization: request.headers.authorization, body, status: 200 };
    double.requests.push(log);
    // Every endpoint answers 503 while the model loads, /health included, and none says when to come back.
    if (Date.now() < readyAt) {
      double.counts.loading++;
      log.status = 503;
      return sendJson(response, 503, { error: LOADING });
    }
    if (path === '/health' || path === '/v1/health') return sendJson(response, 200, { status: 'ok' });
    // As llama-server's --api-key: /health and the model list are public, everything else needs the key.
    const isPublic = path === '/v1/models' || path === '/models';
    if (settings.apiKey !== undefined && !isPublic && request.headers.authorization !== `Bearer ${settings.apiKey}`) {
      double.counts.unauthorized++;
      log.status = 401;
      return sendJson(response, 401, { error: errorObject(401, 'Invalid API Key', 'authentication_error') });
    }
    if (path === '/v1/models' || path === '/models') return sendJson(response, 200, modelList());
    const extra = serverExtras(path, body as Record<string, unknown>);
    if (extra) {
      log.status = extra.status;
      return sendJson(response, extra.status, extra.body);
    }
    if (path === '/v1/chat/completions' || path === '/chat/completions') {
      return chat(response, body, log);
    }
    log.status = 404;
    return sendJson(response, 404, { error: errorObject(404, 'File Not Found', 'not_found_error') });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(double, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
