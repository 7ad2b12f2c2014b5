// CPython's `random` module (Modules/_randommodule.c and Lib/random.py of 3.11) bit for bit:
// MT19937 seeded by `random.seed(int)` (init_by_array over the absolute value's 32-bit words),
// `random()` from two draws (53 bits), and the integer helpers built on `_randbelow` with
// getrandbits. Messenger's reset draws from Python's global generator and py-vgdl's own
// `random.Random(S)` (spec runs.md §8), so the same seed must give the same draws as Python.

import { Mt19937 } from '../../../util/mt19937';

export class PyRandom extends Mt19937 {
  constructor(seed: number) {
    super();
    this.seed(seed);
  }

  /** `random.seed(n)` for a safe integer n (Python uses |n|). */
  seed(seed: number): void {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, not ${seed}`);
    let rest = Math.abs(seed);
    const key: number[] = [];
    do {
      key.push(rest % 0x100000000);
      rest = Math.floor(rest / 0x100000000);
    } while (rest > 0);
    this.initByArray(key);
  }

  /** `random.random()`: 53 random bits in [0, 1). */
  random(): number {
    return this.double53();
  }

  /** `getrandbits(k)` for 0 <= k <= 53 (words fill from the least significant end). */
  getrandbits(k: number): number {
    if (k === 0) return 0;
    if (k <= 32) return this.nextUint32() >>> (32 - k);
    if (k > 53) throw new RangeError('getrandbits supports at most 53 bits here');
    const low = this.nextUint32();
    const high = this.nextUint32() >>> (64 - k);
    return high * 0x100000000 + low;
  }

  /** `_randbelow_with_getrandbits(n)`: rejection sampling with n's bit length. */
  randbelow(n: number): number {
    if (n <= 0) return 0;
    let bits = 32 - Math.clz32(n);
    if (n >= 0x100000000) bits = 32 + (32 - Math.clz32(Math.floor(n / 0x100000000)));
    let r = this.getrandbits(bits);
    while (r >= n) r = this.getrandbits(bits);
    return r;
  }

  /** `randrange(start, stop)` with step 1 (or `randrange(stop)`). */
  randrange(start: number, stop?: number): number {
    if (stop === undefined) {
      if (start <= 0) throw new RangeError('empty range for randrange()');
      return this.randbelow(start);
    }
    if (stop <= start) throw new RangeError(`empty range for randrange() (${start}, ${stop})`);
    return start + this.randbelow(stop - start);
  }

  /** `randint(a, b)`, both ends included. */
  randint(a: number, b: number): number {
    return this.randrange(a, b + 1);
  }

  /** `choice(seq)`. */
  choice<T>(seq: readonly T[]): T {
    if (seq.length === 0) throw new RangeError('Cannot choose from an empty sequence');
    return seq[this.randbelow(seq.length)];
  }

  /** `shuffle(x)` in place: Fisher–Yates from the end. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }

  /** `sample(population, k)`: the pool method for small populations, the set method otherwise. */
  sample<T>(population: readonly T[], k: number): T[] {
    const n = population.length;
    if (k < 0 || k > n) throw new RangeError('Sample larger than population or is negative');
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    const result: T[] = [];
    if (n <= setsize) {
      const pool = [...population];
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result.push(pool[j]);
        pool[j] = pool[n - i - 1];
      }
      return result;
    }
    const selected = new Set<number>();
    for (let i = 0; i < k; i++) {
      let j = this.randbelow(n);
      while (selected.has(j)) j = this.randbelow(n);
      selected.add(j);
      result.push(population[j]);
    }
    return result;
  }
}
