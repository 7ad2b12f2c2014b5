// The OmniBot (BabyAIBot of the reference fork, spec §10): replanning over the subgoal stack,
// instruction expansion, and the two loops the benchmark runs it in — the dataset generator
// (replan() without the last action, until success or 1000 steps) and the Decompose evaluator
// (replan(last_action), until done, truncated or an empty stack).
import { BabyAIEnv, type LevelSpec } from './env';
import { BotError, ExpertSearch } from './expertSearch';
import { type BotContext, type Subgoal, SubgoalStack } from './subgoalBase';
import { CloseSubgoal, DropSubgoal, ExploreSubgoal, GoNextToSubgoal, OpenSubgoal, PickupSubgoal } from './subgoals';
import {
  AfterInstr,
  AndInstr,
  BeforeInstr,
  GoToInstr,
  type Instr,
  OpenInstr,
  PickupInstr,
  PutNextInstr,
} from './verifier';
import { Action, addVec, type Vec, type WorldObj } from './world';

export { BotError };

/** The reference hangs in a few degenerate stacks; bound the replanning loop instead. */
const MAX_REPLANS_PER_STEP = 10_000;

export class OmniBot implements BotContext {
  readonly search: ExpertSearch;
  stack: SubgoalStack;
  prevAgentPos: Vec | null = null;
  prevCarrying: WorldObj | null = null;
  fwdDoorWasOpen: boolean | undefined = undefined;
  private prevFwdCell: WorldObj | null = null;

  constructor(readonly env: BabyAIEnv) {
    this.search = new ExpertSearch(env);
    this.stack = new SubgoalStack();
  }

  /** Loads a fixed plan (execution order); these initial subgoals are not counted as help. */
  loadPlan(subgoals: readonly Subgoal[]): void {
    for (const subgoal of subgoals) {
      subgoal.bot = this;
      subgoal.updateAgentAttributes();
    }
    this.stack = new SubgoalStack(subgoals);
  }

  /** provide_initial_subgoals: the mission's expansion, pushed (and so counted). */
  provideInitialSubgoals(): void {
    this.processInstr(this.env.instrs);
  }

  get helpCount(): number {
    return this.stack.countHelps;
  }

  /** One replanning round; returns the suggested action (`done` on an empty stack). */
  replan(actionTaken: number | null = null): number {
    if (actionTaken === Action.toggle && this.prevFwdCell?.type === 'box')
      throw new BotError('disappeared-box', 'A box was opened. I am not sure I can help now.');
    for (const subgoal of this.stack.items) subgoal.updateAgentAttributes();
    this.stack.top()?.replanAfterAction(actionTaken);
    while (this.stack.length > 0 && this.stack.top()!.isExploratory()) this.stack.pop();
    let suggested: number | null = null;
    for (let rounds = 0; this.stack.length > 0; rounds++) {
      if (rounds > MAX_REPLANS_PER_STEP)
        throw new BotError('stuck', 'the expert replanned 10000 times without choosing an action');
      suggested = this.stack.top()!.replanBeforeAction();
      if (suggested !== null) break;
    }
    if (this.stack.length === 0) suggested = Action.done;
    this.rememberCurrentState();
    return suggested ?? Action.done;
  }

  private rememberCurrentState(): void {
    this.prevAgentPos = this.env.agentPos;
    this.prevCarrying = this.env.carrying;
    const front = addVec(this.env.agentPos, this.env.dirVec);
    const fwdCell = this.env.grid.get(front[0], front[1]);
    if (fwdCell && fwdCell.type === 'door') this.fwdDoorWasOpen = fwdCell.isOpen;
    this.prevFwdCell = fwdCell;
  }

  private processInstr(instr: Instr): void {
    if (instr instanceof GoToInstr) this.stack.append(new GoNextToSubgoal(this, instr.desc));
    else if (instr instanceof OpenInstr) {
      this.stack.append(new OpenSubgoal(this));
      this.stack.append(new GoNextToSubgoal(this, instr.desc, 'Open'));
    } else if (instr instanceof PickupInstr) {
      // Pick up and drop at once, so that other objects can be carried later (paper B.4).
      this.stack.append(new DropSubgoal(this));
      this.stack.append(new PickupSubgoal(this));
      this.stack.append(new GoNextToSubgoal(this, instr.desc));
    } else if (instr instanceof PutNextInstr) {
      this.stack.append(new DropSubgoal(this));
      this.stack.append(new GoNextToSubgoal(this, instr.descFixed, 'PutNext'));
      this.stack.append(new PickupSubgoal(this));
      this.stack.append(new GoNextToSubgoal(this, instr.descMove));
    } else if (instr instanceof BeforeInstr || instr instanceof AndInstr) {
      this.processInstr(instr.instrB);
      this.processInstr(instr.instrA);
    } else if (instr instanceof AfterInstr) {
      this.processInstr(instr.instrA);
      this.processInstr(instr.instrB);
    } else throw new BotError('assertion', 'unknown instruction type');
  }
}

/** A subgoal as a model writes it (Decompose §5), before instantiation. */
export interface SubgoalCall {
  name: 'GoNextToSubgoal' | 'OpenSubgoal' | 'CloseSubgoal' | 'DropSubgoal' | 'PickupSubgoal' | 'ExploreSubgoal';
  args: number[] | null;
}

/** instantiate_subgoals: the datum is kept as given (only GoNextTo uses it). */
export function instantiateSubgoals(bot: OmniBot, calls: readonly SubgoalCall[]): Subgoal[] {
  return calls.map(({ name, args }) => {
    switch (name) {
      case 'GoNextToSubgoal':
        return new GoNextToSubgoal(bot, args);
      case 'OpenSubgoal':
        return new OpenSubgoal(bot, args);
      case 'CloseSubgoal':
        return new CloseSubgoal(bot, args);
      case 'DropSubgoal':
        return new DropSubgoal(bot, args);
      case 'PickupSubgoal':
        return new PickupSubgoal(bot, args);
      case 'ExploreSubgoal':
        return new ExploreSubgoal(bot, args);
    }
  });
}

interface ExpertStep {
  action: number;
  reward: number;
  terminated: boolean;
  truncated: boolean;
  /** The stack after replanning, bottom first, as `describe()` strings. */
  stack: string[];
}

interface ExpertRun {
  steps: ExpertStep[];
  /** Mission verified (terminated) at some step. */
  done: boolean;
  truncated: boolean;
  helpCount: number;
  /** Set when the bot raised (the reference run would crash). */
  error: BotError | null;
}

type ExpertLoop = 'generator' | 'evaluator';

/**
 * Runs the expert from reset. 'generator' is generate_*.py / the processor: replan() without the
 * last action, stopping on termination or truncation or after `limit` (1000) actions.
 * 'evaluator' is evaluators/decompose.py: replan(last), while not done, not truncated and the
 * stack is not empty. `plan` preloads model subgoals; otherwise the mission is expanded.
 */
export function runExpert(
  spec: LevelSpec,
  options: { loop: ExpertLoop; plan?: readonly SubgoalCall[]; limit?: number; recordStacks?: boolean },
): ExpertRun {
  const env = new BabyAIEnv(spec);
  const bot = new OmniBot(env);
  const steps: ExpertStep[] = [];
  let done = false;
  let truncated = false;
  let last: number | null = null;
  const limit = options.limit ?? (options.loop === 'generator' ? 1000 : Number.POSITIVE_INFINITY);
  try {
    if (options.plan) bot.loadPlan(instantiateSubgoals(bot, options.plan));
    else bot.provideInitialSubgoals();
    while (!done && !truncated && steps.length < limit) {
      if (options.loop === 'evaluator' && bot.stack.length === 0) break;
      const action = bot.replan(options.loop === 'evaluator' ? last : null);
      const result = env.step(action);
      done = result.terminated;
      truncated = result.truncated;
      steps.push({
        action,
        reward: result.reward,
        terminated: result.terminated,
        truncated: result.truncated,
        stack: options.recordStacks ? bot.stack.items.map((s) => s.describe()) : [],
      });
      last = action;
    }
  } catch (error) {
    if (!(error instanceof BotError)) throw error;
    return { steps, done, truncated, helpCount: bot.helpCount, error };
  }
  return { steps, done, truncated, helpCount: bot.helpCount, error: null };
}
