// Compass and vertical directions as MANGO uses them (spec mango.md §3): the reverse map shared by
// generation and evaluation, and the abbreviations the generator expands first.

/** A pair of mutually reverse actions. */
export type ReversePair = readonly [string, string];

/** The spec's reverse pairs, exactly: no enter/exit, no in/out, no abbreviations. */
export const DEFAULT_REVERSE_PAIRS: readonly ReversePair[] = [
  ['north', 'south'],
  ['east', 'west'],
  ['northeast', 'southwest'],
  ['northwest', 'southeast'],
  ['up', 'down'],
];

/** Action -> its reverse, both ways, for the given pairs. */
export function reverseActionMap(pairs: readonly ReversePair[] = DEFAULT_REVERSE_PAIRS): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [a, b] of pairs) {
    map.set(a, b);
    map.set(b, a);
  }
  return map;
}

/** Each of the ten direction names and its opposite. */
export const OPPOSITE_DIRECTIONS: Readonly<Record<string, string>> = Object.fromEntries(reverseActionMap());

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
  ne: 'northeast',
  nw: 'northwest',
  se: 'southeast',
  sw: 'southwest',
  u: 'up',
  d: 'down',
};

/** Lower-cases and trims an action and expands a lone direction abbreviation, as generation does. */
export function normaliseAction(action: string): string {
  const lower = action.trim().toLowerCase();
  return ABBREVIATIONS[lower] ?? lower;
}
