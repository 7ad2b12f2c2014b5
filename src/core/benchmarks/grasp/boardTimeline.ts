// A GRASP simulation as a board timeline: the energy grid after every step, the agent, and the
// path drawn as in the paper's Figure 2 (an arrow per move, a star where TAKE succeeded, a ring
// where it failed, a cross on a blocked move). Energy changes only on the agent's cell, so each
// frame's grid is the previous one with that cell's energy set from the step record.
import type {
  BoardFact,
  BoardFrame,
  BoardFrameFlag,
  BoardPathMark,
  BoardTimeline,
  GridCell,
  GridScene,
} from '../../benchmark/board';
import { MOVE_DELTAS, type MoveAction } from './actions';
import type { GlossaryEntry } from '../../runs/glossary';
import { GRASP_GLOSSARY } from './report';
import type { GraspSimulation, GraspStep } from './simulator';
import {
  GRID_SIZE,
  STEP_LIMIT,
  type GraspGrid,
  type GraspSettings,
  type GridPosition,
  type GraspScoringMode,
} from './types';

/** The grid as a board scene; `energy[row][col]` overrides the grid's energy when given. */
export function graspScene(grid: GraspGrid, agent: GridPosition, energy?: number[][], energyMax?: number): GridScene {
  const cells: GridCell[] = [];
  for (let row = 0; row < GRID_SIZE; row++) {
    for (let col = 0; col < GRID_SIZE; col++) {
      const cell = grid.cells[row][col];
      const value = energy ? energy[row][col] : cell.energy;
      if (cell.obstacle) cells.push({ x: col, y: row, kind: 'obstacle' });
      else if (value > 0) cells.push({ x: col, y: row, kind: 'energy', value });
    }
  }
  const initialMax = Math.max(1, ...grid.cells.flat().map((cell) => cell.energy));
  return {
    kind: 'grid',
    width: GRID_SIZE,
    height: GRID_SIZE,
    cells,
    coordinateSystem: 'rowcol',
    agent: { x: agent[1], y: agent[0] },
    start: { x: grid.start[1], y: grid.start[0] },
    energyMax: energyMax ?? initialMax,
  };
}

const LABEL_NOTES: Record<GraspStep['label'], string> = {
  moved: 'moved',
  blocked_boundary: 'blocked by the edge of the grid',
  blocked_obstacle: 'blocked by an obstacle',
  took: 'took one unit of energy',
  take_empty_cell: 'TAKE on an empty cell',
  take_at_carry_limit: 'TAKE at the carry limit',
  dropped_at_start: 'dropped the energy on the start cell',
  dropped_off_start: 'dropped the energy away from the start cell',
  drop_nothing: 'DROP with nothing carried',
  ignored_diagonal_not_in_action_set: 'a diagonal move, not allowed in this setting: ignored',
  ignored_unknown_token: 'not an action: ignored',
};

function flagsOf(step: GraspStep): BoardFrameFlag[] {
  if (step.label === 'ignored_unknown_token') return ['invalid'];
  if (step.label === 'ignored_diagonal_not_in_action_set' || step.label === 'drop_nothing') return ['noop'];
  if (step.blocked) return ['blocked'];
  if (step.take === 'succeeded') return ['takeSucceeded'];
  if (step.take === 'failed') return ['takeFailed'];
  return [];
}

function markOf(step: GraspStep, frame: number): BoardPathMark | null {
  const from = { x: step.from[1], y: step.from[0] };
  if (step.label === 'moved') return { frame, from, to: { x: step.to[1], y: step.to[0] }, mark: 'arrow' };
  if (step.take === 'succeeded') return { frame, from, to: from, mark: 'star' };
  if (step.take === 'failed') return { frame, from, to: from, mark: 'ring' };
  if (step.blocked && step.action !== null && step.action in MOVE_DELTAS) {
    const [dRow, dCol] = MOVE_DELTAS[step.action as MoveAction];
    return { frame, from, to: { x: step.from[1] + dCol, y: step.from[0] + dRow }, mark: 'cross' };
  }
  return null;
}

function facts(carried: number, startEnergy: number, stepsLeft: number, score: number): BoardFact[] {
  return [
    { label: 'carried', value: String(carried) },
    { label: 'energy on start', value: String(startEnergy) },
    { label: 'steps left', value: String(stepsLeft) },
    {
      label: 'score',
      value: Number(score.toFixed(3)).toString(),
      tone: score > 0 ? 'good' : score < 0 ? 'bad' : undefined,
    },
  ];
}

/** What the score counts in each mode (spec grasp.md §8, §10), with the setting's step cost. */
function scoreMeaning(mode: GraspScoringMode, cost: number): string {
  switch (mode) {
    case 'reference':
      return `upstream's scorer: energy on the start cell minus ${cost} × the number of moves of the setting (its step-cost bug: not the steps taken)`;
    case 'pre2025':
      return `the scorer of the published papers: energy on the agent's final cell minus ${cost} × the number of moves of the setting`;
    case 'paper':
      return `as the paper's Table 1: energy on the agent's final cell minus ${cost} × the tokens replayed (at most 20)`;
    default:
      return `energy dropped on the start cell minus ${cost} for every step submitted`;
  }
}

/** The board's terms: the score in this mode, the start cell's energy, and the setting's movement set. */
function graspBoardGlossary(settings: GraspSettings, mode: GraspScoringMode): GlossaryEntry[] {
  const movement = settings.moves === 8 ? 'μ2' : 'μ1';
  return [
    { term: 'score', meaning: `${scoreMeaning(mode, settings.stepCost)} (scoring mode ${mode}).` },
    {
      term: 'energy on start',
      meaning: 'Units of energy on the start cell, where the agent must drop what it collects.',
    },
    {
      term: 'carried',
      meaning: `Units the agent carries${settings.carryLimit === 2 ? ', at most 2 at once in this setting' : ' (no limit in this setting)'}.`,
    },
    { term: movement, meaning: GRASP_GLOSSARY[movement] },
  ];
}

export function graspTimeline(grid: GraspGrid, simulation: GraspSimulation, title: string): BoardTimeline {
  const energy = grid.cells.map((row) => row.map((cell) => cell.energy));
  const energyMax = Math.max(1, ...energy.flat());
  const frames: BoardFrame[] = [
    {
      scene: graspScene(grid, grid.start, energy, energyMax),
      action: null,
      facts: facts(0, energy[grid.start[0]][grid.start[1]], STEP_LIMIT, 0),
    },
  ];
  const path: BoardPathMark[] = [];
  simulation.steps.forEach((step, index) => {
    energy[step.to[0]][step.to[1]] = step.agentCellEnergy;
    energy[grid.start[0]][grid.start[1]] = step.startCellEnergy;
    const mark = markOf(step, index + 1);
    if (mark) path.push(mark);
    frames.push({
      scene: graspScene(
        grid,
        step.to,
        energy.map((row) => [...row]),
        energyMax,
      ),
      action: step.token,
      flags: flagsOf(step),
      note: LABEL_NOTES[step.label],
      facts: facts(step.carried, step.startCellEnergy, step.stepsLeft, step.score),
    });
  });
  return { title, frames, path, glossary: graspBoardGlossary(simulation.settings, simulation.mode) };
}
