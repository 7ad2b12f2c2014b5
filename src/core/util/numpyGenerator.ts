// numpy's `np.random.Generator(PCG64(SeedSequence(seed)))`, bit for bit: the generator gymnasium's
// `seeding.np_random(seed)` hands MiniGrid, so BabyAI levels regenerate exactly from
// `(level, seed)`. Next to mt19937.ts (numpy's legacy RandomState), which this does not share:
// the new API seeds through SeedSequence's hash mixing and draws from a 128-bit LCG.
// Sources: numpy/random/bit_generator.pyx (SeedSequence), numpy/random/src/pcg64/pcg64.h and
// numpy/random/src/distributions/distributions.c (bounded Lemire draws).

const MASK32 = 0xffffffff;
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const POOL_SIZE = 4;

/** uint32 multiply modulo 2³² (Math.imul is signed; `>>> 0` reads the same bits unsigned). */
const mul32 = (a: number, b: number): number => Math.imul(a, b) >>> 0;

/** `_coerce_to_uint32_array` of a non-negative int: its little-endian 32-bit words, [0] for 0. */
function uint32Words(value: bigint): number[] {
  if (value < 0n) throw new RangeError('SeedSequence entropy must be non-negative');
  const words: number[] = [];
  let rest = value;
  do {
    words.push(Number(rest & 0xffffffffn));
    rest >>= 32n;
  } while (rest > 0n);
  return words;
}

/** SeedSequence(entropy).generate_state(words, uint32): the pool mixing, then the output hash. */
export function seedSequenceState(entropy: number | bigint, words: number): number[] {
  const entropyArray = uint32Words(BigInt(entropy));
  let hashConst = INIT_A;
  const hashmix = (input: number): number => {
    let value = (input ^ hashConst) >>> 0;
    hashConst = mul32(hashConst, MULT_A);
    value = mul32(value, hashConst);
    return (value ^ (value >>> 16)) >>> 0;
  };
  const mix = (x: number, y: number): number => {
    const result = (mul32(MIX_MULT_L, x) - mul32(MIX_MULT_R, y)) >>> 0;
    return (result ^ (result >>> 16)) >>> 0;
  };
  const pool: number[] = [];
  for (let i = 0; i < POOL_SIZE; i++) pool.push(hashmix(i < entropyArray.length ? entropyArray[i] : 0));
  for (let src = 0; src < POOL_SIZE; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) if (src !== dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
  }
  for (let src = POOL_SIZE; src < entropyArray.length; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) pool[dst] = mix(pool[dst], hashmix(entropyArray[src]));
  }
  let outConst = INIT_B;
  const state: number[] = [];
  for (let i = 0; i < words; i++) {
    let value = (pool[i % POOL_SIZE] ^ outConst) >>> 0;
    outConst = mul32(outConst, MULT_B);
    value = mul32(value, outConst);
    state.push((value ^ (value >>> 16)) >>> 0);
  }
  return state;
}

const MASK64 = (1n << 64n) - 1n;
const TWO32 = 4294967296;
// The 128-bit multiplier 2549297995355413924·2⁶⁴ + 4865540595714422341 as eight 16-bit limbs, low first.
const MULTIPLIER = limbs16((2549297995355413924n << 64n) + 4865540595714422341n);

function limbs16(value: bigint): number[] {
  return Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(16 * i)) & 0xffffn));
}

/**
 * numpy's PCG64 bit generator (XSL-RR 128/64), with its buffered upper half for 32-bit draws. The
 * 128-bit state is eight 16-bit limbs so the LCG step stays in exact double arithmetic (BigInt
 * state made level generation several times slower through allocation alone).
 */
class Pcg64 {
  private readonly state = new Array<number>(8).fill(0);
  private readonly increment: number[];
  private hasUint32 = false;
  private uinteger = 0;
  private readonly product = new Array<number>(8).fill(0);

  constructor(seed: number | bigint) {
    // generate_state(4, uint64) is eight uint32 words viewed as four little-endian uint64.
    const w = seedSequenceState(seed, 8);
    const u64 = (i: number): bigint => (BigInt(w[2 * i + 1]) << 32n) | BigInt(w[2 * i]);
    // pcg64_set_seed: initstate = (val[0] << 64) | val[1], initseq = (val[2] << 64) | val[3];
    // pcg_setseq_128_srandom_r: state = 0, inc = initseq << 1 | 1, step, state += initstate, step.
    const initState = limbs16((u64(0) << 64n) | u64(1));
    this.increment = limbs16((((u64(2) << 64n) | u64(3)) << 1n) | 1n);
    this.step();
    this.add(initState);
    this.step();
  }

  private add(value: readonly number[]): void {
    let carry = 0;
    for (let i = 0; i < 8; i++) {
      const t = this.state[i] + value[i] + carry;
      this.state[i] = t & 0xffff;
      carry = t >>> 16;
    }
  }

  /** state = state·MULTIPLIER + increment (mod 2¹²⁸). */
  private step(): void {
    const s = this.state;
    const r = this.product;
    for (let k = 0; k < 8; k++) {
      let sum = 0;
      for (let i = 0; i <= k; i++) sum += s[i] * MULTIPLIER[k - i];
      r[k] = sum;
    }
    let carry = 0;
    for (let k = 0; k < 8; k++) {
      const t = r[k] + carry;
      const low = t % 65536;
      s[k] = low;
      carry = (t - low) / 65536;
    }
    this.add(this.increment);
  }

  /** The next 64-bit output as [high32, low32]. */
  private next64(): [number, number] {
    this.step();
    const s = this.state;
    // XSL-RR: (high64 ^ low64) rotated right by the state's top 6 bits.
    const hi = ((s[7] << 16) | s[6]) ^ ((s[3] << 16) | s[2]);
    const lo = ((s[5] << 16) | s[4]) ^ ((s[1] << 16) | s[0]);
    const rot = s[7] >>> 10;
    if (rot === 0) return [hi >>> 0, lo >>> 0];
    if (rot === 32) return [lo >>> 0, hi >>> 0];
    const [a, b] = rot < 32 ? [hi, lo] : [lo, hi];
    const n = rot & 31;
    return [((a >>> n) | (b << (32 - n))) >>> 0, ((b >>> n) | (a << (32 - n))) >>> 0];
  }

  nextUint64(): bigint {
    const [hi, lo] = this.next64();
    return ((BigInt(hi) << 32n) | BigInt(lo)) & MASK64;
  }

  /** pcg64_next32: the low half of a fresh 64-bit draw, keeping the high half for the next call. */
  nextUint32(): number {
    if (this.hasUint32) {
      this.hasUint32 = false;
      return this.uinteger;
    }
    const [hi, lo] = this.next64();
    this.hasUint32 = true;
    this.uinteger = hi;
    return lo;
  }

  /** next_double: the top 53 bits of a 64-bit draw, times 2⁻⁵³. */
  nextDouble(): number {
    const [hi, lo] = this.next64();
    return (hi * 2097152 + (lo >>> 11)) / 9007199254740992;
  }
}

/** The exact high and low 32-bit halves of x·y for uint32 x, y (no BigInt). */
function mul32x32(x: number, y: number): [number, number] {
  const a = x * (y >>> 16);
  const b = x * (y & 0xffff);
  const aLow = a % 65536;
  const aHigh = (a - aLow) / 65536;
  const rest = aLow * 65536 + b;
  const restLow = rest % TWO32;
  return [aHigh + (rest - restLow) / TWO32, restLow];
}

/** `np.random.Generator(PCG64(SeedSequence(seed)))`: the draws MiniGrid makes. */
export class NumpyGenerator {
  private readonly bits: Pcg64;

  constructor(seed: number | bigint) {
    this.bits = new Pcg64(seed);
  }

  /** `integers(low, high)` with the default int64 dtype, high exclusive (numpy raises if low >= high). */
  integers(low: number, high: number): number {
    if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high))
      throw new RangeError('integers() bounds must be safe integers');
    if (low >= high) throw new RangeError(`integers(${low}, ${high}): low >= high`);
    const range = high - 1 - low;
    if (range === 0) return low;
    if (range <= MASK32) return low + (range === MASK32 ? this.bits.nextUint32() : this.lemire32(range));
    return low + Number(this.lemire64(BigInt(range)));
  }

  /** `random()`: a double in [0, 1) from the top 53 bits of a 64-bit draw. */
  random(): number {
    return this.bits.nextDouble();
  }

  /** buffered_bounded_lemire_uint32 (range < 2³²−1): multiply-shift with numpy's rejection threshold. */
  private lemire32(range: number): number {
    const excl = range + 1;
    let [high, leftover] = mul32x32(this.bits.nextUint32(), excl);
    if (leftover < excl) {
      const threshold = (MASK32 - range) % excl;
      while (leftover < threshold) [high, leftover] = mul32x32(this.bits.nextUint32(), excl);
    }
    return high;
  }

  /** bounded_lemire_uint64 for ranges wider than 32 bits. */
  private lemire64(range: bigint): bigint {
    const excl = range + 1n;
    let m = this.bits.nextUint64() * excl;
    let leftover = m & MASK64;
    if (leftover < excl) {
      const threshold = (MASK64 - range) % excl;
      while (leftover < threshold) {
        m = this.bits.nextUint64() * excl;
        leftover = m & MASK64;
      }
    }
    return m >> 64n;
  }
}
