// Shared helpers of the GRASP tests: where the shared upstream data is, and grids from pictures.
// The tests may run from dist/test/unit or from a private bundle directory outside the repository,
// so the repository is found from __dirname or, failing that, from the working directory.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseGraspGridFile, type GraspGridEntry } from '../../../src/core/benchmarks/grasp/gridFile';
import {
  gridFromChars,
  readGridText,
  renderGridText,
  type CellChar,
} from '../../../src/core/benchmarks/grasp/gridText';
import {
  SCORING_MODES,
  type GraspGrid,
  type GraspGridRecord,
  type GraspSettings,
  type ScoringMode,
} from '../../../src/core/benchmarks/grasp/types';

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
/** Upstream's o1-mini answers (spec §6), 800 rows. */
export const o1MiniResultsPath = join(graspDataDir, 'results', 'gpt_o1_mini_output.jsonl');
/** The four upstream grid files in the shared data (of the release's 20). */
export const sharedGridFileNames = [
  'inner_random_free.jsonl',
  'inner_spiral_block.jsonl',
  'outer_cluster_block.jsonl',
  'outer_upDown_free.jsonl',
];

/** The shared grid records keyed `<file>-<index>`. */
export function sharedGridEntries(): Map<string, GraspGridEntry> {
  const entries = new Map<string, GraspGridEntry>();
  for (const name of sharedGridFileNames) {
    const path = join(graspDataDir, name);
    if (!existsSync(path)) continue;
    for (const entry of parseGraspGridFile(readFileSync(path, 'utf8')).entries)
      entries.set(`${name}-${entry.record.index}`, entry);
  }
  return entries;
}

/** One stored answer with what its custom_id says. */
export interface SharedAnswer {
  file: string;
  index: number;
  settings: GraspSettings;
  answer: string;
}

/**
 * Scores the stored o1-mini answers that fall on the shared grid files (160 of them) with `scoreOf`
 * in every mode and checks the paper's o1-mini means, so any scoring path can be held to them.
 */
export function checkO1MiniPaperMeans<T extends SharedAnswer>(
  answers: readonly T[],
  scoreOf: (entry: GraspGridEntry, answer: T, mode: ScoringMode) => number,
): void {
  const entries = sharedGridEntries();
  const scores = new Map<string, number[]>(
    SCORING_MODES.flatMap((mode) => [
      [`${mode}`, []],
      [`${mode} c=0`, []],
      [`${mode} c=0.3`, []],
    ]),
  );
  for (const answer of answers) {
    const entry = entries.get(`${answer.file}-${answer.index}`);
    if (!entry) continue;
    for (const mode of SCORING_MODES) {
      const score = scoreOf(entry, answer, mode);
      assert.ok(Number.isFinite(score));
      scores.get(mode)?.push(score);
      scores.get(`${mode} c=${answer.settings.stepCost}`)?.push(score);
    }
  }
  const mean = (key: string) => {
    const list = scores.get(key) ?? [];
    return list.reduce((sum, value) => sum + value, 0) / list.length;
  };
  assert.equal(scores.get('faithful')?.length, 160);
  // Paper, Table 1, o1-mini: average −0.31, cost 0 → 2.39, cost 0.3 → −3.02 (all 20 files).
  assert.ok(Math.abs(mean('faithful') - -0.31) < 0.15, `faithful mean ${mean('faithful')}`);
  assert.ok(Math.abs(mean('faithful c=0') - 2.39) < 0.15);
  assert.ok(Math.abs(mean('faithful c=0.3') - -3.02) < 0.3);
  for (const mode of ['reference', 'pre2025'] as ScoringMode[])
    assert.ok(mean(mode) > 1, `${mode} mean ${mean(mode)} is far from the published −0.31`);
  // Without a step cost the modes differ only in the scored cell.
  assert.equal(mean('reference c=0'), mean('faithful c=0'));
  assert.notEqual(mean('pre2025 c=0'), mean('reference c=0'));
}

/** Cell characters from 11 strings of 11 characters ('.' may stand for an empty cell). */
export function charsOf(picture: readonly string[]): CellChar[][] {
  if (picture.length !== 11 || picture.some((row) => row.length !== 11))
    throw new Error('a picture is 11 rows of 11 characters');
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
  return {
    index: 0,
    energy: 'random',
    energy_probability: 0.5,
    obstacle: picture.join('').includes('O') ? 'block' : 'free',
    start_position:
      grid.start[0] >= 3 && grid.start[0] <= 7 && grid.start[1] >= 3 && grid.start[1] <= 7 ? 'inner' : 'outer',
    grid: renderGridText(charsOf(picture)),
    start: grid.start,
    ...overrides,
  };
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
