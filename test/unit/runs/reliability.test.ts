// Reliability over repeats: pass@k and pass^k (the unbiased estimators) and mean@K, checked against
// a hand computation on a small crafted run file read by `waypoint report --json` as a user runs it;
// compare pairs repeats by (question, epoch).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunRecord } from '../../../src/core/eval/types';
import { compareRuns } from '../../../src/core/runs/compare';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { passAtK, passHatK } from '../../../src/core/runs/reliability';
import { buildReport } from '../../../src/core/runs/report';
import type { ReportJson } from '../../../src/core/runs/reportTypes';
import { distDir, repoRoot } from '../../support/paths';
import { jsonl, mangoRecord } from './fixtures';

/** Per question, its three epochs' success_strict: c = 3, 1, 0, 2 successes of n = 3. */
const OUTCOMES = [
  [1, 1, 1],
  [1, 0, 0],
  [0, 0, 0],
  [1, 1, 0],
];

function crafted(model: string, outcomes: number[][]): RunRecord[] {
  return outcomes.flatMap((epochs, n) =>
    epochs.map((strict, index) =>
      mangoRecord({ model, game: n < 2 ? 'zork1' : 'omniquest', n, strict, epoch: index + 1 }),
    ),
  );
}

describe('reliability: pass@k, pass^k, mean@K', () => {
  it('the estimators match their binomial definitions', () => {
    const choose = (n: number, k: number): number =>
      k < 0 || k > n ? 0 : k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k;
    for (let n = 1; n <= 8; n++)
      for (let c = 0; c <= n; c++)
        for (let k = 1; k <= n; k++) {
          assert.ok(Math.abs(passAtK(n, c, k) - (1 - choose(n - c, k) / choose(n, k))) < 1e-12);
          assert.ok(Math.abs(passHatK(n, c, k) - choose(c, k) / choose(n, k)) < 1e-12);
        }
    assert.throws(() => passAtK(3, 1, 4), RangeError);
  });

  it('report --json gives the hand-computed pass@k and pass^k of a crafted 3-epoch run', () => {
    const folder = mkdtempSync(join(tmpdir(), 'waypoint-reliability-'));
    try {
      const file = join(folder, 'run.jsonl');
      writeFileSync(file, jsonl(crafted('m', OUTCOMES)));
      const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), 'report', file, '--by', 'model', '--json'], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, result.stderr);
      const json = JSON.parse(result.stdout) as ReportJson;
      const metric = json.groups[0].metrics.success_strict;
      const repeats = metric.repeats;
      assert.ok(repeats);
      assert.equal(repeats.epochs, 3);
      assert.equal(repeats.questions, 4);
      // By hand: pass@1 = mean(c/n) = (1 + 1/3 + 0 + 2/3)/4; pass@2 = (1 + (1 − 1/3) + 0 + 1)/4;
      // pass@3 = (1 + 1 + 0 + 1)/4; pass^2 = (3/3 + 0 + 0 + 1/3)/4; pass^3 = (1 + 0 + 0 + 0)/4.
      const expected = {
        'pass@k': { 1: 0.5, 2: 2 / 3, 3: 0.75 },
        'pass^k': { 1: 0.5, 2: 1 / 3, 3: 0.25 },
      };
      for (const kind of ['pass@k', 'pass^k'] as const)
        for (const [k, value] of Object.entries(expected[kind])) {
          const entry = repeats[kind]?.[k];
          assert.ok(entry && Math.abs(entry.mean - value) < 1e-12, `${kind} k=${k}: ${entry?.mean} ≠ ${value}`);
          assert.ok(entry.ci95 && entry.ci95[0] <= entry.mean && entry.mean <= entry.ci95[1]);
        }
      assert.equal(repeats['mean@k'].mean, 0.5);
      // The entries at k = K beside the mean; a metric that is not 0/1 has mean@K only.
      assert.deepEqual(metric['pass@k'], { k: 3, ...repeats['pass@k']?.['3'] });
      assert.equal(metric.mean, 0.5);
      assert.equal(metric.n, 12);
      assert.equal(json.groups[0].metrics.success_loose['pass@k'], undefined);
      assert.ok(json.groups[0].metrics.success_loose['mean@k']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a run without repeats reports as before: no reliability entries', () => {
    const single = crafted('m', OUTCOMES)
      .filter((record) => record.epoch === 1)
      .map(({ epoch: _epoch, ...rest }) => rest);
    const { json } = buildReport(mergeRunFiles([{ file: 'a', records: single }]), { by: 'model' });
    const metric = json.groups[0].metrics.success_strict;
    assert.deepEqual(Object.keys(metric), ['mean', 'ci95', 'n']);
  });

  it('compare pairs repeats by (question, epoch): a flip names its epoch', () => {
    const a = mergeRunFiles([{ file: 'a', records: crafted('m', OUTCOMES) }]);
    // B succeeds where A failed in epoch 2 of question 1 only.
    const changed = OUTCOMES.map((epochs, n) => (n === 1 ? [1, 1, 0] : epochs));
    const b = mergeRunFiles([{ file: 'b', records: crafted('m', changed) }]);
    const json = compareRuns(a, b);
    assert.equal(json.paired, 12);
    assert.equal(json.flips.length, 1);
    assert.equal(json.flips[0].epoch, 2);
    assert.equal(json.metrics.success_strict.discordant?.b_only, 1);
  });

  it('compare of runs with repeats tests 0/1 metrics by the clustered bootstrap, not McNemar', () => {
    // Two questions (one game) flipped in each of their 3 epochs: McNemar would take the 6
    // (question, epoch) pairs as independent, p = 2 × 0.5^6 ≈ 0.031, "significant"; they are two
    // questions of one game, which the bootstrap over games does not call significant.
    const none = [0, 0, 0];
    const all = [1, 1, 1];
    const a = mergeRunFiles([{ file: 'a', records: crafted('m', [none, none, none, none]) }]);
    const b = mergeRunFiles([{ file: 'b', records: crafted('m', [all, all, none, none]) }]);
    const metric = compareRuns(a, b).metrics.success_strict;
    assert.equal(metric.test, 'paired-bootstrap');
    assert.deepEqual(metric.discordant, { a_only: 0, b_only: 6 });
    assert.ok(metric.p_value > 0.05, `p ${metric.p_value}`);
  });
});
