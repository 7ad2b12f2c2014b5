// What a merge of two rooms needs to rewrite a DF/RF skeleton file the way it was made: the options
// it was generated with (read from its lines), a bounded estimate of the work regenerating it would
// take, and, when that is too much to do inside a request, the renamed lines cleaned of what the
// merge made invalid (repeated paths, paths through the merged room twice).
import { parseSkeletonLine } from './skeletonLines';
import { DEFAULT_MODEL_CUTOFF, skeletonGraph } from './skeletons';
import type { EdgeRecord } from '../types';

interface SkeletonFileOptions {
  /** From `"truncated": true` markers: DF, the line count of a cut pair (exact); RF, the largest `num_paths` (a lower bound). */
  limitPerPair?: number;
  /** From Waypoint's `answerable`/`easy` fields: a cutoff that gives every line its flags. */
  labelsAtCutoff?: number;
}

interface LineFields {
  src_node?: unknown;
  dst_node?: unknown;
  id?: unknown;
  num_paths?: unknown;
  truncated?: unknown;
  answerable?: unknown;
  easy?: unknown;
  min_step_total_answerable?: unknown;
  min_step_forward_answerable?: unknown;
  path_details?: Array<{ prev_node?: unknown; node?: unknown }>;
}

/** Each line with its fields when the schema accepts it (null otherwise: a diagnostic already). */
function* parsedLines(task: 'df' | 'rf', text: string): Generator<[string, LineFields | null]> {
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const parsed = parseSkeletonLine(task, line);
    // The JSON as parsed keeps Waypoint's fields (truncated, answerable, easy) that the schema does not declare.
    yield [line, parsed.ok ? (parsed.json as LineFields) : null];
  }
}

/** The generation options a skeleton file's lines show (see SkeletonFileOptions). */
export function skeletonFileOptions(task: 'df' | 'rf', text: string): SkeletonFileOptions {
  const perPair = new Map<string, number>();
  let limit = 0;
  let truncated = false;
  let extra = false;
  // Cutoffs consistent with the flags: answerable ⇔ total_answerable ≤ c, easy ⇔ forward_answerable ≤ c.
  let low = 0;
  let high = Infinity;
  for (const [, line] of parsedLines(task, text)) {
    if (line === null) continue;
    const pair = `${line.src_node}\u0000${line.dst_node}`;
    const count = (perPair.get(pair) ?? 0) + 1;
    perPair.set(pair, count);
    if (line.truncated === true) {
      truncated = true;
      limit = Math.max(limit, task === 'df' ? count : Number(line.num_paths));
    }
    for (const [flag, value] of [
      [line.answerable, line.min_step_total_answerable],
      [line.easy, line.min_step_forward_answerable],
    ] as const) {
      if (typeof flag !== 'boolean' || typeof value !== 'number') continue;
      extra = true;
      if (flag) low = Math.max(low, value);
      else high = Math.min(high, value);
    }
  }
  if (truncated && task === 'rf')
    for (const [, line] of parsedLines(task, text))
      if (typeof line?.num_paths === 'number') limit = Math.max(limit, line.num_paths);
  const options: SkeletonFileOptions = {};
  if (truncated && limit > 0) options.limitPerPair = limit;
  // The CLI's default when it fits the flags; else the smallest cutoff that does.
  if (extra)
    options.labelsAtCutoff = DEFAULT_MODEL_CUTOFF >= low && DEFAULT_MODEL_CUTOFF < high ? DEFAULT_MODEL_CUTOFF : low;
  return options;
}

/**
 * About how many DF lines the records make (each pair's expansions, at most `limitPerPair`), from
 * one DFS over simple paths per source; undefined once the DFS has taken `budget` steps (the
 * enumeration itself would then be at least that large).
 */
export function estimateDfLines(
  records: readonly EdgeRecord[],
  limitPerPair: number | undefined,
  budget: number,
): number | undefined {
  const graph = skeletonGraph(records);
  const { nodeCount, offsets, targets } = graph.adjacency();
  const multiplicity = Float64Array.from(targets, (_, slot) => {
    let u = 0;
    while (offsets[u + 1] <= slot) u++;
    return graph.edgesBetween(u, targets[slot]).length;
  });
  const limit = limitPerPair ?? Infinity;
  let work = 0;
  let lines = 0;
  const onPath = new Uint8Array(nodeCount);
  const nodes = new Int32Array(nodeCount + 1);
  const nextSlot = new Int32Array(nodeCount + 1);
  const count = new Float64Array(nodeCount + 1);
  for (let source = 0; source < nodeCount; source++) {
    const perTarget = new Float64Array(nodeCount);
    let depth = 0;
    nodes[0] = source;
    nextSlot[0] = offsets[source];
    count[0] = 1;
    onPath[source] = 1;
    while (depth >= 0) {
      if (++work > budget) return undefined;
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
      count[depth] = count[depth - 1] * multiplicity[slot];
      perTarget[v] += count[depth];
      nodes[depth] = v;
      nextSlot[depth] = offsets[v];
      onPath[v] = 1;
    }
    for (const paths of perTarget) lines += Math.min(limit, paths);
  }
  return lines;
}

/**
 * The lines of a skeleton file after a merge renamed them in place (ids already recomputed): a line
 * whose pair is now one room (RF), whose path visits a room twice (DF), or whose id an earlier line
 * has is dropped. Unparsable lines are kept as they are (they are diagnostics already).
 */
export function dropMergedRepeats(task: 'df' | 'rf', text: string): { text: string; dropped: number } {
  const seen = new Set<unknown>();
  const kept: string[] = [];
  let dropped = 0;
  for (const [raw, line] of parsedLines(task, text)) {
    if (line !== null) {
      const rooms = line.path_details
        ? [line.src_node, ...line.path_details.map((step) => step.node)]
        : [line.src_node, line.dst_node];
      if (new Set(rooms).size !== rooms.length || seen.has(line.id)) {
        dropped++;
        continue;
      }
      seen.add(line.id);
    }
    kept.push(raw);
  }
  return { text: kept.map((line) => `${line}\n`).join(''), dropped };
}
