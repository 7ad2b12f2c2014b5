// The maze view app: toolbar (search, cutoff slider, fit, export menu), the drawing, pan and zoom
// with level of detail and a minimap, and the link to the host. Clicking a room or an edge asks the host to reveal it in the game's files;
// the host highlights what the editor's cursor is on.
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import {
  hostToMazeMessage,
  type CutoffStats,
  type HostToMazeMessage,
  type MapDiffPane,
  type MazeGraph,
  type MazeToHostMessage,
} from '../../src/protocol/maze';
import { connectToHost } from '../shared/host';
import { standaloneSvg, pngFromSvg } from './exportImage';
import { DEFAULT_LAYOUT_ENGINE, isLayoutEngineName, type LayoutEngineName } from '../../src/core/maze/layoutEngines';
import { cancelElkLayout, elkLayout, compassLayout, type Layout } from './layout';
import { stretchToPanel } from './stretch';
import { applyCutoff, drawMaze, type DrawnMaze } from './render';
import { MapDiffView } from './mapDiffView';
import { type LevelOfDetail, mazeLevelOfDetail, ROOM_LABEL_MIN_PX } from './lod';
import { Minimap, MINIMAP_ROOMS } from './minimap';
import { layoutBounds, PanZoom, type PanZoomState } from './panZoom';
import { TrajectoryStepper } from './trajectory';

interface SavedState {
  cutoff: number | null;
  /** The layout on show (chosen here, or the setting's when it last changed); absent: the setting's at the view's start (data-layout). */
  layout?: LayoutEngineName;
}

const host = connectToHost<MazeToHostMessage, HostToMazeMessage>();
const app = document.getElementById('app') as HTMLElement;
app.classList.add('maze-app');

const toolbar = document.createElement('header');
toolbar.className = 'maze-toolbar';
const title = document.createElement('h1');
title.textContent = 'Maze';
title.className = 'maze-title';
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
// The layout: compass (default) or ELK layered; a native select, the smallest control that says
// which one is on show. A narrow panel has no room for it: there the choice is in the ⋯ menu (CSS).
const LAYOUT_CHOICES: ReadonlyArray<readonly [LayoutEngineName, string]> = [
  ['compass', 'Compass'],
  ['elk', 'ELK layered'],
];
const layoutSelect = document.createElement('select');
layoutSelect.id = 'layout-engine';
layoutSelect.className = 'maze-layout-select';
layoutSelect.setAttribute('aria-label', 'Layout');
layoutSelect.title =
  'Layout: Compass puts each room where its moves point (north up). ELK layered draws the maze top to bottom in layers, edges at right angles; moves still leave by the side they name.';
for (const [value, text] of LAYOUT_CHOICES) {
  const option = document.createElement('option');
  option.value = value;
  option.textContent = text;
  layoutSelect.append(option);
}
const fit = toolbarButton('fit', 'Fit');
fit.title = 'Fit the whole maze in the panel';
// Export is rare: it lives in a menu so the toolbar stays on one row in a narrow panel.
const more = toolbarButton('more', '⋯');
more.title = 'Export…';
more.setAttribute('aria-label', 'Export…');
more.setAttribute('aria-haspopup', 'menu');
more.setAttribute('aria-expanded', 'false');
const menu = document.createElement('div');
menu.className = 'maze-menu';
menu.setAttribute('role', 'menu');
menu.hidden = true;
function menuItem(id: string, label: string): HTMLButtonElement {
  const item = document.createElement('button');
  item.id = id;
  item.setAttribute('role', 'menuitem');
  item.textContent = label;
  item.addEventListener('click', () => toggleMenu(false));
  return item;
}
const layoutItems = new Map(
  LAYOUT_CHOICES.map(([value, text]) => {
    const item = menuItem(`layout-${value}`, `${text} layout`);
    item.setAttribute('role', 'menuitemradio');
    item.classList.add('maze-menu-layout');
    item.addEventListener('click', () => useLayout(value));
    return [value, item] as const;
  }),
);
const exportSvgButton = menuItem('export-svg', 'Export as SVG');
const exportPngButton = menuItem('export-png', 'Export as PNG');
menu.append(...layoutItems.values(), exportSvgButton, exportPngButton);
function toggleMenu(open = menu.hidden): void {
  menu.hidden = !open;
  more.setAttribute('aria-expanded', String(open));
}
more.addEventListener('click', (event) => {
  event.stopPropagation();
  toggleMenu();
});
document.addEventListener('click', (event) => {
  if (!menu.hidden && !menu.contains(event.target as Node)) toggleMenu(false);
});
const moreWrap = document.createElement('div');
moreWrap.className = 'maze-more';
moreWrap.append(more, menu);
toolbar.append(title, search, sliderLabel, layoutSelect, fit, moreWrap);

const stats = document.createElement('div');
stats.className = 'maze-stats';
const canvas = document.createElement('div');
canvas.className = 'maze-canvas';
// Over the drawing while ELK works in its worker: the old drawing stays usable meanwhile.
const busy = document.createElement('div');
busy.className = 'maze-busy';
busy.setAttribute('role', 'status');
busy.hidden = true;
// A layout that failed in ELK says so here, over the compass drawing shown instead.
const layoutNotice = document.createElement('div');
layoutNotice.className = 'maze-layout-notice';
layoutNotice.setAttribute('role', 'alert');
layoutNotice.hidden = true;
const status = document.createElement('p');
status.className = 'empty';
status.textContent = 'Loading the maze…';
canvas.append(status, busy);
const legend = document.createElement('div');
legend.className = 'maze-legend';
// Up/down and non-compass moves are drawn in their own colours (render.ts classes dir-up, dir-down,
// dir-other): the legend names every colour the drawing uses, and only those.
const legendItems = new Map<string, HTMLSpanElement>();
for (const [cls, text] of [
  ['explicit', 'edge from edges.json'],
  ['vertical', 'up / down'],
  ['other', 'other move (enter, exit, …)'],
  ['imputed', 'imputed reverse (evaluator adds it)'],
  ['unknown', 'not yet known at the cutoff'],
]) {
  const item = document.createElement('span');
  item.className = `legend-${cls}`;
  item.textContent = text;
  legendItems.set(cls, item);
  legend.append(item);
}
function updateLegend(shown: MazeGraph): void {
  const vertical = shown.edges.some((edge) => edge.direction === 'up' || edge.direction === 'down');
  const other = shown.edges.some((edge) => !edge.direction);
  (legendItems.get('vertical') as HTMLSpanElement).hidden = !vertical;
  (legendItems.get('other') as HTMLSpanElement).hidden = !other;
  (legendItems.get('imputed') as HTMLSpanElement).hidden = !shown.edges.some((edge) => !edge.explicit);
}
/** "Not yet known" only while the cutoff fades something (at the last step nothing is). */
function updateUnknownLegend(shown: MazeGraph, step: number): void {
  const faded = shown.edges.some((edge) => edge.minStep > step) || shown.nodes.some((node) => node.firstStep > step);
  (legendItems.get('unknown') as HTMLSpanElement).hidden = !faded;
}
const partialNotice = document.createElement('div');
partialNotice.className = 'maze-partial';
partialNotice.hidden = true;
const partialText = document.createElement('span');
const showAll = document.createElement('button');
showAll.textContent = 'Show all rooms';
partialNotice.append(partialText, showAll);
const stepper = new TrajectoryStepper();
// A map diff (issue 17) replaces the single drawing with its panes until an answer is stepped.
const mapDiff = new MapDiffView();
let mapDiffPanes: readonly MapDiffPane[] | null = null;
app.append(toolbar, stats, partialNotice, layoutNotice, stepper.element, canvas, legend, mapDiff.element);

function showMapDiff(): void {
  if (!fullGraph || !mapDiffPanes) return;
  app.classList.add('map-diff-mode');
  title.textContent = `Map diff · ${fullGraph.game}`;
  host.post({ type: 'mapDiffDrawn', panes: mapDiff.show(fullGraph, mapDiffPanes) });
}

function leaveMapDiff(): void {
  mapDiffPanes = null;
  mapDiff.clear();
  app.classList.remove('map-diff-mode');
}

let graph: MazeGraph | null = null;
let drawn: DrawnMaze | null = null;
let panZoom: PanZoom | null = null;
let detail: LevelOfDetail | null = null;
/** Set when an answer arrives: its routes are framed once they are drawn. */
let routeToFrame = false;
let minimap: Minimap | null = null;
let lastLayout: Layout | null = null;
const saved = host.state<SavedState>() ?? { cutoff: null };
/** The cutoff on show, kept across redraws (a refresh after an edit keeps the slider where it is). */
let cutoff: number | null = saved.cutoff;
/** The layout on show: this view's own choice, else the setting the host put in the page. */
let engine: LayoutEngineName =
  saved.layout ?? (isLayoutEngineName(app.dataset.layout) ? app.dataset.layout : DEFAULT_LAYOUT_ENGINE);
/** The select and the menu's radio items say which layout is on show. */
function showEngine(): void {
  layoutSelect.value = engine;
  for (const [value, item] of layoutItems) item.setAttribute('aria-checked', String(value === engine));
}
showEngine();
/** The ELK worker's script (dist/webview/elk-worker.js as a webview URL), fetched on ELK's first use. */
const elkWorkerUrl = app.dataset.elkWorker ?? '';

function saveState(): void {
  host.saveState<SavedState>({ cutoff, layout: engine });
}

function showStats(value: CutoffStats): void {
  const part = (name: string, counts: CutoffStats['df']) =>
    counts
      ? `${name}: ${counts.answerable}/${counts.total} answerable (${counts.easy} easy, ${counts.hard} hard)`
      : `${name}: no skeleton file`;
  stats.textContent = `At step ${value.cutoff} · ${part('DF', value.df)} · ${part('RF', value.rf)}`;
}

// In a narrow panel the slider needs the room: "Step N" there, its tooltip still says "Known at".
const narrowToolbar = window.matchMedia('(max-width: 560px)');
function cutoffText(step: number): string {
  return narrowToolbar.matches ? `Step ${step}` : `Known at step ${step}`;
}
/** The ⋯ menu holds the layout choice too in a narrow panel: its name says so. */
function nameMoreMenu(): void {
  const name = narrowToolbar.matches ? 'Layout and export…' : 'Export…';
  more.title = name;
  more.setAttribute('aria-label', name);
}
nameMoreMenu();
narrowToolbar.addEventListener('change', () => {
  if (cutoff !== null) sliderText.textContent = cutoffText(cutoff);
  nameMoreMenu();
});

function setCutoff(step: number, notify: boolean): void {
  cutoff = step;
  slider.value = String(step);
  sliderText.textContent = cutoffText(step);
  sliderLabel.title = `Known at step ${step}: later rooms and edges are faded`;
  slider.setAttribute('aria-label', `Known at step ${step}`);
  if (graph && drawn) {
    applyCutoff(graph, drawn, step);
    updateUnknownLegend(graph, step);
  }
  saveState();
  if (notify) host.post({ type: 'cutoff', step });
}

/** Above this many rooms the view starts on a neighbourhood: a full drawing would be unreadable. */
const LARGE_MAZE = 300;
const NEIGHBOURHOOD_HOPS = 3;

/** The rooms within a few moves (either way) of `centre`, and the edges among them. */
function neighbourhood(full: MazeGraph, centre: string): MazeGraph {
  const adjacent = new Map<string, string[]>();
  for (const edge of full.edges) {
    adjacent.set(edge.src, [...(adjacent.get(edge.src) ?? []), edge.dst]);
    adjacent.set(edge.dst, [...(adjacent.get(edge.dst) ?? []), edge.src]);
  }
  const kept = new Map([[centre, 0]]);
  const queue = [centre];
  for (let head = 0; head < queue.length; head++) {
    const depth = kept.get(queue[head]) ?? 0;
    if (depth === NEIGHBOURHOOD_HOPS) continue;
    for (const next of adjacent.get(queue[head]) ?? []) {
      if (!kept.has(next)) {
        kept.set(next, depth + 1);
        queue.push(next);
      }
    }
  }
  return {
    ...full,
    nodes: full.nodes.filter((node) => kept.has(node.name)),
    edges: full.edges.filter((edge) => kept.has(edge.src) && kept.has(edge.dst)),
  };
}

let fullGraph: MazeGraph | null = null;
showAll.addEventListener('click', () => {
  if (fullGraph) void draw(fullGraph);
});

async function showGraph(next: MazeGraph): Promise<void> {
  fullGraph = next;
  const centre = next.start ?? next.nodes[0]?.name;
  // An answer on show needs the whole maze it is judged on.
  const shown = next.nodes.length > LARGE_MAZE && centre && !stepper.active() ? neighbourhood(next, centre) : next;
  partialNotice.hidden = shown === next;
  partialText.textContent = `${next.nodes.length} rooms: showing the ${shown.nodes.length} within ${NEIGHBOURHOOD_HOPS} moves of ${centre ?? '?'}. `;
  await draw(shown);
  showMapDiff();
}

/** Counts draws: a layout that finishes after a newer draw began is dropped. */
let drawTicket = 0;

/** The layout of `next` by the engine chosen; when ELK fails, compass's and the reason. */
async function layoutFor(next: MazeGraph): Promise<{ layout: Layout; elkFailure?: string }> {
  if (engine === 'compass') return { layout: compassLayout(next) };
  busy.textContent = `ELK is laying out ${next.nodes.length} locations…`;
  busy.hidden = false;
  try {
    return { layout: await elkLayout(next, elkWorkerUrl) };
  } catch (error) {
    return { layout: compassLayout(next), elkFailure: error instanceof Error ? error.message : String(error) };
  }
}

async function draw(next: MazeGraph): Promise<void> {
  const ticket = ++drawTicket;
  // A redraw of the same rooms (an edit of the game) keeps the user's view; another maze, or the
  // whole maze after a neighbourhood, starts fitted.
  const sameRooms = graph !== null && graph.game === next.game && graph.nodes.length === next.nodes.length;
  graph = next;
  if (fullGraph && next === fullGraph) partialNotice.hidden = true;
  title.textContent = next.game;
  layoutNotice.hidden = true;
  // Whatever ELK was still laying out is for a drawing no longer wanted.
  cancelElkLayout(engine);
  if (next.nodes.length === 0) {
    busy.hidden = true;
    status.textContent = 'This game has no edges yet: mark moves in its walkthrough to draw the maze.';
    return;
  }
  status.textContent = `Laying out ${next.nodes.length} locations…`;
  const { layout: unshaped, elkFailure } = await layoutFor(next);
  if (ticket !== drawTicket) return;
  busy.hidden = true;
  if (elkFailure !== undefined) {
    // Never a silent swap: the compass drawing comes with the reason, and the control says compass
    // (choosing ELK again tries again).
    layoutNotice.textContent = `The ELK layout failed (${elkFailure}); showing the compass layout.`;
    layoutNotice.hidden = false;
    engine = 'compass';
    showEngine();
  }
  // Shaped for the panel it opens in (a resize later refits it, without laying it out again).
  const layout = stretchToPanel(unshaped, canvas.clientWidth / canvas.clientHeight);
  // The user's view is kept only over the same drawing: another layout of the same rooms starts fitted.
  const previous = sameRooms && lastLayout?.engine === layout.engine ? panZoom?.state() : undefined;
  mount(next, layout, previous);
  host.post({
    type: 'layout',
    engine: layout.engine,
    milliseconds: Math.round(layout.milliseconds),
    ...(layout.engine === 'elk' ? { engineStartMs: Math.round(layout.engineStartMs) } : {}),
    nodes: next.nodes.length,
    edges: next.edges.length,
  });
}

/** Puts the drawing of `next` in the canvas with its pan and zoom (kept from `previous`), minimap and stepper. */
function mount(next: MazeGraph, layout: Layout, previous: PanZoomState | undefined): void {
  lastLayout = layout;
  drawn = drawMaze(next, layout);
  // Which engine drew it, for tests and for anyone reading the page: positions alone cannot tell,
  // since each drawing is also shaped to the panel.
  drawn.svg.dataset.engine = layout.engine;
  canvas.replaceChildren(drawn.svg, busy);
  updateLegend(next);
  panZoom?.dispose();
  const bounds = layoutBounds(layout.nodes.values(), layout, layout.edges.values());
  detail = mazeLevelOfDetail(drawn, layout, next);
  panZoom = new PanZoom(drawn.svg, bounds, { previous, extent: detail.extent });
  panZoom.onChange(detail.apply);
  minimap = next.nodes.length >= MINIMAP_ROOMS ? new Minimap(next, layout, bounds, panZoom) : null;
  if (minimap) canvas.append(minimap.element);
  stepper.attach(drawn, layout, next);
  if (routeToFrame) frameRoute();
  slider.max = String(next.lastStep);
  setCutoff(Math.min(cutoff ?? next.lastStep, next.lastStep), true);
}

/** Draws what is on show again with `next` as its layout. */
function useLayout(next: LayoutEngineName): void {
  engine = next;
  showEngine();
  saveState();
  if (graph && graph.nodes.length > 0) void draw(graph).catch(layoutFailed);
}
layoutSelect.addEventListener('change', () => {
  if (isLayoutEngineName(layoutSelect.value)) useLayout(layoutSelect.value);
});

/** A replay opens on its routes: framed with a margin, not the whole maze with the route a few pixels wide. */
function frameRoute(): void {
  const part = stepper.routeBounds();
  if (!panZoom || !part) return;
  routeToFrame = false;
  panZoom.frame(part);
}

stepper.onPainted = (current) => {
  detail?.refresh();
  const room = current ? lastLayout?.nodes.get(current) : undefined;
  if (room && panZoom) panZoom.ensureVisible(room.x, room.y);
};

function highlight(nodes: readonly string[], edges: readonly string[]): void {
  if (!drawn) return;
  for (const [name, element] of drawn.nodeElements) element.classList.toggle('highlight', nodes.includes(name));
  for (const [id, element] of drawn.edgeElements) element.classList.toggle('highlight', edges.includes(id));
  detail?.refresh();
  const focus = nodes[0] ? lastLayout?.nodes.get(nodes[0]) : undefined;
  if (focus && panZoom) panZoom.ensureVisible(focus.x, focus.y);
}

/** Zoom at which a room's name is drawn at its normal size and readable. */
const READABLE_ZOOM = (ROOM_LABEL_MIN_PX * 1.25) / 12.5;

slider.addEventListener('input', () => setCutoff(Number(slider.value), true));
fit.addEventListener('click', () => {
  panZoom?.fit();
  mapDiff.fit();
});
search.addEventListener('input', () => {
  const query = ((search as unknown as { value?: string }).value ?? '').trim().toLowerCase();
  if (!drawn) return;
  const matches =
    query === '' ? [] : [...drawn.nodeElements.keys()].filter((name) => name.toLowerCase().includes(query));
  for (const [name, element] of drawn.nodeElements) {
    element.classList.toggle('match', matches.includes(name));
    element.classList.toggle('found', name === matches[0]);
  }
  detail?.refresh();
  // Fly to the first match, close enough to read its name.
  const first = matches[0] ? lastLayout?.nodes.get(matches[0]) : undefined;
  if (first && panZoom) panZoom.flyTo(first.x, first.y, READABLE_ZOOM);
});
async function exportImage(format: 'svg' | 'png'): Promise<void> {
  if (!drawn || !lastLayout) return;
  const bounds = layoutBounds(lastLayout.nodes.values(), lastLayout, lastLayout.edges.values());
  const svgText = standaloneSvg(drawn.svg, bounds.width, bounds.height, bounds);
  const data = format === 'svg' ? svgText : await pngFromSvg(svgText, bounds.width, bounds.height);
  host.post({ type: 'export', format, fileName: `${graph?.game ?? 'maze'}.${format}`, data });
}
exportSvgButton.addEventListener('click', () => void exportImage('svg'));
exportPngButton.addEventListener('click', () => void exportImage('png'));
canvas.addEventListener('click', (event) => {
  if (panZoom?.wasDragged()) return;
  const target = event.target as Element;
  const node = target.closest<SVGGElement>('[data-node]');
  if (node?.dataset.node) {
    host.post({ type: 'revealNode', name: node.dataset.node });
    return;
  }
  const edge = target.closest<SVGGElement>('[data-edge]');
  const edgeId = edge?.dataset.edge;
  if (!edgeId) return;
  const imputed = graph?.edges.find((candidate) => candidate.id === edgeId && !candidate.explicit);
  if (imputed)
    host.post({ type: 'imputedEdge', source: imputed.src, action: imputed.action, destination: imputed.dst });
  else host.post({ type: 'revealEdge', id: edgeId });
});

function layoutFailed(error: unknown): void {
  status.textContent = `The layout failed: ${error instanceof Error ? error.message : String(error)}`;
  busy.hidden = true;
  canvas.replaceChildren(status);
}

host.onMessage((message) => {
  if (message.type === 'graph') {
    // A new maze ends the diff drawn on the old one: the host sends the diff again after its maze.
    leaveMapDiff();
    void showGraph(message.graph).catch(layoutFailed);
  } else if (message.type === 'route') stepper.reroute(message.question);
  else if (message.type === 'rewalk') stepper.rewalk(message.trajectory, message.compare ?? null);
  else if (message.type === 'highlight') highlight(message.nodes, message.edges);
  else if (message.type === 'layoutEngine') {
    // The setting changed: it wins over this view's earlier choice.
    if (message.engine !== engine) useLayout(message.engine);
  } else if (message.type === 'mapDiff') {
    mapDiffPanes = message.panes;
    showMapDiff();
  } else if (message.type === 'trajectory') {
    leaveMapDiff();
    // The path is drawn over the maze its question was asked on: the question's cutoff replaces
    // whatever the slider was left at, and with no known cutoff nothing is faded. The rooms of the
    // routes stay unfaded whatever the cutoff (CSS: .on-path).
    const questionCutoff = message.trajectory.cutoff;
    cutoff = questionCutoff;
    if (graph && drawn) setCutoff(Math.min(questionCutoff ?? graph.lastStep, graph.lastStep), true);
    if (
      stepper.show(message.trajectory, message.compare ?? null, message.question ?? null, message.follow === true) ===
      'new'
    )
      routeToFrame = true;
    // The whole maze the answer is judged on, not the neighbourhood a large maze starts on (framed once drawn).
    if (fullGraph && graph !== fullGraph) void draw(fullGraph).catch(layoutFailed);
    else if (routeToFrame) frameRoute();
  } else showStats(message.stats);
}, hostToMazeMessage);

host.post({ type: 'ready' });
