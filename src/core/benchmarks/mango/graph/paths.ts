// Simple-path enumeration between two nodes, like networkx's `all_simple_paths(G, s, t, cutoff)`
// on the node graph (parallel edges collapsed), but streaming and iterative:
// - paths come out in networkx's DFS order: successors in adjacency order, the target never
//   extended past, so expansion over parallel edges can follow without re-sorting;
// - memory is O(nodes) whatever the number of paths (spec mango.md §10: full games have millions);
// - branches that cannot reach the target are pruned up front, which changes the work but not the
//   paths or their order;
// - source === target yields no path (upstream only asks for ordered pairs of distinct nodes).
import type { NodeAdjacency } from './graph';

interface SimplePathOptions {
  /** Longest path to report, in edges (networkx's `cutoff`). */
  maxLength?: number;
  /** Shortest path to report, in edges; shorter ones are walked past, not reported. */
  minLength?: number;
  /** Stop after this many paths. */
  limit?: number;
}

/**
 * A resumable depth-first search. `next()` advances to the next path, which is then
 * `nodes[0 .. length - 1]`; the buffer is reused, so copy what you keep.
 */
class SimplePathCursor {
  /** The current path's nodes; only the first `length` entries are meaningful. */
  readonly nodes: Int32Array;
  /** Number of nodes in the current path (edges + 1); 0 before the first and after the last. */
  length = 0;
  /** Paths reported so far. */
  count = 0;
  /** True when `maxLength` stopped the search at a node from which the target was still reachable. */
  cutAtMaxLength = false;

  private readonly nextSlot: Int32Array;
  private readonly onPath: Uint8Array;
  private depth: number;
  private readonly maxLength: number;
  private readonly minLength: number;
  private readonly limit: number;

  constructor(
    private readonly adjacency: NodeAdjacency,
    source: number,
    private readonly target: number,
    private readonly canReachTarget: Uint8Array,
    options: SimplePathOptions = {},
  ) {
    const n = adjacency.nodeCount;
    this.nodes = new Int32Array(n);
    this.nextSlot = new Int32Array(n);
    this.onPath = new Uint8Array(n);
    this.maxLength = Math.min(options.maxLength ?? n - 1, n - 1);
    this.minLength = Math.max(options.minLength ?? 1, 1);
    this.limit = options.limit ?? Infinity;
    const searchable =
      source !== target && source >= 0 && target >= 0 && source < n && target < n && canReachTarget[source] === 1;
    this.depth = searchable && this.maxLength >= 1 ? 0 : -1;
    if (this.depth === 0) {
      this.nodes[0] = source;
      this.nextSlot[0] = adjacency.offsets[source];
      this.onPath[source] = 1;
    }
  }

  /** Advances to the next simple path; false when there is none left (or the limit is reached). */
  next(): boolean {
    if (this.count >= this.limit) return this.finish();
    const { offsets, targets } = this.adjacency;
    const { nodes, nextSlot, onPath, canReachTarget, target, maxLength, minLength } = this;
    let depth = this.depth;
    // A reported path ends in the target at depth + 1, which was never pushed: resume from depth.
    while (depth >= 0) {
      const u = nodes[depth];
      const end = offsets[u + 1];
      let slot = nextSlot[depth];
      let advanced = false;
      while (slot < end) {
        const v = targets[slot++];
        if (onPath[v] === 1 || canReachTarget[v] === 0) continue;
        if (v === target) {
          if (depth + 1 >= minLength) {
            nextSlot[depth] = slot;
            nodes[depth + 1] = v;
            this.depth = depth;
            this.length = depth + 2;
            this.count++;
            return true;
          }
          continue;
        }
        if (depth + 1 >= maxLength) {
          this.cutAtMaxLength = true;
          continue;
        }
        nextSlot[depth] = slot;
        depth++;
        nodes[depth] = v;
        nextSlot[depth] = offsets[v];
        onPath[v] = 1;
        advanced = true;
        break;
      }
      if (advanced) continue;
      onPath[u] = 0;
      depth--;
    }
    this.depth = -1;
    return this.finish();
  }

  private finish(): false {
    this.length = 0;
    return false;
  }
}

/** A path found by a search: `nodes[0 .. length - 1]`, valid until the next one is asked for. */
interface PathView {
  readonly nodes: Int32Array;
  readonly length: number;
}

/** Enumerates simple paths of one graph; caches what several searches to one target share. */
export class SimplePathFinder {
  private readonly reverseOffsets: Int32Array;
  private readonly reverseSources: Int32Array;
  private reachTarget = -1;
  private reach: Uint8Array;

  constructor(readonly adjacency: NodeAdjacency) {
    const { nodeCount, offsets, targets } = adjacency;
    this.reverseOffsets = new Int32Array(nodeCount + 1);
    for (let slot = 0; slot < targets.length; slot++) this.reverseOffsets[targets[slot] + 1]++;
    for (let v = 0; v < nodeCount; v++) this.reverseOffsets[v + 1] += this.reverseOffsets[v];
    this.reverseSources = new Int32Array(targets.length);
    const fill = this.reverseOffsets.slice(0, nodeCount);
    for (let u = 0; u < nodeCount; u++)
      for (let slot = offsets[u]; slot < offsets[u + 1]; slot++) this.reverseSources[fill[targets[slot]]++] = u;
    this.reach = new Uint8Array(nodeCount);
  }

  /** A cursor over the simple paths from source to target, in networkx's order. */
  cursor(source: number, target: number, options: SimplePathOptions = {}): SimplePathCursor {
    return new SimplePathCursor(this.adjacency, source, target, this.canReach(target), options);
  }

  /** Streams the paths as fresh arrays of node numbers. */
  *paths(source: number, target: number, options: SimplePathOptions = {}): Generator<number[]> {
    const cursor = this.cursor(source, target, options);
    while (cursor.next()) yield Array.from(cursor.nodes.subarray(0, cursor.length));
  }

  /** Counts the paths without materialising any (stops at `limit`). */
  count(source: number, target: number, options: SimplePathOptions = {}): number {
    const cursor = this.cursor(source, target, options);
    while (cursor.next());
    return cursor.count;
  }

  /** Marks the nodes from which target is reachable (target included), cached for the last target. */
  private canReach(target: number): Uint8Array {
    if (target === this.reachTarget) return this.reach;
    const { nodeCount } = this.adjacency;
    // A fresh array per target: a cursor made for an earlier target may still be in use.
    this.reach = new Uint8Array(nodeCount);
    this.reachTarget = target;
    if (target < 0 || target >= nodeCount) return this.reach;
    const queue = new Int32Array(nodeCount);
    let head = 0;
    let tail = 0;
    queue[tail++] = target;
    this.reach[target] = 1;
    while (head < tail) {
      const v = queue[head++];
      for (let slot = this.reverseOffsets[v]; slot < this.reverseOffsets[v + 1]; slot++) {
        const u = this.reverseSources[slot];
        if (this.reach[u] === 0) {
          this.reach[u] = 1;
          queue[tail++] = u;
        }
      }
    }
    return this.reach;
  }
}

/** Simple paths from source to target as node-number arrays, streamed (see SimplePathFinder). */
export function simplePaths(
  adjacency: NodeAdjacency,
  source: number,
  target: number,
  options: SimplePathOptions = {},
): Generator<number[]> {
  return new SimplePathFinder(adjacency).paths(source, target, options);
}

/** Number of simple paths from source to target, counted without allocating a path each. */
export function countSimplePaths(
  adjacency: NodeAdjacency,
  source: number,
  target: number,
  options: SimplePathOptions = {},
): number {
  return new SimplePathFinder(adjacency).count(source, target, options);
}

/**
 * The paths of one pair ordered by length, DFS order within a length: networkx's order after
 * upstream's stable `sort(key=len)`. One depth-limited pass per length keeps memory at O(nodes)
 * instead of buffering the pair's paths; each pass costs at most the unlimited search, so
 * the whole costs at most (longest length) times it, and stops early at `limit`.
 */
export function* simplePathsByLength(
  finder: SimplePathFinder,
  source: number,
  target: number,
  limit = Infinity,
): Generator<SimplePathCursor> {
  let reported = 0;
  for (let length = 1; length < finder.adjacency.nodeCount && reported < limit; length++) {
    const cursor = finder.cursor(source, target, { minLength: length, maxLength: length, limit: limit - reported });
    while (cursor.next()) {
      reported++;
      yield cursor;
    }
    if (!cursor.cutAtMaxLength) return;
  }
}

/**
 * Node numbers buffered per pair by LengthOrderedPaths (16 MB of Int32) before it falls back to one
 * pass per length: release games stay far below it, huge pairs keep memory bounded.
 */
const LENGTH_ORDER_BUFFER_NODES = 1 << 22;

/** Paths ending at one node, concatenated per number of nodes: buckets[k] holds `filled[k] / k` paths of k nodes. */
export interface PathBuckets {
  buckets: Array<Int32Array | undefined>;
  filled: number[];
}

/**
 * Every simple path from `source`, bucketed by last node then by length, from one DFS (successors in
 * adjacency order, each path before its extensions). The paths ending at t come out in the order
 * the pair search (source, t) finds them, because both order paths by their successor choices; so
 * one search per source serves all its pairs. Undefined when they hold more than `bufferNodes` node
 * numbers (then search per pair).
 */
export function bucketPathsFrom(
  adjacency: NodeAdjacency,
  source: number,
  bufferNodes = LENGTH_ORDER_BUFFER_NODES,
): PathBuckets[] | undefined {
  const { nodeCount, offsets, targets } = adjacency;
  const perTarget: PathBuckets[] = [];
  for (let v = 0; v < nodeCount; v++) perTarget.push({ buckets: [], filled: [] });
  const nodes = new Int32Array(nodeCount);
  const nextSlot = new Int32Array(nodeCount);
  const onPath = new Uint8Array(nodeCount);
  let depth = 0;
  nodes[0] = source;
  nextSlot[0] = offsets[source];
  onPath[source] = 1;
  let buffered = 0;
  while (depth >= 0) {
    const u = nodes[depth];
    const slot = nextSlot[depth];
    if (slot === offsets[u + 1]) {
      onPath[u] = 0;
      depth--;
      continue;
    }
    nextSlot[depth] = slot + 1;
    const v = targets[slot];
    if (onPath[v] === 1) continue;
    depth++;
    nodes[depth] = v;
    nextSlot[depth] = offsets[v];
    onPath[v] = 1;
    // nodes[0 .. depth] is a path to v.
    const length = depth + 1;
    buffered += length;
    if (buffered > bufferNodes) return undefined;
    const entry = perTarget[v];
    let bucket = entry.buckets[length];
    const at = entry.filled[length] ?? 0;
    if (bucket === undefined || at + length > bucket.length) {
      const grown = new Int32Array(Math.max(length * 16, (bucket?.length ?? 0) * 2));
      if (bucket !== undefined) grown.set(bucket);
      entry.buckets[length] = bucket = grown;
    }
    for (let index = 0; index < length; index++) bucket[at + index] = nodes[index];
    entry.filled[length] = at + length;
  }
  return perTarget;
}

/**
 * The paths of one pair shortest first, DFS order within a length (upstream's stable sort by
 * length), as a cursor: `next()` advances, then `nodes[0 .. length - 1]` is the path.
 * - buffered (the default): a single search buckets the paths by length as the DFS finds them, then
 *   reports them bucket by bucket. When the pair holds more than `bufferNodes` node numbers the
 *   buckets are dropped and it falls back to the per-length passes.
 * - not buffered: one depth-limited pass per length, as simplePathsByLength; nothing is searched
 *   ahead, so a caller that wants only the first few paths stops early for free.
 * A cursor (not a generator) because it sits in the innermost loop of skeleton generation, which
 * mostly runs cold: a whole release game takes a few tens of milliseconds.
 */
export class LengthOrderedPaths implements PathView {
  nodes: Int32Array;
  length = 0;
  private buckets: Array<Int32Array | undefined> | undefined;
  private filled: number[] = [];
  private bucketLength = 2;
  private bucketAt = 0;
  private pass: SimplePathCursor | undefined;
  private passLength = 0;
  private done = false;

  constructor(
    private readonly finder: SimplePathFinder,
    private readonly source: number,
    private readonly target: number,
    buffered = true,
    bufferNodes = LENGTH_ORDER_BUFFER_NODES,
    /** This pair's paths already bucketed (by bucketPathsFrom), instead of a search of its own. */
    prefilled?: PathBuckets,
  ) {
    this.nodes = new Int32Array(finder.adjacency.nodeCount);
    if (prefilled !== undefined) {
      this.buckets = prefilled.buckets;
      this.filled = prefilled.filled;
    } else if (buffered) this.buckets = this.bucket(bufferNodes);
  }

  /** Runs the whole search into per-length buckets; undefined when it outgrows the buffer. */
  private bucket(bufferNodes: number): Array<Int32Array | undefined> | undefined {
    const cursor = this.finder.cursor(this.source, this.target);
    const buckets: Array<Int32Array | undefined> = [];
    const filled = this.filled;
    let buffered = 0;
    while (cursor.next()) {
      const length = cursor.length;
      buffered += length;
      if (buffered > bufferNodes) {
        this.filled = [];
        return undefined;
      }
      let bucket = buckets[length];
      const at = filled[length] ?? 0;
      if (bucket === undefined || at + length > bucket.length) {
        const grown = new Int32Array(Math.max(length * 16, (bucket?.length ?? 0) * 2));
        if (bucket !== undefined) grown.set(bucket);
        buckets[length] = bucket = grown;
      }
      // Plain loops: a subarray view per path costs more than copying a few numbers.
      for (let index = 0; index < length; index++) bucket[at + index] = cursor.nodes[index];
      filled[length] = at + length;
    }
    return buckets;
  }

  /** Advances to the next path; false when there is none left. */
  next(): boolean {
    if (this.done) return false;
    const buckets = this.buckets;
    if (buckets !== undefined) {
      while (this.bucketLength < buckets.length) {
        const bucket = buckets[this.bucketLength];
        const length = this.bucketLength;
        if (bucket !== undefined && this.bucketAt < this.filled[length]) {
          const at = this.bucketAt;
          for (let index = 0; index < length; index++) this.nodes[index] = bucket[at + index];
          this.bucketAt = at + length;
          this.length = length;
          return true;
        }
        this.bucketLength++;
        this.bucketAt = 0;
      }
      return this.finish();
    }
    for (;;) {
      if (this.pass?.next()) {
        this.nodes = this.pass.nodes;
        this.length = this.pass.length;
        return true;
      }
      // A pass that cut nothing at its length has seen every path: longer ones do not exist.
      if (this.pass !== undefined && !this.pass.cutAtMaxLength) return this.finish();
      this.passLength++;
      if (this.passLength >= this.finder.adjacency.nodeCount) return this.finish();
      this.pass = this.finder.cursor(this.source, this.target, {
        minLength: this.passLength,
        maxLength: this.passLength,
      });
    }
  }

  private finish(): false {
    this.done = true;
    this.length = 0;
    return false;
  }
}

/** LengthOrderedPaths (buffered) as a generator; the view is reused, so copy what you keep. */
export function* simplePathsInLengthOrder(
  finder: SimplePathFinder,
  source: number,
  target: number,
  bufferNodes = LENGTH_ORDER_BUFFER_NODES,
): Generator<PathView> {
  const paths = new LengthOrderedPaths(finder, source, target, true, bufferNodes);
  while (paths.next()) yield paths;
}
