// Property: applying any sequence of line edits incrementally gives exactly the steps, folding
// ranges and diagnostics of a fresh parse of the edited text.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { WalkthroughDocument } from '../../src/core/benchmarks/mango/walkthrough/walkthroughDocument';
import { splitLines } from '../../src/core/util/text';
import { DocumentStore } from '../../src/server/documents';
import { applyLspChange, lspOffset, type LspRange } from '../support/lspText';
import { samplesDir } from '../support/paths';

const base = readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), 'utf8');

// Fragments that hit the parser's interesting cases: separators (good and damaged), headers
// (good, malformed, out of place), blank lines and plain prose.
const fragment = fc.constantFrom(
  '===========',
  '==========',
  '=========== ',
  '=====',
  '==>STEP NUM: 3',
  '==>STEP NUM: 0',
  '==>STEP NUM: x',
  '==>ACT: north',
  '==>ACT: ',
  '==>OBSERVATION: Kitchen',
  '==>OBS',
  '',
  'Kitchen',
  'You are in a kitchen.',
  'Taken.',
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

  // Character-level LSP changes as editors (and broken clients) send them: lone \r, \r\n split in
  // half, reversed ranges, positions past the end, several changes per notification (each against
  // the text the previous one left, so their ranges overlap freely).
  const piece = fc.constantFrom(
    '\r',
    '\n',
    '\r\n',
    '===========',
    '==>STEP NUM: 1',
    '==>ACT: north',
    '==>ACT: ',
    '==>OBSERVATION: Yard',
    'Kitchen',
    ' ',
    'x',
  );
  const position = fc.record({ line: fc.integer({ min: -1, max: 60 }), character: fc.integer({ min: -1, max: 40 }) });
  const change = fc.record({
    range: fc.record({ start: position, end: position }),
    text: fc.array(piece, { maxLength: 5 }).map((pieces) => pieces.join('')),
  });

  it('the open document matches a full parse after LSP changes with lone \\r, reversed and out-of-range ranges', () => {
    const crBase = base.split('\n').slice(0, 40).join('\r');
    fc.assert(
      fc.property(
        fc.constantFrom(base, crBase, base.replace(/\n/g, '\r\n')),
        fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        (start: string, notifications: Array<Array<{ range: LspRange; text: string }>>) => {
          const store = new DocumentStore();
          const uri = 'file:///property/game.walkthrough';
          store.open(uri, 'mango-walkthrough', 1, start);
          let expected = start;
          notifications.forEach((changes, index) => {
            store.change(uri, index + 2, changes);
            for (const { range, text } of changes) expected = applyLspChange(expected, range, text);
          });
          const document = store.get(uri)!;
          assert.equal(document.text.getText(), expected);
          assert.deepEqual(snapshot(document.walkthrough!), snapshot(WalkthroughDocument.parse(expected)));
        },
      ),
      { numRuns: 500, seed: 12 },
    );
  });

  it('edits far apart, with the parse read at random moments in between, match a full parse; the text follows LSP', () => {
    // Long enough that edits land both near each other (coalesced) and far apart (caught up first).
    const long = Array.from({ length: 8 }, () => base).join('');
    const lineCount = splitLines(long).length;
    const farPosition = fc.record({
      line: fc.integer({ min: -1, max: lineCount + 2 }),
      character: fc.integer({ min: -1, max: 40 }),
    });
    const farChange = fc.record({
      range: fc.record({ start: farPosition, end: farPosition }),
      text: fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join('')),
      read: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(long, long.replace(/\n/g, '\r\n')),
        fc.array(farChange, { minLength: 1, maxLength: 25 }),
        farPosition,
        (start, changes, probe) => {
          const store = new DocumentStore();
          const uri = 'file:///property/far.walkthrough';
          store.open(uri, 'mango-walkthrough', 1, start);
          let expected = start;
          changes.forEach(({ range, text, read }, index) => {
            store.change(uri, index + 2, [{ range, text }]);
            expected = applyLspChange(expected, range, text);
            if (read)
              assert.deepEqual(snapshot(store.get(uri)!.walkthrough!), snapshot(WalkthroughDocument.parse(expected)));
          });
          const document = store.get(uri)!;
          assert.equal(document.text.getText(), expected);
          assert.deepEqual(snapshot(document.walkthrough!), snapshot(WalkthroughDocument.parse(expected)));
          // Reads by range and offset agree with the protocol's definition too.
          const offset = lspOffset(expected, probe);
          assert.equal(document.text.offsetAt(probe), offset);
          assert.equal(document.text.offsetAt(document.text.positionAt(offset)), offset);
          assert.equal(
            document.text.getText({ start: probe, end: { line: probe.line + 3, character: 0 } }),
            expected.slice(offset, lspOffset(expected, { line: probe.line + 3, character: 0 })),
          );
        },
      ),
      { numRuns: 200, seed: 29 },
    );
  });

  it('steps of a line range are those of the whole document whose headers lie in it, and only those', () => {
    const document = WalkthroughDocument.parse(base);
    const all = document.steps();
    const lineCount = splitLines(base).length;
    fc.assert(
      fc.property(fc.nat({ max: lineCount }), fc.nat({ max: 40 }), (from, length) => {
        const some = document.steps(from, from + length);
        for (const step of some) assert.ok(all.some((candidate) => candidate.number === step.number));
        const inside = all.filter(
          (step) => step.headerRange.start.line >= from && step.headerRange.start.line <= from + length,
        );
        for (const step of inside)
          assert.ok(some.some((candidate) => candidate.headerRange.start.line === step.headerRange.start.line));
        assert.ok(some.length <= inside.length + 2, 'at most the blocks at the two ends besides');
      }),
      { numRuns: 200, seed: 29 },
    );
  });

  it('a "\\n" typed after a lone "\\r" joins the two line ends instead of adding a line', () => {
    const store = new DocumentStore();
    const uri = 'file:///cr/game.walkthrough';
    const step = (number: number, action: string, room: string) =>
      `===========\r==>STEP NUM: ${number}\r==>ACT: ${action}\r==>OBSERVATION: ${room}\r\r`;
    store.open(
      uri,
      'mango-walkthrough',
      1,
      `${step(0, 'Init', 'Hall')}${step(1, 'north', 'Yard')}${step(2, 'south', 'Hall')}`,
    );
    // Line 6 is step 1's header, right after the separator's lone "\r".
    store.change(uri, 2, [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: '\n' }]);
    const walkthrough = store.get(uri)!.walkthrough!;
    assert.deepEqual(
      walkthrough.steps().map((step) => step.headerRange.start.line),
      [1, 6, 11],
    );
    assert.deepEqual(walkthrough.diagnostics(), []);
  });

  it('takes the line shift from the line counts: a miscounted or reversed edit still matches a full parse', () => {
    const lines = splitLines(base);
    const document = WalkthroughDocument.parse(base);
    // Lines 10..11 replaced by three lines, reported with a wrong end (as a "\r\n" joined at the
    // edit's end would make a naive count) and with its ends swapped.
    const edited = [...lines.slice(0, 10), '===========', '==>STEP NUM: 1', '==>ACT: look', ...lines.slice(12)];
    const expected = snapshot(WalkthroughDocument.parse(edited.join('\n')));
    document.applyLineEdit(10, 11, 11, (line) => edited[line], edited.length);
    assert.deepEqual(snapshot(document), expected, 'miscounted');
    const reversed = WalkthroughDocument.parse(base);
    reversed.applyLineEdit(11, 10, 11, (line) => edited[line], edited.length);
    assert.deepEqual(snapshot(reversed), expected, 'reversed');
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
