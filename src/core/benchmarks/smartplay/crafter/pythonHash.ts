// CPython's `hash((a, b))` for a tuple of two ints, as Python 3.8 and later compute it (SmartPlay's
// environment.yml pins python=3.10): the xxHash-based tuple hash of Objects/tupleobject.c over
// 64-bit `Py_uhash_t`, with int items hashed by `long_hash` (value modulo 2**61 - 1, sign kept,
// -1 mapped to -2). Crafter seeds each episode's world with `hash((seed, episode)) % (2**31 - 1)`.

const MASK64 = (1n << 64n) - 1n;
const XXPRIME_1 = 11400714785074694791n;
const XXPRIME_2 = 14029467366897019727n;
const XXPRIME_5 = 2870177450012600261n;
const MODULUS = (1n << 61n) - 1n;

/** CPython's `hash(n)` for an int. */
function pythonIntHash(value: bigint): bigint {
  const magnitude = (value < 0n ? -value : value) % MODULUS;
  const hashed = value < 0n ? -magnitude : magnitude;
  return hashed === -1n ? -2n : hashed;
}

/** CPython's `hash(tuple(items))` for a tuple of ints, as a signed 64-bit value. */
export function pythonTupleHash(items: readonly bigint[]): bigint {
  let acc = XXPRIME_5;
  for (const item of items) {
    const lane = pythonIntHash(item) & MASK64;
    acc = (acc + lane * XXPRIME_2) & MASK64;
    acc = ((acc << 31n) | (acc >> 33n)) & MASK64;
    acc = (acc * XXPRIME_1) & MASK64;
  }
  acc = (acc + (BigInt(items.length) ^ (XXPRIME_5 ^ 3527539n))) & MASK64;
  if (acc === MASK64) return 1546275796n;
  return acc >= 1n << 63n ? acc - (1n << 64n) : acc;
}

/** Python's `a % b` for b > 0 (the result takes the divisor's sign). */
function pythonMod(a: bigint, b: bigint): bigint {
  const r = a % b;
  return r < 0n ? r + b : r;
}

/** The world seed of Crafter's `reset()`: `hash((seed, episode)) % (2**31 - 1)`. */
export function crafterWorldSeed(seed: number, episode = 1): number {
  return Number(pythonMod(pythonTupleHash([BigInt(seed), BigInt(episode)]), (1n << 31n) - 1n));
}
