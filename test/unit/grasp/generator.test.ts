// The seeded generator (paper, Methods): determinism, upstream byte layout, and the statistical
// shape of each energy distribution, obstacles and start regions.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  generateGridFile,
  generateRecord,
  regionCells,
  serializeGridRecord,
  variantFileName,
  type GridVariant,
} from '../../../src/core/benchmarks/grasp/generator';
import { parseGraspGridFile, type GraspGridEntry } from '../../../src/core/benchmarks/grasp/gridFile';
import { seededRandom } from '../../../src/core/util/random';
import { ENERGY_DISTRIBUTIONS, isInnerCell } from '../../../src/core/benchmarks/grasp/types';
import { graspDataDir } from './support';

function generated(variant: GridVariant, seed: string | number, count = 100): GraspGridEntry[] {
  const text = generateGridFile(variant, seed, count);
  const file = parseGraspGridFile(text, variantFileName(variant));
  assert.deepEqual(
    file.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
    [],
  );
  return file.entries;
}

/** Mean share of energy cells in the cells selected by `inside`, over all entries. */
function density(entries: readonly GraspGridEntry[], inside: (row: number, col: number) => boolean): number {
  let energy = 0;
  let cells = 0;
  for (const entry of entries) {
    entry.grid.cells.forEach((cellsOfRow, row) =>
      cellsOfRow.forEach((cell, col) => {
        if (!inside(row, col) || (row === entry.grid.start[0] && col === entry.grid.start[1])) return;
        cells++;
        if (cell.energy > 0) energy++;
      }),
    );
  }
  return energy / cells;
}

describe('GRASP generator', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const variant: GridVariant = { energy: 'random', obstacle: 'block', startPosition: 'outer' };
    assert.equal(generateGridFile(variant, 'alpha', 5), generateGridFile(variant, 'alpha', 5));
    assert.notEqual(generateGridFile(variant, 'alpha', 5), generateGridFile(variant, 'beta', 5));
    assert.deepEqual(generateRecord(variant, 3, seededRandom(9)), generateRecord(variant, 3, seededRandom(9)));
  });

  it('writes upstream JSONL: every variant validates clean with its file name and re-serialises byte for byte', () => {
    for (const energy of ENERGY_DISTRIBUTIONS) {
      for (const obstacle of ['free', 'block'] as const) {
        for (const startPosition of ['inner', 'outer'] as const) {
          const variant = { energy, obstacle, startPosition };
          const text = generateGridFile(variant, 7, 20);
          const file = parseGraspGridFile(text, variantFileName(variant));
          assert.deepEqual(file.diagnostics, [], variantFileName(variant));
          const lines = text.split('\n');
          assert.equal(lines.pop(), '');
          file.entries.forEach((entry, index) => {
            assert.equal(entry.record.index, index);
            assert.equal(serializeGridRecord(entry.record), lines[index]);
            assert.equal(isInnerCell(...entry.record.start), startPosition === 'inner');
          });
        }
      }
    }
  });

  it('random: p ~ U(0.3, 0.7) and the energy share follows p', () => {
    const entries = generated({ energy: 'random', obstacle: 'free', startPosition: 'inner' }, 1, 200);
    const probabilities = entries.map((entry) => entry.record.energy_probability);
    assert.ok(probabilities.every((p) => p >= 0.3 && p <= 0.7));
    assert.ok(probabilities.some((p) => p < 0.4) && probabilities.some((p) => p > 0.6));
    const low = entries.filter((entry) => entry.record.energy_probability < 0.4);
    const high = entries.filter((entry) => entry.record.energy_probability > 0.6);
    assert.ok(density(low, () => true) < 0.4 && density(high, () => true) > 0.6);
  });

  it('upDown skews rows 0..5 against 6..10; leftRight columns 0..5 against 6..10', () => {
    for (const [energy, firstHalf] of [
      ['upDown', (row: number) => row < 6],
      ['leftRight', (_: number, col: number) => col < 6],
    ] as const) {
      const entries = generated({ energy, obstacle: 'free', startPosition: 'outer' }, 2, 300);
      const p = entries.map((entry) => entry.record.energy_probability);
      assert.ok(p.every((value) => (value >= 0.3 && value <= 0.4) || (value >= 0.6 && value <= 0.7)));
      const rich = entries.filter((entry) => entry.record.energy_probability > 0.5);
      const poor = entries.filter((entry) => entry.record.energy_probability < 0.5);
      assert.ok(rich.length > 100 && poor.length > 100, 'both bands are drawn about half the time');
      assert.ok(Math.abs(density(rich, firstHalf) - 0.65) < 0.03, `${energy}: first half of rich grids`);
      assert.ok(Math.abs(density(rich, (row, col) => !firstHalf(row, col)) - 0.35) < 0.03);
      assert.ok(Math.abs(density(poor, firstHalf) - 0.35) < 0.03);
    }
  });

  it('cluster: 3, 4 or 5 clusters of at most 9 cells, and nothing outside them', () => {
    const entries = generated({ energy: 'cluster', obstacle: 'free', startPosition: 'inner' }, 3, 200);
    assert.deepEqual([...new Set(entries.map((entry) => entry.record.energy_probability))].sort(), [3, 4, 5]);
    for (const entry of entries) {
      const energy = entry.grid.cells.flat().filter((cell) => cell.energy > 0).length;
      assert.ok(energy <= 9 * entry.record.energy_probability && energy >= 3);
      // Every energy cell has an energy neighbour: clusters are 3×3 blocks (2×2 at worst in a corner).
      entry.grid.cells.forEach((cells, row) =>
        cells.forEach((cell, col) => {
          if (cell.energy === 0) return;
          const neighbours = [
            [-1, 0],
            [1, 0],
            [0, -1],
            [0, 1],
          ].filter(
            ([dr, dc]) =>
              (entry.grid.cells[row + dr]?.[col + dc]?.energy ?? 0) > 0 ||
              (row + dr === entry.grid.start[0] && col + dc === entry.grid.start[1]),
          );
          assert.ok(neighbours.length > 0, `isolated energy at (${row}, ${col})`);
        }),
      );
    }
  });

  it('spiral: p = -1, a trail from the centre whose per-cell frequencies match the released spiral file', function () {
    const entries = generated({ energy: 'spiral', obstacle: 'block', startPosition: 'inner' }, 4, 100);
    assert.ok(entries.every((entry) => entry.record.energy_probability === -1));
    const path = join(graspDataDir, 'inner_spiral_block.jsonl');
    if (!existsSync(path)) this.skip();
    const frequencies = (list: readonly GraspGridEntry[]) => {
      const counts = Array<number>(121).fill(0);
      for (const entry of list)
        entry.grid.cells.flat().forEach((cell, index) => (counts[index] += cell.energy > 0 ? 1 : 0));
      return counts;
    };
    const shared = frequencies(parseGraspGridFile(readFileSync(path, 'utf8')).entries);
    const ours = frequencies(entries);
    const distance = ours.reduce((sum, count, index) => sum + Math.abs(count - shared[index]), 0);
    // 121 steps gives ~250 here; 100 steps (no outer turn) gives well over 1,000.
    assert.ok(distance < 500, `L1 distance of per-cell counts ${distance}`);
  });

  it('obstacles: about 10% of cells in block grids, none in free grids; starts cover their region uniformly', () => {
    const block = generated({ energy: 'random', obstacle: 'block', startPosition: 'inner' }, 5, 300);
    const share =
      block.reduce((sum, entry) => sum + entry.grid.cells.flat().filter((cell) => cell.obstacle).length, 0) /
      (300 * 121);
    assert.ok(Math.abs(share - 0.1) < 0.01, `obstacle share ${share}`);
    const starts = new Set(block.map((entry) => entry.record.start.join(',')));
    assert.equal(starts.size, regionCells('inner').length);
    assert.equal(regionCells('outer').length, 96);
    const free = generated({ energy: 'random', obstacle: 'free', startPosition: 'outer' }, 5, 50);
    assert.ok(free.every((entry) => entry.grid.cells.flat().every((cell) => !cell.obstacle)));
  });

  it('finding: the released outer_upDown_free.jsonl skews columns, not rows as the paper says', function () {
    const path = join(graspDataDir, 'outer_upDown_free.jsonl');
    if (!existsSync(path)) this.skip();
    const entries = parseGraspGridFile(readFileSync(path, 'utf8')).entries;
    const rich = entries.filter((entry) => entry.record.energy_probability > 0.5);
    assert.ok(density(rich, (_, col) => col < 6) > 0.58 && density(rich, (_, col) => col >= 6) < 0.42);
    assert.ok(Math.abs(density(rich, (row) => row < 6) - density(rich, (row) => row >= 6)) < 0.06);
  });
});
