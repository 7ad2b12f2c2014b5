// Authoring a level file from the grid view: each gesture becomes minimal JSON text edits of the
// `*.level.json` document confined to the edited object (the rest of the text, its formatting and comments stay as written), which the
// extension applies as one undoable workspace edit. Nothing here writes files.
import {
  parseTree,
  findNodeAtLocation,
  getNodeValue,
  type Edit,
  type JSONPath,
  type Node as JsonNode,
} from 'jsonc-parser';
import { excessiveDepthOffset } from '../../util/locatedJson';

const DOOR_CYCLE = { closed: 'open', open: 'locked', locked: 'closed' } as const;
const LEVEL_COLORS = ['red', 'green', 'blue', 'purple', 'yellow', 'grey'] as const;

/** Palette tools the grid view offers: place an object of a colour, place the agent, or delete. */
export const LEVEL_TOOLS: ReadonlyArray<{ id: string; label: string }> = [
  { id: 'agent', label: 'Agent' },
  ...(['key', 'ball', 'box'] as const).flatMap((type) =>
    LEVEL_COLORS.map((color) => ({ id: `${type}:${color}`, label: `${color} ${type}` })),
  ),
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
  return {
    doors: list('doors'),
    objects: list('objects'),
    agent: Array.isArray(agentValue) ? { path: ['agent'], pos: agentValue as [number, number] } : null,
  };
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
  if (value && typeof value === 'object')
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${inlineJson(item)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}

/**
 * Every gesture is written as text edits confined to the object it changes. jsonc-parser's modify
 * re-formats the lines around an insertion or removal, which rewrote the neighbouring objects in
 * the author's one-object-per-line style; so members are added and removed here by hand, copying
 * the separator and indentation the array or object already uses.
 */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** The text between two members of `container` (",\n    " or ", "), or the one it would use. */
function memberSeparator(text: string, container: JsonNode): string {
  const items = container.children ?? [];
  if (items.length >= 2) return text.slice(items[0].offset + items[0].length, items[1].offset);
  if (items.length === 1) {
    const before = text.slice(container.offset + 1, items[0].offset);
    return before.includes('\n') ? `,${before}` : ', ';
  }
  return `,\n${lineIndent(text, container.offset)}  `;
}

/** Adds `value` at the end of the array at `path` (creating the array as the root's last member). */
function appendToArray(text: string, path: ['doors' | 'objects'], value: unknown): Edit[] {
  const root = parseTree(text);
  if (!root || root.type !== 'object') return [];
  const array = findNodeAtLocation(root, path);
  if (array?.type === 'array') {
    const items = array.children ?? [];
    const last = items.at(-1);
    if (last)
      return [
        {
          offset: last.offset + last.length,
          length: 0,
          content: `${memberSeparator(text, array)}${inlineJson(value)}`,
        },
      ];
    const indent = lineIndent(text, array.offset);
    return [
      { offset: array.offset + 1, length: array.length - 2, content: `\n${indent}  ${inlineJson(value)}\n${indent}` },
    ];
  }
  if (array) return [];
  return addMember(text, root, path[0], `[${inlineJson(value)}]`);
}

/** Adds `"key": content` as the last member of `object`, in its style (one line, or one per line). */
function addMember(text: string, object: JsonNode, key: string, content: string): Edit[] {
  const members = object.children ?? [];
  const last = members.at(-1);
  const member = `${JSON.stringify(key)}: ${content}`;
  if (last)
    return [{ offset: last.offset + last.length, length: 0, content: `${memberSeparator(text, object)}${member}` }];
  return [{ offset: object.offset + 1, length: object.length - 2, content: ` ${member} ` }];
}

/** Removes the array element at `path` with one separator, leaving its neighbours' text alone. */
function removeElement(text: string, path: JSONPath): Edit[] {
  const root = parseTree(text);
  const node = root ? findNodeAtLocation(root, path) : undefined;
  const array = node?.parent;
  if (!node || array?.type !== 'array') return [];
  const items = array.children ?? [];
  const index = items.indexOf(node);
  if (items.length === 1) return [{ offset: array.offset + 1, length: array.length - 2, content: '' }];
  if (index > 0) {
    const previousEnd = items[index - 1].offset + items[index - 1].length;
    return [{ offset: previousEnd, length: node.offset + node.length - previousEnd, content: '' }];
  }
  return [{ offset: node.offset, length: items[1].offset - node.offset, content: '' }];
}

/** Replaces an existing value in place (one line stays one line), or adds it to its object. */
function set(text: string, path: JSONPath, value: unknown): Edit[] {
  const root = parseTree(text);
  const node = root ? findNodeAtLocation(root, path) : undefined;
  if (node) return [{ offset: node.offset, length: node.length, content: inlineJson(value) }];
  const parent =
    root && path.length > 0 ? (path.length === 1 ? root : findNodeAtLocation(root, path.slice(0, -1))) : undefined;
  const key = path.at(-1);
  if (parent?.type === 'object' && typeof key === 'string') return addMember(text, parent, key, inlineJson(value));
  // A missing parent object (no "agent" yet): add it with this one member.
  if (!parent && path.length > 1 && typeof key === 'string') return set(text, path.slice(0, -1), { [key]: value });
  return [];
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
  if (tool === 'delete') return existing ? removeElement(text, existing.path) : [];
  const [type, color] = tool.split(':');
  if (!color || !(LEVEL_COLORS as readonly string[]).includes(color)) return [];
  if (type === 'door') {
    if (existing) return [];
    return appendToArray(text, ['doors'], { pos: [x, y], color, state: 'closed' });
  }
  if (type !== 'key' && type !== 'ball' && type !== 'box') return [];
  if (existing) return existing.path[0] === 'objects' ? set(text, existing.path, { type, color, pos: [x, y] }) : [];
  return appendToArray(text, ['objects'], { type, color, pos: [x, y] });
}
