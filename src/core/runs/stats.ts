// The statistics of reports and comparisons (runs.md §4–5): a seeded bootstrap of a mean, clustered
// (whole games, levels or grid files are resampled, since questions of one game are not independent),
// a paired bootstrap of a mean difference, and the exact two-sided McNemar test. Everything is
// deterministic for a seed, so a report is reproducible byte for byte.
import { seededRandom } from '../util/random';

/** The fixed bootstrap settings every report states in its output. */
export const BOOTSTRAP = { seed: 1, resamples: 2000 } as const;

interface BootstrapOptions {
  seed?: number | string;
  resamples?: number;
}

/** A value with the cluster it belongs to. */
interface Clustered {
  cluster: string;
  value: number;
}

interface Interval {
  /** [2.5th, 97.5th] percentile of the resampled means; null when there is nothing to resample. */
  ci95: [number, number] | null;
  /** What was resampled: clusters, or single values when there is only one cluster. */
  unit: 'cluster' | 'value';
  clusters: number;
}

/** Sum and count per cluster, in first-seen order (so the result does not depend on Map internals). */
function clusterTotals(values: readonly Clustered[]): { sums: Float64Array; counts: Float64Array } {
  const index = new Map<string, number>();
  const sums: number[] = [];
  const counts: number[] = [];
  for (const { cluster, value } of values) {
    let at = index.get(cluster);
    if (at === undefined) {
      at = sums.length;
      index.set(cluster, at);
      sums.push(0);
      counts.push(0);
    }
    sums[at] += value;
    counts[at] += 1;
  }
  return { sums: Float64Array.from(sums), counts: Float64Array.from(counts) };
}

/** The `q`-quantile of sorted values, linearly interpolated (numpy's default). */
function quantile(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/**
 * 95% percentile bootstrap interval of the mean of `values`, resampling whole clusters with
 * replacement (the mean of a resample is its total over its count, so large clusters weigh as
 * they do in the mean). With a single cluster there is no between-cluster variation to resample,
 * so the values themselves are resampled and `unit` says so.
 */
export function clusteredBootstrap(values: readonly Clustered[], options: BootstrapOptions = {}): Interval {
  if (values.length === 0) return { ci95: null, unit: 'cluster', clusters: 0 };
  const { means, clusters } = resampledMeans(values, options);
  means.sort();
  return {
    ci95: [quantile(means, 0.025), quantile(means, 0.975)],
    unit: clusters >= 2 ? 'cluster' : 'value',
    clusters,
  };
}

/** The means of `resamples` bootstrap resamples (by cluster when there are two or more, else by value), in draw order. */
function resampledMeans(
  values: readonly Clustered[],
  options: BootstrapOptions,
): { means: Float64Array; clusters: number } {
  const { sums, counts } = clusterTotals(values);
  const random = seededRandom(options.seed ?? BOOTSTRAP.seed);
  const resamples = options.resamples ?? BOOTSTRAP.resamples;
  const means = new Float64Array(resamples);
  const clustered = sums.length >= 2;
  const flat = clustered ? sums : Float64Array.from(values, (entry) => entry.value);
  const weights = clustered ? counts : null;
  const k = flat.length;
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < k; i++) {
      const pick = Math.floor(random.next() * k);
      sum += flat[pick];
      count += weights ? weights[pick] : 1;
    }
    means[r] = sum / count;
  }
  return { means, clusters: sums.length };
}

interface PairedDifference extends Interval {
  /** mean(b − a) over the pairs. */
  diff: number;
  /** Two-sided bootstrap p-value of "no difference" (the shifted bootstrap, (1 + extreme) / (1 + resamples)). */
  p: number;
}

/**
 * Paired bootstrap of mean(b − a): the per-pair differences resampled by cluster as in
 * clusteredBootstrap. The p-value centres the resampled means on 0 and counts those at least as
 * far from 0 as the observed difference.
 */
export function pairedBootstrap(
  pairs: ReadonlyArray<{ cluster: string; a: number; b: number }>,
  options: BootstrapOptions = {},
): PairedDifference | null {
  if (pairs.length === 0) return null;
  const differences = pairs.map((pair) => ({ cluster: pair.cluster, value: pair.b - pair.a }));
  const diff = differences.reduce((total, entry) => total + entry.value, 0) / differences.length;
  const { means, clusters } = resampledMeans(differences, options);
  // Relative tolerance: a resample equal to the observed one must count as "as extreme" despite rounding.
  const tolerance = 1e-12 * Math.max(1, Math.abs(diff));
  let extreme = 0;
  for (const resampled of means) if (Math.abs(resampled - diff) >= Math.abs(diff) - tolerance) extreme++;
  means.sort();
  return {
    ci95: [quantile(means, 0.025), quantile(means, 0.975)],
    unit: clusters >= 2 ? 'cluster' : 'value',
    clusters,
    diff,
    p: Math.min(1, (1 + extreme) / (1 + means.length)),
  };
}

/** ln n!: summed exactly below 256, Stirling's series above (relative error far below 1e-15 there). */
function logFactorial(n: number): number {
  if (n < 256) {
    let total = 0;
    for (let i = 2; i <= n; i++) total += Math.log(i);
    return total;
  }
  const inverse = 1 / n;
  const inverse2 = inverse * inverse;
  return (
    n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + inverse * (1 / 12 - inverse2 * (1 / 360 - inverse2 / 1260))
  );
}

/**
 * P(X ≤ k) for X ~ Binomial(n, ½). Up to n = 50 every C(n, j) is an exact double, so the sum over
 * 2^n is exact; above, C(n, k)/2^n is taken in log space and multiplied by Σ C(n, k−j)/C(n, k),
 * whose terms are ratios built one factor at a time (stable for n in the millions).
 */
export function binomialLowerTail(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (n <= 50) {
    let term = 1;
    let sum = 1;
    for (let j = 1; j <= k; j++) {
      term = (term * (n - j + 1)) / j;
      sum += term;
    }
    return sum / 2 ** n;
  }
  let ratio = 1;
  let sum = 1;
  for (let j = 0; j < k; j++) {
    ratio *= (k - j) / (n - k + j + 1);
    sum += ratio;
    if (ratio < 1e-17 * sum) break;
  }
  return Math.exp(logFactorial(n) - logFactorial(k) - logFactorial(n - k) - n * Math.LN2 + Math.log(sum));
}

/**
 * Exact two-sided McNemar test on the discordant pairs: `b` pairs went 1 → 0, `c` went 0 → 1.
 * p = min(1, 2 · P(X ≤ min(b, c))) with X ~ Binomial(b + c, ½); 1 when there is no discordant pair.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  return Math.min(1, 2 * binomialLowerTail(Math.min(b, c), n));
}
