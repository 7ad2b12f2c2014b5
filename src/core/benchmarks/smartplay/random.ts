// Seeded randomness for the SmartPlay games that draw random outcomes (bandit payouts, the RPS
// opponent, arm and prob shuffles). This is sfc32 seeded through splitmix32 — NOT Python's
// Mersenne Twister (random) nor numpy's global RNG, which upstream uses unseeded. The spec (§11 #5)
// says not to reproduce those RNGs: an episode that must match a Python run replays that run's
// recorded outcomes instead (see StepOutcome / EpisodeSetup in types.ts).

/** A deterministic stream of uniform numbers in [0, 1) with Python-like helpers. */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32 spreads any integer seed (0, 1, 2, ...) over the 128-bit sfc32 state.
    let state = seed >>> 0;
    const next = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let warmUp = 0; warmUp < 12; warmUp++) this.nextUint32();
  }

  /** The next 32-bit unsigned integer (sfc32). */
  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1), like numpy's `np.random.uniform()`. */
  uniform(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** In-place Fisher–Yates walking from the end, the order Python's `random.shuffle` uses. */
  shuffle<T>(items: T[]): T[] {
    for (let index = items.length - 1; index > 0; index--) {
      const other = this.below(index + 1);
      [items[index], items[other]] = [items[other], items[index]];
    }
    return items;
  }

  /** An index drawn with the given probabilities, like `np.random.choice(n, p=probs)`. */
  choice(probabilities: readonly number[]): number {
    const draw = this.uniform();
    let cumulative = 0;
    for (let index = 0; index < probabilities.length; index++) {
      cumulative += probabilities[index];
      if (draw < cumulative) return index;
    }
    return probabilities.length - 1;
  }
}
