// A maze drawn for its panel: a layout much wider than the panel (a compass map of nine columns and
// four rows beside an editor) fits by its width and leaves most of the panel's height empty, with
// rooms too close together for their names. Here the empty gaps between rows of rooms (or columns,
// for a tall layout in a wide panel) are stretched until the drawing has the panel's shape, within a
// bound. Works on any layout engine's output: the map is a monotone stretch of one axis that keeps
// every room's own extent (slope 1 across rooms, more only in the gaps between them), so rooms keep
// their size and order, nothing new overlaps, edge ends stay on their rooms' borders, and straight
// horizontal and vertical segments stay straight.
import type { LayoutEdge } from '../../src/core/mango/mazeLayout';
import type { Layout, PlacedNode } from './layout';

/** Gaps between rooms grow at most this much: further stretched, a map is mostly long corridors. */
const MAX_GAP_STRETCH = 3;

type Axis = 'x' | 'y';

/** A monotone map of one coordinate: slope 1 inside the rooms' extents, `slope` in the gaps between them. */
function axisMap(spans: Array<[number, number]>, wanted: number, current: number): ((value: number) => number) | null {
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const gaps = merged.slice(1).map(([start], index): [number, number] => [merged[index][1], start]);
  const gapTotal = gaps.reduce((sum, [start, end]) => sum + end - start, 0);
  if (gapTotal <= 0 || wanted <= current) return null;
  const slope = Math.min(MAX_GAP_STRETCH, 1 + (wanted - current) / gapTotal);
  if (slope <= 1.01) return null;
  return (value) => {
    let shifted = value;
    for (const [start, end] of gaps) shifted += (slope - 1) * Math.min(Math.max(value - start, 0), end - start);
    return shifted;
  };
}

/**
 * `layout` stretched towards the panel's shape (`aspect`: panel width / height). A layout already
 * the panel's shape, or with no gap between its rooms on the axis to stretch, is returned as it is.
 */
export function stretchToPanel(layout: Layout, aspect: number): Layout {
  if (!(aspect > 0) || layout.nodes.size < 2) return layout;
  const drawnAspect = layout.width / layout.height;
  const axis: Axis = drawnAspect > aspect ? 'y' : 'x';
  const size = axis === 'y' ? 'height' : 'width';
  const wanted = axis === 'y' ? layout.width / aspect : layout.height * aspect;
  const spans = [...layout.nodes.values()].map((node): [number, number] => [node[axis] - node[size] / 2, node[axis] + node[size] / 2]);
  const map = axisMap(spans, wanted, layout[size]);
  if (!map) return layout;
  const point = ([x, y]: readonly [number, number]): [number, number] => (axis === 'y' ? [x, map(y)] : [map(x), y]);
  const nodes = new Map<string, PlacedNode>();
  // A room moves as a whole: its near border goes where the map puts it, the rest follows.
  for (const [name, node] of layout.nodes) nodes.set(name, { ...node, [axis]: map(node[axis] - node[size] / 2) + node[size] / 2 });
  const edges = new Map<string, LayoutEdge>();
  for (const [id, edge] of layout.edges) {
    const label = edge.label;
    const centre = point([label.x + label.width / 2, label.y + label.height / 2]);
    edges.set(id, { ...edge, points: edge.points.map(point), label: { ...label, x: centre[0] - label.width / 2, y: centre[1] - label.height / 2 } });
  }
  return { ...layout, nodes, edges, [size]: map(layout[size]) };
}
