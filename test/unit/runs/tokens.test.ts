// The memoised token count equals encoding the whole text with cl100k: on texts built to stress the
// split points (runs of line breaks, spaces and punctuation around them, \r\n, non-Latin letters)
// and on real MANGO prompts.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { cl100kCounter } from '../../../src/core/benchmarks/mango/tokenizer';
import { ChatTokenCounter } from '../../../src/core/runs/tokens';
import { samplesDir } from '../../support/paths';
import { mangoQuestionSet } from '../../../src/core/benchmarks/mango/questionSet';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { join } from 'node:path';

describe('batch runs: prompt token counts', () => {
  it('equal whole-text encoding on texts full of line breaks, spaces and punctuation', () => {
    const counter = new ChatTokenCounter(cl100kCounter());
    const piece = fc.constantFrom(
      '\n',
      '\n\n',
      '\r\n',
      ' ',
      '  ',
      '\t',
      '.',
      '!?',
      ' .',
      "'s",
      '==>',
      'STEP',
      'North',
      ' of',
      'Höhle',
      '洞窟',
      '123',
      '4567',
      '🙂',
      ' \n',
      '.\n',
      '\n ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        assert.equal(counter.count(text), cl100kCounter().encode(text).length, JSON.stringify(text));
      }),
      { numRuns: 3000, seed: 14 },
    );
  });

  it('equal whole-text encoding on the sample game prompts, with most lines remembered', async () => {
    const counter = new ChatTokenCounter(cl100kCounter());
    const set = await mangoQuestionSet([join(samplesDir, 'mango')], {}, nodeQuestionFiles);
    assert.ok(set.questions.length > 20);
    for (const prepared of set.questions.slice(0, 40)) {
      const whole = prepared.messages.reduce(
        (sum, message) => sum + 3 + cl100kCounter().encode(message.content).length,
        3,
      );
      assert.equal(counter.countMessages(prepared.messages), whole, prepared.question.sampleId);
    }
  });
});
