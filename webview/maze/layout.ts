// The maze view's layout: core's grid layout (src/core/mango/mazeLayout.ts), the same code
// `waypoint mango layout` runs in Node, so what the CLI measures is what the view draws. Here rooms
// are first sized to their names as drawn (roomLabels.ts), then the result is converted to the
// view's shape (room centres, edge geometry by edge id).
import { layoutMaze as computeLayout, type LayoutEdge } from '../../src/core/mango/mazeLayout';
import type { MazeGraph } from '../../src/protocol/maze';
import { type RoomLabel, roomLabels, textMeasurer } from './roomLabels';

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
  /** Each room's name as drawn (its lines) and its box size, which the layout used. */
  labels: Map<string, RoomLabel>;
  width: number;
  height: number;
  /** Time to lay this graph out. */
  milliseconds: number;
}

/** Lays the graph out; node positions are centres. Synchronous: 500 rooms take tens of milliseconds. */
export function layoutMaze(graph: MazeGraph): Layout {
  const started = performance.now();
  const layout = layoutWithLabels(graph, textMeasurer());
  return { ...layout, milliseconds: performance.now() - started };
}

/** The layout with room names measured by `measure` (layout units), without the clock: testable in Node. */
export function layoutWithLabels(graph: MazeGraph, measure: (text: string) => number): Layout {
  // Edge ends too: core places a room an edge names even when the location list lacks it.
  const labels = roomLabels([...graph.nodes.map((node) => node.name), ...graph.edges.flatMap((edge) => [edge.src, edge.dst])], measure);
  const computed = computeLayout(graph, { roomSize: (name) => labels.get(name) as RoomLabel });
  const nodes = new Map<string, PlacedNode>();
  for (const node of computed.nodes) nodes.set(node.id, { name: node.id, x: node.x + node.width / 2, y: node.y + node.height / 2, width: node.width, height: node.height });
  const edges = new Map(computed.edges.map((edge) => [edge.id, edge]));
  return { nodes, edges, labels, width: computed.width, height: computed.height, milliseconds: 0 };
}
