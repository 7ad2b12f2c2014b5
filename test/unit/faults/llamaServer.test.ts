// The llama-server double (test/support/llamaServer.ts) does what ../shared/notes/real-servers.md
// measured, with llama-server's exact error bodies; and one model call through the provider meets
// each behaviour as a user's run would: a loading server is waited for, a context overflow is
// retried whether streamed or not (both stream error forms), a prompt too long fails at once with
// its kind, a reply cut at the token limit says so, the served model is the one the server names,
// 429's Retry-After is obeyed in seconds and as a date, and refusals say what kind they are.
import { strict as assert } from 'node:assert';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { askModel, ModelCallError, runRecordOf } from '../../../src/core/eval/engine';
import { OpenAiCompatibleSource } from '../../../src/core/eval/openaiProvider';
import { failureSchema } from '../../../src/core/eval/recordSchemas';
import type { ChatMessage, ModelProfile, ModelReply } from '../../../src/core/eval/types';
import type { MangoQuestion } from '../../../src/core/benchmarks/mango/questionSchema';
import { type LlamaServer, type LlamaServerOptions, startLlamaServer } from '../../support/llamaServer';

const question: MangoQuestion = {
  benchmark: 'mango',
  game: 'lighthouse',
  task: 'rf',
  sampleId: 'x',
  src: 'a',
  dst: 'b',
  actionList: [],
  answerable: true,
  easy: true,
  cutoff: 70,
};
const KEY = 'sk-local-double-key';

/** A prompt of about `tokens` of the double's tokens (3 characters each). */
function promptOf(tokens: number, tag = 'q'): ChatMessage[] {
  return [{ role: 'user', content: `${tag} ${'x'.repeat(Math.max(0, tokens * 3 - tag.length - 1 - 12))}` }];
}

async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the llama-server double and one model call against it', function () {
  this.timeout(20_000);
  let server: LlamaServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: LlamaServerOptions = {}): Promise<LlamaServer> {
    server = await startLlamaServer(options);
    return server;
  }

  function profile(at: LlamaServer, extra: Partial<ModelProfile> = {}): ModelProfile {
    // `model` is what the README's profile sends; llama-server ignores it.
    return {
      id: 'local',
      provider: 'openai-compatible',
      baseUrl: at.url,
      model: 'default',
      temperature: 0,
      maxTokens: 512,
      timeoutMs: 10_000,
      retries: 0,
      ...extra,
    };
  }

  /** One call through the provider (a seeded spread of retries); the reply or the error. */
  async function ask(
    at: LlamaServer,
    messages: ChatMessage[],
    extra: Partial<ModelProfile> = {},
  ): Promise<{ reply?: ModelReply; error?: ModelCallError }> {
    let seed = 0.37;
    const source = new OpenAiCompatibleSource(
      async () => KEY,
      undefined,
      () => (seed = (seed * 9301 + 0.49297) % 1),
    );
    try {
      return { reply: await source.reply(messages, profile(at, extra), question, new AbortController().signal) };
    } catch (error) {
      if (!(error instanceof ModelCallError)) throw error;
      return { error };
    }
  }

  describe('start-up', () => {
    it('answers 503 "Loading model" without Retry-After on every endpoint while loading, then 200 on /health', async () => {
      const double = await start({ loadingMs: 60_000 });
      for (const [path, init] of [
        ['/health', {}],
        ['/v1/models', {}],
        ['/v1/chat/completions', { method: 'POST', body: '{"messages":[]}' }],
      ] as const) {
        const response = await fetch(`${double.url}${path}`, init);
        assert.equal(response.status, 503, path);
        assert.equal(response.headers.get('retry-after'), null);
        assert.deepEqual(await response.json(), {
          error: { code: 503, message: 'Loading model', type: 'unavailable_error' },
        });
      }
      double.load(0);
      const health = await fetch(`${double.url}/health`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok' });
    });

    it('a question asked while the model loads is answered once it is ready, without using the retry budget', async () => {
      const double = await start({ loadingMs: 1500, answer: () => 'ready now' });
      const { reply, error } = await ask(double, promptOf(20), { retries: 0 });
      assert.equal(error, undefined);
      assert.equal(reply?.text, 'ready now');
      assert.ok(double.counts.loading >= 1, `${double.counts.loading} loading refusals`);
      assert.equal(double.counts.answered, 1);
    });

    it('a server still loading when timeoutMs runs out fails as "loading", saying to wait until it is ready', async () => {
      const double = await start({ loadingMs: 60_000 });
      const { error } = await ask(double, promptOf(20), { timeoutMs: 1200, retries: 5 });
      assert.match(
        error?.message ?? '',
        /still loading its model \(HTTP 503 "Loading model"\).*wait until the server is ready/,
      );
      assert.deepEqual(error?.failure, { kind: 'loading', status: 503, type: 'unavailable_error' });
    });
  });

  describe('context', () => {
    it('a prompt longer than the context is HTTP 400 exceed_context_size_error with its token counts, failed at once', async () => {
      const double = await start({ contextTokens: 512 });
      const response = await fetch(`${double.url}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: promptOf(600) }),
      });
      assert.equal(response.status, 400);
      const prompt = double.promptTokens(promptOf(600));
      assert.deepEqual(await response.json(), {
        error: {
          code: 400,
          message: `request (${prompt} tokens) exceeds the available context size (512 tokens), try increasing it`,
          type: 'exceed_context_size_error',
          n_prompt_tokens: prompt,
          n_ctx: 512,
        },
      });
      const { error } = await ask(double, promptOf(600), { retries: 3 });
      assert.deepEqual(error?.failure, { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' });
      assert.match(error?.message ?? '', /HTTP 400: request \(\d+ tokens\) exceeds the available context size/);
      // Not retried: the same prompt cannot fit later.
      assert.equal(double.counts.promptTooLong, 2);
    });

    // The double holds each request for 1.5 s, so the second surely arrives while the first is in its slot.
    it('requests at once that outgrow the shared context all fail: HTTP 500, or an error event after HTTP 200 in a stream', async () => {
      const double = await start({ contextTokens: 1000, generationMs: 1500 });
      const post = (stream: boolean) =>
        fetch(`${double.url}/v1/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ messages: promptOf(600), stream }),
        });
      const first = post(false);
      const second = post(true);
      const [whole, streamed] = await Promise.all([first, second]);
      assert.equal(whole.status, 500);
      assert.deepEqual(await whole.json(), {
        error: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' },
      });
      assert.equal(streamed.status, 200);
      assert.equal(
        await streamed.text(),
        'data: {"error":{"code":500,"message":"Context size has been exceeded.","type":"server_error"}}\n\n',
      );
      assert.equal(double.counts.contextExceeded, 2);
      // One at a time, both fit.
      assert.equal((await post(false)).status, 200);
      assert.equal((await post(true)).status, 200);
    });

    for (const streamErrors of ['data', 'field'] as const) {
      it(`a streamed call that meets the overflow (${streamErrors === 'data' ? 'data: {"error"}' : "an older build's error: line"}) is retried like a non-streamed one`, async () => {
        const double = await start({
          contextTokens: 1000,
          generationMs: 1500,
          streamErrors,
          answer: () => 'fits alone',
        });
        // Another client's request holds most of the context while ours arrives.
        const other = fetch(`${double.url}/v1/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ messages: promptOf(600, 'other') }),
        });
        while (double.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        const { reply, error } = await ask(double, promptOf(600), { stream: true, retries: 1 });
        assert.equal((await other).status, 500);
        assert.equal(error, undefined, error?.message);
        assert.equal(reply?.text, 'fits alone');
        assert.equal(double.counts.contextExceeded, 2);
        assert.equal(double.requests.filter((request) => request.body.stream).length, 2);
      });
    }

    it('an overflow at the last try is a failure of kind context-slots, streamed or not', async () => {
      for (const stream of [false, true]) {
        const double = await start({ contextTokens: 1000, generationMs: 1500 });
        const other = fetch(`${double.url}/v1/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ messages: promptOf(600, 'other') }),
        });
        while (double.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        const { error } = await ask(double, promptOf(600), { stream, retries: 0 });
        await other;
        assert.deepEqual(
          error?.failure,
          { kind: 'context-slots', status: 500, type: 'server_error' },
          stream ? 'streamed' : 'whole',
        );
        assert.match(error?.message ?? '', /Context size has been exceeded/);
        await double.close();
        server = undefined;
      }
    });
  });

  describe('strict chat templates', () => {
    /** SmartPlay's experiment loop: three system messages (player, manual, observation), then the question. */
    const smartplayTurn: ChatMessage[] = [
      { role: 'system', content: 'You are a player trying to play the game.' },
      { role: 'system', content: 'The manual.' },
      { role: 'system', content: 'current step observation: a rod' },
      { role: 'user', content: 'What is the best action to take?' },
    ];
    const CAUSE = 'Error: Jinja Exception: Conversation roles must alternate user/assistant/user/assistant/...';

    for (const status of [400, 500] as const) {
      it(`roles that do not alternate are refused (HTTP ${status}) with the cause on the last line; the call fails at once as "template", keeps the cause and names messageLayout`, async () => {
        const double = await start({ strictTemplate: { status } });
        const response = await fetch(`${double.url}/v1/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ messages: smartplayTurn }),
        });
        assert.equal(response.status, status);
        const body = (await response.json()) as { error: { code: number; message: string; type: string } };
        assert.equal(body.error.code, status);
        assert.ok(body.error.message.length > 200 && body.error.message.endsWith(`\n${CAUSE}`), body.error.message);
        let error: ModelCallError | undefined;
        try {
          await askModel(
            new OpenAiCompatibleSource(async () => KEY),
            null,
            profile(double, { retries: 3 }),
            smartplayTurn,
            question,
            new AbortController().signal,
          );
        } catch (caught) {
          error = caught as ModelCallError;
        }
        assert.deepEqual(error?.failure, {
          kind: 'template',
          status,
          type: status === 400 ? 'invalid_request_error' : 'server_error',
        });
        assert.ok(error?.message.includes(CAUSE), error?.message);
        assert.match(
          error?.message ?? '',
          /set "messageLayout": "alternate" in the model profile \(waypoint run\/play: --message-layout alternate\)/,
        );
        // Not retried: the same messages meet the same template.
        assert.equal(double.counts.templateRefused, 2);
      });
    }

    it('with messageLayout "alternate" the same turn is sent as one system and one user message, and answered', async () => {
      const double = await start({
        strictTemplate: true,
        answer: () => 'Move the top disk of rod A to the top of rod C',
      });
      const reply = await askModel(
        new OpenAiCompatibleSource(async () => KEY),
        null,
        profile(double, { messageLayout: 'alternate' }),
        [...smartplayTurn, { role: 'assistant', content: 'Think.' }, { role: 'user', content: 'Choose.' }],
        question,
        new AbortController().signal,
      );
      assert.equal(reply.text, 'Move the top disk of rod A to the top of rod C');
      assert.deepEqual(double.requests.at(-1)?.body.messages, [
        {
          role: 'system',
          content: 'You are a player trying to play the game.\n\nThe manual.\n\ncurrent step observation: a rod',
        },
        { role: 'user', content: 'What is the best action to take?' },
        { role: 'assistant', content: 'Think.' },
        { role: 'user', content: 'Choose.' },
      ]);
      assert.equal(double.counts.templateRefused, 0);
    });
  });

  describe('replies', () => {
    for (const stream of [false, true]) {
      it(`a reply cut at the token limit keeps finish_reason "length" and its record is flagged truncated (${stream ? 'streamed' : 'whole'})`, async () => {
        const double = await start({ nPredict: 4, answer: () => '[UP, UP, LEFT, TAKE, DOWN, DROP]' });
        const { reply } = await ask(double, promptOf(30), { stream });
        assert.equal(reply?.finishReason, 'length');
        // 4 tokens of 3 characters.
        assert.equal(reply?.text, '[UP, UP, LEF');
        assert.equal(reply?.completionTokens, 4);
        const record = runRecordOf(
          { question, model: profile(double), messages: [], parsedAnswer: null, scores: {}, mode: 'faithful' },
          reply as ModelReply,
        );
        assert.equal(record.truncated, true);
        assert.equal(record.finish_reason, 'length');
        assert.equal(double.counts.truncated, 1);
      });
    }

    it('a complete reply says "stop" and is not flagged', async () => {
      const double = await start({ answer: () => 'short' });
      const { reply } = await ask(double, promptOf(30));
      assert.equal(reply?.finishReason, 'stop');
      const record = runRecordOf(
        { question, model: profile(double), messages: [], parsedAnswer: null, scores: {}, mode: 'faithful' },
        reply as ModelReply,
      );
      assert.equal(record.truncated, undefined);
      assert.equal(record.finish_reason, 'stop');
    });

    it('the served model is the one the server has loaded, whatever the request named, and changes when it does', async () => {
      const double = await start({ servedModel: 'models/stories260K.gguf' });
      const models = (await (await fetch(`${double.url}/v1/models`)).json()) as { data: Array<{ id: string }> };
      assert.deepEqual(
        models.data.map((model) => model.id),
        ['models/stories260K.gguf'],
      );
      for (const stream of [false, true])
        assert.equal(
          (await ask(double, promptOf(10), { stream, model: 'gpt-4o' })).reply?.servedModel,
          'models/stories260K.gguf',
        );
      assert.ok(double.requests.some((request) => request.body.model === 'gpt-4o'));
      double.options.servedModel = 'models/tinyllama-q4.gguf';
      const record = runRecordOf(
        { question, model: profile(double), messages: [], parsedAnswer: null, scores: {}, mode: 'faithful' },
        (await ask(double, promptOf(10))).reply as ModelReply,
      );
      assert.equal(record.served_model, 'models/tinyllama-q4.gguf');
    });
  });

  describe('as Ollama (flavour "ollama")', () => {
    for (const stream of [false, true]) {
      it(`a prompt longer than num_ctx is answered without an error: the model sees it cut, and usage counts the cut prompt (${stream ? 'streamed' : 'whole'})`, async () => {
        const seen: string[] = [];
        const double = await start({
          flavour: 'ollama',
          numCtx: 2048,
          answer: (request) => {
            seen.push(request.messages?.map((message) => message.content).join('\n') ?? '');
            return 'ok';
          },
        });
        const long = [{ role: 'user' as const, content: `BEGIN ${'w'.repeat(3 * 4000)} END` }];
        const { reply, error } = await ask(double, long, { stream, model: 'llama3.2' });
        assert.equal(error, undefined);
        assert.equal(reply?.text, 'ok');
        assert.equal(reply?.finishReason, 'stop');
        assert.equal(reply?.promptTokens, 2048);
        // Ollama answers with the model asked for (it serves models by name).
        assert.equal(reply?.servedModel, 'llama3.2');
        assert.equal(double.counts.promptCut, 1);
        assert.equal(double.counts.promptTooLong, 0);
        // Its first few tokens and its end survive; the rest of the start is gone.
        assert.ok(seen[0].startsWith('BEGIN') && seen[0].endsWith(' END'));
        assert.ok(
          seen[0].length < long[0].content.length / 1.5,
          `${seen[0].length} characters seen of ${long[0].content.length}`,
        );
      });
    }

    it('a prompt that fits is counted whole, and several at once share no context', async () => {
      const double = await start({ flavour: 'ollama', numCtx: 4096, slots: 4, contextTokens: 1000, generationMs: 50 });
      const messages = promptOf(900);
      const replies = await Promise.all([1, 2, 3, 4].map(() => ask(double, messages)));
      assert.deepEqual(
        replies.map((result) => result.reply?.promptTokens),
        Array(4).fill(double.promptTokens(messages)),
      );
      assert.equal(double.counts.contextExceeded, 0);
      assert.equal(double.counts.promptCut, 0);
    });
  });

  describe('refusals', () => {
    for (const [label, retryAfter] of [
      ['in seconds', () => '1'],
      ['as an HTTP date', () => new Date(Date.now() + 1000).toUTCString()],
    ] as const) {
      it(`429 with Retry-After ${label} is waited out and the retry answers`, async () => {
        const double = await start({ answer: () => 'after the wait' });
        double.faults.push({ status: 429, retryAfter: retryAfter() });
        const { reply, error } = await ask(double, promptOf(10), { retries: 1 });
        assert.equal(error, undefined, error?.message);
        assert.equal(reply?.text, 'after the wait');
        assert.deepEqual(
          double.requests.map((request) => request.status),
          [429, 200],
        );
      });
    }

    it('a call of many attempts leaves no listener behind (no MaxListenersExceededWarning)', async () => {
      const double = await start({ answer: () => 'at last' });
      for (let index = 0; index < 15; index++) double.faults.push({ status: 429, retryAfter: '0' });
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.name);
      process.on('warning', onWarning);
      try {
        const { reply } = await ask(double, promptOf(10), { retries: 20 });
        assert.equal(reply?.text, 'at last');
        // Warnings are emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', onWarning);
      }
      assert.deepEqual(warnings, []);
      assert.equal(double.counts.rateLimited, 15);
    });

    it('429 after the retries is a rate-limit failure', async () => {
      const double = await start();
      double.faults.push({ status: 429, retryAfter: '0' }, { status: 429, retryAfter: '0' });
      const { error } = await ask(double, promptOf(10), { retries: 1 });
      assert.equal(error?.failure?.kind, 'rate-limit');
      assert.equal(error?.failure?.status, 429);
    });

    it('a wrong key is HTTP 401 authentication_error, not retried; /health and /v1/models need no key', async () => {
      const double = await start({ apiKey: 'the-right-key' });
      const { error } = await ask(double, promptOf(10), { retries: 3 });
      assert.deepEqual(error?.failure, { kind: 'auth', status: 401, type: 'authentication_error' });
      assert.equal(double.counts.unauthorized, 1);
      assert.equal((await fetch(`${double.url}/health`)).status, 200);
      assert.equal((await fetch(`${double.url}/v1/models`)).status, 200);
    });

    it('no server at the port is a connection failure', async () => {
      const port = await freePort();
      const dead = { url: `http://127.0.0.1:${port}` } as LlamaServer;
      const { error } = await ask(dead, promptOf(10), { retries: 0 });
      assert.equal(error?.failure?.kind, 'connection');
      assert.match(error?.message ?? '', /could not be reached \(connect ECONNREFUSED/);
    });

    it('a stream error with a JSON-RPC code and a prose type keeps neither: the record stays readable', async () => {
      // Not llama-server: a gateway that streams `{"error":{"code":-32000,...}}` and echoes text as its type.
      const gateway = createHttpServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(
          `data: ${JSON.stringify({ error: { code: -32000, message: 'upstream failed', type: `echo of Bearer ${KEY} and more` } })}\n\n`,
        );
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      try {
        const at = { url: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/v1` } as LlamaServer;
        const { error } = await ask(at, promptOf(10), { stream: true, retries: 0 });
        assert.ok(error?.failure, 'a failure of some kind');
        assert.equal(error.failure.status, undefined);
        assert.equal(error.failure.type, undefined);
        // The record schema takes a failure's status only as an HTTP status (a non-negative integer).
        assert.ok(failureSchema.safeParse(error.failure).success);
        assert.doesNotMatch(`${error.message} ${JSON.stringify(error.failure)}`, new RegExp(KEY));
      } finally {
        await new Promise((resolve) => gateway.close(resolve));
      }
    });
  });
});
