// A test double of llama.cpp's `llama-server` as measured in ../shared/notes/real-servers.md, on
// 127.0.0.1: N slots sharing ONE context budget (requests at once whose prompts and replies
// together outgrow it all fail with HTTP 500 "Context size has been exceeded." — in a stream, as an
// error event after HTTP 200), a per-request context limit (HTTP 400 exceed_context_size_error with
// n_prompt_tokens/n_ctx), a loading phase (503 "Loading model" on every endpoint, /health and
// /v1/models included, without Retry-After), replies cut with finish_reason "length", the served
// model's name in replies and /v1/models whatever the request's `model` says (and changeable between
// runs), an API key (401 authentication_error), one-off 429s with Retry-After in seconds or as an
// HTTP date, and a strict (Mistral-style) chat template that refuses roles that do not alternate. Error bodies are llama-server's, byte for byte in shape. Its tokenizer is a stand-in:
// `charsPerToken` characters a token, 4 tokens of template per message.
// With `flavour: 'ollama'` it is Ollama's /v1/chat/completions instead (notes: documented, ollama#3839):
// a prompt longer than `numCtx` is cut silently — its start after the first few tokens dropped, no
// error — and `usage.prompt_tokens` reports the cut prompt (numCtx), the only sign; the reply's
// `model` is the name asked for, and each slot has its own context (none is shared).
// As a reasoning model it thinks before it answers (the thought counts against the completion
// limit, `max_tokens` or `max_completion_tokens`) and sends the thought as llama-server
// (`reasoning_content`), vLLM (`reasoning`) or OpenRouter (`reasoning` and `reasoning_details`) do,
// whole or as stream deltas; it can report usage details (`reasoning_tokens`, `cached_tokens` for the
// prompt's leading messages seen in the previous request) and a price (`usage.cost`), and refuse
// `max_tokens` as OpenAI's reasoning models do.
//
// What the server tells about itself: `GET /props` (`default_generation_settings.n_ctx`,
// `total_slots`), `/v1/models` with `meta.n_ctx_train`, and exact prompt counts through
// `POST /apply-template` + `POST /tokenize`. As `flavour: 'vllm'` it is vLLM instead (`max_model_len`
// in /v1/models, `/tokenize` of chat messages answering `count`, no /props), as `flavour:
// 'openrouter'` a hosted gateway (many models with `context_length`, no counting endpoints).
// The stand-in tokenizer has another vocabulary than cl100k (English prompts count ~25–30% more,
// as Llama vocabularies did), its chat template four special tokens a message; the chat endpoint
// counts a prompt exactly as /apply-template then /tokenize do.
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
  /**
   * What /v1/models lists, for servers other than llama-server: several names (Ollama, LM Studio,
   * a gateway: they route by the request's `model`), or null for a server without the endpoint
   * (HTTP 404). Default: the served model alone, as llama-server.
   */
  models?: string[] | null;
  /** How long a request holds its slot and its share of the context, in ms. */
  generationMs?: number;
  charsPerToken?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` are refused (401). */
  apiKey?: string;
  /** How a stream reports a failure: `data` (`data: {"error":{...}}`, current builds) or `field` (`error: {...}` then `data: [DONE]`, older builds). */
  streamErrors?: 'data' | 'field';
  /**
   * A Mistral-style chat template: after an optional first system message, roles must alternate
   * user/assistant starting with user; anything else is refused with the template's exception
   * (a long message whose last line is the cause). `status`: 400 as measured (invalid_request_error),
   * or 500 server_error as some builds send it.
   */
  strictTemplate?: boolean | { status: 400 | 500 };
  /** Which server it is: llama-server (default), Ollama (whose OpenAI endpoint cuts long prompts silently), vLLM or OpenRouter (what they tell about themselves; see the header). */
  flavour?: 'llama-server' | 'ollama' | 'vllm' | 'openrouter';
  /** Ollama's context (`num_ctx`, which its OpenAI endpoint cannot change): 2,048 tokens by default (4,096 in later versions). */
  numCtx?: number;
  /** Listen on this port (0: any free one). */
  port?: number;
  /** What the model says to a request (its text before any cut); default "[]". */
  answer?: (request: ChatRequest) => string | Promise<string>;
  /** What the model thinks before it answers (before any cut); default: nothing. */
  reasoning?: (request: ChatRequest) => string;
  /** Where the thought goes: llama-server's `reasoning_content` (the default), vLLM's `reasoning`, or OpenRouter's `reasoning` plus `reasoning_details`. */
  reasoningFormat?: 'reasoning_content' | 'reasoning' | 'openrouter';
  /** Report `completion_tokens_details.reasoning_tokens` and `prompt_tokens_details.cached_tokens` in usage, as OpenAI and OpenRouter do. */
  usageDetails?: boolean;
  /** Report `usage.cost` (OpenRouter) as this many USD per token, prompt and completion alike. */
  costPerToken?: number;
  /** Refuse requests that carry `max_tokens` or a temperature other than 1 (HTTP 400), as OpenAI's reasoning models do. */
  refuseMaxTokens?: boolean;
  /** Refuse requests that carry `reasoning_effort` (HTTP 400 unsupported_parameter), as OpenAI's models without reasoning do. */
  refuseReasoningEffort?: boolean;
}

export interface ChatRequest {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  stream?: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  reasoning_effort?: string;
  temperature?: number;
  /** llama-server honours it: the same seed and temperature give the same text (an `answer` can read it). */
  seed?: number;
}

/** A one-off failure for the next chat request: a 429 with this Retry-After (seconds or an HTTP date), or none. */
export interface RateLimitFault {
  status: 429;
  retryAfter?: string;
}

export interface LlamaServer {
  url: string;
  port: number;
  options: Required<
    Omit<LlamaServerOptions, 'apiKey' | 'nPredict' | 'port' | 'strictTemplate' | 'costPerToken' | 'models'>
  > &
    Pick<LlamaServerOptions, 'apiKey' | 'nPredict' | 'costPerToken' | 'models'> & {
      strictTemplate: false | { status: 400 | 500 };
    };
  /** The tokens each chat reply's `usage` reported, in order (what a run was charged for). */
  usage: Array<{ prompt: number; completion: number }>;
  /** Every request with the status it got (a stream that failed after its 200 is listed with 500). */
  requests: Array<{
    method: string;
    path: string;
    authorization: string | undefined;
    body: ChatRequest;
    status: number;
  }>;
  /** One-off faults for the next chat requests, taken in order. */
  faults: RateLimitFault[];
  counts: {
    answered: number;
    truncated: number;
    contextExceeded: number;
    promptTooLong: number;
    promptCut: number;
    loading: number;
    unauthorized: number;
    rateLimited: number;
    mostAtOnce: number;
    templateRefused: number;
  };
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
    for (let start = 0; start < part.length; start += charsPerToken)
      pieces.push(part.slice(start, start + charsPerToken));
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
  return messages
    .map((message) => `<|im_start|><|${message.role ?? 'user'}|><|content|>${message.content}<|im_end|>`)
    .join('');
}

/** The double's token count of a chat prompt, as its chat endpoint counts it: the template applied, then tokenized (each message's text plus 4). */
export function doublePromptTokens(
  messages: ReadonlyArray<{ role?: string; content: string }>,
  charsPerToken = 3,
): number {
  return doubleTokenize(doubleTemplate(messages), charsPerToken).length;
}

/** A stable id for a token piece (the double has no vocabulary file). */
function tokenId(piece: string): number {
  let hash = 7;
  for (const char of piece) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 32000;
  return hash;
}

/** Tokens Ollama keeps at the start of a prompt it cuts (its runner's `num_keep`). */
const OLLAMA_KEEP_TOKENS = 4;

/** Ollama's cut of a prompt longer than its context: the first few tokens stay, then as much of the end as fits (its runner's "truncating input prompt"). */
function cutLikeOllama<M extends { content: string }>(
  messages: readonly M[],
  numCtx: number,
  charsPerToken: number,
): M[] {
  let drop = (doublePromptTokens(messages, charsPerToken) - numCtx) * charsPerToken;
  return messages.map((message, index) => {
    const start = index === 0 ? Math.min(OLLAMA_KEEP_TOKENS * charsPerToken, message.content.length) : 0;
    const cut = Math.max(0, Math.min(drop, message.content.length - start));
    drop -= cut;
    return { ...message, content: message.content.slice(0, start) + message.content.slice(start + cut) };
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

/** llama-server's error object (`format_error_response`), as it is sent inside `{"error": ...}`. */
function errorObject(
  code: number,
  message: string,
  type: string,
  extra: Record<string, number> = {},
): Record<string, unknown> {
  return { code, message, type, ...extra };
}

const LOADING = errorObject(503, 'Loading model', 'unavailable_error');

/** The exception of a Mistral-style template (minja's report: where in the template, then the cause on the last line). */
const ALTERNATION_EXCEPTION = [
  '',
  '------------',
  'While executing CallExpression at line 1, column 386 in source:',
  "...{%- for message in loop_messages %}↵    {%- if (message['role'] == 'user') != (loop.index0 % 2 == 0) %}↵        {{- raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}",
  '                                                                                                    ^',
  'Error: Jinja Exception: Conversation roles must alternate user/assistant/user/assistant/...',
].join('\n');

/** Whether a Mistral-style template accepts the roles: an optional first system message, then user, assistant, user, … */
function rolesAlternate(messages: ReadonlyArray<{ role: string }>): boolean {
  const rest = messages[0]?.role === 'system' ? messages.slice(1) : messages;
  return rest.every((message, index) => message.role === (index % 2 === 0 ? 'user' : 'assistant'));
}
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
    models: options.models,
    generationMs: options.generationMs ?? 20,
    charsPerToken: options.charsPerToken ?? 3,
    apiKey: options.apiKey,
    streamErrors: options.streamErrors ?? 'data',
    strictTemplate: options.strictTemplate === true ? { status: 400 } : (options.strictTemplate ?? false),
    flavour: options.flavour ?? 'llama-server',
    numCtx: options.numCtx ?? 2048,
    answer: options.answer ?? (() => '[]'),
    reasoning: options.reasoning ?? (() => ''),
    reasoningFormat: options.reasoningFormat ?? 'reasoning_content',
    usageDetails: options.usageDetails ?? false,
    costPerToken: options.costPerToken,
    refuseMaxTokens: options.refuseMaxTokens ?? false,
    refuseReasoningEffort: options.refuseReasoningEffort ?? false,
  };
  // The previous request's messages: its leading messages a new prompt repeats are "cached".
  let previousMessages: ReadonlyArray<{ role: string; content: string }> = [];
  let readyAt = Date.now() + settings.loadingMs;
  const active = new Set<Task>();
  const slotWaiters: Array<() => void> = [];
  let busySlots = 0;
  const tokensOf = (text: string) => doubleTokens(text, settings.charsPerToken);
  const promptTokens = (messages: ReadonlyArray<{ role?: string; content: string }>) =>
    doublePromptTokens(messages, settings.charsPerToken);

  const double: Omit<LlamaServer, 'url' | 'port' | 'close'> = {
    options: settings,
    requests: [],
    usage: [],
    faults: [],
    counts: {
      answered: 0,
      truncated: 0,
      contextExceeded: 0,
      promptTooLong: 0,
      promptCut: 0,
      loading: 0,
      unauthorized: 0,
      rateLimited: 0,
      mostAtOnce: 0,
      templateRefused: 0,
    },
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
      // (Ollama gives each parallel slot a context of its own: nothing is shared.)
      if (settings.flavour === 'llama-server' && used > settings.contextTokens)
        for (const victim of active) victim.overflow();
      const finished = await outcome;
      active.delete(task);
      return finished && !cancelled();
    } finally {
      freeSlot();
    }
  }

  /** The thought as the configured server sends it, in a message or a delta. */
  function reasoningFields(thought: string): Record<string, unknown> {
    if (thought === '') return {};
    if (settings.reasoningFormat === 'openrouter')
      return {
        reasoning: thought,
        reasoning_details: [{ type: 'reasoning.text', text: thought, format: 'unknown', index: 0 }],
      };
    return { [settings.reasoningFormat]: thought };
  }

  /** Tokens of the prompt's leading messages that the previous request began with too (a prefix cache's hit). */
  function cachedPromptTokens(messages: ReadonlyArray<{ role: string; content: string }>): number {
    let tokens = 0;
    for (let index = 0; index < messages.length && index < previousMessages.length; index++) {
      if (
        messages[index].role !== previousMessages[index].role ||
        messages[index].content !== previousMessages[index].content
      )
        break;
      tokens += 4 + tokensOf(messages[index].content);
    }
    return tokens;
  }

  function chunk(delta: Record<string, unknown>, finishReason: string | null, model: string): string {
    return `data: ${JSON.stringify({ choices: [{ finish_reason: finishReason, index: 0, delta }], created: Math.floor(Date.now() / 1000), id: 'chatcmpl-double', model, system_fingerprint: 'b6000-double', object: 'chat.completion.chunk' })}\n\n`;
  }

  function streamError(response: ServerResponse, error: Record<string, unknown>): void {
    if (settings.streamErrors === 'field') response.end(`error: ${JSON.stringify(error)}\n\ndata: [DONE]\n\n`);
    else response.end(`data: ${JSON.stringify({ error })}\n\n`);
  }

  async function chat(
    response: ServerResponse,
    body: ChatRequest,
    log: LlamaServer['requests'][number],
  ): Promise<void> {
    const fault = double.faults.shift();
    if (fault) {
      double.counts.rateLimited++;
      log.status = 429;
      return sendJson(
        response,
        429,
        {
          error: {
            message: 'Rate limit reached for requests',
            type: 'requests',
            param: null,
            code: 'rate_limit_exceeded',
          },
        },
        fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter },
      );
    }
    // OpenAI's refusals of a parameter, in its error shape (not llama-server's: it accepts them all).
    const refuse = (message: string, param: string, code: string) => {
      log.status = 400;
      sendJson(response, 400, { error: { message, type: 'invalid_request_error', param, code } });
    };
    if (settings.refuseMaxTokens && body.max_tokens !== undefined)
      return refuse(
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        'max_tokens',
        'unsupported_parameter',
      );
    if (settings.refuseMaxTokens && body.temperature !== undefined && body.temperature !== 1)
      return refuse(
        `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
        'temperature',
        'unsupported_value',
      );
    if (settings.refuseReasoningEffort && body.reasoning_effort !== undefined)
      return refuse(
        "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
        'reasoning_effort',
        'unsupported_parameter',
      );
    const ollama = settings.flavour === 'ollama';
    let messages = body.messages ?? [];
    if (settings.strictTemplate && !rolesAlternate(messages)) {
      double.counts.templateRefused++;
      const { status } = settings.strictTemplate;
      log.status = status;
      return sendJson(response, status, {
        error: errorObject(status, ALTERNATION_EXCEPTION, status === 400 ? 'invalid_request_error' : 'server_error'),
      });
    }
    let prompt = promptTokens(messages);
    // Ollama: no error, the model sees the cut prompt, and the usage counts what it saw.
    if (ollama && prompt > settings.numCtx) {
      double.counts.promptCut++;
      messages = cutLikeOllama(messages, settings.numCtx, settings.charsPerToken);
      prompt = settings.numCtx;
    }
    if (!ollama && prompt > settings.contextTokens) {
      double.counts.promptTooLong++;
      log.status = 400;
      const message = `request (${prompt} tokens) exceeds the available context size (${settings.contextTokens} tokens), try increasing it`;
      return sendJson(response, 400, {
        error: errorObject(400, message, 'exceed_context_size_error', {
          n_prompt_tokens: prompt,
          n_ctx: settings.contextTokens,
        }),
      });
    }
    const full = await settings.answer({ ...body, messages });
    const fullThought = settings.reasoning(body);
    // llama-server takes either name for the limit (max_completion_tokens first, as OpenAI's API).
    const limit = body.max_completion_tokens ?? body.max_tokens ?? Number.POSITIVE_INFINITY;
    // Ollama shifts its context to keep generating; llama-server stops at the model's.
    const room = ollama ? Number.POSITIVE_INFINITY : settings.trainContextTokens - prompt;
    const allowed = Math.max(0, Math.min(limit, settings.nPredict ?? Number.POSITIVE_INFINITY, room));
    // llama-server names the GGUF it has loaded; Ollama serves models by name and answers with the one asked for.
    const model = ollama ? (body.model ?? settings.servedModel) : settings.servedModel;
    // The thought comes first and counts against the same limit: a long one leaves no room to answer.
    const thoughtCut = tokensOf(fullThought) > allowed;
    const thought = thoughtCut ? fullThought.slice(0, allowed * settings.charsPerToken) : fullThought;
    const thoughtTokens = tokensOf(thought);
    const left = allowed - thoughtTokens;
    const cut = thoughtCut || tokensOf(full) > left;
    const text = thoughtCut ? '' : cut ? full.slice(0, left * settings.charsPerToken) : full;
    const completion = thoughtTokens + tokensOf(text);
    const cached = cachedPromptTokens(messages);
    previousMessages = messages;
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
    const usage = {
      completion_tokens: completion,
      prompt_tokens: prompt,
      total_tokens: prompt + completion,
      ...(settings.usageDetails
        ? {
            completion_tokens_details: { reasoning_tokens: thoughtTokens },
            prompt_tokens_details: { cached_tokens: cached },
          }
        : {}),
      ...(settings.costPerToken !== undefined ? { cost: (prompt + completion) * settings.costPerToken } : {}),
    };
    double.usage.push({ prompt, completion });
    if (!body.stream) {
      // A reply that never got past its thought has no content at all (vLLM sends null).
      const content = text === '' && thought !== '' ? null : text;
      return sendJson(response, 200, {
        choices: [
          {
            finish_reason: finishReason,
            index: 0,
            message: { role: 'assistant', content, ...reasoningFields(thought) },
          },
        ],
        created: Math.floor(Date.now() / 1000),
        model,
        system_fingerprint: 'b6000-double',
        object: 'chat.completion',
        usage,
        id: 'chatcmpl-double',
      });
    }
    const words = (value: string) => value.match(/\S+\s*|\s+/g) ?? [];
    for (const piece of words(thought)) response.write(chunk(reasoningFields(piece), null, model));
    for (const piece of words(text)) response.write(chunk({ content: piece }, null, model));
    response.write(chunk({}, finishReason, model));
    response.write(
      `data: ${JSON.stringify({ choices: [], created: Math.floor(Date.now() / 1000), id: 'chatcmpl-double', model, object: 'chat.completion.chunk', usage })}\n\n`,
    );
    response.end('data: [DONE]\n\n');
  }

  /** /v1/models as the flavour lists it: llama-server its GGUF (or `models`) with `meta`, vLLM with `max_model_len`, OpenRouter many models with `context_length`. */
  function modelList(): unknown {
    const created = Math.floor(Date.now() / 1000);
    const id = settings.servedModel;
    if (settings.flavour === 'vllm')
      return {
        object: 'list',
        data: [
          {
            id,
            object: 'model',
            created,
            owned_by: 'vllm',
            root: id,
            parent: null,
            max_model_len: settings.contextTokens,
            permission: [],
          },
        ],
      };
    if (settings.flavour === 'openrouter') {
      const entry = (model: string, context: number) => ({
        id: model,
        name: model,
        created,
        context_length: context,
        top_provider: { context_length: context, max_completion_tokens: null, is_moderated: false },
        pricing: { prompt: '0.000001', completion: '0.000002' },
      });
      return {
        data: [
          entry('other/large-model', 1_000_000),
          entry(id, settings.contextTokens),
          entry('other/small-model', 4096),
        ],
      };
    }
    const ids = settings.models ?? [id];
    return {
      object: 'list',
      data: ids.map((listed) => ({
        id: listed,
        object: 'model',
        created,
        owned_by: 'llamacpp',
        meta: {
          vocab_type: 1,
          n_vocab: 32000,
          n_ctx_train: settings.trainContextTokens,
          n_embd: 64,
          n_params: 260_000,
          size: 1_000_000,
        },
      })),
    };
  }

  /** The endpoints besides chat a flavour serves (/props, /apply-template, /tokenize); null for a path it does not serve. */
  function serverExtras(path: string, body: Record<string, unknown>): { status: number; body: unknown } | null {
    const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string; content: string }>) : null;
    if (settings.flavour === 'llama-server') {
      if (path === '/props')
        return {
          status: 200,
          body: {
            default_generation_settings: {
              id: 0,
              n_ctx: settings.contextTokens,
              params: { n_predict: settings.nPredict ?? -1 },
            },
            total_slots: settings.slots,
            model_path: settings.servedModel,
            build_info: 'b6000-double',
          },
        };
      if (path === '/apply-template') {
        if (!messages)
          return { status: 400, body: { error: errorObject(400, "'messages' is required", 'invalid_request_error') } };
        return { status: 200, body: { prompt: doubleTemplate(messages) } };
      }
      if (path === '/tokenize') {
        if (typeof body.content !== 'string')
          return { status: 400, body: { error: errorObject(400, "'content' is required", 'invalid_request_error') } };
        const pieces = doubleTokenize(body.content, settings.charsPerToken, body.parse_special !== false);
        const ids = pieces.map(tokenId);
        return {
          status: 200,
          body: { tokens: body.with_pieces === true ? pieces.map((piece, index) => ({ id: ids[index], piece })) : ids },
        };
      }
    }
    // vLLM's /tokenize takes chat messages (template applied) or a plain prompt, and answers the count.
    if (settings.flavour === 'vllm' && path === '/tokenize') {
      const text = messages ? doubleTemplate(messages) : typeof body.prompt === 'string' ? body.prompt : null;
      if (text === null)
        return {
          status: 400,
          body: {
            object: 'error',
            message: 'Field required: prompt or messages',
            type: 'BadRequestError',
            param: null,
            code: 400,
          },
        };
      const tokens = doubleTokenize(text, settings.charsPerToken).map(tokenId);
      return {
        status: 200,
        body: { count: tokens.length, max_model_len: settings.contextTokens, tokens, token_strs: null },
      };
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
    const log = {
      method: request.method ?? 'GET',
      path,
      authorization: request.headers.authorization,
      body,
      status: 200,
    };
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
    if ((path === '/v1/models' || path === '/models') && settings.models !== null)
      return sendJson(response, 200, modelList());
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

/** The messages `waypoint run`'s preflight sends in its one-token request (core/eval/connectionTest.ts). */
const PREFLIGHT_MESSAGES = JSON.stringify([{ role: 'user', content: 'Reply with OK.' }]);

/**
 * The chat requests that asked questions, in order: a run first reads the model list and asks what
 * the server tells (/props, /tokenize) and one token of "Reply with OK." (its preflight); none of
 * those is a question.
 */
export function questionRequests(server: Pick<LlamaServer, 'requests'>): LlamaServer['requests'] {
  return server.requests.filter(
    (request) =>
      /\/chat\/completions$/.test(request.path.split('?')[0]) &&
      JSON.stringify(request.body.messages) !== PREFLIGHT_MESSAGES,
  );
}

/** A run's stderr without its preflight's verdict line (`waypoint run: OK in … ms: …`), which every run against a server prints first. */
export function withoutPreflight(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !/^waypoint (run|play): OK in \d+ ms: /.test(line))
    .join('\n');
}
