// The maze's second layout: ELK's `layered` algorithm (elkjs, named by the project card). Core only
// builds ELK's input and reads its output into the same MazeLayout the compass layout gives, so the
// view draws, the CLI prints and layoutQuality measures both alike; where ELK runs is the caller's
// choice (a web worker in the view, elkjs's bundled build in Node).
//
// A layered drawing flows one way (here down, south); directions read on it as far as that allows:
// a move with a northward part is given to ELK from its destination down to its source (so the
// destination sits above), a southward one as it is, both with a high direction priority so cycle
// breaking keeps them; each move leaves its room by the side its compass direction names (a port
// on that side), so "east" leaves eastward even when the room it reaches is a layer further down.
import type { ElkExtendedEdge, ElkLabel, ElkNode, ElkPort } from 'elkjs/lib/elk-api';
import type { Box, Point } from './layoutQuality';
import { labelSize, type LayoutEdge, type LayoutNode, type MazeLayout, NODE_HEIGHT, nodeWidth } from './mazeLayout';
import type { MazeGraph } from './mazeView';

/**
 * A room's box, as the compass layout sizes it: the view can pass its names as measured, the same
 * function for both layouts; without one, the size is estimated from the name (nodeWidth).
 */
type RoomBox = (name: string) => { width: number; height: number };
const estimatedBox: RoomBox = (name) => ({ width: nodeWidth(name), height: NODE_HEIGHT });

/** What runs ELK: elkjs's `ELK` instance (worker-backed in the view, in-process in Node). */
export interface ElkEngine {
  layout(graph: ElkNode): Promise<ElkNode>;
}

type Side = 'NORTH' | 'SOUTH' | 'EAST' | 'WEST';

/** The side of its room a move leaves by, and the side of the destination it arrives at. */
const SIDES: Readonly<Record<string, readonly [Side, Side]>> = {
  north: ['NORTH', 'SOUTH'],
  northeast: ['NORTH', 'SOUTH'],
  northwest: ['NORTH', 'SOUTH'],
  up: ['NORTH', 'SOUTH'],
  south: ['SOUTH', 'NORTH'],
  southeast: ['SOUTH', 'NORTH'],
  southwest: ['SOUTH', 'NORTH'],
  down: ['SOUTH', 'NORTH'],
  east: ['EAST', 'WEST'],
  west: ['WEST', 'EAST'],
};

/** -1: the destination should sit above its source; 1: below; 0: no preference. */
function verticalSense(action: string): number {
  const sides = SIDES[action];
  if (!sides) return 0;
  return sides[0] === 'NORTH' ? -1 : sides[0] === 'SOUTH' ? 1 : 0;
}

const MARGIN = 40;
/** Up to this many rooms, network-simplex node placement (see elkInput). */
const NETWORK_SIMPLEX_ROOMS = 100;

/** Every room, in a fixed order: the graph's rooms, then any only an edge names. */
function roomNames(graph: MazeGraph): string[] {
  return [
    ...new Set([...graph.nodes.map((node) => node.name), ...graph.edges.flatMap((edge) => [edge.src, edge.dst])]),
  ];
}

/**
 * ELK's input for the maze: rooms sized as the compass layout sizes them, moves oriented by
 * direction. ELK wants one id space for rooms, ports and edges, and a room may be called "3" or
 * "3:out": ids are positions (room r<i>, edge e<i>, its ports e<i>:out / e<i>:in), names stay here.
 */
function elkInput(graph: MazeGraph, roomBox: RoomBox = estimatedBox): ElkNode {
  const names = roomNames(graph);
  const roomId = new Map(names.map((name, index) => [name, `r${index}`]));
  const ports = new Map<string, ElkPort[]>();
  const port = (room: string, id: string, side: Side): string => {
    ports.set(room, [
      ...(ports.get(room) ?? []),
      { id, width: 1, height: 1, layoutOptions: { 'elk.port.side': side } },
    ]);
    return id;
  };
  const edges: ElkExtendedEdge[] = graph.edges.map((edge, index) => {
    const id = `e${index}`;
    const sense = verticalSense(edge.action);
    // ELK's edges run down the drawing: a northward move is given from its destination.
    const reversed = sense < 0;
    const sides = SIDES[edge.action];
    let from = roomId.get(edge.src) as string;
    let to = roomId.get(edge.dst) as string;
    if (sides && edge.src !== edge.dst) {
      from = port(edge.src, `${id}:out`, sides[0]);
      to = port(edge.dst, `${id}:in`, sides[1]);
    }
    const size = labelSize(edge.action);
    // Centre labels become nodes of their own in ELK's layering, so no two labels and no label and room overlap.
    const label: ElkLabel = { id: `${id}:label`, text: edge.action, width: size.width, height: size.height };
    return {
      id,
      sources: [reversed ? to : from],
      targets: [reversed ? from : to],
      labels: [label],
      layoutOptions: { 'elk.layered.priority.direction': sense === 0 ? '0' : '10' },
    };
  });
  const children: ElkNode[] = names.map((name) => ({
    id: roomId.get(name) as string,
    ...roomBox(name),
    ports: ports.get(name) ?? [],
    layoutOptions: { 'elk.portConstraints': 'FIXED_SIDE' },
  }));
  return {
    id: 'maze',
    layoutOptions: mazeLayoutOptions(names.length),
    children,
    edges,
  };
}

/** ELK's options for a maze of `rooms` rooms: layered downwards, orthogonal edges, fixed seed. */
function mazeLayoutOptions(rooms: number): Record<string, string> {
  return {
    'elk.algorithm': 'layered',
    'elk.direction': 'DOWN',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.padding': `[top=${MARGIN},left=${MARGIN},bottom=${MARGIN},right=${MARGIN}]`,
    // Rooms side by side in a layer get a gap like the compass grid's: zoomed out, the view grows
    // room names past their boxes (webview/maze/lod.ts) and hides those that would run together.
    'elk.spacing.nodeNode': '80',
    'elk.layered.spacing.nodeNodeBetweenLayers': '40',
    'elk.spacing.edgeLabel': '3',
    'elk.spacing.edgeEdge': '10',
    'elk.layered.spacing.edgeNodeBetweenLayers': '12',
    // Network-simplex placement straightens long vertical runs, which keeps more rooms in their
    // move's direction from each other than Brandes-Köpf (on the six shared games 242 of 304
    // compass moves against 218), but its time grows fast with size: large mazes take the latter.
    'elk.layered.nodePlacement.strategy': rooms <= NETWORK_SIMPLEX_ROOMS ? 'NETWORK_SIMPLEX' : 'BRANDES_KOEPF',
    // Crossing minimisation's effort: 3 (of ELK's default 7) gave the same crossings on those
    // games (252 against 249) in half the time.
    'elk.layered.thoroughness': '3',
    'elk.randomSeed': '1',
  };
}

/** Reads ELK's result back into the maze's layout: polylines from each move's source to its destination. */
function fromElk(graph: MazeGraph, result: ElkNode): MazeLayout {
  const placed = new Map((result.children ?? []).map((child) => [child.id, child]));
  const nodes: LayoutNode[] = roomNames(graph).map((name, index) => {
    const child = placed.get(`r${index}`);
    if (!child) throw new Error(`ELK returned no position for the room '${name}'`);
    return { id: name, x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 };
  });
  const laidOut = new Map((result.edges ?? []).map((edge) => [edge.id, edge]));
  const edges: LayoutEdge[] = graph.edges.map((edge, index) => {
    const elkEdge = laidOut.get(`e${index}`);
    // One section per edge: ELK layered joins the pieces it split the edge into (long edges, labels).
    const section = elkEdge?.sections?.[0];
    if (!section) throw new Error(`ELK returned no route for the move ${edge.src} —${edge.action}→ ${edge.dst}`);
    let points: Point[] = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => [
      x,
      y,
    ]);
    // ELK drew a northward move from its destination: the polyline is read back from the source.
    if (verticalSense(edge.action) < 0) points = points.reverse();
    const elkLabel = elkEdge?.labels?.[0];
    const size = labelSize(edge.action);
    const label: Box = {
      x: elkLabel?.x ?? points[0][0],
      y: elkLabel?.y ?? points[0][1],
      width: elkLabel?.width ?? size.width,
      height: elkLabel?.height ?? size.height,
    };
    return { id: edge.id, src: edge.src, action: edge.action, dst: edge.dst, explicit: edge.explicit, points, label };
  });
  return { nodes, edges, width: result.width ?? 0, height: result.height ?? 0 };
}

/** The maze laid out by ELK layered; deterministic for the same graph (ELK's random seed is fixed). */
export async function layoutMazeWithElk(
  graph: MazeGraph,
  engine: ElkEngine,
  roomBox: RoomBox = estimatedBox,
): Promise<MazeLayout> {
  return fromElk(graph, await engine.layout(elkInput(graph, roomBox)));
}
