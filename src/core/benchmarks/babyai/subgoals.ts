// The OmniBot subgoals (spec §10), ported line by line from the reference bot, assertions
// included (raised as BotError, which crashes a reference run). They push one another, so they
// share this module; GoNextTo, most of the bot, is at the end.
import { BotError, noPath } from './expertSearch';
import { Subgoal } from './subgoalBase';
import { ObjDesc } from './verifier';
import { Action, addVec, sameVec, type Vec, type WorldObj } from './world';

const manhattan = (a: readonly number[], b: readonly number[]) => Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]);

/** _plan_undo_action. */
function planUndoAction(self: Subgoal, action: number): void {
  const bot = self.bot;
  if (action === Action.forward) {
    if (!sameVec(bot.prevAgentPos, self.pos)) self.push(new GoNextToSubgoal(bot, self.pos));
  } else if (action === Action.left) self.push(new GoNextToSubgoal(bot, addVec(self.pos, self.rightVec)));
  else if (action === Action.right) self.push(new GoNextToSubgoal(bot, addVec(self.pos, self.rightVec, -1)));
  else if (action === Action.drop && bot.prevCarrying !== self.carrying) {
    if (!self.fwdCell || !['key', 'box', 'ball'].includes(self.fwdCell.type))
      throw new BotError('assertion', 'undoing a drop with nothing in front');
    self.push(new PickupSubgoal(bot));
  } else if (action === Action.pickup && bot.prevCarrying !== self.carrying) self.push(new DropSubgoal(bot));
  else if (action === Action.toggle) {
    const fwd = bot.env.grid.get(self.fwdPos[0], self.fwdPos[1]);
    if (fwd && fwd.type === 'door' && bot.fwdDoorWasOpen !== fwd.isOpen)
      self.push(fwd.isOpen ? new CloseSubgoal(bot) : new OpenSubgoal(bot));
  }
}

const isTurnOrMove = (action: number | null) =>
  action === Action.forward || action === Action.left || action === Action.right;

export class CloseSubgoal extends Subgoal {
  get name() {
    return 'CloseSubgoal';
  }
  replanBeforeAction(): number | null {
    if (!this.fwdCell || this.fwdCell.type !== 'door' || !this.fwdCell.isOpen) {
      this.bot.stack.pop();
      return null;
    }
    return Action.toggle;
  }
  override replanAfterAction(action: number | null): void {
    if (action === null || action === Action.toggle) this.bot.stack.pop();
    else if (isTurnOrMove(action)) planUndoAction(this, action);
  }
}

export class OpenSubgoal extends Subgoal {
  get name() {
    return 'OpenSubgoal';
  }
  replanBeforeAction(): number | null {
    const bot = this.bot;
    const fwd = this.fwdCell;
    if (!fwd || fwd.type !== 'door' || fwd.isOpen) {
      bot.stack.pop();
      return null;
    }
    const gotTheKey = this.carrying?.type === 'key' && this.carrying.color === fwd.color;
    if (fwd.isLocked && !gotTheKey) {
      const keyDesc = new ObjDesc('key', fwd.color);
      keyDesc.findMatchingObjs(bot.env);
      bot.stack.pop();
      if (this.carrying) {
        const dropPosCur = bot.search.findDropPos();
        this.push(new PickupSubgoal(bot));
        this.push(new GoNextToSubgoal(bot, dropPosCur));
        this.push(new OpenSubgoal(bot));
        this.push(new GoNextToSubgoal(bot, this.fwdPos));
        this.push(new PickupSubgoal(bot));
        this.push(new GoNextToSubgoal(bot, keyDesc));
        this.push(new DropSubgoal(bot));
        this.push(new GoNextToSubgoal(bot, dropPosCur));
      } else {
        this.push(new OpenSubgoal(bot));
        this.push(new GoNextToSubgoal(bot, this.fwdPos));
        this.push(new PickupSubgoal(bot));
        this.push(new GoNextToSubgoal(bot, keyDesc));
      }
      return null;
    }
    return Action.toggle;
  }
  override replanAfterAction(action: number | null): void {
    if (action === null || action === Action.toggle) this.bot.stack.pop();
    else planUndoAction(this, action);
  }
}

export class DropSubgoal extends Subgoal {
  get name() {
    return 'DropSubgoal';
  }
  replanBeforeAction(): number | null {
    if (!this.bot.env.carrying || this.fwdCell) {
      this.bot.stack.pop();
      return null;
    }
    return Action.drop;
  }
  override replanAfterAction(action: number | null): void {
    if (action === null || action === Action.drop) this.bot.stack.pop();
    else if (isTurnOrMove(action)) planUndoAction(this, action);
  }
}

export class PickupSubgoal extends Subgoal {
  get name() {
    return 'PickupSubgoal';
  }
  replanBeforeAction(): number | null {
    const bot = this.bot;
    if (bot.env.carrying) {
      this.push(new GoNextToSubgoal(bot, this.fwdPos));
      const dropKeyPos = bot.search.findDropPos();
      this.push(new DropSubgoal(bot));
      this.push(new GoNextToSubgoal(bot, dropKeyPos));
      return null;
    }
    return Action.pickup;
  }
  override replanAfterAction(action: number | null): void {
    if (action === null || action === Action.pickup) this.bot.stack.pop();
    else if (action === Action.left || action === Action.right) planUndoAction(this, action);
  }
}

export class ExploreSubgoal extends Subgoal {
  get name() {
    return 'ExploreSubgoal';
  }
  replanBeforeAction(): number | null {
    const bot = this.bot;
    const unopenedUnlocked = (_: Vec, cell: WorldObj | null) =>
      !!cell && cell.type === 'door' && !cell.isLocked && !cell.isOpen;
    const unopened = (_: Vec, cell: WorldObj | null) => !!cell && cell.type === 'door' && !cell.isOpen;
    const doorPos =
      bot.search.shortestPath(unopenedUnlocked, true).finish ?? bot.search.shortestPath(unopened, true).finish;
    if (doorPos) {
      const door = bot.env.grid.get(doorPos[0], doorPos[1]) as WorldObj;
      const gotTheKey = this.carrying?.type === 'key' && this.carrying.color === door.color;
      bot.stack.pop();
      this.push(new OpenSubgoal(bot, null, door.isLocked && gotTheKey ? 'KeepKey' : null));
      this.push(new GoNextToSubgoal(bot, door, 'Open'));
      return null;
    }
    throw new BotError('assertion', 'nothing left to explore');
  }
  override isExploratory(): boolean {
    return true;
  }
}

const steppable = (cell: WorldObj | null) => cell === null || (cell.type === 'door' && cell.isOpen);

/** GoNextToSubgoal: done when facing the target (PutNext: facing a free cell next to it). */
export class GoNextToSubgoal extends Subgoal {
  get name() {
    return 'GoNextToSubgoal';
  }

  replanBeforeAction(): number | null {
    const bot = this.bot;
    const target = this.resolveTarget();
    if (!target) return null;
    const { obj: targetObj, pos: targetPos } = target;

    if (this.reason === 'Open' && targetObj && targetObj.type === 'door' && targetObj.isLocked) {
      const keyDesc = new ObjDesc('key', targetObj.color);
      keyDesc.findMatchingObjs(bot.env);
      if (!this.carrying) {
        bot.stack.pop();
        this.push(new GoNextToSubgoal(bot, targetObj, 'Open'));
        this.push(new PickupSubgoal(bot));
        this.push(new GoNextToSubgoal(bot, keyDesc));
        return null;
      }
    }

    // Standing on the target (PutNext: next to it): step off first.
    if (manhattan(targetPos, this.pos) === (this.reason === 'PutNext' ? 1 : 0)) return this.stepOff();

    if (this.reason === 'PutNext') {
      if (manhattan(targetPos, this.fwdPos) === 1) {
        if (this.fwdCell === null) {
          bot.stack.pop();
          return null;
        }
        if (this.fwdCell.type === 'door' && this.fwdCell.isOpen) {
          // Nothing can be dropped in a doorway: go face the cell beyond it instead.
          this.push(new GoNextToSubgoal(bot, addVec(this.fwdPos, this.dirVec, 2)));
          return null;
        }
      }
    } else if (sameVec(targetPos, this.fwdPos)) {
      bot.stack.pop();
      return null;
    }

    const accept = (pos: Vec) => sameVec(pos, targetPos);
    let path = bot.search.shortestPath(accept).path;
    if (noPath(path)) path = bot.search.shortestPath(accept, true).path;
    if (path === null || path.length === 0) {
      this.push(new ExploreSubgoal(bot));
      return null;
    }
    if (this.detourForLockedDoor(path, targetObj)) return null;
    const nextCell = path[0];
    if (sameVec(nextCell, this.fwdPos)) return this.enterCellAhead();
    return this.turnTowards(nextCell);
  }

  /** The target's object (if any) and position; null after pushing an exploration when it is not seen yet. */
  private resolveTarget(): { obj: WorldObj | null; pos: readonly number[] } | null {
    if (this.datum instanceof ObjDesc) {
      const found = this.bot.search.findObjPos(this.datum, this.reason === 'PutNext');
      if (!found.pos) {
        this.push(new ExploreSubgoal(this.bot));
        return null;
      }
      return { obj: found.obj, pos: found.pos };
    }
    if (this.datum !== null && !Array.isArray(this.datum)) {
      const targetObj = this.datum as WorldObj;
      if (!targetObj.curPos) throw new BotError('invalid-subgoal', 'GoNextTo an object that has no position');
      return { obj: targetObj, pos: targetObj.curPos };
    }
    // tuple(None) raises TypeError in the reference; a wrong arity fails on indexing.
    if (this.datum === null) throw new BotError('invalid-subgoal', 'GoNextToSubgoal needs a position (x, y)');
    const targetPos = this.datum as readonly number[];
    if (targetPos.length < 2)
      throw new BotError(
        'invalid-subgoal',
        `GoNextToSubgoal position (${targetPos.join(', ')}) has fewer than two coordinates`,
      );
    return { obj: null, pos: targetPos };
  }

  /** Off the target: forward, else a turn towards a free side. */
  private stepOff(): number {
    const grid = this.bot.env.grid;
    if (steppable(this.fwdCell)) return Action.forward;
    const right = addVec(this.pos, this.rightVec);
    if (steppable(grid.get(right[0], right[1]))) return Action.right;
    const left = addVec(this.pos, this.rightVec, -1);
    if (steppable(grid.get(left[0], left[1]))) return Action.left;
    return Action.left;
  }

  /**
   * Whether the first locked door on the path (other than the target) needs a key the agent does
   * not carry: then this subgoal waits behind opening that door.
   */
  private detourForLockedDoor(path: readonly Vec[], targetObj: WorldObj | null): boolean {
    const bot = this.bot;
    for (const cellPos of path) {
      if (sameVec(cellPos, this.pos)) continue;
      const cell = bot.env.grid.get(cellPos[0], cellPos[1]);
      if (cell && cell.type === 'door' && cell.isLocked) {
        if (cell === targetObj) continue;
        const carryingKey = this.carrying?.type === 'key' && this.carrying.color === cell.color;
        if (!carryingKey) {
          bot.stack.pop();
          this.push(new GoNextToSubgoal(bot, this.datum, this.reason));
          this.push(new OpenSubgoal(bot, null, null));
          this.push(new GoNextToSubgoal(bot, cell, 'Open'));
          return true;
        }
        break;
      }
    }
    return false;
  }

  /** The next cell on the path is ahead: walk in, open its door, or move what blocks it out of the way. */
  private enterCellAhead(): number | null {
    const bot = this.bot;
    const fwd = this.fwdCell;
    if (!fwd) return Action.forward;
    if (fwd.type === 'door') {
      if (fwd.isLocked) throw new BotError('assertion', 'the path goes through a locked door right ahead');
      if (!fwd.isOpen) {
        this.push(new OpenSubgoal(bot));
        return null;
      }
      return Action.forward;
    }
    if (this.carrying) {
      const dropPosCur = bot.search.findDropPos();
      const dropPosBlock = bot.search.findDropPos(dropPosCur);
      this.push(new PickupSubgoal(bot));
      this.push(new GoNextToSubgoal(bot, dropPosCur));
      this.push(new DropSubgoal(bot));
      this.push(new GoNextToSubgoal(bot, dropPosBlock));
      this.push(new PickupSubgoal(bot));
      this.push(new GoNextToSubgoal(bot, this.fwdPos));
      this.push(new DropSubgoal(bot));
      this.push(new GoNextToSubgoal(bot, dropPosCur));
      return null;
    }
    const dropPos = bot.search.findDropPos();
    this.push(new DropSubgoal(bot));
    this.push(new GoNextToSubgoal(bot, dropPos));
    this.push(new PickupSubgoal(bot));
    return null;
  }

  /** The next cell on the path is beside or behind: turn towards it. */
  private turnTowards(nextCell: Vec): number {
    const bot = this.bot;
    const delta = [nextCell[0] - this.pos[0], nextCell[1] - this.pos[1]];
    if (sameVec(delta, this.rightVec)) return Action.right;
    if (sameVec(delta, [-this.rightVec[0], -this.rightVec[1]])) return Action.left;
    // The next cell is behind: turn towards the side with more room.
    const distanceRight = bot.search.closestWallOrDoor(this.pos, this.rightVec);
    const distanceLeft = bot.search.closestWallOrDoor(this.pos, [-this.rightVec[0], -this.rightVec[1]]);
    return distanceLeft > distanceRight ? Action.left : Action.right;
  }

  override replanAfterAction(action: number | null): void {
    if (action === Action.pickup || action === Action.drop || action === Action.toggle) planUndoAction(this, action);
  }

  override isExploratory(): boolean {
    return this.reason === 'Explore';
  }
}
