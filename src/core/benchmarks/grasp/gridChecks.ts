// Semantic checks of one grid record (spec §3 and the paper's Methods): the start agrees with the
// grid's `A`, and the metadata (start region, obstacles, energy parameter, file name) agrees with
// the grid. Only what the generator guarantees is an error; what is merely unlikely is a warning.
import { GraspCodes } from './codes';
import { variantOfFileName } from './generator';
import type { LineReporter } from './lineReporter';
import { cellColumn, GRID_LINE_LENGTH, rowLine, type ReadGridText } from './gridText';
import { isInnerCell, type GraspGridRecord } from './types';

const CELLS_PER_CLUSTER = 9;

/** Index in the grid string of cell (row, col)'s character. */
function cellIndex(row: number, col: number): number {
  return rowLine(row) * (GRID_LINE_LENGTH + 1) + cellColumn(col);
}

export function checkRecordSemantics(
  record: GraspGridRecord,
  read: ReadGridText,
  position: number,
  fileName: string | undefined,
  reporter: LineReporter,
): void {
  const [row, col] = record.start;
  if (read.agents.length === 1) {
    const [agentRow, agentCol] = read.agents[0];
    if (agentRow !== row || agentCol !== col) {
      reporter.report(
        'error',
        GraspCodes.startMismatch,
        `"start" is [${row}, ${col}] but the grid's 'A' is at [${agentRow}, ${agentCol}] (positions are [row, col]).`,
        reporter.rangeOf(['start']),
        { expected: `[${agentRow}, ${agentCol}]` },
      );
    }
  }
  const inner = isInnerCell(row, col);
  if ((record.start_position === 'inner') !== inner) {
    reporter.report(
      'error',
      GraspCodes.startRegion,
      `"start_position" is "${record.start_position}" but the start [${row}, ${col}] is ${inner ? 'inside' : 'outside'} the inner block (rows and columns 3..7).`,
      reporter.rangeOf(['start_position']),
      { expected: inner ? 'inner' : 'outer' },
    );
  }
  checkObstacles(record, read, reporter);
  checkEnergyParameter(record, read, reporter);
  if (record.index !== position) {
    reporter.report(
      'warning',
      GraspCodes.indexSequence,
      `"index" is ${record.index} but this is record ${position} of the file; upstream numbers the records 0, 1, 2, ... in order.`,
      reporter.rangeOf(['index']),
      { expected: position },
    );
  }
  const named = fileName ? variantOfFileName(fileName) : null;
  if (named) {
    const expected: Array<[keyof GraspGridRecord, string]> = [
      ['start_position', named.startPosition],
      ['energy', named.energy],
      ['obstacle', named.obstacle],
    ];
    for (const [key, value] of expected) {
      if (record[key] !== value)
        reporter.report(
          'warning',
          GraspCodes.fileName,
          `"${key}" is "${String(record[key])}" but the file name says "${value}".`,
          reporter.rangeOf([key]),
          { expected: value },
        );
    }
  }
}

function checkObstacles(record: GraspGridRecord, read: ReadGridText, reporter: LineReporter): void {
  const obstacles: Array<[number, number]> = [];
  read.chars?.forEach((cells, row) => cells.forEach((char, col) => char === 'O' && obstacles.push([row, col])));
  if (record.obstacle === 'free') {
    for (const [row, col] of obstacles) {
      reporter.report(
        'error',
        GraspCodes.obstacleMismatch,
        `Obstacle at (${row}, ${col}) in a grid whose "obstacle" is "free".`,
        reporter.rangeInString(['grid'], cellIndex(row, col), 1),
      );
    }
  } else if (obstacles.length === 0) {
    // Each cell is an obstacle with probability 0.1, so a "block" grid without any is ~3e-6 likely.
    reporter.report(
      'warning',
      GraspCodes.obstacleMismatch,
      '"obstacle" is "block" but the grid has no obstacle.',
      reporter.rangeOf(['obstacle']),
    );
  }
}

function checkEnergyParameter(record: GraspGridRecord, read: ReadGridText, reporter: LineReporter): void {
  const p = record.energy_probability;
  const bad = (expectation: string) =>
    reporter.report(
      'error',
      GraspCodes.energyProbability,
      `"energy_probability" is ${p}; for "${record.energy}" it must be ${expectation}.`,
      reporter.rangeOf(['energy_probability']),
    );
  switch (record.energy) {
    case 'random':
      if (!(p >= 0.3 && p <= 0.7)) bad('a probability in 0.3..0.7 (p ~ U(0.3, 0.7))');
      break;
    case 'upDown':
    case 'leftRight':
      if (!((p >= 0.3 && p <= 0.4) || (p >= 0.6 && p <= 0.7))) bad('a probability in 0.3..0.4 or 0.6..0.7');
      break;
    case 'cluster': {
      if (!(Number.isInteger(p) && p >= 3 && p <= 5)) {
        bad('the number of clusters, 3, 4 or 5');
        break;
      }
      const energy = read.chars?.reduce((sum, cells) => sum + cells.filter((char) => char === 'E').length, 0) ?? 0;
      if (energy > CELLS_PER_CLUSTER * p) {
        reporter.report(
          'error',
          GraspCodes.energyCount,
          `The grid has ${energy} energy cells, more than ${p} clusters of 3×3 cells can hold (${CELLS_PER_CLUSTER * p}).`,
          reporter.rangeOf(['grid']),
        );
      }
      break;
    }
    case 'spiral':
      if (p !== -1) bad('-1');
      break;
  }
}
