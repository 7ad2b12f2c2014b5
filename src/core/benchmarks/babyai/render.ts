// Plain-data views of an episode for the CLI, the grid view and run records: MiniGrid's text
// rendering (Grid.__str__ / pprint_grid) and JSON snapshots of objects and the agent.
import type { BabyAIEnv } from './env';
import type { Vec, WorldObj } from './world';

const OBJECT_TO_STR: Record<string, string> = { wall: 'W', door: 'D', key: 'K', ball: 'A', box: 'B' };
const AGENT_DIR_TO_STR = ['>', 'V', '<', '^'];

/** MiniGridEnv.__str__: two characters a cell, one line a row. */
export function asciiGrid(env: BabyAIEnv): string[] {
  const rows: string[] = [];
  for (let j = 0; j < env.grid.height; j++) {
    let row = '';
    for (let i = 0; i < env.grid.width; i++) {
      if (i === env.agentPos[0] && j === env.agentPos[1]) {
        row += AGENT_DIR_TO_STR[env.agentDir].repeat(2);
        continue;
      }
      const tile = env.grid.get(i, j);
      if (!tile) row += '  ';
      else if (tile.type === 'door')
        row += tile.isOpen ? '__' : (tile.isLocked ? 'L' : 'D') + tile.color[0].toUpperCase();
      else row += OBJECT_TO_STR[tile.type] + tile.color[0].toUpperCase();
    }
    rows.push(row);
  }
  return rows;
}

interface ObjectJson {
  type: string;
  color: string;
  pos: Vec;
  locked?: boolean;
  open?: boolean;
  contains?: CarriedJson | null;
}

interface CarriedJson {
  type: string;
  color: string;
  contains?: CarriedJson | null;
}

export function carriedJson(obj: WorldObj | null): CarriedJson | null {
  if (!obj) return null;
  return obj.contains
    ? { type: obj.type, color: obj.color, contains: carriedJson(obj.contains) }
    : { type: obj.type, color: obj.color };
}

/** Doors, keys, balls and boxes in row-major order (walls left out). */
function objectsJson(env: BabyAIEnv): ObjectJson[] {
  const objects: ObjectJson[] = [];
  env.grid.cells.forEach((cell, index) => {
    if (!cell || cell.type === 'wall') return;
    const pos: Vec = [index % env.grid.width, Math.floor(index / env.grid.width)];
    if (cell.type === 'door')
      objects.push({ type: 'door', color: cell.color, pos, locked: cell.isLocked, open: cell.isOpen });
    else if (cell.contains)
      objects.push({ type: cell.type, color: cell.color, pos, contains: carriedJson(cell.contains) });
    else objects.push({ type: cell.type, color: cell.color, pos });
  });
  return objects;
}

/** The initial-state object of `babyai replay --json`. */
export function initialJson(env: BabyAIEnv) {
  return {
    width: env.grid.width,
    height: env.grid.height,
    rooms: { rows: env.layout.numRows, cols: env.layout.numCols, size: env.layout.roomSize },
    agent_pos: [env.agentPos[0], env.agentPos[1]],
    agent_dir: env.agentDir,
    carrying: carriedJson(env.carrying),
    mission: env.mission,
    max_steps: env.maxSteps,
    objects: objectsJson(env),
    grid: asciiGrid(env),
  };
}
