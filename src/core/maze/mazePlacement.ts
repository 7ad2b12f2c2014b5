// Where each room goes, as a hand-drawn map would put it: on a grid of cells, each compass move one
// cell in its direction (north up). Compass moves are placed before any other move (up, down, enter
// car), so those attach rooms to free cells and never push a room off its compass position.
//
// When the wanted cell is taken, the room goes one or two cells further along the same direction,
// or a new column (row) is opened at the wanted place. Opening a column shifts every room at or
// beyond it by one, which keeps every column and row order: a room north of another stays north of
// it, one to the north-east keeps both its east and its north, so every move already placed stays
// within 45° of its direction.
import type { MazeGraph } from './mazeView';

const COMPASS_VECTORS: Readonly<Record<string, readonly [number, number]>> = {
  north: [0, -1],
  south: [0, 1],
  east: [1, 0],
  west: [-1, 0],
  northeast: [1, -1],
  northwest: [-1, -1],
  southeast: [1, 1],
  southwest: [-1, 1],
};

interface Link {
  to: string;
  /** The grid step from this room to `to`, or null for a move with no compass direction. */
  vector: readonly [number, number] | null;
}

/** Grid cells (column, row) per room name; every cell holds one room, columns and rows from 0. */
export function placeRooms(graph: MazeGraph): Map<string, [number, number]> {
  const links = new Map<string, Link[]>();
  const link = (from: string, to: string, vector: readonly [number, number] | null) => {
    if (from === to) return;
    const list = links.get(from) ?? [];
    list.push({ to, vector });
    links.set(from, list);
  };
  for (const edge of graph.edges) {
    const vector = COMPASS_VECTORS[edge.action] ?? null;
    link(edge.src, edge.dst, vector);
    // Walking a move backwards goes the opposite way: a room reached only as a source still places.
    link(edge.dst, edge.src, vector ? [-vector[0], -vector[1]] : null);
  }
  const names = [
    ...new Set([
      ...(graph.start ? [graph.start] : []),
      ...graph.nodes.map((node) => node.name),
      ...graph.edges.flatMap((edge) => [edge.src, edge.dst]),
    ]),
  ];
  const placed = new Map<string, [number, number]>();
  let nextColumn = 0;
  for (const root of names) {
    if (placed.has(root)) continue;
    const component = placeComponent(root, links);
    // Components side by side, one empty column apart.
    const minColumn = Math.min(...[...component.values()].map(([column]) => column));
    const minRow = Math.min(...[...component.values()].map(([, row]) => row));
    let maxColumn = nextColumn;
    for (const [name, [column, row]] of component) {
      placed.set(name, [column - minColumn + nextColumn, row - minRow]);
      maxColumn = Math.max(maxColumn, column - minColumn + nextColumn);
    }
    nextColumn = maxColumn + 2;
  }
  return placed;
}

function placeComponent(root: string, links: ReadonlyMap<string, Link[]>): Map<string, [number, number]> {
  const at = new Map<string, [number, number]>([[root, [0, 0]]]);
  const cells = new Map<string, string>([['0,0', root]]);
  const key = (column: number, row: number) => `${column},${row}`;
  const claim = (name: string, column: number, row: number) => {
    at.set(name, [column, row]);
    cells.set(key(column, row), name);
  };
  /** Opens an empty column (axis 0) or row (axis 1) at `index`: everything at or past it moves on by one. */
  const open = (axis: 0 | 1, index: number) => {
    cells.clear();
    for (const [name, position] of at) {
      if (position[axis] >= index) position[axis] += 1;
      cells.set(key(position[0], position[1]), name);
    }
  };
  const compassQueue = [root];
  const reached = [root];
  for (;;) {
    while (compassQueue.length > 0) {
      const here = compassQueue.shift() as string;
      for (const { to, vector } of links.get(here) ?? []) {
        if (!vector || at.has(to)) continue;
        const [column, row] = at.get(here) as [number, number];
        const free = [1, 2, 3].find(
          (distance) => !cells.has(key(column + vector[0] * distance, row + vector[1] * distance)),
        );
        if (free !== undefined) claim(to, column + vector[0] * free, row + vector[1] * free);
        else {
          // Open a column on the wanted side (or a row, for north and south) right next to `here`.
          const axis = vector[0] !== 0 ? 0 : 1;
          const step = vector[axis];
          open(axis, step > 0 ? (at.get(here)?.[axis] as number) + 1 : (at.get(here)?.[axis] as number));
          const [c, r] = at.get(here) as [number, number];
          claim(to, c + vector[0], r + vector[1]);
        }
        compassQueue.push(to);
        reached.push(to);
      }
    }
    // No compass move reaches further: attach one room by another move, at the nearest free cell.
    const next = reached.flatMap((name) =>
      (links.get(name) ?? [])
        .filter((candidate) => !at.has(candidate.to))
        .map((candidate) => [name, candidate.to] as const),
    )[0];
    if (!next) return at;
    const [from, to] = next;
    const [column, row] = at.get(from) as [number, number];
    claim(to, ...nearestFree(cells, column, row));
    compassQueue.push(to);
    reached.push(to);
  }
}

/** The nearest free cell around a cell, trying south-east first (where a map's "elsewhere" usually goes). */
function nearestFree(cells: ReadonlyMap<string, string>, column: number, row: number): [number, number] {
  const order: Array<[number, number]> = [
    [1, 1],
    [1, 0],
    [0, 1],
    [1, -1],
    [-1, 1],
    [0, -1],
    [-1, 0],
    [-1, -1],
  ];
  for (let radius = 1; ; radius++) {
    for (const [dx, dy] of order)
      if (!cells.has(`${column + dx * radius},${row + dy * radius}`)) return [column + dx * radius, row + dy * radius];
    for (let dx = -radius; dx <= radius; dx++) {
      for (let dy = -radius; dy <= radius; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) === radius && !cells.has(`${column + dx},${row + dy}`))
          return [column + dx, row + dy];
      }
    }
  }
}
