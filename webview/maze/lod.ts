// Level of detail by the screen size of text, not by a fixed zoom: edge labels show once they would
// be readable, room names grow (within limits) as the map shrinks so they stay legible at fit, and
// hide only when even grown they would be too small or crowd each other. A name grows together with
// its box (the two are scaled as one), so no name ever runs out of its room. Classes on the SVG
// change only when a threshold is crossed, so zooming costs no style work between thresholds.
import type { MazeGraph } from '../../src/protocol/maze';
import type { Layout } from './layout';
import { MINIMAP_ROOMS } from './minimap';
import type { View } from './panZoom';
import { type DrawnMaze, grownFit } from './render';

/** Font sizes in layout units, as media/webview.css draws them. */
const EDGE_FONT = 10.5;
const ROOM_FONT = 12.5;
/** Smallest on-screen size (px) at which a label is drawn. */
const EDGE_LABEL_MIN_PX = 8;
export const ROOM_LABEL_MIN_PX = 9;
/** Bounds on how much a room name may grow when zoomed out before it hides (see roomGrowth). */
const MIN_GROWTH = 1.5;
const MAX_GROWTH = 4;
/** The grown font changes in steps of this ratio, so it is not restyled on every frame. */
const FONT_STEP = 1.12;

interface Detail {
  edgeLabels: boolean;
  rooms: 'normal' | 'grown' | 'hidden';
  /** Room font size in layout units when grown. */
  roomFont: number;
  /** Font (layout units) of the names that stay when the others hide: the start, current and found rooms. */
  keyFont: number;
}

/**
 * How much rooms may grow on this layout: as far as the typical room, grown, still fits in the gap
 * to its nearest neighbour, so grown rooms do not run into each other.
 */
function roomGrowth(nodes: ReadonlyArray<{ x: number; y: number; width: number; fit: { width: number } }>): number {
  if (nodes.length < 2) return MAX_GROWTH;
  const fits = nodes.map((node) => {
    let nearest = Infinity;
    for (const other of nodes) {
      if (other === node) continue;
      // Rooms are wide and short: a neighbour beside counts fully, one above or below much less.
      const gap = Math.max(Math.abs(other.x - node.x), Math.abs(other.y - node.y) * 3);
      nearest = Math.min(nearest, gap);
    }
    // Two rooms centred `nearest` apart touch when each is `nearest` wide; keep a small gap.
    return (nearest * 0.95) / (node.width * node.fit.width);
  });
  fits.sort((a, b) => a - b);
  return Math.min(MAX_GROWTH, Math.max(MIN_GROWTH, fits[Math.floor(fits.length * 0.25)]));
}

function detailAt(k: number, growth: number): Detail {
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

/** A new room scale waits until zooming pauses this long: restyling 500 names mid-gesture drops frames. */
const FONT_SETTLE_MS = 120;

/** A drawn room: its centre and box size in layout units, how its box grows (render.ts grownFit), and its group element. */
interface NameSpot {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  fit: { width: number; height: number };
  element: Element;
}

/** A room's box when its name grows by `scale` (as media/webview.css draws it). */
function grownSize(spot: NameSpot, scale: number): { width: number; height: number } {
  return {
    width: spot.width * Math.max(1, scale * spot.fit.width),
    height: spot.height * Math.max(1, scale * spot.fit.height),
  };
}

/** Rooms whose names are always drawn, whatever they cover: where the user is looking. */
const KEY_ROOMS = ['start', 'current', 'current-b', 'match', 'highlight', 'destination'];
const isKey = (spot: NameSpot) => KEY_ROOMS.some((name) => spot.element.classList.contains(name));

interface Extent {
  name: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * Which rooms stay at their own size, their names left out, so that no grown room overlaps another
 * room (a map labeller's rule: a name you cannot read is worse than none; the room's tooltip still
 * names it). Key rooms first, then the rooms with the most connections (the hubs a reader
 * navigates by), then shorter names; each room grows when its grown box, `scale` times its own,
 * touches no other room's box and no room already grown. Key rooms grow whatever they cover (they
 * are drawn on top). Returns the names left out.
 */
function crowdedNames(spots: readonly NameSpot[], scale: number, degree: ReadonlyMap<string, number>): Set<string> {
  const order = [...spots].sort(
    (a, b) =>
      Number(isKey(b)) - Number(isKey(a)) ||
      (degree.get(b.name) ?? 0) - (degree.get(a.name) ?? 0) ||
      a.name.length - b.name.length ||
      (a.name < b.name ? -1 : 1),
  );
  // A little air between grown rooms, in proportion to their size (about 1 px on screen).
  const gap = ROOM_FONT * scale * 0.06;
  const extent = (spot: NameSpot, factor: number, margin: number): Extent => {
    const { width, height } = grownSize(spot, factor);
    return {
      name: spot.name,
      x0: spot.x - width / 2 - margin,
      x1: spot.x + width / 2 + margin,
      y0: spot.y - height / 2 - margin,
      y1: spot.y + height / 2 + margin,
    };
  };
  const bucket = Math.max(1, ...spots.map((spot) => grownSize(spot, scale).width + 2 * gap));
  const taken = new Map<string, Extent[]>();
  const keys = (box: Extent) => {
    const found: string[] = [];
    for (let bx = Math.floor(box.x0 / bucket); bx <= Math.floor(box.x1 / bucket); bx++)
      for (let by = Math.floor(box.y0 / bucket); by <= Math.floor(box.y1 / bucket); by++) found.push(`${bx},${by}`);
    return found;
  };
  const take = (box: Extent) => {
    for (const key of keys(box)) taken.set(key, [...(taken.get(key) ?? []), box]);
  };
  // Every room's own box is taken from the start: a grown room must not cover a small one either.
  for (const spot of spots) take(extent(spot, 1, 0));
  const crowded = new Set<string>();
  for (const spot of order) {
    const box = extent(spot, scale, gap);
    const clash = keys(box).some((key) =>
      (taken.get(key) ?? []).some(
        (other) =>
          other.name !== spot.name && box.x0 < other.x1 && other.x0 < box.x1 && box.y0 < other.y1 && other.y0 < box.y1,
      ),
    );
    if (clash && !isKey(spot)) {
      crowded.add(spot.name);
      continue;
    }
    take(extent(spot, scale, 0));
  }
  return crowded;
}

/**
 * Keeps the SVG's level-of-detail classes and room scales in step with the view (`apply`, a
 * PanZoom listener). `refresh` after key rooms change (a step of an answer, a search, a highlight):
 * they are decluttered first and drawn on top.
 */
export class LevelOfDetail {
  private last = '';
  private scales = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly growth: number,
    private readonly spots: readonly NameSpot[] = [],
    private readonly degree: ReadonlyMap<string, number> = new Map(),
  ) {}

  readonly apply = (view: View): void => {
    const detail = detailAt(view.k, this.growth);
    // The key scale in steps too, so it is not restyled for every small zoom.
    const keyFont = ROOM_FONT * FONT_STEP ** Math.ceil(Math.log(detail.keyFont / ROOM_FONT) / Math.log(FONT_STEP));
    const wanted = `${(detail.roomFont / ROOM_FONT).toFixed(3)} ${(keyFont / ROOM_FONT).toFixed(3)}`;
    const key = `${detail.edgeLabels}/${detail.rooms}`;
    clearTimeout(this.timer);
    if (key !== this.last) {
      // A change of what is shown applies at once (with the scale it needs).
      this.last = key;
      this.setScales(wanted);
      this.svg.classList.toggle('lod-edge-labels', detail.edgeLabels);
      this.svg.classList.toggle('lod-rooms-grown', detail.rooms === 'grown');
      this.svg.classList.toggle('lod-rooms-hidden', detail.rooms === 'hidden');
      this.refresh();
    } else if (this.scales === '') this.setScales(wanted);
    else if (wanted !== this.scales) this.timer = setTimeout(() => this.setScales(wanted), FONT_SETTLE_MS);
  };

  /**
   * What `part` of the drawing (layout units) covers at zoom k: itself and, zoomed out, every room
   * in it grown (whether or not its name would be left out: fitting errs on the side of room).
   */
  readonly extent = (part: { x: number; y: number; width: number; height: number }, k: number) => {
    const detail = detailAt(k, this.growth);
    const scale = detail.rooms === 'grown' ? detail.roomFont / ROOM_FONT : 1;
    if (scale <= 1) return part;
    let [left, top, right, bottom] = [part.x, part.y, part.x + part.width, part.y + part.height];
    for (const spot of this.spots) {
      if (spot.x < part.x || spot.x > part.x + part.width || spot.y < part.y || spot.y > part.y + part.height) continue;
      const { width, height } = grownSize(spot, scale);
      left = Math.min(left, spot.x - width / 2);
      right = Math.max(right, spot.x + width / 2);
      top = Math.min(top, spot.y - height / 2);
      bottom = Math.max(bottom, spot.y + height / 2);
    }
    return { x: left, y: top, width: right - left, height: bottom - top };
  };

  /** Declutters again and raises the key rooms above the others. */
  refresh(): void {
    const grown = this.svg.classList.contains('lod-rooms-grown');
    const crowded = grown ? crowdedNames(this.spots, Number.parseFloat(this.scales), this.degree) : new Set<string>();
    for (const spot of this.spots) spot.element.classList.toggle('name-crowded', crowded.has(spot.name));
    for (const spot of this.spots)
      if (isKey(spot) && spot.element.nextSibling) spot.element.parentNode?.append(spot.element);
  }

  private setScales(value: string): void {
    if (value === this.scales) return;
    this.scales = value;
    const [room, key] = value.split(' ');
    this.svg.style.setProperty('--room-scale', room);
    this.svg.style.setProperty('--key-scale', key);
    this.refresh();
  }
}

/**
 * The level of detail of a drawn maze (the maze view's and each map diff pane's): its room names as
 * spots to declutter, each room's degree (busy rooms keep their names), and room names that grow
 * when zoomed out, except in a small maze, which never hides its names: they are what it is read by.
 */
export function mazeLevelOfDetail(drawn: DrawnMaze, layout: Layout, graph: MazeGraph): LevelOfDetail {
  const spots = [...layout.nodes.values()].flatMap((node) => {
    const element = drawn.nodeElements.get(node.name);
    const label = layout.labels.get(node.name);
    // Without a measured name (not drawn by render.ts), the box grows with it as a whole.
    const fit = label ? grownFit(label, node) : { width: 1, height: 1 };
    return element
      ? [{ name: node.name, x: node.x, y: node.y, width: node.width, height: node.height, fit, element }]
      : [];
  });
  const degree = new Map<string, number>();
  for (const edge of graph.edges) for (const end of [edge.src, edge.dst]) degree.set(end, (degree.get(end) ?? 0) + 1);
  return new LevelOfDetail(
    drawn.svg,
    graph.nodes.length < MINIMAP_ROOMS ? Number.POSITIVE_INFINITY : roomGrowth(spots),
    spots,
    degree,
  );
}
