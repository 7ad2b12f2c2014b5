// SmartPlay's text observation of Crafter (src/smartplay/crafter/crafter_env.py `describe_frame`),
// reproduced character for character from the same inputs: the semantic map sliced the way numpy
// slices it around the player (9 columns x 7 rows of the 9x9 view), the nearest cell of each id in
// id order (materials in data.yaml order, then cow, zombie, skeleton, arrow, plant), "You face …",
// the status and the inventory. Near the world's west or north edge numpy's negative slice start
// wraps to an empty slice and upstream's describing fails: its text is then the
// "Error, you are out of the map." that its `except` returns.

import { ITEMS, VITALS } from './data';
import { MATERIAL_NAMES, numpySlice, type World } from './engine';

const OBJECT_NAMES = ['player', 'cow', 'zombie', 'skeleton', 'arrow', 'plant'] as const;
const PLAYER_ID = MATERIAL_NAMES.length;
const ID_COUNT = MATERIAL_NAMES.length + OBJECT_NAMES.length;
const OBJECT_IDS = new Map<string, number>(OBJECT_NAMES.map((name, index) => [name, MATERIAL_NAMES.length + index]));

/** The name upstream's `id_to_item` gives a semantic id (material 0 is `str(None)`). */
function idName(id: number): string {
  if (id < MATERIAL_NAMES.length) return MATERIAL_NAMES[id] ?? 'None';
  return OBJECT_NAMES[id - MATERIAL_NAMES.length];
}

/** Upstream's SemanticView: material ids with object ids painted over. */
function semanticAt(world: World, x: number, y: number): number {
  const obj = world.objectAt(x, y);
  if (obj) return OBJECT_IDS.get(obj.kind) ?? -1;
  return world.matMap[x * world.height + y];
}

interface FrameInfo {
  action: string;
  sleeping: boolean;
  dead: boolean;
  inventory: Readonly<Record<string, number>>;
  x: number;
  y: number;
  facing: readonly [number, number];
}

function describeLoc(dx: number, dy: number): string {
  const parts: string[] = [];
  if (dy < 0) parts.push('north');
  else if (dy > 0) parts.push('south');
  if (dx < 0) parts.push('west');
  else if (dx > 0) parts.push('east');
  return parts.join('-');
}

/** `describe_env`, or null where upstream raises (an index outside the sliced map). */
function describeEnv(world: World, info: FrameInfo): string | null {
  const [x0, x1] = numpySlice(info.x - 4, info.x + 5, world.width);
  const [y0, y1] = numpySlice(info.y - 3, info.y + 4, world.height);
  const rows = x1 - x0;
  const cols = y1 - y0;
  const cx = 4;
  const cy = 3;
  const tx = cx + info.facing[0];
  const ty = cy + info.facing[1];
  if (tx >= rows || ty >= cols) return null;
  const facingName = idName(semanticAt(world, x0 + tx, y0 + ty));
  // Nearest cell per id; ties go to the first cell in row-major order (numpy's argmin). Ids are
  // small (materials, then objects), so plain arrays indexed by id hold the best cell.
  const bestDist = new Int32Array(ID_COUNT).fill(-1);
  const bestI = new Int32Array(ID_COUNT);
  const bestJ = new Int32Array(ID_COUNT);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const id = semanticAt(world, x0 + i, y0 + j);
      const dist = Math.abs(cx - i) + Math.abs(cy - j);
      if (bestDist[id] < 0 || dist < bestDist[id]) {
        bestDist[id] = dist;
        bestI[id] = i;
        bestJ[id] = j;
      }
    }
  }
  const lines: string[] = [];
  for (let id = 0; id < ID_COUNT; id++) {
    if (id === PLAYER_ID || bestDist[id] < 0) continue;
    lines.push(`- ${idName(id)} ${bestDist[id]} steps to your ${describeLoc(bestI[id] - cx, bestJ[id] - cy)}`);
  }
  const seen = lines.length > 0 ? `You see:\n${lines.join('\n')}` : 'You see nothing away from you.';
  return `${seen}\n\nYou face ${facingName} at your front.`;
}

function describeInventory(info: FrameInfo): string {
  const status = `Your status:\n${VITALS.map((v) => `- ${v}: ${info.inventory[v]}/9`).join('\n')}`;
  const held = ITEMS.filter((item) => !VITALS.includes(item) && info.inventory[item] !== 0).map(
    (item) => `- ${item}: ${info.inventory[item]}`,
  );
  const inventory = held.length > 0 ? `Your inventory:\n${held.join('\n')}` : 'You have nothing in your inventory.';
  return `${status}\n\n${inventory}`.trim();
}

function describeAct(action: string): string {
  const text = action
    .replace('do_', 'interact_')
    .replace('move_up', 'move_north')
    .replace('move_down', 'move_south')
    .replace('move_left', 'move_west')
    .replace('move_right', 'move_east');
  return `You took action ${text}.`;
}

function describeStatus(info: FrameInfo): string {
  if (info.sleeping) return 'You are sleeping, and will not be able take actions until energy is full.\n\n';
  if (info.dead) return 'You died.\n\n';
  return '';
}

/** `describe_frame(info, action)`; `withAction` false is the reset observation (action None). */
export function describeCrafterFrame(world: World, info: FrameInfo, withAction: boolean): string {
  const env = describeEnv(world, info);
  if (env === null) return 'Error, you are out of the map.';
  let result = '';
  if (withAction) result += describeAct(info.action);
  result += describeStatus(info);
  result += '\n\n';
  result += env;
  result += '\n\n';
  result += describeInventory(info);
  return result.trim();
}
