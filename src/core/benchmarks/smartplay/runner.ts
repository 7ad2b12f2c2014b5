// The episode loop of upstream examples/experiment.py (spec §3) against any agent: every step asks
// Q1 then Q2 with fresh messages, maps the Q2 answer to an action, and stops at done, at the step
// limit or when cancelled. Everything the step showed and got back is recorded for the log.
import { redactSecrets } from '../../eval/redact';
import { matchAction, type MatchOptions } from './matchAction';
import { composeMessages, QUESTION_1, QUESTION_2 } from './prompt';
import type { ChatMessage } from '../../eval/types';
import { normalizeScore } from './scores';
import type { EpisodeSetup, ResetResult, SmartPlayEnv, StepInfo, StepOutcome } from './types';

/** A model or built-in player: answers the last user message of `messages`. */
export type SmartPlayAgent = (messages: ChatMessage[], signal?: AbortSignal) => Promise<string>;

export interface PromptRecord {
  messages: ChatMessage[];
  answer: string;
}

/** One step: what the model saw, what it answered, and what the environment did. */
export interface StepRecord {
  step: number;
  /** The observation shown in this step's prompts (before acting). */
  observation: string;
  /** The history text shown in this step's prompts. */
  history: string;
  prompts: PromptRecord[];
  action: number;
  actionText: string;
  /** False when no action matched the answer and action 0 was taken (spec §11 #1). */
  matched: boolean;
  reward: number;
  totalReward: number;
  done: boolean;
  /** info['score'] after the step. */
  score: number;
  completed: 0 | 1;
  /** The observation the step produced. */
  nextObservation: string;
  /** The random outcome, so the episode replays exactly. */
  outcome?: StepOutcome;
}

export interface EpisodeHeader {
  game: string;
  settings: { maxSteps: number; windowSize: number; mode: 'faithful' | 'reference'; optionalFinalPeriod: boolean };
  seed: number | null;
  agent: string;
  actionList: string[];
  manual: string;
  reset: { observation: string; score: number; setup?: EpisodeSetup };
}

export type EpisodeEndReason = 'done' | 'step-limit' | 'cancelled' | 'error';

export interface SmartPlayEpisodeEnd {
  reason: EpisodeEndReason;
  steps: number;
  /** info['score'] of the last step (of the reset when no step ran). */
  score: number;
  totalReward: number;
  completed: 0 | 1;
  /** normalize_score(game, score); null for games without recorded settings. */
  normalizedScore: number | null;
  error?: string;
}

export interface EpisodeLog {
  header: EpisodeHeader;
  steps: StepRecord[];
  end?: SmartPlayEpisodeEnd;
}

export type EpisodeProgress =
  | { kind: 'asking'; step: number; maxSteps: number; question: 1 | 2 }
  | { kind: 'stepped'; step: number; maxSteps: number; record: StepRecord };

interface SmartPlayEpisodeOptions {
  /** Step limit; defaults to the game's default_steps. */
  maxSteps?: number;
  signal?: AbortSignal;
  onProgress?: (progress: EpisodeProgress) => void;
  mode?: 'faithful' | 'reference';
  match?: MatchOptions;
  /** Recorded random setup and per-step outcomes to replay instead of drawing. */
  recorded?: { setup?: EpisodeSetup; outcomes?: ReadonlyArray<StepOutcome | undefined> };
  /** For the header only: the seed the env was built with and the agent's name. */
  seed?: number | null;
  agentName?: string;
}

/** Runs one episode; cancellation and agent failures end it early with the steps so far. */
export async function runSmartPlayEpisode(
  env: SmartPlayEnv,
  agent: SmartPlayAgent,
  options: SmartPlayEpisodeOptions = {},
): Promise<EpisodeLog> {
  const maxSteps = options.maxSteps ?? env.defaultSteps;
  const mode = options.mode ?? 'faithful';
  const reset = env.reset(options.recorded?.setup);
  let info = reset.info;
  const header = episodeHeader(env, reset, options, maxSteps, mode);
  const steps: StepRecord[] = [];
  let totalReward = 0;
  let done = false;
  const finish = (reason: EpisodeEndReason, error?: string): EpisodeLog => ({
    header,
    steps,
    end: {
      reason,
      steps: steps.length,
      score: info.score,
      totalReward,
      completed: info.completed,
      normalizedScore: normalizeScore(env.game, info.score),
      ...(error !== undefined ? { error } : {}),
    },
  });

  while (steps.length < maxSteps) {
    if (done) break;
    const stepNumber = steps.length + 1;
    const prompts = await askBothQuestions(agent, info, stepNumber, maxSteps, options);
    if (!Array.isArray(prompts)) return finish(prompts.reason, prompts.error);
    if (options.signal?.aborted) return finish('cancelled');
    const match = matchAction(prompts[1].answer, env.actionList, options.match);
    const shown = info;
    const result = env.step(match.action, options.recorded?.outcomes?.[steps.length]);
    info = result.info;
    done = result.done;
    totalReward += result.reward;
    const record: StepRecord = {
      step: stepNumber,
      observation: shown.obs,
      history: shown.history,
      prompts,
      action: match.action,
      actionText: env.actionList[match.action],
      matched: match.matched,
      reward: result.reward,
      totalReward,
      done: result.done,
      score: info.score,
      completed: info.completed,
      nextObservation: info.obs,
      ...(result.outcome ? { outcome: result.outcome } : {}),
    };
    steps.push(record);
    options.onProgress?.({ kind: 'stepped', step: stepNumber, maxSteps, record });
  }
  return finish(done ? 'done' : 'step-limit');
}

function episodeHeader(
  env: SmartPlayEnv,
  reset: ResetResult,
  options: SmartPlayEpisodeOptions,
  maxSteps: number,
  mode: 'faithful' | 'reference',
): EpisodeHeader {
  const info = reset.info;
  return {
    game: env.game,
    settings: {
      maxSteps,
      windowSize: env.windowSize,
      mode,
      optionalFinalPeriod: options.match?.optionalFinalPeriod ?? false,
    },
    seed: options.seed ?? null,
    agent: options.agentName ?? 'agent',
    actionList: [...env.actionList],
    manual: info.manual,
    reset: { observation: info.obs, score: info.score, ...(reset.setup ? { setup: reset.setup } : {}) },
  };
}

/** One step's Q1 then Q2, each with fresh messages; or why the episode ends instead (cancelled, or the agent failed). */
async function askBothQuestions(
  agent: SmartPlayAgent,
  info: StepInfo,
  stepNumber: number,
  maxSteps: number,
  options: SmartPlayEpisodeOptions,
): Promise<PromptRecord[] | { reason: 'cancelled' | 'error'; error?: string }> {
  const prompts: PromptRecord[] = [];
  try {
    for (const [index, question] of [QUESTION_1, QUESTION_2].entries()) {
      if (options.signal?.aborted) return { reason: 'cancelled' };
      options.onProgress?.({ kind: 'asking', step: stepNumber, maxSteps, question: index === 0 ? 1 : 2 });
      const messages = composeMessages(
        info,
        question,
        prompts.map((prompt) => [prompt.messages[prompt.messages.length - 1].content, prompt.answer] as const),
      );
      prompts.push({ messages, answer: await agent(messages, options.signal) });
    }
  } catch (error) {
    if (options.signal?.aborted) return { reason: 'cancelled' };
    // The message goes into the episode log on disk: never with a key in it, whoever made the error.
    return { reason: 'error', error: redactSecrets(error instanceof Error ? error.message : String(error)) };
  }
  return prompts;
}
