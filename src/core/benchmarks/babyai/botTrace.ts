// The Decompose evaluator's bot loop (runExpert with loop 'evaluator'), traced: which subgoal
// produced each action and which of the model's subgoals each help and each bot error belongs
// to. Diagnostics need that to point at a line of the answer, and the oracle needs it to write
// down the subgoals the expert actually executed. The OmniBot has no hooks, so the stack's
// top() and append() are wrapped on this one instance; replan() reaches every subgoal it runs
// through top(), which makes "the subgoal last taken from the top" the one now executing.
import { BabyAIEnv, type LevelSpec } from './env';
import { BotError, instantiateSubgoals, OmniBot, type SubgoalCall } from './omnibot';
import type { Subgoal } from './subgoalBase';
import type { Vec } from './world';

export interface TracedStep {
  action: number;
  terminated: boolean;
  truncated: boolean;
  /** The stack after replanning, bottom first, as `describe()` strings (as runExpert records them). */
  stack: string[];
  /** The subgoal whose replanning chose the action (null for `done` on an empty stack). */
  producer: Subgoal | null;
  /** Index of the model subgoal this action serves (null: the bot's own mission expansion). */
  owner: number | null;
  /** The cell the agent faces after the action. */
  frontAfter: Vec;
}

export interface TracedHelp {
  /** Index of the model subgoal being executed when the bot pushed this one (null: none). */
  owner: number | null;
  subgoal: string;
}

export interface BotTrace {
  steps: TracedStep[];
  done: boolean;
  truncated: boolean;
  /** Every push after the initial stack, in order (its length is the help count). */
  helps: TracedHelp[];
  error: BotError | null;
  /** The model subgoal being executed when the bot raised. */
  errorOwner: number | null;
  /** Indices of the model subgoals that came to the top of the stack (were executed). */
  reached: Set<number>;
  /** Where the agent ended. */
  final: { pos: Vec; dir: number };
}

/**
 * Which model subgoal each item of the bot's stack serves, learnt by watching the stack: an item
 * the bot pushes belongs to the subgoal executing then (and is a help), and the subgoal executing
 * is the one whose item was last taken from the top.
 */
class SubgoalOwners {
  readonly owners = new Map<Subgoal, number | null>();
  readonly helps: TracedHelp[] = [];
  readonly reached = new Set<number>();
  /** The model subgoal now executing (null: the bot's own mission expansion, or none yet). */
  current: number | null = null;

  /** The model's subgoals, loaded as the initial stack: each its own owner. */
  own(subgoals: readonly Subgoal[]): void {
    subgoals.forEach((subgoal, index) => this.owners.set(subgoal, index));
  }

  ownerOf(item: Subgoal): number | null {
    return this.owners.get(item) ?? null;
  }

  /**
   * Wraps `stack`'s top() and append() on this instance; returns the unwrapped top(), which looks without moving
   * `current`.
   */
  watch(stack: OmniBot['stack']): () => Subgoal | undefined {
    const top = stack.top.bind(stack);
    const append = stack.append.bind(stack);
    stack.top = () => {
      const item = top();
      if (item) this.current = this.owners.get(item) ?? null;
      if (this.current !== null) this.reached.add(this.current);
      return item;
    };
    stack.append = (item: Subgoal) => {
      this.owners.set(item, this.current);
      this.helps.push({ owner: this.current, subgoal: item.describe() });
      append(item);
    };
    return top;
  }
}

/**
 * Runs the bot as evaluators/decompose.py does: `plan` as the initial (uncounted) stack, or, when
 * null, a fresh bot that expands the mission itself (provide_initial_subgoals, counted as help).
 * Stops when the mission is verified, on truncation or when the stack is empty.
 */
export function traceBot(spec: LevelSpec, plan: readonly SubgoalCall[] | null): BotTrace {
  const env = new BabyAIEnv(spec);
  const bot = new OmniBot(env);
  const owners = new SubgoalOwners();
  const steps: TracedStep[] = [];
  let done = false;
  let truncated = false;
  let last: number | null = null;
  const finish = (error: BotError | null): BotTrace => ({
    steps,
    done,
    truncated,
    helps: owners.helps,
    error,
    errorOwner: error ? owners.current : null,
    reached: owners.reached,
    final: env.pose(),
  });
  try {
    if (plan) {
      const subgoals = instantiateSubgoals(bot, plan);
      owners.own(subgoals);
      bot.loadPlan(subgoals);
    }
    const stack = bot.stack;
    const top = owners.watch(stack);
    if (!plan) bot.provideInitialSubgoals();
    while (!done && !truncated && stack.length > 0) {
      const action = bot.replan(last);
      const producer = top() ?? null;
      const result = env.step(action);
      done = result.terminated;
      truncated = result.truncated;
      steps.push({
        action,
        terminated: result.terminated,
        truncated: result.truncated,
        stack: stack.items.map((s) => s.describe()),
        producer,
        owner: producer ? owners.ownerOf(producer) : null,
        frontAfter: env.frontPos,
      });
      last = action;
    }
  } catch (error) {
    if (!(error instanceof BotError)) throw error;
    return finish(error);
  }
  return finish(null);
}
