// The facts every formatter prints about a reset level (formatters/*.py @ e9996c8), and how a
// description rebuilds the LevelSpec (spec §3): walls on every room line except where a door is
// listed, doors closed with the listed lock state, nothing carried.
import type { BabyAIEnv, LevelSpec } from './env';
import { addVec, type Color, DIR_TO_VEC, type ObjectType, type Vec } from './world';

export interface DescribedObject {
  type: ObjectType;
  color: Color;
  pos: Vec;
  /** Doors only. */
  locked?: boolean;
}

export interface EnvDescription {
  numRows: number;
  numCols: number;
  roomSize: number;
  width: number;
  height: number;
  agentPos: Vec;
  agentDir: number;
  /** Row-major order (y outer, x inner), as the formatters scan `grid.grid`. */
  objects: DescribedObject[];
  mission: string;
}

/** The description of an environment's current state (the formatters run right after reset). */
export function describeEnv(env: BabyAIEnv): EnvDescription {
  const objects: DescribedObject[] = [];
  env.grid.cells.forEach((cell, index) => {
    if (!cell || cell.type === 'wall') return;
    const pos: Vec = [index % env.grid.width, Math.floor(index / env.grid.width)];
    objects.push(
      cell.type === 'door'
        ? { type: 'door', color: cell.color, pos, locked: cell.isLocked }
        : { type: cell.type, color: cell.color, pos },
    );
  });
  return {
    numRows: env.layout.numRows,
    numCols: env.layout.numCols,
    roomSize: env.layout.roomSize,
    width: env.grid.width,
    height: env.grid.height,
    agentPos: env.agentPos,
    agentDir: env.agentDir,
    objects,
    mission: env.mission,
  };
}

/** The level a description stands for. */
export function levelFromDescription(description: EnvDescription): LevelSpec {
  return {
    width: description.width,
    height: description.height,
    layout: { roomSize: description.roomSize, numRows: description.numRows, numCols: description.numCols },
    objects: description.objects.map((object) =>
      object.type === 'door' ? { ...object, locked: !!object.locked, open: false } : { ...object },
    ),
    agent: { pos: description.agentPos, dir: description.agentDir },
    carrying: null,
    mission: description.mission,
  };
}

export function frontOf(pos: Vec, dir: number): Vec {
  return addVec(pos, DIR_TO_VEC[dir] ?? [0, 0]);
}

/** Python's str() of a 2-tuple of ints. */
export function pyTuple(pos: Vec): string {
  return `(${pos[0]}, ${pos[1]})`;
}

/** "((x, y), dir)": Python's str() of a pose, the form records, prompts and the Predict parser use. */
export function pyPose(pos: readonly number[], dir: number): string {
  return `((${pos[0]}, ${pos[1]}), ${dir})`;
}

/** formatters/utils.py agent_direction. */
export function directionWord(dir: number): string {
  return ['east', 'south', 'west', 'north'][dir] ?? 'invalid direction';
}
