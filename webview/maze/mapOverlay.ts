// A model's map drawn over the maze (issue 17): each true edge by its status (correct thick and
// solid, missing dashed, wrong action with a mark naming the model's action and the maze's,
// "jump ≠ north"), each hallucinated move as a dotted red line with a cross between the rooms its
// names align to (or a dashed ghost box labelled with the model's name when a name aligns to no room),
// rooms the model never names faded with a dashed outline, and badges on merged and split rooms.
// Shape tells the statuses apart as well as colour. Every name from the model goes in through
// textContent. Returns what it drew, counted from the SVG itself.
import { normalizeRoom } from '../../src/core/maze/roomNames';
import type { MapDiffCounts, MapDiffPane, MazeGraph, ModelEdgeDiff } from '../../src/protocol/maze';
import type { Layout } from './layout';
import { type DrawnMaze, roomName } from './render';
import { type RoomLabel, roomLabels, textMeasurer } from './roomLabels';
import { svgElement as element } from '../shared/svg';

function titled<E extends SVGElement>(target: E, text: string): E {
  const title = element('title');
  title.textContent = text;
  target.prepend(title);
  return target;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const keyOf = (src: string, action: string, dst: string) => JSON.stringify([src, action.trim().toLowerCase(), dst]);

/** Where a ghost room goes from the room it hangs off, by the move's compass word. */
const OFFSETS: Record<string, [number, number]> = {
  north: [0, -1],
  south: [0, 1],
  east: [1, 0],
  west: [-1, 0],
  northeast: [1, -1],
  northwest: [-1, -1],
  southeast: [1, 1],
  southwest: [-1, 1],
  n: [0, -1],
  s: [0, 1],
  e: [1, 0],
  w: [-1, 0],
  ne: [1, -1],
  nw: [-1, -1],
  se: [1, 1],
  sw: [-1, 1],
  up: [1, -1],
  down: [-1, 1],
};

const overlaps = (a: Box, b: Box, margin = 10) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width + margin && Math.abs(a.y - b.y) * 2 < a.height + b.height + margin;

/** The point where the segment from the box's centre towards `toward` leaves the box. */
function boxExit(box: Box, toward: { x: number; y: number }): { x: number; y: number } {
  const dx = toward.x - box.x;
  const dy = toward.y - box.y;
  if (dx === 0 && dy === 0) return { x: box.x, y: box.y };
  const scale = Math.min(
    dx === 0 ? Infinity : box.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : box.height / 2 / Math.abs(dy),
  );
  return { x: box.x + dx * Math.min(1, scale), y: box.y + dy * Math.min(1, scale) };
}

interface DrawnOverlay {
  counts: MapDiffCounts;
  /** Ghost rooms' boxes, so the view's bounds include them. */
  ghosts: Box[];
}

export function drawMapOverlay(graph: MazeGraph, drawn: DrawnMaze, layout: Layout, pane: MapDiffPane): DrawnOverlay {
  const svg = drawn.svg;
  svg.classList.add('map-diff');
  addHallucinatedArrowMarker(svg);
  const edgeLayer = svg.querySelector('.edges') as SVGGElement;
  const viewport = svg.querySelector('.viewport') as SVGGElement;
  const overlayLayer = element('g', { class: 'diff-overlay' });
  viewport.append(overlayLayer);
  const statusOf = markTrueEdges(graph, drawn, pane);
  fadeMissingRooms(drawn, pane);
  drawWrongActionMarks(graph, layout, pane, statusOf, overlayLayer);
  const ghosts = drawHallucinatedMoves(layout, pane, overlayLayer);
  drawRoomBadges(layout, pane, overlayLayer);
  edgeLayer.classList.add('diff-edges');

  const count = (selector: string) => svg.querySelectorAll(selector).length;
  return {
    counts: {
      correct: count('g.edge.diff-correct'),
      missing: count('g.edge.diff-missing'),
      wrongAction: count('.diff-wrong-mark'),
      hallucinated: count('.diff-hallucinated'),
      ghostRooms: count('.diff-ghost-room'),
      missingRooms: count('.node.diff-missing-room'),
      merged: count('.diff-badge-merged'),
      split: count('.diff-badge-split'),
    },
    ghosts,
  };
}

function addHallucinatedArrowMarker(svg: SVGSVGElement): void {
  const defs = svg.querySelector('defs') ?? svg.appendChild(element('defs'));
  const marker = element('marker', {
    id: 'diff-arrow-hallucinated',
    viewBox: '0 0 10 10',
    refX: 9,
    refY: 5,
    markerWidth: 7,
    markerHeight: 7,
    orient: 'auto-start-reverse',
  });
  marker.append(element('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'diff-arrow-hallucinated' }));
  defs.append(marker);
}

/** Classes each drawn true edge and its label by its status; returns the status by the graph's edge id. */
function markTrueEdges(graph: MazeGraph, drawn: DrawnMaze, pane: MapDiffPane): Map<string, string> {
  // True edges: the graph's explicit edge of each (src, action, dst).
  const graphEdge = new Map<string, string>();
  for (const edge of graph.edges)
    if (edge.explicit && !graphEdge.has(keyOf(edge.src, edge.action, edge.dst)))
      graphEdge.set(keyOf(edge.src, edge.action, edge.dst), edge.id);
  const statusOf = new Map<string, string>();
  for (const edge of pane.overlay.trueEdges) {
    const id = graphEdge.get(keyOf(edge.src, edge.action, edge.dst));
    if (id !== undefined) statusOf.set(id, edge.status);
  }
  for (const [id, group] of drawn.edgeElements) {
    const status = statusOf.get(id);
    group.classList.add(status ? `diff-${status}` : 'diff-other');
    const tooltip = group.querySelector('title');
    if (status && tooltip)
      tooltip.textContent = `${tooltip.textContent ?? ''} · ${pane.model}: ${status === 'correct' ? 'on the map' : status === 'missing' ? 'missing from the map' : 'on the map with another action'}`;
  }
  const labelLayer = drawn.svg.querySelector('.edge-labels') as SVGGElement;
  for (const label of labelLayer.querySelectorAll<SVGTextElement>('.edge-label')) {
    const status = statusOf.get(label.dataset.edge ?? '');
    label.classList.add(status ? `diff-${status}` : 'diff-other');
  }
  return statusOf;
}

/** Rooms the model never names. */
function fadeMissingRooms(drawn: DrawnMaze, pane: MapDiffPane): void {
  const missingRooms = new Set(pane.overlay.missingRooms);
  for (const [name, group] of drawn.nodeElements) {
    if (!missingRooms.has(name)) continue;
    group.classList.add('diff-missing-room');
    const tooltip = group.querySelector('title');
    if (tooltip) tooltip.textContent = `${tooltip.textContent ?? ''} · ${pane.model} never names this room`;
  }
}

/** Wrong actions: a mark on the true edge between the rooms, one per model move. */
function drawWrongActionMarks(
  graph: MazeGraph,
  layout: Layout,
  pane: MapDiffPane,
  statusOf: Map<string, string>,
  overlayLayer: SVGGElement,
): void {
  const markOffsets = new Map<string, number>();
  for (const edge of pane.overlay.modelEdges.filter((candidate) => candidate.status === 'wrong-action')) {
    const target = graph.edges.find(
      (candidate) =>
        candidate.explicit &&
        candidate.src === edge.alignedSrc &&
        candidate.dst === edge.alignedDst &&
        statusOf.has(candidate.id),
    );
    const geometry = target ? layout.edges.get(target.id) : undefined;
    const at = geometry
      ? { x: geometry.label.x + geometry.label.width / 2, y: geometry.label.y + geometry.label.height / 2 }
      : centreOf(layout, edge.alignedSrc);
    if (!at || !target) continue;
    const shift = markOffsets.get(target.id) ?? 0;
    markOffsets.set(target.id, shift + 1);
    // The model's action against the maze's, on the map itself: the tooltip repeats it with the rooms.
    const text = `${edge.action} ≠ ${(edge.trueActions ?? []).join('/')}`;
    const width = Math.max(34, text.length * 6.6 + 12);
    const group = titled(
      element('g', { class: 'diff-mark diff-wrong-mark', transform: `translate(${at.x} ${at.y + 16 + shift * 18})` }),
      `${pane.model}: ${edge.src} --${edge.action}--> ${edge.dst}; the maze goes from ${edge.alignedSrc} to ${edge.alignedDst} by ${(edge.trueActions ?? []).join(' or ')}`,
    );
    group.append(element('rect', { x: -width / 2, y: -8, width, height: 16, rx: 3 }));
    const label = element('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' });
    label.textContent = text;
    group.append(label);
    overlayLayer.append(group);
  }
}

type Ghost = Box & { name: string };

/** Hallucinated moves, with ghost rooms for names of no room; returns the ghosts' boxes. */
function drawHallucinatedMoves(layout: Layout, pane: MapDiffPane, overlayLayer: SVGGElement): Ghost[] {
  const { overlay } = pane;
  const ghostLabel = (name: string) =>
    (layout.labels.get(name) ?? roomLabels([name], textMeasurer()).get(name)) as RoomLabel;
  const hallucinated = overlay.modelEdges.filter((edge) => edge.status === 'hallucinated');
  const ghosts = placeGhosts(hallucinated, layout, ghostLabel);
  const ghostOf = (name: string) => ghosts.get(normalizeRoom(name));
  const boxOf = (name: string | null): Box | null => (name === null ? null : (layout.nodes.get(name) ?? null));
  for (const box of ghosts.values()) {
    const name = box.name;
    const group = titled(
      element('g', {
        class: 'diff-ghost-room',
        transform: `translate(${box.x - box.width / 2} ${box.y - box.height / 2})`,
      }),
      `${name}: ${pane.model}'s name for a room the maze does not have at step ${overlay.cutoff}`,
    );
    group.append(
      element('rect', { width: box.width, height: box.height, rx: 8, ry: 8 }),
      roomName(ghostLabel(name).lines, box.width / 2, box.height / 2),
    );
    overlayLayer.append(group);
  }
  for (const edge of hallucinated)
    drawHallucinated(
      edge,
      boxOf(edge.alignedSrc) ?? ghostOf(edge.src),
      boxOf(edge.alignedDst) ?? ghostOf(edge.dst),
      pane.model,
      overlayLayer,
    );
  return [...ghosts.values()];
}

/**
 * A box for each name of a hallucinated move that aligns to no room, keyed by the normalized name:
 * spellings that differ only in case or spacing are one ghost (as in core's ghostRoomNames).
 */
function placeGhosts(
  hallucinated: ModelEdgeDiff[],
  layout: Layout,
  ghostLabel: (name: string) => RoomLabel,
): Map<string, Ghost> {
  const boxes: Box[] = [...layout.nodes.values()];
  const ghosts = new Map<string, Ghost>();
  const ghostOf = (name: string) => ghosts.get(normalizeRoom(name));
  const placeGhost = (name: string, anchor: Box | null, action: string, flip: boolean) => {
    if (ghostOf(name)) return;
    // Sized to its name like the maze's rooms, so the name stays inside.
    const { width, height } = ghostLabel(name);
    const [ux, uy] = OFFSETS[action.trim().toLowerCase()] ?? [1, 1];
    const [dx, dy] = flip ? [-ux, -uy] : [ux, uy];
    let spot: Box = { x: 0, y: layout.height + 50, width, height };
    if (anchor) {
      for (let ring = 1; ring <= 12; ring++) {
        const distance = 70 + ring * 20;
        const angle = Math.atan2(dy, dx) + (ring % 2 === 0 ? 1 : -1) * Math.floor(ring / 2) * 0.5;
        spot = {
          x: anchor.x + Math.cos(angle) * (distance + width / 2),
          y: anchor.y + Math.sin(angle) * distance,
          width,
          height,
        };
        if (!boxes.some((box) => overlaps(box, spot))) break;
      }
    } else {
      // Names with no room at either end: a row under the maze.
      const row = [...ghosts.values()].filter((box) => box.y >= layout.height + 50);
      const right = row.reduce((edge, box) => Math.max(edge, box.x + box.width / 2), 0);
      spot = { x: right + 20 + width / 2, y: layout.height + 50, width, height };
    }
    boxes.push(spot);
    ghosts.set(normalizeRoom(name), { ...spot, name });
  };
  const boxOf = (name: string | null): Box | null => (name === null ? null : (layout.nodes.get(name) ?? null));
  for (const edge of hallucinated) {
    if (edge.alignedSrc === null) placeGhost(edge.src, boxOf(edge.alignedDst), edge.action, true);
    if (edge.alignedDst === null)
      placeGhost(edge.dst, boxOf(edge.alignedSrc) ?? ghostOf(edge.src) ?? null, edge.action, false);
  }
  return ghosts;
}

/** Merged and split rooms: one badge per confused true room. */
function drawRoomBadges(layout: Layout, pane: MapDiffPane, overlayLayer: SVGGElement): void {
  const { overlay } = pane;
  const badges = new Map<string, { merged: string[]; split: string[] }>();
  const badge = (room: string) =>
    badges.get(room) ??
    (badges.set(room, { merged: [], split: [] }).get(room) as { merged: string[]; split: string[] });
  for (const room of overlay.merged)
    for (const truth of room.truths) badge(truth).merged.push(`${room.model} stands for ${room.truths.join(' and ')}`);
  for (const room of overlay.split) badge(room.truth).split.push(`${room.truth} is named ${room.models.join(' and ')}`);
  for (const [room, reasons] of badges) {
    const placed = layout.nodes.get(room);
    if (!placed) continue;
    let offset = 0;
    for (const kind of ['merged', 'split'] as const) {
      if (reasons[kind].length === 0) continue;
      const text = kind === 'merged' ? '⊕ merged' : '⊘ split';
      const group = titled(
        element('g', {
          class: `diff-badge diff-badge-${kind}`,
          transform: `translate(${placed.x + placed.width / 2 - 26 - offset} ${placed.y - placed.height / 2 - 6})`,
        }),
        `${pane.model}: ${reasons[kind].join('; ')}`,
      );
      group.append(element('rect', { x: -28, y: -8, width: 56, height: 16, rx: 8 }));
      const label = element('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' });
      label.textContent = text;
      group.append(label);
      overlayLayer.append(group);
      offset += 60;
    }
  }
}

function centreOf(layout: Layout, name: string | null): { x: number; y: number } | null {
  const placed = name === null ? undefined : layout.nodes.get(name);
  return placed ? { x: placed.x, y: placed.y } : null;
}

/** A dotted red line (arrow at the end, a cross in the middle) from one box to the other. */
function drawHallucinated(
  edge: ModelEdgeDiff,
  from: Box | undefined,
  to: Box | undefined,
  model: string,
  layer: SVGGElement,
): void {
  if (!from || !to) return;
  const group = titled(
    element('g', { class: 'diff-hallucinated' }),
    `${model}: ${edge.src} --${edge.action}--> ${edge.dst} is not in the maze`,
  );
  let d: string;
  let middle: { x: number; y: number };
  let normal = { x: 0, y: -1 };
  if (from === to) {
    // A move back into the same room: a small loop above it.
    const top = { x: from.x, y: from.y - from.height / 2 };
    d = `M ${top.x - 12} ${top.y} C ${top.x - 30} ${top.y - 45}, ${top.x + 30} ${top.y - 45}, ${top.x + 12} ${top.y}`;
    middle = { x: top.x, y: top.y - 34 };
  } else {
    const start = boxExit(from, to);
    const end = boxExit(to, from);
    d = `M ${start.x} ${start.y} L ${end.x} ${end.y}`;
    middle = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
    // The action beside the line, not on it, where the maze's own labels sit.
    const length = Math.hypot(end.x - start.x, end.y - start.y) || 1;
    normal = { x: -(end.y - start.y) / length, y: (end.x - start.x) / length };
  }
  group.append(element('path', { d, class: 'diff-hallucinated-line', 'marker-end': 'url(#diff-arrow-hallucinated)' }));
  group.append(
    element('path', {
      d: `M ${middle.x - 5} ${middle.y - 5} L ${middle.x + 5} ${middle.y + 5} M ${middle.x + 5} ${middle.y - 5} L ${middle.x - 5} ${middle.y + 5}`,
      class: 'diff-cross',
    }),
  );
  if (normal.x < 0 || (normal.x === 0 && normal.y > 0)) normal = { x: -normal.x, y: -normal.y };
  const anchor = Math.abs(normal.x) < 0.3 ? 'middle' : 'start';
  const label = element('text', {
    x: middle.x + normal.x * 10,
    y: middle.y + normal.y * 12,
    class: 'diff-hallucinated-label',
    'text-anchor': anchor,
    'dominant-baseline': 'middle',
  });
  label.textContent = edge.action;
  group.append(label);
  layer.append(group);
}
