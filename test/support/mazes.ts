// Generated text-adventure-like mazes: rooms on a grid joined by compass moves (a random spanning
// tree plus a few loops), mostly two-way, with some up/down and one-way special moves.
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const MOVES = [
  ['north', 'south', 0, -1],
  ['east', 'west', 1, 0],
  ['northeast', 'southwest', 1, -1],
  ['southeast', 'northwest', 1, 1],
] as const;

/** About `edgeTarget` directed edges between `rooms` rooms, reproducible from `seed`. */
export function generatedMaze(rooms: number, edgeTarget: number, seed: number): EdgeRecord[] {
  const next = random(seed);
  const side = Math.ceil(Math.sqrt(rooms * 1.6));
  const cells = new Map<string, string>();
  const coords: Array<[number, number]> = [[0, 0]];
  cells.set('0,0', 'room 0');
  const edges: EdgeRecord[] = [];
  let step = 1;
  const add = (src: string, action: string, dst: string) => {
    edges.push({
      src_node: src,
      dst_node: dst,
      action,
      seen_in_forward: step,
      seen_in_reversed: 9999,
      edge_min_step: step,
      seen_in_forward_answerable: step,
      seen_in_reversed_answerable: 9999,
      edge_min_step_answerable: step,
    });
    step++;
  };
  // Grow a tree outward from room 0 over free grid cells.
  while (coords.length < rooms) {
    const [x, y] = coords[Math.floor(next() * coords.length)];
    const [forward, backward, dx, dy] = MOVES[Math.floor(next() * MOVES.length)];
    const sign = next() < 0.5 ? 1 : -1;
    const nx = x + dx * sign;
    const ny = y + dy * sign;
    if (Math.abs(nx) > side || Math.abs(ny) > side || cells.has(`${nx},${ny}`)) continue;
    const from = cells.get(`${x},${y}`) as string;
    const to = `room ${coords.length}`;
    cells.set(`${nx},${ny}`, to);
    coords.push([nx, ny]);
    const [go, back] = sign > 0 ? [forward, backward] : [backward, forward];
    add(from, go, to);
    if (next() < 0.9) add(to, back, from);
  }
  // Loops between grid neighbours, and a few vertical and special one-way moves.
  let attempts = 0;
  while (edges.length < edgeTarget && attempts++ < edgeTarget * 50) {
    const [x, y] = coords[Math.floor(next() * coords.length)];
    const [forward, backward, dx, dy] = MOVES[Math.floor(next() * MOVES.length)];
    const other = cells.get(`${x + dx},${y + dy}`);
    const here = cells.get(`${x},${y}`) as string;
    if (!other || edges.some((edge) => edge.src_node === here && edge.dst_node === other)) continue;
    const special = next();
    if (special < 0.08) add(here, 'up', other);
    else if (special < 0.12) add(here, `enter door ${edges.length}`, other);
    else {
      add(here, forward, other);
      if (edges.length < edgeTarget) add(other, backward, here);
    }
  }
  return edges;
}
