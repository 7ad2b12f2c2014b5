// `--max-cost` never passes its cap, however many requests are in flight and whatever tokenizer
// the model has: each request's worst case is reserved before it is sent (the server's count
// when it counts; a cl100k estimate raised by the ratio the replies show, and by the byte bound
// before the first reply), a request that does not fit waits for those in flight, and the run
// stops only when one could not fit on its own. Cost without prices is unknown, never 0.
import { strict as assert } from 'node:assert';
import type { ReplySource } from '../../../src/core/eval/engine';
import { ModelCallError } from '../../../src/core/eval/engine';
import type { ChatMessage, ModelProfile, QuestionBase, RunRecord } from '../../../src/core/eval/types';
import { type PreparedQuestion, preparedFromHooks } from '../../../src/core/benchmark/registry';
import { CostCap, CostCapReached } from '../../../src/core/runs/costCap';
import { countChatTokens, promptTokenCeiling } from '../../../src/core/runs/promptCounts';
import { runQuestions } from '../../../src/core/runs/runner';
import { toyBenchmark, type ToyQuestion } from '../../fixtures/toy/benchmark';

const priced: ModelProfile = {
  id: 'priced',
  provider: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:9',
  model: 'm',
  temperature: 0,
  maxTokens: 100,
  timeoutMs: 1000,
  retries: 0,
  costPer1kInput: 1,
  costPer1kOutput: 1,
};
/** Replies of exactly max tokens: the worst case of the reply is the truth, so only the prompt's count decides. */
const tenTokens: ModelProfile = { ...priced, maxTokens: 10 };

function questions(count: number): PreparedQuestion[] {
  return Array.from({ length: count }, (_, index) => {
    const question: ToyQuestion = {
      benchmark: 'toy',
      sampleId: `toy-${index}`,
      file: `c${index}.toy.json`,
      length: 5,
      start: 0,
      goal: 1 + (index % 4),
    };
    return preparedFromHooks(toyBenchmark, question) as PreparedQuestion;
  });
}

/** A model whose tokenizer counts `ratio` × cl100k, answering 10 tokens after `delayMs`; it keeps what each request cost. */
function otherVocabulary(ratio: number, delayMs: number) {
  const state = { charged: [] as number[], inFlight: 0, mostInFlight: 0 };
  const source: ReplySource = {
    async reply(messages: readonly ChatMessage[]) {
      state.inFlight++;
      state.mostInFlight = Math.max(state.mostInFlight, state.inFlight);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      state.inFlight--;
      const promptTokens = Math.ceil(countChatTokens(messages) * ratio);
      state.charged.push((promptTokens + 10) / 1000);
      return { text: 'right', promptTokens, completionTokens: 10, latencyMs: delayMs, cached: false };
    },
  };
  return { source, state };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('--max-cost: the cost cap', () => {
  it('with four requests in flight and a model counting a third more than cl100k, never spends past the cap, and spends close to it', async () => {
    const { source, state } = otherVocabulary(1.35, 20);
    const prompt = countChatTokens(questions(1)[0].messages);
    const actual = (Math.ceil(prompt * 1.35) + 10) / 1000;
    const cap = 12.5 * actual;
    const records: RunRecord<QuestionBase>[] = [];
    const summary = await runQuestions(questions(40), {
      profile: tenTokens,
      label: 'Toy',
      source,
      cache: null,
      mode: 'faithful',
      seed: 0,
      runId: 'r',
      concurrency: 4,
      maxCostUsd: cap,
      signal: new AbortController().signal,
      onRecord: (record) => void records.push(record),
    });
    assert.equal(summary.stoppedBy, 'cost-cap');
    assert.ok(sum(state.charged) <= cap + 1e-12, `charged $${sum(state.charged)} of a $${cap} cap`);
    assert.ok(Math.abs(summary.costUsd - sum(state.charged)) < 1e-9);
    // Close to the cap: it stopped when the next worst case (its prompt at the learned ratio, 10 tokens of reply) no longer fitted.
    const worstCase = (Math.ceil(prompt * 1.35 * 1.1) + 10) / 1000;
    assert.ok(sum(state.charged) > cap - 2 * worstCase, `stopped at $${sum(state.charged)} of $${cap}`);
    assert.ok(state.mostInFlight > 1, 'requests were in flight together');
    assert.equal(records.length, state.charged.length);
  });

  it('reserves what cl100k would have under-reserved: with cl100k counts taken as exact, the same run passes its cap', async () => {
    // The reservation policy this replaced (a cl100k count as the prompt's worst case), for contrast.
    const { source, state } = otherVocabulary(1.35, 20);
    const prompt = countChatTokens(questions(1)[0].messages);
    const cap = 12.5 * ((Math.ceil(prompt * 1.35) + 10) / 1000);
    const asIfExact = {
      by: 'server' as const,
      count: async (messages: readonly ChatMessage[]) => ({ tokens: countChatTokens(messages), by: 'server' as const }),
    };
    await runQuestions(questions(40), {
      profile: tenTokens,
      label: 'Toy',
      source,
      cache: null,
      mode: 'faithful',
      seed: 0,
      runId: 'r',
      concurrency: 4,
      maxCostUsd: cap,
      promptCounter: asIfExact,
      signal: new AbortController().signal,
      onRecord: () => undefined,
    });
    assert.ok(sum(state.charged) > cap, `charged $${sum(state.charged)} of a $${cap} cap`);
  });

  it('a request that does not fit beside those in flight waits for them; one that cannot fit alone stops the run', async () => {
    const cap = new CostCap(1, 0);
    const messages: ChatMessage[] = [{ role: 'user', content: 'x' }];
    const signal = new AbortController().signal;
    const exact = (tokens: number) => ({ tokens, by: 'server' as const });
    // maxTokens 100 at $1/1k: each reservation is $0.1 + its prompt.
    const first = await cap.reserve(priced, messages, exact(500), signal);
    let secondReserved = false;
    const second = cap.reserve(priced, messages, exact(500), signal).then((reservation) => {
      secondReserved = true;
      return reservation;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(secondReserved, false, '0.6 + 0.6 > 1: the second waits');
    cap.settle(first, priced, { text: '', promptTokens: 200, completionTokens: 10, latencyMs: 1, cached: false });
    const reservation = await second;
    assert.ok(Math.abs(cap.spent - 0.21) < 1e-12);
    await assert.rejects(
      cap.reserve(priced, messages, exact(800), signal),
      CostCapReached,
      '0.21 + 0.9 > 1 even alone',
    );
    // A refused request is not billed; one that may have run is counted at its worst case.
    cap.settle(reservation, priced, 'refused');
    assert.ok(Math.abs(cap.spent - 0.21) < 1e-12);
    const third = await cap.reserve(priced, messages, exact(100), signal);
    cap.settle(third, priced, 'maybe-billed');
    assert.ok(Math.abs(cap.spent - 0.41) < 1e-12);
  });

  it('before any reply, an estimate reserves the most tokens any tokenizer makes of the text; after one, the ratio the reply showed', async () => {
    const cap = new CostCap(100, 0);
    const messages: ChatMessage[] = [{ role: 'user', content: 'Höhle '.repeat(50) }];
    const signal = new AbortController().signal;
    const estimate = { tokens: countChatTokens(messages), by: 'cl100k' as const };
    const first = await cap.reserve(priced, messages, estimate, signal);
    assert.ok(Math.abs(first.usd - (promptTokenCeiling(messages) + 100) / 1000) < 1e-12);
    assert.ok(promptTokenCeiling(messages) > 350, 'UTF-8 bytes, not characters');
    cap.settle(first, priced, {
      text: '',
      promptTokens: estimate.tokens * 2,
      completionTokens: 1,
      latencyMs: 1,
      cached: false,
    });
    const second = await cap.reserve(priced, messages, estimate, signal);
    assert.ok(Math.abs(second.usd - (Math.ceil(estimate.tokens * 2 * 1.1) + 100) / 1000) < 1e-12);
  });

  it("without prices each request's cost is unknown (counted apart), not 0; offline agents cost 0", async () => {
    const { source } = otherVocabulary(1, 1);
    const { costPer1kInput: _input, costPer1kOutput: _output, ...unpriced } = priced;
    const run = (profile: ModelProfile) =>
      runQuestions(questions(2), {
        profile,
        label: 'Toy',
        source,
        cache: null,
        mode: 'faithful',
        seed: 0,
        runId: 'r',
        concurrency: 2,
        signal: new AbortController().signal,
        onRecord: () => undefined,
      });
    const unknown = await run(unpriced);
    assert.deepEqual([unknown.costUsd, unknown.costUnknown], [0, 2]);
    const known = await run(priced);
    assert.ok(known.costUsd > 0 && known.costUnknown === 0);
    const offline = await run({ ...priced, id: 'oracle', provider: 'oracle' });
    assert.deepEqual([offline.costUsd, offline.costUnknown], [0, 0]);
  });

  it('a failed call releases its reservation: the failures of a run cost nothing and do not stop it', async () => {
    const source: ReplySource = {
      reply: async () => Promise.reject(new ModelCallError('refused', { kind: 'request', status: 400 })),
    };
    const summary = await runQuestions(questions(6), {
      profile: priced,
      label: 'Toy',
      source,
      cache: null,
      mode: 'faithful',
      seed: 0,
      runId: 'r',
      concurrency: 3,
      maxCostUsd: 1,
      signal: new AbortController().signal,
      onRecord: () => undefined,
    });
    assert.deepEqual([summary.stoppedBy, summary.errors, summary.costUsd], ['done', 6, 0]);
  });
});
