// Which run a comparison favours, from the metric's declared better direction (BenchmarkReport
// `better`): shared by `waypoint compare`'s JSON and text and the results view's Compare table, so
// a significant rise in parse_error reads as worse everywhere, never as an improvement.
import type { MetricDirection } from './reportTypes';

/** The p-value under which a difference is called significant (the view's colour, the CLI's "better" column). */
export const SIGNIFICANCE = 0.05;

/** The run whose value is better, by direction alone (null: equal values or no direction). */
export function betterOf(a: number, b: number, direction: MetricDirection): 'a' | 'b' | null {
  if (direction === null || a === b) return null;
  return b > a === (direction === 'higher') ? 'b' : 'a';
}

/** The run a paired difference (diff = b − a) favours when significant; null when not, or when the metric has no direction. */
export function favours(comparison: { diff: number; p_value: number }, direction: MetricDirection): 'a' | 'b' | null {
  if (!(comparison.p_value < SIGNIFICANCE)) return null;
  return betterOf(0, comparison.diff, direction);
}
