// The maze view app: toolbar (search, cutoff slider, fit, export), the drawing, pan and zoom, and
// the link to the host. Clicking a room or an edge asks the host to reveal it in the game's files;
// the host highlights what the editor's cursor is on.
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { CutoffStats, HostToMazeMessage, MazeGraph, MazeToHostMessage } from '../../src/protocol/maze';
import { connectToHost } from '../shared/host';
import { elkFor, layoutMaze } from './layout';
import { applyCutoff, drawMaze, type DrawnMaze } from './render';
import { PanZoom } from './panZoom';
import { TrajectoryStepper } from './trajectory';

interface SavedState {
  cutoff: number | null;
}

function isHostMessage(value: unknown): value is HostToMazeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; graph?: { nodes?: unknown; edges?: unknown }; nodes?: unknown; edges?: unknown; stats?: unknown; elkWorkerUrl?: unknown };
  if (message.type === 'graph') return typeof message.elkWorkerUrl === 'string' && Array.isArray(message.graph?.nodes) && Array.isArray(message.graph?.edges);
  if (message.type === 'highlight') return Array.isArray(message.nodes) && Array.isArray(message.edges);
  if (message.type === 'trajectory') {
    const trajectory = (value as { trajectory?: { steps?: unknown; title?: unknown } }).trajectory;
    return Array.isArray(trajectory?.steps) && typeof trajectory?.title === 'string';
  }
  if (message.type === 'stats') return typeof message.stats === 'object' && message.stats !== null;
  return false;
}

const host = connectToHost<MazeToHostMessage, HostToMazeMessage>();
const app = document.getElementById('app') as HTMLElement;
app.classList.add('maze-app');

const toolbar = document.createElement('header');
toolbar.className = 'maze-toolbar';
const title = document.createElement('h1');
title.textContent = 'Maze';
const search = document.createElement('vscode-textfield');
search.id = 'search';
search.setAttribute('placeholder', 'Find a location');
search.setAttribute('aria-label', 'Find a location');
const sliderLabel = document.createElement('label');
sliderLabel.className = 'cutoff';
const sliderText = document.createElement('span');
const slider = document.createElement('input');
slider.type = 'range';
slider.id = 'cutoff';
slider.min = '0';
sliderLabel.append(sliderText, slider);
function toolbarButton(id: string, label: string): HTMLElement {
  const button = document.createElement('vscode-button');
  button.id = id;
  button.setAttribute('secondary', '');
  button.textContent = label;
  return button;
}
const fit = toolbarButton('fit', 'Fit');
const exportButton = toolbarButton('export-svg', 'Export SVG');
toolbar.append(title, search, sliderLabel, fit, exportButton);

const stats = document.createElement('div');
stats.className = 'maze-stats';
const canvas = document.createElement('div');
canvas.className = 'maze-canvas';
const status = document.createElement('p');
status.className = 'empty';
status.textContent = 'Loading the maze…';
canvas.append(status);
const legend = document.createElement('div');
legend.className = 'maze-legend';
for (const [cls, text] of [['explicit', 'edge from edges.json'], ['imputed', 'imputed reverse (evaluator adds it)'], ['unknown', 'not yet known at the cutoff']]) {
  const item = document.createElement('span');
  item.className = `legend-${cls}`;
  item.textContent = text;
  legend.append(item);
}
const stepper = new TrajectoryStepper();
app.append(toolbar, stats, stepper.element, canvas, legend);

let graph: MazeGraph | null = null;
let drawn: DrawnMaze | null = null;
let panZoom: PanZoom | null = null;
const saved = host.state<SavedState>() ?? { cutoff: null };

function showStats(value: CutoffStats): void {
  const part = (name: string, counts: CutoffStats['df']) => (counts ? `${name}: ${counts.answerable}/${counts.total} answerable (${counts.easy} easy, ${counts.hard} hard)` : `${name}: no skeleton file`);
  stats.textContent = `At step ${value.cutoff} · ${part('DF', value.df)} · ${part('RF', value.rf)}`;
}

function setCutoff(step: number, notify: boolean): void {
  slider.value = String(step);
  sliderText.textContent = `Known at step ${step}`;
  if (graph && drawn) applyCutoff(graph, drawn, step);
  host.saveState<SavedState>({ cutoff: step });
  if (notify) host.post({ type: 'cutoff', step });
}

async function showGraph(next: MazeGraph, elkWorkerUrl: string): Promise<void> {
  graph = next;
  title.textContent = next.game;
  if (next.nodes.length === 0) {
    status.textContent = 'This game has no edges yet: mark moves in its walkthrough to draw the maze.';
    return;
  }
  status.textContent = `Laying out ${next.nodes.length} locations…`;
  const layout = await layoutMaze(next, elkWorkerUrl);
  drawn = drawMaze(next, layout);
  canvas.replaceChildren(drawn.svg);
  panZoom = new PanZoom(drawn.svg, layout.width, layout.height);
  stepper.attach(drawn, layout);
  slider.max = String(next.lastStep);
  setCutoff(Math.min(saved.cutoff ?? next.lastStep, next.lastStep), true);
  host.post({ type: 'layout', milliseconds: Math.round(layout.milliseconds), nodes: next.nodes.length, edges: next.edges.length });
}

function highlight(nodes: readonly string[], edges: readonly string[]): void {
  if (!drawn) return;
  for (const [name, element] of drawn.nodeElements) element.classList.toggle('highlight', nodes.includes(name));
  for (const [id, element] of drawn.edgeElements) element.classList.toggle('highlight', edges.includes(id));
  const focus = nodes[0] ? drawn.nodeElements.get(nodes[0]) : undefined;
  if (focus && panZoom) panZoom.ensureVisible(focus);
}

slider.addEventListener('input', () => setCutoff(Number(slider.value), true));
fit.addEventListener('click', () => panZoom?.fit());
search.addEventListener('input', () => {
  const query = ((search as unknown as { value?: string }).value ?? '').trim().toLowerCase();
  if (!drawn) return;
  const matches = query === '' ? [] : [...drawn.nodeElements.keys()].filter((name) => name.toLowerCase().includes(query));
  for (const [name, element] of drawn.nodeElements) element.classList.toggle('match', matches.includes(name));
  const first = matches[0] ? drawn.nodeElements.get(matches[0]) : undefined;
  if (first && panZoom) panZoom.ensureVisible(first);
});
exportButton.addEventListener('click', () => {
  if (!drawn) return;
  const blob = new Blob([new XMLSerializer().serializeToString(drawn.svg)], { type: 'image/svg+xml' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${graph?.game ?? 'maze'}.svg`;
  link.click();
});
canvas.addEventListener('click', (event) => {
  if (panZoom?.wasDragged()) return;
  const target = event.target as Element;
  const node = target.closest<SVGGElement>('[data-node]');
  if (node?.dataset.node) {
    host.post({ type: 'revealNode', name: node.dataset.node });
    return;
  }
  const edge = target.closest<SVGGElement>('[data-edge]');
  if (edge?.dataset.edge) host.post({ type: 'revealEdge', id: edge.dataset.edge });
});

host.onMessage((message) => {
  if (message.type === 'graph') void showGraph(message.graph, message.elkWorkerUrl).catch((error: unknown) => {
    status.textContent = `The layout failed: ${error instanceof Error ? error.message : String(error)}`;
  });
  else if (message.type === 'highlight') highlight(message.nodes, message.edges);
  else if (message.type === 'trajectory') stepper.show(message.trajectory);
  else showStats(message.stats);
}, isHostMessage);

const preloadWorker = app.dataset.elkWorker;
if (preloadWorker) void elkFor(preloadWorker).catch(() => undefined);

host.post({ type: 'ready' });
