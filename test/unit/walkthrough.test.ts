import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WalkthroughCodes } from '../../src/core/benchmarks/mango/walkthrough/codes';
import {
  WalkthroughDocument,
  validateWalkthrough,
} from '../../src/core/benchmarks/mango/walkthrough/walkthroughDocument';
import { samplesDir } from '../support/paths';

const block = (number: number | string, action: string, observation: string) =>
  `===========\n==>STEP NUM: ${number}\n==>ACT: ${action}\n==>OBSERVATION: ${observation}\n\n`;
const closing = '===========\n';

function codesOf(text: string): string[] {
  return validateWalkthrough(text).map((diagnostic) => diagnostic.code);
}

describe('walkthrough parser', () => {
  it('parses the sample game into 40 steps with locations and no diagnostics', () => {
    const text = readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), 'utf8');
    const document = WalkthroughDocument.parse(text);
    const steps = document.steps();
    assert.equal(steps.length, 40);
    assert.deepEqual(document.diagnostics(), []);
    assert.deepEqual(
      steps.slice(0, 3).map((step) => [step.number, step.action, step.location]),
      [
        [0, 'Init', 'Harbour Road'],
        [1, 'look', 'Harbour Road'],
        [2, 'north', 'Fish Market'],
      ],
    );
    assert.equal(steps[3].location, null, 'a non-move observation has no room title');
    assert.deepEqual(steps[2].headerRange, { start: { line: 17, character: 0 }, end: { line: 17, character: 14 } });
  });

  it('keeps an observation that spans blank lines inside its step', () => {
    const text =
      block(0, 'Init', 'Room\nfirst paragraph\n\nsecond paragraph\n\n\nthird') +
      block(1, 'wait', 'Time passes.') +
      closing;
    const steps = WalkthroughDocument.parse(text).steps();
    assert.equal(steps.length, 2);
    assert.equal(steps[0].range.end.line, 9, 'step 0 ends at its last line with text');
    assert.deepEqual(validateWalkthrough(text), []);
  });

  it('reports a skipped step number on the number itself', () => {
    const text = block(0, 'Init', 'Hall') + block(1, 'north', 'Yard') + block(3, 'south', 'Hall') + closing;
    const [diagnostic] = validateWalkthrough(text);
    assert.equal(diagnostic.code, WalkthroughCodes.stepSequence);
    assert.match(diagnostic.message, /expected 2, found 3/);
    assert.deepEqual(diagnostic.range, { start: { line: 11, character: 13 }, end: { line: 11, character: 14 } });
  });

  it('reports duplicates once and does not cascade sequence errors after them', () => {
    const text =
      block(0, 'Init', 'Hall') +
      block(1, 'north', 'Yard') +
      block(1, 'south', 'Hall') +
      block(2, 'east', 'Shed') +
      closing;
    assert.deepEqual(codesOf(text), [WalkthroughCodes.stepDuplicate]);
  });

  it('requires step 0 to be Init and the first step to be 0', () => {
    assert.deepEqual(codesOf(block(0, 'look', 'Hall') + closing), [WalkthroughCodes.initMissing]);
    assert.deepEqual(codesOf(block(1, 'north', 'Yard') + closing), [WalkthroughCodes.stepSequence]);
  });

  it('reports a missing ACT line at the step header', () => {
    const text = `${block(0, 'Init', 'Hall')}===========\n==>STEP NUM: 1\n==>OBSERVATION: Yard\n\n${closing}`;
    const diagnostics = validateWalkthrough(text);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      [WalkthroughCodes.actMissing],
    );
    assert.equal(diagnostics[0].range.start.line, 6);
  });

  it('reports a missing OBSERVATION line', () => {
    assert.deepEqual(codesOf(`${block(0, 'Init', 'Hall')}===========\n==>STEP NUM: 1\n==>ACT: north\n\n${closing}`), [
      WalkthroughCodes.observationMissing,
    ]);
  });

  it('reports malformed and missing separators, and keeps parsing the steps after them', () => {
    const damaged = `${block(0, 'Init', 'Hall')}==========\n==>STEP NUM: 1\n==>ACT: north\n==>OBSERVATION: Yard\n\n${closing}`;
    const diagnostics = validateWalkthrough(damaged);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      [WalkthroughCodes.separatorMalformed],
    );
    assert.deepEqual(diagnostics[0].range, { start: { line: 5, character: 0 }, end: { line: 5, character: 10 } });
    assert.equal(WalkthroughDocument.parse(damaged).steps().length, 2);

    const missing = `${block(0, 'Init', 'Hall')}==>STEP NUM: 1\n==>ACT: north\n==>OBSERVATION: Yard\n\n${closing}`;
    assert.deepEqual(codesOf(missing), [WalkthroughCodes.separatorMissing]);
    assert.equal(WalkthroughDocument.parse(missing).steps().length, 2);
  });

  it('treats a rule of = inside an observation as text, not as a separator', () => {
    const text = block(0, 'Init', 'Title\n=====\nHall') + block(1, 'wait', 'ok') + closing;
    assert.deepEqual(validateWalkthrough(text), []);
  });

  it('reports malformed step headers with the offending value', () => {
    const diagnostics = validateWalkthrough(block(0, 'Init', 'Hall') + block('two', 'north', 'Yard') + closing);
    assert.equal(diagnostics[0].code, WalkthroughCodes.headerMalformed);
    assert.match(diagnostics[0].message, /'two'/);
    assert.deepEqual(diagnostics[0].range, { start: { line: 6, character: 13 }, end: { line: 6, character: 16 } });
    assert.deepEqual(codesOf(`${block(0, 'Init', 'Hall')}===========\n==>STEP: 1\n${closing}`), [
      WalkthroughCodes.headerMalformed,
    ]);
  });

  it('reports text before the first separator, and an empty file', () => {
    assert.deepEqual(codesOf(`notes\n${block(0, 'Init', 'Hall')}${closing}`), [WalkthroughCodes.contentOutsideStep]);
    assert.deepEqual(codesOf(''), [WalkthroughCodes.empty]);
  });

  it('warns about a header inside an observation', () => {
    const text = `${block(0, 'Init', 'Hall\n==>ACT: north')}${closing}`;
    assert.deepEqual(codesOf(text), [WalkthroughCodes.headerInObservation]);
  });

  it('accepts CRLF line endings', () => {
    const text = (block(0, 'Init', 'Hall') + block(1, 'north', 'Yard') + closing).replace(/\n/g, '\r\n');
    assert.deepEqual(validateWalkthrough(text), []);
    assert.equal(WalkthroughDocument.parse(text).steps()[1].location, 'Yard');
  });

  it('folds each step from its separator to its last line of text', () => {
    const text = block(0, 'Init', 'Hall\nA hall.') + block(1, 'north', 'Yard') + closing;
    assert.deepEqual(WalkthroughDocument.parse(text).foldingRanges(), [
      { startLine: 0, endLine: 4 },
      { startLine: 6, endLine: 9 },
    ]);
  });
});
