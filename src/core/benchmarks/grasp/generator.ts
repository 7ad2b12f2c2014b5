// New grid instances as the paper's Methods describe them (energy, then obstacles, then the start,
// each later layer overwriting the cell), written as upstream-format JSONL. Details the paper
// leaves open and how they were settled:
// - spiral: the paper gives θ = i/10 + U(-0.2, 0.2), r = i/(11·10/(2π)) + U(-0.2, 0.2),
//   x = int(5 + r cos θ), y = int(5 + r sin θ) but not how many steps i. 121 steps (i = 0..120,
//   one per cell) reproduces the per-cell energy frequencies of the released spiral file; x is the
//   row; int() truncates toward zero as Python's does; points off the grid are dropped.
// - upDown skews rows 0..5 against 6..10 and leftRight columns 0..5 against 6..10, as the paper
//   says. (The released outer_upDown_free.jsonl in fact skews columns: see test/unit/grasp.)
import { pythonJsonDumps } from '../../util/pythonJson';
import { renderGridText, type CellChar } from './gridText';
import { seededRandom, type Random } from '../../util/random';
import {
  GRID_SIZE,
  isInnerCell,
  type EnergyDistribution,
  type GraspGridRecord,
  type GridPosition,
  type ObstacleMode,
  type StartRegion,
} from './types';

const OBSTACLE_PROBABILITY = 0.1;
const SPIRAL_STEPS = 121;
const CENTER = 5;
const HALF = 6; // rows or columns 0..5 form the first half

export interface GridVariant {
  energy: EnergyDistribution;
  obstacle: ObstacleMode;
  startPosition: StartRegion;
}

/** The upstream file name of a variant, e.g. `inner_upDown_block.jsonl`. */
export function variantFileName(variant: GridVariant): string {
  return `${variant.startPosition}_${variant.energy}_${variant.obstacle}.jsonl`;
}

const FILE_NAME = /(?:^|[\\/])(inner|outer)_(random|upDown|leftRight|cluster|spiral)_(free|block)\.jsonl$/;

/** The variant an upstream-style file name stands for (`.../inner_upDown_block.jsonl`), or null. */
export function variantOfFileName(path: string): GridVariant | null {
  const named = FILE_NAME.exec(path);
  return named
    ? {
        startPosition: named[1] as StartRegion,
        energy: named[2] as EnergyDistribution,
        obstacle: named[3] as ObstacleMode,
      }
    : null;
}

/** Probability of a half-skewed distribution: U(0.3, 0.4) or U(0.6, 0.7), each with probability 0.5. */
function skewedProbability(random: Random): number {
  return random.next() < 0.5 ? random.uniform(0.3, 0.4) : random.uniform(0.6, 0.7);
}

/** Places energy; returns the stored `energy_probability`. */
function placeEnergy(energy: EnergyDistribution, chars: CellChar[][], random: Random): number {
  const fill = (probabilityAt: (row: number, col: number) => number) => {
    for (let row = 0; row < GRID_SIZE; row++)
      for (let col = 0; col < GRID_SIZE; col++) if (random.next() < probabilityAt(row, col)) chars[row][col] = 'E';
  };
  switch (energy) {
    case 'random': {
      const p = random.uniform(0.3, 0.7);
      fill(() => p);
      return p;
    }
    case 'upDown': {
      const top = skewedProbability(random);
      fill((row) => (row < HALF ? top : 1 - top));
      return top;
    }
    case 'leftRight': {
      const left = skewedProbability(random);
      fill((_, col) => (col < HALF ? left : 1 - left));
      return left;
    }
    case 'cluster': {
      const clusters = random.integer(3, 5);
      for (let cluster = 0; cluster < clusters; cluster++) {
        const centerRow = random.integer(0, GRID_SIZE - 1);
        const centerCol = random.integer(0, GRID_SIZE - 1);
        for (let row = centerRow - 1; row <= centerRow + 1; row++) {
          for (let col = centerCol - 1; col <= centerCol + 1; col++) if (inGrid(row, col)) chars[row][col] = 'E';
        }
      }
      return clusters;
    }
    case 'spiral': {
      for (let step = 0; step < SPIRAL_STEPS; step++) {
        const theta = step / 10 + random.uniform(-0.2, 0.2);
        const radius = step / ((GRID_SIZE * 10) / (2 * Math.PI)) + random.uniform(-0.2, 0.2);
        const row = Math.trunc(CENTER + radius * Math.cos(theta));
        const col = Math.trunc(CENTER + radius * Math.sin(theta));
        if (inGrid(row, col)) chars[row][col] = 'E';
      }
      return -1;
    }
  }
}

function inGrid(row: number, col: number): boolean {
  return row >= 0 && row < GRID_SIZE && col >= 0 && col < GRID_SIZE;
}

/** All cells of a start region: inner is rows and columns 3..7, outer every other cell. */
export function regionCells(region: StartRegion): GridPosition[] {
  const cells: GridPosition[] = [];
  for (let row = 0; row < GRID_SIZE; row++)
    for (let col = 0; col < GRID_SIZE; col++)
      if (isInnerCell(row, col) === (region === 'inner')) cells.push([row, col]);
  return cells;
}

/** One instance drawn with `random`. */
export function generateRecord(variant: GridVariant, index: number, random: Random): GraspGridRecord {
  const chars: CellChar[][] = Array.from({ length: GRID_SIZE }, () => Array<CellChar>(GRID_SIZE).fill(' '));
  const probability = placeEnergy(variant.energy, chars, random);
  if (variant.obstacle === 'block') {
    for (let row = 0; row < GRID_SIZE; row++)
      for (let col = 0; col < GRID_SIZE; col++) if (random.next() < OBSTACLE_PROBABILITY) chars[row][col] = 'O';
  }
  // The start ignores whatever the cell held (paper, Methods).
  const start = random.choice(regionCells(variant.startPosition));
  chars[start[0]][start[1]] = 'A';
  return {
    index,
    energy: variant.energy,
    energy_probability: probability,
    obstacle: variant.obstacle,
    start_position: variant.startPosition,
    grid: renderGridText(chars),
    start: [start[0], start[1]],
  };
}

/** A record as one upstream JSONL line (Python `json.dumps`, keys in upstream order). */
export function serializeGridRecord(record: GraspGridRecord): string {
  const { index, energy, energy_probability, obstacle, start_position, grid, start } = record;
  return pythonJsonDumps({ index, energy, energy_probability, obstacle, start_position, grid, start });
}

/** A whole grid file: `count` instances indexed from 0, one JSON object a line, "\n"-terminated. */
export function generateGridFile(variant: GridVariant, seed: string | number, count = 100): string {
  const random = seededRandom(`${seed}:${variantFileName(variant)}`);
  let text = '';
  for (let index = 0; index < count; index++)
    text += `${serializeGridRecord(generateRecord(variant, index, random))}\n`;
  return text;
}
