// One path from a question and a model profile to what the UI shows, for any registered benchmark:
// prompt → reply (a built-in agent or a model, through the engine's cache) → parse and score →
// diagnostics → run record → board timeline. Storage, the network and cancellation are injected,
// so the editor, the CLI's single questions and batch runs (core/runs) run the same code.
import type { BoardTimeline } from '../benchmark/board';
import {
  type BenchmarkDefinition,
  type EpisodeOptions,
  type PlayedEpisode,
  type PreparedQuestion,
  preparedFromHooks,
} from '../benchmark/registry';
import type { Diagnostic } from '../util/text';
import { promptWasCut } from './contextTruncation';
import { askModel, ModelCallError, type ReplySource, type ResponseCache, runRecordOf } from './engine';
import { EpisodeStopped } from './episodeQuestions';
import { OUTGROWS_CONTEXT } from './failures';
import { layoutMessages } from './messageLayout';
import type {
  ChatMessage,
  ModelProfile,
  ModelReply,
  QuestionBase,
  RecordDiagnostic,
  RunRecord,
  ScoringMode,
} from './types';

interface AnswerOptions {
  /** Where a model's reply comes from; required for `openai-compatible` profiles (core does not construct network clients). Offline profiles default to the question's built-in agent. */
  source?: ReplySource;
  cache?: ResponseCache | null;
  /** The scoring mode; `faithful` (upstream's intent) unless said otherwise. */
  mode?: ScoringMode;
  signal?: AbortSignal;
  /** The seed of the `random` built-in agent (each question mixes in its own sample id where the benchmark needs it). */
  seed?: number;
  /** Stamped on the record (runs.md §1). */
  runId?: string;
  /** For questions played as episodes: step limit, player name, progress, the watcher told each turn, and the transcript however the episode ends. */
  episode?: EpisodeOptions;
  /** Episodes: a stopped episode is a record of the turns played (end `cancelled`) instead of ModelCallCancelled. */
  recordStopped?: boolean;
  /** The prompt's cl100k tokens: with it, a reply whose reported prompt is far smaller marks the record `context_truncated` (contextTruncation.ts). */
  countPromptTokens?: (messages: readonly ChatMessage[]) => number;
}

export interface AnsweredQuestion<Q extends QuestionBase> {
  record: RunRecord<Q>;
  /** Located on the reply text. */
  diagnostics: Diagnostic[];
  /** What the board draws for the run; null when the benchmark declares no timeline or has none for this answer. */
  timeline: BoardTimeline | null;
}

/** The question's prompt cannot be built in the run's mode (PreparedQuestion.promptError): nothing was asked. */
export class PromptConstructionError extends ModelCallError {}

/** The reply source of an offline profile: the question's built-in agent, answering from the question and its files. */
export function builtInSource<Q extends QuestionBase>(
  prepared: PreparedQuestion<Q>,
  label: string,
  seed: number,
): ReplySource {
  return {
    async reply(messages, profile): Promise<ModelReply> {
      if (!prepared.builtInAnswer)
        throw new ModelCallError(`${label} has no built-in agent for this question; choose a model profile.`);
      const started = Date.now();
      const text = await prepared.builtInAnswer(profile, seed, messages);
      return { text, promptTokens: null, completionTokens: null, latencyMs: Date.now() - started, cached: false };
    },
  };
}

/** Diagnostics as a run record keeps them (code, severity, position, message). */
export function recordDiagnostics(diagnostics: readonly Diagnostic[]): RecordDiagnostic[] {
  return diagnostics.map((diagnostic) => ({
    code: diagnostic.code,
    severity: diagnostic.severity,
    line: diagnostic.range.start.line,
    character: diagnostic.range.start.character,
    message: diagnostic.message,
  }));
}

/**
 * Asks a prepared question of `profile` and scores the reply (or plays the episode). Throws
 * ModelCallError when a call fails (ModelCallCancelled when cancelled, PromptConstructionError
 * before asking when the prompt cannot be built in `mode`); the caller decides whether
 * that is a record with `error` (batch runs) or a message (the editor).
 */
export async function answerPrepared<Q extends QuestionBase>(
  prepared: PreparedQuestion<Q>,
  profile: ModelProfile,
  label: string,
  options: AnswerOptions = {},
): Promise<AnsweredQuestion<Q>> {
  const source =
    options.source ??
    (profile.provider === 'oracle' || profile.provider === 'random'
      ? builtInSource(prepared, label, options.seed ?? 0)
      : null);
  if (!source)
    throw new ModelCallError(
      `model profile '${profile.id}': no reply source was given for an ${profile.provider} profile.`,
    );
  const mode = options.mode ?? 'faithful';
  const promptError = prepared.promptError?.(mode);
  if (promptError) throw new PromptConstructionError(promptError);
  const asking: Asking = {
    source,
    profile,
    mode,
    signal: options.signal ?? new AbortController().signal,
    // The record keeps what was sent (askModel lays out every turn the same way).
    messages: layoutMessages(prepared.messages, profile.messageLayout),
    options,
  };
  return prepared.play ? answerEpisode(prepared, prepared.play, asking) : answerOnce(prepared, asking);
}

/** What answering a question needs beyond the question: where replies come from, and how the question is asked. */
interface Asking {
  readonly source: ReplySource;
  readonly profile: ModelProfile;
  readonly mode: ScoringMode;
  readonly signal: AbortSignal;
  /** The question's messages as laid out for the profile. */
  readonly messages: ChatMessage[];
  readonly options: AnswerOptions;
}

/** One reply, scored. */
async function answerOnce<Q extends QuestionBase>(
  prepared: PreparedQuestion<Q>,
  { source, profile, mode, signal, messages, options }: Asking,
): Promise<AnsweredQuestion<Q>> {
  const { question } = prepared;
  const started = Date.now();
  const reply = await askModel(source, options.cache ?? null, profile, messages, question, signal);
  const scored = prepared.score(reply.text, mode);
  const record = runRecordOf<Q>(
    { question, model: profile, messages, parsedAnswer: scored.parsedAnswer, scores: scored.scores, mode },
    reply.cached ? reply : { ...reply, latencyMs: reply.latencyMs || Date.now() - started },
  );
  return {
    record: stamped(
      cutBy(reply, messages, options) ? { ...record, context_truncated: true } : record,
      scored.diagnostics,
      options.runId,
    ),
    diagnostics: scored.diagnostics,
    timeline: null,
  };
}

/** An episode played turn by turn, each turn asked through the cache; its record sums the turns. */
async function answerEpisode<Q extends QuestionBase>(
  prepared: PreparedQuestion<Q>,
  play: NonNullable<PreparedQuestion<Q>['play']>,
  { source, profile, mode, signal, messages, options }: Asking,
): Promise<AnsweredQuestion<Q>> {
  const { question } = prepared;
  const started = Date.now();
  const turns = new EpisodeTurns();
  const askTurn = async (turn: readonly ChatMessage[]) => {
    const reply = await askModel(source, options.cache ?? null, profile, turn, question, signal);
    turns.add(reply, cutBy(reply, turn, options));
    return reply;
  };
  let episode: PlayedEpisode;
  try {
    // The profile's window of history, unless the host chose one for this episode.
    const historyTurns = options.episode?.historyTurns ?? profile.historyTurns;
    episode = await play(askTurn, mode, signal, {
      ...options.episode,
      ...(historyTurns !== undefined ? { historyTurns } : {}),
    });
  } catch (error) {
    if (!(options.recordStopped && error instanceof EpisodeStopped)) throw error;
    episode = error.played;
  }
  const reply: ModelReply = {
    text: episode.rawAnswer,
    promptTokens: episode.promptTokens,
    completionTokens: episode.completionTokens,
    latencyMs: Date.now() - started,
    cached: episode.cached,
    finishReason: turns.finishReason,
    servedModel: turns.servedModel,
    ...turns.reply(),
  };
  const record = runRecordOf<Q>(
    { question, model: profile, messages, parsedAnswer: episode.parsedAnswer, scores: episode.scores, mode },
    reply,
  );
  const history = episode.history ? { episode_history: { ...episode.history } } : {};
  return {
    record: stamped(
      { ...record, ...turns.record(), ...history, ...failedEpisodeFields(episode) },
      episode.diagnostics,
      options.runId,
    ),
    diagnostics: episode.diagnostics,
    timeline: null,
  };
}

/** Whether the server answered `messages` having seen only part of them (judged only when the caller can count tokens). */
function cutBy(reply: ModelReply, messages: readonly ChatMessage[], options: AnswerOptions): boolean {
  return (
    options.countPromptTokens !== undefined &&
    reply.promptTokens !== null &&
    promptWasCut(reply.promptTokens, options.countPromptTokens(messages))
  );
}

/**
 * The fields of an episode a failed turn ended, over the played episode's record (which keeps the
 * transcript up to the failure either way). A chat that outgrew the context after some turns is a
 * result: `episode_error`, scored as played (the goal not reached), not asked again on --resume.
 * Any other failure (the server went away, a refused key, a first turn too long) is `error`
 * without scores, as a question whose call failed: --resume asks it again, the turns before the
 * failure coming from the cache.
 */
function failedEpisodeFields(
  episode: PlayedEpisode,
): Pick<RunRecord, 'episode_error' | 'error' | 'failure'> & { scores?: RunRecord['scores'] } {
  const { failed } = episode;
  if (!failed) return {};
  const failure = failed.failure ? { failure: { ...failed.failure } } : {};
  if (failed.turnsPlayed > 0 && failed.failure && OUTGROWS_CONTEXT.has(failed.failure.kind))
    return { episode_error: failed.message, ...failure };
  return { error: failed.message, ...failure, scores: {} };
}

/**
 * What an episode's turns said beyond their text: the last turn's finish_reason and served model,
 * whether any turn's reply was cut at the token limit or its prompt cut by the server, each turn's
 * reasoning (by turn, so a reader can put it beside the move it led to), token details summed over
 * the turns that reported them, and the provider's cost when every turn reported one (a partial
 * sum would understate the episode).
 */
class EpisodeTurns {
  finishReason: string | null | undefined;
  servedModel: string | null | undefined;
  private truncated = false;
  private contextTruncated = false;
  private turn = 0;
  private readonly reasoning: Array<{ turn: number; text: string }> = [];
  private reasoningTokens: number | undefined;
  private cachedTokens: number | undefined;
  private providerCostUsd: number | undefined = 0;
  private request: ModelReply['request'];
  private readonly usageNotes: string[] = [];

  /** One turn's reply; `contextCut`: the server saw only part of the turn's prompt. */
  add(reply: ModelReply, contextCut: boolean): void {
    if (reply.finishReason === 'length') this.truncated = true;
    if (contextCut) this.contextTruncated = true;
    if (reply.finishReason !== undefined) this.finishReason = reply.finishReason;
    if (reply.servedModel) this.servedModel = reply.servedModel;
    this.turn++;
    // A few, by turn: one hostile server would otherwise write the same note on every turn.
    for (const note of reply.usageNotes ?? [])
      if (this.usageNotes.length < 10) this.usageNotes.push(`turn ${this.turn}: ${note}`);
    if (reply.reasoning) this.reasoning.push({ turn: this.turn, text: reply.reasoning });
    if (reply.reasoningTokens !== undefined) this.reasoningTokens = (this.reasoningTokens ?? 0) + reply.reasoningTokens;
    if (reply.cachedTokens !== undefined) this.cachedTokens = (this.cachedTokens ?? 0) + reply.cachedTokens;
    this.providerCostUsd =
      this.providerCostUsd !== undefined && reply.providerCostUsd !== undefined
        ? this.providerCostUsd + reply.providerCostUsd
        : undefined;
    this.request = reply.request ?? this.request;
  }

  /** The fields of the episode's summary reply (the cost, the token details and what was sent). */
  reply(): Partial<ModelReply> {
    return {
      ...(this.reasoningTokens !== undefined ? { reasoningTokens: this.reasoningTokens } : {}),
      ...(this.cachedTokens !== undefined ? { cachedTokens: this.cachedTokens } : {}),
      ...(this.turn > 0 && this.providerCostUsd !== undefined ? { providerCostUsd: this.providerCostUsd } : {}),
      ...(this.request ? { request: this.request } : {}),
      ...(this.usageNotes.length > 0 ? { usageNotes: [...this.usageNotes] } : {}),
    };
  }

  /** The record's fields of the turns: `truncated`, `context_truncated`, `reasoning_turns`. */
  record(): Pick<RunRecord, 'truncated' | 'context_truncated' | 'reasoning_turns'> {
    return {
      ...(this.truncated ? { truncated: true } : {}),
      ...(this.contextTruncated ? { context_truncated: true } : {}),
      ...(this.reasoning.length > 0 ? { reasoning_turns: this.reasoning } : {}),
    };
  }
}

function stamped<Q extends QuestionBase>(
  record: RunRecord<Q>,
  diagnostics: readonly Diagnostic[],
  runId: string | undefined,
): RunRecord<Q> {
  return { ...record, ...(runId ? { run_id: runId } : {}), diagnostics: recordDiagnostics(diagnostics) };
}

/**
 * Asks a self-contained `question` (one whose benchmark declares prompt and score) of `profile`
 * and scores the reply, with the benchmark's timeline. Throws as answerPrepared, and an Error
 * naming the benchmark when it declares no prompt or scoring.
 */
export async function answerQuestion<Q extends QuestionBase>(
  definition: BenchmarkDefinition<Q>,
  question: Q,
  profile: ModelProfile,
  options: AnswerOptions = {},
): Promise<AnsweredQuestion<Q>> {
  if (question.benchmark !== definition.id)
    throw new Error(`A ${question.benchmark} question was given to the ${definition.id} benchmark.`);
  const prepared = preparedFromHooks(definition, question);
  if (!prepared)
    throw new Error(
      `Benchmark ${definition.id} declares no ${definition.prompt ? 'score' : 'prompt'}, so its questions cannot be run.`,
    );
  const answered = await answerPrepared(prepared, profile, definition.label, options);
  return { ...answered, timeline: definition.timeline?.(question, answered.record) ?? null };
}
