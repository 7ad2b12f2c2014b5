// Fault injection: the provider, askModel and the cache against a local OpenAI-compatible server
// that misbehaves the way real gateways do. Every fault must end (the sentence says how: a timeout,
// a refused wait, a cap), with one clear sentence that never contains the key, and nothing may
// reach the cache. No speed is asserted: a busy machine only makes these slower.
import { strict as assert } from 'node:assert';
import { type AddressInfo, createServer } from 'node:net';
import { askModel, type ResponseCache } from '../../../src/core/eval/engine';
import { connectionReason, OpenAiCompatibleSource } from '../../../src/core/eval/openaiProvider';
import type { ModelProfile, ModelReply } from '../../../src/core/eval/types';
import type { MangoQuestion } from '../../../src/core/benchmarks/mango/questionSchema';
import { startFakeOpenAi, type FakeOpenAi, type ScriptedReply } from '../../support/fakeOpenAi';

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
// Not shaped like an OpenAI key on purpose: redaction must not depend on the key's look.
const KEY = 'local-gateway-token-9f8e7d6c5b4a';

interface Outcome {
  error: Error | null;
  reply: ModelReply | null;
  ms: number;
  cached: number;
}

describe('model calls under injected faults', () => {
  let fake: FakeOpenAi;
  const source = new OpenAiCompatibleSource(async () => KEY);
  before(async () => {
    fake = await startFakeOpenAi();
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.script.length = 0;
  });

  function profile(extra: Partial<ModelProfile> = {}): ModelProfile {
    // A generous timeout unless a test is about timeouts (then 0.8 s): only what a test is about fails it.
    return {
      id: 'faulty',
      provider: 'openai-compatible',
      baseUrl: fake.url,
      model: 'fake-model',
      temperature: 0,
      maxTokens: 512,
      timeoutMs: 120_000,
      retries: 0,
      ...extra,
    };
  }

  /** One askModel through an in-memory cache; the outcome, how long it took and how many entries were cached. */
  async function ask(
    script: ScriptedReply[],
    extra: Partial<ModelProfile> = {},
    abortAfterMs?: number,
  ): Promise<Outcome> {
    fake.script.push(...script);
    const store = new Map<string, ModelReply>();
    const cache: ResponseCache = {
      get: async (key) => store.get(key),
      set: async (key, reply) => void store.set(key, reply),
    };
    const controller = new AbortController();
    const timer = abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), abortAfterMs);
    const started = Date.now();
    try {
      const reply = await askModel(
        source,
        cache,
        profile(extra),
        [{ role: 'user', content: 'Find a path.' }],
        question,
        controller.signal,
      );
      return { error: null, reply, ms: Date.now() - started, cached: store.size };
    } catch (error) {
      return { error: error as Error, reply: null, ms: Date.now() - started, cached: store.size };
    } finally {
      clearTimeout(timer);
    }
  }

  function assertFailed(outcome: Outcome, message: RegExp): void {
    assert.ok(outcome.error, `expected a failure, got the reply ${JSON.stringify(outcome.reply?.text.slice(0, 80))}`);
    assert.match(outcome.error.message, message);
    assert.ok(!outcome.error.message.includes(KEY), `the key leaked: ${outcome.error.message}`);
    assert.equal(outcome.cached, 0, 'nothing is cached');
  }

  describe('timeouts cover the whole request', () => {
    it('a body that drips one byte at a time times out at timeoutMs', async () => {
      assertFailed(await ask([{ content: 'slow', dripMs: 100 }], { timeoutMs: 800 }), /did not answer within 0\.8 s/);
    });

    it('a streamed body that drips times out at timeoutMs', async () => {
      assertFailed(
        await ask([{ content: 'slow', dripMs: 100 }], { stream: true, timeoutMs: 800 }),
        /did not answer within 0\.8 s/,
      );
    });

    it('an endless event stream times out at timeoutMs, and the connection is closed', async () => {
      const hangUps = fake.hangUps;
      assertFailed(
        await ask([{ content: 'forever ', endless: true }], { stream: true, timeoutMs: 800 }),
        /did not answer within 0\.8 s/,
      );
      // The server sees the hang-up once the close reaches it: wait for it (generous cap), then count.
      for (const cap = Date.now() + 60_000; fake.hangUps === hangUps && Date.now() < cap; )
        await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(fake.hangUps, hangUps + 1, 'the client hung up');
    });
  });

  describe('Retry-After is capped and cancellable', () => {
    it('a huge Retry-After fails at once, naming the requested wait', async () => {
      assertFailed(
        await ask([{ status: 429, headers: { 'retry-after': '3600' } }, { content: 'too late' }], {
          retries: 2,
          timeoutMs: 60_000,
        }),
        /retry after 3600 s/,
      );
    });

    it('a Retry-After longer than what is left of timeoutMs fails at once', async () => {
      assertFailed(
        await ask([{ status: 503, headers: { 'retry-after': '5' } }, { content: 'too late' }], {
          retries: 2,
          timeoutMs: 2000,
        }),
        /retry after 5 s.*timeoutMs/,
      );
    });

    it('a short Retry-After is obeyed, then the retry succeeds', async () => {
      const outcome = await ask([{ status: 429, headers: { 'retry-after': '1' } }, { content: 'ok now' }], {
        retries: 1,
      });
      assert.equal(outcome.reply?.text, 'ok now');
      assert.ok(outcome.ms >= 900, `waited ${outcome.ms} ms`);
    });

    it('Cancel during a Retry-After wait returns at once', async () => {
      const requests = fake.requests.length;
      const outcome = await ask(
        [{ status: 429, headers: { 'retry-after': '20' } }, { content: 'too late' }],
        { retries: 2, timeoutMs: 60_000 },
        300,
      );
      assertFailed(outcome, /^cancelled$/);
      // Not a speed budget: a call that sat out the 20 s the server asked for was not cancelled.
      assert.ok(outcome.ms < 20_000, `returned after ${outcome.ms} ms, once the Retry-After had run out`);
      assert.equal(fake.requests.length, requests + 1, 'no retry after Cancel');
    });
  });

  describe('only complete replies are cached', () => {
    it('cancelling a streamed reply midway caches nothing, and the next ask goes to the server', async () => {
      const cancelled = await ask(
        [{ content: 'partial answer ', endless: true }],
        { stream: true, timeoutMs: 120_000 },
        300,
      );
      assertFailed(cancelled, /^cancelled$/);
      const requests = fake.requests.length;
      const next = await ask([{ content: 'complete answer' }], { stream: true });
      assert.equal(next.reply?.text, 'complete answer');
      assert.equal(next.reply?.cached, false);
      assert.equal(fake.requests.length, requests + 1);
    });

    it('a source that returns after Cancel (ignoring the signal) is not cached', async () => {
      const store = new Map<string, ModelReply>();
      const cache: ResponseCache = {
        get: async (key) => store.get(key),
        set: async (key, reply) => void store.set(key, reply),
      };
      const controller = new AbortController();
      const late = {
        reply: async () => (
          controller.abort(),
          { text: 'partial', promptTokens: null, completionTokens: null, latencyMs: 1, cached: false }
        ),
      };
      await assert.rejects(
        askModel(late, cache, profile(), [{ role: 'user', content: 'q' }], question, controller.signal),
        /^Error: cancelled$/,
      );
      assert.equal(store.size, 0);
    });

    it('a stream that ends without a finish_reason is an incomplete reply', async () => {
      assertFailed(
        await ask([{ content: 'cut off here', noFinish: true }], { stream: true }),
        /ended before the reply was complete/,
      );
    });

    it('a connection reset in the middle of a body is a clear failure', async () => {
      assertFailed(
        await ask([{ content: 'x'.repeat(2000), resetAfterBytes: 500 }]),
        /closed the connection before the reply was complete/,
      );
    });

    it('a connection reset in the middle of a stream is a clear failure', async () => {
      assertFailed(
        await ask([{ content: 'word '.repeat(400), resetAfterBytes: 500 }], { stream: true }),
        /closed the connection before the reply was complete/,
      );
    });
  });

  describe('keys never appear in errors', () => {
    for (const status of [400, 500, 502]) {
      it(`a ${status} body quoting the key`, async () => {
        const outcome = await ask([{ status, errorMessage: 'Invalid key {key} (header Authorization: Bearer {key})' }]);
        assertFailed(outcome, new RegExp(`HTTP ${status}`));
        assert.match(outcome.error?.message ?? '', /\[redacted\]/);
      });
    }

    it('an SSE error event quoting the key', async () => {
      const outcome = await ask([{ content: 'starting ', sseError: 'upstream rejected key {key}' }], { stream: true });
      assertFailed(outcome, /reported an error in its stream: upstream rejected key \[redacted\]/);
    });

    it('no server at the base URL: says it cannot be reached and why, not that the stream failed', async () => {
      // A port that was free a moment ago: nothing listens there, so the connection is refused.
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      for (const stream of [false, true]) {
        const outcome = await ask([], { baseUrl: `http://127.0.0.1:${port}/v1`, stream });
        assertFailed(
          outcome,
          new RegExp(
            `^fake-model at http://127\\.0\\.0\\.1:${port}/v1 could not be reached \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\): check that the server is running and the base URL\\.$`,
          ),
        );
      }
    });
  });

  describe('connections that open and drop', () => {
    it('a server that takes the request and closes the socket before answering closed the connection; it was reached', async () => {
      const server = createServer((socket) => socket.once('data', () => socket.destroy()));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        for (const stream of [false, true]) {
          const outcome = await ask([], { baseUrl: `http://127.0.0.1:${port}/v1`, stream, retries: 0 });
          assertFailed(outcome, /closed the connection before the reply was complete \(other side closed|ECONNRESET/);
          assert.doesNotMatch(outcome.error?.message ?? '', /could not be reached|error in its stream/);
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('an https base URL at a server that drops the TLS handshake could not be reached (a wrong scheme or port), not a reply cut off', async () => {
      const server = createServer((socket) => socket.once('data', () => socket.destroy()));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const outcome = await ask([], { baseUrl: `https://127.0.0.1:${port}/v1`, retries: 0 });
        assertFailed(outcome, /could not be reached \(.*TLS.*\): check that the server is running and the base URL/);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('a host name refused at each of its addresses (an AggregateError without a message) names the addresses, not "fetch failed"', () => {
      // The chain Node 20's fetch gives when localhost is ::1 and 127.0.0.1 and both refuse.
      const refused = (address: string) =>
        Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
      const inner = Object.assign(new AggregateError([refused('::1:11434'), refused('127.0.0.1:11434')], ''), {
        code: 'ECONNREFUSED',
      });
      const error = new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: inner }) });
      assert.equal(connectionReason(error), 'connect ECONNREFUSED ::1:11434; connect ECONNREFUSED 127.0.0.1:11434');
    });
  });

  describe('oversized and foreign replies', () => {
    it('a 10 MB reply fails with the cap named', async () => {
      assertFailed(
        await ask([{ content: 'x'.repeat(10 * 1024 * 1024) }], { timeoutMs: 120_000 }),
        /reply exceeded 4 MB/,
      );
    });

    it('a 10 MB streamed reply fails with the cap named', async () => {
      assertFailed(
        await ask([{ content: `${'x'.repeat(1023)} `.repeat(10 * 1024) }], { stream: true, timeoutMs: 120_000 }),
        /reply exceeded 4 MB/,
      );
    });

    it('a stream of tiny chunks stops at the body cap', async () => {
      assertFailed(
        await ask([{ content: 'x '.repeat(3 * 1024 * 1024) }], { stream: true, timeoutMs: 120_000 }),
        /exceeded 16 MB/,
      );
    });

    it('an HTML page where a stream was expected names what came back', async () => {
      assertFailed(
        await ask([{ rawBody: '<html><body>Welcome to nginx!</body></html>' }], { stream: true }),
        /not an event stream \(text\/html\)/,
      );
    });

    it('a long server error keeps its start and its last line, the cause', async () => {
      const cause = 'Error: Jinja Exception: System role not supported';
      const message = `\n------------\nWhile executing CallExpression at line 1, column 312 in source:\n${'{%- for message in loop_messages %}'.repeat(8)}\n   ^\n${cause}`;
      const outcome = await ask([
        { status: 400, rawBody: JSON.stringify({ error: { code: 400, message, type: 'invalid_request_error' } }) },
      ]);
      assertFailed(outcome, /HTTP 400: -+ While executing CallExpression/);
      assert.ok(outcome.error?.message.endsWith(cause), outcome.error?.message);
      assert.match(outcome.error?.message ?? '', / … /);
      assert.ok((outcome.error?.message.length ?? 0) < 400, outcome.error?.message);
    });

    it('an HTML error page is shortened to its text', async () => {
      const outcome = await ask([
        {
          status: 502,
          rawBody: `<html><head><title>502 Bad Gateway</title></head><body>${'<p>filler</p>'.repeat(500)}</body></html>`,
        },
      ]);
      assertFailed(outcome, /HTTP 502: 502 Bad Gateway filler/);
      assert.ok((outcome.error?.message.length ?? 0) < 400, outcome.error?.message);
    });
  });
});
