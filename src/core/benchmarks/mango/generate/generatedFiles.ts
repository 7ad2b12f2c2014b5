// Writing and measuring games that Waypoint makes (generated mazes, re-skins): the walkthrough and
// JSON files in the release's exact layout, and the figures the generator's knobs aim at.
import { NEVER, type EdgeRecord } from '../types';

export interface WalkStep {
  number: number;
  action: string;
  observation: string;
  /** The move this step makes, when it makes one (generator bookkeeping, not written). */
  move?: { from: number; action: string; to: number };
}

/** The release's walkthrough layout: `===========` blocks of STEP NUM / ACT / OBSERVATION, closed by a rule. */
export function formatWalkthrough(steps: ReadonlyArray<Pick<WalkStep, 'number' | 'action' | 'observation'>>): string {
  const blocks = steps.map(
    (step) =>
      `===========\n==>STEP NUM: ${step.number}\n==>ACT: ${step.action}\n==>OBSERVATION: ${step.observation}\n\n`,
  );
  return `${blocks.join('')}===========\n`;
}

/** Python's `json.dump(value, indent=4)` for ASCII data (the release's edges/actions/locations files). */
export function indentedJson(value: unknown): string {
  // JSON.stringify escapes like Python's ensure_ascii only for ASCII text; non-ASCII is escaped here.
  return JSON.stringify(value, null, 4).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface GameMeasures {
  rooms: number;
  edges: number;
  /** Edges known only as the reverse of a walked move (seen_in_forward 9999). */
  reverseOnlyEdges: number;
  /** Ordered pairs of distinct rooms with a route over edges.json. */
  reachablePairs: number;
  /**
   * Of those, the share with no route over walked (forward) edges: the RF questions whose answer
   * needs a reverse-only edge (`min_step_forward_answerable` 9999 in all_pairs.jsonl).
   */
  imputedShare: number;
  /** Share of rooms whose name differs from another room's by exactly one word. */
  confusableShare: number;
  /** Mean shortest route length (moves) over the reachable pairs. */
  meanShortestPath: number;
}

/** The figures of a game's edges. */
export function measureGame(records: readonly EdgeRecord[]): GameMeasures {
  const names = [...new Set(records.flatMap((record) => [record.src_node, record.dst_node]))];
  const { reachablePairs, imputedShare, meanShortestPath } = routeMeasures(records, names);
  return {
    rooms: names.length,
    edges: records.length,
    reverseOnlyEdges: records.filter((record) => record.seen_in_forward >= NEVER).length,
    reachablePairs,
    imputedShare,
    confusableShare: confusableShare(names),
    meanShortestPath,
  };
}

/**
 * The figures that depend on the routes alone (reachable pairs, imputed share, mean shortest route):
 * what the generator's calibration loop needs for each candidate tour, whose rooms and names stay put.
 * `names` must hold every room the records name (more are harmless: a room without edges reaches nothing).
 */
export function routeMeasures(
  records: readonly EdgeRecord[],
  names: readonly string[],
): Pick<GameMeasures, 'reachablePairs' | 'imputedShare' | 'meanShortestPath'> {
  const index = new Map(names.map((name, position) => [name, position]));
  const all: number[][] = names.map(() => []);
  const walked: number[][] = names.map(() => []);
  for (const record of records) {
    const src = index.get(record.src_node) as number;
    const dst = index.get(record.dst_node) as number;
    all[src].push(dst);
    if (record.seen_in_forward < NEVER) walked[src].push(dst);
  }
  let reachable = 0;
  let needReverse = 0;
  let lengths = 0;
  for (let source = 0; source < names.length; source++) {
    const distance = distances(all, source);
    const forward = distances(walked, source);
    for (let target = 0; target < names.length; target++) {
      if (target === source || distance[target] < 0) continue;
      reachable++;
      lengths += distance[target];
      if (forward[target] < 0) needReverse++;
    }
  }
  return {
    reachablePairs: reachable,
    imputedShare: reachable === 0 ? 0 : needReverse / reachable,
    meanShortestPath: reachable === 0 ? 0 : lengths / reachable,
  };
}

/** Breadth-first distances from `source` (-1: unreachable). */
function distances(successors: readonly number[][], source: number): number[] {
  const distance = successors.map(() => -1);
  distance[source] = 0;
  const queue = [source];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const next of successors[node]) {
      if (distance[next] >= 0) continue;
      distance[next] = distance[node] + 1;
      queue.push(next);
    }
  }
  return distance;
}

/** Share of names with a partner of the same word count that differs in exactly one word. */
function confusableShare(names: readonly string[]): number {
  if (names.length === 0) return 0;
  const words = names.map((name) => name.split(/\s+/));
  let count = 0;
  for (let a = 0; a < words.length; a++) {
    const hasPartner = words.some(
      (other, b) =>
        b !== a &&
        other.length === words[a].length &&
        other.filter((word, position) => word !== words[a][position]).length === 1,
    );
    if (hasPartner) count++;
  }
  return count / names.length;
}
