// The maze view's layout: core's grid layout (src/core/mango/mazeLayout.ts), the same code
// `waypoint mango layout` runs in Node, so what the CLI measures is what the view draws. Here it is
// only converted to the view's shape (room centres, edge geometry by edge id).
import ELK from 'elkjs/lib/elk-api.js';
import { layoutMaze as computeLayout, type LayoutEdge } from '../../src/core/mango/mazeLayout';
import type { MazeGraph } from '../../src/protocol/maze';

export interface PlacedNode {
  name: string;
  /** The box's centre. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Layout {
  nodes: Map<string, PlacedNode>;
  /** Each edge's drawn polyline and label box, by edge id. */
  edges: Map<string, LayoutEdge>;
  width: number;
  height: number;
  /** Time to lay this graph out. */
  milliseconds: number;
  /** Time spent waiting for a layout engine to start: 0, the grid layout needs none. */
  engineStartMs: number;
}

let elk: Promise<InstanceType<typeof ELK>> | null = null;

/**
 * Starts the ELK worker from a script URL (fetched into a blob, as webviews require); once. The
 * layout no longer uses ELK (its routing cannot keep edges off fixed room positions); main.ts
 * still preloads it, so it stays until that preload goes.
 */
export function elkFor(workerUrl: string): Promise<InstanceType<typeof ELK>> {
  elk ??= fetch(workerUrl)
    .then((response) => response.text())
    .then((source) => {
      const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      return new ELK({ workerFactory: () => new Worker(blobUrl) });
    });
  return elk;
}

/** Lays the graph out; node positions are centres. Async for the callers written for a worker. */
export async function layoutMaze(graph: MazeGraph, _workerUrl: string): Promise<Layout> {
  const started = performance.now();
  const computed = computeLayout(graph);
  const nodes = new Map<string, PlacedNode>();
  for (const node of computed.nodes) nodes.set(node.id, { name: node.id, x: node.x + node.width / 2, y: node.y + node.height / 2, width: node.width, height: node.height });
  const edges = new Map(computed.edges.map((edge) => [edge.id, edge]));
  return { nodes, edges, width: computed.width, height: computed.height, milliseconds: performance.now() - started, engineStartMs: 0 };
}
