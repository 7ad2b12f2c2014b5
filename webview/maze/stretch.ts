// A maze drawn for its panel: a layout much wider than the panel (a compass map of nine columns and
// four rows beside an editor) fits by its width and leaves most of the panel's height empty, with
// rooms too close together for their names. Here the empty gaps between rows of rooms (or columns,
// for a tall layout in a wide panel) are stretched until the drawing has the panel's shape, within a
// bound. Works on any layout engine's output: the map is a monotone stretch of one axis that keeps
// every room's own extent (slope 1 across rooms, more only in the gaps between them), so rooms keep
// their size and order, nothing new overlaps, edge ends stay on their rooms' borders, and straight
// horizontal and vertical segments stay straight. A compass move drawn its way stays so: an east
// move between rooms a row apart turns steeper as rows part, and the stretch stops before it would
// be drawn more than 45° off east.
import { compassAngle } from '../../src/core/maze/layoutQuality';
import type { LayoutEdge } from '../../src/core/maze/mazeLayout';
import type { Layout, PlacedNode } from './layout';

/** Gaps between rooms grow at most this much: further stretched, a map is mostly long corridors. */
const MAX_GAP_STRETCH = 3;

type Axis = 'x' | 'y';
type Point = readonly [number, number];

/** The interior gaps between the rooms' extents on one axis (merged where rooms overlap on it). */
function gapsBetween(spans: Array<[number, number]>): Array<[number, number]> {
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.slice(1).map(([start], index): [number, number] => [merged[index][1], start]);
}

/** A monotone map of one coordinate: slope 1 outside the gaps, `slope` inside them. */
function stretchMap(gaps: ReadonlyArray<[number, number]>, slope: number): (value: number) => number {
  return (value) => {
    let shifted = value;
    for (const [start, end] of gaps) shifted += (slope - 1) * Math.min(Math.max(value - start, 0), end - start);
    return shifted;
  };
}

function withinCompass(from: Point, to: Point, wanted: number): boolean {
  const dx = to[0] - from[0];
  const dy = from[1] - to[1];
  if (Math.hypot(dx, dy) < 1e-6) return false;
  const difference = Math.abs((Math.atan2(dy, dx) * 180) / Math.PI - wanted) % 360;
  return Math.min(difference, 360 - difference) <= 45 + 1e-6;
}

/**
 * The compass moves drawn their way (as layoutQuality counts them: room centre to room centre, or
 * the first segment, within 45°), with the axis mapped by `map`.
 */
function compassKept(layout: Layout, axis: Axis, map: (value: number) => number): Set<string> {
  const size = axis === 'y' ? 'height' : 'width';
  const point = ([x, y]: Point): Point => (axis === 'y' ? [x, map(y)] : [map(x), y]);
  const centre = (node: PlacedNode): Point => {
    const moved = map(node[axis] - node[size] / 2) + node[size] / 2;
    return axis === 'y' ? [node.x, moved] : [moved, node.y];
  };
  const kept = new Set<string>();
  for (const [id, edge] of layout.edges) {
    const wanted = compassAngle(edge.action);
    const from = layout.nodes.get(edge.src);
    const to = layout.nodes.get(edge.dst);
    if (wanted === null || !from || !to || edge.src === edge.dst) continue;
    const first = edge.points.length >= 2 && withinCompass(point(edge.points[0]), point(edge.points[1]), wanted);
    if (first || withinCompass(centre(from), centre(to), wanted)) kept.add(id);
  }
  return kept;
}

/**
 * `layout` stretched towards the panel's shape (`aspect`: panel width / height). A layout already
 * the panel's shape, or with no gap between its rooms on the axis to stretch, is returned as it is.
 */
export function stretchToPanel(layout: Layout, aspect: number): Layout {
  if (!(aspect > 0) || layout.nodes.size < 2) return layout;
  const axis: Axis = layout.width / layout.height > aspect ? 'y' : 'x';
  const size = axis === 'y' ? 'height' : 'width';
  const wanted = axis === 'y' ? layout.width / aspect : layout.height * aspect;
  const gaps = gapsBetween(
    [...layout.nodes.values()].map((node): [number, number] => [
      node[axis] - node[size] / 2,
      node[axis] + node[size] / 2,
    ]),
  );
  const gapTotal = gaps.reduce((sum, [start, end]) => sum + end - start, 0);
  if (gapTotal <= 0 || wanted <= layout[size]) return layout;
  let slope = Math.min(MAX_GAP_STRETCH, 1 + (wanted - layout[size]) / gapTotal);
  const before = compassKept(layout, axis, (value) => value);
  const keeps = (candidate: number) => {
    const after = compassKept(layout, axis, stretchMap(gaps, candidate));
    return [...before].every((id) => after.has(id));
  };
  if (!keeps(slope)) {
    // Each move's angle changes one way as the gaps grow: the largest slope that keeps them all, by bisection.
    let [low, high] = [1, slope];
    for (let step = 0; step < 20; step++) {
      const middle = (low + high) / 2;
      if (keeps(middle)) low = middle;
      else high = middle;
    }
    slope = low;
  }
  if (slope <= 1.01) return layout;
  const map = stretchMap(gaps, slope);
  const point = ([x, y]: Point): [number, number] => (axis === 'y' ? [x, map(y)] : [map(x), y]);
  const nodes = new Map<string, PlacedNode>();
  // A room moves as a whole: its near border goes where the map puts it, the rest follows.
  for (const [name, node] of layout.nodes)
    nodes.set(name, { ...node, [axis]: map(node[axis] - node[size] / 2) + node[size] / 2 });
  const edges = new Map<string, LayoutEdge>();
  for (const [id, edge] of layout.edges) {
    const label = edge.label;
    const centre = point([label.x + label.width / 2, label.y + label.height / 2]);
    edges.set(id, {
      ...edge,
      points: edge.points.map(point),
      label: { ...label, x: centre[0] - label.width / 2, y: centre[1] - label.height / 2 },
    });
  }
  return { ...layout, nodes, edges, [size]: map(layout[size]) };
}
