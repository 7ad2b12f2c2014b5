// Seeded, maze-like graphs for the simple-path benchmark: a random spanning tree whose corridors
// are mostly two-way (as MANGO maps are: most moves can be reversed), plus a few extra short-range
// links that close loops. Loops are what make simple paths many; keeping them local keeps the
// count finite within seconds for networkx.

/** A graph as node count plus successor lists, successors in insertion order. */
export interface BenchGraph {
  name: string;
  nodeCount: number;
  successors: number[][];
}

/** mulberry32: a tiny seeded PRNG, so every run benchmarks the same graphs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A maze of n locations: tree corridors (two-way with probability twoWay) plus `loops` extra links. */
export function mazeGraph(n: number, loops: number, seed: number, twoWay = 0.85): BenchGraph {
  const random = seededRandom(seed);
  const successors: number[][] = Array.from({ length: n }, () => []);
  const link = (u: number, v: number) => {
    if (u !== v && !successors[u].includes(v)) successors[u].push(v);
  };
  const corridor = (u: number, v: number, bothWays: boolean) => {
    const forward = random() < 0.5;
    link(forward ? u : v, forward ? v : u);
    if (bothWays) link(forward ? v : u, forward ? u : v);
  };
  // Attach each new room near the recent ones, which gives long winding corridors, not a star.
  for (let node = 1; node < n; node++) {
    const parent = Math.max(0, node - 1 - Math.floor(random() * random() * Math.min(node, 8)));
    corridor(node, parent, random() < twoWay);
  }
  for (let extra = 0; extra < loops; extra++) {
    const u = Math.floor(random() * n);
    const v = Math.min(n - 1, Math.max(0, u + Math.floor(random() * 13) - 6));
    corridor(u, v, random() < 0.5);
  }
  return { name: `maze ${n} locations, ${loops} loops`, nodeCount: n, successors };
}

/** A fixed sample of ordered pairs of distinct nodes (all of them when count covers them). */
export function samplePairs(n: number, count: number, seed: number): Array<[number, number]> {
  const all: Array<[number, number]> = [];
  for (let s = 0; s < n; s++) for (let t = 0; t < n; t++) if (s !== t) all.push([s, t]);
  if (count >= all.length) return all;
  const random = seededRandom(seed);
  for (let index = all.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [all[index], all[other]] = [all[other], all[index]];
  }
  return all.slice(0, count);
}
