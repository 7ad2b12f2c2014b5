// A BabyAI level as plain data (LevelSpec) and the MiniGrid + RoomGridLevel step semantics
// (spec §7–§9): step counting, blocking, doors and keys, boxes, drop rules, the verifier after
// every step, reward 1 − 0.9·t/max_steps on success, truncation at max_steps.
import { numNavs, parseMission, type InstrSpec } from './mission';
import { buildInstr, type Instr, type VerifierEnv } from './verifier';
import {
  Action,
  addVec,
  type CarriableType,
  type Color,
  DIR_TO_VEC,
  Grid,
  isWallLine,
  type ObjectType,
  type RoomLayout,
  type Vec,
  WorldObj,
} from './world';

export interface CarriedSpec {
  type: CarriableType;
  color: Color;
  contains?: CarriedSpec | null;
}

export interface ObjectSpec {
  type: ObjectType;
  color: Color;
  pos: Vec;
  /** Doors only. */
  locked?: boolean;
  /** Doors only; benchmark levels start with every door closed. */
  open?: boolean;
  /** Boxes only; benchmark levels have empty boxes. */
  contains?: CarriedSpec | null;
}

/** Everything that determines a level's initial state. */
export interface LevelSpec {
  width: number;
  height: number;
  layout: RoomLayout;
  objects: ObjectSpec[];
  agent: { pos: Vec; dir: number };
  carrying?: CarriedSpec | null;
  mission: string;
  /** Overrides room_size²·rows·cols·num_navs. */
  maxSteps?: number;
}

interface BabyAIStepResult {
  reward: number;
  terminated: boolean;
  truncated: boolean;
  /** Whether the action changed the agent or the world (false: a silent no-op). */
  changed: boolean;
}

function makeCarried(spec: CarriedSpec): WorldObj {
  return new WorldObj(spec.type, spec.color, false, false, spec.contains ? makeCarried(spec.contains) : null);
}

/** The grid of a spec: layout walls, then objects (a door replaces the wall it sits in). */
function buildGrid(spec: Pick<LevelSpec, 'width' | 'height' | 'layout' | 'objects'>): Grid {
  const grid = new Grid(spec.width, spec.height);
  for (let y = 0; y < spec.height; y++) {
    for (let x = 0; x < spec.width; x++)
      if (isWallLine(spec.layout, x, y)) grid.set(x, y, new WorldObj('wall', 'grey'));
  }
  for (const object of spec.objects) {
    const made =
      object.type === 'door'
        ? new WorldObj('door', object.color, !!object.open && !object.locked, !!object.locked)
        : new WorldObj(
            object.type,
            object.color,
            false,
            false,
            object.type === 'box' && object.contains ? makeCarried(object.contains) : null,
          );
    made.curPos = [object.pos[0], object.pos[1]];
    grid.set(object.pos[0], object.pos[1], made);
  }
  return grid;
}

function maxStepsFor(layout: RoomLayout, instr: InstrSpec): number {
  return layout.roomSize * layout.roomSize * layout.numRows * layout.numCols * numNavs(instr);
}

/** A running BabyAI episode (RoomGridLevel after reset). */
export class BabyAIEnv implements VerifierEnv {
  readonly grid: Grid;
  readonly layout: RoomLayout;
  readonly mission: string;
  readonly missionSpec: InstrSpec;
  readonly instrs: Instr;
  readonly maxSteps: number;
  agentPos: Vec;
  agentDir: number;
  carrying: WorldObj | null;
  stepCount = 0;

  /** Throws MissionError when the mission does not parse. */
  constructor(readonly spec: LevelSpec) {
    this.grid = buildGrid(spec);
    this.layout = spec.layout;
    this.agentPos = [spec.agent.pos[0], spec.agent.pos[1]];
    this.agentDir = spec.agent.dir;
    this.carrying = spec.carrying ? makeCarried(spec.carrying) : null;
    if (this.carrying) this.carrying.curPos = [-1, -1];
    this.mission = spec.mission;
    this.missionSpec = parseMission(spec.mission);
    this.maxSteps = spec.maxSteps ?? maxStepsFor(spec.layout, this.missionSpec);
    this.instrs = buildInstr(this.missionSpec);
    this.instrs.resetVerifier(this);
  }

  get dirVec(): Vec {
    return DIR_TO_VEC[this.agentDir];
  }

  /** right_vec = (−dy, dx). */
  get rightVec(): Vec {
    const [dx, dy] = this.dirVec;
    return [-dy, dx];
  }

  get frontPos(): Vec {
    return addVec(this.agentPos, this.dirVec);
  }

  /** MiniGridEnv.step followed by RoomGridLevel's verification. */
  step(action: number): BabyAIStepResult {
    this.stepCount += 1;
    let reward = 0;
    let terminated = false;
    let changed = false;
    const front = this.frontPos;
    const fwdCell = this.grid.get(front[0], front[1]);
    switch (action) {
      case Action.left:
        this.agentDir = (this.agentDir + 3) % 4;
        changed = true;
        break;
      case Action.right:
        this.agentDir = (this.agentDir + 1) % 4;
        changed = true;
        break;
      case Action.forward:
        if (fwdCell === null || fwdCell.canOverlap()) {
          this.agentPos = front;
          changed = true;
        }
        break;
      case Action.pickup:
        if (fwdCell && fwdCell.canPickup() && this.carrying === null) {
          this.carrying = fwdCell;
          fwdCell.curPos = [-1, -1];
          this.grid.set(front[0], front[1], null);
          changed = true;
        }
        break;
      case Action.drop:
        if (fwdCell === null && this.carrying) {
          this.grid.set(front[0], front[1], this.carrying);
          this.carrying.curPos = front;
          this.carrying = null;
          changed = true;
        }
        break;
      case Action.toggle:
        changed = fwdCell !== null && this.toggle(fwdCell, front);
        break;
      default:
        break;
    }
    const truncated = this.stepCount >= this.maxSteps;
    if (action === Action.drop) this.instrs.updateObjsPoss();
    if (this.instrs.verify(action) === 'success') {
      terminated = true;
      reward = 1 - 0.9 * (this.stepCount / this.maxSteps);
    }
    return { reward, terminated, truncated, changed };
  }

  /** Door.toggle / Box.toggle; walls, keys and balls ignore toggles. */
  private toggle(cell: WorldObj, pos: Vec): boolean {
    if (cell.type === 'door') {
      if (cell.isLocked) {
        if (this.carrying?.type === 'key' && this.carrying.color === cell.color) {
          cell.isLocked = false;
          cell.isOpen = true;
          return true;
        }
        return false;
      }
      cell.isOpen = !cell.isOpen;
      return true;
    }
    if (cell.type === 'box') {
      this.grid.set(pos[0], pos[1], cell.contains);
      return true;
    }
    return false;
  }

  /** The agent pose ((x, y), dir). */
  pose(): { pos: Vec; dir: number } {
    return { pos: [this.agentPos[0], this.agentPos[1]], dir: this.agentDir };
  }
}

/** Runs actions from reset, stopping at the first terminated or truncated step (every evaluator does). */
export function runActions(
  spec: LevelSpec,
  actions: readonly number[],
): { env: BabyAIEnv; results: BabyAIStepResult[]; totalReward: number } {
  const env = new BabyAIEnv(spec);
  const results: BabyAIStepResult[] = [];
  let totalReward = 0;
  for (const action of actions) {
    const result = env.step(action);
    results.push(result);
    totalReward += result.reward;
    if (result.terminated || result.truncated) break;
  }
  return { env, results, totalReward };
}
