// The one form every rendering gives a number (CLI text, Markdown, LaTeX, the HTML report and the
// results view): a metric's mean and its interval bounds with the same fixed decimals, counts as
// integers. Rounding is half to even on the number's shortest decimal form, the digits JSON
// writes: 19.2125 is the tie it looks like and gives 19.212 everywhere, where toFixed would round
// the binary value underneath. Pure and import-free: the webview bundles it as the CLI does.

/** Decimals of a metric's mean and interval bounds in every table (rates, energy, scores alike). */
export const METRIC_DECIMALS = 3;

/** The shortest decimal digits of a finite value as sign, digit string and the power of ten of its last digit. */
function decimalParts(value: number): { negative: boolean; digits: string; exponent: number } {
  const text = Math.abs(value).toExponential(); // shortest round-trip digits, e.g. 1.92125e+1
  const [mantissa, power] = text.split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  return { negative: value < 0, digits: `${whole}${fraction}`, exponent: Number(power) - fraction.length };
}

/**
 * `value` with exactly `decimals` decimals, rounded half to even on its shortest decimal form; `—`
 * for null, undefined or a non-finite value. Never `-0.000`: a value that rounds to zero has no sign.
 */
export function fixedDecimals(value: number | null | undefined, decimals: number = METRIC_DECIMALS): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const { negative, digits, exponent } = decimalParts(value);
  // The value is digits × 10^exponent; keep the digits down to 10^-decimals.
  const drop = -decimals - exponent;
  let kept: bigint;
  if (drop <= 0) kept = BigInt(digits) * 10n ** BigInt(-drop);
  else {
    const scale = 10n ** BigInt(drop);
    const all = BigInt(digits);
    kept = all / scale;
    const rest = (all % scale) * 2n;
    if (rest > scale || (rest === scale && kept % 2n === 1n)) kept += 1n;
  }
  const text = kept.toString().padStart(decimals + 1, '0');
  const body = decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
  return negative && kept !== 0n ? `-${body}` : body;
}

/** A metric's mean in the tables' form: METRIC_DECIMALS decimals. */
export const formatMetricValue = (value: number | null | undefined): string => fixedDecimals(value, METRIC_DECIMALS);

/** An interval in its mean's precision: `[0.200, 0.500]`; '' for none. */
export function formatInterval(interval: readonly [number, number] | null | undefined): string {
  return interval ? `[${formatMetricValue(interval[0])}, ${formatMetricValue(interval[1])}]` : '';
}

/** A mean with its interval, as every table cell shows it: `0.360 [0.200, 0.500]`. */
export function formatMeanInterval(
  mean: number | null | undefined,
  interval?: readonly [number, number] | null,
): string {
  const bounds = formatInterval(interval);
  return bounds ? `${formatMetricValue(mean)} ${bounds}` : formatMetricValue(mean);
}

/**
 * A number for machine-read text (CSV): the full value without binary noise (12 significant
 * digits: -3.3999999999999995 is -3.4); '' for none.
 */
export function plainNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(Number(value.toPrecision(12)));
}
