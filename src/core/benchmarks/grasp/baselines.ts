// The two baselines of spec §9 as built-in agents, with a seeded generator in place of Python's
// unseeded `random`. Both ignore the carry limit and the step cost (only the scorer applies them)
// and use the current movement rules, so μ2 runs really move diagonally (unlike the stale stored
// μ2 greedy answers). Tokens are lower-case, as in the stored baseline rows.
import { MOVE_DELTAS, movesOf, OPPOSITE, type MoveAction } from './actions';
import { cloneGrid } from './gridText';
import { seededRandom } from '../../util/random';
import { GRID_SIZE, STEP_LIMIT, type GraspGrid, type GraspSettings, type GridPosition } from './types';

type BaselineName = 'random' | 'greedy';
type BaselineAgent = (grid: GraspGrid, settings: GraspSettings, seed: string | number) => string[];

const ROUNDS = 6;

/** Six rounds of (random move, take), the recorded moves undone in reverse, then drop: always 19 tokens. */
export function randomWalk(_grid: GraspGrid, settings: GraspSettings, seed: string | number): string[] {
  // Blocked moves are still recorded and reversed, so the tokens never depend on the grid.
  const random = seededRandom(seed);
  const moves: MoveAction[] = [];
  const tokens: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const move = random.choice(movesOf(settings.moves));
    moves.push(move);
    tokens.push(move.toLowerCase(), 'take');
  }
  for (const move of [...moves].reverse()) tokens.push(OPPOSITE[move].toLowerCase());
  tokens.push('drop');
  return tokens;
}

/** Greedy search: walk a BFS path to the nearest energy and take it, until the way back would not fit. */
export function greedySearch(grid: GraspGrid, settings: GraspSettings, seed: string | number): string[] {
  const random = seededRandom(seed);
  const world = cloneGrid(grid);
  const directions = movesOf(settings.moves);
  let position: GridPosition = [world.start[0], world.start[1]];
  let steps = STEP_LIMIT;
  const done: MoveAction[] = [];
  const tokens: string[] = [];
  while (steps > 0) {
    const path = nearestEnergyPath(world, position, () => random.shuffled(directions));
    if (path === null) break; // no final drop in this case, as upstream
    if (2 * path.length + done.length + 2 > steps) {
      for (const move of [...done].reverse()) {
        if (steps <= 0) break;
        tokens.push(OPPOSITE[move].toLowerCase());
        steps -= 1;
      }
      tokens.push('drop');
      return tokens;
    }
    for (const move of path) {
      const [dRow, dCol] = MOVE_DELTAS[move];
      position = [position[0] + dRow, position[1] + dCol];
      tokens.push(move.toLowerCase());
      done.push(move);
      steps -= 1;
    }
    world.cells[position[0]][position[1]].energy -= 1;
    tokens.push('take');
    steps -= 1;
  }
  return tokens;
}

/**
 * Upstream's BFS: the agent's own cell is checked first, cells are marked visited when dequeued,
 * and the neighbour order is re-shuffled at every expansion. Null when no energy is reachable.
 */
function nearestEnergyPath(world: GraspGrid, from: GridPosition, order: () => MoveAction[]): MoveAction[] | null {
  const visited = new Set<number>();
  const queue: Array<{ position: GridPosition; path: MoveAction[] }> = [{ position: from, path: [] }];
  for (let head = 0; head < queue.length; head++) {
    const { position, path } = queue[head];
    const key = position[0] * GRID_SIZE + position[1];
    if (visited.has(key)) continue;
    visited.add(key);
    if (world.cells[position[0]][position[1]].energy > 0) return path;
    for (const move of order()) {
      const [dRow, dCol] = MOVE_DELTAS[move];
      const row = position[0] + dRow;
      const col = position[1] + dCol;
      if (row < 0 || row >= GRID_SIZE || col < 0 || col >= GRID_SIZE || world.cells[row][col].obstacle) continue;
      if (!visited.has(row * GRID_SIZE + col)) queue.push({ position: [row, col], path: [...path, move] });
    }
  }
  return null;
}

export const BASELINES: Readonly<Record<BaselineName, BaselineAgent>> = { random: randomWalk, greedy: greedySearch };
