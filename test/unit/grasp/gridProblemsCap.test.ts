// GRASP grids read for a run (`waypoint run grasp --dry-run` and every run): a file of many broken
// lines gives the first problems and a count, and keeps only those (issue 29: a million `{}` lines
// kept 7 million problems, 2.4 GB, before the first thousand were printed).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGraspGrids } from '../../../src/core/benchmarks/grasp/questionSet';
import { MAX_DIAGNOSTICS_PER_FILE } from '../../../src/core/util/diagnosticCap';
import { samplesDir } from '../../support/paths';

const files = (texts: Record<string, string>) => ({
  readText: async (path: string) => texts[path],
  list: async () => null,
});

describe('GRASP grids with many broken lines', function () {
  it('shows the first problems, counts the rest, and uses no record of a broken line', async function () {
    const lines = 5000;
    // Seven keys missing on each line: 35,000 problems.
    const loaded = await loadGraspGrids(['broken.jsonl'], files({ 'broken.jsonl': '{}\n'.repeat(lines) }));
    assert.equal(loaded.problems.length, MAX_DIAGNOSTICS_PER_FILE + 1);
    assert.equal(loaded.problems[0], 'broken.jsonl:1:1: Missing key "index".');
    assert.equal(
      loaded.problems.at(-1),
      `broken.jsonl: ${7 * lines - MAX_DIAGNOSTICS_PER_FILE} more problems in this file are not shown.`,
    );
    assert.deepEqual(
      loaded.files.map((file) => file.entries.length),
      [0],
    );
  });

  it('keeps the good records of a file past its cap, and none with an error', async function () {
    const good = readFileSync(join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'), 'utf8').split('\n')[0];
    const bad = JSON.stringify({ ...JSON.parse(good), index: 99, energy: 'none' });
    // 1,500 broken lines fill the cap; the good record after them is still used, the bad one is not.
    const text = `${'{}\n'.repeat(1500)}${good}\n${bad}\n`;
    const loaded = await loadGraspGrids(['inner_cluster_free.jsonl'], files({ 'inner_cluster_free.jsonl': text }));
    assert.deepEqual(
      loaded.files[0].entries.map((entry) => entry.record.index),
      [JSON.parse(good).index],
    );
    assert.match(
      loaded.problems.at(-1) ?? '',
      /^inner_cluster_free\.jsonl: \d+ more problems in this file are not shown\.$/,
    );
  });
});
