// The statistics of reports and comparisons against hand computations: exact McNemar p-values,
// binomial tails for large n against exact rational arithmetic, and the clustered bootstrap's
// determinism, its resampling unit and its coverage on a known distribution.
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../src/core/util/random';
import { binomialLowerTail, clusteredBootstrap, mcnemarExact, pairedBootstrap } from '../../../src/core/runs/stats';

/** P(X ≤ k), X ~ Binomial(n, ½), as an exact fraction turned into a double at the end. */
function exactTail(k: number, n: number): number {
  let term = 1n;
  let sum = 1n;
  for (let i = 1; i <= k; i++) {
    term = (term * BigInt(n - i + 1)) / BigInt(i);
    sum += term;
  }
  // Scale before dividing so the quotient keeps 15+ significant digits.
  const scale = 10n ** 30n;
  return Number((sum * scale) / 2n ** BigInt(n)) / 1e30;
}

describe('McNemar exact test', () => {
  it('matches hand computations', () => {
    // b=1, c=9: 2 · (C(10,0) + C(10,1)) / 2^10 = 22/1024.
    assert.equal(mcnemarExact(1, 9), 0.021484375);
    assert.equal(mcnemarExact(9, 1), 0.021484375);
    assert.equal(mcnemarExact(0, 0), 1);
    // b=0, c=10: 2/1024.
    assert.equal(mcnemarExact(0, 10), 0.001953125);
    // b=5, c=5: 2 · 638/1024 > 1, capped.
    assert.equal(mcnemarExact(5, 5), 1);
    // b=2, c=6: 2 · (1 + 8 + 28)/256 = 74/256.
    assert.equal(mcnemarExact(2, 6), 74 / 256);
  });

  it('computes tails stably for large n (against exact rational arithmetic)', () => {
    for (const [k, n] of [
      [4000, 8100],
      [120, 300],
      [49_000, 100_000],
    ] as const) {
      const exact = exactTail(k, n);
      const computed = binomialLowerTail(k, n);
      assert.ok(Number.isFinite(computed) && computed > 0, `${k}/${n}: ${computed}`);
      assert.ok(Math.abs(computed - exact) <= 1e-9 * exact, `${k}/${n}: ${computed} vs exact ${exact}`);
    }
    // Far in the tail the p-value underflows gracefully to a tiny positive number, never NaN.
    const tiny = mcnemarExact(10, 5000);
    assert.ok(tiny >= 0 && tiny < 1e-300);
  });
});

describe('clustered bootstrap', () => {
  it('is deterministic for a seed and states what it resampled', () => {
    const random = seededRandom('values');
    const values = Array.from({ length: 60 }, (_, i) => ({ cluster: `g${i % 6}`, value: random.next() < 0.4 ? 1 : 0 }));
    const first = clusteredBootstrap(values);
    assert.deepEqual(clusteredBootstrap(values), first);
    assert.equal(first.unit, 'cluster');
    assert.equal(first.clusters, 6);
    assert.notDeepEqual(clusteredBootstrap(values, { seed: 2 }).ci95, first.ci95);
    // One cluster: the values themselves are resampled.
    assert.equal(clusteredBootstrap(values.map((v) => ({ ...v, cluster: 'only' }))).unit, 'value');
    assert.equal(clusteredBootstrap([]).ci95, null);
  });

  it('resamples whole clusters: two clusters with means 0 and 1 give the interval [0, 1]', () => {
    // Resampled means are 0, ½ or 1 with probabilities ¼, ½, ¼: the 2.5th percentile is 0, the 97.5th is 1.
    const values = [
      ...Array.from({ length: 10 }, () => ({ cluster: 'a', value: 0 })),
      ...Array.from({ length: 10 }, () => ({ cluster: 'b', value: 1 })),
    ];
    assert.deepEqual(clusteredBootstrap(values).ci95, [0, 1]);
    // Resampling single values instead would give a much narrower interval around ½.
    const flat = clusteredBootstrap(values.map((v) => ({ ...v, cluster: 'one' }))).ci95;
    assert.ok(flat && flat[0] > 0.2 && flat[1] < 0.8, String(flat));
  });

  it('covers the true mean about 95% of the time', () => {
    const random = seededRandom('coverage');
    let covered = 0;
    const trials = 200;
    for (let trial = 0; trial < trials; trial++) {
      const values = Array.from({ length: 400 }, (_, i) => ({
        cluster: `c${i % 20}`,
        value: random.next() < 0.3 ? 1 : 0,
      }));
      const { ci95 } = clusteredBootstrap(values, { resamples: 500, seed: trial });
      if (ci95 && ci95[0] <= 0.3 && 0.3 <= ci95[1]) covered++;
    }
    assert.ok(covered >= 0.89 * trials && covered <= 0.99 * trials, `covered ${covered} of ${trials}`);
  });

  it('paired bootstrap: no difference gives p = 1 and a zero interval', () => {
    const pairs = Array.from({ length: 30 }, (_, i) => ({ cluster: `g${i % 3}`, a: i % 2, b: i % 2 }));
    const result = pairedBootstrap(pairs);
    assert.ok(result);
    assert.equal(result.diff, 0);
    assert.deepEqual(result.ci95, [0, 0]);
    assert.equal(result.p, 1);
    // A clear shift is significant and its interval excludes 0.
    const shifted = pairedBootstrap(
      Array.from({ length: 40 }, (_, i) => ({ cluster: `g${i % 8}`, a: i % 5, b: (i % 5) + 1 + (i % 3) * 0.1 })),
    );
    assert.ok(shifted && shifted.p < 0.01 && shifted.ci95 && shifted.ci95[0] > 0);
  });
});
