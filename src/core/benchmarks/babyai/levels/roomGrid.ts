// MiniGridEnv's placement helpers, RoomGrid and RoomGridLevel's rejection loop, ported line by line
// from Farama-Foundation/Minigrid @ 6e713af (minigrid_env.py, core/roomgrid.py,
// envs/babyai/core/roomgrid_level.py) so `(level, seed)` regenerates the level `reset(seed=seed)`
// makes. Every RNG call is the reference's, in its order: one extra or missing draw changes every
// level after it. Python's `integers(0, 1)` draws nothing (numpyGenerator.ts does the same).
import { NumpyGenerator } from '../../../util/numpyGenerator';
import type { Vec } from '../world';
import { type Color, DIR_TO_VEC, Grid, type RoomLayout, WorldObj } from '../world';
import type { VerifierEnv } from '../verifier';

/** minigrid.core.constants.COLOR_NAMES: `sorted(COLORS)`, the order every colour draw indexes. */
export const SORTED_COLOR_NAMES: readonly Color[] = ['blue', 'green', 'grey', 'purple', 'red', 'yellow'];
const CARRIABLE_KINDS = ['key', 'ball', 'box'] as const;
type CarriableKind = (typeof CARRIABLE_KINDS)[number];

/** RejectSampling: the level's own checks refused the draw; generation starts over (same RNG). */
export class RejectSampling extends Error {}
/** The reference's RecursionError: a rejection loop ran out of tries; generation starts over. */
export class SamplingTimeout extends Error {}

export class Room {
  /** Right, down, left, up, as the reference orders them. Doors are WorldObj (or true for a removed wall). */
  readonly doors: Array<WorldObj | true | null> = [null, null, null, null];
  readonly doorPos: Array<Vec | null> = [null, null, null, null];
  readonly neighbors: Array<Room | null> = [null, null, null, null];
  locked = false;
  readonly objs: WorldObj[] = [];

  constructor(
    readonly top: Vec,
    readonly size: Vec,
  ) {}

  posInside(x: number, y: number): boolean {
    return x >= this.top[0] && y >= this.top[1] && x < this.top[0] + this.size[0] && y < this.top[1] + this.size[1];
  }
}

type RejectFn = (env: RoomGridLevel, pos: Vec) => boolean;

/** reject_next_to: refuse cells at Manhattan distance < 2 from the agent. */
const rejectNextTo: RejectFn = (env, pos) =>
  Math.abs(env.agentPos[0] - pos[0]) + Math.abs(env.agentPos[1] - pos[1]) < 2;

/** RoomGridLevel: subclasses implement genMission (and validateInstrs through LevelGen). */
export abstract class RoomGridLevel implements VerifierEnv {
  rng: NumpyGenerator;
  grid: Grid;
  readonly layout: RoomLayout;
  roomGrid: Room[][] = [];
  agentPos: Vec = [-1, -1];
  agentDir = -1;
  readonly carrying = null;
  /** Draws thrown away by RejectSampling or a timeout before the kept one. */
  rejections = 0;

  constructor(
    readonly roomSize: number,
    readonly numRows: number,
    readonly numCols: number,
    seed: number,
  ) {
    this.layout = { roomSize, numRows, numCols };
    this.rng = new NumpyGenerator(seed);
    this.grid = new Grid(this.width, this.height);
  }

  get width(): number {
    return (this.roomSize - 1) * this.numCols + 1;
  }

  get height(): number {
    return (this.roomSize - 1) * this.numRows + 1;
  }

  get frontPos(): Vec {
    const d = DIR_TO_VEC[this.agentDir];
    return [this.agentPos[0] + d[0], this.agentPos[1] + d[1]];
  }

  /** The mission's level-specific part; it must set the instruction (see LevelGen and the levels). */
  protected abstract genMission(): void;
  /** validate_instrs of the generated instruction; throws RejectSampling. */
  protected abstract validateInstrs(): void;

  /** RoomGridLevel._gen_grid: redraw until gen_mission and validate_instrs accept the level. */
  generate(): void {
    for (;;) {
      try {
        this.genRoomGrid();
        this.genMission();
        this.validateInstrs();
        return;
      } catch (error) {
        if (!(error instanceof RejectSampling || error instanceof SamplingTimeout)) throw error;
        this.rejections++;
      }
    }
  }

  randInt(low: number, high: number): number {
    return this.rng.integers(low, high);
  }

  randBool(): boolean {
    return this.rng.integers(0, 2) === 0;
  }

  randElem<T>(list: readonly T[]): T {
    return list[this.randInt(0, list.length)];
  }

  randFloat(low: number, high: number): number {
    return low + (high - low) * this.rng.random();
  }

  /** _rand_subset: draw, remove, repeat. */
  randSubset<T>(list: readonly T[], count: number): T[] {
    const rest = [...list];
    const out: T[] = [];
    while (out.length < count) {
      const elem = this.randElem(rest);
      rest.splice(rest.indexOf(elem), 1);
      out.push(elem);
    }
    return out;
  }

  randColor(): Color {
    return this.randElem(SORTED_COLOR_NAMES);
  }

  /** MiniGridEnv.place_obj: uniform cells of the rectangle until one is empty, not the agent's, not rejected. */
  placeObj(
    obj: WorldObj | null,
    top: Vec,
    size: Vec,
    rejectFn: RejectFn | null,
    maxTries = Number.POSITIVE_INFINITY,
  ): Vec {
    const from: Vec = [Math.max(top[0], 0), Math.max(top[1], 0)];
    let tries = 0;
    let pos: Vec;
    for (;;) {
      if (tries > maxTries) throw new SamplingTimeout('rejection sampling failed in place_obj');
      tries++;
      const x = this.randInt(from[0], Math.min(from[0] + size[0], this.grid.width));
      const y = this.randInt(from[1], Math.min(from[1] + size[1], this.grid.height));
      pos = [x, y];
      if (this.grid.get(x, y) !== null) continue;
      if (x === this.agentPos[0] && y === this.agentPos[1]) continue;
      if (rejectFn?.(this, pos)) continue;
      break;
    }
    this.grid.set(pos[0], pos[1], obj);
    if (obj) obj.curPos = pos;
    return pos;
  }

  /** RoomGrid._gen_grid: walls, the rooms' door positions (two draws per inner wall), agent in the middle. */
  private genRoomGrid(): void {
    this.grid = new Grid(this.width, this.height);
    this.roomGrid = [];
    const step = this.roomSize - 1;
    for (let j = 0; j < this.numRows; j++) {
      const row: Room[] = [];
      for (let i = 0; i < this.numCols; i++) {
        const room = new Room([i * step, j * step], [this.roomSize, this.roomSize]);
        row.push(room);
        this.wallRect(room.top[0], room.top[1], this.roomSize, this.roomSize);
      }
      this.roomGrid.push(row);
    }
    for (let j = 0; j < this.numRows; j++) {
      for (let i = 0; i < this.numCols; i++) {
        const room = this.roomGrid[j][i];
        const [xl, yl] = [room.top[0] + 1, room.top[1] + 1];
        const [xm, ym] = [room.top[0] + room.size[0] - 1, room.top[1] + room.size[1] - 1];
        if (i < this.numCols - 1) {
          room.neighbors[0] = this.roomGrid[j][i + 1];
          room.doorPos[0] = [xm, this.randInt(yl, ym)];
        }
        if (j < this.numRows - 1) {
          room.neighbors[1] = this.roomGrid[j + 1][i];
          room.doorPos[1] = [this.randInt(xl, xm), ym];
        }
        if (i > 0) {
          room.neighbors[2] = this.roomGrid[j][i - 1];
          room.doorPos[2] = room.neighbors[2].doorPos[0];
        }
        if (j > 0) {
          room.neighbors[3] = this.roomGrid[j - 1][i];
          room.doorPos[3] = room.neighbors[3].doorPos[1];
        }
      }
    }
    this.agentPos = [
      Math.floor(this.numCols / 2) * step + Math.floor(this.roomSize / 2),
      Math.floor(this.numRows / 2) * step + Math.floor(this.roomSize / 2),
    ];
    this.agentDir = 0;
  }

  private wallRect(x: number, y: number, w: number, h: number): void {
    for (let i = 0; i < w; i++) {
      this.grid.set(x + i, y, new WorldObj('wall', 'grey'));
      this.grid.set(x + i, y + h - 1, new WorldObj('wall', 'grey'));
    }
    for (let j = 0; j < h; j++) {
      this.grid.set(x, y + j, new WorldObj('wall', 'grey'));
      this.grid.set(x + w - 1, y + j, new WorldObj('wall', 'grey'));
    }
  }

  roomFromPos(x: number, y: number): Room {
    return this.roomGrid[Math.floor(y / (this.roomSize - 1))][Math.floor(x / (this.roomSize - 1))];
  }

  getRoom(i: number, j: number): Room {
    return this.roomGrid[j][i];
  }

  /** place_in_room: up to 1000 tries, never next to the agent. */
  placeInRoom(i: number, j: number, obj: WorldObj): Vec {
    const room = this.getRoom(i, j);
    const pos = this.placeObj(obj, room.top, room.size, rejectNextTo, 1000);
    room.objs.push(obj);
    return pos;
  }

  /** add_object: the kind is drawn before the colour when both are free. */
  addObject(i: number, j: number, kind?: CarriableKind, color?: Color): WorldObj {
    const k = kind ?? this.randElem(CARRIABLE_KINDS);
    const c = color ?? this.randColor();
    const obj = new WorldObj(k, c);
    this.placeInRoom(i, j, obj);
    return obj;
  }

  /** add_door: the wall (if free) then the colour then the lock are drawn; the room takes the lock state. */
  addDoor(i: number, j: number, doorIdx?: number, color?: Color, locked?: boolean): WorldObj {
    const room = this.getRoom(i, j);
    let idx = doorIdx;
    if (idx === undefined) {
      for (;;) {
        idx = this.randInt(0, 4);
        if (room.neighbors[idx] && room.doors[idx] === null) break;
      }
    }
    const c = color ?? this.randColor();
    const isLocked = locked ?? this.randBool();
    if (room.doors[idx] !== null) throw new Error('door already exists');
    room.locked = isLocked;
    const door = new WorldObj('door', c, false, isLocked);
    const pos = room.doorPos[idx] as Vec;
    this.grid.set(pos[0], pos[1], door);
    door.curPos = pos;
    const neighbor = room.neighbors[idx] as Room;
    room.doors[idx] = door;
    neighbor.doors[(idx + 2) % 4] = door;
    return door;
  }

  /** RoomGrid.place_agent: a room (drawn unless given), then cells until the agent does not face an object. */
  placeAgent(i?: number, j?: number, randDir = true): Vec {
    const col = i ?? this.randInt(0, this.numCols);
    const row = j ?? this.randInt(0, this.numRows);
    const room = this.roomGrid[row][col];
    for (;;) {
      this.agentPos = [-1, -1];
      this.agentPos = this.placeObj(null, room.top, room.size, null, 1000);
      if (randDir) this.agentDir = this.randInt(0, 4);
      const front = this.grid.get(...this.frontPos);
      if (front === null || front.type === 'wall') break;
    }
    return this.agentPos;
  }

  /** connect_all: unlocked doors at random walls until every room is reachable from the agent's. */
  connectAll(doorColors: readonly Color[] = SORTED_COLOR_NAMES, maxItrs = 5000): WorldObj[] {
    const start = this.roomFromPos(...this.agentPos);
    const added: WorldObj[] = [];
    const reachCount = (): number => {
      const reach = new Set<Room>();
      const stack = [start];
      while (stack.length > 0) {
        const room = stack.pop() as Room;
        if (reach.has(room)) continue;
        reach.add(room);
        for (let k = 0; k < 4; k++) if (room.doors[k]) stack.push(room.neighbors[k] as Room);
      }
      return reach.size;
    };
    let itrs = 0;
    for (;;) {
      if (itrs > maxItrs) throw new SamplingTimeout('connect_all failed');
      itrs++;
      if (reachCount() === this.numRows * this.numCols) break;
      const i = this.randInt(0, this.numCols);
      const j = this.randInt(0, this.numRows);
      const k = this.randInt(0, 4);
      const room = this.getRoom(i, j);
      if (!room.doorPos[k] || room.doors[k]) continue;
      const neighbor = room.neighbors[k] as Room;
      if (room.locked || neighbor.locked) continue;
      const color = this.randElem(doorColors);
      added.push(this.addDoor(i, j, k, color, false));
    }
    return added;
  }

  /** add_distractors: colour then kind per draw (the reverse of add_object), then the room if not given. */
  addDistractors(i: number | undefined, j: number | undefined, count: number, allUnique: boolean): WorldObj[] {
    const existing: string[] = [];
    for (const row of this.roomGrid)
      for (const room of row) for (const obj of room.objs) existing.push(`${obj.type} ${obj.color}`);
    const dists: WorldObj[] = [];
    while (dists.length < count) {
      const color = this.randElem(SORTED_COLOR_NAMES);
      const kind = this.randElem(CARRIABLE_KINDS);
      if (allUnique && existing.includes(`${kind} ${color}`)) continue;
      const roomI = i ?? this.randInt(0, this.numCols);
      const roomJ = j ?? this.randInt(0, this.numRows);
      dists.push(this.addObject(roomI, roomJ, kind, color));
      existing.push(`${kind} ${color}`);
    }
    return dists;
  }

  /** Replaces an object by one of another colour in place (GoToRedBallGrey greys its distractors). */
  recolor(obj: WorldObj, color: Color): WorldObj {
    const pos = obj.curPos as Vec;
    const made = new WorldObj(obj.type, color);
    made.curPos = pos;
    this.grid.set(pos[0], pos[1], made);
    for (const row of this.roomGrid) {
      for (const room of row) {
        const index = room.objs.indexOf(obj);
        if (index >= 0) room.objs[index] = made;
      }
    }
    return made;
  }

  /** check_objs_reachable: every non-wall object reachable from the agent through empty cells and doors. */
  checkObjsReachable(raise = true): boolean {
    const { width, height } = this.grid;
    const reachable = new Uint8Array(width * height);
    const stack: Vec[] = [this.agentPos];
    while (stack.length > 0) {
      const [i, j] = stack.pop() as Vec;
      if (i < 0 || i >= width || j < 0 || j >= height) continue;
      if (reachable[j * width + i]) continue;
      reachable[j * width + i] = 1;
      const cell = this.grid.get(i, j);
      if (cell && cell.type !== 'door') continue;
      stack.push([i + 1, j], [i - 1, j], [i, j + 1], [i, j - 1]);
    }
    for (let i = 0; i < width; i++) {
      for (let j = 0; j < height; j++) {
        const cell = this.grid.get(i, j);
        if (!cell || cell.type === 'wall') continue;
        if (!reachable[j * width + i]) {
          if (!raise) return false;
          throw new RejectSampling(`unreachable object at (${i}, ${j})`);
        }
      }
    }
    return true;
  }

  /** All doors, room by room (column-major, as Open's gen_mission collects them; a door appears twice). */
  allDoors(): WorldObj[] {
    const doors: WorldObj[] = [];
    for (let i = 0; i < this.numCols; i++) {
      for (let j = 0; j < this.numRows; j++)
        for (const door of this.getRoom(i, j).doors) if (door && door !== true) doors.push(door);
    }
    return doors;
  }
}
