// SmartPlay question sets for batch runs: each question is one whole episode of a game Waypoint
// simulates (Tower of Hanoi, the bandits, Rock Paper Scissors, Crafter), played turn by turn through the
// pipeline's `ask` (so every turn is cached and rate-limited like any request). Sources are game
// names, or `all` for every simulated game; episode k of a run uses seed `--seed` + k, so a run is
// reproducible and two models meet the same draws. Messenger and Minecraft need their upstream
// simulators and are refused with the reason.
import { ModelCallCancelled, ModelCallError } from '../../eval/engine';
import { growingChatEstimate } from '../../eval/playEstimates';
import type { ChatMessage, EpisodeHistory, ModelReply, ScoringMode } from '../../eval/types';
import type { SmartplayQuestion } from './questionSchema';
import {
  type EpisodeOptions,
  type PlayedEpisode,
  type PlayEstimate,
  type PreparedQuestion,
  type QuestionOptionHint,
  QuestionOptionError,
  type QuestionSet,
  type QuestionSetOptions,
} from '../../benchmark/registry';
import { crafterWoodAgent, hanoiSolverAgent, randomAgent } from './agents';
import { formatEpisodeLog } from './episodeLog';
import { createSmartPlayEnv, SMARTPLAY_GAMES } from './games';
import { composeMessages, QUESTION_1, QUESTION_2 } from './prompt';
import { type EpisodeLog, runSmartPlayEpisode, type SmartPlayAgent } from './runner';
import { normalizeScore } from './scores';

export const SMARTPLAY_QUESTION_OPTIONS = ['episodes', 'seed'] as const;

/** How hosts offer the options (core/runs/optionHints.ts). */
export const SMARTPLAY_QUESTION_OPTION_HINTS: Readonly<
  Record<(typeof SMARTPLAY_QUESTION_OPTIONS)[number], QuestionOptionHint>
> = {
  episodes: { fallback: '1', help: 'episodes per game' },
  seed: { fallback: '0', help: 'the seed of the first episode (each next episode adds 1)' },
};

/** The most episodes per game one run prepares. */
const MAX_EPISODES = 10000;

function count(text: string | undefined, option: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new QuestionOptionError(`--${option} must be a non-negative integer, not '${text}'`);
  return Number(text);
}

/** The episode's agent for an offline profile: the Hanoi solver as oracle, a seeded random player otherwise. */
function builtInAgent(game: string, provider: string, seed: number): SmartPlayAgent {
  if (provider === 'oracle') {
    if (game === 'Crafter') return crafterWoodAgent();
    if (!game.startsWith('Hanoi'))
      throw new ModelCallError(
        `SmartPlay's oracle plays Tower of Hanoi (the optimal solver) and Crafter (the scripted wood collector) only; use --agent random or a model for ${game}.`,
      );
    return hanoiSolverAgent();
  }
  return randomAgent(seed);
}

/** A built-in player as the editor offers it: its name, what it is, and the offline provider whose agent (builtInAgent) it plays. */
interface BuiltInPlayer {
  readonly name: string;
  readonly description: string;
  readonly provider: 'oracle' | 'random';
}

/** The built-in players that fit `game` (the names `waypoint smartplay run --agent` takes): its oracle where it has one, then random. */
export function builtInPlayers(game: string): BuiltInPlayer[] {
  const oracle: BuiltInPlayer[] = game.startsWith('Hanoi')
    ? [{ name: 'hanoi-solver', description: 'built-in: the optimal solver', provider: 'oracle' }]
    : game === 'Crafter'
      ? [
          {
            name: 'crafter-wood',
            description: 'built-in: a scripted player that collects wood and builds a table',
            provider: 'oracle',
          },
        ]
      : [];
  return [...oracle, { name: 'random', description: 'built-in: a seeded random player', provider: 'random' }];
}

/** A played episode's scores, as a run record keeps them (the board's Play SmartPlay records the same). */
export function episodeScores(
  game: string,
  log: EpisodeLog,
  mode: 'faithful' | 'reference',
): Record<string, number | null> {
  const end = log.end;
  const score = end?.score ?? 0;
  return {
    score,
    normalized_score: normalizeScore(game, score, mode),
    completed: end?.completed ?? 0,
    steps: log.steps.length,
    total_reward: end?.totalReward ?? 0,
    unmatched: log.steps.filter((step) => !step.matched).length,
  };
}

/** Episode `episode` of `game` as a question: its id, seed and first messages. */
export function prepareEpisode(game: string, episode: number, seed: number): PreparedQuestion<SmartplayQuestion> {
  const question: SmartplayQuestion = {
    benchmark: 'smartplay',
    game,
    step: 0,
    question: 1,
    episode,
    seed,
    sampleId: `${game}-episode${episode}-seed${seed}`,
  };
  const firstTurn = createSmartPlayEnv(game, { seed }).reset().info;
  // One built-in agent per episode: the random player's draws continue from turn to turn.
  let agent: SmartPlayAgent | null = null;
  return {
    question,
    messages: composeMessages(firstTurn, QUESTION_1),
    playEstimate: (count, maxReplyTokens, historyTurns) =>
      estimateEpisode(game, seed, count, maxReplyTokens, historyTurns),
    builtInAnswer(profile, _seed, messages) {
      agent ??= builtInAgent(game, profile.provider, seed);
      return agent(messages.map((message) => ({ ...message })));
    },
    score() {
      throw new ModelCallError('a SmartPlay episode is played turn by turn, not scored from one reply');
    },
    play: (ask, mode, signal, options = {}) => playEpisode(game, seed, ask, mode, signal, options),
  };
}

/**
 * Two requests a step; the history keeps the last `windowSize` observations (or the profile's
 * historyTurns), each about the size of the first, and the second question also carries the
 * first and its reply.
 */
function estimateEpisode(
  game: string,
  seed: number,
  count: (messages: readonly ChatMessage[]) => number,
  maxReplyTokens: number,
  historyTurns: number | undefined,
): PlayEstimate {
  const env = createSmartPlayEnv(game, { seed });
  const info = env.reset().info;
  const first = count(composeMessages(info, QUESTION_1));
  const entry = `Player Observation Step 0:\n${info.obs}\n\n`;
  const growth = count([{ role: 'system', content: entry }]) - count([]);
  const secondExtra = count(composeMessages(info, QUESTION_2, [[QUESTION_1, '']])) - first + maxReplyTokens;
  const steps = growingChatEstimate(env.defaultSteps, first, growth, historyTurns ?? env.windowSize);
  return {
    requests: 2 * steps.requests,
    promptTokens: 2 * steps.promptTokens + steps.requests * secondExtra,
    largestPromptTokens: steps.largestPromptTokens + secondExtra,
  };
}

type Ask = (messages: readonly ChatMessage[]) => Promise<ModelReply>;

/** Plays the episode through `ask`, one call per turn, and scores it. */
async function playEpisode(
  game: string,
  seed: number,
  ask: Ask,
  mode: ScoringMode,
  signal: AbortSignal,
  options: EpisodeOptions,
): Promise<PlayedEpisode> {
  if (mode !== 'faithful' && mode !== 'reference')
    throw new QuestionOptionError(`SmartPlay scores in faithful or reference mode, not ${mode}`);
  const env = createSmartPlayEnv(game, { seed, mode });
  if (options.historyTurns !== undefined) env.setHistoryWindow(options.historyTurns);
  const history: EpisodeHistory = {
    mode: options.historyTurns === undefined ? 'game' : 'window',
    turns: env.windowSize,
  };
  const calls = new TallyingPlayer(ask);
  const log = await runSmartPlayEpisode(env, calls.player, {
    signal,
    mode,
    seed,
    agentName: options.playerName ?? 'model',
    maxSteps: options.maxSteps,
    onProgress: (event) => {
      if (event.kind === 'stepped') options.onProgress?.(event.step, event.maxSteps);
    },
  });
  const rawAnswer = formatEpisodeLog(log);
  options.onTranscript?.(rawAnswer);
  const failure = calls.failure;
  if (log.end?.reason === 'cancelled' || failure instanceof ModelCallCancelled) throw new ModelCallCancelled();
  // Not a model call's failure (the environment, Waypoint itself): nothing played stands.
  if (log.end?.reason === 'error' && !(failure instanceof ModelCallError))
    throw failure instanceof Error ? failure : new ModelCallError(log.end.error ?? 'the episode failed');
  // A turn's call failed: the steps before it are the episode played (the log ends `error`).
  const failed =
    failure instanceof ModelCallError
      ? {
          failed: {
            message: log.end?.error ?? failure.message,
            ...(failure.failure ? { failure: failure.failure } : {}),
            turnsPlayed: log.steps.length,
          },
        }
      : {};
  return {
    rawAnswer,
    parsedAnswer: log.steps.map((step) => step.actionText),
    scores: episodeScores(game, log, mode),
    diagnostics: [],
    promptTokens: calls.promptTokens,
    completionTokens: calls.completionTokens,
    cached: calls.allCached,
    history,
    ...failed,
  };
}

/** The episode's player: each turn a model call, whose tokens and caching it adds up and whose failure it keeps. */
class TallyingPlayer {
  /** Null once any reply does not report them. */
  promptTokens: number | null = 0;
  completionTokens: number | null = 0;
  allCached = true;
  failure: unknown = null;

  constructor(private readonly ask: Ask) {}

  readonly player: SmartPlayAgent = async (messages: ChatMessage[]) => {
    let reply: ModelReply;
    try {
      reply = await this.ask(messages);
    } catch (error) {
      this.failure = error;
      throw error;
    }
    this.promptTokens =
      reply.promptTokens === null || this.promptTokens === null ? null : this.promptTokens + reply.promptTokens;
    this.completionTokens =
      reply.completionTokens === null || this.completionTokens === null
        ? null
        : this.completionTokens + reply.completionTokens;
    this.allCached &&= reply.cached;
    return reply.text;
  };
}

/** The episodes of the named games (`all`: every game Waypoint simulates that upstream can build). */
export async function smartplayQuestionSet(
  sources: readonly string[],
  options: QuestionSetOptions,
): Promise<QuestionSet<SmartplayQuestion>> {
  const episodes = count(options.episodes, 'episodes', 1);
  // Every episode is prepared up front: a huge count would fail inside V8 ("Invalid array length") or exhaust memory.
  if (episodes < 1 || episodes > MAX_EPISODES)
    throw new QuestionOptionError(`--episodes must be from 1 to ${MAX_EPISODES}, not ${episodes}`);
  const seed = count(options.seed, 'seed', 0);
  const problems: string[] = [];
  const games: string[] = [];
  for (const source of sources) {
    if (source === 'all') {
      for (const info of SMARTPLAY_GAMES.values())
        if (info.playable && info.game !== 'RockPaperScissorDifferentScore') games.push(info.game);
      continue;
    }
    const info = SMARTPLAY_GAMES.get(source);
    if (!info) problems.push(`${source}: not a SmartPlay game (${[...SMARTPLAY_GAMES.keys()].join(', ')}, or all)`);
    else if (!info.playable)
      problems.push(`${source}: Waypoint does not simulate ${source} yet (its episode logs can be viewed, not played)`);
    else games.push(info.game);
  }
  const questions = [...new Set(games)].flatMap((game) =>
    Array.from({ length: episodes }, (_, episode) => prepareEpisode(game, episode, seed + episode)),
  );
  return { questions, problems };
}
