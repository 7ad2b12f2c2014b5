// Two-armed Bandits (spec §7, upstream bandits/bandit.py). The arm order is shuffled at every
// reset and each pull pays with its probability; both draws come from a SeededRandom or from a
// recorded setup/outcome (upstream draws them from unseeded Python `random` and global numpy).
import { describeActions, HistoryTracker } from './history';
import type { SeededRandom } from './random';
import {
  SmartPlayEnvError,
  type EpisodeSetup,
  type ResetResult,
  type SmartPlayEnv,
  type StepInfo,
  type StepOutcome,
  type StepResult,
} from './types';

export type BanditVariant = 'Deterministic' | 'HighLow' | 'HighHigh' | 'LowLow';

const BANDIT_PROBABILITIES: Readonly<Record<BanditVariant, readonly number[]>> = {
  Deterministic: [1, 0],
  HighLow: [0.8, 0.2],
  HighHigh: [0.8, 0.9],
  LowLow: [0.1, 0.2],
};

export const BANDIT_ACTIONS: readonly string[] = ['Pull slot machine 1.', 'Pull slot machine 2.'];

export const BANDIT_MANUAL =
  'You are in the casino with 2 slot machines in front of you. Your goal is to try to earn the most from those slot machines.\n\n' +
  describeActions(BANDIT_ACTIONS);

/** Index of the first maximum, like np.argmax. */
export function argmax(values: readonly number[]): number {
  let best = 0;
  for (let index = 1; index < values.length; index++) if (values[index] > values[best]) best = index;
  return best;
}

/** True when `candidate` is a reordering of `base` (a recorded shuffle must be one). */
export function isPermutationOf(candidate: readonly number[], base: readonly number[]): boolean {
  if (candidate.length !== base.length) return false;
  const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b).join(',');
  return sorted(candidate) === sorted(base);
}

export class BanditEnv implements SmartPlayEnv {
  readonly game: string;
  readonly actionList = BANDIT_ACTIONS;
  readonly defaultSteps = 50;
  readonly defaultIter = 20;
  /** The history window: upstream's length for the game unless setHistoryWindow changed it. */
  get windowSize(): number {
    return this.history.windowSize;
  }

  setHistoryWindow(size: number): void {
    this.history.windowSize = size;
  }
  private probabilities: number[];
  private rewards: number[] = [1, 1];
  private optimalAction = 0;
  private scoreTracker = 0;
  private readonly history = new HistoryTracker(50);

  constructor(
    readonly variant: BanditVariant,
    private readonly random: SeededRandom,
  ) {
    this.game = `BanditTwoArmed${variant}Fixed`;
    this.probabilities = [...BANDIT_PROBABILITIES[variant]];
  }

  /** The arm that upstream counts as optimal this episode (highest p·r − (1−p)). */
  get optimal(): number {
    return this.optimalAction;
  }

  reset(setup?: EpisodeSetup): ResetResult {
    if (setup) {
      if (
        !isPermutationOf(setup.probabilities, BANDIT_PROBABILITIES[this.variant]) ||
        !isPermutationOf(setup.rewards, [1, 1])
      ) {
        throw new SmartPlayEnvError(`recorded setup is not a shuffle of ${this.game}'s arms`);
      }
      this.probabilities = [...setup.probabilities];
      this.rewards = [...setup.rewards];
    } else {
      // Shuffle one index list and apply it to both, as upstream does.
      const order = this.random.shuffle([0, 1]);
      this.probabilities = order.map((index) => this.probabilities[index]);
      this.rewards = order.map((index) => this.rewards[index]);
    }
    this.optimalAction = argmax(this.probabilities.map((p, index) => p * this.rewards[index] - (1 - p)));
    this.scoreTracker = 0;
    this.history.reset();
    const info = this.info('A new round begins.');
    this.history.push(info.obs);
    return { info, setup: { probabilities: [...this.probabilities], rewards: [...this.rewards] } };
  }

  step(action: number, outcome?: StepOutcome): StepResult {
    if (action !== 0 && action !== 1) throw new SmartPlayEnvError(`bandit action must be 0 or 1, not ${action}`);
    if (outcome && !('paid' in outcome))
      throw new SmartPlayEnvError('a bandit step replays a {"paid": boolean} outcome');
    const paid = outcome ? outcome.paid : this.random.uniform() < this.probabilities[action];
    const reward = paid ? this.rewards[action] : -1;
    this.scoreTracker += action === this.optimalAction ? 1 : 0;
    const info = this.info(`You pulled slot machine ${action + 1}, you received reward ${reward}.`);
    this.history.push(info.obs);
    return { reward, done: false, info, outcome: { paid } };
  }

  private info(obs: string): StepInfo {
    return { manual: BANDIT_MANUAL, obs, history: this.history.describe(), score: this.scoreTracker, completed: 0 };
  }
}
