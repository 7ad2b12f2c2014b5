// Hand-built levels for the BabyAI tests: one room of a given size (walls on the border).
import type { LevelSpec, ObjectSpec } from '../../../src/core/benchmarks/babyai/env';
import type { Vec } from '../../../src/core/benchmarks/babyai/world';

export function room(
  size: number,
  objects: ObjectSpec[],
  agent: { pos: Vec; dir: number },
  mission: string,
  extra: Partial<LevelSpec> = {},
): LevelSpec {
  return {
    width: size,
    height: size,
    layout: { roomSize: size, numRows: 1, numCols: 1 },
    objects,
    agent,
    mission,
    carrying: null,
    ...extra,
  };
}

/** Two rooms side by side (size 5 each: x = 0..8, the middle wall at x = 4). */
export function twoRooms(objects: ObjectSpec[], agent: { pos: Vec; dir: number }, mission: string): LevelSpec {
  return {
    width: 9,
    height: 5,
    layout: { roomSize: 5, numRows: 1, numCols: 2 },
    objects,
    agent,
    mission,
    carrying: null,
  };
}
