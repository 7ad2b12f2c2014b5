// The action vocabulary (spec §8): μ1 moves, μ2 adds diagonals, plus TAKE and DROP.
import type { GridPosition } from './types';

export type MoveAction = 'UP' | 'DOWN' | 'LEFT' | 'RIGHT' | 'UPLEFT' | 'UPRIGHT' | 'DOWNLEFT' | 'DOWNRIGHT';
export type GraspAction = MoveAction | 'TAKE' | 'DROP';

const MU1: readonly MoveAction[] = ['UP', 'DOWN', 'LEFT', 'RIGHT'];
const MU2: readonly MoveAction[] = [...MU1, 'UPLEFT', 'UPRIGHT', 'DOWNLEFT', 'DOWNRIGHT'];
export const ALL_ACTIONS: readonly GraspAction[] = [...MU2, 'TAKE', 'DROP'];

/** Row and column change of each move. */
export const MOVE_DELTAS: Readonly<Record<MoveAction, GridPosition>> = {
  UP: [-1, 0],
  DOWN: [1, 0],
  LEFT: [0, -1],
  RIGHT: [0, 1],
  UPLEFT: [-1, -1],
  UPRIGHT: [-1, 1],
  DOWNLEFT: [1, -1],
  DOWNRIGHT: [1, 1],
};

/** The move that undoes a move (the baselines' "complement"). */
export const OPPOSITE: Readonly<Record<MoveAction, MoveAction>> = {
  UP: 'DOWN',
  DOWN: 'UP',
  LEFT: 'RIGHT',
  RIGHT: 'LEFT',
  UPLEFT: 'DOWNRIGHT',
  DOWNRIGHT: 'UPLEFT',
  UPRIGHT: 'DOWNLEFT',
  DOWNLEFT: 'UPRIGHT',
};

export function movesOf(moves: 4 | 8): readonly MoveAction[] {
  return moves === 8 ? MU2 : MU1;
}

/** The action a token names, compared as upstream does with `t.upper()`; null for anything else. */
export function actionOf(token: string): GraspAction | null {
  // Longer than any action: no need to upper-case it (answers hold long junk tokens).
  if (token.length > 9) return null;
  // Most tokens are already upper case: no new string for them.
  return ACTION_BY_NAME.get(token) ?? ACTION_BY_NAME.get(token.toUpperCase()) ?? null;
}

const ACTION_BY_NAME: ReadonlyMap<string, GraspAction> = new Map(ALL_ACTIONS.map((action) => [action, action]));
