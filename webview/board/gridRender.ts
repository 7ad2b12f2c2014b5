// Draws a grid scene as SVG: floor and grid lines, axis numbers, cells, the start mark, the path
// overlay and the agent on top. Each cell group carries data-x/data-y/data-kind so tests, hover
// and authoring can find it.
import type { BoardPathMark, GridCell, GridScene } from '../../src/protocol/board';
import {
  agentSymbol,
  ballSymbol,
  boxSymbol,
  colorOf,
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
import { worldOrigin } from './describe';
import { drawPath } from './pathOverlay';
import { clampInt, svgElement, svgText } from './svg';

export const CELL = 36;
const MAX_SIDE = 256;

export interface DrawnGrid {
  svg: SVGSVGElement;
  width: number;
  height: number;
  /** The grid's origin inside the SVG (room for the axis numbers). */
  left: number;
  top: number;
  columns: number;
  rows: number;
}

function cellSymbol(cell: GridCell, energyMax: number): SVGGElement | null {
  switch (cell.kind) {
    case 'wall':
      return wallSymbol(CELL);
    case 'door':
      return doorSymbol(
        colorOf(cell.color),
        cell.state === 'open' || cell.state === 'locked' ? cell.state : 'closed',
        CELL,
      );
    case 'key':
      return keySymbol(colorOf(cell.color), CELL);
    case 'ball':
      return ballSymbol(colorOf(cell.color), CELL);
    case 'box':
      return boxSymbol(colorOf(cell.color), CELL, cell.contains);
    case 'energy':
      return energySymbol(Number.isFinite(cell.value) ? cell.value : 0, energyMax, CELL);
    case 'obstacle':
      return obstacleSymbol(CELL);
    case 'terrain':
      return isTerrainMaterial(cell.material)
        ? terrainSymbol(cell.material, CELL, isCreature(cell.creature) ? cell.creature : null)
        : null;
    default:
      return null;
  }
}

/** Axis numbers: every cell on small grids, every fifth on large ones. */
function axisStep(side: number): number {
  return side <= 24 ? 1 : 5;
}

export function drawGrid(scene: GridScene, path: readonly BoardPathMark[], currentFrame: number): DrawnGrid {
  const columns = clampInt(scene.width, 1, MAX_SIDE);
  const rows = clampInt(scene.height, 1, MAX_SIDE);
  const left = 26;
  const top = 22;
  const width = left + columns * CELL + 6;
  const height = top + rows * CELL + 6;
  const svg = svgElement('svg', {
    class: 'board-svg grid',
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'data-columns': columns,
    'data-rows': rows,
  });
  const title = svgElement('title');
  title.textContent = `Grid ${columns}×${rows}`;
  const board = svgElement('g', { class: 'board', transform: `translate(${left} ${top})` });
  svg.append(title, board);

  board.append(svgElement('rect', { width: columns * CELL, height: rows * CELL, class: 'floor' }));
  const lines = svgElement('g', { class: 'grid-lines' });
  for (let x = 0; x <= columns; x++)
    lines.append(svgElement('line', { x1: x * CELL, y1: 0, x2: x * CELL, y2: rows * CELL }));
  for (let y = 0; y <= rows; y++)
    lines.append(svgElement('line', { x1: 0, y1: y * CELL, x2: columns * CELL, y2: y * CELL }));
  board.append(lines);

  const axes = svgElement('g', { class: 'axes' });
  const step = axisStep(Math.max(columns, rows));
  // A window onto a larger world numbers its axes in world coordinates, as its legend and hover do.
  const origin = worldOrigin(scene);
  for (let x = 0; x < columns; x += step)
    axes.append(svgText(String(origin.x + x), { x: left + x * CELL + CELL / 2, y: top - 8, 'text-anchor': 'middle' }));
  for (let y = 0; y < rows; y += step)
    axes.append(
      svgText(String(origin.y + y), {
        x: left - 6,
        y: top + y * CELL + CELL / 2,
        'text-anchor': 'end',
        'dominant-baseline': 'central',
      }),
    );
  svg.insertBefore(axes, board);

  const energies = scene.cells
    .filter((cell) => cell.kind === 'energy')
    .map((cell) => (cell.kind === 'energy' ? cell.value : 0));
  const energyMax = scene.energyMax && scene.energyMax > 0 ? scene.energyMax : Math.max(1, ...energies);
  const cellLayer = svgElement('g', { class: 'cells' });
  for (const cell of scene.cells) {
    const x = clampInt(cell.x, -1, columns);
    const y = clampInt(cell.y, -1, rows);
    if (x < 0 || y < 0 || x >= columns || y >= rows) continue;
    const symbol = cellSymbol(cell, energyMax);
    if (!symbol) continue;
    const holder = svgElement('g', {
      class: `cell cell-${cell.kind}`,
      'data-x': x,
      'data-y': y,
      'data-kind': cell.kind,
      transform: `translate(${x * CELL} ${y * CELL})`,
    });
    if (cell.kind === 'door')
      holder.setAttribute(
        'data-state',
        symbol.classList.contains('door-open')
          ? 'open'
          : symbol.classList.contains('door-locked')
            ? 'locked'
            : 'closed',
      );
    if ('color' in cell) holder.setAttribute('data-color', colorOf(cell.color));
    if (cell.kind === 'terrain') holder.setAttribute('data-material', cell.material);
    if (cell.kind === 'terrain' && cell.creature) holder.setAttribute('data-creature', cell.creature);
    holder.append(symbol);
    cellLayer.append(holder);
  }
  board.append(cellLayer);

  if (scene.start) {
    const start = svgElement('g', {
      class: 'start-mark',
      'data-x': scene.start.x,
      'data-y': scene.start.y,
      transform: `translate(${scene.start.x * CELL} ${scene.start.y * CELL})`,
    });
    start.append(startSymbol(CELL));
    board.append(start);
  }

  const agent = scene.agent;
  const agentLayer = svgElement('g', { class: 'agent-layer' });
  if (agent && agent.x >= 0 && agent.y >= 0 && agent.x < columns && agent.y < rows) {
    const dir = agent.dir === 0 || agent.dir === 1 || agent.dir === 2 || agent.dir === 3 ? agent.dir : undefined;
    const holder = svgElement('g', {
      class: 'agent-cell',
      'data-x': agent.x,
      'data-y': agent.y,
      transform: `translate(${agent.x * CELL} ${agent.y * CELL})`,
    });
    holder.append(agentSymbol(CELL, dir));
    // GRASP: the disc would hide the cell's energy, so the amount is repeated on top of it.
    const energy = scene.cells.find((cell) => cell.kind === 'energy' && cell.x === agent.x && cell.y === agent.y);
    if (dir === undefined && energy?.kind === 'energy')
      holder.append(
        svgText(String(energy.value), {
          x: CELL / 2,
          y: CELL / 2,
          class: 'agent-energy',
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'font-size': 0.4 * CELL,
        }),
      );
    agentLayer.append(holder);
  }
  board.append(drawPath(path, currentFrame, CELL), agentLayer);
  return { svg, width, height, left, top, columns, rows };
}

/** The cell under a client point, or null outside the grid. */
export function cellAtPoint(drawn: DrawnGrid, clientX: number, clientY: number): { x: number; y: number } | null {
  const matrix = drawn.svg.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  const x = Math.floor((point.x - drawn.left) / CELL);
  const y = Math.floor((point.y - drawn.top) / CELL);
  return x >= 0 && y >= 0 && x < drawn.columns && y < drawn.rows ? { x, y } : null;
}
