// Words for a grid cell, for the hover status line: its coordinates in the scene's own system
// and what is on it.
import type { BoardObject, GridCell, GridScene } from '../../src/protocol/board';

const DIRECTIONS = ['east', 'south', 'west', 'north'];

/** World coordinates of the grid's cell (0, 0): (0, 0) unless the scene is a window onto a larger world. */
export function worldOrigin(scene: GridScene): { x: number; y: number } {
  const at = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return { x: at(scene.origin?.x), y: at(scene.origin?.y) };
}

function coordinates(scene: GridScene, x: number, y: number): string {
  const origin = worldOrigin(scene);
  const [wx, wy] = [x + origin.x, y + origin.y];
  return scene.coordinateSystem === 'rowcol' ? `row ${wy}, col ${wx}` : `(${wx}, ${wy})`;
}

function objectText(object: BoardObject): string {
  return `${object.color} ${object.kind}`;
}

function cellText(cell: GridCell): string {
  switch (cell.kind) {
    case 'wall':
      return 'wall';
    case 'door':
      return `${cell.state} ${cell.color} door`;
    case 'box':
      return `${cell.color} box${cell.contains ? ` holding a ${objectText(cell.contains)}` : ''}`;
    case 'key':
    case 'ball':
      return `${cell.color} ${cell.kind}`;
    case 'energy':
      return `energy ${cell.value}`;
    case 'obstacle':
      return 'obstacle';
    case 'terrain':
      return cell.creature ? `${cell.creature} on ${cell.material}` : cell.material;
    default:
      return 'unknown';
  }
}

export function cellAt(scene: GridScene, x: number, y: number): GridCell | undefined {
  return scene.cells.find((cell) => cell.x === x && cell.y === y);
}

/** "(3, 4) · red key · agent facing north" */
export function describeCell(scene: GridScene, x: number, y: number): string {
  const parts = [coordinates(scene, x, y)];
  const cell = cellAt(scene, x, y);
  parts.push(cell ? cellText(cell) : 'empty');
  if (scene.start && scene.start.x === x && scene.start.y === y) parts.push('start');
  const agent = scene.agent;
  if (agent && agent.x === x && agent.y === y) {
    const facing = agent.dir === undefined ? '' : ` facing ${DIRECTIONS[agent.dir] ?? '?'}`;
    parts.push(`agent${facing}${agent.carrying ? `, carrying a ${objectText(agent.carrying)}` : ''}`);
  }
  return parts.join(' · ');
}
