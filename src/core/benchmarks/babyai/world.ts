// The BabyAI / MiniGrid world model: colours, object types, directions, actions, world objects
// and the grid (spec babyai.md §7). Objects are compared by identity, as MiniGrid does (`is`),
// because the mission verifier and the expert track particular objects, not look-alikes.

export const COLOR_NAMES = ['red', 'green', 'blue', 'purple', 'yellow', 'grey'] as const;
export type Color = (typeof COLOR_NAMES)[number];

/** Object types a level may place (walls come from the room layout). */
export const OBJECT_TYPES = ['door', 'key', 'ball', 'box'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];
export type CarriableType = Exclude<ObjectType, 'door'>;
type CellType = 'wall' | ObjectType;

export type Vec = readonly [number, number];

/** DIR_TO_VEC: 0 east, 1 south, 2 west, 3 north; x grows east, y grows south. */
export const DIR_TO_VEC: readonly Vec[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];
export const DIRECTION_NAMES = ['east', 'south', 'west', 'north'] as const;

export const ACTION_NAMES = ['left', 'right', 'forward', 'pickup', 'drop', 'toggle', 'done'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];
export const Action = { left: 0, right: 1, forward: 2, pickup: 3, drop: 4, toggle: 5, done: 6 } as const;

export function isColor(value: unknown): value is Color {
  return typeof value === 'string' && (COLOR_NAMES as readonly string[]).includes(value);
}

export function isObjectType(value: unknown): value is ObjectType {
  return typeof value === 'string' && (OBJECT_TYPES as readonly string[]).includes(value);
}

export function actionName(action: number): ActionName {
  return ACTION_NAMES[action] ?? 'done';
}

export function sameVec(a: readonly number[] | null | undefined, b: readonly number[] | null | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((value, index) => value === b[index]);
}

export function addVec(a: Vec, b: Vec, scale = 1): Vec {
  return [a[0] + scale * b[0], a[1] + scale * b[1]];
}

/** One MiniGrid WorldObj. `curPos` follows MiniGrid: [-1, -1] while carried. */
export class WorldObj {
  curPos: Vec | null = null;

  constructor(
    readonly type: CellType,
    readonly color: Color,
    public isOpen = false,
    public isLocked = false,
    public contains: WorldObj | null = null,
  ) {}

  /** Only an open door can be walked over. */
  canOverlap(): boolean {
    return this.type === 'door' && this.isOpen;
  }

  canPickup(): boolean {
    return this.type === 'key' || this.type === 'ball' || this.type === 'box';
  }
}

/** A width × height grid of cells, row-major like MiniGrid's `grid.grid`. */
export class Grid {
  readonly cells: Array<WorldObj | null>;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cells = new Array<WorldObj | null>(width * height).fill(null);
  }

  inside(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** The cell content; outside the grid reads as a wall so nothing ever leaves it. */
  get(x: number, y: number): WorldObj | null {
    if (!this.inside(x, y)) return OUTSIDE;
    return this.cells[y * this.width + x];
  }

  set(x: number, y: number, value: WorldObj | null): void {
    if (this.inside(x, y)) this.cells[y * this.width + x] = value;
  }
}

const OUTSIDE = new WorldObj('wall', 'grey');

/** Rooms of identical size in a rows × cols layout; walls every roomSize − 1 cells (RoomGrid). */
export interface RoomLayout {
  roomSize: number;
  numRows: number;
  numCols: number;
}

export function gridWidth(layout: RoomLayout): number {
  return (layout.roomSize - 1) * layout.numCols + 1;
}

export function gridHeight(layout: RoomLayout): number {
  return (layout.roomSize - 1) * layout.numRows + 1;
}

/** Whether (x, y) lies on a room wall line of the layout. */
export function isWallLine(layout: RoomLayout, x: number, y: number): boolean {
  const step = layout.roomSize - 1;
  return x % step === 0 || y % step === 0;
}

/** The room (column i, row j) holding a position, as RoomGrid.room_from_pos. */
export function roomOf(layout: RoomLayout, x: number, y: number): { i: number; j: number } {
  const step = layout.roomSize - 1;
  return {
    i: Math.min(Math.floor(x / step), layout.numCols - 1),
    j: Math.min(Math.floor(y / step), layout.numRows - 1),
  };
}

/** Room.pos_inside: the room's square including its walls. */
export function roomContains(layout: RoomLayout, room: { i: number; j: number }, x: number, y: number): boolean {
  const step = layout.roomSize - 1;
  const left = room.i * step;
  const top = room.j * step;
  return x >= left && y >= top && x < left + layout.roomSize && y < top + layout.roomSize;
}
