// Plain data shared by the GRASP modules (spec grasp.md). Positions are [row, col] as upstream
// stores them, never (x, y): the README's "(x, y)" is wrong about the order (spec §3).

export const GRID_SIZE = 11;
/** The prompt's step budget; answers are truncated to this many raw tokens (spec §8 step 2). */
export const STEP_LIMIT = 20;
/** The reference implements "no carry limit" as a limit of 100 (spec §4). */
const UNLIMITED_CARRY = 100;

export type GridPosition = [row: number, col: number];

export type EnergyDistribution = 'random' | 'upDown' | 'leftRight' | 'cluster' | 'spiral';
export const ENERGY_DISTRIBUTIONS: readonly EnergyDistribution[] = [
  'random',
  'upDown',
  'leftRight',
  'cluster',
  'spiral',
];
export type ObstacleMode = 'free' | 'block';
export type StartRegion = 'inner' | 'outer';

export interface GraspCell {
  /** Units of energy; a cell can hold more than one after a DROP (spec §8). */
  energy: number;
  obstacle: boolean;
}

/** The simulator's view of a grid: what upstream's `load_grid` builds. */
export interface GraspGrid {
  /** cells[row][col], GRID_SIZE × GRID_SIZE. */
  cells: GraspCell[][];
  start: GridPosition;
}

/** One row of a grid JSONL file, with the upstream keys in upstream order. */
export interface GraspGridRecord {
  index: number;
  energy: EnergyDistribution;
  /** A float for random/upDown/leftRight, the cluster count for cluster, -1 for spiral. */
  energy_probability: number;
  obstacle: ObstacleMode;
  start_position: StartRegion;
  /** The 1,152-character ASCII grid, also the prompt's grid text verbatim. */
  grid: string;
  start: GridPosition;
}

/** The paper's eight agent settings (spec §4); `moves: 8` is μ2 (diagonals allowed). */
export interface GraspSettings {
  moves: 4 | 8;
  carryLimit: 'none' | 2;
  stepCost: 0 | 0.3;
}

/**
 * faithful: start-cell energy minus cost × submitted steps (the stated goal);
 * reference: upstream's scorer at HEAD, constant cost bug included;
 * pre2025: the scorer before 14 Mar 2025 (final cell, buggy cost);
 * paper: what the paper's Table 1 used, measured on upstream's released files (runs.md §4): the
 * first 20 tokens replayed (8 moves = diagonals too), energy on the cell where the agent ENDS,
 * minus step_cost × the number of tokens replayed. In no released code.
 */
export type GraspScoringMode = 'faithful' | 'reference' | 'pre2025' | 'paper';
export const SCORING_MODES: readonly GraspScoringMode[] = ['faithful', 'reference', 'pre2025', 'paper'];

/** Modes that score the energy on the agent's final cell rather than the start cell. */
export function scoresFinalCell(mode: GraspScoringMode): boolean {
  return mode === 'pre2025' || mode === 'paper';
}

/** Modes whose cost is upstream's constant cost × 4 or × 8 (spec §8 cost bug); the others charge every replayed token. */
export function hasConstantCost(mode: GraspScoringMode): boolean {
  return mode === 'reference' || mode === 'pre2025';
}

/** Whether a run record's mode is one GRASP scores in (records of other benchmarks have modes GRASP lacks). */
export function isGraspScoringMode(mode: string): mode is GraspScoringMode {
  return (SCORING_MODES as readonly string[]).includes(mode);
}

/** True when (row, col) is in the inner start block, rows and columns 3..7 (paper, Methods). */
export function isInnerCell(row: number, col: number): boolean {
  return row >= 3 && row <= 7 && col >= 3 && col <= 7;
}

/** The carry limit as the scorer compares it. */
export function carryLimitValue(settings: GraspSettings): number {
  return settings.carryLimit === 'none' ? UNLIMITED_CARRY : settings.carryLimit;
}
