// The legend: the host's entries, or ones derived from what the scene and the path show. Each
// swatch is drawn by the same code as the grid, so the legend cannot disagree with the picture.
import type {
  BoardColor,
  BoardDirection,
  BoardLegendEntry,
  BoardLegendSymbol,
  BoardPathMark,
  GridScene,
} from '../../src/protocol/board';
import {
  agentSymbol,
  ballSymbol,
  boxSymbol,
  colorOf,
  creatureSymbol,
  doorSymbol,
  energySymbol,
  isCreature,
  isTerrainMaterial,
  keySymbol,
  obstacleSymbol,
  startSymbol,
  terrainSymbol,
  wallSymbol,
} from './gridSymbols';
import { htmlElement, starPoints, svgElement } from './svg';

const SIZE = 20;

function swatch(entry: BoardLegendEntry, color: BoardColor, agentDir: BoardDirection | undefined): SVGSVGElement {
  const symbol = entry.symbol;
  const svg = svgElement('svg', {
    class: 'board-svg legend-swatch',
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    width: SIZE,
    height: SIZE,
    'aria-hidden': 'true',
  });
  svg.append(svgElement('rect', { width: SIZE, height: SIZE, class: 'floor' }));
  const c = SIZE / 2;
  const mark = (element: SVGElement, name: string) => {
    element.setAttribute('class', `path-mark mark-${name}`);
    return element;
  };
  const drawn: Record<BoardLegendSymbol, () => SVGElement> = {
    wall: () => wallSymbol(SIZE),
    'door-open': () => doorSymbol(color, 'open', SIZE),
    'door-closed': () => doorSymbol(color, 'closed', SIZE),
    'door-locked': () => doorSymbol(color, 'locked', SIZE),
    key: () => keySymbol(color, SIZE),
    ball: () => ballSymbol(color, SIZE),
    box: () => boxSymbol(color, SIZE),
    energy: () => energySymbol(3, 5, SIZE),
    obstacle: () => obstacleSymbol(SIZE),
    start: () => startSymbol(SIZE),
    agent: () => agentSymbol(SIZE, agentDir),
    arrow: () =>
      mark(svgElement('line', { x1: 3, y1: c, x2: SIZE - 5, y2: c, 'marker-end': 'url(#board-arrowhead)' }), 'arrow'),
    star: () => mark(svgElement('polygon', { points: starPoints(c, c, 7) }), 'star'),
    cross: () => mark(svgElement('path', { d: `M 5 5 L 15 15 M 5 15 L 15 5` }), 'cross'),
    ring: () => mark(svgElement('circle', { cx: c, cy: c, r: 7.5 }), 'ring'),
    terrain: () => terrainSymbol(isTerrainMaterial(entry.material) ? entry.material : 'grass', SIZE),
    creature: () => creatureSymbol(isCreature(entry.creature) ? entry.creature : 'cow', SIZE),
  };
  svg.append((drawn[symbol] ?? drawn.wall)());
  return svg;
}

/** Entries for what is present, in a fixed order. */
export function deriveLegend(scene: GridScene, path: readonly BoardPathMark[]): BoardLegendEntry[] {
  const entries: BoardLegendEntry[] = [];
  const kinds = new Set(scene.cells.map((cell) => (cell.kind === 'door' ? `door-${cell.state}` : cell.kind)));
  const firstColor = (kind: string): BoardColor => {
    const cell = scene.cells.find(
      (candidate) => (candidate.kind === 'door' ? `door-${candidate.state}` : candidate.kind) === kind,
    );
    return cell && 'color' in cell ? colorOf(cell.color) : 'grey';
  };
  const add = (symbol: BoardLegendSymbol, label: string) => entries.push({ symbol, label, color: firstColor(symbol) });
  if (scene.agent)
    entries.push({ symbol: 'agent', label: scene.agent.dir === undefined ? 'agent' : 'agent (points where it faces)' });
  if (kinds.has('wall')) add('wall', 'wall');
  if (kinds.has('door-open')) add('door-open', 'open door');
  if (kinds.has('door-closed')) add('door-closed', 'closed door');
  if (kinds.has('door-locked')) add('door-locked', 'locked door');
  if (kinds.has('key')) add('key', 'key');
  if (kinds.has('ball')) add('ball', 'ball');
  if (kinds.has('box')) add('box', 'box');
  if (kinds.has('energy')) add('energy', 'energy (number = units)');
  if (kinds.has('obstacle')) add('obstacle', 'obstacle');
  if (scene.start) add('start', 'start');
  const marks = new Set(path.map((mark) => mark.mark));
  if (marks.has('arrow')) add('arrow', 'move');
  if (marks.has('star')) add('star', 'TAKE succeeded');
  if (marks.has('ring')) add('ring', 'TAKE failed');
  if (marks.has('cross')) add('cross', 'move blocked');
  return entries;
}

/**
 * `agent`: the scene's agent, whose swatch is drawn as on the grid: pointing the way it faces (a
 * legend saying "facing north" beside a ▶ contradicted the ▲ on the board), a disc without a
 * heading. Without an agent in the scene, a host's agent entry points right.
 */
export function drawLegend(
  entries: readonly BoardLegendEntry[],
  agent: { dir?: BoardDirection } | null = null,
): HTMLElement {
  const agentDir = agent ? agent.dir : 0;
  const list = htmlElement('ul', 'board-legend');
  for (const entry of entries) {
    const item = htmlElement('li');
    item.dataset.symbol = entry.symbol;
    if (entry.material) item.dataset.material = entry.material;
    if (entry.creature) item.dataset.creature = entry.creature;
    item.append(swatch(entry, colorOf(entry.color), agentDir), htmlElement('span', undefined, entry.label));
    list.append(item);
  }
  return list;
}
