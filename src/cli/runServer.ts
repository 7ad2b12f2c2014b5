// What `waypoint run` learns from the model's server before it asks anything (runs.md §2): the
// preflight of a run — the model it serves, the context one request may use, whether it counts
// prompt tokens, and a one-token request: the same check as `waypoint models test`.
import { type ServerFacts, testConnection } from '../core/eval/connectionTest';
import type { ModelProfile } from '../core/eval/types';
import { escapeControls } from '../core/text';
import { cliKeyAdvice } from './keyAdvice';

type Output = (text: string) => void;

/** The `server` object of `run --json`; null when there is no server or its check failed. */
export interface ServerJson {
  base_url: string;
  served_model: string | null;
  context_tokens: number | null;
  context_source: string | null;
  train_context_tokens: number | null;
  slots: number | null;
  /** `llama-server` or `vllm` when the server counts prompt tokens; null when they are cl100k estimates. */
  token_counting: string | null;
}

export function serverJson(facts: ServerFacts | null): ServerJson | null {
  if (!facts) return null;
  return { base_url: facts.baseUrl, served_model: facts.servedModel, context_tokens: facts.contextTokens, context_source: facts.contextSource, train_context_tokens: facts.trainContextTokens, slots: facts.slots, token_counting: facts.tokenCounting };
}

/** The start of a run: one line on stderr with what the server serves and tells. Says nothing when the check failed: the run's own failures say why. */
export async function preflight(profile: ModelProfile, apiKey: string | undefined, signal: AbortSignal, err: Output): Promise<{ facts: ServerFacts | null }> {
  const report = await testConnection(profile, apiKey, { keyAdvice: cliKeyAdvice, signal });
  if (!report.ok) return { facts: null };
  err(escapeControls(`waypoint run: ${report.message}`));
  return { facts: report };
}
