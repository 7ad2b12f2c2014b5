// Every dollar figure comes from core/eval/cost.ts: the provider's own figure wins over the
// profile's prices, and a cost nobody knows is null, never 0 (a 0 would read as free in a sum).
import { strict as assert } from 'node:assert';
import { costOf, costWithSource, pricedCost, pricesOf, requestCostBound } from '../../src/core/eval/cost';
import { estimateBatch } from '../../src/core/runs/batchRun';
import type { ModelProfile } from '../../src/core/eval/types';
import type { PreparedQuestion } from '../../src/core/benchmark/registry';

const unpriced: ModelProfile = {
  id: 'p',
  provider: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:9',
  model: 'm',
  temperature: 0,
  maxTokens: 100,
  timeoutMs: 1000,
  retries: 0,
};
const priced: ModelProfile = { ...unpriced, costPer1kInput: 0.5, costPer1kOutput: 1.5 };

describe('cost: one place for prices and dollars', () => {
  it('a reply costs its tokens at the prices; the provider figure wins, even over prices', () => {
    assert.equal(costOf(priced, { promptTokens: 1000, completionTokens: 200, providerCostUsd: undefined }), 0.8);
    assert.deepEqual(costWithSource(priced, { promptTokens: 1000, completionTokens: 200, providerCostUsd: 0.01 }), {
      usd: 0.01,
      source: 'provider',
    });
    assert.deepEqual(
      costWithSource(unpriced, { promptTokens: null, completionTokens: null, providerCostUsd: 0 }),
      { usd: 0, source: 'provider' },
      'a provider that says 0 means free',
    );
  });

  it('unknown is null, never 0: no prices, one price, or token counts the server did not report', () => {
    assert.equal(costOf(unpriced, { promptTokens: 10, completionTokens: 10 }), null);
    assert.equal(
      costOf({ ...unpriced, costPer1kInput: 1 }, { promptTokens: 10, completionTokens: 10 }),
      null,
      'one price is no price',
    );
    assert.equal(costOf(priced, { promptTokens: null, completionTokens: 10 }), null);
    assert.equal(pricesOf({ ...unpriced, costPer1kOutput: 1 }), null);
    assert.equal(pricedCost(unpriced, 1, 1), null);
  });

  it('the worst case of a request is its prompt and completion limit at the prices; a run bound sums them the same way', () => {
    assert.equal(requestCostBound(priced, 1000), (1000 * 0.5 + 100 * 1.5) / 1000);
    assert.equal(
      requestCostBound({ ...priced, maxCompletionTokens: 400 }, 0),
      0.6,
      'a reasoning model is bounded by max_completion_tokens',
    );
    assert.equal(requestCostBound(unpriced, 1000), null);
    const question = {
      question: { benchmark: 'toy', sampleId: 'q' },
      messages: [{ role: 'user', content: 'hello' }],
    } as unknown as PreparedQuestion;
    const tokens = () => 40;
    assert.equal(estimateBatch([question, question], priced, tokens).cost_usd_max, pricedCost(priced, 80, 200));
    assert.equal(estimateBatch([question], unpriced, tokens).cost_usd_max, null);
  });
});
