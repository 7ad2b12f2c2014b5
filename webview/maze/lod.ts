// Level of detail by the screen size of text, not by a fixed zoom: edge labels show once they would
// be readable, room names grow (within limits) as the map shrinks so they stay legible at fit, and
// hide only when even grown they would be too small or crowd each other. Classes on the SVG change
// only when a threshold is crossed, so zooming costs no style work between thresholds.
import type { MazeGraph } from '../../src/protocol/maze';
import type { Layout } from './layout';
import { MINIMAP_ROOMS } from './minimap';
import type { View } from './panZoom';
import type { DrawnMaze } from './render';

/** Font sizes in layout units, as media/webview.css draws them. */
const EDGE_FONT = 10.5;
const ROOM_FONT = 12.5;
/** Smallest on-screen size (px) at which a label is drawn. */
export const EDGE_LABEL_MIN_PX = 8;
export const ROOM_LABEL_MIN_PX = 9;
/** Bounds on how much a room name may grow when zoomed out before it hides (see roomGrowth). */
const MIN_GROWTH = 1.5;
const MAX_GROWTH = 4;
/** Average glyph width as a share of the font size (the view's sans-serif). */
const GLYPH = 0.58;
/** The grown font changes in steps of this ratio, so it is not restyled on every frame. */
const FONT_STEP = 1.12;

export interface Detail {
  edgeLabels: boolean;
  rooms: 'normal' | 'grown' | 'hidden';
  /** Room font size in layout units when grown. */
  roomFont: number;
  /** Font (layout units) of the names that stay when the others hide: the start, current and found rooms. */
  keyFont: number;
}

/**
 * How much room names may grow on this layout: as far as the typical room's name still fits in the
 * gap to its nearest neighbour, so grown names do not run into each other.
 */
export function roomGrowth(nodes: ReadonlyArray<{ name: string; x: number; y: number }>): number {
  if (nodes.length < 2) return MAX_GROWTH;
  const fits = nodes.map((node) => {
    let nearest = Infinity;
    for (const other of nodes) {
      if (other === node) continue;
      // Names are wide and short: a neighbour beside counts fully, one above or below much less.
      const gap = Math.max(Math.abs(other.x - node.x), Math.abs(other.y - node.y) * 3);
      nearest = Math.min(nearest, gap);
    }
    // Two names centred `nearest` apart touch when each is `nearest` wide; keep a small gap.
    return (nearest * 0.95) / (GLYPH * ROOM_FONT * Math.max(4, node.name.length));
  });
  fits.sort((a, b) => a - b);
  return Math.min(MAX_GROWTH, Math.max(MIN_GROWTH, fits[Math.floor(fits.length * 0.25)]));
}

export function detailAt(k: number, growth: number): Detail {
  return { ...roomDetail(k, growth), keyFont: Math.max(ROOM_FONT, (ROOM_LABEL_MIN_PX + 2) / k) };
}

function roomDetail(k: number, growth: number): Omit<Detail, 'keyFont'> {
  const edgeLabels = EDGE_FONT * k >= EDGE_LABEL_MIN_PX;
  // Names fit their boxes at the normal size: keep it a little below the minimum before growing them out of their boxes.
  if (ROOM_FONT * k >= ROOM_LABEL_MIN_PX - 1) return { edgeLabels, rooms: 'normal', roomFont: ROOM_FONT };
  const wanted = ROOM_LABEL_MIN_PX / k;
  // Hidden, but the few rooms that keep their names (start, current, search match) keep them big.
  if (wanted > ROOM_FONT * growth) return { edgeLabels, rooms: 'hidden', roomFont: ROOM_FONT * growth };
  // Round up to the next step so the on-screen size never falls below the minimum.
  const steps = Math.ceil(Math.log(wanted / ROOM_FONT) / Math.log(FONT_STEP));
  return { edgeLabels, rooms: 'grown', roomFont: Math.min(ROOM_FONT * growth, ROOM_FONT * FONT_STEP ** steps) };
}

/** Keeps the SVG's level-of-detail classes in step with the view. */
/** A new room font waits until zooming pauses this long: restyling 500 names mid-gesture drops frames. */
const FONT_SETTLE_MS = 120;

/** A drawn room name: its centre in layout units and its group element. */
export interface NameSpot {
  name: string;
  x: number;
  y: number;
  element: Element;
}

/** Rooms whose names are always drawn, whatever they cover: where the user is looking. */
const KEY_ROOMS = ['start', 'current', 'current-b', 'match', 'highlight', 'destination'];

/**
 * Which grown names to leave out so no two overlap (a map labeller's rule: a name you cannot read
 * is worse than none; the room's tooltip still names it). Key rooms first, then the rooms with the
 * most connections (the hubs a reader navigates by), then shorter names; each name is kept when its
 * box, at this font, overlaps none already kept. Returns the names left out.
 */
export function crowdedNames(spots: readonly NameSpot[], font: number, degree: ReadonlyMap<string, number>): Set<string> {
  const isKey = (spot: NameSpot) => KEY_ROOMS.some((name) => spot.element.classList.contains(name));
  const order = [...spots].sort((a, b) => Number(isKey(b)) - Number(isKey(a)) || (degree.get(b.name) ?? 0) - (degree.get(a.name) ?? 0) || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  const height = font * 1.3;
  const bucket = Math.max(1, font * 12);
  const kept = new Map<string, Array<{ x0: number; x1: number; y0: number; y1: number }>>();
  const crowded = new Set<string>();
  for (const spot of order) {
    const half = (GLYPH * font * spot.name.length) / 2 + font * 0.3;
    const box = { x0: spot.x - half, x1: spot.x + half, y0: spot.y - height / 2, y1: spot.y + height / 2 };
    const keys: string[] = [];
    for (let bx = Math.floor(box.x0 / bucket); bx <= Math.floor(box.x1 / bucket); bx++) for (let by = Math.floor(box.y0 / bucket); by <= Math.floor(box.y1 / bucket); by++) keys.push(`${bx},${by}`);
    const clash = keys.some((key) => (kept.get(key) ?? []).some((other) => box.x0 < other.x1 && other.x0 < box.x1 && box.y0 < other.y1 && other.y0 < box.y1));
    if (clash && !isKey(spot)) {
      crowded.add(spot.name);
      continue;
    }
    for (const key of keys) kept.set(key, [...(kept.get(key) ?? []), box]);
  }
  return crowded;
}

export function levelOfDetail(svg: SVGSVGElement, growth: number, spots: readonly NameSpot[] = [], degree: ReadonlyMap<string, number> = new Map()): (view: View) => void {
  let last = '';
  let font = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const declutter = () => {
    const grown = svg.classList.contains('lod-rooms-grown');
    const crowded = grown ? crowdedNames(spots, Number.parseFloat(font), degree) : new Set<string>();
    for (const spot of spots) spot.element.classList.toggle('name-crowded', crowded.has(spot.name));
  };
  const setFont = (value: string) => {
    if (value === font) return;
    font = value;
    const [room, key] = value.split(' ');
    svg.style.setProperty('--room-font', room);
    svg.style.setProperty('--key-font', key);
    declutter();
  };
  return (view) => {
    const detail = detailAt(view.k, growth);
    // The key font in steps too, so it is not restyled for every small zoom.
    const keyFont = ROOM_FONT * FONT_STEP ** Math.ceil(Math.log(detail.keyFont / ROOM_FONT) / Math.log(FONT_STEP));
    const wanted = `${detail.roomFont.toFixed(2)}px ${keyFont.toFixed(2)}px`;
    const key = `${detail.edgeLabels}/${detail.rooms}`;
    clearTimeout(timer);
    if (key !== last) {
      // A change of what is shown applies at once (with the font it needs).
      last = key;
      setFont(wanted);
      svg.classList.toggle('lod-edge-labels', detail.edgeLabels);
      svg.classList.toggle('lod-rooms-grown', detail.rooms === 'grown');
      svg.classList.toggle('lod-rooms-hidden', detail.rooms === 'hidden');
      declutter();
    } else if (font === '') setFont(wanted);
    else if (wanted !== font) timer = setTimeout(() => setFont(wanted), FONT_SETTLE_MS);
  };
}

/**
 * The level of detail of a drawn maze (the maze view's and each map diff pane's): its room names as
 * spots to declutter, each room's degree (busy rooms keep their names), and room names that grow
 * when zoomed out, except in a small maze, which never hides its names: they are what it is read by.
 */
export function mazeLevelOfDetail(drawn: DrawnMaze, layout: Layout, graph: MazeGraph): (view: View) => void {
  const spots = [...layout.nodes.values()].flatMap((node) => {
    const element = drawn.nodeElements.get(node.name);
    return element ? [{ name: node.name, x: node.x, y: node.y, element }] : [];
  });
  const degree = new Map<string, number>();
  for (const edge of graph.edges) for (const end of [edge.src, edge.dst]) degree.set(end, (degree.get(end) ?? 0) + 1);
  return levelOfDetail(drawn.svg, graph.nodes.length < MINIMAP_ROOMS ? Number.POSITIVE_INFINITY : roomGrowth([...layout.nodes.values()]), spots, degree);
}
