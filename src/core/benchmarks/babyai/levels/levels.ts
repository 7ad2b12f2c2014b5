// The BabyAI levels LLM-BabyBench samples (minigrid/envs/babyai/{goto,pickup,putnext,open}.py and
// core/levelgen.py @ 6e713af) and the Plan task's CustomGoToRedBallEnv (choukrani/llm-babybench
// custom/custom_minigrid_envs/goto.py @ e9996c8), as gen_mission ports over roomGrid.ts.
import type { LocationName } from '../mission';
import { ObjDesc } from '../verifier';
import type { Color, WorldObj } from '../world';
import { type GenInstr, plainDesc, validateInstr } from './instructions';
import { RejectSampling, type Room, RoomGridLevel, SamplingTimeout, SORTED_COLOR_NAMES } from './roomGrid';

const OBJ_TYPES = ['box', 'ball', 'key', 'door'] as const;
const OBJ_TYPES_NOT_DOOR = ['box', 'ball', 'key'] as const;
const LOC_NAMES: readonly LocationName[] = ['left', 'right', 'front', 'behind'];
type DescKind = (typeof OBJ_TYPES)[number];

function carriable(obj: WorldObj): 'key' | 'ball' | 'box' {
  return obj.type as 'key' | 'ball' | 'box';
}

/** A level whose gen_mission sets one instruction (everything but LevelGen's generated ones). */
export abstract class InstrLevel extends RoomGridLevel {
  instr: GenInstr | null = null;
  /** LevelGen's flag: validate_instrs checks keys against locked doors only when it is set. */
  protected unblocking = false;

  protected validateInstrs(): void {
    const instr = this.instr as GenInstr;
    const lockedColors: Color[] = [];
    if (this.unblocking) {
      for (let i = 0; i < this.numCols; i++) {
        for (let j = 0; j < this.numRows; j++)
          for (const door of this.getRoom(i, j).doors)
            if (door && door !== true && door.isLocked) lockedColors.push(door.color);
      }
    }
    validateInstr(instr, this, this.unblocking, lockedColors);
  }
}

const goTo = (obj: WorldObj): GenInstr => ({ kind: 'goto', desc: plainDesc(carriable(obj), obj.color) });

/** GoToRedBallGrey / GoToRedBall, and the Plan levels' CustomGoToRedBallEnv (same draws in one room). */
export class GoToRedBallLevel extends InstrLevel {
  constructor(
    seed: number,
    private readonly numDists: number,
    private readonly grey: boolean,
    roomSize = 8,
  ) {
    super(roomSize, 1, 1, seed);
  }

  protected genMission(): void {
    this.placeAgent();
    // CustomGoToRedBallEnv draws a room only for multi-room grids; every Plan level has one room.
    const ball = this.addObject(0, 0, 'ball', 'red');
    const dists = this.addDistractors(undefined, undefined, this.numDists, false);
    if (this.grey) for (const dist of dists) this.recolor(dist, 'grey');
    this.checkObjsReachable();
    this.instr = goTo(ball);
  }
}

export class GoToObjLevel extends InstrLevel {
  constructor(seed: number) {
    super(8, 1, 1, seed);
  }

  protected genMission(): void {
    this.placeAgent();
    const [obj] = this.addDistractors(undefined, undefined, 1, true);
    this.instr = goTo(obj);
  }
}

/** GoToLocal (one room, 8 distractors) and GoTo / GoToObjMaze (3×3, 18 or 1 distractors). */
export class GoToLevel extends InstrLevel {
  constructor(
    seed: number,
    rooms: 1 | 3,
    private readonly numDists: number,
  ) {
    super(8, rooms, rooms, seed);
  }

  protected genMission(): void {
    this.placeAgent();
    if (this.numRows > 1) this.connectAll();
    const objs = this.addDistractors(undefined, undefined, this.numDists, false);
    this.checkObjsReachable();
    this.instr = goTo(this.randElem(objs));
  }
}

/** Pickup (all reachable) and UnblockPickup (at least one object blocked). */
export class PickupLevel extends InstrLevel {
  constructor(
    seed: number,
    private readonly unblock: boolean,
  ) {
    super(8, 3, 3, seed);
  }

  protected genMission(): void {
    this.placeAgent();
    this.connectAll();
    const objs = this.addDistractors(undefined, undefined, this.unblock ? 20 : 18, false);
    if (this.unblock) {
      if (this.checkObjsReachable(false)) throw new RejectSampling('all objects reachable');
    } else this.checkObjsReachable();
    const obj = this.randElem(objs);
    this.instr = { kind: 'pickup', desc: plainDesc(carriable(obj), obj.color) };
  }
}

export class OpenLevel extends InstrLevel {
  constructor(seed: number) {
    super(8, 3, 3, seed);
  }

  protected genMission(): void {
    this.placeAgent();
    this.connectAll();
    this.addDistractors(undefined, undefined, 18, false);
    this.checkObjsReachable();
    const door = this.randElem(this.allDoors());
    this.instr = { kind: 'open', desc: plainDesc('door', door.color) };
  }
}

export class PutNextLocalLevel extends InstrLevel {
  constructor(seed: number) {
    super(8, 1, 1, seed);
  }

  protected genMission(): void {
    this.placeAgent();
    const objs = this.addDistractors(undefined, undefined, 8, true);
    this.checkObjsReachable();
    const [a, b] = this.randSubset(objs, 2);
    this.instr = { kind: 'putnext', move: plainDesc(carriable(a), a.color), fixed: plainDesc(carriable(b), b.color) };
  }
}

export interface LevelGenOptions {
  rooms: 1 | 3;
  numDists: number;
  lockedRoomProb: number;
  locations: boolean;
  unblocking: boolean;
  implicitUnlock: boolean;
  actionKinds: ReadonlyArray<'goto' | 'pickup' | 'open' | 'putnext'>;
  instrKinds: ReadonlyArray<'action' | 'and' | 'seq'>;
}

/** LevelGen: the random-instruction levels (PickupLoc, Synth, SynthLoc, GoToSeq, SynthSeq, BossLevel). */
export class LevelGenLevel extends InstrLevel {
  private lockedRoom: Room | null = null;

  constructor(
    seed: number,
    private readonly options: LevelGenOptions,
  ) {
    super(8, options.rooms, options.rooms, seed);
    this.unblocking = options.unblocking;
  }

  protected genMission(): void {
    if (this.randFloat(0, 1) < this.options.lockedRoomProb) this.addLockedRoom();
    this.connectAll();
    this.addDistractors(undefined, undefined, this.options.numDists, false);
    for (;;) {
      this.placeAgent();
      if (this.roomFromPos(...this.agentPos) !== this.lockedRoom) break;
    }
    if (!this.options.unblocking) this.checkObjsReachable();
    this.instr = this.randInstr(this.options.instrKinds);
  }

  private addLockedRoom(): void {
    let door: WorldObj;
    for (;;) {
      const i = this.randInt(0, this.numCols);
      const j = this.randInt(0, this.numRows);
      const doorIdx = this.randInt(0, 4);
      this.lockedRoom = this.getRoom(i, j);
      if (this.lockedRoom.neighbors[doorIdx] === null) continue;
      door = this.addDoor(i, j, doorIdx, undefined, true);
      break;
    }
    for (;;) {
      const i = this.randInt(0, this.numCols);
      const j = this.randInt(0, this.numRows);
      if (this.getRoom(i, j) === this.lockedRoom) continue;
      this.addObject(i, j, 'key', door.color);
      break;
    }
  }

  /** rand_obj: colour (or none), type, maybe a location, until something matches. */
  private randObj(types: readonly DescKind[] = OBJ_TYPES, maxTries = 100): ObjDesc {
    let tries = 0;
    for (;;) {
      if (tries > maxTries) throw new SamplingTimeout('failed to find suitable object');
      tries++;
      const color = this.randElem<Color | null>([null, ...SORTED_COLOR_NAMES]);
      const type = this.randElem(types);
      let loc: LocationName | null = null;
      if (this.options.locations && this.randBool()) loc = this.randElem(LOC_NAMES);
      const desc = new ObjDesc(type, color, loc);
      desc.findMatchingObjs(this);
      if (desc.objSet.length === 0) continue;
      const locked = this.lockedRoom;
      if (!this.options.implicitUnlock && locked !== null) {
        if (!desc.objPoss.some((pos) => !locked.posInside(pos[0], pos[1]))) continue;
      }
      return desc;
    }
  }

  private randInstr(instrKinds: ReadonlyArray<'action' | 'and' | 'seq'>): GenInstr {
    const kind = this.randElem(instrKinds);
    if (kind === 'action') {
      const action = this.randElem(this.options.actionKinds);
      if (action === 'goto') return { kind: 'goto', desc: this.randObj() };
      if (action === 'pickup') return { kind: 'pickup', desc: this.randObj(OBJ_TYPES_NOT_DOOR) };
      if (action === 'open') return { kind: 'open', desc: this.randObj(['door']) };
      const move = this.randObj(OBJ_TYPES_NOT_DOOR);
      return { kind: 'putnext', move, fixed: this.randObj() };
    }
    if (kind === 'and') {
      const a = this.randInstr(['action']);
      return { kind: 'and', a, b: this.randInstr(['action']) };
    }
    const a = this.randInstr(['action', 'and']);
    const b = this.randInstr(['action', 'and']);
    return { kind: this.randElem(['before', 'after'] as const), a, b };
  }
}
