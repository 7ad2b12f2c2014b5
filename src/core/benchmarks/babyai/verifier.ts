// BabyAI mission verification, ported from minigrid/envs/babyai/core/verifier.py (spec §8).
// The quirks are deliberate: object positions are fixed at reset and refreshed only on drop,
// Pickup/PutNext remember what was carried at their own last verify call, sub-successes latch.
import type { ActionInstrSpec, AndInstrSpec, InstrSpec, LocationName, ObjDescSpec } from './mission';
import {
  Action,
  DIR_TO_VEC,
  type Grid,
  type RoomLayout,
  roomContains,
  roomOf,
  sameVec,
  type Vec,
  type WorldObj,
} from './world';

/** What the verifier reads from the environment. */
export interface VerifierEnv {
  readonly grid: Grid;
  readonly agentPos: Vec;
  readonly agentDir: number;
  readonly carrying: WorldObj | null;
  readonly frontPos: Vec;
  readonly layout: RoomLayout;
}

export type Status = 'success' | 'continue';

/** ObjDesc: the objects matching a description and their positions. */
export class ObjDesc {
  objSet: WorldObj[] = [];
  objPoss: Vec[] = [];

  constructor(
    readonly type: ObjDescSpec['type'],
    readonly color: ObjDescSpec['color'],
    readonly loc: LocationName | null = null,
  ) {}

  static of(spec: ObjDescSpec): ObjDesc {
    return new ObjDesc(spec.type, spec.color, spec.loc);
  }

  /** find_matching_objs: scans x-major (x outer, y inner) like the reference. */
  findMatchingObjs(env: VerifierEnv, useLocation = true): void {
    if (useLocation) this.objSet = [];
    this.objPoss = [];
    const agentRoom = roomOf(env.layout, env.agentPos[0], env.agentPos[1]);
    for (let i = 0; i < env.grid.width; i++) {
      for (let j = 0; j < env.grid.height; j++) {
        const cell = env.grid.get(i, j);
        if (cell === null) continue;
        if (!useLocation && !this.objSet.includes(cell)) continue;
        if (this.type !== null && cell.type !== this.type) continue;
        if (this.color !== null && cell.color !== this.color) continue;
        if (useLocation && this.loc !== null) {
          if (!roomContains(env.layout, agentRoom, i, j)) continue;
          const v = [i - env.agentPos[0], j - env.agentPos[1]];
          const d1 = DIR_TO_VEC[env.agentDir];
          const d2 = [-d1[1], d1[0]];
          const along = v[0] * d1[0] + v[1] * d1[1];
          const across = v[0] * d2[0] + v[1] * d2[1];
          const matches = { left: across < 0, right: across > 0, front: along > 0, behind: along < 0 }[this.loc];
          if (!matches) continue;
        }
        if (useLocation) this.objSet.push(cell);
        this.objPoss.push([i, j]);
      }
    }
  }
}

export interface Instr {
  resetVerifier(env: VerifierEnv): void;
  verify(action: number): Status;
  /** RoomGridLevel.update_objs_poss, called after every drop. */
  updateObjsPoss(): void;
}

abstract class ActionInstr implements Instr {
  protected env!: VerifierEnv;

  abstract descs(): ObjDesc[];
  abstract verify(action: number): Status;

  resetVerifier(env: VerifierEnv): void {
    this.env = env;
    for (const desc of this.descs()) desc.findMatchingObjs(env);
  }

  updateObjsPoss(): void {
    for (const desc of this.descs()) desc.findMatchingObjs(this.env, false);
  }
}

export class GoToInstr extends ActionInstr {
  constructor(readonly desc: ObjDesc) {
    super();
  }
  descs(): ObjDesc[] {
    return [this.desc];
  }
  verify(): Status {
    return this.desc.objPoss.some((pos) => sameVec(pos, this.env.frontPos)) ? 'success' : 'continue';
  }
}

export class OpenInstr extends ActionInstr {
  constructor(readonly desc: ObjDesc) {
    super();
  }
  descs(): ObjDesc[] {
    return [this.desc];
  }
  verify(action: number): Status {
    if (action !== Action.toggle) return 'continue';
    const front = this.env.grid.get(...this.env.frontPos);
    return this.desc.objSet.some((door) => front === door && door.isOpen) ? 'success' : 'continue';
  }
}

export class PickupInstr extends ActionInstr {
  private preCarrying: WorldObj | null = null;
  constructor(readonly desc: ObjDesc) {
    super();
  }
  descs(): ObjDesc[] {
    return [this.desc];
  }
  override resetVerifier(env: VerifierEnv): void {
    super.resetVerifier(env);
    this.preCarrying = null;
  }
  verify(action: number): Status {
    const preCarrying = this.preCarrying;
    this.preCarrying = this.env.carrying;
    if (action !== Action.pickup) return 'continue';
    if (preCarrying === null && this.desc.objSet.some((obj) => this.env.carrying === obj)) return 'success';
    return 'continue';
  }
}

export class PutNextInstr extends ActionInstr {
  private preCarrying: WorldObj | null = null;
  constructor(
    readonly descMove: ObjDesc,
    readonly descFixed: ObjDesc,
  ) {
    super();
  }
  descs(): ObjDesc[] {
    return [this.descMove, this.descFixed];
  }
  override resetVerifier(env: VerifierEnv): void {
    super.resetVerifier(env);
    this.preCarrying = null;
  }
  verify(action: number): Status {
    const preCarrying = this.preCarrying;
    this.preCarrying = this.env.carrying;
    if (action !== Action.drop) return 'continue';
    for (const objA of this.descMove.objSet) {
      if (preCarrying !== objA || !objA.curPos) continue;
      const posA = objA.curPos;
      if (this.descFixed.objPoss.some((posB) => Math.abs(posA[0] - posB[0]) + Math.abs(posA[1] - posB[1]) === 1))
        return 'success';
    }
    return 'continue';
  }
}

type Latch = Status | false;

abstract class SeqInstr implements Instr {
  protected aDone: Latch = false;
  protected bDone: Latch = false;
  constructor(
    readonly instrA: Instr,
    readonly instrB: Instr,
  ) {}
  resetVerifier(env: VerifierEnv): void {
    this.instrA.resetVerifier(env);
    this.instrB.resetVerifier(env);
    this.aDone = false;
    this.bDone = false;
  }
  updateObjsPoss(): void {
    this.instrA.updateObjsPoss();
    this.instrB.updateObjsPoss();
  }
  abstract verify(action: number): Status;
}

/** "A, then B": B is checked once A has succeeded, on the same step too. */
export class BeforeInstr extends SeqInstr {
  verify(action: number): Status {
    if (this.aDone === 'success') {
      this.bDone = this.instrB.verify(action);
      return this.bDone === 'success' ? 'success' : 'continue';
    }
    this.aDone = this.instrA.verify(action);
    return this.aDone === 'success' ? this.verify(action) : 'continue';
  }
}

/** "A after you B": B first, then A. */
export class AfterInstr extends SeqInstr {
  verify(action: number): Status {
    if (this.bDone === 'success') {
      this.aDone = this.instrA.verify(action);
      return this.aDone === 'success' ? 'success' : 'continue';
    }
    this.bDone = this.instrB.verify(action);
    return this.bDone === 'success' ? this.verify(action) : 'continue';
  }
}

export class AndInstr extends SeqInstr {
  verify(action: number): Status {
    if (this.aDone !== 'success') this.aDone = this.instrA.verify(action);
    if (this.bDone !== 'success') this.bDone = this.instrB.verify(action);
    return this.aDone === 'success' && this.bDone === 'success' ? 'success' : 'continue';
  }
}

/** Builds the runtime instruction tree of a parsed mission. */
export function buildInstr(spec: InstrSpec): Instr {
  const action = (s: ActionInstrSpec | AndInstrSpec): Instr => buildInstr(s);
  switch (spec.kind) {
    case 'goto':
      return new GoToInstr(ObjDesc.of(spec.desc));
    case 'pickup':
      return new PickupInstr(ObjDesc.of(spec.desc));
    case 'open':
      return new OpenInstr(ObjDesc.of(spec.desc));
    case 'putnext':
      return new PutNextInstr(ObjDesc.of(spec.move), ObjDesc.of(spec.fixed));
    case 'and':
      return new AndInstr(action(spec.a), action(spec.b));
    case 'before':
      return new BeforeInstr(action(spec.a), action(spec.b));
    case 'after':
      return new AfterInstr(action(spec.a), action(spec.b));
  }
}
