// numpy's legacy `np.random.RandomState` (MT19937), the subset Crafter uses: integer seeding,
// `randint(low, high)`, `uniform()` and the draws of `uniform(low, high, size)`. Crafter's world,
// creatures and night-time image noise all draw from one RandomState, so every draw must be made
// in upstream's order with upstream's algorithms:
// - seeding an int (0 <= seed < 2**32) is `init_genrand` (numpy's `_legacy_seeding`);
// - a double is 53 bits from two 32-bit outputs: ((a >> 5) * 2**26 + (b >> 6)) / 2**53;
// - `randint(low, high)` with int64 output takes `rng = high - 1 - low`; rng 0 returns `low`
//   without a draw; otherwise 32-bit outputs masked to the smallest all-ones mask >= rng are
//   rejected until <= rng (`buffered_bounded_masked_uint32`; ranges beyond 32 bits are not used).

import { Mt19937 } from '../../../util/mt19937';

export class RandomState extends Mt19937 {
  constructor(seed: number) {
    super();
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      throw new RangeError(`RandomState seed must be an integer between 0 and 2**32 - 1, got ${seed}`);
    this.initGenrand(seed);
  }

  /** `random_sample()` / `uniform()`: a double in [0, 1) from 53 random bits. */
  uniform(): number {
    return this.double53();
  }

  /** `uniform(low, high, size)` for a size of `count` values, consumed in order. */
  uniformArray(low: number, high: number, count: number): Float64Array {
    const out = new Float64Array(count);
    const range = high - low;
    for (let i = 0; i < count; i++) out[i] = low + range * this.uniform();
    return out;
  }

  /** Skip `count` doubles (what drawing an image's noise consumes): the state advances, untempered. */
  skipDoubles(count: number): void {
    this.skipOutputs(2 * count);
  }

  /** `randint(low, high)`: an integer in [low, high). */
  randint(low: number, high: number): number {
    if (high <= low) throw new RangeError(`randint: low >= high (${low}, ${high})`);
    const rng = high - 1 - low;
    if (rng === 0) return low;
    if (rng > 0xffffffff) throw new RangeError('randint: ranges beyond 32 bits are not implemented');
    if (rng === 0xffffffff) return low + this.nextUint32();
    let mask = rng;
    mask |= mask >>> 1;
    mask |= mask >>> 2;
    mask |= mask >>> 4;
    mask |= mask >>> 8;
    mask |= mask >>> 16;
    mask >>>= 0;
    for (;;) {
      const value = (this.nextUint32() & mask) >>> 0;
      if (value <= rng) return low + value;
    }
  }
}
