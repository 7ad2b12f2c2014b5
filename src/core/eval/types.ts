// The evaluation engine's vocabulary, benchmark-neutral: a question rendered to chat messages, a
// model profile, a reply, and the run record every run appends. Each benchmark brings its own
// question kind; the engine only needs `benchmark` and a stable `sampleId`.
import type { Severity } from '../util/text';

/** What every benchmark's question has: the engine, the cache and the run labels need no more. */
export interface QuestionBase {
  /** The registered benchmark's id (core/benchmark/registry.ts). */
  readonly benchmark: string;
  /** Stable over runs of the same question: keys the cache for built-in agents and names runs. */
  readonly sampleId: string;
  /**
   * An imported row that could not be read names no question: its question is this envelope alone
   * (core/eval/unreadableRow.ts), its record an error, and no benchmark hook is handed it.
   */
  readonly unreadable?: true;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A model as configured in settings. Keys are never part of a profile (SecretStorage or an environment variable). */
export interface ModelProfile {
  id: string;
  /** `imported`: the record came from upstream outputs (`waypoint import`); `id` is the model name read from the data. `human`: a person played the episode in the editor's Play panel. Neither is a configured profile. */
  provider: 'openai-compatible' | 'oracle' | 'random' | 'imported' | 'human';
  baseUrl?: string;
  model?: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
  retries: number;
  /** Ask for a streamed reply (server-sent events); for gateways that only stream, and long answers. */
  stream?: boolean;
  /** Sent as the request's `seed` (same seed and temperature: the same text, on servers that honour it); absent: none is sent. */
  seed?: number;
  /** Name of an environment variable holding the key, instead of SecretStorage. */
  apiKeyEnv?: string;
  /** Dollars per 1,000 tokens, for the cost line (a cost the provider reports itself, OpenRouter's `usage.cost`, wins). */
  costPer1kInput?: number;
  costPer1kOutput?: number;
  /** `alternate`: consecutive messages of one role are sent as one (for strict chat templates); `as-is` (the default): as the benchmark wrote them. */
  messageLayout?: 'as-is' | 'alternate';
  /** Episodes: each turn shows the last N turns of history (SmartPlay: N observations, instead of the game's own window), so long episodes fit the context; absent, every turn (SmartPlay: the game's window). */
  historyTurns?: number;
  /**
   * Sent as `max_completion_tokens` in place of `max_tokens` (which is then not sent): reasoning
   * models (OpenAI's o-series, gpt-5) refuse `max_tokens`, and their limit covers the reasoning too.
   */
  maxCompletionTokens?: number;
  /** Sent as `reasoning_effort` (reasoning models: OpenAI, OpenRouter, vLLM's gpt-oss); servers without reasoning ignore or refuse it. */
  reasoningEffort?: ReasoningEffort;
  /**
   * Set by a run, never by a user: the only model the server listed at `baseUrl` when the run
   * started (llama-server serves it whatever `model` says); null when the server lists several (it
   * routes by `model`) or none. With the normalised base URL it keys the cache and --resume, so an
   * answer of another served model is never reused.
   */
  serverModel?: string | null;
}

/** The `reasoning_effort` values servers take (the `openai` package's list). */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** The token limit and reasoning effort a request carried, as sent: which limit applied is the one named. */
export interface SentParameters {
  max_tokens?: number;
  max_completion_tokens?: number;
  reasoning_effort?: ReasoningEffort;
}

/** What a server's model list (`GET <base>/models`) said (servedModel.ts). */
export interface ServerModelProbe {
  /** The only model the server lists; null when it lists several (it routes by `model`), none, or could not be read. */
  serverModel: string | null;
  /** Why the list could not be read, when the server answered without one (HTTP 404, not a list); null otherwise. */
  unlisted: string | null;
}

export interface ModelReply {
  text: string;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
  cached: boolean;
  /** Why the server stopped (`stop`, `length`, …; null when it said nothing); absent for built-in agents and replies cached before it was kept. */
  finishReason?: string | null;
  /** The model the server says produced the reply (the reply's `model`), which may differ from the one asked for. */
  servedModel?: string | null;
  /** The model's reasoning, kept apart from `text` (never parsed as the answer); absent when the server sent none. */
  reasoning?: string;
  /** Completion tokens spent reasoning, and prompt tokens served from the provider's cache, as the server reported them. */
  reasoningTokens?: number;
  cachedTokens?: number;
  /** What the provider says the call cost (OpenRouter's `usage.cost`), in USD. */
  providerCostUsd?: number;
  /** The token limit and reasoning effort as sent. */
  request?: SentParameters;
  /** Usage figures the provider sent that are no token count or cost (negative, fractional, text), each recorded as null or left out; absent when none. */
  usageNotes?: string[];
}

/** One line of `.waypoint/runs/*.jsonl`; `Q` is a registered benchmark's own question type (by default only the envelope the engine knows). */
export interface RunRecord<Q extends QuestionBase = QuestionBase> {
  time: string;
  question: Q;
  /** The profile without anything secret (there is nothing secret in a profile by construction). */
  model: ModelProfile;
  messages: ChatMessage[];
  rawAnswer: string;
  parsedAnswer: unknown;
  scores: Record<string, number | boolean | string | null>;
  /** The scoring mode that produced `scores` (GRASP also has 'pre2025' and 'paper'). */
  mode: ScoringMode;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
  cached: boolean;
  costUsd: number | null;
  /**
   * What the run's preflight (`waypoint run`'s one-token request before the questions) cost, on the
   * first record that run appended: no question's cost, but the run's, so --resume keeps it in the
   * run's total and under --max-cost. Absent when the preflight cost nothing known.
   */
  preflight_cost_usd?: number;
  /** One id per `waypoint run`, import or editor batch (runs.md §1); absent on single-question runs from before batch runs. */
  run_id?: string;
  /** The answer diagnostics' codes and where they point in `rawAnswer`, so reports can break failures down without re-scoring. */
  diagnostics?: RecordDiagnostic[];
  /** Why the question has no answer (the model call failed, the grid or game of an imported row is missing); its scores are empty. */
  error?: string;
  /** With `error` (or `episode_error`) from a model call: its kind, HTTP status and the server's error type, for grouping failures (the message carries token counts that differ each time). */
  failure?: RecordFailure;
  /** Why the server stopped the reply (`stop`, `length`, …; null when it said nothing); absent for built-in agents and older records. */
  finish_reason?: string | null;
  /** The model the server says answered (the reply's `model`): llama-server answers with whatever model it has loaded, whatever the request named. */
  served_model?: string | null;
  /** The reply (or, for an episode, a turn's reply) stopped at the token limit (`finish_reason: "length"`): its answer may be cut short. */
  truncated?: boolean;
  /**
   * An episode a failed turn ended after some turns because its chat outgrew the model's context
   * (`failure` says how): the message. The turns played are the answer and are scored (the goal not
   * reached); unlike `error`, `--resume` does not ask it again, which would fail at the same turn.
   */
  episode_error?: string;
  /** Episodes: how much history each turn showed (`full`, every turn; `window`, the profile's historyTurns; `game`, SmartPlay's own window). */
  episode_history?: EpisodeHistory;
  /**
   * The server reported a prompt far smaller than the one sent (below 80% of its cl100k count): it
   * cut the prompt without an error (Ollama's OpenAI endpoint does, at its 2,048/4,096-token
   * context), so the answer is to a prompt the model only partly saw (an episode: any turn's).
   */
  context_truncated?: boolean;
  /** The model's reasoning text (`reasoning`, `reasoning_content`, `reasoning_details`), kept beside the answer and never parsed as it. */
  reasoning?: string;
  /** An episode's reasoning, per turn (1-based) that had any. */
  reasoning_turns?: Array<{ turn: number; text: string }>;
  /** Completion tokens spent reasoning (`completion_tokens_details.reasoning_tokens`; an episode: the sum over its turns that reported it). */
  reasoning_tokens?: number;
  /** Prompt tokens the provider served from its cache (`prompt_tokens_details.cached_tokens`; an episode: the sum). */
  cached_tokens?: number;
  /** Where `costUsd` comes from: the provider's own figure (`usage.cost`) or the profile's prices; absent when it is null. */
  cost_source?: 'provider' | 'prices';
  /** The token limit and reasoning effort as sent (the effective values; the profile in `model` has the requested ones). */
  request?: SentParameters;
  /**
   * Figures of the record that were not what a record holds, each said and replaced: provider usage
   * that is no token count or cost (recorded as null, so a cost cap counts the request at its
   * bound), or a number the writer had to repair. Absent when there were none.
   */
  usage_notes?: string[];
  /** Which repeat of its question the record answers (`waypoint run --epochs K`: 1 to K); absent in runs without repeats, which are epoch 1. */
  epoch?: number;
}

/** How much of an episode's history each turn showed: all of it, the last `turns` turns the profile asked for, or SmartPlay's own window of `turns` observations. */
export type EpisodeHistory = { mode: 'full' } | { mode: 'window' | 'game'; turns: number };

/** A failed call's kind (core/eval/failures.ts names them; read as any string, so a kind added later still reads), HTTP status and server error type. */
export interface RecordFailure {
  kind: string;
  status?: number;
  type?: string;
}

/** Every mode some benchmark scores in: `faithful` (the paper's intent), `reference` (upstream's code, bugs included), GRASP's `pre2025` and `paper`. */
export type ScoringMode = 'faithful' | 'reference' | 'pre2025' | 'paper';

/** An answer diagnostic as a run record keeps it: 0-based line and character in `rawAnswer`. */
export interface RecordDiagnostic {
  code: string;
  severity: Severity;
  line: number;
  character: number;
  message: string;
}
