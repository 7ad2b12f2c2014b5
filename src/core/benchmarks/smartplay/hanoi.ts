// Tower of Hanoi (spec §6, upstream hanoi/hanoi_env.py): deterministic (env_noise = 0), texts
// byte-exact. state[d] is the rod (0 = A, 1 = B, 2 = C) of disk d, disk 0 the smallest.
import { describeActions, HistoryTracker } from './history';
import { SmartPlayEnvError, type ResetResult, type SmartPlayEnv, type StepInfo, type StepResult } from './types';

export const HANOI_ACTIONS: readonly string[] = [
  'Move the top disk of rod A to the top of rod B',
  'Move the top disk of rod A to the top of rod C',
  'Move the top disk of rod B to the top of rod A',
  'Move the top disk of rod B to the top of rod C',
  'Move the top disk of rod C to the top of rod A',
  'Move the top disk of rod C to the top of rod B',
];

/** [from, to] rods of each action index (upstream action_to_move). */
export const HANOI_MOVES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [0, 2],
  [1, 0],
  [1, 2],
  [2, 0],
  [2, 1],
];

const HANOI_REWARD_GOAL = 100;
export const HANOI_REWARD_INVALID = -1;
export const ROD_LETTERS = ['A', 'B', 'C'];

/** Python's repr of a list of ints: `[2, 1, 0]`. */
function pythonIntList(values: readonly number[]): string {
  return `[${values.join(', ')}]`;
}

/** The manual of an n-disk game (two lines end in a space, as upstream). */
export function hanoiManual(disks: number): string {
  const stack = pythonIntList(Array.from({ length: disks }, (_, index) => disks - 1 - index));
  return (
    'The game consists of three rods (A,B,C) and a number of disks of various sizes, which can go onto any rod. \n' +
    'The game begins with the disks stacked on rod A in order of decreasing size, the smallest at the top (righthand side). \n' +
    'The objective is to move the entire stack to rod C, obeying the following rules:\n\n' +
    ' - Only one disk may be moved at a time.\n' +
    ' - Each move consists of taking the top disk from one of the stacks and placing it on top of another stack or on an empty rod.\n' +
    ' - You cannot place a bigger disk on top of a smaller disk.\n\n' +
    'For example, considering movements from B under the following setting:\n' +
    '- A: |bottom, [0], top|\n- B: |bottom, [1], top|\n- C: |bottom, [2], top|\n' +
    'You are only allowed to move from B to C but not A, since the top of B (1) is smaller than the top of C (2) but bigger than the top of A (0).\n\n' +
    `Finally, the starting configuration is:\n- A: |bottom, ${stack}, top|\n- B: |bottom, [], top|\n- C: |bottom, [], top|\n\n` +
    `and the goal configuration is:\n- A: |bottom, [], top|\n- B: |bottom, [], top|\n- C: |bottom, ${stack}, top|\n` +
    'with top on the right and bottom on the left\n\n' +
    describeActions(HANOI_ACTIONS)
  );
}

/** Disks on each rod, ascending (smallest first), as upstream's disks_on_peg. */
export function hanoiRods(state: readonly number[]): number[][] {
  return [0, 1, 2].map((rod) => state.flatMap((diskRod, disk) => (diskRod === rod ? [disk] : [])));
}

/** The observation: `Current configuration:` (after reset) or `You tried to ....` plus three rod lines. */
export function describeHanoi(state: readonly number[], action?: number): string {
  let result =
    action === undefined
      ? 'Current configuration:'
      : `You tried to ${HANOI_ACTIONS[action].toLowerCase()}. Current configuration:`;
  hanoiRods(state).forEach((disks, rod) => {
    result += `\n- ${ROD_LETTERS[rod]}: |bottom, ${pythonIntList([...disks].reverse())}, top|`;
  });
  return result;
}

/** Upstream move_allowed: source non-empty and, if the target is not, its smallest disk is larger. */
export function hanoiMoveAllowed(state: readonly number[], action: number): boolean {
  const [from, to] = HANOI_MOVES[action];
  const rods = hanoiRods(state);
  if (rods[from].length === 0) return false;
  return rods[to].length === 0 || Math.min(...rods[to]) > Math.min(...rods[from]);
}

/**
 * Reads the rods back from an observation's three `- X: |bottom, [...], top|` lines (bottom→top
 * lists) into state[d] = rod of disk d; null when the text holds no complete, consistent configuration.
 */
export function parseHanoiConfiguration(text: string): number[] | null {
  const lines = [...text.matchAll(/^- ([ABC]): \|bottom, \[([\d, ]*)\], top\|$/gm)];
  if (lines.length < 3) return null;
  const lastThree = lines.slice(-3);
  if (lastThree.map((match) => match[1]).join('') !== 'ABC') return null;
  const rodOf = new Map<number, number>();
  for (const [rod, match] of lastThree.entries()) {
    const disks = match[2].trim() === '' ? [] : match[2].split(',').map((part) => Number(part.trim()));
    for (const disk of disks) {
      if (!Number.isInteger(disk) || rodOf.has(disk)) return null;
      rodOf.set(disk, rod);
    }
  }
  const state = Array.from({ length: rodOf.size }, (_, disk) => rodOf.get(disk));
  return state.every((rod): rod is number => rod !== undefined) ? state : null;
}

export class HanoiEnv implements SmartPlayEnv {
  readonly game: string;
  readonly actionList = HANOI_ACTIONS;
  readonly defaultSteps = 30;
  readonly defaultIter = 10;
  /** The history window: upstream's length for the game unless setHistoryWindow changed it. */
  get windowSize(): number {
    return this.history.windowSize;
  }

  setHistoryWindow(size: number): void {
    this.history.windowSize = size;
  }
  readonly manual: string;
  private stateValue: number[];
  private done = false;
  private readonly history = new HistoryTracker(5);

  constructor(readonly disks: number) {
    if (!Number.isInteger(disks) || disks < 1)
      throw new SmartPlayEnvError(`Hanoi needs a positive number of disks, not ${disks}`);
    this.game = `Hanoi${disks}Disk`;
    this.manual = hanoiManual(disks);
    this.stateValue = new Array<number>(disks).fill(0);
  }

  /** Rod of each disk (a copy). */
  get state(): number[] {
    return [...this.stateValue];
  }

  reset(): ResetResult {
    this.stateValue = new Array<number>(this.disks).fill(0);
    this.done = false;
    this.history.reset();
    const info = this.info(describeHanoi(this.stateValue));
    this.history.push(info.obs);
    return { info };
  }

  step(action: number): StepResult {
    if (this.done) throw new SmartPlayEnvError('Episode has finished. Call env.reset() to start a new episode.');
    if (!Number.isInteger(action) || action < 0 || action >= HANOI_MOVES.length)
      throw new SmartPlayEnvError(`Hanoi action must be 0..5, not ${action}`);
    const valid = hanoiMoveAllowed(this.stateValue, action);
    if (valid) {
      const [from, to] = HANOI_MOVES[action];
      this.stateValue[Math.min(...hanoiRods(this.stateValue)[from])] = to;
    }
    let reward = 0;
    if (this.stateValue.every((rod) => rod === 2)) {
      reward = HANOI_REWARD_GOAL;
      this.done = true;
    } else if (!valid) reward = HANOI_REWARD_INVALID;
    const info = this.info(describeHanoi(this.stateValue, action));
    this.history.push(info.obs);
    return { reward, done: this.done, info };
  }

  private info(obs: string): StepInfo {
    return {
      manual: this.manual,
      obs,
      history: this.history.describe(),
      score: hanoiRods(this.stateValue)[2].length,
      completed: this.done ? 1 : 0,
    };
  }
}

/**
 * The first move of an optimal solution from any legal state to all disks on `target` (the
 * largest misplaced disk must move once, after the smaller ones clear to the spare rod); null at the goal.
 */
export function optimalHanoiAction(state: readonly number[], target = 2): number | null {
  const firstMove = (disk: number, goal: number): [number, number] | null => {
    if (disk < 0) return null;
    if (state[disk] === goal) return firstMove(disk - 1, goal);
    return firstMove(disk - 1, 3 - state[disk] - goal) ?? [state[disk], goal];
  };
  const move = firstMove(state.length - 1, target);
  return move === null ? null : HANOI_MOVES.findIndex(([from, to]) => from === move[0] && to === move[1]);
}

/** The number of moves an optimal solution needs from `state` (2^n − 1 from the start). */
export function hanoiMovesToGoal(state: readonly number[], target = 2): number {
  const count = (disk: number, goal: number): number => {
    if (disk < 0) return 0;
    if (state[disk] === goal) return count(disk - 1, goal);
    return count(disk - 1, 3 - state[disk] - goal) + 2 ** disk;
  };
  return count(state.length - 1, target);
}
