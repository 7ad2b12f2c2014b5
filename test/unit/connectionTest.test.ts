// Test Connection's shared core (the editor command and `waypoint models test` call it) against the
// fake OpenAI-compatible server behaving as llama-server does: each verdict a person can meet, the
// served model id and the round trip, and never the key in a message.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import { GENERIC_KEY_ADVICE } from '../../src/core/eval/apiKeyMessages';
import { baseUrlProblem, testConnection } from '../../src/core/eval/connectionTest';
import { ModelCallCancelled } from '../../src/core/eval/engine';
import { OpenAiCompatibleSource } from '../../src/core/eval/openaiProvider';
import type { ModelProfile } from '../../src/core/eval/types';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fakeOpenAi';

const KEY = 'sk-test-connection-4242';
const advice = () => 'Set it with "Waypoint: Set API Key…".';

function profileAt(baseUrl: string, extra: Partial<ModelProfile> = {}): ModelProfile {
  return {
    id: 'local',
    provider: 'openai-compatible',
    baseUrl,
    model: 'default',
    temperature: 0,
    maxTokens: 512,
    timeoutMs: 5000,
    retries: 0,
    ...extra,
  };
}

describe('testConnection (core, fake llama-server)', () => {
  let fake: FakeOpenAi;
  beforeEach(async () => {
    fake = await startFakeOpenAi();
    fake.servedModel = 'model/stories260K.gguf';
  });
  afterEach(() => fake.close());

  it('says OK with the model the server serves (not the one asked for), the latency and one one-token request', async () => {
    const report = await testConnection(profileAt(fake.url), KEY, { keyAdvice: advice });
    assert.equal(report.verdict, 'ok');
    assert.equal(report.ok, true);
    assert.equal(report.servedModel, 'model/stories260K.gguf');
    assert.deepEqual(report.listedModels, ['model/stories260K.gguf']);
    assert.equal(report.baseUrl, `${fake.url}/v1`);
    assert.equal(typeof report.latencyMs, 'number');
    // A server that tells neither its context nor counts tokens (no /props, /apply-template or /tokenize) is told so.
    assert.equal(
      report.message,
      `OK in ${report.latencyMs} ms: 'model/stories260K.gguf' answered (asked for 'default'). The server does not tell its context length; prompt tokens are estimated with cl100k (the server does not count them).`,
    );
    assert.deepEqual(
      report.steps.map((step) => [step.name, step.status]),
      [
        ['models', 200],
        ['props', 404],
        ['chat', 200],
        ['apply-template', 404],
        ['tokenize', 404],
      ],
    );
    assert.deepEqual([report.contextTokens, report.tokenCounting], [null, null]);
    const chat = fake.requests.filter((request) => request.path === '/v1/chat/completions');
    assert.equal(chat.length, 1);
    assert.equal((chat[0].body as { max_tokens?: number }).max_tokens, 1);
    assert.equal(chat[0].authorization, `Bearer ${KEY}`);
  });

  it('says when it answered without a key, and sends no Authorization header then', async () => {
    fake.servedModel = 'default';
    const report = await testConnection(profileAt(fake.url), undefined, { keyAdvice: advice });
    assert.match(
      report.message,
      new RegExp(`^OK in ${report.latencyMs} ms: 'default' answered, without an API key\\. The server does not tell`),
    );
    assert.equal(report.keySent, false);
    assert.ok(fake.requests.every((request) => request.authorization === undefined));
  });

  it('tells "no key set" from "key refused", naming how to set one and never the key', async () => {
    fake.apiKey = 'the-right-key-123';
    const missing = await testConnection(profileAt(fake.url), undefined, { keyAdvice: advice });
    assert.equal(missing.verdict, 'no-key');
    assert.equal(
      missing.message,
      `no API key is set for this profile, and the server at ${fake.url}/v1 needs one (HTTP 401: Invalid API Key). Set it with "Waypoint: Set API Key…".`,
    );
    const blank = await testConnection(profileAt(fake.url), '   ', { keyAdvice: advice });
    assert.equal(blank.verdict, 'no-key', 'a blank key is no key');
    const fromEnv = await testConnection(profileAt(fake.url, { apiKeyEnv: 'LLAMA_KEY' }), undefined, {
      keyAdvice: GENERIC_KEY_ADVICE,
    });
    assert.match(
      fromEnv.message,
      /^no API key is set \(the environment variable LLAMA_KEY is not set\), and the server at .* needs one \(HTTP 401: Invalid API Key\)\. Set the environment variable LLAMA_KEY to the key\.$/,
    );
    const refused = await testConnection(profileAt(fake.url), KEY, { keyAdvice: advice });
    assert.equal(refused.verdict, 'key-refused');
    assert.equal(
      refused.message,
      `the server at ${fake.url}/v1 refused the API key (HTTP 401: Invalid API Key). Set it with "Waypoint: Set API Key…".`,
    );
    assert.ok(!refused.message.includes(KEY));
    const right = await testConnection(profileAt(fake.url), 'the-right-key-123', { keyAdvice: advice });
    assert.equal(right.verdict, 'ok');
  });

  it('says the model is loading while llama-server answers 503 "Loading model", without asking for a completion', async () => {
    fake.loading = true;
    const report = await testConnection(profileAt(fake.url), undefined, { keyAdvice: advice });
    assert.equal(report.verdict, 'loading');
    assert.equal(report.status, 503);
    assert.match(report.message, /^the server is up but not ready \(HTTP 503: Loading model\)/);
    assert.deepEqual(
      report.steps.map((step) => step.name),
      ['models'],
    );
  });

  it('says "not reachable" with the reason when nothing listens, and times out a server that never answers', async () => {
    const closed = await startFakeOpenAi();
    const url = closed.url;
    await closed.close();
    const report = await testConnection(profileAt(url), undefined, { keyAdvice: advice });
    assert.equal(report.verdict, 'not-reachable');
    assert.match(
      report.message,
      /^not reachable: http:\/\/127\.0\.0\.1:\d+\/v1 \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\. Check that the server is running/,
    );
    fake.script.push({ delayMs: 2000, content: 'late' });
    const slow = await testConnection(profileAt(fake.url, { timeoutMs: 300 }), undefined, { keyAdvice: advice });
    assert.equal(slow.verdict, 'timeout');
    assert.match(slow.message, /within 0\.3 s \(the profile's timeoutMs\)/);
  });

  it('tells a wrong URL path (404 everywhere) from a model the server does not have (it lists others)', async () => {
    const wrongPath = await testConnection(profileAt(`${fake.url}/api`), undefined, { keyAdvice: advice });
    assert.equal(wrongPath.verdict, 'wrong-path');
    assert.equal(
      wrongPath.message,
      `wrong URL path: ${fake.url}/api/v1/chat/completions does not exist (HTTP 404). The base URL should be the API root, often ending in /v1 (e.g. http://127.0.0.1:8080/v1).`,
    );
    fake.script.push({ status: 404, errorMessage: "The model 'gpt-9' does not exist" });
    const unknown = await testConnection(profileAt(fake.url, { model: 'gpt-9' }), undefined, { keyAdvice: advice });
    assert.equal(unknown.verdict, 'model-not-found');
    assert.equal(
      unknown.message,
      "the server has no model 'gpt-9' (HTTP 404: The model 'gpt-9' does not exist). It serves: model/stories260K.gguf.",
    );
  });

  it('calls a web page where the API should be a wrong path, and a URL with a query or an endpoint not a base URL', async () => {
    fake.noModelList = true;
    fake.script.push({ rawBody: '<!doctype html><html><body>llama.cpp web UI</body></html>' });
    const page = await testConnection(profileAt(fake.url), undefined, { keyAdvice: advice });
    assert.equal(page.verdict, 'wrong-path');
    assert.match(page.message, /answered with a web page, not the API/);
    assert.equal(baseUrlProblem('http://127.0.0.1:8080/v1'), null);
    assert.equal(baseUrlProblem('https://api.openai.com/v1/'), null);
    assert.equal(
      baseUrlProblem('http://127.0.0.1:8080/v1/chat/completions'),
      'That is the chat/completions endpoint, not the API root: use http://127.0.0.1:8080/v1.',
    );
    assert.match(baseUrlProblem('localhost:8080/v1') ?? '', /must start with http:\/\/ or https:\/\/, not localhost:/);
    assert.equal(
      baseUrlProblem('127.0.0.1:8080'),
      "'127.0.0.1:8080' is not a URL: it needs http:// or https:// and a host, e.g. http://127.0.0.1:8080/v1.",
    );
    assert.match(baseUrlProblem('http://u:sk-123@host/v1') ?? '', /no user name or key in the URL/);
    assert.match(baseUrlProblem('http://host/v1?key=1') ?? '', /no query/);
    const endpoint = await testConnection(profileAt('http://127.0.0.1:9/v1/chat/completions'), undefined, {
      keyAdvice: advice,
    });
    assert.equal(endpoint.verdict, 'wrong-path');
    assert.deepEqual(endpoint.steps, [], 'nothing is asked of a URL that cannot be right');
  });

  it('reports server errors and rate limits in one line, and a profile without baseUrl as not configured', async () => {
    fake.script.push({ status: 500, errorMessage: 'Context size has been exceeded.' });
    const failed = await testConnection(profileAt(fake.url), undefined, { keyAdvice: advice });
    assert.equal(failed.verdict, 'server-error');
    assert.equal(failed.message, 'the server failed (HTTP 500: Context size has been exceeded.).');
    fake.script.push({ status: 429, errorMessage: 'slow down' });
    assert.equal((await testConnection(profileAt(fake.url), undefined, { keyAdvice: advice })).verdict, 'rate-limited');
    const bare = await testConnection({ ...profileAt(fake.url), baseUrl: undefined }, undefined, { keyAdvice: advice });
    assert.equal(bare.verdict, 'not-configured');
  });

  it('stops when cancelled', async () => {
    fake.script.push({ delayMs: 3000, content: 'late' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(
      testConnection(profileAt(fake.url), undefined, { keyAdvice: advice, signal: controller.signal }),
      ModelCallCancelled,
    );
  });
});

describe('a missing key in model calls (both hosts)', () => {
  let server: Server;
  let url: string;
  before(async () => {
    // A hosted API's answer to a request without a valid key.
    server = createServer((_request, response) =>
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ error: { message: 'You didn\u2019t provide an API key.', type: 'invalid_request_error' } }),
        ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const messages = [{ role: 'user' as const, content: 'hi' }];
  const question = { benchmark: 'toy', sampleId: 'x' };

  it("says no key is set (not that a key was refused) when none was sent, with the host's advice", async () => {
    const source = new OpenAiCompatibleSource(
      async () => undefined,
      (profile) => `Give --api-key-env for ${profile.id}.`,
    );
    await assert.rejects(
      source.reply(messages, profileAt(url, { model: 'gpt-4o' }), question, new AbortController().signal),
      (error: Error) => {
        assert.equal(
          error.message,
          `no API key is set for this profile, and gpt-4o at ${url} needs one (HTTP 401). Give --api-key-env for local.`,
        );
        return true;
      },
    );
  });

  it('says the key was refused when one was sent', async () => {
    const source = new OpenAiCompatibleSource(
      async () => KEY,
      () => 'Replace it.',
    );
    await assert.rejects(
      source.reply(messages, profileAt(url, { model: 'gpt-4o' }), question, new AbortController().signal),
      (error: Error) => {
        assert.equal(error.message, `gpt-4o at ${url} refused the API key (HTTP 401). Replace it.`);
        return true;
      },
    );
  });
});
