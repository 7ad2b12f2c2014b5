// An interactive episode as a question of the evaluation pipeline (PreparedQuestion.play), for
// every benchmark's `--task play`: the pipeline's `ask` (cache, rate limits, cancellation, the
// built-in agents through builtInSource) answers each turn, and the run record keeps the
// transcript — text as rawAnswer, the §7 JSON plus the final drawable state as parsedAnswer — so
// the results view, the maze and the board can step through it. `waypoint play` runs the same.
import type { EpisodeOptions, PlayedEpisode, PlayEstimate, PreparedQuestion } from '../benchmark/registry';
import { ModelCallCancelled, ModelCallError } from './engine';
import {
  type EpisodeAgent,
  EpisodeCancelled,
  type EpisodeEnvironment,
  type EpisodeTranscript,
  formatTranscript,
  runEpisode,
  transcriptJson,
} from './episodes';
import { growingChatEstimate } from './playEstimates';
import type { ChatMessage, EpisodeHistory, ModelProfile, ModelReply, QuestionBase, ScoringMode } from './types';

interface EpisodeQuestionSpec<Q extends QuestionBase, E extends EpisodeEnvironment> {
  readonly question: Q;
  /** A fresh environment (one per played episode). */
  makeEnv(mode: ScoringMode): E;
  /** The offline player for `oracle` or `random` (`seed` is the run's), given the episode's environment. */
  builtInAgent(env: E, provider: 'oracle' | 'random', seed: number): EpisodeAgent;
  /** The record's scores for a finished transcript. */
  scores(transcript: EpisodeTranscript, env: E): Record<string, number | boolean | null>;
  /** Modes the benchmark accepts (others are QuestionOptionError upstream of here); all when absent. */
  readonly modes?: readonly ScoringMode[];
}

/** The transcript a played episode's record keeps as parsedAnswer: runs.md §7's JSON, how it ended, and what to draw at the end. */
export interface EpisodeAnswer extends ReturnType<typeof transcriptJson> {
  end: EpisodeTranscript['end'];
  /** Why the player ended the episode without acting, when it did (EpisodeEnded); for end `error`, the failed turn's message. */
  reason?: string;
  state: unknown;
}

/**
 * An episode stopped through its AbortSignal, with what was played up to then (end `cancelled`).
 * A ModelCallCancelled, so callers that only cancel keep working; the editor records it
 * (answerPrepared's `recordStopped`), since a person's stopped attempt is a result too.
 */
export class EpisodeStopped extends ModelCallCancelled {
  constructor(readonly played: PlayedEpisode) {
    super();
  }
}

/** The episode being played: the built-in player needs its environment (the oracle reads where it stands). */
interface Playing<E extends EpisodeEnvironment> {
  readonly env: E;
  agent: EpisodeAgent | null;
  turn: number;
}

/** Where play() leaves the episode it plays for builtInAnswer, which is reached through the pipeline's `ask`. */
interface PlayingSlot<E extends EpisodeEnvironment> {
  current: Playing<E> | null;
}

/** Builds a PreparedQuestion whose `play` runs the episode turn by turn through the pipeline's `ask`. */
export function preparedEpisode<Q extends QuestionBase, E extends EpisodeEnvironment>(
  spec: EpisodeQuestionSpec<Q, E>,
): PreparedQuestion<Q> {
  const slot: PlayingSlot<E> = { current: null };
  return {
    question: spec.question,
    // Built when read (a question set can hold many episodes): the first turn's messages, for token estimates.
    get messages(): ChatMessage[] {
      const first = spec.makeEnv('faithful');
      return [
        { role: 'system', content: first.instructions },
        { role: 'user', content: first.reset() },
      ];
    },
    playEstimate: (count, maxReplyTokens, historyTurns) =>
      episodePlayEstimate(spec, count, maxReplyTokens, historyTurns),
    builtInAnswer: (profile: ModelProfile, seed: number, turnMessages: readonly ChatMessage[]) =>
      builtInTurn(spec, slot, profile, seed, turnMessages),
    score() {
      throw new ModelCallError('an episode is played turn by turn, not scored from one reply');
    },
    play: (ask, mode, signal, options?: EpisodeOptions) => playEpisode(spec, slot, ask, mode, signal, options),
  };
}

/**
 * The chat is carried (all of it, or the profile's historyTurns): each turn adds the reply (at most
 * max tokens) and an observation the size of the opening one.
 */
function episodePlayEstimate<E extends EpisodeEnvironment>(
  spec: EpisodeQuestionSpec<QuestionBase, E>,
  count: (messages: readonly ChatMessage[]) => number,
  maxReplyTokens: number,
  historyTurns: number | undefined,
): PlayEstimate {
  const env = spec.makeEnv('faithful');
  const opening = env.reset();
  const first = count([
    { role: 'system', content: env.instructions },
    { role: 'user', content: opening },
  ]);
  const overhead = count([]);
  const growth =
    count([{ role: 'assistant', content: '' }]) -
    overhead +
    maxReplyTokens +
    count([{ role: 'user', content: opening }]) -
    overhead;
  return growingChatEstimate(env.maxSteps, first, growth, historyTurns);
}

/** The built-in player's move in the episode being played (made on its first turn). */
async function builtInTurn<E extends EpisodeEnvironment>(
  spec: EpisodeQuestionSpec<QuestionBase, E>,
  slot: PlayingSlot<E>,
  profile: ModelProfile,
  seed: number,
  turnMessages: readonly ChatMessage[],
): Promise<string> {
  const playing = slot.current;
  if (!playing) throw new ModelCallError('an episode is played turn by turn (play), not answered in one reply');
  if (profile.provider !== 'oracle' && profile.provider !== 'random')
    throw new ModelCallError(`no built-in player for a ${profile.provider} profile`);
  playing.agent ??= spec.builtInAgent(playing.env, profile.provider, seed);
  return playing.agent(
    {
      step: playing.turn,
      observation: turnMessages[turnMessages.length - 1]?.content ?? '',
      messages: turnMessages,
    },
    new AbortController().signal,
  );
}

/** Tokens and caching summed over an episode's turns; a count is null once a turn did not tell it. */
class TurnUsage {
  promptTokens: number | null = 0;
  completionTokens: number | null = 0;
  allCached = true;

  add(reply: ModelReply): void {
    this.promptTokens =
      reply.promptTokens === null || this.promptTokens === null ? null : this.promptTokens + reply.promptTokens;
    this.completionTokens =
      reply.completionTokens === null || this.completionTokens === null
        ? null
        : this.completionTokens + reply.completionTokens;
    this.allCached &&= reply.cached;
  }
}

/**
 * Plays one episode in a fresh environment, each turn asked through `ask`; a stop keeps what was played
 * (EpisodeStopped).
 */
async function playEpisode<E extends EpisodeEnvironment>(
  spec: EpisodeQuestionSpec<QuestionBase, E>,
  slot: PlayingSlot<E>,
  ask: (messages: readonly ChatMessage[]) => Promise<ModelReply>,
  mode: ScoringMode,
  signal: AbortSignal,
  options: EpisodeOptions | undefined,
): Promise<PlayedEpisode> {
  const watch = options?.watch;
  const env = spec.makeEnv(mode);
  const state: Playing<E> = { env, agent: null, turn: 0 };
  slot.current = state;
  const usage = new TurnUsage();
  const agent: EpisodeAgent = async (turn) => {
    state.turn = turn.step;
    const reply = await ask(turn.messages);
    usage.add(reply);
    return reply.text;
  };
  let transcript: EpisodeTranscript;
  try {
    transcript = await runEpisode(env, agent, {
      signal,
      historyTurns: options?.historyTurns,
      onStart: (opening) => watch?.started?.(env, opening),
      onStep: (step, index) => watch?.stepped?.(step, index, env.state()),
    });
  } catch (error) {
    if (error instanceof EpisodeCancelled)
      throw new EpisodeStopped(playedEpisode(spec, env, error.transcript, usage, options?.historyTurns));
    if (error instanceof ModelCallCancelled) throw new ModelCallCancelled();
    throw error;
  } finally {
    if (slot.current === state) slot.current = null;
  }
  return playedEpisode(spec, env, transcript, usage, options?.historyTurns);
}

/**
 * The record's part of a played episode: the transcript as text and as §7 JSON, its scores, and the turn that failed.
 */
function playedEpisode<E extends EpisodeEnvironment>(
  spec: EpisodeQuestionSpec<QuestionBase, E>,
  env: E,
  transcript: EpisodeTranscript,
  usage: TurnUsage,
  historyTurns: number | undefined,
): PlayedEpisode {
  const parsedAnswer: EpisodeAnswer = {
    ...transcriptJson(transcript),
    end: transcript.end,
    ...(transcript.reason !== undefined ? { reason: transcript.reason } : {}),
    state: env.state(),
  };
  const failed =
    transcript.end === 'error'
      ? {
          failed: {
            message: transcript.reason ?? 'a turn failed',
            ...(transcript.failure ? { failure: transcript.failure } : {}),
            turnsPlayed: transcript.moves,
          },
        }
      : {};
  const history: EpisodeHistory =
    historyTurns === undefined ? { mode: 'full' } : { mode: 'window', turns: historyTurns };
  return {
    rawAnswer: formatTranscript(transcript),
    parsedAnswer,
    scores: spec.scores(transcript, env),
    diagnostics: [],
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    cached: usage.allCached,
    history,
    ...failed,
  };
}
