// The rule that flags a prompt a server cut silently (core/eval/contextTruncation.ts), at its
// edges and at the ratios real servers give (notes/real-servers.md): honest counts of other
// tokenizers are never flagged, Ollama's cut of a MANGO prompt is.
import { strict as assert } from 'node:assert';
import { CUT_PROMPT_RATIO, promptWasCut, SMALLEST_JUDGED_PROMPT } from '../../../src/core/eval/contextTruncation';

describe('a prompt cut without an error (context_truncated)', () => {
  it("is flagged below 80% of the prompt's cl100k count, and not at or above it", () => {
    assert.equal(CUT_PROMPT_RATIO, 0.8);
    assert.equal(promptWasCut(799, 1000), true);
    assert.equal(promptWasCut(800, 1000), false);
    assert.equal(promptWasCut(1000, 1000), false);
  });

  it('Ollama cutting a 3,600-token MANGO prompt to 2,048 is flagged; counts of other tokenizers are not', () => {
    assert.equal(promptWasCut(2048, 3600), true);
    // llama-server measured 1.29–2.1× the cl100k count; larger vocabularies count up to about a tenth less.
    for (const ratio of [2.1, 1.29, 1, 0.9])
      assert.equal(promptWasCut(Math.round(3600 * ratio), 3600), false, `ratio ${ratio}`);
  });

  it('says nothing without a count, for a count of 0 (a cached prompt in older Ollama) or for tiny prompts', () => {
    assert.equal(promptWasCut(null, 3600), false);
    assert.equal(promptWasCut(0, 3600), false);
    assert.equal(promptWasCut(1, SMALLEST_JUDGED_PROMPT - 1), false);
    assert.equal(promptWasCut(1, SMALLEST_JUDGED_PROMPT), true);
  });
});
