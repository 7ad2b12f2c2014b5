// Compass and vertical directions as MANGO uses them (spec mango.md §3): the reverse map shared by
// generation and evaluation, and the abbreviations the generator expands first.

/** The spec's reverse pairs; enter/exit and in/out are deliberately absent. */
export const OPPOSITE_DIRECTIONS: Readonly<Record<string, string>> = {
  north: 'south', south: 'north', east: 'west', west: 'east',
  northeast: 'southwest', southwest: 'northeast', northwest: 'southeast', southeast: 'northwest',
  up: 'down', down: 'up',
};

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  n: 'north', s: 'south', e: 'east', w: 'west', ne: 'northeast', nw: 'northwest', se: 'southeast', sw: 'southwest', u: 'up', d: 'down',
};

/** Lower-cases and trims an action and expands a lone direction abbreviation, as generation does. */
export function normaliseAction(action: string): string {
  const lower = action.trim().toLowerCase();
  return ABBREVIATIONS[lower] ?? lower;
}
