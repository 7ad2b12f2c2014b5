// What a server tells about itself, read as the preflight and dry runs read it, against the
// llama-server double and its vLLM and OpenRouter flavours (../shared/notes/real-servers.md):
// llama-server's context in /props and its exact prompt counts through /apply-template +
// /tokenize, vLLM's `max_model_len` and /tokenize, OpenRouter's `context_length` of the model asked
// for among many. A count by the server is what its chat endpoint charges; cl100k counts a Llama-
// style vocabulary's prompts short by about a quarter, which is why the server's count matters.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { GENERIC_KEY_ADVICE } from '../../../src/core/eval/apiKeyMessages';
import { readServerFacts, testConnection } from '../../../src/core/eval/connectionTest';
import { contextFromModelList, contextFromProps, jsonPoster, serverRoot } from '../../../src/core/eval/serverFacts';
import type { ChatMessage, ModelProfile } from '../../../src/core/eval/types';
import { mangoQuestionSet } from '../../../src/core/benchmarks/mango/questionSet';
import { countChatTokens, serverPromptCounter } from '../../../src/core/runs/promptCounts';
import { type LlamaServer, type LlamaServerOptions, startLlamaServer } from '../../support/llamaServer';
import { samplesDir, sharedDataDir } from '../../support/paths';

const KEY = 'sk-facts-key-31';

function profileAt(at: LlamaServer, model = 'default'): ModelProfile {
  return {
    id: 'local',
    provider: 'openai-compatible',
    baseUrl: at.url,
    model,
    temperature: 0,
    maxTokens: 64,
    timeoutMs: 10_000,
    retries: 0,
  };
}

/** A walkthrough prompt: zork1's (the issue's example) from the upstream data, else the sample game's. */
async function mangoPrompt(): Promise<ChatMessage[]> {
  const zork = join(sharedDataDir, 'mango', 'zork1');
  const set = await mangoQuestionSet(
    [existsSync(zork) ? zork : join(samplesDir, 'mango', 'lighthouse')],
    { task: 'rf' },
    nodeQuestionFiles,
  );
  return [...set.questions[0].messages];
}

/** What the double's chat endpoint charged for `messages` (its usage.prompt_tokens). */
async function chargedPromptTokens(at: LlamaServer, messages: readonly ChatMessage[]): Promise<number> {
  const response = await fetch(`${at.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ messages, max_tokens: 1 }),
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens;
}

describe('what a server tells about itself (the double as llama-server, vLLM, OpenRouter)', function () {
  this.timeout(30_000);
  let server: LlamaServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const start = async (options: LlamaServerOptions) => (server = await startLlamaServer(options));

  it('llama-server: the context of a request and the slots from /props, and prompt counts that are what the chat endpoint charges', async () => {
    const double = await start({ contextTokens: 4096, slots: 4, trainContextTokens: 2048, apiKey: KEY });
    const facts = await readServerFacts(profileAt(double), KEY);
    assert.ok(facts);
    assert.deepEqual(
      [
        facts.servedModel,
        facts.contextTokens,
        facts.contextSource,
        facts.slots,
        facts.trainContextTokens,
        facts.tokenCounting,
      ],
      ['models/stories260K.gguf', 4096, '/props default_generation_settings.n_ctx', 4, 2048, 'llama-server'],
    );
    assert.deepEqual(
      facts.steps.map((step) => [step.name, step.status]),
      [
        ['models', 200],
        ['props', 200],
        ['apply-template', 200],
        ['tokenize', 200],
      ],
    );
    // No chat request: a dry run asks nothing of the model.
    assert.equal(double.requests.filter((request) => request.path === '/v1/chat/completions').length, 0);

    const prompt = await mangoPrompt();
    const counter = serverPromptCounter(
      jsonPoster(KEY, 10_000, new AbortController().signal),
      serverRoot(facts.baseUrl),
      'llama-server',
      'default',
    );
    const counted = await counter.count(prompt);
    assert.deepEqual(counted, { tokens: await chargedPromptTokens(double, prompt), by: 'server' });
    // Another vocabulary than cl100k: the estimate falls short by about a quarter (the notes measured +29–30% for Llama-2's).
    const ratio = counted.tokens / countChatTokens(prompt);
    assert.ok(ratio > 1.15 && ratio < 1.45, `server/cl100k = ${ratio.toFixed(3)}`);
  });

  it('llama-server with --api-key: /props and the counting endpoints need the key, the model list does not', async () => {
    const double = await start({ apiKey: KEY });
    const keyless = await readServerFacts(profileAt(double), undefined);
    assert.deepEqual([keyless?.contextTokens, keyless?.tokenCounting], [null, null]);
    assert.deepEqual(
      keyless?.steps.map((step) => step.status),
      [200, 401, 401, 401],
    );
  });

  it('vLLM: the context is max_model_len in /v1/models, and /tokenize counts the chat messages', async () => {
    const double = await start({ flavour: 'vllm', servedModel: 'Qwen/Qwen2.5-0.5B-Instruct', contextTokens: 32768 });
    const report = await testConnection(profileAt(double, 'Qwen/Qwen2.5-0.5B-Instruct'), undefined, {
      keyAdvice: GENERIC_KEY_ADVICE,
    });
    assert.equal(report.verdict, 'ok');
    assert.deepEqual(
      [report.contextTokens, report.contextSource, report.slots, report.tokenCounting],
      [32768, '/v1/models max_model_len', null, 'vllm'],
    );
    assert.deepEqual(
      report.steps.map((step) => [step.name, step.status]),
      [
        ['models', 200],
        ['props', 404],
        ['chat', 200],
        ['apply-template', 404],
        ['tokenize', 200],
      ],
    );
    assert.match(
      report.message,
      /Context: 32768 tokens a request \(\/v1\/models max_model_len\); prompt tokens are the server's count \(vLLM \/tokenize\)\.$/,
    );
    const prompt = await mangoPrompt();
    const counter = serverPromptCounter(
      jsonPoster(undefined, 10_000, new AbortController().signal),
      serverRoot(report.baseUrl),
      'vllm',
      'Qwen/Qwen2.5-0.5B-Instruct',
    );
    assert.deepEqual(await counter.count(prompt), { tokens: await chargedPromptTokens(double, prompt), by: 'server' });
  });

  it('OpenRouter: the context is the context_length of the model asked for among many; prompts are cl100k estimates, and the message says so', async () => {
    const double = await start({
      flavour: 'openrouter',
      servedModel: 'meta-llama/llama-3.1-8b-instruct',
      contextTokens: 131072,
    });
    const report = await testConnection(profileAt(double, 'meta-llama/llama-3.1-8b-instruct'), undefined, {
      keyAdvice: GENERIC_KEY_ADVICE,
    });
    assert.equal(report.verdict, 'ok');
    assert.equal(report.listedModels?.length, 3);
    assert.deepEqual(
      [report.contextTokens, report.contextSource, report.tokenCounting],
      [131072, '/v1/models context_length', null],
    );
    assert.match(
      report.message,
      /Context: 131072 tokens a request \(\/v1\/models context_length\); prompt tokens are estimated with cl100k \(the server does not count them\)\.$/,
    );
  });

  it('a server that is loading tells nothing yet', async () => {
    const double = await start({ loadingMs: 60_000 });
    assert.equal(await readServerFacts(profileAt(double), undefined), null);
  });

  it('reads only well-formed numbers: a zero, a string or a missing field is "not told", never a guess', () => {
    assert.deepEqual(contextFromProps('{"default_generation_settings":{"n_ctx":0},"total_slots":"4"}'), {
      contextTokens: null,
      slots: null,
    });
    assert.equal(contextFromProps('{"data":[]}'), null);
    assert.deepEqual(
      contextFromModelList('{"data":[{"id":"a","max_model_len":4096},{"id":"b","context_length":8192}]}', [null, 'b']),
      { contextTokens: 8192, contextSource: '/v1/models context_length', trainContextTokens: null },
    );
    // Two models and neither is the one asked for: no context rather than another model's.
    assert.equal(
      contextFromModelList('{"data":[{"id":"a","max_model_len":4096},{"id":"b","context_length":8192}]}', ['c'])
        .contextTokens,
      null,
    );
    assert.equal(serverRoot('http://127.0.0.1:8080/v1'), 'http://127.0.0.1:8080');
    assert.equal(serverRoot('https://openrouter.ai/api/v1'), 'https://openrouter.ai/api');
  });
});
