// Word filtering of questions and steps: every typed word must match somewhere (AND), in any order,
// case-insensitively, across the label, description and detail.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { filterByWords, matchesEveryWord, queryWords } from '../../src/core/util/search';

const questions = [
  { label: 'harbour road → lamp room', description: 'easy' },
  { label: 'harbour road → quay', description: 'hard' },
  { label: 'fish market → lamp room', description: 'hard', detail: 'actions: north, up' },
  { label: 'quay → net loft', description: 'unanswerable' },
];
const labels = (query: string) => filterByWords(questions, query).map((item) => item.label);

describe('word filter for questions and steps', () => {
  it('needs every word, in any order, across label and description', () => {
    assert.deepEqual(labels('lamp harbour'), ['harbour road → lamp room']);
    assert.deepEqual(labels('Harbour   ROAD'), ['harbour road → lamp room', 'harbour road → quay']);
    assert.deepEqual(labels('hard lamp'), ['fish market → lamp room']);
    assert.deepEqual(labels('lamp up'), ['fish market → lamp room'], 'the detail (a DF action list) counts too');
    assert.deepEqual(labels('harbour net'), []);
    assert.deepEqual(
      labels('  '),
      questions.map((item) => item.label),
    );
  });

  it('is the conjunction of its words, whatever the words', () => {
    const word = fc.stringMatching(/^[a-zA-Z→]{1,4}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 4 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
        (words, fields) => {
          const query = words.join(' ');
          const expected = queryWords(query).every((part) =>
            fields.some((field) => field.toLowerCase().includes(part)),
          );
          assert.equal(matchesEveryWord(query, fields), expected);
          assert.equal(
            matchesEveryWord(query, fields),
            words.every((part) => matchesEveryWord(part, fields)),
          );
        },
      ),
      { seed: 6, numRuns: 500 },
    );
  });
});
