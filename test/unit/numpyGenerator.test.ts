// numpy's Generator(PCG64(SeedSequence(seed))), the generator gymnasium gives MiniGrid. The pinned
// values were printed by Python 3 with numpy 2.4.6 (`np.random.Generator(np.random.PCG64(
// np.random.SeedSequence(seed)))`); the same run also matched a 120,000-draw digest over seeds
// 0..2999. The mixed sequence crosses every path: 32-bit Lemire draws (which use both halves of one
// 64-bit output), the full 32-bit range, 64-bit Lemire draws and doubles, so a lost buffered half
// shifts everything after it.
import { strict as assert } from 'node:assert';
import { NumpyGenerator, seedSequenceState } from '../../src/core/util/numpyGenerator';

function sequence(seed: number | bigint): number[] {
  const rng = new NumpyGenerator(seed);
  const values: number[] = [];
  for (let i = 0; i < 6; i++) values.push(rng.integers(0, 4));
  for (let i = 0; i < 4; i++) values.push(rng.integers(1, 7));
  values.push(rng.integers(0, 2 ** 32 - 1), rng.integers(0, 2 ** 40), rng.integers(3, 5), rng.random());
  return values;
}

describe('numpy Generator(PCG64(SeedSequence(seed)))', () => {
  it('hashes the seed into the pool as SeedSequence.generate_state does', () => {
    assert.deepEqual(
      seedSequenceState(1, 8),
      [1835504127, 1731038949, 1320224556, 2330041505, 321059914, 1226144109, 2879408573, 3503041500],
    );
  });

  it('draws what numpy 2.4.6 draws for the same seeds', () => {
    assert.deepEqual(sequence(1), [1, 2, 3, 3, 0, 0, 5, 6, 2, 2, 3732435015, 910068626245, 3, 0.4091991363691613]);
    assert.deepEqual(sequence(42), [0, 3, 2, 1, 1, 3, 1, 5, 2, 1, 2261209995, 836881952700, 4, 0.7860643052769538]);
    // A seed wider than 32 bits is mixed in as two words.
    assert.deepEqual(
      sequence(2n ** 40n + 3n),
      [2, 3, 1, 3, 1, 1, 3, 1, 5, 2, 510412252, 731885727180, 4, 0.5614052260662643],
    );
  });

  it('draws the full 32-bit range (the range === MASK32 shortcut) as numpy does', () => {
    // numpy 2.4.6: Generator(PCG64(SeedSequence(1))).integers(0, 2**32, 3)
    const rng = new NumpyGenerator(1);
    assert.deepEqual(
      [rng.integers(0, 2 ** 32), rng.integers(0, 2 ** 32), rng.integers(0, 2 ** 32)],
      [2032329983, 2198257139, 3243419750],
    );
  });

  it('returns low for a one-value range and rejects an empty one', () => {
    const rng = new NumpyGenerator(7);
    assert.equal(rng.integers(5, 6), 5);
    assert.throws(() => rng.integers(3, 3), /low >= high/);
  });
});
