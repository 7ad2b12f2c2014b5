// What a server serves, as the cache key reads it, against the llama-server double: its only
// listed model (after waiting out "Loading model"), nothing for servers that route by name, and
// the questions the editor asks one at a time (no run to ask first) keyed the same way.
import { strict as assert } from 'node:assert';
import { baseUrlIdentity } from '../../src/core/eval/baseUrl';
import { askModel, isCacheable, type ResponseCache } from '../../src/core/eval/engine';
import { OpenAiCompatibleSource } from '../../src/core/eval/openaiProvider';
import { probeServerModel } from '../../src/core/eval/servedModel';
import type { ModelProfile, ModelReply } from '../../src/core/eval/types';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { freePort } from '../support/cli';
import { type LlamaServer, startLlamaServer } from '../support/llamaServer';

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

function profile(baseUrl: string, extra: Partial<ModelProfile> = {}): ModelProfile {
  return {
    id: 'local',
    provider: 'openai-compatible',
    baseUrl,
    model: 'default',
    temperature: 0,
    maxTokens: 64,
    timeoutMs: 30_000,
    retries: 0,
    ...extra,
  };
}

function memoryCache(): ResponseCache & { store: Map<string, ModelReply> } {
  const store = new Map<string, ModelReply>();
  return { store, get: async (key) => store.get(key), set: async (key, reply) => void store.set(key, reply) };
}

describe('the model a server serves', function () {
  this.timeout(60_000);
  let double: LlamaServer | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  it('one base URL however it is spelled; other hosts, ports and paths stay apart', () => {
    const one = [
      'http://127.0.0.1:8080',
      'http://127.0.0.1:8080/',
      'http://127.0.0.1:8080/v1',
      'http://127.0.0.1:8080/v1/',
      ' HTTP://127.0.0.1:8080/v1// ',
    ].map(baseUrlIdentity);
    assert.deepEqual(new Set(one), new Set(['http://127.0.0.1:8080/v1']));
    assert.equal(
      new Set(
        [
          'http://127.0.0.1:8080',
          'http://127.0.0.1:8081',
          'http://localhost:8080',
          'https://127.0.0.1:8080',
          'http://127.0.0.1:8080/openai/v1',
        ].map(baseUrlIdentity),
      ).size,
      5,
    );
    assert.equal(baseUrlIdentity(undefined), null);
  });

  it("llama-server's only listed model, once it has loaded (503 'Loading model' is waited for)", async () => {
    double = await startLlamaServer({ servedModel: 'models/a.gguf', loadingMs: 1500 });
    const probe = await probeServerModel(profile(double.url), undefined, new AbortController().signal);
    assert.deepEqual(probe, { serverModel: 'models/a.gguf', unlisted: null });
    assert.ok(double.counts.loading > 0, 'the probe met the loading server');
  });

  it('no single model for a server that lists several or none; "no model list" only when it answered without one', async () => {
    double = await startLlamaServer({ models: ['llama3:latest', 'qwen2.5:1.5b'] });
    assert.deepEqual(await probeServerModel(profile(double.url), undefined, new AbortController().signal), {
      serverModel: null,
      unlisted: null,
    });
    await double.close();
    double = await startLlamaServer({ models: null });
    assert.deepEqual(await probeServerModel(profile(double.url), undefined, new AbortController().signal), {
      serverModel: null,
      unlisted: 'HTTP 404',
    });
    const closed = `http://127.0.0.1:${await freePort()}`;
    assert.deepEqual(await probeServerModel(profile(closed), undefined, new AbortController().signal), {
      serverModel: null,
      unlisted: null,
    });
  });

  it('a question asked on its own (the editor, an episode) is keyed by the served model too: a restart with another model gets a fresh answer', async () => {
    const port = await freePort();
    const cache = memoryCache();
    const ask = () =>
      askModel(
        new OpenAiCompatibleSource(async () => undefined),
        cache,
        profile(`http://127.0.0.1:${port}`),
        messages,
        question,
        new AbortController().signal,
      );
    double = await startLlamaServer({ port, servedModel: 'models/a.gguf', answer: () => 'from a' });
    assert.deepEqual([(await ask()).text, (await ask()).cached], ['from a', true]);
    await double.close();
    double = await startLlamaServer({ port, servedModel: 'models/b.gguf', answer: () => 'from b' });
    const fresh = await ask();
    assert.deepEqual([fresh.text, fresh.cached, fresh.servedModel], ['from b', false, 'models/b.gguf']);
    // One look at the model list per source: an episode's turns do not ask it again.
    const source = new OpenAiCompatibleSource(async () => undefined);
    for (let turn = 0; turn < 3; turn++)
      await askModel(
        source,
        cache,
        profile(double.url),
        [...messages, { role: 'user', content: `turn ${turn}` }],
        question,
        new AbortController().signal,
      );
    assert.equal(
      double.requests.filter((request) => request.path === '/v1/models').length,
      2,
      JSON.stringify(double.requests.map((r) => r.path)),
    );
  });

  it('a reply of another model than the one listed when the run started (a swap mid-run) is not cached under it', () => {
    const reply = (servedModel: string | null): ModelReply => ({
      text: '[]',
      promptTokens: 1,
      completionTokens: 1,
      latencyMs: 1,
      cached: false,
      servedModel,
    });
    const listed = profile('http://127.0.0.1:8080', { serverModel: 'models/a.gguf' });
    assert.equal(isCacheable(listed, reply('models/a.gguf')), true);
    assert.equal(isCacheable(listed, reply('models/b.gguf')), false);
    // A server that echoes the request's name, or says nothing, tells nothing.
    assert.equal(isCacheable(listed, reply('default')), true);
    assert.equal(isCacheable(listed, reply(null)), true);
    assert.equal(isCacheable(profile('http://127.0.0.1:8080', { serverModel: null }), reply('models/b.gguf')), true);
  });
});
