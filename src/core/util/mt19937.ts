// The Mersenne Twister (MT19937) that both Python generators Waypoint reproduces bit for bit are
// built on: numpy's legacy RandomState (Crafter, smartplay/crafter/mt19937.ts) and CPython's
// `random` (Messenger, smartplay/messenger/pyRandom.ts). They differ only in seeding and in how
// they turn 32-bit outputs into numbers, so the twister, its two seedings and the 53-bit double
// live here once.
const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df | 0;
const UPPER_MASK = 0x80000000 | 0;
const LOWER_MASK = 0x7fffffff;

export class Mt19937 {
  // The state is kept as int32 (bit patterns equal to uint32) so V8 stays on small integers.
  private readonly mt = new Int32Array(N);
  private index = N;

  /** `init_genrand(s)`: numpy's seeding of an int (`_legacy_seeding`), and the start of init_by_array. */
  protected initGenrand(seed: number): void {
    const mt = this.mt;
    mt[0] = seed | 0;
    for (let i = 1; i < N; i++) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, previous) + i) | 0;
    }
    this.index = N;
  }

  /** `init_by_array(key)`: CPython's `random.seed(int)` over the int's 32-bit words. */
  protected initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(previous, 1664525)) + key[j] + j) | 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(previous, 1566083941)) - i) | 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = UPPER_MASK;
    this.index = N;
  }

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

  /** The next tempered 32-bit output (`genrand_uint32`, numpy's `mt19937_next32`). */
  nextUint32(): number {
    if (this.index >= N) this.refill();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & (0x9d2c5680 | 0);
    y ^= (y << 15) & (0xefc60000 | 0);
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A double in [0, 1) from 53 bits of two outputs (numpy's `random_sample`, CPython's `random()`). */
  protected double53(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  /** Skips `count` 32-bit outputs: the state advances as drawing them would, without tempering them. */
  protected skipOutputs(count: number): void {
    let remaining = count;
    while (remaining > 0) {
      if (this.index >= N) this.refill();
      const take = Math.min(remaining, N - this.index);
      this.index += take;
      remaining -= take;
    }
  }
}
