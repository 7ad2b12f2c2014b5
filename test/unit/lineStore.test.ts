// The language server's chunked line store (src/server/lineStore.ts) against a plain array: any
// sequence of line replacements, with chunks small enough that edits cross, grow, split and empty
// them, leaves the same lines.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LineStore } from '../../src/server/lineStore';

describe('line store', () => {
  it('matches a plain array after any sequence of replacements, whatever the chunk size', () => {
    const replacement = fc.record({ at: fc.nat(), remove: fc.nat({ max: 9 }), insert: fc.nat({ max: 12 }) });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(replacement, { maxLength: 40 }),
        (chunkLines, initial, replacements) => {
          let expected = Array.from({ length: initial }, (_, index) => `line ${index}\n`);
          const store = new LineStore(expected, chunkLines);
          replacements.forEach(({ at, remove, insert }, step) => {
            const first = at % expected.length;
            const last = Math.min(expected.length - 1, first + remove);
            // The text never loses its last line: a replacement of everything keeps one.
            const count = first === 0 && last === expected.length - 1 ? Math.max(1, insert) : insert;
            const pieces = Array.from({ length: count }, (_, index) => `edit ${step}.${index}\n`);
            expected = [...expected.slice(0, first), ...pieces, ...expected.slice(last + 1)];
            store.replace(first, last, pieces);
            assert.equal(store.length, expected.length);
            const probe = (at * 7 + step) % expected.length;
            assert.equal(store.get(probe), expected[probe]);
          });
          assert.deepEqual([...store], expected);
          assert.equal(store.join(), expected.join(''));
          expected.forEach((line, index) => assert.equal(store.get(index), line));
          assert.equal(store.get(expected.length), undefined);
          assert.equal(store.get(-1), undefined);
        },
      ),
      { numRuns: 500, seed: 29 },
    );
  });
});
