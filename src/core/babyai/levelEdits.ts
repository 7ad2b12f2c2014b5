// Authoring a level file from the grid view: each gesture becomes minimal JSON text edits of the
// `*.level.json` document (jsonc-parser keeps the author's formatting and comments), which the
// extension applies as one undoable workspace edit. Nothing here writes files.
import { modify, parseTree, findNodeAtLocation, getNodeValue, type Edit, type JSONPath } from 'jsonc-parser';
import { excessiveDepthOffset } from '../json/locatedJson';

const FORMATTING = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
const DOOR_CYCLE = { closed: 'open', open: 'locked', locked: 'closed' } as const;
export const LEVEL_COLORS = ['red', 'green', 'blue', 'purple', 'yellow', 'grey'] as const;

/** Palette tools the grid view offers: place an object of a colour, place the agent, or delete. */
export const LEVEL_TOOLS: ReadonlyArray<{ id: string; label: string }> = [
  { id: 'agent', label: 'Agent' },
  ...(['key', 'ball', 'box'] as const).flatMap((type) => LEVEL_COLORS.map((color) => ({ id: `${type}:${color}`, label: `${color} ${type}` }))),
  ...LEVEL_COLORS.map((color) => ({ id: `door:${color}`, label: `${color} door` })),
  { id: 'delete', label: 'Delete' },
];

interface Placed {
  path: JSONPath;
  pos: [number, number];
}

function readLevel(text: string): { doors: Placed[]; objects: Placed[]; agent: Placed | null } {
  const root = parseTree(text);
  const list = (key: 'doors' | 'objects'): Placed[] => {
    const array = root ? findNodeAtLocation(root, [key]) : undefined;
    return (array?.children ?? []).flatMap((item, index) => {
      const pos = findNodeAtLocation(item, ['pos']);
      const value = pos ? (getNodeValue(pos) as unknown) : null;
      return Array.isArray(value) && value.length === 2 ? [{ path: [key, index], pos: value as [number, number] }] : [];
    });
  };
  const agentPos = root ? findNodeAtLocation(root, ['agent', 'pos']) : undefined;
  const agentValue = agentPos ? (getNodeValue(agentPos) as unknown) : null;
  return { doors: list('doors'), objects: list('objects'), agent: Array.isArray(agentValue) ? { path: ['agent'], pos: agentValue as [number, number] } : null };
}

/**
 * jsonc-parser recurses per nesting level: a file nested beyond MAX_JSON_DEPTH gets no edits (its
 * `json/too-deep` diagnostic says why) instead of overflowing the stack.
 */
const tooDeep = (text: string) => excessiveDepthOffset(text) >= 0;

const at = (x: number, y: number) => (item: Placed) => item.pos[0] === x && item.pos[1] === y;
/** JSON on one line, in the sample files' style: `[3, 4]`, `{ "type": "key", "color": "red" }`. */
function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inlineJson(item)}`).join(', ')} }`;
  return JSON.stringify(value);
}

/** Replaces an existing value in place (one line stays one line); otherwise lets jsonc-parser add it. */
function set(text: string, path: JSONPath, value: unknown): Edit[] {
  const root = parseTree(text);
  const node = root ? findNodeAtLocation(root, path) : undefined;
  if (node && value !== undefined) return [{ offset: node.offset, length: node.length, content: inlineJson(value) }];
  return modify(text, path, value, FORMATTING);
}

/** Moves the agent, a door or an object from one cell to another (a drag in the grid view). */
export function moveEdits(text: string, from: { x: number; y: number }, to: { x: number; y: number }): Edit[] {
  if (tooDeep(text)) return [];
  const level = readLevel(text);
  if (level.agent && at(from.x, from.y)(level.agent)) return set(text, ['agent', 'pos'], [to.x, to.y]);
  const item = level.objects.find(at(from.x, from.y)) ?? level.doors.find(at(from.x, from.y));
  return item ? set(text, [...item.path, 'pos'], [to.x, to.y]) : [];
}

/** closed → open → locked → closed. */
export function toggleDoorEdits(text: string, x: number, y: number): Edit[] {
  if (tooDeep(text)) return [];
  const door = readLevel(text).doors.find(at(x, y));
  if (!door) return [];
  const root = parseTree(text);
  const stateNode = root ? findNodeAtLocation(root, [...door.path, 'state']) : undefined;
  const state = (stateNode ? getNodeValue(stateNode) : 'closed') as keyof typeof DOOR_CYCLE;
  return set(text, [...door.path, 'state'], DOOR_CYCLE[state] ?? 'closed');
}

export function missionEdits(text: string, mission: string): Edit[] {
  if (tooDeep(text)) return [];
  return set(text, ['mission'], mission);
}

/** A click with a palette tool: place (replacing what is there) or delete at (x, y). */
export function toolEdits(text: string, tool: string, x: number, y: number): Edit[] {
  if (tooDeep(text)) return [];
  if (tool === 'agent') return set(text, ['agent', 'pos'], [x, y]);
  const level = readLevel(text);
  const existing = level.objects.find(at(x, y)) ?? level.doors.find(at(x, y));
  if (tool === 'delete') return existing ? set(text, existing.path, undefined) : [];
  const [type, color] = tool.split(':');
  if (!color || !(LEVEL_COLORS as readonly string[]).includes(color)) return [];
  if (type === 'door') {
    if (existing) return [];
    return modify(text, ['doors', level.doors.length], { pos: [x, y], color, state: 'closed' }, { ...FORMATTING, isArrayInsertion: true });
  }
  if (type !== 'key' && type !== 'ball' && type !== 'box') return [];
  if (existing) return existing.path[0] === 'objects' ? set(text, existing.path, { type, color, pos: [x, y] }) : [];
  return modify(text, ['objects', level.objects.length], { type, color, pos: [x, y] }, { ...FORMATTING, isArrayInsertion: true });
}
