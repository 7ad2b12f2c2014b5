// Shared helpers of the GRASP tests: where the shared upstream data is, and grids from pictures.
// The tests may run from dist/test/unit or from a private bundle directory outside the repository,
// so the repository is found from __dirname or, failing that, from the working directory.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gridFromChars, readGridText, renderGridText, type CellChar } from '../../../src/core/grasp/gridText';
import type { GraspGrid, GraspGridRecord } from '../../../src/core/grasp/types';

function findRoot(): string {
  for (const start of [__dirname, process.cwd()]) {
    let directory = start;
    for (;;) {
      if (existsSync(join(directory, 'package.json')) && existsSync(join(directory, 'src', 'core'))) return directory;
      const parent = dirname(directory);
      if (parent === directory) break;
      directory = parent;
    }
  }
  throw new Error('repository root not found above __dirname or the working directory');
}

export const repoRoot = findRoot();
export const graspDataDir = resolve(repoRoot, '..', 'shared', 'data', 'grasp');
export const graspDataMissing = `shared GRASP data not found at ${graspDataDir} (CI checks out ../shared beside the project)`;
export const graspSamplesDir = join(repoRoot, 'samples', 'grasp');

/** Cell characters from 11 strings of 11 characters ('.' may stand for an empty cell). */
export function charsOf(picture: readonly string[]): CellChar[][] {
  if (picture.length !== 11 || picture.some((row) => row.length !== 11)) throw new Error('a picture is 11 rows of 11 characters');
  return picture.map((row) => [...row].map((char) => (char === '.' ? ' ' : char) as CellChar));
}

/** The simulator grid of a picture; the start is its 'A'. */
export function gridOf(picture: readonly string[]): GraspGrid {
  const read = readGridText(renderGridText(charsOf(picture)));
  if (read.agents.length !== 1 || read.chars === null) throw new Error('a picture needs exactly one A');
  return gridFromChars(read.chars, read.agents[0]);
}

/** A valid upstream-style record for a picture. */
export function recordOf(picture: readonly string[], overrides: Partial<GraspGridRecord> = {}): GraspGridRecord {
  const grid = gridOf(picture);
  return { index: 0, energy: 'random', energy_probability: 0.5, obstacle: picture.join('').includes('O') ? 'block' : 'free', start_position: grid.start[0] >= 3 && grid.start[0] <= 7 && grid.start[1] >= 3 && grid.start[1] <= 7 ? 'inner' : 'outer', grid: renderGridText(charsOf(picture)), start: grid.start, ...overrides };
}

/** 11 rows of dots with the given cells set, e.g. { '5,5': 'A', '5,6': 'E' }. */
export function picture(cells: Record<string, string>): string[] {
  const rows = Array.from({ length: 11 }, () => Array<string>(11).fill('.'));
  for (const [key, char] of Object.entries(cells)) {
    const [row, col] = key.split(',').map(Number);
    rows[row][col] = char;
  }
  return rows.map((row) => row.join(''));
}
