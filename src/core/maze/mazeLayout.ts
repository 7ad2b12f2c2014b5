// The maze view's layout, pure and DOM-free: the webview draws it and `waypoint mango layout` prints
// it. Rooms sit on a grid of cells (mazePlacement.ts); columns are as wide as their widest room and
// empty gutters run between all columns and rows. Edges run only through their own two cells and
// the gutters, which hold no room, so no edge can pass through a third room: neighbours in a row or
// column are joined straight, diagonal neighbours through the gutter crossing at their shared
// corner, anything else along gutter lines. Labels go on the first free spot along their edge,
// nearest its source end (so "north" and "south" of one corridor each sit by the room they leave).
import { type Box, boxesOverlap, compassAngle, countCrossings, type Point } from './layoutQuality';
import { improvePlacement, type PlacementScorer } from './placementSearch';
import { placeRooms } from './mazePlacement';
import type { MazeGraph } from './mazeView';

export interface LayoutNode extends Box {
  id: string;
}

export interface LayoutEdge {
  id: string;
  src: string;
  action: string;
  dst: string;
  explicit: boolean;
  /** The drawn polyline, from the src box's border to the dst box's border. */
  points: Point[];
  label: Box;
}

export interface MazeLayout {
  /** Boxes by their top-left corner, y down. */
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  width: number;
  height: number;
}

export const NODE_HEIGHT = 30;
const CHARACTER_WIDTH = 7.2;
/** Edge labels: 10.5 px text (media/webview.css) with a halo. */
const LABEL_CHARACTER_WIDTH = 6.3;
const LABEL_HEIGHT = 14;
const GUTTER_X = 110;
const GUTTER_Y = 64;
const MARGIN = 40;
const LANE = 7;

export function nodeWidth(name: string): number {
  return Math.max(70, Math.round(name.length * CHARACTER_WIDTH + 24));
}

/** A room's box size: measured by the caller that draws it (the webview), else estimated from the name. */
type RoomSize = (name: string) => { width: number; height: number };

const estimatedSize: RoomSize = (name) => ({ width: nodeWidth(name), height: NODE_HEIGHT });

export function labelSize(action: string): { width: number; height: number } {
  return { width: Math.round(action.length * LABEL_CHARACTER_WIDTH + 8), height: LABEL_HEIGHT };
}

interface Grid {
  columnX: number[];
  columnWidth: number[];
  rowY: number[];
  /** Each row as tall as its tallest room (a name wrapped onto two lines makes a taller box). */
  rowHeight: number[];
  cells: Map<string, string>;
}

/**
 * Lays the maze out. Deterministic: the same graph gives the same geometry. `searchPlacement: false`
 * keeps the greedy placement (what the tests compare the search against). `roomSize` gives each
 * room's box as drawn (the view measures its names); without it, sizes are estimated from the names.
 */
export function layoutMaze(
  graph: MazeGraph,
  options: { searchPlacement?: boolean; roomSize?: RoomSize } = {},
): MazeLayout {
  const size = memoised(options.roomSize ?? estimatedSize);
  const greedy = placeRooms(graph);
  const cellOf =
    options.searchPlacement === false ? greedy : improvePlacement(graph, greedy, (part) => placementScorer(part, size));
  const lanes = laneOffsets(graph);
  const placed = placeBoxes(cellOf, size);
  const routed = routeEdges(graph, cellOf, placed, lanes);
  const placer = new LabelPlacer([...placed.boxes.values()]);
  const edges: LayoutEdge[] = routed.map(({ edge, points }) => ({
    id: edge.id,
    src: edge.src,
    action: edge.action,
    dst: edge.dst,
    explicit: edge.explicit,
    points,
    label: placer.place(points, labelSize(edge.action), lanes.get(edge.id) ?? 0),
  }));
  const nodes = [...placed.boxes.values()];
  const all = [...nodes, ...edges.map((edge) => edge.label)];
  const width = Math.max(placed.right + MARGIN - GUTTER_X / 2, ...all.map((box) => box.x + box.width + MARGIN));
  const height = Math.max(placed.bottom + MARGIN - GUTTER_Y / 2, ...all.map((box) => box.y + box.height + MARGIN));
  return { nodes, edges, width, height };
}

/** The placement search sizes every room thousands of times: measure each name once. */
function memoised(size: RoomSize): RoomSize {
  const known = new Map<string, { width: number; height: number }>();
  return (name) => {
    let found = known.get(name);
    if (!found) {
      found = size(name);
      known.set(name, found);
    }
    return found;
  };
}

/** Rooms' boxes for one placement: columns as wide as their widest room, rows as tall as their tallest, gutters between all. */
function placeBoxes(cellOf: ReadonlyMap<string, [number, number]>, size: RoomSize) {
  let columns = 0;
  let rows = 0;
  for (const [column, row] of cellOf.values()) {
    columns = Math.max(columns, column + 1);
    rows = Math.max(rows, row + 1);
  }
  const columnWidth = Array.from({ length: columns }, () => 70);
  const rowHeight = Array.from({ length: rows }, () => NODE_HEIGHT);
  for (const [name, [column, row]] of cellOf) {
    const { width, height } = size(name);
    columnWidth[column] = Math.max(columnWidth[column], width);
    rowHeight[row] = Math.max(rowHeight[row], height);
  }
  const columnX: number[] = [];
  let x = MARGIN + GUTTER_X / 2;
  for (let column = 0; column < columns; column++) {
    columnX.push(x);
    x += columnWidth[column] + GUTTER_X;
  }
  const rowY: number[] = [];
  let y = MARGIN + GUTTER_Y / 2;
  for (let row = 0; row < rows; row++) {
    rowY.push(y);
    y += rowHeight[row] + GUTTER_Y;
  }
  const grid: Grid = {
    columnX,
    columnWidth,
    rowY,
    rowHeight,
    cells: new Map([...cellOf].map(([name, [column, row]]) => [`${column},${row}`, name])),
  };
  const boxes = new Map<string, LayoutNode>();
  for (const [name, [column, row]] of cellOf) {
    const { width, height } = size(name);
    // Centred in its cell, so rooms of one row share a centre line and a straight edge joins them.
    boxes.set(name, {
      id: name,
      x: columnX[column] + (columnWidth[column] - width) / 2,
      y: rowY[row] + (rowHeight[row] - height) / 2,
      width,
      height,
    });
  }
  return { grid, boxes, right: x, bottom: y };
}

function routeEdges(
  graph: MazeGraph,
  cellOf: ReadonlyMap<string, [number, number]>,
  placed: ReturnType<typeof placeBoxes>,
  lanes: ReadonlyMap<string, number>,
) {
  return graph.edges
    .filter((edge) => placed.boxes.has(edge.src) && placed.boxes.has(edge.dst))
    .map((edge) => ({
      edge,
      points: route(placed.grid, cellOf, placed.boxes, edge.src, edge.dst, lanes.get(edge.id) ?? 0),
    }));
}

/**
 * What the placement search minimises, most important first: compass moves drawn more than 45° off
 * their direction (a map must not lie about directions), edge crossings, then total drawn edge
 * length (a compact map over a sprawling one). A placement already worse on compass than the bound
 * is not routed at all: most candidate moves break a compass move, and routing is the cost.
 */
function placementScorer(graph: MazeGraph, size: RoomSize): PlacementScorer {
  const lanes = laneOffsets(graph);
  const compassMoves = graph.edges.flatMap((edge) => {
    const wanted = compassAngle(edge.action);
    return wanted === null || edge.src === edge.dst ? [] : [{ edge, wanted }];
  });
  return (cellOf, bound) => {
    const placed = placeBoxes(cellOf, size);
    let compassMisses = 0;
    for (const { edge, wanted } of compassMoves) {
      const a = placed.boxes.get(edge.src);
      const b = placed.boxes.get(edge.dst);
      if (!a || !b) continue;
      const drawn =
        (Math.atan2(a.y + a.height / 2 - (b.y + b.height / 2), b.x + b.width / 2 - (a.x + a.width / 2)) * 180) /
        Math.PI;
      const difference = Math.abs(drawn - wanted) % 360;
      if (Math.min(difference, 360 - difference) > 45 + 1e-6) compassMisses++;
    }
    if (bound && compassMisses > bound[0]) return [compassMisses, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    const routed = routeEdges(graph, cellOf, placed, lanes);
    let length = 0;
    for (const { points } of routed)
      for (let index = 1; index < points.length; index++)
        length += Math.abs(points[index][0] - points[index - 1][0]) + Math.abs(points[index][1] - points[index - 1][1]);
    return [compassMisses, countCrossings(routed.map(({ points }) => points)), length];
  };
}

/** Edges between the same two rooms get distinct lanes, so A→B and B→A are two lines, not one. */
function laneOffsets(graph: MazeGraph): Map<string, number> {
  const groups = new Map<string, MazeGraph['edges']>();
  for (const edge of graph.edges) {
    const key = JSON.stringify([edge.src, edge.dst].sort());
    groups.set(key, [...(groups.get(key) ?? []), edge]);
  }
  const lanes = new Map<string, number>();
  for (const group of groups.values()) {
    group.forEach((edge, index) => {
      // Signed by direction: a lane on the left of A→B is on the right of B→A.
      const sign = edge.src < edge.dst ? 1 : -1;
      lanes.set(edge.id, group.length === 1 ? 0 : sign * (index - (group.length - 1) / 2) * LANE);
    });
  }
  return lanes;
}

function route(
  grid: Grid,
  cellOf: ReadonlyMap<string, [number, number]>,
  boxes: ReadonlyMap<string, LayoutNode>,
  src: string,
  dst: string,
  lane: number,
): Point[] {
  const a = boxes.get(src) as LayoutNode;
  const b = boxes.get(dst) as LayoutNode;
  const [c1, r1] = cellOf.get(src) as [number, number];
  const [c2, r2] = cellOf.get(dst) as [number, number];
  if (src === dst) {
    // A loop on the room's right side, in the gutter.
    const right = a.x + a.width;
    const mid = a.y + a.height / 2;
    return [
      [right, mid - 8],
      [right + 22, mid - 14],
      [right + 22, mid + 14],
      [right, mid + 8],
    ];
  }
  const empty = (cells: Array<[number, number]>) => cells.every(([column, row]) => !grid.cells.has(`${column},${row}`));
  const between = (from: number, to: number) =>
    Array.from({ length: Math.abs(to - from) - 1 }, (_, index) => from + Math.sign(to - from) * (index + 1));
  if (r1 === r2 && empty(between(c1, c2).map((column) => [column, r1]))) {
    const y = a.y + a.height / 2 + lane * Math.sign(c2 - c1);
    return c2 > c1
      ? [
          [a.x + a.width, y],
          [b.x, y],
        ]
      : [
          [a.x, y],
          [b.x + b.width, y],
        ];
  }
  if (c1 === c2 && empty(between(r1, r2).map((row) => [c1, row]))) {
    const x = a.x + a.width / 2 - lane * Math.sign(r2 - r1);
    return r2 > r1
      ? [
          [x, a.y + a.height],
          [x, b.y],
        ]
      : [
          [x, a.y],
          [x, b.y + b.height],
        ];
  }
  return gutterRoute(grid, [a, b], [c1, r1, c2, r2], src, dst, lane);
}

/**
 * Around the rooms between: leave by the corner facing the destination, run along gutter lines,
 * arrive by its facing corner. The cells are the source's and the destination's column and row.
 */
function gutterRoute(
  grid: Grid,
  [a, b]: [LayoutNode, LayoutNode],
  [c1, r1, c2, r2]: [number, number, number, number],
  src: string,
  dst: string,
  lane: number,
): Point[] {
  const sx = Math.sign(c2 - c1) || 1;
  const sy = Math.sign(r2 - r1) || 1;
  const gutterX = (column: number, side: number) =>
    side > 0 ? grid.columnX[column] + grid.columnWidth[column] + GUTTER_X / 2 : grid.columnX[column] - GUTTER_X / 2;
  const gutterY = (row: number, side: number) =>
    side > 0 ? grid.rowY[row] + grid.rowHeight[row] + GUTTER_Y / 2 : grid.rowY[row] - GUTTER_Y / 2;
  // The lane moves the gutter lines a little so edges sharing a gutter stay apart (within it).
  const laneX = lane + (hash(src + dst) % 5) * 4 - 8;
  const laneY = lane + (hash(dst + src) % 5) * 3 - 6;
  const start: Point = [sx > 0 ? a.x + a.width : a.x, sy > 0 ? a.y + a.height : a.y];
  const endSx = c1 === c2 ? sx : -sx;
  const endSy = r1 === r2 ? sy : -sy;
  const end: Point = [endSx > 0 ? b.x + b.width : b.x, endSy > 0 ? b.y + b.height : b.y];
  const first: Point = [gutterX(c1, sx) + laneX, gutterY(r1, sy) + laneY];
  const last: Point = [gutterX(c2, endSx) + laneX, gutterY(r2, endSy) + laneY];
  // Along the first crossing's row gutter, then down the last crossing's column gutter.
  const points: Point[] = [start, first, [last[0], first[1]], last, end];
  return points.filter(
    (point, index) =>
      index === 0 || Math.hypot(point[0] - points[index - 1][0], point[1] - points[index - 1][1]) > 1e-6,
  );
}

function hash(text: string): number {
  let value = 0;
  for (let index = 0; index < text.length; index++) value = (value * 31 + text.charCodeAt(index)) >>> 0;
  return value;
}

/** Greedy label placement with a spatial hash over rooms and placed labels. */
class LabelPlacer {
  private readonly buckets = new Map<string, Box[]>();
  private static readonly BUCKET = 120;

  constructor(rooms: readonly Box[]) {
    // Rooms count a little larger, so a label never touches a room's border.
    for (const room of rooms)
      this.add({ x: room.x - 3, y: room.y - 3, width: room.width + 6, height: room.height + 6 });
  }

  place(points: readonly Point[], size: { width: number; height: number }, lane: number): Box {
    const side = lane < 0 ? -1 : 1;
    for (const [px, py, ux, uy] of anchors(points)) {
      // Beside the line (on the lane's side first), then the other side, then on it.
      const nx = -uy;
      const ny = ux;
      const offset = Math.abs(nx) * (size.width / 2 + 3) + Math.abs(ny) * (size.height / 2 + 3);
      for (const shift of [side * offset, -side * offset, 0]) {
        const box = {
          x: px + nx * shift - size.width / 2,
          y: py + ny * shift - size.height / 2,
          width: size.width,
          height: size.height,
        };
        if (this.free(box)) return this.add(box);
      }
    }
    // Nothing free along the edge: spiral out from its middle to the nearest free spot.
    const [mx, my] = anchors(points)[0] ?? [0, 0];
    for (let radius = 8; ; radius += 8) {
      for (let angle = 0; angle < 360; angle += 15) {
        const box = {
          x: mx + radius * Math.cos((angle * Math.PI) / 180) - size.width / 2,
          y: my + radius * Math.sin((angle * Math.PI) / 180) - size.height / 2,
          width: size.width,
          height: size.height,
        };
        if (this.free(box)) return this.add(box);
      }
    }
  }

  private keys(box: Box): string[] {
    const keys: string[] = [];
    const size = LabelPlacer.BUCKET;
    for (let bx = Math.floor(box.x / size); bx <= Math.floor((box.x + box.width) / size); bx++)
      for (let by = Math.floor(box.y / size); by <= Math.floor((box.y + box.height) / size); by++)
        keys.push(`${bx},${by}`);
    return keys;
  }

  private free(box: Box): boolean {
    return this.keys(box).every((key) => (this.buckets.get(key) ?? []).every((other) => !boxesOverlap(box, other)));
  }

  private add(box: Box): Box {
    for (const key of this.keys(box)) this.buckets.set(key, [...(this.buckets.get(key) ?? []), box]);
    return box;
  }
}

/** Candidate label anchors along a polyline, nearest the source end first: [x, y, unit direction]. */
function anchors(points: readonly Point[]): Array<[number, number, number, number]> {
  const lengths = points
    .slice(1)
    .map((point, index) => Math.hypot(point[0] - points[index][0], point[1] - points[index][1]));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  if (total === 0) return points.length ? [[points[0][0], points[0][1], 1, 0]] : [];
  const result: Array<[number, number, number, number]> = [];
  for (const fraction of [0.3, 0.45, 0.2, 0.6, 0.12, 0.75, 0.88, 0.06, 0.94]) {
    let along = fraction * total;
    for (let index = 0; index < lengths.length; index++) {
      if (along <= lengths[index] || index === lengths.length - 1) {
        const [ax, ay] = points[index];
        const [bx, by] = points[index + 1];
        const t = lengths[index] === 0 ? 0 : Math.min(1, along / lengths[index]);
        result.push([
          ax + (bx - ax) * t,
          ay + (by - ay) * t,
          (bx - ax) / (lengths[index] || 1),
          (by - ay) / (lengths[index] || 1),
        ]);
        break;
      }
      along -= lengths[index];
    }
  }
  return result;
}
