// A BabyAI level and a sequence of actions as a board timeline: the grid after every action as
// the BabyAI renderer shows it (walls, doors by state, keys, balls, boxes, the agent's heading),
// with what is carried, the reward and the mission status; for the expert, its subgoal stack.
import type {
  BoardFact,
  BoardFrame,
  BoardFrameFlag,
  BoardObject,
  BoardTimeline,
  GridCell,
  GridScene,
} from '../../benchmark/board';
import { BabyAIEnv, type LevelSpec } from './env';
import { ACTION_NAMES, Action, type ActionName, type WorldObj } from './world';

function objectOf(object: WorldObj): BoardObject | null {
  return object.type === 'key' || object.type === 'ball' || object.type === 'box'
    ? { kind: object.type, color: object.color }
    : null;
}

/** The environment's current state as a board scene. */
export function babyaiScene(env: BabyAIEnv): GridScene {
  const cells: GridCell[] = [];
  const { width, height } = env.spec;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const object = env.grid.get(x, y);
      if (!object) continue;
      if (object.type === 'wall') cells.push({ x, y, kind: 'wall' });
      else if (object.type === 'door')
        cells.push({
          x,
          y,
          kind: 'door',
          color: object.color,
          state: object.isLocked ? 'locked' : object.isOpen ? 'open' : 'closed',
        });
      else if (object.type === 'box')
        cells.push({
          x,
          y,
          kind: 'box',
          color: object.color,
          contains: object.contains ? objectOf(object.contains) : null,
        });
      else cells.push({ x, y, kind: object.type, color: object.color });
    }
  }
  const [x, y] = env.agentPos;
  return {
    kind: 'grid',
    width,
    height,
    cells,
    coordinateSystem: 'xy',
    mission: env.mission,
    agent: { x, y, dir: env.agentDir as 0 | 1 | 2 | 3, carrying: env.carrying ? objectOf(env.carrying) : null },
  };
}

function facts(env: BabyAIEnv, reward: number, status: string): BoardFact[] {
  const carrying = env.carrying ? `${env.carrying.color} ${env.carrying.type}` : 'nothing';
  return [
    { label: 'carrying', value: carrying },
    { label: 'reward', value: Number(reward.toFixed(4)).toString(), tone: reward > 0 ? 'good' : undefined },
    { label: 'step', value: `${env.stepCount} of ${env.maxSteps}` },
    {
      label: 'mission',
      value: status,
      tone: status === 'success' ? 'good' : status === 'truncated' ? 'bad' : undefined,
    },
  ];
}

interface BabyaiTimelineOptions {
  /** The expert's stack after each action, bottom first (from runExpert with recordStacks). */
  stacks?: ReadonlyArray<readonly string[]>;
}

/**
 * Plays `actions` (names such as `forward`) from the level's start. Unknown names are marked
 * invalid and skipped; an action that changes nothing is marked no-op. Stepping stops when the
 * mission succeeds or the episode is truncated, as MiniGrid would.
 */
export function babyaiTimeline(
  spec: LevelSpec,
  actions: readonly string[],
  title: string,
  options: BabyaiTimelineOptions = {},
): BoardTimeline {
  const env = new BabyAIEnv(spec);
  const frames: BoardFrame[] = [
    {
      scene: babyaiScene(env),
      action: null,
      facts: facts(env, 0, 'in progress'),
      subgoals: options.stacks ? [] : undefined,
    },
  ];
  let status = 'in progress';
  for (const [index, name] of actions.entries()) {
    if (status !== 'in progress') break;
    const normalised = name.trim().toLowerCase();
    if (!(ACTION_NAMES as readonly string[]).includes(normalised)) {
      frames.push({
        scene: babyaiScene(env),
        action: name,
        flags: ['invalid'],
        note: `'${name}' is not a BabyAI action (${ACTION_NAMES.join(', ')})`,
        facts: facts(env, 0, status),
      });
      continue;
    }
    const result = env.step(Action[normalised as ActionName]);
    if (result.terminated) status = result.reward > 0 ? 'success' : 'failed';
    else if (result.truncated) status = 'truncated';
    const flags: BoardFrameFlag[] = result.changed ? [] : ['noop'];
    const stack = options.stacks?.[index];
    frames.push({
      scene: babyaiScene(env),
      action: normalised,
      flags,
      facts: facts(env, result.reward, status),
      note: result.changed ? undefined : `${normalised} changed nothing here`,
      subgoals: stack ? [...stack].reverse() : undefined,
    });
  }
  return { title, frames };
}
