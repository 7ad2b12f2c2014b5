// Draws a laid-out maze as SVG. Every name from data goes in through textContent. Edges are the
// layout's polylines (core routes them around rooms, parallel ones in lanes) and labels sit in the
// boxes it placed; imputed edges are dashed; edges and rooms not yet known at the cutoff fade out.
import type { MazeGraph } from '../../src/protocol/maze';
import type { Layout } from './layout';
import { LINE_HEIGHT, ROOM_FONT_SIZE } from './roomLabels';

import { svgElement as element } from '../shared/svg';

export interface DrawnMaze {
  svg: SVGSVGElement;
  nodeElements: Map<string, SVGGElement>;
  edgeElements: Map<string, SVGGElement>;
}

/** SVG path data of a layout polyline. */
function pathData(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'} ${x} ${y}`).join(' ');
}

export function drawMaze(graph: MazeGraph, layout: Layout): DrawnMaze {
  const svg = element('svg', { class: 'maze', viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'img' });
  const title = element('title');
  title.textContent = `Maze of ${graph.game}: ${graph.nodes.length} locations, ${graph.edges.length} edges`;
  const defs = element('defs');
  for (const [id, cls] of [
    ['arrow', 'arrow'],
    ['arrow-imputed', 'arrow imputed'],
    ['arrow-active', 'arrow active'],
  ] as const) {
    const marker = element('marker', {
      id,
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerWidth: 7,
      markerHeight: 7,
      orient: 'auto-start-reverse',
    });
    marker.append(element('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: cls }));
    defs.append(marker);
  }
  const edgeLayer = element('g', { class: 'edges' });
  const labelLayer = element('g', { class: 'edge-labels' });
  const nodeLayer = element('g', { class: 'nodes' });
  const viewport = element('g', { class: 'viewport' });
  viewport.append(edgeLayer, labelLayer, nodeLayer);
  svg.append(title, defs, viewport);

  const edgeElements = new Map<string, SVGGElement>();
  for (const edge of graph.edges) {
    const geometry = layout.edges.get(edge.id);
    if (!geometry) continue;
    const d = pathData(geometry.points);
    const labelX = geometry.label.x + geometry.label.width / 2;
    const labelY = geometry.label.y + geometry.label.height / 2;
    const group = element('g', {
      class: `edge ${edge.explicit ? 'explicit' : 'imputed'} ${edge.direction ? `dir-${edge.direction}` : 'dir-other'}`,
      'data-edge': edge.id,
    });
    const hit = element('path', { d, class: 'edge-hit' });
    const line = element('path', {
      d,
      class: 'edge-line',
      'marker-end': edge.explicit ? 'url(#arrow)' : 'url(#arrow-imputed)',
    });
    const tooltip = element('title');
    tooltip.textContent = `${edge.src} —${edge.action}→ ${edge.dst}${edge.explicit ? '' : ' (imputed reverse)'} · known from step ${edge.minStep === 9999 ? 'never' : edge.minStep}`;
    group.append(tooltip, line, hit);
    edgeLayer.append(group);
    const label = element('text', {
      x: labelX,
      y: labelY,
      class: 'edge-label',
      'data-edge': edge.id,
      'text-anchor': 'middle',
      'dominant-baseline': 'middle',
    });
    label.textContent = edge.action;
    labelLayer.append(label);
    edgeElements.set(edge.id, group);
  }
  const nodeElements = new Map<string, SVGGElement>();
  for (const node of graph.nodes) {
    const placed = layout.nodes.get(node.name);
    if (!placed) continue;
    const group = element('g', {
      class: `node${node.name === graph.start ? ' start' : ''}`,
      'data-node': node.name,
      transform: `translate(${placed.x - placed.width / 2} ${placed.y - placed.height / 2})`,
    });
    // Box and name in one group: zoomed out, the level of detail grows the name and its box with
    // it, so a grown name stays inside its grown box (media/webview.css: .room).
    const room = element('g', { class: 'room' });
    const box = element('rect', { width: placed.width, height: placed.height, rx: 8, ry: 8 });
    const label = layout.labels.get(node.name);
    room.append(box, roomName(label?.lines ?? [node.name], placed.width / 2, placed.height / 2));
    if (label) {
      // How the box grows with its name when zoomed out (media/webview.css: .lod-rooms-grown).
      const fit = grownFit(label, placed);
      room.style.setProperty('--fit-w', fit.width.toFixed(4));
      room.style.setProperty('--fit-h', fit.height.toFixed(4));
    }
    const tooltip = element('title');
    tooltip.textContent = `${node.name} · first known at step ${node.firstStep === 9999 ? 'never' : node.firstStep}`;
    group.append(tooltip, room);
    nodeLayer.append(group);
    nodeElements.set(node.name, group);
  }
  return { svg, nodeElements, edgeElements };
}

/** A grown name's margin inside its box, in the name's own font sizes (about 2 px on screen). */
const GROWN_PAD_X = 0.22;
const GROWN_PAD_Y = 0.14;

/**
 * Zoomed out, a name grows by a scale s and its box to s × (text + a thin margin), never below the
 * box's own size: these are that size over the box's, per unit of s (the thin margin keeps grown
 * rooms small enough that more of them keep their names).
 */
export function grownFit(
  label: { textWidth: number; textHeight: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  return {
    width: (label.textWidth + 2 * GROWN_PAD_X * ROOM_FONT_SIZE) / box.width,
    height: (label.textHeight + 2 * GROWN_PAD_Y * ROOM_FONT_SIZE) / box.height,
  };
}

/** A room's name centred on (cx, cy), one tspan per line when it wraps. */
export function roomName(lines: readonly string[], cx: number, cy: number): SVGTextElement {
  const text = element('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
  if (lines.length === 1) {
    text.textContent = lines[0];
    return text;
  }
  lines.forEach((line, index) => {
    const span = element('tspan', { x: cx, y: cy + (index - (lines.length - 1) / 2) * LINE_HEIGHT });
    span.textContent = line;
    text.append(span);
  });
  return text;
}

/** Fades what is not yet known at `cutoff` (step labels come from core, compared here only). */
export function applyCutoff(graph: MazeGraph, drawn: DrawnMaze, cutoff: number): void {
  const labels = drawn.svg.querySelectorAll<SVGTextElement>('.edge-label');
  const labelById = new Map([...labels].map((label) => [label.dataset.edge ?? '', label]));
  for (const edge of graph.edges) {
    const known = edge.minStep <= cutoff;
    drawn.edgeElements.get(edge.id)?.classList.toggle('unknown', !known);
    labelById.get(edge.id)?.classList.toggle('unknown', !known);
  }
  for (const node of graph.nodes)
    drawn.nodeElements.get(node.name)?.classList.toggle('unknown', node.firstStep > cutoff);
}
