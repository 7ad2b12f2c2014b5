// DF (`all2all.jsonl`) and RF (`all_pairs.jsonl`) skeleton lines, generated from edges.json as
// upstream's pipeline does (spec mango.md §2.4, §2.5, §4; pull/33 `gen_all2all.py`, then
// `utils/inter2data`): every ordered pair of distinct locations, its simple node paths sorted by
// length, each expanded over parallel edges (cartesian product, last step varying fastest).
//
// Order. Upstream iterates `itertools.permutations(G.nodes(), 2)` over a MultiDiGraph whose
// insertion order came from map files we do not have. `upstreamEdgeOrder` recovers it from
// edges.json alone: forward-seen edges by `seen_in_forward`, then reverse-only edges by
// `seen_in_reversed` (the order `gen_all2all.py` built its edge dict in). On the six shared games
// this reproduces both the node order of all_pairs.jsonl and edges.json's own order exactly.
// Within one pair, upstream de-duplicates node paths through a Python `set` before its stable sort
// by length, so paths of equal length come out in hash order, which varies from run to run; here
// they keep networkx's DFS order. Lines are therefore identical except for the order of equal-length
// paths of one pair, which only matters for games that have such paths (omniquest among the six).
import type { MangoQuestion } from '../questionSchema';
import { MangoGraph, type NodeAdjacency } from '../graph/graph';
import { DfExpansionCursor } from './dfExpansions';
import { LengthOrderedPaths, SimplePathFinder } from '../graph/paths';
import { flatConcat, pythonJsonDumps, pythonJsonString, pythonNumber } from '../../../util/pythonJson';
import { sha256Hex } from '../../../util/sha256';
import { NEVER, type DfSkeleton, type EdgeRecord, type PathStep, type RfSkeleton, type SkeletonLabels } from '../types';

/** The walkthrough step MANGO's prompts cut at unless the token cap comes first (spec §5). */
export const DEFAULT_MODEL_CUTOFF = 70;

export interface SkeletonOptions {
  /**
   * At most this many expanded paths per ordered pair, shortest first. For RF, `num_paths` and the
   * labels then cover only those paths and the line is reported as truncated.
   */
  limitPerPair?: number;
  /**
   * Hex SHA-256 of a string's UTF-8 bytes, for the ids. Defaults to core's pure-TypeScript one;
   * hosts with node:crypto pass theirs, several times faster on the many short id texts.
   */
  sha256Hex?: (text: string) => string;
}

/** A generated line plus whether `limitPerPair` cut its pair short (not an upstream field). */
export interface Generated<T> {
  skeleton: T;
  truncated: boolean;
}

/** Orders edges.json records the way upstream inserted them into its graph (see file comment). */
export function upstreamEdgeOrder(records: readonly EdgeRecord[]): EdgeRecord[] {
  const forward = records.filter((edge) => edge.seen_in_forward < NEVER);
  const reverseOnly = records.filter((edge) => edge.seen_in_forward >= NEVER);
  // Array.prototype.sort is stable, so ties keep file order.
  forward.sort((a, b) => a.seen_in_forward - b.seen_in_forward);
  reverseOnly.sort((a, b) => a.seen_in_reversed - b.seen_in_reversed);
  return [...forward, ...reverseOnly];
}

/** The graph skeletons are generated on: edges.json in upstream's insertion order. */
export function skeletonGraph(records: readonly EdgeRecord[]): MangoGraph {
  return MangoGraph.fromRecords(upstreamEdgeOrder(records));
}

/** A DF line's id: SHA-256 of `json.dumps([{prev_node, node, action}...], sort_keys=True)`. */
export function dfSkeletonId(steps: ReadonlyArray<Pick<PathStep, 'prev_node' | 'node' | 'action'>>): string {
  return sha256Hex(
    pythonJsonDumps(
      steps.map((step) => ({ prev_node: step.prev_node, node: step.node, action: step.action })),
      { sortKeys: true },
    ),
  );
}

/** An RF line's id: SHA-256 of `json.dumps({"src_node": s, "dst_node": d}, sort_keys=True)`. */
export function rfSkeletonId(src: string, dst: string, hash: (text: string) => string = sha256Hex): string {
  return rfIdOfLiterals(pythonJsonString(src), pythonJsonString(dst), hash);
}

/** rfSkeletonId from the names' JSON literals (a whole game's pairs reuse each node's). */
function rfIdOfLiterals(srcLiteral: string, dstLiteral: string, hash: (text: string) => string): string {
  // Written out: sorted, "dst_node" comes first. One call per pair, so the generic writer showed.
  return hash(`{"dst_node": ${dstLiteral}, "src_node": ${srcLiteral}}`);
}

/** Answerable at cutoff c: every edge of the (best) path is known, forward or reversed, by step c. */
export function isAnswerable(
  labels: Pick<SkeletonLabels, 'min_step_total_answerable'>,
  cutoff = DEFAULT_MODEL_CUTOFF,
): boolean {
  return labels.min_step_total_answerable <= cutoff;
}

/** Easy at cutoff c: every edge of the (best) path is traversed forward by step c. */
export function isEasy(
  labels: Pick<SkeletonLabels, 'min_step_forward_answerable'>,
  cutoff = DEFAULT_MODEL_CUTOFF,
): boolean {
  return labels.min_step_forward_answerable <= cutoff;
}

/** Hard at cutoff c: answerable, but some edge is known only as a reverse. */
export function isHard(
  labels: Pick<SkeletonLabels, 'min_step_total_answerable' | 'min_step_forward_answerable'>,
  cutoff = DEFAULT_MODEL_CUTOFF,
): boolean {
  return isAnswerable(labels, cutoff) && !isEasy(labels, cutoff);
}

/** A path_details entry: the record's fields in upstream's key order. */
export function pathStep(record: EdgeRecord): PathStep {
  return {
    prev_node: record.src_node,
    node: record.dst_node,
    action: record.action,
    seen_in_forward: record.seen_in_forward,
    seen_in_reversed: record.seen_in_reversed,
    edge_min_step: record.edge_min_step,
    seen_in_forward_answerable: record.seen_in_forward_answerable,
    seen_in_reversed_answerable: record.seen_in_reversed_answerable,
    edge_min_step_answerable: record.edge_min_step_answerable,
  };
}

/**
 * `pythonJsonDumps(pathStep(record))` written out: made once per record before every DF run, when
 * the generic writer (entries, filters, closures) still runs in the interpreter.
 */
export function pathStepJson(record: EdgeRecord): string {
  return flatConcat(
    '{"prev_node": ',
    pythonJsonString(record.src_node),
    ', "node": ',
    pythonJsonString(record.dst_node),
    ', "action": ',
    pythonJsonString(record.action),
    ', "seen_in_forward": ',
    pythonNumber(record.seen_in_forward),
    ', "seen_in_reversed": ',
    pythonNumber(record.seen_in_reversed),
    ', "edge_min_step": ',
    pythonNumber(record.edge_min_step),
    ', "seen_in_forward_answerable": ',
    pythonNumber(record.seen_in_forward_answerable),
    ', "seen_in_reversed_answerable": ',
    pythonNumber(record.seen_in_reversed_answerable),
    ', "edge_min_step_answerable": ',
    pythonNumber(record.edge_min_step_answerable),
    '}',
  );
}

/** Path-level labels: the maximum over the path's edges (spec §2.4). */
function pathLabels(steps: readonly PathStep[]): SkeletonLabels {
  let forward = 0,
    total = 0,
    forwardAnswerable = 0,
    totalAnswerable = 0;
  for (const step of steps) {
    forward = Math.max(forward, step.seen_in_forward);
    total = Math.max(total, step.edge_min_step);
    forwardAnswerable = Math.max(forwardAnswerable, step.seen_in_forward_answerable);
    totalAnswerable = Math.max(totalAnswerable, step.edge_min_step_answerable);
  }
  return {
    min_step_forward: forward,
    min_step_total: total,
    min_step_forward_answerable: forwardAnswerable,
    min_step_total_answerable: totalAnswerable,
  };
}

function requireRecord(record: EdgeRecord | null): EdgeRecord {
  if (record === null) throw new Error('skeletons are generated from edges.json records only, not imputed edges');
  return record;
}

/** DF skeleton lines in upstream's order and shape, one ordered pair after another. */
export function* dfSkeletons(
  records: readonly EdgeRecord[],
  options: SkeletonOptions = {},
): Generator<Generated<DfSkeleton>> {
  const graph = skeletonGraph(records);
  const cursor = new DfExpansionCursor(graph, {
    limitPerPair: options.limitPerPair,
    sha256Hex: options.sha256Hex ?? sha256Hex,
  });
  while (cursor.next()) {
    const steps: PathStep[] = [];
    for (let index = 0; index < cursor.stepCount; index++) steps.push(pathStep(cursor.records[cursor.steps[index]]));
    const skeleton: DfSkeleton = {
      src_node: graph.nodes[cursor.source],
      dst_node: graph.nodes[cursor.target],
      diff_shortest: cursor.diffShortest,
      path_details: steps,
      step_count: steps.length,
      id: cursor.id,
      ...pathLabels(steps),
    };
    yield { skeleton, truncated: cursor.truncated };
  }
}

/** RF skeleton lines: one per ordered pair of distinct locations, unreachable pairs included. */
export function* rfSkeletons(
  records: readonly EdgeRecord[],
  options: SkeletonOptions = {},
): Generator<Generated<RfSkeleton>> {
  const graph = skeletonGraph(records);
  const adjacency = graph.adjacency();
  const { offsets, targets } = adjacency;
  const finder = new SimplePathFinder(adjacency);
  const limit = options.limitPerPair ?? Infinity;
  const hash = options.sha256Hex ?? sha256Hex;
  const steps = stepSummaries(graph);
  const n = graph.nodes.length;
  // Each name's JSON literal once, not twice per pair: escaping runs cold, before the JIT warms up.
  const literals = graph.nodes.map(pythonJsonString);
  for (let source = 0; source < n; source++) {
    // Without a limit the order of paths is irrelevant: one search from the source serves all its pairs.
    const fromSource = limit === Infinity ? rfAggregatesFrom(adjacency, steps, source) : undefined;
    for (let target = 0; target < n; target++) {
      if (source === target) continue;
      let forward = NEVER,
        total = NEVER,
        forwardAnswerable = NEVER,
        totalAnswerable = NEVER;
      let numPaths = 0;
      let truncated = false;
      if (fromSource !== undefined) {
        numPaths = fromSource.count[target];
        forward = fromSource.forward[target];
        total = fromSource.total[target];
        forwardAnswerable = fromSource.forwardAnswerable[target];
        totalAnswerable = fromSource.totalAnswerable[target];
      } else {
        const paths = new LengthOrderedPaths(finder, source, target, false);
        while (paths.next()) {
          // Over the expansions of one node path, min of max = max over steps of the min over that
          // step's parallel edges, because each step's edge is chosen independently.
          let multiplicity = 1;
          let pathForward = 0,
            pathTotal = 0,
            pathForwardAnswerable = 0,
            pathTotalAnswerable = 0;
          for (let index = 0; index + 1 < paths.length; index++) {
            const u = paths.nodes[index];
            const v = paths.nodes[index + 1];
            let slot = offsets[u];
            while (targets[slot] !== v) slot++;
            multiplicity *= steps.count[slot];
            pathForward = Math.max(pathForward, steps.forward[slot]);
            pathTotal = Math.max(pathTotal, steps.total[slot]);
            pathForwardAnswerable = Math.max(pathForwardAnswerable, steps.forwardAnswerable[slot]);
            pathTotalAnswerable = Math.max(pathTotalAnswerable, steps.totalAnswerable[slot]);
          }
          if (numPaths + multiplicity > limit) {
            // A node path whose expansions straddle the limit is left out whole: its best expansion
            // is not necessarily among the first ones, so its labels would be wrong.
            truncated = true;
            break;
          }
          numPaths += multiplicity;
          forward = Math.min(forward, pathForward);
          total = Math.min(total, pathTotal);
          forwardAnswerable = Math.min(forwardAnswerable, pathForwardAnswerable);
          totalAnswerable = Math.min(totalAnswerable, pathTotalAnswerable);
        }
      }
      const src = graph.nodes[source];
      const dst = graph.nodes[target];
      const skeleton: RfSkeleton = {
        src_node: src,
        dst_node: dst,
        num_paths: numPaths,
        id: rfIdOfLiterals(literals[source], literals[target], hash),
        min_step_forward: forward,
        min_step_total: total,
        min_step_forward_answerable: forwardAnswerable,
        min_step_total_answerable: totalAnswerable,
      };
      yield { skeleton, truncated };
    }
  }
}

type StepSummaries = ReturnType<typeof stepSummaries>;

/**
 * For every target at once, from one DFS over the simple paths from `source`: the number of expanded
 * paths (sum over node paths of the product of parallel-edge counts) and the best of each label
 * (min over paths of the max over steps), each path's values computed from its prefix's.
 */
function rfAggregatesFrom(adjacency: NodeAdjacency, steps: StepSummaries, source: number) {
  const { nodeCount, offsets, targets } = adjacency;
  const result = {
    count: new Float64Array(nodeCount),
    forward: new Float64Array(nodeCount).fill(NEVER),
    total: new Float64Array(nodeCount).fill(NEVER),
    forwardAnswerable: new Float64Array(nodeCount).fill(NEVER),
    totalAnswerable: new Float64Array(nodeCount).fill(NEVER),
  };
  // Per depth: the path so far and its values (depth 0: the source alone, an empty product and maxima).
  const nodes = new Int32Array(nodeCount);
  const nextSlot = new Int32Array(nodeCount);
  const onPath = new Uint8Array(nodeCount);
  const count = new Float64Array(nodeCount);
  const forward = new Float64Array(nodeCount);
  const total = new Float64Array(nodeCount);
  const forwardAnswerable = new Float64Array(nodeCount);
  const totalAnswerable = new Float64Array(nodeCount);
  let depth = 0;
  nodes[0] = source;
  nextSlot[0] = offsets[source];
  onPath[source] = 1;
  count[0] = 1;
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
    const next = depth + 1;
    count[next] = count[depth] * steps.count[slot];
    forward[next] = Math.max(forward[depth], steps.forward[slot]);
    total[next] = Math.max(total[depth], steps.total[slot]);
    forwardAnswerable[next] = Math.max(forwardAnswerable[depth], steps.forwardAnswerable[slot]);
    totalAnswerable[next] = Math.max(totalAnswerable[depth], steps.totalAnswerable[slot]);
    result.count[v] += count[next];
    result.forward[v] = Math.min(result.forward[v], forward[next]);
    result.total[v] = Math.min(result.total[v], total[next]);
    result.forwardAnswerable[v] = Math.min(result.forwardAnswerable[v], forwardAnswerable[next]);
    result.totalAnswerable[v] = Math.min(result.totalAnswerable[v], totalAnswerable[next]);
    depth = next;
    nodes[depth] = v;
    nextSlot[depth] = offsets[v];
    onPath[v] = 1;
  }
  return result;
}

/** Per adjacency slot (u, targets[slot]): how many parallel edges, and the smallest of each label among them. */
function stepSummaries(graph: MangoGraph) {
  const { nodeCount, offsets, targets } = graph.adjacency();
  const slots = targets.length;
  const summary = {
    count: new Float64Array(slots),
    forward: new Float64Array(slots),
    total: new Float64Array(slots),
    forwardAnswerable: new Float64Array(slots),
    totalAnswerable: new Float64Array(slots),
  };
  for (let u = 0; u < nodeCount; u++) {
    for (let slot = offsets[u]; slot < offsets[u + 1]; slot++) {
      const steps = graph.edgesBetween(u, targets[slot]).map((edge) => requireRecord(edge.record));
      summary.count[slot] = steps.length;
      summary.forward[slot] = Math.min(...steps.map((edge) => edge.seen_in_forward));
      summary.total[slot] = Math.min(...steps.map((edge) => edge.edge_min_step));
      summary.forwardAnswerable[slot] = Math.min(...steps.map((edge) => edge.seen_in_forward_answerable));
      summary.totalAnswerable[slot] = Math.min(...steps.map((edge) => edge.edge_min_step_answerable));
    }
  }
  return summary;
}

/** The question a skeleton line asks (DF: follow its path's actions; RF: reach its destination), labelled at `cutoff`. */
export function questionFromSkeleton(
  game: string,
  task: 'df' | 'rf',
  line: Pick<
    DfSkeleton,
    'id' | 'src_node' | 'dst_node' | 'min_step_total_answerable' | 'min_step_forward_answerable'
  > & { path_details?: ReadonlyArray<{ action: string }> },
  cutoff: number,
): MangoQuestion {
  return {
    benchmark: 'mango',
    game,
    task,
    sampleId: line.id,
    src: line.src_node,
    dst: line.dst_node,
    actionList: task === 'df' ? (line.path_details ?? []).map((step) => step.action) : [],
    answerable: isAnswerable(line, cutoff),
    easy: isEasy(line, cutoff),
    cutoff,
  };
}
