// The overview of a large maze: every room as a dot and every edge as a hairline on a canvas drawn
// once per layout, with the part in view as a rectangle; click or drag on it to move the view. It
// shows only while part of the maze is out of view.
import type { Layout } from './layout';
import type { Bounds, PanZoom, View } from './panZoom';
import type { MazeGraph } from '../../src/protocol/maze';

/** Mazes with at least this many rooms get a minimap (smaller ones fit the panel readably). */
export const MINIMAP_ROOMS = 40;
const MAX_SIDE = 180;

export class Minimap {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly frame: HTMLElement;
  private scale = 1;

  constructor(
    graph: MazeGraph,
    layout: Layout,
    private readonly bounds: Bounds,
    private readonly panZoom: PanZoom,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'maze-minimap';
    this.element.setAttribute('role', 'navigation');
    this.element.setAttribute('aria-label', 'Overview: click or drag to move the view');
    this.element.title = 'Overview: click or drag to move the view';
    this.canvas = document.createElement('canvas');
    this.frame = document.createElement('div');
    this.frame.className = 'maze-minimap-frame';
    this.element.append(this.canvas, this.frame);
    this.scale = MAX_SIDE / Math.max(bounds.width, bounds.height);
    const width = Math.max(40, Math.round(bounds.width * this.scale));
    const height = Math.max(30, Math.round(bounds.height * this.scale));
    this.element.style.width = `${width}px`;
    this.element.style.height = `${height}px`;
    this.draw(graph, layout, width, height);
    let dragging = false;
    const move = (event: PointerEvent) => {
      const box = this.canvas.getBoundingClientRect();
      panZoom.centreOn(
        this.bounds.x + (event.clientX - box.left) / this.scale,
        this.bounds.y + (event.clientY - box.top) / this.scale,
      );
    };
    this.element.addEventListener('pointerdown', (event) => {
      dragging = true;
      this.element.setPointerCapture(event.pointerId);
      move(event);
      event.stopPropagation();
    });
    this.element.addEventListener('pointermove', (event) => {
      if (dragging) move(event);
    });
    this.element.addEventListener('pointerup', () => {
      dragging = false;
    });
    // The maze below must not take the minimap's clicks for clicks on rooms.
    this.element.addEventListener('click', (event) => event.stopPropagation());
    this.element.addEventListener('wheel', (event) => event.preventDefault(), { passive: false });
    panZoom.onChange((view) => this.update(view));
  }

  private draw(graph: MazeGraph, layout: Layout, width: number, height: number): void {
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    const context = this.canvas.getContext('2d');
    if (!context) return;
    const style = getComputedStyle(this.element);
    context.scale(ratio * this.scale, ratio * this.scale);
    context.translate(-this.bounds.x, -this.bounds.y);
    context.strokeStyle = style.getPropertyValue('--minimap-edge').trim() || '#8888';
    context.lineWidth = 1 / this.scale;
    context.beginPath();
    for (const edge of graph.edges) {
      const from = layout.nodes.get(edge.src);
      const to = layout.nodes.get(edge.dst);
      if (!from || !to) continue;
      context.moveTo(from.x, from.y);
      context.lineTo(to.x, to.y);
    }
    context.stroke();
    context.fillStyle = style.getPropertyValue('--minimap-room').trim() || '#ccc';
    for (const node of layout.nodes.values())
      context.fillRect(node.x - node.width / 2, node.y - node.height / 2, node.width, node.height);
  }

  private update(view: View): void {
    const { width, height } = this.panZoom.size();
    const left = (-view.x / view.k - this.bounds.x) * this.scale;
    const top = (-view.y / view.k - this.bounds.y) * this.scale;
    // With the whole maze in view the overview says nothing new and would cover part of the map.
    const whole =
      left <= 1 &&
      top <= 1 &&
      left + (width / view.k) * this.scale >= this.canvas.width / (window.devicePixelRatio || 1) - 1 &&
      top + (height / view.k) * this.scale >= this.canvas.height / (window.devicePixelRatio || 1) - 1;
    this.element.hidden = whole;
    this.frame.style.transform = `translate(${left}px, ${top}px)`;
    this.frame.style.width = `${(width / view.k) * this.scale}px`;
    this.frame.style.height = `${(height / view.k) * this.scale}px`;
  }
}
