// Rock-Paper-Scissors (spec §8, upstream rock_paper_scissors/rock_paper_scissor.py). The
// (prob, reward) pairs are shuffled at construction and again at every reset; the opponent draws
// from the shuffled probabilities. Draws come from a SeededRandom or from recorded values.
import { argmax, isPermutationOf } from './bandits';
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

export const RPS_ACTIONS: readonly string[] = ['Rock', 'Paper', 'Scissor'];

interface RpsVariant {
  game: string;
  probabilities: readonly number[];
  rewards: readonly number[];
  /** False for RockPaperScissorDifferentScore, which upstream cannot build (spec §11 #4). */
  reference: boolean;
}

export const RPS_BASIC: RpsVariant = {
  game: 'RockPaperScissorBasic',
  probabilities: [0.2, 0.2, 0.6],
  rewards: [1, 1, 1],
  reference: true,
};
export const RPS_DIFFERENT_SCORE: RpsVariant = {
  game: 'RockPaperScissorDifferentScore',
  probabilities: [0.3, 0.3, 0.4],
  rewards: [1, 2, 1],
  reference: false,
};

/** Whether action `a` loses to `b`: rock to paper, paper to scissor, scissor to rock. */
function rpsLoses(a: number, b: number): boolean {
  return (a === 0 && b === 1) || (a === 1 && b === 2) || (a === 2 && b === 0);
}

/**
 * The manual. `reference` fills the three scores in index order under the Rock/Scissors/Paper
 * lines (upstream's mislabel); `faithful` gives each line its own action's score. Same for Basic.
 */
export function rpsManual(rewards: readonly number[], labels: 'reference' | 'faithful'): string {
  const [rock, scissors, paper] =
    labels === 'reference' ? [rewards[0], rewards[1], rewards[2]] : [rewards[0], rewards[2], rewards[1]];
  return (
    'For the game Rock Paper Scissors, you and the opponent choose one of three options: rock, paper, or scissors.\n' +
    'After both players have chosen, the winner is determined as follows:\n' +
    `Rock crushes scissors (Rock wins, score ${rock})\n` +
    `Scissors cut paper (Scissors win, score ${scissors})\n` +
    `Paper covers rock (Paper wins, score ${paper})\n` +
    "If you lose, your score is the negative of the winner's score.\n" +
    "If both players choose the same option, it's a draw (score 0).\n" +
    'Your goal is to maximize your score.\n\n' +
    describeActions(RPS_ACTIONS)
  );
}

/** Upstream compute_optimal_action, summed in the same order so float ties break alike. */
export function rpsOptimalAction(probabilities: readonly number[], rewards: readonly number[]): number {
  const expected = RPS_ACTIONS.map((_, action) => {
    let score = 0;
    for (let opponent = 0; opponent < probabilities.length; opponent++) {
      score += probabilities[opponent] * rewards[opponent];
      if (rpsLoses(action, opponent)) score -= probabilities[opponent] * rewards[opponent];
      else if (action !== opponent) score += probabilities[opponent] * rewards[action];
    }
    return score;
  });
  return argmax(expected);
}

export class RpsEnv implements SmartPlayEnv {
  readonly game: string;
  readonly actionList = RPS_ACTIONS;
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
  private rewards: number[];
  private manual: string;
  private scoreTracker = 0;
  private readonly history = new HistoryTracker(50);

  constructor(
    readonly variant: RpsVariant,
    private readonly random: SeededRandom,
    private readonly labels: 'reference' | 'faithful' = 'faithful',
  ) {
    this.game = variant.game;
    [this.probabilities, this.rewards] = this.shuffled([...variant.probabilities], [...variant.rewards]);
    this.manual = rpsManual(this.rewards, labels);
  }

  reset(setup?: EpisodeSetup): ResetResult {
    if (setup) {
      const pairs = (probabilities: readonly number[], rewards: readonly number[]) =>
        probabilities
          .map((p, index) => `${p}:${rewards[index]}`)
          .sort()
          .join(',');
      if (
        setup.probabilities.length !== 3 ||
        setup.rewards.length !== 3 ||
        !isPermutationOf(setup.probabilities, this.variant.probabilities) ||
        pairs(setup.probabilities, setup.rewards) !== pairs(this.variant.probabilities, this.variant.rewards)
      ) {
        throw new SmartPlayEnvError(`recorded setup is not a shuffle of ${this.game}'s (prob, reward) pairs`);
      }
      this.probabilities = [...setup.probabilities];
      this.rewards = [...setup.rewards];
    } else [this.probabilities, this.rewards] = this.shuffled(this.probabilities, this.rewards);
    this.manual = rpsManual(this.rewards, this.labels);
    this.scoreTracker = 0;
    this.history.reset();
    const info = this.info('New round begins.');
    this.history.push(info.obs);
    return { info, setup: { probabilities: [...this.probabilities], rewards: [...this.rewards] } };
  }

  step(action: number, outcome?: StepOutcome): StepResult {
    if (!Number.isInteger(action) || action < 0 || action > 2)
      throw new SmartPlayEnvError(`RPS action must be 0..2, not ${action}`);
    if (outcome && !('opponent' in outcome))
      throw new SmartPlayEnvError('an RPS step replays an {"opponent": 0|1|2} outcome');
    const opponent = outcome ? outcome.opponent : this.random.choice(this.probabilities);
    if (!Number.isInteger(opponent) || opponent < 0 || opponent > 2)
      throw new SmartPlayEnvError(`recorded opponent action must be 0..2, not ${opponent}`);
    const result = rpsLoses(action, opponent) ? 'lost' : action === opponent ? 'tied' : 'won';
    const reward = result === 'won' ? this.rewards[action] : result === 'lost' ? -this.rewards[opponent] : 0;
    this.scoreTracker += action === rpsOptimalAction(this.probabilities, this.rewards) ? 1 : 0;
    const obs = `You chose ${RPS_ACTIONS[action]}, and the opponent chose ${RPS_ACTIONS[opponent]}. You ${result} and received score ${reward}.\nNew round begins.`;
    const info = this.info(obs);
    this.history.push(info.obs);
    return { reward, done: false, info, outcome: { opponent } };
  }

  private shuffled(probabilities: number[], rewards: number[]): [number[], number[]] {
    const pairs = this.random.shuffle(probabilities.map((p, index) => [p, rewards[index]] as const));
    return [pairs.map(([p]) => p), pairs.map(([, r]) => r)];
  }

  private info(obs: string): StepInfo {
    return { manual: this.manual, obs, history: this.history.describe(), score: this.scoreTracker, completed: 0 };
  }
}
