// A small seeded generator (sfc32 seeded through a string hash), shared by GRASP's generator and
// baselines and BabyAI's random agent. Upstream uses Python's unseeded global `random`, so no port
// can reproduce its draws (GRASP spec §9); what matters is that the same seed always gives the
// same grids, baseline runs and random answers, on every platform.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [low, high). */
  uniform(low: number, high: number): number;
  /** Uniform integer in [low, high], both included. */
  integer(low: number, high: number): number;
  choice<T>(items: readonly T[]): T;
  /** A shuffled copy. */
  shuffled<T>(items: readonly T[]): T[];
}

/** Hashes a seed (number or text) to four 32-bit words (cyrb128). */
function seedWords(seed: string | number): [number, number, number, number] {
  const text = String(seed);
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** A deterministic generator for a seed. */
export function seededRandom(seed: string | number): Random {
  let [a, b, c, d] = seedWords(seed);
  const nextWord = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs: sfc32 mixes poorly for a few rounds after seeding.
  for (let round = 0; round < 12; round++) nextWord();
  const random: Random = {
    next: () => nextWord() / 4294967296,
    uniform: (low, high) => low + (high - low) * random.next(),
    integer: (low, high) => low + Math.floor(random.next() * (high - low + 1)),
    choice: (items) => items[Math.floor(random.next() * items.length)],
    shuffled: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index--) {
        const other = Math.floor(random.next() * (index + 1));
        [copy[index], copy[other]] = [copy[other], copy[index]];
      }
      return copy;
    },
  };
  return random;
}
