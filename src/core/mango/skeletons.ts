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
import type { MangoQuestion } from '../eval/types';
import { MangoGraph } from './graph';
import { SimplePathFinder, simplePathsByLength, simplePathsInLengthOrder, type SimplePathCursor } from './paths';
import { pythonJsonDumps } from './pythonJson';
import { sha256Hex } from '../sha256';
import { NEVER, type DfSkeleton, type EdgeRecord, type PathStep, type RfSkeleton, type SkeletonLabels } from './types';

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
  return sha256Hex(pythonJsonDumps(steps.map((step) => ({ prev_node: step.prev_node, node: step.node, action: step.action })), { sortKeys: true }));
}

/** An RF line's id: SHA-256 of `json.dumps({"src_node": s, "dst_node": d}, sort_keys=True)`. */
export function rfSkeletonId(src: string, dst: string, hash: (text: string) => string = sha256Hex): string {
  return hash(pythonJsonDumps({ src_node: src, dst_node: dst }, { sortKeys: true }));
}

/** Answerable at cutoff c: every edge of the (best) path is known, forward or reversed, by step c. */
export function isAnswerable(labels: Pick<SkeletonLabels, 'min_step_total_answerable'>, cutoff = DEFAULT_MODEL_CUTOFF): boolean {
  return labels.min_step_total_answerable <= cutoff;
}

/** Easy at cutoff c: every edge of the (best) path is traversed forward by step c. */
export function isEasy(labels: Pick<SkeletonLabels, 'min_step_forward_answerable'>, cutoff = DEFAULT_MODEL_CUTOFF): boolean {
  return labels.min_step_forward_answerable <= cutoff;
}

/** Hard at cutoff c: answerable, but some edge is known only as a reverse. */
export function isHard(labels: Pick<SkeletonLabels, 'min_step_total_answerable' | 'min_step_forward_answerable'>, cutoff = DEFAULT_MODEL_CUTOFF): boolean {
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

/** Path-level labels: the maximum over the path's edges (spec §2.4). */
function pathLabels(steps: readonly PathStep[]): SkeletonLabels {
  let forward = 0, total = 0, forwardAnswerable = 0, totalAnswerable = 0;
  for (const step of steps) {
    forward = Math.max(forward, step.seen_in_forward);
    total = Math.max(total, step.edge_min_step);
    forwardAnswerable = Math.max(forwardAnswerable, step.seen_in_forward_answerable);
    totalAnswerable = Math.max(totalAnswerable, step.edge_min_step_answerable);
  }
  return { min_step_forward: forward, min_step_total: total, min_step_forward_answerable: forwardAnswerable, min_step_total_answerable: totalAnswerable };
}

function requireRecord(record: EdgeRecord | null): EdgeRecord {
  if (record === null) throw new Error('skeletons are generated from edges.json records only, not imputed edges');
  return record;
}

/** Every choice of one variant per step, the last step varying fastest (itertools.product order). */
function* cartesian<T>(variants: readonly (readonly T[])[]): Generator<T[]> {
  if (variants.some((choices) => choices.length === 0)) return;
  const picks = new Array<number>(variants.length).fill(0);
  for (;;) {
    yield picks.map((pick, index) => variants[index][pick]);
    let position = variants.length - 1;
    while (position >= 0 && ++picks[position] === variants[position].length) picks[position--] = 0;
    if (position < 0) return;
  }
}

/** One expanded DF path, before it is shaped into a line. */
export interface DfExpansion {
  source: number;
  target: number;
  /** The edges.json record of each step (a fresh array). */
  steps: EdgeRecord[];
  diffShortest: number;
  id: string;
  /** Whether `limitPerPair` cut this pair short; only ever true on the pair's last expansion. */
  truncated: boolean;
}

/**
 * The DF expansions of a skeleton graph in upstream's order: pairs in permutation order, node paths
 * shortest first (one search per pair; per length only under a limit, where it can stop early),
 * each expanded over parallel edges. Ids come from per-record JSON fragments, hashed with
 * `options.sha256Hex`.
 */
export function* dfExpansions(graph: MangoGraph, options: SkeletonOptions = {}): Generator<DfExpansion> {
  const finder = new SimplePathFinder(graph.adjacency());
  const limit = options.limitPerPair ?? Infinity;
  const hash = options.sha256Hex ?? sha256Hex;
  const n = graph.nodes.length;
  // `json.dumps({prev_node, node, action}, sort_keys=True)` of each record, the id's building block.
  const idParts = new Map<EdgeRecord, string>();
  const idPart = (record: EdgeRecord): string => {
    let part = idParts.get(record);
    if (part === undefined) {
      part = pythonJsonDumps({ prev_node: record.src_node, node: record.dst_node, action: record.action }, { sortKeys: true });
      idParts.set(record, part);
    }
    return part;
  };
  const between = new Map<number, EdgeRecord[]>();
  const recordsBetween = (u: number, v: number): EdgeRecord[] => {
    let records = between.get(u * n + v);
    if (records === undefined) {
      records = graph.edgesBetween(u, v).map((edge) => requireRecord(edge.record));
      between.set(u * n + v, records);
    }
    return records;
  };
  for (const [source, target] of orderedPairs(n)) {
    // Ids can only repeat within a pair (they encode both ends), so a per-pair set is enough.
    const seenIds = new Set<string>();
    let produced = 0;
    let shortest = -1;
    let cut = false;
    // Each expansion is held back one step, so the pair's last one can say whether the limit cut it.
    let pending: DfExpansion | undefined;
    const paths = limit === Infinity ? simplePathsInLengthOrder(finder, source, target) : simplePathsByLength(finder, source, target);
    pair: for (const path of paths) {
      const edgesInPath = path.length - 1;
      if (shortest < 0) shortest = edgesInPath;
      const variants: EdgeRecord[][] = [];
      for (let index = 0; index < edgesInPath; index++) variants.push(recordsBetween(path.nodes[index], path.nodes[index + 1]));
      for (const steps of cartesian(variants)) {
        if (produced === limit) {
          cut = true;
          break pair;
        }
        produced++;
        let idText = '[';
        for (let index = 0; index < steps.length; index++) idText += index === 0 ? idPart(steps[index]) : `, ${idPart(steps[index])}`;
        const id = hash(`${idText}]`);
        if (seenIds.has(id)) continue;
        seenIds.add(id);
        if (pending) yield pending;
        pending = { source, target, steps, diffShortest: edgesInPath - shortest, id, truncated: false };
      }
    }
    if (pending) {
      pending.truncated = cut;
      yield pending;
    }
  }
}

/** DF skeleton lines in upstream's order and shape, one ordered pair after another. */
export function* dfSkeletons(records: readonly EdgeRecord[], options: SkeletonOptions = {}): Generator<Generated<DfSkeleton>> {
  const graph = skeletonGraph(records);
  for (const expansion of dfExpansions(graph, options)) {
    const steps = expansion.steps.map(pathStep);
    const skeleton: DfSkeleton = {
      src_node: graph.nodes[expansion.source],
      dst_node: graph.nodes[expansion.target],
      diff_shortest: expansion.diffShortest,
      path_details: steps,
      step_count: steps.length,
      id: expansion.id,
      ...pathLabels(steps),
    };
    yield { skeleton, truncated: expansion.truncated };
  }
}

/** RF skeleton lines: one per ordered pair of distinct locations, unreachable pairs included. */
export function* rfSkeletons(records: readonly EdgeRecord[], options: SkeletonOptions = {}): Generator<Generated<RfSkeleton>> {
  const graph = skeletonGraph(records);
  const finder = new SimplePathFinder(graph.adjacency());
  const limit = options.limitPerPair ?? Infinity;
  const bestPerStep = bestLabelsBetweenNeighbours(graph);
  const hash = options.sha256Hex ?? sha256Hex;
  for (const [source, target] of orderedPairs(graph.nodes.length)) {
    const best: SkeletonLabels = { min_step_forward: NEVER, min_step_total: NEVER, min_step_forward_answerable: NEVER, min_step_total_answerable: NEVER };
    let numPaths = 0;
    let truncated = false;
    // Without a limit the order of paths is irrelevant, so one unlimited pass is enough.
    const cursors = limit === Infinity ? allPaths(finder, source, target) : simplePathsByLength(finder, source, target);
    for (const cursor of cursors) {
      // Over the expansions of one node path, min of max = max over steps of the min over that
      // step's parallel edges, because each step's edge is chosen independently.
      let multiplicity = 1;
      const labels = { min_step_forward: 0, min_step_total: 0, min_step_forward_answerable: 0, min_step_total_answerable: 0 };
      for (let index = 0; index + 1 < cursor.length; index++) {
        const step = bestPerStep(cursor.nodes[index], cursor.nodes[index + 1]);
        multiplicity *= step.count;
        labels.min_step_forward = Math.max(labels.min_step_forward, step.labels.min_step_forward);
        labels.min_step_total = Math.max(labels.min_step_total, step.labels.min_step_total);
        labels.min_step_forward_answerable = Math.max(labels.min_step_forward_answerable, step.labels.min_step_forward_answerable);
        labels.min_step_total_answerable = Math.max(labels.min_step_total_answerable, step.labels.min_step_total_answerable);
      }
      if (numPaths + multiplicity > limit) {
        // A node path whose expansions straddle the limit is left out whole: its best expansion
        // is not necessarily among the first ones, so its labels would be wrong.
        truncated = true;
        break;
      }
      numPaths += multiplicity;
      best.min_step_forward = Math.min(best.min_step_forward, labels.min_step_forward);
      best.min_step_total = Math.min(best.min_step_total, labels.min_step_total);
      best.min_step_forward_answerable = Math.min(best.min_step_forward_answerable, labels.min_step_forward_answerable);
      best.min_step_total_answerable = Math.min(best.min_step_total_answerable, labels.min_step_total_answerable);
    }
    const src = graph.nodes[source];
    const dst = graph.nodes[target];
    yield { skeleton: { src_node: src, dst_node: dst, num_paths: numPaths, id: rfSkeletonId(src, dst, hash), ...best }, truncated };
  }
}

function* allPaths(finder: SimplePathFinder, source: number, target: number): Generator<SimplePathCursor> {
  const cursor = finder.cursor(source, target);
  while (cursor.next()) yield cursor;
}

/** itertools.permutations(range(n), 2). */
function* orderedPairs(n: number): Generator<[number, number]> {
  for (let source = 0; source < n; source++) for (let target = 0; target < n; target++) if (source !== target) yield [source, target];
}

interface StepSummary {
  count: number;
  labels: SkeletonLabels;
}

/** For each adjacent pair: how many parallel edges, and the smallest of each label among them. */
function bestLabelsBetweenNeighbours(graph: MangoGraph): (u: number, v: number) => StepSummary {
  const cache = new Map<number, StepSummary>();
  const n = graph.nodes.length;
  return (u, v) => {
    const key = u * n + v;
    let summary = cache.get(key);
    if (!summary) {
      const steps = graph.edgesBetween(u, v).map((edge) => requireRecord(edge.record));
      summary = {
        count: steps.length,
        labels: {
          min_step_forward: Math.min(...steps.map((edge) => edge.seen_in_forward)),
          min_step_total: Math.min(...steps.map((edge) => edge.edge_min_step)),
          min_step_forward_answerable: Math.min(...steps.map((edge) => edge.seen_in_forward_answerable)),
          min_step_total_answerable: Math.min(...steps.map((edge) => edge.edge_min_step_answerable)),
        },
      };
      cache.set(key, summary);
    }
    return summary;
  };
}

/** The question a skeleton line asks (DF: follow its path's actions; RF: reach its destination), labelled at `cutoff`. */
export function questionFromSkeleton(game: string, task: 'df' | 'rf', line: Pick<DfSkeleton, 'id' | 'src_node' | 'dst_node' | 'min_step_total_answerable' | 'min_step_forward_answerable'> & { path_details?: ReadonlyArray<{ action: string }> }, cutoff: number): MangoQuestion {
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
