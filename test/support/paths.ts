// Locations the tests share. Bundled tests run from dist/test/<layer>/, so paths are taken from the
// repository root, found by walking up to package.json.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function findRoot(start: string): string {
  let directory = start;
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`no package.json above ${start}`);
    directory = parent;
  }
  return directory;
}

export const repoRoot = findRoot(__dirname);
export const samplesDir = join(repoRoot, 'samples');
export const distDir = join(repoRoot, 'dist');
/** Real upstream data lives beside the project, never inside it (it is copyrighted game text). */
export const sharedDataDir = resolve(repoRoot, '..', 'shared', 'data');
export const testResultsDir = join(repoRoot, 'test-results');
export const sharedDataMissingReason = `upstream data not found at ${sharedDataDir} (CI checks out ../shared beside the project)`;
