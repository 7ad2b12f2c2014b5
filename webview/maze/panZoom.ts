// Pan (drag) and zoom (wheel, pinch) by rewriting the SVG viewBox: no re-layout and no DOM
// changes per frame, so large mazes stay smooth.

export class PanZoom {
  private x = 0;
  private y = 0;
  private width: number;
  private height: number;
  private dragStart: { x: number; y: number; viewX: number; viewY: number } | null = null;
  private dragged = false;

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly contentWidth: number,
    private readonly contentHeight: number,
  ) {
    this.width = contentWidth;
    this.height = contentHeight;
    svg.addEventListener('wheel', (event) => this.onWheel(event), { passive: false });
    svg.addEventListener('pointerdown', (event) => {
      this.dragStart = { x: event.clientX, y: event.clientY, viewX: this.x, viewY: this.y };
      this.dragged = false;
    });
    window.addEventListener('pointermove', (event) => this.onDrag(event));
    window.addEventListener('pointerup', () => {
      this.dragStart = null;
    });
    this.fit();
  }

  /** Whether the last pointer gesture moved the view (so it was not a click). */
  wasDragged(): boolean {
    return this.dragged;
  }

  private scale(): number {
    const box = this.svg.getBoundingClientRect();
    return box.width > 0 ? this.width / box.width : 1;
  }

  private apply(): void {
    this.svg.setAttribute('viewBox', `${this.x} ${this.y} ${this.width} ${this.height}`);
  }

  fit(): void {
    const box = this.svg.getBoundingClientRect();
    const aspect = box.width > 0 && box.height > 0 ? box.width / box.height : this.contentWidth / this.contentHeight;
    // Keep the content's aspect inside the element's so nothing is cut off.
    this.width = Math.max(this.contentWidth, this.contentHeight * aspect);
    this.height = this.width / aspect;
    this.x = (this.contentWidth - this.width) / 2;
    this.y = (this.contentHeight - this.height) / 2;
    this.apply();
  }

  /** Pans so that the element is inside the view. */
  ensureVisible(element: SVGGraphicsElement): void {
    const box = element.getBBox();
    const matrix = element.transform.baseVal.consolidate()?.matrix;
    const cx = box.x + box.width / 2 + (matrix?.e ?? 0);
    const cy = box.y + box.height / 2 + (matrix?.f ?? 0);
    if (cx < this.x || cx > this.x + this.width || cy < this.y || cy > this.y + this.height) {
      this.x = cx - this.width / 2;
      this.y = cy - this.height / 2;
      this.apply();
    }
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    const factor = Math.exp(event.deltaY * 0.0015);
    const box = this.svg.getBoundingClientRect();
    const px = this.x + ((event.clientX - box.left) / box.width) * this.width;
    const py = this.y + ((event.clientY - box.top) / box.height) * this.height;
    const width = Math.min(Math.max(this.width * factor, 80), this.contentWidth * 8 + 800);
    const ratio = width / this.width;
    this.x = px - (px - this.x) * ratio;
    this.y = py - (py - this.y) * ratio;
    this.width = width;
    this.height *= ratio;
    this.apply();
  }

  private onDrag(event: PointerEvent): void {
    if (!this.dragStart) return;
    const dx = event.clientX - this.dragStart.x;
    const dy = event.clientY - this.dragStart.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) this.dragged = true;
    const scale = this.scale();
    this.x = this.dragStart.viewX - dx * scale;
    this.y = this.dragStart.viewY - dy * scale;
    this.apply();
  }
}
