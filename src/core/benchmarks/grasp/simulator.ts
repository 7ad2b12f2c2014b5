// The scorer of spec §8 as a step-by-step simulation. One simulation serves all four scoring
// modes: they differ only in the cost term and in which cell's energy is scored, so every step
// carries the state the grid view draws plus the running score of the chosen mode.
import { actionOf, MOVE_DELTAS, movesOf, type GraspAction, type MoveAction } from './actions';
import {
  carryLimitValue,
  GRID_SIZE,
  hasConstantCost,
  scoresFinalCell,
  STEP_LIMIT,
  type GraspCell,
  type GraspGrid,
  type GraspSettings,
  type GridPosition,
  type GraspScoringMode,
} from './types';

export type TraceLabel =
  | 'moved'
  | 'blocked_boundary'
  | 'blocked_obstacle'
  | 'took'
  | 'take_empty_cell'
  | 'take_at_carry_limit'
  | 'dropped_at_start'
  | 'dropped_off_start'
  | 'drop_nothing'
  | 'ignored_diagonal_not_in_action_set'
  | 'ignored_unknown_token';

export interface GraspStep {
  /** 0-based position in the (truncated) token list. */
  index: number;
  /** The token as submitted, before upper-casing. */
  token: string;
  /** The action the token names (any setting), or null for junk. */
  action: GraspAction | null;
  label: TraceLabel;
  from: GridPosition;
  to: GridPosition;
  /** A move that was a silent no-op (boundary or obstacle). */
  blocked: boolean;
  /** For TAKE: whether a unit was taken; null for other steps. */
  take: 'succeeded' | 'failed' | null;
  /** Units carried after the step. */
  carried: number;
  /** Energy on the start cell after the step. */
  startCellEnergy: number;
  /** Energy on the agent's cell after the step. */
  agentCellEnergy: number;
  stepsLeft: number;
  /** The score the answer would get if it ended after this step (same mode). */
  score: number;
}

/** faithful mode's cost: every submitted step (default), or only the recognised ones (a labelled variant). */
type FaithfulCost = 'submitted' | 'recognised';

interface SimulationOptions {
  mode: GraspScoringMode;
  faithfulCost?: FaithfulCost;
}

export interface GraspSimulation {
  mode: GraspScoringMode;
  settings: GraspSettings;
  /** The tokens simulated: the first STEP_LIMIT submitted. */
  tokens: string[];
  /** Tokens beyond the step limit, ignored by every mode. */
  truncated: string[];
  steps: GraspStep[];
  final: { agentPos: GridPosition; carried: number; startCellEnergy: number; agentCellEnergy: number };
  /** The subtracted cost term, and the cell whose energy was scored. */
  costTerm: number;
  scoredCell: GridPosition;
  score: number;
  finalGrid: GraspGrid;
}

/** The actions each move set allows (the moves, TAKE and DROP). */
const ALLOWED: Readonly<Record<4 | 8, ReadonlySet<GraspAction>>> = {
  4: new Set([...movesOf(4), 'TAKE', 'DROP']),
  8: new Set([...movesOf(8), 'TAKE', 'DROP']),
};

/** Cost term of a prefix of `count` tokens of which `recognised` were valid steps. */
function costTerm(settings: GraspSettings, options: SimulationOptions, count: number, recognised: number): number {
  if (hasConstantCost(options.mode)) {
    // Upstream rebinds `action_list` to the allowed-move list inside its loop (spec §8, cost bug).
    return count === 0 ? 0 : settings.stepCost * movesOf(settings.moves).length;
  }
  // The paper mode charges every replayed token (what reproduces Table 1); only faithful offers the variant.
  return (
    settings.stepCost * (options.mode === 'faithful' && options.faithfulCost === 'recognised' ? recognised : count)
  );
}

/**
 * A copy of `grid` and the way to change one of its cells. Copy on write: only the rows and cells a
 * TAKE or DROP changes are copied (a deep copy of the grid was a tenth of bulk scoring); the
 * caller's grid is never changed and finalGrid is read, never written.
 */
function copyOnWrite(grid: GraspGrid): { world: GraspGrid; writable: (row: number, col: number) => GraspCell } {
  const world: GraspGrid = { cells: grid.cells.slice(), start: [grid.start[0], grid.start[1]] };
  const writable = (row: number, col: number) => {
    if (world.cells[row] === grid.cells[row]) world.cells[row] = grid.cells[row].slice();
    const cell = world.cells[row][col];
    if (cell !== grid.cells[row][col]) return cell;
    return (world.cells[row][col] = { ...cell });
  };
  return { world, writable };
}

/** Simulates an answer's tokens on a copy of the grid and scores it in the chosen mode. */
// Over 50 lines: upstream's step loop (spec §8) in one piece, each action's rule beside the others (a hot path).
export function simulate(
  grid: GraspGrid,
  submitted: readonly string[],
  settings: GraspSettings,
  options: SimulationOptions,
): GraspSimulation {
  const { world, writable } = copyOnWrite(grid);
  const allowed = ALLOWED[settings.moves === 8 ? 8 : 4];
  const limit = carryLimitValue(settings);
  const start = world.start;
  const tokens = submitted.slice(0, STEP_LIMIT);
  let position: GridPosition = [start[0], start[1]];
  let carried = 0;
  let recognised = 0;
  const steps: GraspStep[] = [];
  const finalCell = scoresFinalCell(options.mode);
  const scoreNow = (count: number) => {
    const scored = finalCell ? position : start;
    return world.cells[scored[0]][scored[1]].energy - costTerm(settings, options, count, recognised);
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const action = actionOf(token);
    const from: GridPosition = [position[0], position[1]];
    let label: TraceLabel;
    let take: GraspStep['take'] = null;
    const cell = world.cells[position[0]][position[1]];
    if (action === null) label = 'ignored_unknown_token';
    else if (!allowed.has(action)) label = 'ignored_diagonal_not_in_action_set';
    else if (action === 'TAKE') {
      // The carry limit is checked before the cell (spec §8).
      label = carried >= limit ? 'take_at_carry_limit' : cell.energy > 0 ? 'took' : 'take_empty_cell';
      take = label === 'took' ? 'succeeded' : 'failed';
      if (label === 'took') {
        writable(position[0], position[1]).energy -= 1;
        carried += 1;
      }
    } else if (action === 'DROP') {
      label =
        carried === 0
          ? 'drop_nothing'
          : position[0] === start[0] && position[1] === start[1]
            ? 'dropped_at_start'
            : 'dropped_off_start';
      if (carried > 0) writable(position[0], position[1]).energy += carried;
      carried = 0;
    } else {
      const next = tryMove(world, position, action);
      if (typeof next === 'string') label = next;
      else {
        position = next;
        label = 'moved';
      }
    }
    if (action !== null && allowed.has(action)) recognised += 1;
    const here = world.cells[position[0]][position[1]];
    steps.push({
      index,
      token,
      action,
      label,
      from,
      to: [position[0], position[1]],
      blocked: label === 'blocked_boundary' || label === 'blocked_obstacle',
      take,
      carried,
      startCellEnergy: world.cells[start[0]][start[1]].energy,
      agentCellEnergy: here.energy,
      stepsLeft: STEP_LIMIT - index - 1,
      score: scoreNow(index + 1),
    });
  }
  const scoredCell: GridPosition = scoresFinalCell(options.mode) ? [position[0], position[1]] : [start[0], start[1]];
  return {
    mode: options.mode,
    settings,
    tokens,
    truncated: submitted.slice(STEP_LIMIT),
    steps,
    final: {
      agentPos: [position[0], position[1]],
      carried,
      startCellEnergy: world.cells[start[0]][start[1]].energy,
      agentCellEnergy: world.cells[position[0]][position[1]].energy,
    },
    costTerm: costTerm(settings, options, tokens.length, recognised),
    scoredCell,
    score: scoreNow(tokens.length),
    finalGrid: world,
  };
}

/** A move: only the target cell is checked, so diagonals may cut corners past obstacles (spec §8). */
function tryMove(
  world: GraspGrid,
  position: GridPosition,
  move: MoveAction,
): GridPosition | 'blocked_boundary' | 'blocked_obstacle' {
  const [dRow, dCol] = MOVE_DELTAS[move];
  const row = position[0] + dRow;
  const col = position[1] + dCol;
  if (row < 0 || row >= GRID_SIZE || col < 0 || col >= GRID_SIZE) return 'blocked_boundary';
  if (world.cells[row][col].obstacle) return 'blocked_obstacle';
  return [row, col];
}
