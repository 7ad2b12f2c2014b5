// Pan (drag) and zoom (wheel, pinch) as one transform on the drawing's viewport group: no relayout
// and no per-element work per frame. Input events only record the wanted view; one
// requestAnimationFrame applies it, so a burst of wheel events costs one style change per frame.
// While the wheel turns, the zoom is previewed as a CSS transform of the whole <svg> (a composited
// layer: the compositor scales the last raster, nothing is repainted) and committed to the group
// when the wheel rests, so the drawing is rasterised once at its new scale, not every frame.
// The view opens fitted to the panel and refits when the panel resizes, until the user moves it;
// a replay frames its route instead (and a resize keeps the route framed, until the user moves).

export interface View {
  /** Screen pixels per layout unit. */
  k: number;
  /** Screen position (relative to the SVG) of layout point (0, 0). */
  x: number;
  y: number;
}

/** A view to carry over to a redrawn maze (see PanZoom.state). */
export interface PanZoomState {
  view: View;
  touched: boolean;
  target: Bounds | null;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Screen margin around the maze when fitted. */
const FIT_MARGIN = 16;
const MAX_ZOOM = 4;
/** A framed route is shown at most at full size: a two-room route should not fill the panel with two boxes. */
const FRAME_MAX_ZOOM = 1;
const FLY_MS = 280;
/** A gesture has ended when no input came for this long. */
const REST_MS = 160;

export class PanZoom {
  private view: View = { k: 1, x: 0, y: 0 };
  /** The view the group's transform draws; `view` differs from it while a zoom is previewed. */
  private committed: View = { k: 1, x: 0, y: 0 };
  private previewing = false;
  private dragStart: { x: number; y: number; view: View } | null = null;
  private dragged = false;
  /** Set by the first pan or zoom: from then on a panel resize keeps the user's view. */
  private touched = false;
  /** What an untouched view keeps in the panel: the whole maze (null) or a framed part of it. */
  private target: Bounds | null = null;
  private pendingFrame = 0;
  private rest: ReturnType<typeof setTimeout> | undefined;
  private flight = 0;
  private readonly listeners: Array<(view: View) => void> = [];
  private readonly viewport: SVGGElement;
  private readonly resize: ResizeObserver;
  private readonly windowListeners = new AbortController();

  private readonly extent: ((part: Bounds, k: number) => Bounds) | undefined;

  /**
   * `previous`: the view of the drawing this one replaces (a redraw of the same maze keeps where the
   * user was). `extent`: what a part of the drawing covers at zoom k, when that depends on the zoom
   * (zoomed out, rooms grow with their names: lod.ts), so fitting leaves room for the grown rooms.
   */
  constructor(
    private readonly svg: SVGSVGElement,
    private readonly bounds: Bounds,
    options: { previous?: PanZoomState; extent?: (part: Bounds, k: number) => Bounds } = {},
  ) {
    const { previous } = options;
    this.extent = options.extent;
    this.viewport = svg.querySelector('.viewport') as SVGGElement;
    // The transform does the mapping; a viewBox would scale everything a second time.
    svg.removeAttribute('viewBox');
    svg.addEventListener('wheel', (event) => this.onWheel(event), { passive: false });
    svg.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      this.commit();
      this.dragStart = { x: event.clientX, y: event.clientY, view: { ...this.view } };
      this.dragged = false;
    });
    // On window, so a drag continues outside the SVG; removed on dispose (the view makes a new
    // PanZoom on every redraw, and a kept listener would keep the old drawing alive).
    window.addEventListener('pointermove', (event) => this.onDrag(event), { signal: this.windowListeners.signal });
    window.addEventListener('pointerup', () => (this.dragStart = null), { signal: this.windowListeners.signal });
    this.resize = new ResizeObserver(() => {
      if (this.touched) return this.schedule();
      this.previewing = false;
      this.set(this.fitted());
    });
    this.resize.observe(svg);
    if (previous?.touched) {
      this.touched = true;
      this.set(previous.view);
    } else if (previous?.target) this.frame(previous.target);
    else this.fit();
  }

  /** What a redraw of the same maze should keep: the user's view, or what was framed. */
  state(): PanZoomState {
    return { view: { ...this.view }, touched: this.touched, target: this.target };
  }

  dispose(): void {
    this.windowListeners.abort();
    this.resize.disconnect();
    cancelAnimationFrame(this.pendingFrame);
    cancelAnimationFrame(this.flight);
    clearTimeout(this.rest);
  }

  /** Called with the view after every applied change (once per frame at most). */
  onChange(listener: (view: View) => void): void {
    this.listeners.push(listener);
    listener(this.view);
  }

  /** Whether the last pointer gesture moved the view (so it was not a click). */
  wasDragged(): boolean {
    return this.dragged;
  }

  /** The panel's size in screen pixels. */
  size(): { width: number; height: number } {
    // Client sizes ignore the preview's CSS transform.
    return { width: this.svg.clientWidth, height: this.svg.clientHeight };
  }

  /** The SVG's untransformed top-left corner on screen: its container's content box. */
  private origin(): { left: number; top: number } {
    const parent = this.svg.parentElement;
    if (!parent) return { left: 0, top: 0 };
    const box = parent.getBoundingClientRect();
    return { left: box.left + parent.clientLeft, top: box.top + parent.clientTop };
  }

  /** The part of the layout in view, in layout units. */
  visible(): Bounds {
    const { width, height } = this.size();
    return {
      x: -this.view.x / this.view.k,
      y: -this.view.y / this.view.k,
      width: width / this.view.k,
      height: height / this.view.k,
    };
  }

  /** The whole maze in the panel, centred, within a small margin; later resizes refit. */
  fit(): void {
    this.target = null;
    this.touched = false;
    this.previewing = false;
    cancelAnimationFrame(this.flight);
    this.set(this.fitted());
  }

  /**
   * `part` of the maze (a route, in layout units) centred in the panel, as large as fits up to a
   * readable zoom, never smaller than the whole maze fitted; later resizes keep it framed. A part
   * about as large as the whole maze fits the whole maze.
   */
  frame(part: Bounds): void {
    const { width, height } = this.size();
    if (width <= 0 || height <= 0) {
      // Not laid out yet: the first resize frames it.
      this.target = part;
      this.touched = false;
      return;
    }
    const whole = this.fittedTo(this.bounds, MAX_ZOOM);
    const framed = this.fittedTo(part, Math.max(FRAME_MAX_ZOOM, whole.k));
    if (framed.k <= whole.k * 1.1) return this.fit();
    this.target = part;
    this.touched = false;
    this.previewing = false;
    cancelAnimationFrame(this.flight);
    this.set(framed);
  }

  private fitted(): View {
    if (!this.target) return this.fittedTo(this.bounds, MAX_ZOOM);
    const whole = this.fittedTo(this.bounds, MAX_ZOOM);
    return this.fittedTo(this.target, Math.max(FRAME_MAX_ZOOM, whole.k));
  }

  private fittedTo(part: Bounds, maxZoom: number): View {
    const { width, height } = this.size();
    if (width <= 0 || height <= 0) return this.view;
    const room = { width: width - 2 * FIT_MARGIN, height: height - 2 * FIT_MARGIN };
    let k = Math.min(maxZoom, room.width / part.width, room.height / part.height);
    let shown = part;
    const extent = this.extent;
    if (extent) {
      // Zooming out grows the rooms, so what must fit grows as k shrinks: the largest k at which
      // the grown drawing fits, by bisection (the drawn size, extent × k, grows with k).
      const fits = (zoom: number) => {
        const grown = extent(part, zoom);
        return grown.width * zoom <= room.width + 0.5 && grown.height * zoom <= room.height + 0.5;
      };
      if (!fits(k)) {
        let [low, high] = [k / 4, k];
        for (let step = 0; step < 24; step++) {
          const middle = (low + high) / 2;
          if (fits(middle)) low = middle;
          else high = middle;
        }
        k = low;
      }
      shown = extent(part, k);
    }
    return { k, x: width / 2 - (shown.x + shown.width / 2) * k, y: height / 2 - (shown.y + shown.height / 2) * k };
  }

  /** Smallest zoom allowed: a little below fit, so a fitted maze can still be pulled back. */
  private minZoom(): number {
    return Math.min(0.5, this.fittedTo(this.bounds, MAX_ZOOM).k * 0.5);
  }

  /** Centres layout point (cx, cy) immediately (the minimap's click and drag). */
  centreOn(cx: number, cy: number): void {
    this.touched = true;
    this.previewing = false;
    const { width, height } = this.size();
    this.set({ k: this.view.k, x: width / 2 - cx * this.view.k, y: height / 2 - cy * this.view.k });
  }

  /** Animates the view to centre (cx, cy) at zoom at least `minK` (search results). */
  flyTo(cx: number, cy: number, minK: number): void {
    this.touched = true;
    const { width, height } = this.size();
    const k = Math.min(MAX_ZOOM, Math.max(this.view.k, minK));
    const target = { k, x: width / 2 - cx * k, y: height / 2 - cy * k };
    this.previewing = false;
    const from = { ...this.view };
    const started = performance.now();
    cancelAnimationFrame(this.flight);
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / FLY_MS);
      const ease = t * t * (3 - 2 * t);
      this.view = {
        k: from.k + (target.k - from.k) * ease,
        x: from.x + (target.x - from.x) * ease,
        y: from.y + (target.y - from.y) * ease,
      };
      this.apply();
      if (t < 1) this.flight = requestAnimationFrame(step);
    };
    this.flight = requestAnimationFrame(step);
  }

  /**
   * Pans so that layout point (cx, cy) is inside the view (the host's highlight, a replay's step).
   * Not a user's move: an untouched view still refits on resize. The editor's cursor highlights a
   * room as the panel opens, before it has a size: everything is in view once it is fitted.
   */
  ensureVisible(cx: number, cy: number): void {
    const { width, height } = this.size();
    if (width <= 0 || height <= 0) return;
    const seen = this.visible();
    if (cx >= seen.x && cx <= seen.x + seen.width && cy >= seen.y && cy <= seen.y + seen.height) return;
    this.previewing = false;
    this.set({ k: this.view.k, x: width / 2 - cx * this.view.k, y: height / 2 - cy * this.view.k });
  }

  private set(view: View): void {
    this.view = view;
    this.schedule();
  }

  private schedule(): void {
    if (this.pendingFrame) return;
    this.pendingFrame = requestAnimationFrame(() => {
      this.pendingFrame = 0;
      this.apply();
    });
  }

  /** Marks the drawing as moving for the length of a gesture (cheaper rendering, see webview.css). */
  private moving(): void {
    if (!this.svg.classList.contains('moving')) this.svg.classList.add('moving');
    clearTimeout(this.rest);
    this.rest = setTimeout(() => {
      this.svg.classList.remove('moving');
      this.commit();
    }, REST_MS);
  }

  /** Ends a zoom preview: the group's transform takes the view and the CSS transform goes. */
  private commit(): void {
    if (!this.previewing) return;
    this.previewing = false;
    this.apply();
  }

  private apply(): void {
    const { k, x, y } = this.view;
    if (this.previewing) {
      // Screen point p of the committed drawing must land where the view puts it: p·s + t.
      const s = k / this.committed.k;
      this.svg.style.transform = `translate(${x - this.committed.x * s}px, ${y - this.committed.y * s}px) scale(${s})`;
    } else {
      this.viewport.setAttribute('transform', `translate(${x} ${y}) scale(${k})`);
      this.svg.style.transform = '';
      this.committed = { ...this.view };
    }
    for (const listener of this.listeners) listener(this.view);
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    cancelAnimationFrame(this.flight);
    this.touched = true;
    this.previewing = true;
    this.moving();
    const box = this.origin();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    const k = Math.min(MAX_ZOOM, Math.max(this.minZoom(), this.view.k * Math.exp(-event.deltaY * 0.0015)));
    const ratio = k / this.view.k;
    this.set({ k, x: px - (px - this.view.x) * ratio, y: py - (py - this.view.y) * ratio });
  }

  private onDrag(event: PointerEvent): void {
    if (!this.dragStart) return;
    const dx = event.clientX - this.dragStart.x;
    const dy = event.clientY - this.dragStart.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) {
      this.dragged = true;
      this.touched = true;
      cancelAnimationFrame(this.flight);
    }
    if (!this.dragged) return;
    this.moving();
    this.set({ k: this.dragStart.view.k, x: this.dragStart.view.x + dx, y: this.dragStart.view.y + dy });
  }
}

/** The layout's drawn extent: every room box, with room for self-loops and arrowheads. */
export function layoutBounds(
  nodes: Iterable<{ x: number; y: number; width: number; height: number }>,
  fallback: { width: number; height: number },
  edges: Iterable<{ points: readonly (readonly [number, number])[]; label: Bounds }> = [],
): Bounds {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of nodes) {
    left = Math.min(left, node.x - node.width / 2);
    right = Math.max(right, node.x + node.width / 2);
    top = Math.min(top, node.y - node.height / 2);
    bottom = Math.max(bottom, node.y + node.height / 2);
  }
  // An edge may detour around rooms beyond the outermost room (a long "climb" around the map), and
  // its label (a top-left box) sits beside it: fitting to the rooms alone cut those off at the edge.
  for (const edge of edges) {
    for (const [x, y] of edge.points) {
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    left = Math.min(left, edge.label.x);
    right = Math.max(right, edge.label.x + edge.label.width);
    top = Math.min(top, edge.label.y);
    bottom = Math.max(bottom, edge.label.y + edge.label.height);
  }
  if (!Number.isFinite(left))
    return { x: 0, y: 0, width: Math.max(1, fallback.width), height: Math.max(1, fallback.height) };
  const pad = 24;
  return { x: left - pad, y: top - pad, width: right - left + 2 * pad, height: bottom - top + 2 * pad };
}
