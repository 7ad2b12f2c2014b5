// numpy's legacy `np.random.RandomState` (MT19937), the subset Crafter uses: integer seeding,
// `randint(low, high)`, `uniform()` and the draws of `uniform(low, high, size)`. Crafter's world,
// creatures and night-time image noise all draw from one RandomState, so every draw must be made
// in upstream's order with upstream's algorithms:
// - seeding an int (0 <= seed < 2**32) is `init_genrand` (numpy's `_legacy_seeding`);
// - a double is 53 bits from two 32-bit outputs: ((a >> 5) * 2**26 + (b >> 6)) / 2**53;
// - `randint(low, high)` with int64 output takes `rng = high - 1 - low`; rng 0 returns `low`
//   without a draw; otherwise 32-bit outputs masked to the smallest all-ones mask >= rng are
//   rejected until <= rng (`buffered_bounded_masked_uint32`; ranges beyond 32 bits are not used).

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df | 0;
const UPPER_MASK = 0x80000000 | 0;
const LOWER_MASK = 0x7fffffff;

export class RandomState {
  private readonly mt = new Int32Array(N);
  private index = N;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`RandomState seed must be an integer between 0 and 2**32 - 1, got ${seed}`);
    this.mt[0] = seed | 0;
    for (let i = 1; i < N; i++) {
      const previous = this.mt[i - 1] ^ (this.mt[i - 1] >>> 30);
      this.mt[i] = (Math.imul(1812433253, previous) + i) | 0;
    }
    this.index = N;
  }

  // The state is kept as int32 (bit patterns equal to uint32) so V8 stays on small integers.
  private refill(): void {
    const mt = this.mt;
    let kk = 0;
    for (; kk < N - M; kk++) {
      const y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    for (; kk < N - 1; kk++) {
      const y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    const y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    this.index = 0;
  }

  /** The next tempered 32-bit output (`mt19937_next32`). */
  nextUint32(): number {
    if (this.index >= N) this.refill();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & (0x9d2c5680 | 0);
    y ^= (y << 15) & (0xefc60000 | 0);
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random_sample()` / `uniform()`: a double in [0, 1) from 53 random bits. */
  uniform(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
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
    let remaining = 2 * count;
    while (remaining > 0) {
      if (this.index >= N) this.refill();
      const take = Math.min(remaining, N - this.index);
      this.index += take;
      remaining -= take;
    }
  }

  /** `randint(low, high)`: an integer in [low, high). */
  randint(low: number, high: number): number {
    if (high <= low) throw new RangeError(`randint: low >= high (${low}, ${high})`);
    const rng = high - 1 - low;
    if (rng === 0) return low;
    if (rng > 0xffffffff) throw new RangeError("randint: ranges beyond 32 bits are not implemented");
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
