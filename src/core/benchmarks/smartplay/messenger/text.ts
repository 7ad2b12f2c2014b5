// SmartPlay's Messenger text observation (smartplay/messenger_emma/messenger_env.py describe_frame)
// and the entity ids of messenger/envs/config.py.

/** config._all_npcs: an NPC's id is its index + 2 (0 and 1 are background and dirt). */
const NPC_NAMES: readonly string[] = [
  'airplane',
  'mage',
  'dog',
  'bird',
  'fish',
  'scientist',
  'thief',
  'ship',
  'ball',
  'robot',
  'queen',
  'sword',
];
const WALL_ID = 14;
export const NO_MESSAGE_ID = 15;
export const WITH_MESSAGE_ID = 16;

/** The id of an NPC by name (config.ALL_ENTITIES). */
export function npcId(name: string): number {
  const index = NPC_NAMES.indexOf(name);
  if (index < 0) throw new Error(`unknown Messenger entity '${name}'`);
  return index + 2;
}

/** describe_block: names by id, the avatar ids rewritten as upstream's id_map does. */
function blockName(id: number): string {
  if (id >= 2 && id <= 13) return NPC_NAMES[id - 2];
  if (id === WALL_ID) return 'wall';
  if (id === WITH_MESSAGE_ID) return 'you (agent) with the message';
  return id === 0 ? '  ' : 'XX';
}

/** One cell of the entity layers or the avatar layer: an entity id at row y, column x. */
export interface Cell {
  id: number;
  y: number;
  x: number;
}

/** Thrown where upstream's describe fails (no avatar on the grid); SmartPlay then says "Environment Error.". */
export class DescribeError extends Error {}

/**
 * describe_frame: the message line, then each entity id in ascending order (np.unique) with the
 * nearest instance by Manhattan distance; ties go to the first cell in row-major order, as
 * np.argmin over the (y, x, layer) array does. `entities` must list cells in row-major order
 * (layer order only matters between cells at the same position, which give the same text).
 */
export function describeMessengerFrame(entities: readonly Cell[], avatar: Cell | null): string {
  if (avatar === null) throw new DescribeError('no avatar on the grid');
  const head =
    avatar.id === NO_MESSAGE_ID ? "You (agent) don't have the message." : 'You (agent) already have the message.';
  const nearest = new Map<number, { dist: number; dy: number; dx: number; order: number }>();
  for (const cell of entities) {
    if (cell.id === 0 || cell.id === NO_MESSAGE_ID) continue;
    const dy = cell.y - avatar.y;
    const dx = cell.x - avatar.x;
    const dist = Math.abs(dy) + Math.abs(dx);
    const order = cell.y * 10 + cell.x;
    const best = nearest.get(cell.id);
    if (!best || dist < best.dist || (dist === best.dist && order < best.order))
      nearest.set(cell.id, { dist, dy, dx, order });
  }
  const lines = [...nearest.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, { dist, dy, dx }]) => {
      if (dist === 0) return `- ${blockName(id)} 0 steps with you`;
      const direction = [dy < 0 ? 'north' : dy > 0 ? 'south' : '', dx < 0 ? 'west' : dx > 0 ? 'east' : '']
        .filter((part) => part !== '')
        .join('-');
      return `- ${blockName(id)} ${dist} steps to your ${direction}`;
    });
  const status = lines.length > 0 ? `You see:\n${lines.join('\n')}` : 'You see nothing away from you.';
  return `${head}\n\n${status}`;
}
