// A scripted Crafter player that reads only SmartPlay's text observation (as a model would):
// walk to the nearest tree, collect wood, place a table once it holds two, then make a wood
// pickaxe beside the table, and keep collecting. Deterministic: with no tree in sight it sweeps
// in a fixed pattern, and when the tree is diagonal it alternates axes by step number.

interface CrafterView {
  /** "You face X at your front." */
  facing: string | null;
  /** Nearest cell per name: distance and direction words ("north-east"). */
  seen: Map<string, { distance: number; direction: string }>;
  inventory: Map<string, number>;
}

export function readCrafterObservation(text: string): CrafterView {
  const facing = /You face (\S+) at your front\./.exec(text)?.[1] ?? null;
  const seen = new Map<string, { distance: number; direction: string }>();
  for (const match of text.matchAll(/^- (\S+) (\d+) steps to your (\S+)$/gm))
    seen.set(match[1], { distance: Number(match[2]), direction: match[3] });
  const inventory = new Map<string, number>();
  const at = text.indexOf('Your inventory:\n');
  if (at >= 0)
    for (const match of text.slice(at).matchAll(/^- (\w+): (\d+)$/gm)) inventory.set(match[1], Number(match[2]));
  return { facing, seen, inventory };
}

const MOVES: Record<string, string> = {
  north: 'Move North',
  south: 'Move South',
  west: 'Move West',
  east: 'Move East',
};
const SWEEP = [
  'Move East',
  'Move East',
  'Move East',
  'Move South',
  'Move South',
  'Move West',
  'Move West',
  'Move West',
  'Move North',
];

/** The next action text for an observation; `step` counts from 0. */
export function crafterWoodAction(observation: string, step: number): string {
  const view = readCrafterObservation(observation);
  const wood = view.inventory.get('wood') ?? 0;
  const table = view.seen.get('table');
  // The make rule looks at the 3x3 square around the player: Manhattan 1, or 2 when diagonal.
  const tableNear =
    table !== undefined && (table.distance === 1 || (table.distance === 2 && table.direction.includes('-')));
  if (tableNear && wood >= 1 && !view.inventory.has('wood_pickaxe')) return 'Make Wood Pickaxe';
  if (table === undefined && wood >= 2 && view.facing !== 'tree') return 'Place Table';
  if (view.facing === 'tree') return 'Do';
  const tree = view.seen.get('tree');
  if (tree) {
    const parts = tree.direction.split('-');
    return MOVES[parts[step % parts.length]];
  }
  return SWEEP[step % SWEEP.length];
}
