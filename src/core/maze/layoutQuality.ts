// Measurable quality of a drawn maze (issue 16): what makes a map mislead. An edge drawn through a
// third room reads as passing through it; overlapping labels or rooms cannot be read; an edge whose
// drawing contradicts its compass action ("north" drawn going east) teaches the wrong geography.
// Works on the layout geometry alone (boxes by their top-left corner, y down), so the same figures
// come from the CLI, the tests and the bench.
import type { MazeDirection } from './mazeView';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Point = [number, number];

interface QualityNode extends Box {
  id: string;
}

interface QualityEdge {
  src: string;
  dst: string;
  action: string;
  points: Point[];
  label: Box;
}

export interface LayoutQuality {
  rooms: number;
  edges: number;
  /** Edges whose polyline enters a room box other than its own two ends. */
  edgesThroughRooms: number;
  /** Pairs of edge labels whose boxes overlap. */
  labelLabelOverlaps: number;
  /** Pairs (label, room) that overlap. */
  labelRoomOverlaps: number;
  /** Pairs of rooms whose boxes overlap. */
  roomOverlaps: number;
  /** Compass-action edges (the eight compass moves) between two different rooms. */
  compassEdges: number;
  /** Of those, edges drawn within 45° of their action (src→dst centres, or the first segment), north up. */
  compassConsistent: number;
  /** compassConsistent / compassEdges (1 when there are none). */
  compassShare: number;
  /**
   * Of the compass edges, those whose destination room itself lies within 45° of the action from the
   * source room (centre to centre): stricter than compassConsistent, which also takes an edge that
   * leaves its room the right way. A layered drawing (ELK) leaves by the right side but may put the
   * room a layer further down; this tells the two apart.
   */
  compassByPosition: number;
  /** Pairs of edge segments that properly cross (edges sharing a room are counted too, away from it). */
  crossings: number;
}

const COMPASS: Partial<Record<MazeDirection, number>> = {
  // Angles in degrees, counter-clockwise from east, with north up (so y is negated below).
  east: 0,
  northeast: 45,
  north: 90,
  northwest: 135,
  west: 180,
  southwest: 225,
  south: 270,
  southeast: 315,
};

/** The compass angle of an action (north up), or null for any other action. */
export function compassAngle(action: string): number | null {
  return COMPASS[action as MazeDirection] ?? null;
}

// Boxes touching at an edge, or a polyline grazing a box border, do not count: only a real overlap does.
const TOLERANCE = 0.5;

export function boxesOverlap(a: Box, b: Box): boolean {
  return (
    a.x + a.width - TOLERANCE > b.x &&
    b.x + b.width - TOLERANCE > a.x &&
    a.y + a.height - TOLERANCE > b.y &&
    b.y + b.height - TOLERANCE > a.y
  );
}

/** Whether segment p→q enters the interior of box (shrunk by the tolerance): Liang–Barsky clipping. */
export function segmentEntersBox(p: Point, q: Point, box: Box): boolean {
  const minX = box.x + TOLERANCE;
  const minY = box.y + TOLERANCE;
  const maxX = box.x + box.width - TOLERANCE;
  const maxY = box.y + box.height - TOLERANCE;
  if (maxX <= minX || maxY <= minY) return false;
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  let t0 = 0;
  let t1 = 1;
  for (const [pp, qq] of [
    [-dx, p[0] - minX],
    [dx, maxX - p[0]],
    [-dy, p[1] - minY],
    [dy, maxY - p[1]],
  ]) {
    if (pp === 0) {
      if (qq <= 0) return false;
      continue;
    }
    const t = qq / pp;
    if (pp < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 >= t1) return false;
  }
  return t1 - t0 > 1e-9;
}

function angleDifference(a: number, b: number): number {
  const difference = Math.abs(a - b) % 360;
  return difference > 180 ? 360 - difference : difference;
}

function drawnAngle(from: Point, to: Point): number | null {
  const dx = to[0] - from[0];
  const dy = from[1] - to[1];
  if (Math.hypot(dx, dy) < 1e-6) return null;
  return (Math.atan2(dy, dx) * 180) / Math.PI;
}

function centre(box: Box): Point {
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** Whether segments ab and cd cross at a single interior point of both. */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const orient = (p: Point, q: Point, r: Point) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  const eps = 1e-7;
  return ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps));
}

interface Segment {
  edge: number;
  a: Point;
  b: Point;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** All the figures for one layout. Rooms missing from `nodes` make their edges count as through-room free but are reported by the caller. */
export function layoutQuality(nodes: readonly QualityNode[], edges: readonly QualityEdge[]): LayoutQuality {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let edgesThroughRooms = 0;
  let compassEdges = 0;
  let compassConsistent = 0;
  let compassByPosition = 0;
  for (const edge of edges) {
    const through = nodes.some(
      (node) =>
        node.id !== edge.src &&
        node.id !== edge.dst &&
        edge.points.some((point, index) => index > 0 && segmentEntersBox(edge.points[index - 1], point, node)),
    );
    if (through) edgesThroughRooms++;
    const wanted = compassAngle(edge.action);
    const from = byId.get(edge.src);
    const to = byId.get(edge.dst);
    if (wanted === null || !from || !to || edge.src === edge.dst) continue;
    compassEdges++;
    const centres = drawnAngle(centre(from), centre(to));
    const first = edge.points.length >= 2 ? drawnAngle(edge.points[0], edge.points[1]) : null;
    const within = (angle: number | null) => angle !== null && angleDifference(angle, wanted) <= 45 + 1e-6;
    if (within(centres) || within(first)) compassConsistent++;
    if (within(centres)) compassByPosition++;
  }
  let labelLabelOverlaps = 0;
  for (let i = 0; i < edges.length; i++)
    for (let j = i + 1; j < edges.length; j++) if (boxesOverlap(edges[i].label, edges[j].label)) labelLabelOverlaps++;
  let labelRoomOverlaps = 0;
  for (const edge of edges) for (const node of nodes) if (boxesOverlap(edge.label, node)) labelRoomOverlaps++;
  let roomOverlaps = 0;
  for (let i = 0; i < nodes.length; i++)
    for (let j = i + 1; j < nodes.length; j++) if (boxesOverlap(nodes[i], nodes[j])) roomOverlaps++;
  return {
    rooms: nodes.length,
    edges: edges.length,
    edgesThroughRooms,
    labelLabelOverlaps,
    labelRoomOverlaps,
    roomOverlaps,
    compassEdges,
    compassConsistent,
    compassShare: compassEdges === 0 ? 1 : compassConsistent / compassEdges,
    compassByPosition,
    crossings: countCrossings(edges.map((edge) => edge.points)),
  };
}

/** Pairs of segments of different polylines that properly cross. */
export function countCrossings(polylines: readonly (readonly Point[])[]): number {
  const segments: Segment[] = [];
  polylines.forEach((points, index) => {
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1];
      const b = points[k];
      segments.push({
        edge: index,
        a,
        b,
        minX: Math.min(a[0], b[0]),
        maxX: Math.max(a[0], b[0]),
        minY: Math.min(a[1], b[1]),
        maxY: Math.max(a[1], b[1]),
      });
    }
  });
  // Sweep along x so only segments whose x ranges meet are compared.
  segments.sort((s, t) => s.minX - t.minX);
  let crossings = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    for (let j = i + 1; j < segments.length && segments[j].minX <= s.maxX; j++) {
      const t = segments[j];
      if (t.edge === s.edge || t.minY > s.maxY || t.maxY < s.minY) continue;
      if (segmentsCross(s.a, s.b, t.a, t.b)) crossings++;
    }
  }
  return crossings;
}
