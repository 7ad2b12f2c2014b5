// Property: applying any sequence of line edits incrementally gives exactly the steps, folding
// ranges and diagnostics of a fresh parse of the edited text.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { WalkthroughDocument } from '../../src/core/mango/walkthroughDocument';
import { splitLines } from '../../src/core/text';
import { samplesDir } from '../support/paths';

const base = readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), 'utf8');

// Fragments that hit the parser's interesting cases: separators (good and damaged), headers
// (good, malformed, out of place), blank lines and plain prose.
const fragment = fc.constantFrom(
  '===========', '==========', '=========== ', '=====', '==>STEP NUM: 3', '==>STEP NUM: 0', '==>STEP NUM: x',
  '==>ACT: north', '==>ACT: ', '==>OBSERVATION: Kitchen', '==>OBS', '', 'Kitchen', 'You are in a kitchen.', 'Taken.',
);

interface LineEdit {
  at: number;
  remove: number;
  insert: string[];
}

const edit = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 8 }),
  insert: fc.array(fragment, { maxLength: 6 }),
});

function snapshot(document: WalkthroughDocument) {
  return { steps: document.steps(), folding: document.foldingRanges(), diagnostics: document.diagnostics() };
}

describe('incremental walkthrough re-parse', () => {
  it('matches a full parse after random line edits', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits: LineEdit[]) => {
        let lines = splitLines(base);
        const document = WalkthroughDocument.parse(base);
        for (const { at, remove, insert } of edits) {
          const first = at % lines.length;
          const removeCount = Math.min(remove, lines.length - first);
          // A replacement of whole lines [first, first+removeCount) by `insert`, expressed as the
          // LSP range edit an editor would send: old lines first..oldEnd, new lines first..newEnd.
          const replaced = removeCount === 0 ? [...insert, lines[first]] : insert.length === 0 ? [''] : insert;
          const oldEnd = first + Math.max(removeCount, 1) - 1;
          lines = [...lines.slice(0, first), ...replaced, ...lines.slice(oldEnd + 1)];
          const newEnd = first + replaced.length - 1;
          document.applyLineEdit(first, oldEnd, newEnd, (line) => lines[line], lines.length);
        }
        assert.deepEqual(snapshot(document), snapshot(WalkthroughDocument.parse(lines.join('\n'))));
      }),
      { numRuns: 300 },
    );
  });

  it('re-parses only the blocks near an edit', () => {
    const document = WalkthroughDocument.parse(base);
    const lines = splitLines(base);
    const before = document.blockCount;
    lines[17] = '==>STEP NUM: 2';
    document.applyLineEdit(17, 17, 17, (line) => lines[line], lines.length);
    assert.equal(document.blockCount, before);
    assert.deepEqual(document.diagnostics(), []);
  });
});
