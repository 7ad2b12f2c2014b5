// The level names LLM-BabyBench generates from (generate/generate_{predict,decompose}.py's 16
// BabyAI levels and generate_plan.py's 16 Plan levels), each with the registration kwargs of
// minigrid/__init__.py @ 6e713af or custom/custom_minigrid_envs/register.py @ e9996c8.
// `generateExactLevel(name, seed)` is `gym.make(name).reset(seed=seed)`: the same grid, pose and mission.
import type { EnvDescription } from '../description';
import { surface } from './instructions';
import {
  GoToLevel,
  GoToObjLevel,
  GoToRedBallLevel,
  type InstrLevel,
  LevelGenLevel,
  type LevelGenOptions,
  OpenLevel,
  PickupLevel,
  PutNextLocalLevel,
} from './levels';

const ALL_ACTIONS = ['goto', 'pickup', 'open', 'putnext'] as const;
const ALL_INSTRS = ['action', 'and', 'seq'] as const;
const levelGen = (options: Partial<LevelGenOptions>) => (seed: number) =>
  new LevelGenLevel(seed, {
    rooms: 3,
    numDists: 18,
    lockedRoomProb: 0.5,
    locations: true,
    unblocking: true,
    implicitUnlock: true,
    actionKinds: ALL_ACTIONS,
    instrKinds: ALL_INSTRS,
    ...options,
  });

const BABYAI_LEVELS: Record<string, (seed: number) => InstrLevel> = {
  'BabyAI-GoToObj-v0': (seed) => new GoToObjLevel(seed),
  'BabyAI-GoToRedBallGrey-v0': (seed) => new GoToRedBallLevel(seed, 7, true),
  'BabyAI-GoToRedBall-v0': (seed) => new GoToRedBallLevel(seed, 7, false),
  'BabyAI-GoToLocal-v0': (seed) => new GoToLevel(seed, 1, 8),
  'BabyAI-PutNextLocal-v0': (seed) => new PutNextLocalLevel(seed),
  'BabyAI-PickupLoc-v0': levelGen({
    rooms: 1,
    numDists: 8,
    actionKinds: ['pickup'],
    instrKinds: ['action'],
    lockedRoomProb: 0,
    locations: true,
    unblocking: false,
  }),
  'BabyAI-GoToObjMaze-v0': (seed) => new GoToLevel(seed, 3, 1),
  'BabyAI-GoTo-v0': (seed) => new GoToLevel(seed, 3, 18),
  'BabyAI-Pickup-v0': (seed) => new PickupLevel(seed, false),
  'BabyAI-UnblockPickup-v0': (seed) => new PickupLevel(seed, true),
  'BabyAI-Open-v0': (seed) => new OpenLevel(seed),
  'BabyAI-Synth-v0': levelGen({ instrKinds: ['action'], locations: false, unblocking: true, implicitUnlock: false }),
  'BabyAI-SynthLoc-v0': levelGen({ instrKinds: ['action'], locations: true, unblocking: true, implicitUnlock: false }),
  'BabyAI-GoToSeq-v0': levelGen({ actionKinds: ['goto'], lockedRoomProb: 0, locations: false, unblocking: false }),
  'BabyAI-SynthSeq-v0': levelGen({ locations: true, unblocking: true, implicitUnlock: false }),
  'BabyAI-BossLevel-v0': levelGen({}),
};

const PLAN_SIZES: ReadonlyArray<[string, number, readonly number[]]> = [
  ['Small', 8, [4, 5, 6, 7]],
  ['Medium', 16, [20, 40, 50, 60]],
  ['Large', 24, [60, 80, 100, 120]],
  ['Ultra', 32, [120, 140, 160, 180]],
];
const PLAN_LEVELS: Record<string, (seed: number) => InstrLevel> = Object.fromEntries(
  PLAN_SIZES.flatMap(([name, size, dists]) =>
    dists.map((n) => [
      `CustomBabyAI-GoToRedBall-${name}-${n}Dists-v0`,
      (seed: number) => new GoToRedBallLevel(seed, n, true, size),
    ]),
  ),
);

/** The Predict/Decompose levels, in generate_predict.py's order. */
export const BABYAI_LEVEL_NAMES: readonly string[] = Object.keys(BABYAI_LEVELS);
/** The Plan levels, in generate_plan.py's order. */
export const PLAN_LEVEL_NAMES: readonly string[] = Object.keys(PLAN_LEVELS);
export const EXACT_LEVEL_NAMES: readonly string[] = [...BABYAI_LEVEL_NAMES, ...PLAN_LEVEL_NAMES];

export function isExactLevel(name: string): boolean {
  return Object.hasOwn(BABYAI_LEVELS, name) || Object.hasOwn(PLAN_LEVELS, name);
}

interface ExactLevel {
  level: string;
  seed: number;
  /** What StructuredFormatter reads right after reset. */
  description: EnvDescription;
  /** Draws rejected (RejectSampling or a sampling timeout) before this level. */
  rejections: number;
}

/** `gym.make(level).reset(seed=seed)`, as the Structured formatter then sees it. */
export function generateExactLevel(level: string, seed: number): ExactLevel {
  const make = Object.hasOwn(BABYAI_LEVELS, level)
    ? BABYAI_LEVELS[level]
    : Object.hasOwn(PLAN_LEVELS, level)
      ? PLAN_LEVELS[level]
      : undefined;
  if (!make) throw new RangeError(`unknown level '${level}'`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative integer, not ${seed}`);
  const env = make(seed);
  env.generate();
  const mission = surface(env.instr as NonNullable<InstrLevel['instr']>, env);
  const objects: EnvDescription['objects'] = [];
  env.grid.cells.forEach((cell, index) => {
    if (!cell || cell.type === 'wall') return;
    const pos = [index % env.grid.width, Math.floor(index / env.grid.width)] as const;
    objects.push(
      cell.type === 'door'
        ? { type: 'door', color: cell.color, pos, locked: cell.isLocked }
        : { type: cell.type, color: cell.color, pos },
    );
  });
  const description: EnvDescription = {
    numRows: env.numRows,
    numCols: env.numCols,
    roomSize: env.roomSize,
    width: env.grid.width,
    height: env.grid.height,
    agentPos: env.agentPos,
    agentDir: env.agentDir,
    objects,
    mission,
  };
  return { level, seed, description, rejections: env.rejections };
}
