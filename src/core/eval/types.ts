// The evaluation engine's vocabulary, benchmark-neutral: a question rendered to chat messages, a
// model profile, a reply, and the run record every run appends. MANGO is the first client; grid
// benchmarks plug in with their own question kinds.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A model as configured in settings. Keys are never part of a profile (SecretStorage or an environment variable). */
export interface ModelProfile {
  id: string;
  provider: 'openai-compatible' | 'oracle' | 'random';
  baseUrl?: string;
  model?: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
  retries: number;
  /** Name of an environment variable holding the key, instead of SecretStorage. */
  apiKeyEnv?: string;
  /** Dollars per 1,000 tokens, for the cost line. */
  costPer1kInput?: number;
  costPer1kOutput?: number;
}

export interface ModelReply {
  text: string;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
  cached: boolean;
}

/** A MANGO question with what an offline agent needs to answer it without reading the prompt. */
export interface MangoQuestion {
  benchmark: 'mango';
  game: string;
  task: 'df' | 'rf';
  sampleId: string;
  src: string;
  dst: string;
  /** DF only: the actions to follow. */
  actionList: string[];
  answerable: boolean;
  easy: boolean;
  cutoff: number;
}

/** One line of `.waypoint/runs/*.jsonl`. */
export interface RunRecord {
  time: string;
  question: MangoQuestion;
  /** The profile without anything secret (there is nothing secret in a profile by construction). */
  model: ModelProfile;
  messages: ChatMessage[];
  rawAnswer: string;
  parsedAnswer: unknown;
  scores: Record<string, number | boolean | string | null>;
  mode: 'faithful' | 'reference';
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
  cached: boolean;
  costUsd: number | null;
}
