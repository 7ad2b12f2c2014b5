// Reasoning models against the llama-server double configured as the servers of
// notes/real-servers.md send them: the thought in `reasoning_content` (llama-server), `reasoning`
// (vLLM) or `reasoning` + `reasoning_details` (OpenRouter), whole or streamed; usage details and
// OpenRouter's `usage.cost`; `max_tokens` refused as OpenAI's reasoning models refuse it. Each
// reply is kept as a run record keeps it: the thought beside the answer and never parsed as it,
// the token details, the cost with its source, and the limit and effort as sent.
import { strict as assert } from 'node:assert';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { findBenchmark } from '../../../src/core/benchmarks';
import { ModelCallError, runRecordOf } from '../../../src/core/eval/engine';
import { OpenAiCompatibleSource } from '../../../src/core/eval/openaiProvider';
import { answerPrepared } from '../../../src/core/eval/pipeline';
import { parseProfile } from '../../../src/core/eval/profiles';
import { modelReplySchema, runRecordSchema } from '../../../src/core/eval/recordSchemas';
import type { ChatMessage, ModelProfile, ModelReply } from '../../../src/core/eval/types';
import type { MangoQuestion } from '../../../src/core/benchmarks/mango/questionSchema';
import { type LlamaServer, type LlamaServerOptions, startLlamaServer } from '../../support/llamaServer';
import { join } from 'node:path';
import { samplesDir } from '../../support/paths';

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
const THOUGHT = 'First I try [LEFT, LEFT, DROP]; no, the energy is above me, so I go up.';
const ANSWER = '[UP, TAKE, DOWN, DROP]';
const PROMPT: ChatMessage[] = [
  { role: 'system', content: 'You move an agent on a grid.' },
  { role: 'user', content: 'Collect the energy.' },
];

describe('reasoning models: what the servers send beside the answer, and how records keep it', function () {
  this.timeout(20_000);
  let server: LlamaServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: LlamaServerOptions = {}): Promise<LlamaServer> {
    server = await startLlamaServer({ answer: () => ANSWER, reasoning: () => THOUGHT, ...options });
    return server;
  }

  function profile(at: LlamaServer, extra: Partial<ModelProfile> = {}): ModelProfile {
    return {
      id: 'thinker',
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

  async function ask(
    at: LlamaServer,
    extra: Partial<ModelProfile> = {},
    messages = PROMPT,
  ): Promise<{ reply?: ModelReply; error?: ModelCallError }> {
    try {
      return {
        reply: await new OpenAiCompatibleSource(async () => undefined).reply(
          messages,
          profile(at, extra),
          question,
          new AbortController().signal,
        ),
      };
    } catch (error) {
      if (!(error instanceof ModelCallError)) throw error;
      return { error };
    }
  }

  for (const reasoningFormat of ['reasoning_content', 'reasoning', 'openrouter'] as const) {
    for (const stream of [false, true]) {
      it(`keeps the thought sent as ${reasoningFormat} (${stream ? 'streamed deltas' : 'whole message'}) once, apart from the answer`, async () => {
        const double = await start({ reasoningFormat });
        const { reply, error } = await ask(double, { stream });
        assert.equal(error, undefined, error?.message);
        assert.equal(reply?.text, ANSWER);
        // OpenRouter sends the thought twice (reasoning and reasoning_details): kept once.
        assert.equal(reply?.reasoning, THOUGHT);
        const record = runRecordOf(
          { question, model: profile(double), messages: PROMPT, parsedAnswer: null, scores: {}, mode: 'faithful' },
          reply as ModelReply,
        );
        assert.equal(record.reasoning, THOUGHT);
        assert.equal(record.rawAnswer, ANSWER);
        assert.ok(runRecordSchema.safeParse(JSON.parse(JSON.stringify(record))).success, 'the record reads back');
        assert.deepEqual(
          modelReplySchema.parse(JSON.parse(JSON.stringify(reply))).reasoning,
          THOUGHT,
          'a cached reply keeps its thought',
        );
      });
    }
  }

  it('the answer is parsed from the content only: a list in the thought is never taken for the answer', async () => {
    const double = await start();
    const set = await findBenchmark('grasp')?.questionSet?.(
      [join(samplesDir, 'grasp', 'inner_cluster_free.jsonl')],
      { settings: '4-none-0', indices: '0' },
      nodeQuestionFiles,
    );
    const prepared = set?.questions[0];
    assert.ok(prepared);
    const answered = await answerPrepared(prepared, profile(double), 'GRASP', {
      source: new OpenAiCompatibleSource(async () => undefined),
    });
    assert.deepEqual(answered.record.parsedAnswer, prepared.score(ANSWER, 'faithful').parsedAnswer);
    assert.notDeepEqual(
      answered.record.parsedAnswer,
      prepared.score(THOUGHT, 'faithful').parsedAnswer,
      'the thought holds another answer',
    );
    assert.equal(answered.record.rawAnswer, ANSWER, 'nothing of the thought is in the text that is parsed');
    assert.equal(answered.record.reasoning, THOUGHT);
  });

  it("an episode keeps each turn's thought by turn, and sums the turns' token details and provider costs", async () => {
    const double = await start({
      answer: () => 'UP',
      reasoning: (request) =>
        `turn ${(request.messages ?? []).filter((message) => message.role === 'assistant').length + 1}: go up`,
      usageDetails: true,
      costPerToken: 0.000001,
      contextTokens: 1_000_000,
    });
    const set = await findBenchmark('grasp')?.questionSet?.(
      [join(samplesDir, 'grasp', 'inner_cluster_free.jsonl')],
      { settings: '4-none-0', indices: '0', task: 'play' },
      nodeQuestionFiles,
    );
    const prepared = set?.questions[0];
    assert.ok(prepared?.play, 'a played question');
    const answered = await answerPrepared(prepared, profile(double), 'GRASP', {
      source: new OpenAiCompatibleSource(async () => undefined),
    });
    const turns = double.requests.filter((request) => request.path === '/v1/chat/completions').length;
    assert.ok(turns >= 2, `${turns} turns`);
    assert.deepEqual(
      answered.record.reasoning_turns,
      Array.from({ length: turns }, (_, index) => ({ turn: index + 1, text: `turn ${index + 1}: go up` })),
    );
    assert.equal(answered.record.reasoning, undefined, 'an episode keeps its thoughts by turn only');
    assert.equal(
      answered.record.reasoning_tokens,
      Array.from({ length: turns }, (_, index) => Math.ceil(`turn ${index + 1}: go up`.length / 3)).reduce(
        (a, b) => a + b,
        0,
      ),
    );
    assert.equal(answered.record.cost_source, 'provider');
    assert.ok((answered.record.costUsd ?? 0) > 0);
  });

  for (const stream of [false, true]) {
    it(`records reasoning_tokens, cached_tokens and the provider's usage.cost, which wins over the profile's prices (${stream ? 'streamed' : 'whole'})`, async () => {
      const double = await start({ usageDetails: true, costPerToken: 0.000002 });
      const priced = { stream, costPer1kInput: 1, costPer1kOutput: 1 };
      const first = (await ask(double, priced)).reply as ModelReply;
      const second = (await ask(double, priced, [PROMPT[0], { role: 'user', content: 'Collect it again.' }]))
        .reply as ModelReply;
      const thoughtTokens = Math.ceil(THOUGHT.length / 3);
      assert.equal(first.reasoningTokens, thoughtTokens);
      assert.equal(first.completionTokens, thoughtTokens + Math.ceil(ANSWER.length / 3));
      // Nothing cached before the first request; the second repeats the system message.
      assert.equal(first.cachedTokens, 0);
      assert.equal(second.cachedTokens, 4 + Math.ceil(PROMPT[0].content.length / 3));
      const record = runRecordOf(
        {
          question,
          model: profile(double, priced),
          messages: PROMPT,
          parsedAnswer: null,
          scores: {},
          mode: 'faithful',
        },
        first,
      );
      assert.equal(record.costUsd, ((first.promptTokens ?? 0) + (first.completionTokens ?? 0)) * 0.000002);
      assert.equal(record.cost_source, 'provider');
      assert.equal(record.reasoning_tokens, thoughtTokens);
      assert.equal(record.cached_tokens, 0);
    });
  }

  it('without a provider figure the prices decide, and without prices the cost is null, not 0', async () => {
    const double = await start();
    const reply = (await ask(double)).reply as ModelReply;
    const recordOf = (extra: Partial<ModelProfile>) =>
      runRecordOf(
        { question, model: profile(double, extra), messages: PROMPT, parsedAnswer: null, scores: {}, mode: 'faithful' },
        reply,
      );
    const priced = recordOf({ costPer1kInput: 0.5, costPer1kOutput: 2 });
    assert.equal(priced.costUsd, ((reply.promptTokens ?? 0) * 0.5 + (reply.completionTokens ?? 0) * 2) / 1000);
    assert.equal(priced.cost_source, 'prices');
    const unpriced = recordOf({});
    assert.equal(unpriced.costUsd, null);
    assert.equal(unpriced.cost_source, undefined);
    // The server reported no details: the record claims none.
    assert.equal(unpriced.reasoning_tokens, undefined);
    assert.equal(unpriced.cached_tokens, undefined);
  });

  it('maxCompletionTokens is sent as max_completion_tokens (max_tokens is not sent), reasoningEffort as reasoning_effort; the record keeps both', async () => {
    const double = await start();
    const parsed = parseProfile(
      {
        id: 'o',
        provider: 'openai-compatible',
        baseUrl: double.url,
        model: 'o4-mini',
        maxCompletionTokens: 2048,
        reasoningEffort: 'high',
      },
      'models.json[0]',
    );
    assert.ok(parsed.ok);
    const asked = parsed.profile;
    const reply = (await new OpenAiCompatibleSource(async () => undefined).reply(
      PROMPT,
      asked,
      question,
      new AbortController().signal,
    )) as ModelReply;
    const body = double.requests.at(-1)?.body;
    assert.equal(body?.max_completion_tokens, 2048);
    assert.equal(body?.reasoning_effort, 'high');
    assert.equal('max_tokens' in (body ?? {}), false);
    const record = runRecordOf(
      { question, model: asked, messages: PROMPT, parsedAnswer: null, scores: {}, mode: 'faithful' },
      reply,
    );
    assert.deepEqual(record.request, { max_completion_tokens: 2048, reasoning_effort: 'high' });
    assert.equal(record.model.maxCompletionTokens, 2048);
    assert.equal(record.model.reasoningEffort, 'high');
    const plain = (await ask(double)).reply as ModelReply;
    assert.deepEqual(plain.request, { max_tokens: 512 });
  });

  it('a profile with an unknown reasoning effort or a zero maxCompletionTokens is refused, naming the field', () => {
    const effort = parseProfile({ id: 'o', provider: 'openai-compatible', reasoningEffort: 'hgih' }, 'models.json[3]');
    assert.equal(effort.ok, false);
    assert.match(effort.ok ? '' : effort.message, /models\.json\[3\].*reasoningEffort/);
    const limit = parseProfile({ id: 'o', provider: 'openai-compatible', maxCompletionTokens: 0 }, 'models.json[4]');
    assert.match(limit.ok ? '' : limit.message, /models\.json\[4\].*maxCompletionTokens/);
  });

  it('a model that refuses max_tokens (and temperature 0) fails as a configuration failure whose message names the profile field and the CLI option', async () => {
    const double = await start({ refuseMaxTokens: true });
    const { error } = await ask(double);
    assert.ok(error);
    assert.deepEqual(error.failure, { kind: 'configuration', status: 400, type: 'unsupported_parameter' });
    assert.match(
      error.message,
      /refused the request's max_tokens \(HTTP 400: Unsupported parameter: 'max_tokens' is not supported with this model\. Use 'max_completion_tokens' instead\.\): set "maxCompletionTokens" in the model profile \(--max-completion-tokens N on the command line\)/,
    );
    assert.equal(double.requests.length, 1, 'not retried');
    const temperature = (await ask(double, { maxCompletionTokens: 512 })).error;
    assert.deepEqual(temperature?.failure, { kind: 'configuration', status: 400, type: 'unsupported_value' });
    assert.match(
      temperature?.message ?? '',
      /refused the request's temperature .*: set "temperature" to 1 in the model profile \(--temperature 1\)/,
    );
    const { reply } = await ask(double, { maxCompletionTokens: 512, temperature: 1 });
    assert.equal(reply?.text, ANSWER);
  });

  it('a model without reasoning that refuses reasoning_effort says to remove reasoningEffort', async () => {
    const double = await start({ refuseReasoningEffort: true });
    const { error } = await ask(double, { reasoningEffort: 'low' });
    assert.deepEqual(error?.failure, { kind: 'configuration', status: 400, type: 'unsupported_parameter' });
    assert.match(
      error?.message ?? '',
      /refused the request's reasoning_effort .*: remove "reasoningEffort" from the model profile/,
    );
    assert.equal((await ask(double)).reply?.text, ANSWER);
  });

  for (const stream of [false, true]) {
    it(`a thought that spends the whole limit is an empty, truncated answer with its thought kept, not a failed call (${stream ? 'streamed' : 'whole'})`, async () => {
      const double = await start({ reasoningFormat: 'reasoning' });
      const { reply, error } = await ask(double, { stream, maxCompletionTokens: 5 });
      assert.equal(error, undefined, error?.message);
      assert.equal(reply?.text, '');
      assert.equal(reply?.finishReason, 'length');
      assert.equal(reply?.reasoning, THOUGHT.slice(0, 15));
      const record = runRecordOf(
        { question, model: profile(double), messages: PROMPT, parsedAnswer: null, scores: {}, mode: 'faithful' },
        reply as ModelReply,
      );
      assert.equal(record.truncated, true);
    });
  }
});
