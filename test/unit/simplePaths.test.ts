// Simple-path enumeration against a brute-force reference on small random graphs: the same paths,
// in networkx's DFS order, counted without materialising, honouring limit and length bounds.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { NodeAdjacency } from '../../src/core/benchmarks/mango/graph/graph';
import {
  bucketPathsFrom,
  countSimplePaths,
  LengthOrderedPaths,
  SimplePathFinder,
  simplePaths,
  simplePathsByLength,
  simplePathsInLengthOrder,
} from '../../src/core/benchmarks/mango/graph/paths';

function adjacencyOf(nodeCount: number, successorLists: number[][]): NodeAdjacency {
  const offsets = new Int32Array(nodeCount + 1);
  successorLists.forEach((list, u) => (offsets[u + 1] = offsets[u] + list.length));
  return { nodeCount, offsets, targets: Int32Array.from(successorLists.flat()) };
}

/**
 * Every sequence of distinct nodes from source to target whose consecutive nodes are adjacent,
 * found by trying all sequences (not by following edges), then put in networkx's DFS order: by
 * the rank of each step among its node's successors. No path is a prefix of another (the target
 * only ends one), so that lexicographic order is the DFS order.
 */
function bruteForcePaths(n: number, successorLists: number[][], source: number, target: number): number[][] {
  if (source === target) return [];
  const found: number[][] = [];
  const extend = (sequence: number[]) => {
    const last = sequence[sequence.length - 1];
    if (last === target) {
      found.push(sequence);
      return;
    }
    for (let v = 0; v < n; v++) if (!sequence.includes(v) && successorLists[last].includes(v)) extend([...sequence, v]);
  };
  extend([source]);
  const ranks = (path: number[]) => path.slice(1).map((v, i) => successorLists[path[i]].indexOf(v));
  return found.sort((a, b) => {
    const [ra, rb] = [ranks(a), ranks(b)];
    for (let i = 0; i < Math.min(ra.length, rb.length); i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return ra.length - rb.length;
  });
}

/** Random digraphs of up to 7 nodes with distinct successors in random order. */
const smallGraph = fc.integer({ min: 1, max: 7 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    successors: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: n }), {
      minLength: n,
      maxLength: n,
    }),
    source: fc.integer({ min: 0, max: n - 1 }),
    target: fc.integer({ min: 0, max: n - 1 }),
  }),
);

describe('simple paths', () => {
  it('enumerates exactly the brute-force paths, in networkx DFS order', () => {
    fc.assert(
      fc.property(smallGraph, ({ n, successors, source, target }) => {
        const expected = bruteForcePaths(n, successors, source, target);
        assert.deepEqual([...simplePaths(adjacencyOf(n, successors), source, target)], expected);
      }),
      { numRuns: 500 },
    );
  });

  it('counts without materialising and agrees with the enumeration', () => {
    fc.assert(
      fc.property(smallGraph, ({ n, successors, source, target }) => {
        const adjacency = adjacencyOf(n, successors);
        assert.equal(
          countSimplePaths(adjacency, source, target),
          bruteForcePaths(n, successors, source, target).length,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('stops at the limit with a prefix of the full order, and honours min/max length', () => {
    fc.assert(
      fc.property(
        smallGraph,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        ({ n, successors, source, target }, limit, bound) => {
          const adjacency = adjacencyOf(n, successors);
          const all = bruteForcePaths(n, successors, source, target);
          const finder = new SimplePathFinder(adjacency);
          assert.deepEqual([...finder.paths(source, target, { limit })], all.slice(0, limit));
          assert.equal(finder.count(source, target, { limit }), Math.min(limit, all.length));
          assert.deepEqual(
            [...finder.paths(source, target, { maxLength: bound })],
            all.filter((p) => p.length - 1 <= bound),
          );
          assert.deepEqual(
            [...finder.paths(source, target, { minLength: bound })],
            all.filter((p) => p.length - 1 >= bound),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('orders by length like a stable sort of the DFS order (upstream sort(key=len))', () => {
    fc.assert(
      fc.property(smallGraph, fc.integer({ min: 1, max: 8 }), ({ n, successors, source, target }, limit) => {
        const all = bruteForcePaths(n, successors, source, target);
        const byLength = [...all].sort((a, b) => a.length - b.length);
        const finder = new SimplePathFinder(adjacencyOf(n, successors));
        const seen = [...simplePathsByLength(finder, source, target)].length;
        assert.equal(seen, all.length);
        const got: number[][] = [];
        for (const cursor of simplePathsByLength(finder, source, target, limit))
          got.push(Array.from(cursor.nodes.subarray(0, cursor.length)));
        assert.deepEqual(got, byLength.slice(0, limit));
      }),
      { numRuns: 300 },
    );
  });

  it('orders by length in one search, also when the buffer overflows into per-length passes, and per length unbuffered', () => {
    fc.assert(
      fc.property(smallGraph, fc.integer({ min: 1, max: 30 }), ({ n, successors, source, target }, bufferNodes) => {
        const byLength = bruteForcePaths(n, successors, source, target).sort((a, b) => a.length - b.length);
        const finder = new SimplePathFinder(adjacencyOf(n, successors));
        const collect = (paths: Iterable<{ nodes: Int32Array; length: number }>) =>
          Array.from(paths, (path) => Array.from(path.nodes.subarray(0, path.length)));
        assert.deepEqual(collect(simplePathsInLengthOrder(finder, source, target)), byLength);
        // A buffer of a few node numbers: most pairs overflow it part-way and must restart cleanly.
        assert.deepEqual(collect(simplePathsInLengthOrder(finder, source, target, bufferNodes)), byLength);
        // Unbuffered: one pass per length, as simplePathsByLength.
        const unbuffered = new LengthOrderedPaths(finder, source, target, false);
        const passes: number[][] = [];
        while (unbuffered.next()) passes.push(Array.from(unbuffered.nodes.subarray(0, unbuffered.length)));
        assert.deepEqual(passes, byLength);
      }),
      { numRuns: 300 },
    );
  });

  it('buckets every path from a source by target in one search, each target in pair-search order', () => {
    fc.assert(
      fc.property(smallGraph, ({ n, successors, source }) => {
        const adjacency = adjacencyOf(n, successors);
        const finder = new SimplePathFinder(adjacency);
        const perTarget = bucketPathsFrom(adjacency, source);
        assert.ok(perTarget);
        for (let target = 0; target < n; target++) {
          const byLength = bruteForcePaths(n, successors, source, target).sort((a, b) => a.length - b.length);
          const paths = new LengthOrderedPaths(finder, source, target, true, undefined, perTarget[target]);
          const got: number[][] = [];
          while (paths.next()) got.push(Array.from(paths.nodes.subarray(0, paths.length)));
          assert.deepEqual(got, byLength, `target ${target}`);
        }
        const total = perTarget.reduce((sum, entry) => sum + entry.filled.reduce((a, b) => a + (b ?? 0), 0), 0);
        if (total > 0)
          assert.equal(
            bucketPathsFrom(adjacency, source, total - 1),
            undefined,
            'over the buffer: undefined, so callers search per pair',
          );
      }),
      { numRuns: 300 },
    );
  });

  it('reuses one finder across targets without mixing their pruning', () => {
    // 0 -> 1 -> 2 and 0 -> 3: a cursor for target 2 must still work after one for target 3 is made.
    const finder = new SimplePathFinder(adjacencyOf(4, [[1, 3], [2], [], []]));
    const toTwo = finder.cursor(0, 2);
    const toThree = [...finder.paths(0, 3)];
    assert.ok(toTwo.next());
    assert.deepEqual(Array.from(toTwo.nodes.subarray(0, toTwo.length)), [0, 1, 2]);
    assert.deepEqual(toThree, [[0, 3]]);
    assert.equal(finder.count(0, 0), 0, 'source === target has no path');
    assert.equal(finder.count(0, 9), 0, 'an unknown target has no path');
  });

  it('streams many paths in bounded memory and counts a complete graph exactly', () => {
    // K9: from 0 to 8 there are sum over k of 7!/(7-k)! = 13,700 simple paths.
    const n = 9;
    const complete = Array.from({ length: n }, (_, u) => Array.from({ length: n }, (_, v) => v).filter((v) => v !== u));
    const adjacency = adjacencyOf(n, complete);
    assert.equal(countSimplePaths(adjacency, 0, 8), 13_700);
    let streamed = 0;
    for (const path of simplePaths(adjacency, 0, 8)) {
      assert.equal(path[0], 0);
      streamed++;
    }
    assert.equal(streamed, 13_700);
  });
});
