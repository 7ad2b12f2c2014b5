// What a server's reply says reaches the user as its text, and each broken reply gets the failure
// kind (hence the retry) of what it is (issue 29): a 200 reply with `{"error": …}` was
// "[object Object]" and stopped the run as a configuration error; invalid JSON quoting a word like
// "terminated" read as a dropped connection and was asked again. Decided per
// ../shared/notes/real-servers.md: invalid JSON in a complete reply is the server's answer (kind
// `reply`, not retried: asking again gets it again); a connection reset, whole or streamed, even in
// the middle of an event's line, is `cut-off` and retried like other transport failures.
import { strict as assert } from 'node:assert';
import { ModelCallError } from '../../../src/core/eval/engine';
import { OpenAiCompatibleSource } from '../../../src/core/eval/openaiProvider';
import type { ModelProfile, ModelReply } from '../../../src/core/eval/types';
import { chatRequests, type FakeOpenAi, type ScriptedReply, startFakeOpenAi } from '../../support/fakeOpenAi';

const JSON_TYPE = 'application/json';
const LLAMA_SLOTS = '{"error":{"code":500,"message":"Context size has been exceeded.","type":"server_error"}}';

describe('provider replies that are not completions', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  const source = new OpenAiCompatibleSource(
    async () => undefined,
    undefined,
    () => 0,
  );
  before(async () => {
    fake = await startFakeOpenAi();
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.script.length = 0;
  });

  const profile = (extra: Partial<ModelProfile> = {}): ModelProfile => ({
    id: 'p',
    provider: 'openai-compatible',
    baseUrl: `${fake.url}/v1`,
    model: 'm',
    temperature: 0,
    maxTokens: 64,
    timeoutMs: 60_000,
    retries: 0,
    ...extra,
  });

  /** The reply or the error, and how many chat requests it took. */
  async function ask(script: ScriptedReply[], extra: Partial<ModelProfile> = {}) {
    fake.script.push(...script);
    const before = chatRequests(fake).length;
    let reply: ModelReply | null = null;
    let error: ModelCallError | null = null;
    try {
      reply = await source.reply(
        [{ role: 'user', content: 'Find a path.' }],
        profile(extra),
        null,
        new AbortController().signal,
      );
    } catch (caught) {
      assert.ok(caught instanceof ModelCallError, String(caught));
      error = caught;
    }
    return { reply, error, requests: chatRequests(fake).length - before };
  }

  it("a 200 reply holding an error object says the server's words and is retried as that error", async function () {
    const failed = await ask([{ rawBody: LLAMA_SLOTS, contentType: JSON_TYPE }]);
    assert.match(
      failed.error?.message ?? '',
      /^m at http:\/\/127\.0\.0\.1:\d+\/v1 answered HTTP 200 with an error instead of a reply: Context size has been exceeded\.$/,
    );
    assert.deepEqual(failed.error?.failure, { kind: 'context-slots', status: 500, type: 'server_error' });
    const retried = await ask([{ rawBody: LLAMA_SLOTS, contentType: JSON_TYPE }, { content: 'ok now' }], {
      retries: 1,
    });
    assert.equal(retried.reply?.text, 'ok now');
    assert.equal(retried.requests, 2);
  });

  it('an error given as a string or a nested object is shown as text, never [object Object]', async function () {
    for (const [body, words] of [
      ['{"error":"model not loaded"}', 'model not loaded'],
      ['{"error":{"message":{"detail":"quota"}}}', '{"detail":"quota"}'],
      ['{"detail":"Not Found"}', '{"detail":"Not Found"}'],
    ]) {
      const { error } = await ask([{ rawBody: body, contentType: JSON_TYPE }]);
      assert.ok(error?.message.includes(words), error?.message);
      assert.doesNotMatch(error?.message ?? '', /object Object/);
    }
  });

  it('invalid JSON is "not valid JSON", not retried, even when it quotes a word of a dropped connection', async function () {
    for (const body of ['{"id": "x", "choices": [', 'upstream connection terminated', 'socket hang up']) {
      fake.script.length = 0;
      const { error, requests } = await ask([{ rawBody: body, contentType: JSON_TYPE }, { content: 'unused' }], {
        retries: 2,
      });
      assert.match(error?.message ?? '', /sent a reply that is not valid JSON \(/, body);
      assert.doesNotMatch(error?.message ?? '', /closed the connection/);
      assert.deepEqual(error?.failure, { kind: 'reply' });
      assert.equal(requests, 1, body);
    }
    fake.script.length = 0;
  });

  it('an invalid event in a stream is not valid JSON, asked once', async function () {
    const events = 'data: {"id":"c","choices":[\n\ndata: [DONE]\n\n';
    const { error, requests } = await ask([{ rawBody: events, contentType: 'text/event-stream' }, { content: 'x' }], {
      stream: true,
      retries: 2,
    });
    assert.match(error?.message ?? '', /not valid JSON/);
    assert.equal(requests, 1);
    fake.script.length = 0;
  });

  it('a stream reset in the middle of an event line is retried, and the retry is the reply', async function () {
    // 70 bytes: inside the first event's JSON, so the client holds half a line when the socket resets.
    const reset = { content: 'word '.repeat(50), resetAfterBytes: 70 };
    const retried = await ask([reset, { content: 'whole answer' }], { stream: true, retries: 1 });
    assert.equal(retried.reply?.text, 'whole answer', retried.error?.message);
    assert.equal(retried.requests, 2);
    const failed = await ask([reset], { stream: true });
    assert.match(failed.error?.message ?? '', /closed the connection before the reply was complete/);
    assert.deepEqual(failed.error?.failure, { kind: 'cut-off' });
  });

  it('a stream reset between two whole events, or after its finish_reason, is retried like a reset mid-line', async function () {
    // 3 of 5 word events; then 5 words and the finish_reason event, before usage and [DONE].
    for (const events of [3, 6]) {
      const reset = { content: 'one two three four five', resetAfterEvents: events };
      const retried = await ask([reset, { content: 'whole answer' }], { stream: true, retries: 1 });
      assert.equal(retried.reply?.text, 'whole answer', retried.error?.message);
      assert.equal(retried.requests, 2);
      const failed = await ask([reset], { stream: true });
      assert.match(failed.error?.message ?? '', /closed the connection before the reply was complete/);
      assert.deepEqual(failed.error?.failure, { kind: 'cut-off' });
    }
  });

  it('a whole body reset midway is retried too', async function () {
    const retried = await ask([{ content: 'x'.repeat(2000), resetAfterBytes: 300 }, { content: 'whole' }], {
      retries: 1,
    });
    assert.equal(retried.reply?.text, 'whole', retried.error?.message);
    assert.equal(retried.requests, 2);
  });
});
