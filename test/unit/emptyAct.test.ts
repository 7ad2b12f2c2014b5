// Empty actions (issue 12, defect 6): ten release steps read `==>ACT: ` with nothing after it (the
// player sent an empty line, e.g. after "[press space to continue]"). They are information, not
// errors, and everything downstream treats the step as a step whose action is ''.
import { strict as assert } from 'node:assert';
import { WalkthroughCodes, MangoCodes } from '../../src/core/benchmarks/mango/walkthrough/codes';
import { validateGameTexts } from '../../src/core/benchmarks/mango/walkthrough/game';
import { promptWalkthrough } from '../../src/core/benchmarks/mango/prompt';
import {
  WalkthroughDocument,
  validateWalkthrough,
} from '../../src/core/benchmarks/mango/walkthrough/walkthroughDocument';
import { stepLabel } from '../../src/server/mango/symbols';

const block = (number: number, act: string, observation: string) =>
  `===========\n==>STEP NUM: ${number}\n${act}\n==>OBSERVATION: ${observation}\n\n`;
/** Step 2 is curses' step 487 in miniature: an empty command after a "press a key" prompt. */
const walkthrough =
  [
    block(0, '==>ACT: Init', 'Hall\nA bare hall.'),
    block(1, '==>ACT: north', 'Yard\nA muddy yard. [press space to continue]'),
    block(2, '==>ACT: ', 'I beg your pardon?'),
    block(3, '==>ACT:', 'I beg your pardon?'),
    block(4, '==>ACT: south', 'Hall\nA bare hall.'),
  ].join('') + '===========\n';

describe('empty ACT lines', () => {
  it('are information on the ACT line, with or without the space after the colon', () => {
    const diagnostics = validateWalkthrough(walkthrough);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.range.start.line]),
      [
        [WalkthroughCodes.actEmpty, 'information', 14],
        [WalkthroughCodes.actEmpty, 'information', 19],
      ],
    );
    // The whole ACT line: an empty range at its end would be invisible in the editor.
    assert.deepEqual(diagnostics[0].range, { start: { line: 14, character: 0 }, end: { line: 14, character: 8 } });
  });

  it('keep their step: numbering, outline label and action stay consistent', () => {
    const steps = WalkthroughDocument.parse(walkthrough).steps();
    assert.deepEqual(
      steps.map((step) => step.number),
      [0, 1, 2, 3, 4],
    );
    assert.equal(steps[2].action, '');
    assert.deepEqual(steps[2].actionRange, { start: { line: 14, character: 8 }, end: { line: 14, character: 8 } });
    assert.equal(stepLabel(steps[2]), '2 · (no action)');
  });

  it('a truly missing ACT line is still an error, and step 0 still needs Init', () => {
    const missing =
      block(0, '==>ACT: Init', 'Hall') + '===========\n==>STEP NUM: 1\n==>OBSERVATION: Yard\n\n===========\n';
    assert.deepEqual(
      validateWalkthrough(missing).map((d) => [d.code, d.severity]),
      [[WalkthroughCodes.actMissing, 'error']],
    );
    const emptyInit = block(0, '==>ACT: ', 'Hall') + '===========\n';
    assert.deepEqual(
      validateWalkthrough(emptyInit)
        .map((d) => d.code)
        .sort(),
      [WalkthroughCodes.actEmpty, WalkthroughCodes.initMissing].sort(),
    );
  });

  it('a game with empty actions validates without errors or warnings about them', () => {
    const edges = JSON.stringify([
      {
        src_node: 'hall',
        dst_node: 'yard',
        action: 'north',
        seen_in_forward: 1,
        seen_in_reversed: 4,
        edge_min_step: 1,
        seen_in_forward_answerable: 1,
        seen_in_reversed_answerable: 4,
        edge_min_step_answerable: 1,
      },
      {
        src_node: 'yard',
        dst_node: 'hall',
        action: 'south',
        seen_in_forward: 4,
        seen_in_reversed: 1,
        edge_min_step: 1,
        seen_in_forward_answerable: 4,
        seen_in_reversed_answerable: 1,
        edge_min_step_answerable: 1,
      },
    ]);
    const byFile = validateGameTexts({
      'mango-walkthrough': walkthrough,
      'mango-edges': edges,
      'mango-actions': '["north", "south"]',
      'mango-locations': '["hall", "yard"]',
    });
    const all = [...byFile.values()].flat();
    assert.deepEqual(
      all.filter((d) => d.severity === 'error' || d.severity === 'warning'),
      [],
    );
    assert.ok(!all.some((d) => d.code === MangoCodes.actionMismatch));
  });

  it('the prompt keeps the step verbatim, as upstream shows the text', () => {
    const { text } = promptWalkthrough(walkthrough, 3);
    assert.match(text, /==>STEP NUM: 2\n==>ACT: \n==>OBSERVATION: I beg your pardon\?/);
    assert.doesNotMatch(text, /STEP NUM: 4/);
  });
});
