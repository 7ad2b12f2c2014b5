// Draws a laid-out maze as SVG. Every name from data goes in through textContent. Parallel and
// opposite edges between two rooms bend apart so each arrow and label stays legible; imputed
// edges are dashed; edges and rooms not yet known at the cutoff fade out.
import type { MazeEdge, MazeGraph } from '../../src/protocol/maze';
import type { Layout } from './layout';

const SVG = 'http://www.w3.org/2000/svg';
const BEND = 26;

function element<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const created = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) created.setAttribute(key, String(value));
  return created;
}

export interface DrawnMaze {
  svg: SVGSVGElement;
  nodeElements: Map<string, SVGGElement>;
  edgeElements: Map<string, SVGGElement>;
}

/** Edge geometry: a quadratic curve between the two node borders, bent by `offset`. */
function edgePath(layout: Layout, edge: MazeEdge, offset: number): { d: string; labelX: number; labelY: number } {
  const from = layout.nodes.get(edge.src);
  const to = layout.nodes.get(edge.dst);
  if (!from || !to) return { d: '', labelX: 0, labelY: 0 };
  if (edge.src === edge.dst) {
    const x = from.x + from.width / 2;
    const y = from.y;
    return { d: `M ${x} ${y - 6} C ${x + 40} ${y - 40}, ${x + 40} ${y + 40}, ${x} ${y + 6}`, labelX: x + 44, labelY: y };
  }
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const nx = -dy / length;
  const ny = dx / length;
  const midX = (from.x + to.x) / 2 + nx * offset * 2;
  const midY = (from.y + to.y) / 2 + ny * offset * 2;
  const clip = (node: { x: number; y: number; width: number; height: number }, towardX: number, towardY: number) => {
    // Leave the node's box along the line to the control point.
    const ux = towardX - node.x;
    const uy = towardY - node.y;
    const scale = Math.min(Math.abs((node.width / 2 + 4) / (ux || 1e-9)), Math.abs((node.height / 2 + 4) / (uy || 1e-9)));
    return [node.x + ux * Math.min(scale, 1), node.y + uy * Math.min(scale, 1)];
  };
  const [sx, sy] = clip(from, midX, midY);
  const [ex, ey] = clip(to, midX, midY);
  return { d: `M ${sx} ${sy} Q ${midX} ${midY} ${ex} ${ey}`, labelX: (sx + 2 * midX + ex) / 4, labelY: (sy + 2 * midY + ey) / 4 };
}

/** Offsets per edge so that edges sharing a pair of rooms fan out around the straight line. */
function fanOffsets(edges: readonly MazeEdge[]): Map<string, number> {
  const groups = new Map<string, MazeEdge[]>();
  for (const edge of edges) {
    const key = [edge.src, edge.dst].sort().join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), edge]);
  }
  const offsets = new Map<string, number>();
  for (const group of groups.values()) {
    group.forEach((edge, index) => {
      // Orient by a canonical direction so A→B and B→A bend to opposite sides.
      const canonical = edge.src < edge.dst ? 1 : -1;
      const slot = group.length === 1 ? 0 : (index - (group.length - 1) / 2) * BEND + (group.length % 2 === 0 ? 0 : BEND / 2);
      offsets.set(edge.id, canonical * (group.length === 1 ? 0 : slot || BEND / 2));
    });
  }
  return offsets;
}

export function drawMaze(graph: MazeGraph, layout: Layout): DrawnMaze {
  const svg = element('svg', { class: 'maze', viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'img' });
  const title = element('title');
  title.textContent = `Maze of ${graph.game}: ${graph.nodes.length} locations, ${graph.edges.length} edges`;
  const defs = element('defs');
  for (const [id, cls] of [['arrow', 'arrow'], ['arrow-imputed', 'arrow imputed'], ['arrow-active', 'arrow active']] as const) {
    const marker = element('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
    marker.append(element('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: cls }));
    defs.append(marker);
  }
  const edgeLayer = element('g', { class: 'edges' });
  const labelLayer = element('g', { class: 'edge-labels' });
  const nodeLayer = element('g', { class: 'nodes' });
  const viewport = element('g', { class: 'viewport' });
  viewport.append(edgeLayer, labelLayer, nodeLayer);
  svg.append(title, defs, viewport);

  const offsets = fanOffsets(graph.edges);
  const edgeElements = new Map<string, SVGGElement>();
  for (const edge of graph.edges) {
    const { d, labelX, labelY } = edgePath(layout, edge, offsets.get(edge.id) ?? 0);
    const group = element('g', { class: `edge ${edge.explicit ? 'explicit' : 'imputed'} ${edge.direction ? `dir-${edge.direction}` : 'dir-other'}`, 'data-edge': edge.id });
    const hit = element('path', { d, class: 'edge-hit' });
    const line = element('path', { d, class: 'edge-line', 'marker-end': edge.explicit ? 'url(#arrow)' : 'url(#arrow-imputed)' });
    const tooltip = element('title');
    tooltip.textContent = `${edge.src} —${edge.action}→ ${edge.dst}${edge.explicit ? '' : ' (imputed reverse)'} · known from step ${edge.minStep === 9999 ? 'never' : edge.minStep}`;
    group.append(tooltip, line, hit);
    edgeLayer.append(group);
    const label = element('text', { x: labelX, y: labelY, class: 'edge-label', 'data-edge': edge.id, 'text-anchor': 'middle', 'dominant-baseline': 'middle' });
    label.textContent = edge.action;
    labelLayer.append(label);
    edgeElements.set(edge.id, group);
  }
  const nodeElements = new Map<string, SVGGElement>();
  for (const node of graph.nodes) {
    const placed = layout.nodes.get(node.name);
    if (!placed) continue;
    const group = element('g', { class: `node${node.name === graph.start ? ' start' : ''}`, 'data-node': node.name, transform: `translate(${placed.x - placed.width / 2} ${placed.y - placed.height / 2})` });
    const box = element('rect', { width: placed.width, height: placed.height, rx: 8, ry: 8 });
    const text = element('text', { x: placed.width / 2, y: placed.height / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
    text.textContent = node.name;
    const tooltip = element('title');
    tooltip.textContent = `${node.name} · first known at step ${node.firstStep === 9999 ? 'never' : node.firstStep}`;
    group.append(tooltip, box, text);
    nodeLayer.append(group);
    nodeElements.set(node.name, group);
  }
  return { svg, nodeElements, edgeElements };
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
  for (const node of graph.nodes) drawn.nodeElements.get(node.name)?.classList.toggle('unknown', node.firstStep > cutoff);
}
