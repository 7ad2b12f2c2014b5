// Replaying answer texts through a game without a model: each answer goes through match_act as a
// Q2 answer would, so `smartplay replay` shows exactly what an episode with those answers does.
import { matchAction, type MatchOptions } from './matchAction';
import { normalizeScore } from './scores';
import type { EpisodeSetup, SmartPlayEnv, StepOutcome } from './types';

export interface ReplayStep {
  t: number;
  answer: string;
  action: number;
  actionText: string;
  matched: boolean;
  /** The observation the step produced. */
  observation: string;
  reward: number;
  done: boolean;
  score: number;
  completed: 0 | 1;
  outcome?: StepOutcome;
}

export interface IgnoredAnswer {
  /** 0-based index among the answers. */
  index: number;
  answer: string;
  reason: 'after-done' | 'step-limit';
}

export interface SmartPlayReplay {
  game: string;
  initial: { observation: string; score: number; setup?: EpisodeSetup };
  steps: ReplayStep[];
  /** Answers the episode never used: upstream raises after done and stops at the step limit. */
  ignored: IgnoredAnswer[];
  final: { score: number; totalReward: number; done: boolean; completed: 0 | 1; normalizedScore: number | null };
}

/** Answers separated by newlines or `;`, trimmed; blank ones are dropped. */
export function splitAnswers(text: string): string[] {
  return text
    .split(/\r\n|\r|\n|;/)
    .map((answer) => answer.trim())
    .filter((answer) => answer !== '');
}

interface ReplayOptions {
  /** Defaults to the game's default_steps. */
  maxSteps?: number;
  match?: MatchOptions;
  setup?: EpisodeSetup;
  outcomes?: ReadonlyArray<StepOutcome | undefined>;
}

/** Plays the answers in order from a fresh reset. */
export function replayAnswers(
  env: SmartPlayEnv,
  answers: readonly string[],
  options: ReplayOptions = {},
): SmartPlayReplay {
  const maxSteps = options.maxSteps ?? env.defaultSteps;
  const reset = env.reset(options.setup);
  let info = reset.info;
  const steps: ReplayStep[] = [];
  const ignored: IgnoredAnswer[] = [];
  let done = false;
  let totalReward = 0;
  answers.forEach((answer, index) => {
    if (done || steps.length >= maxSteps) {
      ignored.push({ index, answer, reason: done ? 'after-done' : 'step-limit' });
      return;
    }
    const match = matchAction(answer, env.actionList, options.match);
    const result = env.step(match.action, options.outcomes?.[index]);
    info = result.info;
    done = result.done;
    totalReward += result.reward;
    steps.push({
      t: steps.length + 1,
      answer,
      action: match.action,
      actionText: env.actionList[match.action],
      matched: match.matched,
      observation: info.obs,
      reward: result.reward,
      done: result.done,
      score: info.score,
      completed: info.completed,
      ...(result.outcome ? { outcome: result.outcome } : {}),
    });
  });
  return {
    game: env.game,
    initial: { observation: reset.info.obs, score: reset.info.score, ...(reset.setup ? { setup: reset.setup } : {}) },
    steps,
    ignored,
    final: {
      score: info.score,
      totalReward,
      done,
      completed: info.completed,
      normalizedScore: normalizeScore(env.game, info.score),
    },
  };
}
