// The OmniBot subgoal base class and its stack (spec §10): what every subgoal reads about the
// agent, and FixedPlanUserStack, whose appends after construction are the "helps" Decompose counts.
import type { BabyAIEnv } from './env';
import type { ExpertSearch } from './expertSearch';
import { ObjDesc } from './verifier';
import { addVec, type Vec, WorldObj } from './world';

type Reason = null | 'PutNext' | 'Open' | 'Explore' | 'KeepKey';
type Datum = ObjDesc | WorldObj | readonly number[] | null;

/** The bot state subgoals read and the stack they push onto. */
export interface BotContext {
  readonly env: BabyAIEnv;
  readonly search: ExpertSearch;
  readonly stack: SubgoalStack;
  prevAgentPos: Vec | null;
  prevCarrying: WorldObj | null;
  fwdDoorWasOpen: boolean | undefined;
}

/** FixedPlanUserStack: LIFO; every append after construction counts as one help. */
export class SubgoalStack {
  readonly items: Subgoal[] = [];
  countHelps = 0;

  /** `initial` is in execution order, so the first item ends on top; these are not helps. */
  constructor(initial: readonly Subgoal[] = []) {
    for (const item of [...initial].reverse()) this.items.push(item);
  }
  append(item: Subgoal): void {
    this.countHelps++;
    this.items.push(item);
  }
  pop(): Subgoal | undefined {
    return this.items.pop();
  }
  top(): Subgoal | undefined {
    return this.items[this.items.length - 1];
  }
  get length(): number {
    return this.items.length;
  }
}

export abstract class Subgoal {
  pos!: Vec;
  dirVec!: Vec;
  rightVec!: Vec;
  fwdPos!: Vec;
  fwdCell: WorldObj | null = null;
  carrying: WorldObj | null = null;

  constructor(
    public bot: BotContext,
    readonly datum: Datum = null,
    readonly reason: Reason = null,
  ) {
    this.updateAgentAttributes();
  }

  abstract get name(): string;

  /** Reads the agent state; called for every stacked subgoal at each replan. */
  updateAgentAttributes(): void {
    const env = this.bot.env;
    this.pos = env.agentPos;
    this.dirVec = env.dirVec;
    this.rightVec = env.rightVec;
    this.fwdPos = addVec(this.pos, this.dirVec);
    this.fwdCell = env.grid.get(this.fwdPos[0], this.fwdPos[1]);
    this.carrying = env.carrying;
  }

  /** A suggested action, or null after altering the stack. */
  abstract replanBeforeAction(): number | null;

  replanAfterAction(_action: number | null): void {}

  isExploratory(): boolean {
    return false;
  }

  push(subgoal: Subgoal): void {
    this.bot.stack.append(subgoal);
  }

  /** `(Name: datum, reason: R)` as the reference's __repr__, with readable data. */
  describe(): string {
    let text = `(${this.name}`;
    const datum = this.datum;
    if (datum instanceof ObjDesc) text += `: ${datum.color ?? 'None'} ${datum.type ?? 'None'} ${datum.loc ?? 'None'}`;
    else if (datum instanceof WorldObj)
      text += `: ${datum.color} ${datum.type}${datum.curPos ? ` (${datum.curPos[0]}, ${datum.curPos[1]})` : ''}`;
    else if (datum !== null) text += `: (${datum.join(', ')})`;
    if (this.reason !== null) text += `, reason: ${this.reason}`;
    return `${text})`;
  }
}
