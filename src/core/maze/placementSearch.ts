// A local search over the compass grid placement (issue 16: "edge crossings reported and reduced").
// mazePlacement.ts places rooms greedily, move by move, so a room reached by up/down or a late
// compass move lands wherever a cell was free, and its edges cross others or run across the map.
// Here each room tries the free cells (and the rooms to swap with) within two cells of it, and keeps
// the best spot by the caller's score: compass misses first (a map must not lie about directions),
// then crossings, then total edge length. Connected parts are searched apart and put back side by
// side as placeRooms put them, so no search mixes two parts. Deterministic: fixed orders, no clock.
import type { MazeGraph } from './mazeView';

/** Compared lexicographically; lower is better. */
export type PlacementScore = readonly number[];
type Cells = Map<string, [number, number]>;
/** Scores a placement; given a bound, may stop early with a score known to be worse than it. */
export type PlacementScorer = (cells: ReadonlyMap<string, [number, number]>, bound?: PlacementScore) => PlacementScore;

/** Bigger parts keep the greedy placement: the search costs about rooms² layouts a pass. */
const MAX_SEARCHED_ROOMS = 80;
const MAX_PASSES = 8;
/** A bound on the work for any part, so a layout's time stays predictable (and the result deterministic). */
const MAX_EVALUATIONS = 2500;
const RADIUS = 2;

export function improvePlacement(
  graph: MazeGraph,
  placed: ReadonlyMap<string, [number, number]>,
  scorerFor: (graph: MazeGraph) => PlacementScorer,
): Map<string, [number, number]> {
  const parts = connectedParts(graph, placed);
  const result: Cells = new Map();
  let nextColumn = 0;
  for (const names of parts) {
    const members = new Set(names);
    const part: MazeGraph = {
      ...graph,
      nodes: graph.nodes.filter((node) => members.has(node.name)),
      edges: graph.edges.filter((edge) => members.has(edge.src) && members.has(edge.dst)),
    };
    let cells: Cells = normalise(
      new Map(names.map((name) => [name, [...(placed.get(name) as [number, number])] as [number, number]])),
    );
    if (names.length > 2 && names.length <= MAX_SEARCHED_ROOMS) cells = search(part, cells, scorerFor(part));
    let maxColumn = nextColumn;
    for (const [name, [column, row]] of cells) {
      result.set(name, [column + nextColumn, row]);
      maxColumn = Math.max(maxColumn, column + nextColumn);
    }
    nextColumn = maxColumn + 2;
  }
  return result;
}

function search(graph: MazeGraph, start: Cells, score: PlacementScorer): Cells {
  const neighbours = new Map<string, Set<string>>();
  for (const edge of graph.edges) {
    if (!neighbours.has(edge.src)) neighbours.set(edge.src, new Set());
    if (!neighbours.has(edge.dst)) neighbours.set(edge.dst, new Set());
    neighbours.get(edge.src)?.add(edge.dst);
    neighbours.get(edge.dst)?.add(edge.src);
  }
  let cells = start;
  let best = score(cells);
  let evaluations = 0;
  // After the first pass only rooms next to a moved room can gain from moving: a room's score
  // changes mostly through its own edges.
  let dirty = new Set(cells.keys());
  for (let pass = 0; pass < MAX_PASSES && dirty.size > 0 && evaluations < MAX_EVALUATIONS; pass++) {
    const moved = new Set<string>();
    for (const name of [...cells.keys()].filter((room) => dirty.has(room))) {
      const occupant = new Map([...cells].map(([room, [column, row]]) => [`${column},${row}`, room]));
      const [column, row] = cells.get(name) as [number, number];
      let choice: Cells | null = null;
      let swapped: string | undefined;
      for (let dy = -RADIUS; dy <= RADIUS; dy++) {
        for (let dx = -RADIUS; dx <= RADIUS; dx++) {
          if (dx === 0 && dy === 0) continue;
          const target: [number, number] = [column + dx, row + dy];
          const other = occupant.get(`${target[0]},${target[1]}`);
          const candidate: Cells = new Map([...cells].map(([room, at]) => [room, [...at] as [number, number]]));
          candidate.set(name, target);
          if (other !== undefined) candidate.set(other, [column, row]);
          const normalised = normalise(candidate);
          const value = score(normalised, best);
          evaluations++;
          if (compare(value, best) < 0) {
            best = value;
            choice = normalised;
            swapped = other;
          }
        }
      }
      if (choice) {
        cells = choice;
        moved.add(name);
        if (swapped !== undefined) moved.add(swapped);
      }
      if (evaluations >= MAX_EVALUATIONS) break;
    }
    dirty = new Set([...moved].flatMap((room) => [room, ...(neighbours.get(room) ?? [])]));
  }
  const compact = compactEmptyLines(cells);
  return compare(score(compact), best) <= 0 ? compact : cells;
}

function compare(a: PlacementScore, b: PlacementScore): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++)
    if (a[index] !== b[index]) return a[index] - b[index];
  return 0;
}

/** Shifts cells so the smallest column and row are 0 (a move to the left or top may go negative). */
function normalise(cells: Cells): Cells {
  const minColumn = Math.min(...[...cells.values()].map(([column]) => column));
  const minRow = Math.min(...[...cells.values()].map(([, row]) => row));
  if (minColumn === 0 && minRow === 0) return cells;
  return new Map([...cells].map(([name, [column, row]]) => [name, [column - minColumn, row - minRow]]));
}

/** Drops columns and rows no room uses (moves leave them behind), keeping every order. */
function compactEmptyLines(cells: Cells): Cells {
  const used = (axis: 0 | 1) => [...new Set([...cells.values()].map((cell) => cell[axis]))].sort((a, b) => a - b);
  const columns = new Map(used(0).map((column, index) => [column, index]));
  const rows = new Map(used(1).map((row, index) => [row, index]));
  return new Map(
    [...cells].map(([name, [column, row]]) => [name, [columns.get(column) as number, rows.get(row) as number]]),
  );
}

/** Rooms in connected parts, each part in the order placeRooms laid the parts out (left to right). */
function connectedParts(graph: MazeGraph, placed: ReadonlyMap<string, [number, number]>): string[][] {
  const neighbours = new Map<string, string[]>();
  for (const edge of graph.edges) {
    neighbours.set(edge.src, [...(neighbours.get(edge.src) ?? []), edge.dst]);
    neighbours.set(edge.dst, [...(neighbours.get(edge.dst) ?? []), edge.src]);
  }
  const seen = new Set<string>();
  const parts: string[][] = [];
  for (const root of placed.keys()) {
    if (seen.has(root)) continue;
    const part = [root];
    seen.add(root);
    for (let index = 0; index < part.length; index++) {
      for (const next of neighbours.get(part[index]) ?? []) {
        if (seen.has(next) || !placed.has(next)) continue;
        seen.add(next);
        part.push(next);
      }
    }
    parts.push(part);
  }
  const leftmost = (part: string[]) => Math.min(...part.map((name) => (placed.get(name) as [number, number])[0]));
  return parts.sort((a, b) => leftmost(a) - leftmost(b));
}
