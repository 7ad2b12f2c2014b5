// The engine with the real `openai` client against a local OpenAI-compatible server, the cache,
// and the built-in offline agents.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oracleAnswer, randomAnswer } from '../../src/core/benchmarks/mango/agents';
import { askModel, cacheKey, costOf, type ResponseCache } from '../../src/core/eval/engine';
import { normaliseBaseUrl, OpenAiCompatibleSource } from '../../src/core/eval/openaiProvider';
import type { ModelProfile, ModelReply } from '../../src/core/eval/types';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { parseMangoAnswer } from '../../src/core/benchmarks/mango/scoring/answers';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { fakePromptTokens, startFakeOpenAi, type FakeOpenAi } from '../support/fakeOpenAi';
import { samplesDir } from '../support/paths';

const question: MangoQuestion = {
  benchmark: 'mango',
  game: 'lighthouse',
  task: 'rf',
  sampleId: 'x',
  src: 'harbour road',
  dst: 'lamp room',
  actionList: [],
  answerable: true,
  easy: true,
  cutoff: 70,
};
const messages = [{ role: 'user' as const, content: 'Find a path.' }];
const SECRET = 'sk-test-SECRET-4242';

function profile(fake: FakeOpenAi, extra: Partial<ModelProfile> = {}): ModelProfile {
  return {
    id: 'local',
    provider: 'openai-compatible',
    baseUrl: fake.url,
    model: 'fake-model',
    temperature: 0,
    maxTokens: 512,
    timeoutMs: 60_000,
    retries: 0,
    ...extra,
  };
}

describe('evaluation engine', () => {
  let fake: FakeOpenAi;
  const source = new OpenAiCompatibleSource(async () => SECRET);
  before(async () => {
    fake = await startFakeOpenAi();
  });
  after(() => fake.close());

  it('calls an OpenAI-compatible server with the key, model and messages', async () => {
    fake.script.push({ content: "[{'location_before': 'a', 'action': 'n', 'location_after': 'b'}]" });
    const reply = await source.reply(messages, profile(fake), question, new AbortController().signal);
    assert.equal(reply.text, "[{'location_before': 'a', 'action': 'n', 'location_after': 'b'}]");
    assert.deepEqual([reply.promptTokens, reply.completionTokens], [fakePromptTokens(messages), 5]);
    const request = fake.requests.at(-1);
    assert.equal(request?.path, '/v1/chat/completions');
    assert.equal(request?.authorization, `Bearer ${SECRET}`);
    assert.equal(request?.body.model, 'fake-model');
  });

  it('streams a reply when the profile asks, joining the chunks and keeping the usage', async () => {
    fake.script.push({ content: "[{'location_before': 'a', 'action': 'north', 'location_after': 'b'}]" });
    const reply = await source.reply(messages, profile(fake, { stream: true }), question, new AbortController().signal);
    assert.equal(reply.text, "[{'location_before': 'a', 'action': 'north', 'location_after': 'b'}]");
    assert.equal(fake.requests.at(-1)?.body.stream, true);
    assert.deepEqual([reply.promptTokens, reply.completionTokens], [fakePromptTokens(messages), 6]);
  });

  it('says so when the server answers with something that is not JSON', async () => {
    fake.script.push({ rawBody: '<html><body>Welcome to nginx!</body></html>' });
    await assert.rejects(
      source.reply(messages, profile(fake), question, new AbortController().signal),
      (error: Error) => {
        assert.ok(
          error.message.includes(
            'not JSON chat completion ("<html><body>Welcome to nginx!</body></html>"): check that the base URL',
          ),
          error.message,
        );
        return true;
      },
    );
  });

  it('accepts base URLs with or without a trailing slash or /v1', () => {
    assert.equal(normaliseBaseUrl('http://localhost:11434'), 'http://localhost:11434/v1');
    assert.equal(normaliseBaseUrl('http://localhost:11434/'), 'http://localhost:11434/v1');
    assert.equal(normaliseBaseUrl('https://api.openai.com/v1/'), 'https://api.openai.com/v1');
  });

  it('explains 401 and 404 without ever showing the key', async () => {
    fake.script.push({ status: 401 });
    await assert.rejects(
      source.reply(messages, profile(fake), question, new AbortController().signal),
      (error: Error) =>
        /refused the API key \(HTTP 401\).*Set API Key/.test(error.message) && !error.message.includes(SECRET),
    );
    fake.script.push({ status: 404 });
    await assert.rejects(
      source.reply(messages, profile(fake), question, new AbortController().signal),
      /was not found \(HTTP 404\): check the base URL and the model name/,
    );
  });

  it('times out a slow server, and cancellation aborts the request', async () => {
    fake.script.push({ delayMs: 1500, content: 'late' });
    await assert.rejects(
      source.reply(messages, profile(fake, { timeoutMs: 300 }), question, new AbortController().signal),
      /did not answer within 0.3 s/,
    );
    // A reply due in 60 s: a call that stopped at the abort ends long before it (not a speed budget).
    fake.script.push({ delayMs: 60_000, content: 'late' });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(
      source.reply(messages, profile(fake, { timeoutMs: 120_000 }), question, controller.signal),
      /cancelled/,
    );
    assert.ok(Date.now() - started < 60_000, 'the call stopped at the abort, not when the reply came');
  });

  it('retries a rate-limited call', async () => {
    fake.script.push({ status: 429 }, { content: 'ok now' });
    const reply = await source.reply(messages, profile(fake, { retries: 2 }), question, new AbortController().signal);
    assert.equal(reply.text, 'ok now');
  });

  it('answers from the cache the second time, with a key that depends on the model and messages', async () => {
    const store = new Map<string, ModelReply>();
    const cache: ResponseCache = {
      get: async (key) => store.get(key),
      set: async (key, reply) => void store.set(key, reply),
    };
    fake.script.push({ content: 'first' });
    const first = await askModel(source, cache, profile(fake), messages, question, new AbortController().signal);
    const second = await askModel(source, cache, profile(fake), messages, question, new AbortController().signal);
    assert.deepEqual([first.cached, second.cached, second.text], [false, true, 'first']);
    assert.notEqual(
      cacheKey(profile(fake), messages, question),
      cacheKey(profile(fake, { model: 'other' }), messages, question),
    );
    assert.equal(
      costOf({ ...profile(fake), costPer1kInput: 1, costPer1kOutput: 2 }, first),
      (fakePromptTokens(messages) * 1 + 5 * 2) / 1000,
    );
  });
});

describe('offline MANGO agents', () => {
  const edges = JSON.parse(
    readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
  ) as EdgeRecord[];

  it('the oracle answers RF with a shortest route and DF by following the actions', () => {
    const rf = parseMangoAnswer(oracleAnswer(edges, question));
    assert.ok(rf.ok);
    assert.equal(rf.steps[0].location_before, 'harbour road');
    assert.equal(rf.steps.at(-1)?.location_after, 'lamp room');
    const df = parseMangoAnswer(oracleAnswer(edges, { ...question, task: 'df', actionList: ['north', 'up'] }));
    assert.ok(df.ok);
    assert.deepEqual(
      df.steps.map((step) => step.location_after),
      ['fish market', 'net loft'],
    );
  });

  it('the random agent walks real edges, reproducibly', () => {
    const first = randomAnswer(edges, question, 7);
    assert.equal(first, randomAnswer(edges, question, 7));
    const parsed = parseMangoAnswer(first);
    assert.ok(
      parsed.ok &&
        parsed.steps.every((step) =>
          edges.some(
            (edge) =>
              edge.src_node === step.location_before &&
              edge.action === step.action &&
              edge.dst_node === step.location_after,
          ),
        ),
    );
  });
});
