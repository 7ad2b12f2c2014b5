// The recommended, non-official extraction rule of spec §7, on answers shaped like the stored ones.
import { strict as assert } from 'node:assert';
import {
  blankPythonComments,
  EXTRACTION_RULE_LABEL,
  extractActions,
  pythonCommentsFor,
} from '../../../src/core/benchmarks/grasp/answers';

describe('GRASP answer extraction', () => {
  it('takes the last [...] that contains an action word, stripping quotes and whitespace', () => {
    const text =
      'Example: [STEP, STEP, ...]\nPlan A: ["UP", "TAKE"]\nFinal:\n```python\n[\'LEFT\', `TAKE`, "RIGHT" ,DROP]\n```\nSee [1].';
    const answer = extractActions(text);
    assert.equal(answer.method, 'bracket-list');
    assert.deepEqual(answer.tokens, ['LEFT', 'TAKE', 'RIGHT', 'DROP']);
    assert.equal(answer.rule, EXTRACTION_RULE_LABEL);
    assert.deepEqual(answer.unknown, []);
    assert.deepEqual(answer.listRange, { start: { line: 4, character: 0 }, end: { line: 4, character: 31 } });
  });

  it('keeps junk tokens in order and reports them with their positions', () => {
    const text = 'Steps:\n[UP, "TAKE ENERGY",\n  UP., , DROP]';
    const answer = extractActions(text);
    assert.deepEqual(answer.tokens, ['UP', 'TAKE ENERGY', 'UP.', '', 'DROP']);
    assert.deepEqual(
      answer.unknown.map(({ index, token, range }) => [index, token, range.start.line, range.start.character]),
      [
        [1, 'TAKE ENERGY', 1, 6],
        [2, 'UP.', 2, 2],
        [3, '', 2, 7],
      ],
    );
    const [first] = answer.unknown;
    assert.equal(text.slice(first.start, first.end), 'TAKE ENERGY');
  });

  it('a list spread over lines and lower-case words count; a list without action words does not', () => {
    assert.deepEqual(extractActions('[\n  "up",\n  "take"\n]').tokens, ['up', 'take']);
    assert.equal(extractActions('Use [STEP, STEP, ...] as the format.').method, 'none');
  });

  it('without a list, falls back to the first action word of each numbered line', () => {
    const text =
      'Here is the plan:\n1. **UP** – Move from (7,5) to (6,5)\n2. TAKE (6,5)\n3) move left to (6,4), then right\nThe agent ends.\n10. DROP';
    const answer = extractActions(text);
    assert.equal(answer.method, 'numbered-list');
    assert.deepEqual(answer.tokens, ['UP', 'TAKE', 'left', 'DROP']);
    assert.equal(answer.located[2].range.start.line, 3);
    assert.equal(answer.located[2].range.start.character, 8);
    assert.equal(extractActions(text, { numberedFallback: false }).method, 'none');
  });

  it('an answer with neither gives no tokens', () => {
    const answer = extractActions('I cannot solve this.');
    assert.deepEqual([answer.method, answer.tokens], ['none', []]);
  });

  it('reads o1-mini lists with Python comments (issue 12): commas and brackets in comments neither split nor hide the list', () => {
    const text =
      '```python\n[\n  "UP",    # to (3,3)\n  TAKE,    # energy at (3,3)\n  "DROP"   # at (3,3) [Starting Position]\n]\n```\n### Plan #2\nStep #1: UP';
    const answer = extractActions(text);
    assert.deepEqual(
      [answer.method, answer.tokens, answer.unknown.length],
      ['bracket-list', ['UP', 'TAKE', 'DROP'], 0],
    );
    assert.deepEqual(
      answer.located.map((token) => text.slice(token.start, token.end)),
      ['UP', 'TAKE', 'DROP'],
      'offsets point into the original text',
    );
    assert.equal(blankPythonComments(text).length, text.length);
    assert.match(blankPythonComments(text), /### Plan #2\nStep #1: UP$/, 'headings and "#1" are not comments');
    // The raw §7 rule (reference and pre2025 modes, as the published figures were computed): the
    // nested [...] in the last comment hides the list: "no list found", as reported.
    assert.equal(extractActions(text, { pythonComments: 'keep' }).method, 'none');
    assert.equal(pythonCommentsFor('faithful'), 'strip');
    assert.equal(pythonCommentsFor('reference'), 'keep');
  });

  it('a cut-off list (no closing bracket) is not a list; an earlier complete one is used', () => {
    assert.deepEqual(extractActions('First try: [UP, TAKE, DOWN, DROP]\nBetter: [LEFT, TAKE, RIG').tokens, [
      'UP',
      'TAKE',
      'DOWN',
      'DROP',
    ]);
  });
});
