// SIGKILL at random points of a real `waypoint run` (the offline oracle on the sample game),
// followed by --resume: nothing lost, duplicated or torn (issue 29). The points are seeded, so a
// failure names a trial that can be run again; bench/killResumeProbe.ts runs fifty of them.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killResumeTrial } from '../../support/killResume';
import { samplesDir } from '../../support/paths';

describe('waypoint run killed at random points, then --resume', function () {
  for (const seed of [1, 2, 3]) {
    it(`trial ${seed}: every question answered once, every line whole, no lock left`, async function () {
      const dir = mkdtempSync(join(tmpdir(), 'waypoint-kill-'));
      try {
        const result = await killResumeTrial({ dir, game: join(samplesDir, 'mango', 'lighthouse'), limit: 120, seed });
        assert.ok(result.ok, result.detail);
        assert.deepEqual([result.answered, result.records, result.duplicates], [120, 120, 0]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
