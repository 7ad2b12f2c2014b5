// One path from a question and a model profile to what the UI shows, for any registered benchmark:
// prompt → reply (a built-in agent or a model, through the engine's cache) → parse and score →
// diagnostics → run record → board timeline. Storage, the network and cancellation are injected,
// so the editor, the CLI and tests run the same code.
import type { BoardTimeline } from '../board';
import type { BenchmarkDefinition } from '../registry';
import type { Diagnostic } from '../text';
import { askModel, ModelCallError, type ReplySource, type ResponseCache, runRecordOf } from './engine';
import type { ModelProfile, ModelReply, QuestionBase, RunRecord } from './types';

export interface AnswerOptions {
  /** Where a model's reply comes from; required for `openai-compatible` profiles (core does not construct network clients). Offline profiles default to the benchmark's builtInAnswer. */
  source?: ReplySource;
  cache?: ResponseCache | null;
  /** The scoring mode; `faithful` (upstream's scoring) unless said otherwise. */
  mode?: RunRecord['mode'];
  signal?: AbortSignal;
}

export interface AnsweredQuestion<Q extends QuestionBase> {
  record: RunRecord<Q>;
  /** Located on the reply text. */
  diagnostics: Diagnostic[];
  /** What the board draws for the run; null when the benchmark declares no timeline or has none for this answer. */
  timeline: BoardTimeline | null;
}

/** The reply source of an offline profile: the benchmark's built-in agent, answering from the question. */
export function builtInSource<Q extends QuestionBase>(definition: BenchmarkDefinition<Q>): ReplySource {
  return {
    async reply(_messages, profile, question): Promise<ModelReply> {
      if (!definition.builtInAnswer) throw new ModelCallError(`${definition.label} has no built-in agent; choose a model profile.`);
      const started = Date.now();
      const text = await definition.builtInAnswer(question as Q, profile);
      return { text, promptTokens: null, completionTokens: null, latencyMs: Date.now() - started, cached: false };
    },
  };
}

/**
 * Asks `question` of `profile` and scores the reply. Throws ModelCallError when the call fails (or
 * ModelCallCancelled), and an Error naming the benchmark when it declares no prompt or scoring.
 */
export async function answerQuestion<Q extends QuestionBase>(definition: BenchmarkDefinition<Q>, question: Q, profile: ModelProfile, options: AnswerOptions = {}): Promise<AnsweredQuestion<Q>> {
  if (question.benchmark !== definition.id) throw new Error(`A ${question.benchmark} question was given to the ${definition.id} benchmark.`);
  if (!definition.prompt || !definition.score) throw new Error(`Benchmark ${definition.id} declares no ${definition.prompt ? 'score' : 'prompt'}, so its questions cannot be run.`);
  const source = options.source ?? (profile.provider === 'openai-compatible' ? null : builtInSource(definition));
  if (!source) throw new ModelCallError(`model profile '${profile.id}': no reply source was given for an openai-compatible profile.`);
  const messages = definition.prompt(question);
  const mode = options.mode ?? 'faithful';
  const reply = await askModel(source, options.cache ?? null, profile, messages, question, options.signal ?? new AbortController().signal);
  const scored = definition.score(question, reply.text, mode);
  const record = runRecordOf<Q>({ question, model: profile, messages, parsedAnswer: scored.parsedAnswer, scores: scored.scores, mode }, reply);
  return { record, diagnostics: scored.diagnostics, timeline: definition.timeline?.(question, record) ?? null };
}
