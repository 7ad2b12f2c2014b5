// Maze layout: a compass embedding seeds the positions (north up, east right, up/down on the
// diagonal, like a hand-drawn map), then ELK's stress layout, in a web worker, relaxes them so
// nodes do not overlap and edge lengths even out while the compass orientation survives.
import ELK from 'elkjs/lib/elk-api.js';
import type { MazeDirection, MazeGraph } from '../../src/protocol/maze';

export interface PlacedNode {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Layout {
  nodes: Map<string, PlacedNode>;
  width: number;
  height: number;
  /** Time to lay this graph out: the seed and ELK's run. */
  milliseconds: number;
  /** Time spent waiting for the ELK worker to start (load, compile, warm up): 0 once it runs. */
  engineStartMs: number;
}

const CELL = 190;
const NODE_HEIGHT = 30;
const CHARACTER_WIDTH = 7.2;

const VECTORS: Record<MazeDirection, readonly [number, number]> = {
  north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0],
  northeast: [1, -1], northwest: [-1, -1], southeast: [1, 1], southwest: [-1, 1],
  up: [0.5, -1], down: [-0.5, 1],
};

export function nodeWidth(name: string): number {
  return Math.max(70, Math.round(name.length * CHARACTER_WIDTH + 24));
}

/** Grid positions from directions: breadth-first from the start, moving one cell per compass step. */
export function compassSeed(graph: MazeGraph): Map<string, [number, number]> {
  const positions = new Map<string, [number, number]>();
  const taken = new Set<string>();
  const cellKey = (x: number, y: number) => `${Math.round(x * 2)},${Math.round(y * 2)}`;
  const claim = (name: string, x: number, y: number) => {
    // Spiral out from the wanted cell to the nearest free one.
    for (let radius = 0; radius < 50; radius++) {
      for (let dx = -radius; dx <= radius; dx++) {
        for (let dy = -radius; dy <= radius; dy++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== radius) continue;
          if (!taken.has(cellKey(x + dx, y + dy))) {
            taken.add(cellKey(x + dx, y + dy));
            positions.set(name, [x + dx, y + dy]);
            return;
          }
        }
      }
    }
  };
  const outgoing = new Map<string, MazeGraph['edges']>();
  for (const edge of graph.edges) {
    outgoing.set(edge.src, [...(outgoing.get(edge.src) ?? []), edge]);
    // Walking an edge backwards with the opposite vector places rooms only reachable as sources.
    outgoing.set(edge.dst, [...(outgoing.get(edge.dst) ?? []), { ...edge, src: edge.dst, dst: edge.src, direction: edge.direction, action: `reverse:${edge.action}` }]);
  }
  let componentOffset = 0;
  const order = graph.start ? [graph.start, ...graph.nodes.map((node) => node.name)] : graph.nodes.map((node) => node.name);
  for (const root of order) {
    if (positions.has(root)) continue;
    claim(root, componentOffset, 0);
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const here = queue[head];
      const [x, y] = positions.get(here) as [number, number];
      for (const edge of outgoing.get(here) ?? []) {
        if (positions.has(edge.dst)) continue;
        // A compass move walked backwards goes the opposite way; a move with no direction (enter
        // car, row to island) says nothing about it, so its far end goes east-south-east either way.
        const sign = edge.direction && edge.action.startsWith('reverse:') ? -1 : 1;
        const [vx, vy] = edge.direction ? VECTORS[edge.direction] : [1, 0.5];
        claim(edge.dst, x + sign * vx, y + sign * vy);
        queue.push(edge.dst);
      }
    }
    const xs = [...positions.values()].map(([px]) => px);
    componentOffset = Math.max(...xs) + 2;
  }
  return positions;
}

interface Positioned {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

/**
 * Stress layout keeps distances, not orientation: it may hand back the map rotated or mirrored.
 * Rotate (and if that fits better, mirror) the result onto the compass seed, by least squares.
 */
function orientLike(children: Positioned[], seed: Map<string, [number, number]>): void {
  const points = children.filter((child) => seed.has(child.id)).map((child) => ({
    child,
    p: [(child.x ?? 0) + (child.width ?? 0) / 2, (child.y ?? 0) + (child.height ?? 0) / 2] as [number, number],
    s: (seed.get(child.id) as [number, number]).map((value) => value * CELL) as [number, number],
  }));
  if (points.length < 2) return;
  const mean = (pick: (point: (typeof points)[number]) => number) => points.reduce((sum, point) => sum + pick(point), 0) / points.length;
  const [px, py, sx, sy] = [mean((q) => q.p[0]), mean((q) => q.p[1]), mean((q) => q.s[0]), mean((q) => q.s[1])];
  const fit = (mirror: boolean) => {
    let dot = 0;
    let cross = 0;
    for (const { p, s } of points) {
      const x = p[0] - px;
      const y = (p[1] - py) * (mirror ? -1 : 1);
      dot += x * (s[0] - sx) + y * (s[1] - sy);
      cross += x * (s[1] - sy) - y * (s[0] - sx);
    }
    return { angle: Math.atan2(cross, dot), score: Math.hypot(dot, cross), mirror };
  };
  const best = [fit(false), fit(true)].sort((a, b) => b.score - a.score)[0];
  const cos = Math.cos(best.angle);
  const sin = Math.sin(best.angle);
  for (const { child, p } of points) {
    const x = p[0] - px;
    const y = (p[1] - py) * (best.mirror ? -1 : 1);
    child.x = x * cos - y * sin - (child.width ?? 0) / 2;
    child.y = x * sin + y * cos - (child.height ?? 0) / 2;
  }
}

let elk: Promise<InstanceType<typeof ELK>> | null = null;

/** Starts the ELK worker from a script URL (fetched into a blob, as webviews require); once. */
export function elkFor(workerUrl: string): Promise<InstanceType<typeof ELK>> {
  elk ??= fetch(workerUrl)
    .then((response) => response.text())
    .then((source) => {
      const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      const engine = new ELK({ workerFactory: () => new Worker(blobUrl) });
      // A small overlap-removal layout makes the worker compile ELK, and the SPOrE code path the
      // real layout takes, now rather than on the first real graph.
      const warmUp = Array.from({ length: 12 }, (_, index) => ({ id: `n${index}`, x: (index % 4) * 20, y: Math.floor(index / 4) * 10, width: 60, height: 20 }));
      // Resolved only when the warm-up is done, so a layout's own time is measurable apart from it.
      return engine.layout({ id: 'warm-up', layoutOptions: { 'elk.algorithm': 'sporeOverlap' }, children: warmUp }).then(() => engine);
    });
  return elk;
}

const RELAX_ROUNDS = 60;

/**
 * Evens out the breadth-first seed: each room moves to where its compass moves say it should be,
 * averaged over all of them (least squares by Jacobi rounds), so one odd passage bends the map a
 * little instead of throwing a room into another's place. Non-compass moves only ask for distance.
 */
export function relaxSeed(graph: MazeGraph, seed: Map<string, [number, number]>): Map<string, [number, number]> {
  let positions = new Map([...seed].map(([name, [x, y]]) => [name, [x, y] as [number, number]]));
  const anchor = graph.start ?? graph.nodes[0]?.name;
  for (let round = 0; round < RELAX_ROUNDS; round++) {
    const sums = new Map<string, [number, number, number]>();
    const pull = (name: string, x: number, y: number, weight: number) => {
      const sum = sums.get(name) ?? [0, 0, 0];
      sums.set(name, [sum[0] + x * weight, sum[1] + y * weight, sum[2] + weight]);
    };
    for (const edge of graph.edges) {
      const from = positions.get(edge.src);
      const to = positions.get(edge.dst);
      if (!from || !to || edge.src === edge.dst) continue;
      let [vx, vy] = edge.direction ? VECTORS[edge.direction] : [to[0] - from[0], to[1] - from[1]];
      const weight = edge.direction ? 1 : 0.3;
      if (!edge.direction) {
        const length = Math.hypot(vx, vy) || 1;
        vx /= length;
        vy /= length;
      }
      pull(edge.dst, from[0] + vx, from[1] + vy, weight);
      pull(edge.src, to[0] - vx, to[1] - vy, weight);
    }
    const next = new Map<string, [number, number]>();
    for (const [name, position] of positions) {
      const sum = sums.get(name);
      // Half a step towards the target keeps the rounds from oscillating.
      next.set(name, name === anchor || !sum ? position : [(position[0] + sum[0] / sum[2]) / 2, (position[1] + sum[1] / sum[2]) / 2]);
    }
    positions = next;
  }
  return positions;
}

/** Lays the graph out; positions are node centres. */
export async function layoutMaze(graph: MazeGraph, workerUrl: string): Promise<Layout> {
  const started = performance.now();
  const seed = relaxSeed(graph, compassSeed(graph));
  const waitStarted = performance.now();
  const engine = await elkFor(workerUrl);
  const engineStartMs = performance.now() - waitStarted;
  // No edges go to ELK: SPOrE overlap removal only moves nodes (its spanning tree comes from node
  // proximity, not from the graph's edges), and sending 500 edges costs a third of its time.
  const result = await engine.layout({
    id: 'maze',
    layoutOptions: {
      // SPOrE keeps the seeded positions and only pushes overlapping rooms apart, so the compass
      // orientation of the seed survives (stress layouts rotate and fold it).
      'elk.algorithm': 'sporeOverlap',
      'elk.spacing.nodeNode': '36',
    },
    children: graph.nodes.map((node) => {
      const [x, y] = seed.get(node.name) ?? [0, 0];
      return { id: node.name, x: x * CELL, y: y * CELL, width: nodeWidth(node.name), height: NODE_HEIGHT };
    }),
  });
  orientLike(result.children ?? [], seed);
  const nodes = new Map<string, PlacedNode>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const child of result.children ?? []) {
    const width = child.width ?? 80;
    const height = child.height ?? NODE_HEIGHT;
    const x = (child.x ?? 0) + width / 2;
    const y = (child.y ?? 0) + height / 2;
    nodes.set(child.id, { name: child.id, x, y, width, height });
    minX = Math.min(minX, x - width / 2);
    minY = Math.min(minY, y - height / 2);
    maxX = Math.max(maxX, x + width / 2);
    maxY = Math.max(maxY, y + height / 2);
  }
  // Normalise to a margin around the origin so the SVG's viewBox starts at 0.
  const margin = 60;
  for (const node of nodes.values()) {
    node.x += margin - minX;
    node.y += margin - minY;
  }
  const width = nodes.size ? maxX - minX + 2 * margin : 2 * margin;
  const height = nodes.size ? maxY - minY + 2 * margin : 2 * margin;
  return { nodes, width, height, milliseconds: performance.now() - started - engineStartMs, engineStartMs };
}
