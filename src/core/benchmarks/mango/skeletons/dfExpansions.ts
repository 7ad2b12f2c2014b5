// The expansions behind DF skeleton lines (spec mango.md §4), as a cursor over edge numbers: pairs in
// `itertools.permutations` order, each pair's node paths shortest first, each path expanded over
// parallel edges with the last step varying fastest (itertools.product), ids hashed from per-edge
// JSON fragments, repeated ids dropped. dfSkeletons shapes the expansions into objects and
// skeletonText into text; generation of a whole release game takes tens of milliseconds and runs
// mostly before the JIT has warmed up, so the inner loop works on typed arrays and plain method
// calls rather than nested generators and per-step objects.
import type { MangoGraph } from '../graph/graph';
import { bucketPathsFrom, LengthOrderedPaths, type PathBuckets, SimplePathFinder } from '../graph/paths';
import { flatConcat, pythonJsonString } from '../../../util/pythonJson';
import type { EdgeRecord } from '../types';

interface DfExpansionOptions {
  /** At most this many expansions per ordered pair, shortest first. */
  limitPerPair?: number;
  /** Hex SHA-256 of a string's UTF-8 bytes. */
  sha256Hex: (text: string) => string;
}

/** One swap buffer: the steps of an expansion and what the line needs besides them. */
interface ExpansionBuffer {
  steps: Int32Array;
  stepCount: number;
  diffShortest: number;
  id: string;
}

/**
 * `next()` advances to the next expansion; then `steps[0 .. stepCount - 1]` are numbers into
 * `records`, and `source`, `target` (node numbers), `diffShortest`, `id` and `truncated` (the limit
 * cut this pair, said on its last expansion only) describe it. Buffers are reused: copy what you keep.
 */
export class DfExpansionCursor {
  /** The graph's edges.json records; steps are indices into this. */
  readonly records: readonly EdgeRecord[];
  source = -1;
  target = -1;
  steps: Int32Array;
  stepCount = 0;
  diffShortest = 0;
  id = '';
  truncated = false;

  private readonly nodeCount: number;
  private readonly finder: SimplePathFinder;
  private readonly limit: number;
  private readonly hash: (text: string) => string;
  /** Per record: `json.dumps({prev_node, node, action}, sort_keys=True)`, the id's building block. */
  private readonly idParts: string[];
  /** The same, after the ", " that separates steps. */
  private readonly idPartsNext: string[];
  /** Per adjacency slot (u, targets[slot]): the parallel edges' record numbers, in insertion order. */
  private readonly slotEdges: Int32Array[];
  private pairSource = 0;
  private pairTarget = -1;
  private paths: LengthOrderedPaths | undefined;
  /** Without a limit: the current source's paths to every target, from one search. */
  private sourcePaths: PathBuckets[] | undefined;
  private sourcePathsOf = -1;
  private seenIds = new Set<string>();
  private produced = 0;
  private shortest = -1;
  private cut = false;
  /** The path being expanded: its steps' parallel edges and the current pick of each. */
  private readonly variants: Int32Array[];
  private readonly picks: Int32Array;
  private pathEdges = 0;
  private expanding = false;
  /** Expansions are found one ahead, so the pair's last one can say whether the limit cut it. */
  private ahead: ExpansionBuffer;
  private hasAhead = false;

  constructor(graph: MangoGraph, options: DfExpansionOptions) {
    const recordNumbers = new Map<unknown, number>();
    const records: EdgeRecord[] = [];
    for (const edge of graph.edges) {
      if (edge.record === null)
        throw new Error('skeletons are generated from edges.json records only, not imputed edges');
      recordNumbers.set(edge, records.length);
      records.push(edge.record);
    }
    this.records = records;
    // Written out in sort_keys order (action, node, prev_node): once per record, before the JIT warms up.
    this.idParts = records.map((record) =>
      flatConcat(
        '{"action": ',
        pythonJsonString(record.action),
        ', "node": ',
        pythonJsonString(record.dst_node),
        ', "prev_node": ',
        pythonJsonString(record.src_node),
        '}',
      ),
    );
    this.idPartsNext = this.idParts.map((part) => flatConcat(', ', part));
    const adjacency = graph.adjacency();
    this.slotEdges = [];
    for (let u = 0; u < adjacency.nodeCount; u++) {
      for (let slot = adjacency.offsets[u]; slot < adjacency.offsets[u + 1]; slot++) {
        this.slotEdges[slot] = Int32Array.from(
          graph.edgesBetween(u, adjacency.targets[slot]),
          (edge) => recordNumbers.get(edge) as number,
        );
      }
    }
    this.nodeCount = graph.nodes.length;
    this.finder = new SimplePathFinder(adjacency);
    this.limit = options.limitPerPair ?? Infinity;
    this.hash = options.sha256Hex;
    const longest = Math.max(1, this.nodeCount - 1);
    this.steps = new Int32Array(longest);
    this.ahead = { steps: new Int32Array(longest), stepCount: 0, diffShortest: 0, id: '' };
    this.variants = new Array<Int32Array>(longest).fill(new Int32Array(0));
    this.picks = new Int32Array(longest);
  }

  /** Advances to the next expansion; false after the last pair. */
  next(): boolean {
    for (;;) {
      if (this.hasAhead) {
        const ahead = this.ahead;
        const steps = this.steps;
        this.steps = ahead.steps;
        ahead.steps = steps;
        this.stepCount = ahead.stepCount;
        this.diffShortest = ahead.diffShortest;
        this.id = ahead.id;
        this.source = this.pairSource;
        this.target = this.pairTarget;
        this.hasAhead = this.advance();
        this.truncated = !this.hasAhead && this.cut;
        return true;
      }
      if (!this.nextPair()) return false;
      this.hasAhead = this.advance();
    }
  }

  /** Moves to the next ordered pair of distinct nodes; false after the last. */
  private nextPair(): boolean {
    do {
      if (++this.pairTarget === this.nodeCount) {
        this.pairTarget = 0;
        if (++this.pairSource >= this.nodeCount) return false;
      }
    } while (this.pairSource === this.pairTarget);
    const unlimited = this.limit === Infinity;
    if (unlimited && this.pairSource !== this.sourcePathsOf) {
      this.sourcePaths = bucketPathsFrom(this.finder.adjacency, this.pairSource);
      this.sourcePathsOf = this.pairSource;
    }
    // Under a limit only the first paths are wanted: search per length, which can stop early.
    this.paths = new LengthOrderedPaths(
      this.finder,
      this.pairSource,
      this.pairTarget,
      unlimited,
      undefined,
      unlimited ? this.sourcePaths?.[this.pairTarget] : undefined,
    );
    // Ids can only repeat within a pair (they encode both ends), so a per-pair set is enough.
    this.seenIds = new Set();
    this.produced = 0;
    this.shortest = -1;
    this.cut = false;
    this.expanding = false;
    return true;
  }

  /** Finds the pair's next expansion with a new id into `ahead`; false when the pair is done or cut. */
  private advance(): boolean {
    const { variants, picks, idParts, idPartsNext } = this;
    const paths = this.paths as LengthOrderedPaths;
    for (;;) {
      if (!this.expanding) {
        if (!paths.next()) return false;
        const edges = paths.length - 1;
        if (this.shortest < 0) this.shortest = edges;
        for (let index = 0; index < edges; index++) {
          variants[index] = this.edgesBetween(paths.nodes[index], paths.nodes[index + 1]);
          picks[index] = 0;
        }
        this.pathEdges = edges;
        this.expanding = true;
      }
      if (this.produced === this.limit) {
        this.cut = true;
        return false;
      }
      this.produced++;
      const edges = this.pathEdges;
      const steps = this.ahead.steps;
      let idText = '[';
      for (let index = 0; index < edges; index++) {
        const record = variants[index][picks[index]];
        steps[index] = record;
        idText += index === 0 ? idParts[record] : idPartsNext[record];
      }
      // The odometer: the last step varies fastest; the path is done when the first one wraps.
      let position = edges - 1;
      while (position >= 0 && ++picks[position] === variants[position].length) picks[position--] = 0;
      if (position < 0) this.expanding = false;
      const id = this.hash(`${idText}]`);
      if (this.seenIds.has(id)) continue;
      this.seenIds.add(id);
      this.ahead.stepCount = edges;
      this.ahead.diffShortest = edges - this.shortest;
      this.ahead.id = id;
      return true;
    }
  }

  /** Record numbers of the parallel edges u -> v (u's successors are few: a scan finds v's slot). */
  private edgesBetween(u: number, v: number): Int32Array {
    const { offsets, targets } = this.finder.adjacency;
    for (let slot = offsets[u]; slot < offsets[u + 1]; slot++) if (targets[slot] === v) return this.slotEdges[slot];
    throw new Error(`no edge from node ${u} to node ${v}`);
  }
}
