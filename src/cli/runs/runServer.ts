// What `waypoint run` learns from the model's server before it asks anything (runs.md §2): the
// preflight of a run (the model it serves, the context one request may use, a one-token request —
// the same check as `waypoint models test`), and for `--dry-run` the same facts without the
// request, with each question set's largest prompt beside the context. Prompt tokens are the
// server's count where it gives one (llama-server, vLLM), else cl100k estimates, labelled so.
import { costOf, requestCostBound } from '../../core/eval/cost';
import { factsSentence, readServerFacts, type ServerFacts, testConnection } from '../../core/eval/connectionTest';
import { jsonPoster, serverRoot } from '../../core/eval/serverFacts';
import type { ModelProfile } from '../../core/eval/types';
import type { PreparedQuestion } from '../../core/benchmark/registry';
import type { BatchEstimate } from '../../core/runs/batchRun';
import {
  cl100kPromptCounter,
  type PromptCounter,
  promptTokenCeiling,
  serverPromptCounter,
} from '../../core/runs/promptCounts';
import { promptFit, type QuestionSetFit } from '../../core/runs/promptFit';
import { escapeControls } from '../../core/util/text';
import { cliKeyAdvice } from './keyAdvice';

type Output = (text: string) => void;

/** The `server` object of `run --json` and `run --dry-run --json`; null when there is no server or it told nothing. */
interface ServerJson {
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
  return {
    base_url: facts.baseUrl,
    served_model: facts.servedModel,
    context_tokens: facts.contextTokens,
    context_source: facts.contextSource,
    train_context_tokens: facts.trainContextTokens,
    slots: facts.slots,
    token_counting: facts.tokenCounting,
  };
}

/** The counter of a run's prompts: the server's when it counts, cl100k otherwise. */
export function counterFor(
  profile: ModelProfile,
  facts: ServerFacts | null,
  apiKey: string | undefined,
  signal: AbortSignal,
): PromptCounter {
  if (!facts?.tokenCounting || !profile.model) return cl100kPromptCounter;
  return serverPromptCounter(
    jsonPoster(apiKey, profile.timeoutMs, signal),
    serverRoot(facts.baseUrl),
    facts.tokenCounting,
    profile.model,
  );
}

const TEST_PROMPT = [{ role: 'user' as const, content: 'Reply with OK.' }];

/**
 * The start of a run: one line on stderr with what the server serves and tells, and what the
 * check cost (counted against --max-cost). Says nothing when the check failed: the run's own
 * failures say why. Skipped when even its one-token request could pass --max-cost.
 */
export async function preflight(
  profile: ModelProfile,
  apiKey: string | undefined,
  maxCostUsd: number | undefined,
  signal: AbortSignal,
  err: Output,
): Promise<{ facts: ServerFacts | null; costUsd: number }> {
  const testProfile = { ...profile, maxTokens: 1 };
  const worstCase = requestCostBound(testProfile, promptTokenCeiling(TEST_PROMPT));
  if (maxCostUsd !== undefined && worstCase !== null && worstCase > maxCostUsd) return { facts: null, costUsd: 0 };
  const report = await testConnection(profile, apiKey, { keyAdvice: cliKeyAdvice, signal });
  // A refused request is not billed.
  const chatSent = report.steps.some((step) => step.name === 'chat' && step.status === 200);
  const billed = report.testUsage ? costOf(testProfile, report.testUsage) : null;
  const costUsd = chatSent ? (billed ?? worstCase ?? 0) : 0;
  if (!report.ok) return { facts: null, costUsd };
  err(escapeControls(`waypoint run: ${report.message}`));
  return { facts: report, costUsd };
}

/** Server facts for a dry run (no chat request); a note on stderr when the server did not answer. */
export async function dryRunFacts(
  profile: ModelProfile,
  apiKey: string | undefined,
  signal: AbortSignal,
  err: Output,
): Promise<ServerFacts | null> {
  if (profile.provider !== 'openai-compatible' || !profile.baseUrl) return null;
  const facts = await readServerFacts(profile, apiKey, signal);
  if (!facts)
    err(
      escapeControls(
        `waypoint run: ${profile.baseUrl} did not answer its model list: its context is unknown and prompt tokens are cl100k estimates.`,
      ),
    );
  return facts;
}

const thousands = (value: number) => value.toLocaleString('en-US');

/** One set's line: its largest prompt beside the context, and what will not fit. */
function fitLine(fit: QuestionSetFit, maxTokens: number): string {
  const by =
    fit.largest_prompt.counted_by === 'server'
      ? "server's count"
      : fit.largest_prompt.counted_by === 'server-scaled'
        ? "estimate scaled by the server's count"
        : 'cl100k estimate';
  const episodes =
    fit.largest_prompt.requests > 1 ? ` (an episode's last turn of ${thousands(fit.largest_prompt.requests)})` : '';
  const largest = `largest prompt${episodes} ${thousands(fit.largest_prompt.tokens)} tokens (${by})`;
  const questions = fit.questions === 1 ? '1 question' : `${thousands(fit.questions)} questions`;
  if (fit.context_tokens === null || fit.too_long === null || fit.short_of_reply_room === null)
    return `  ${fit.set}: ${questions}; ${largest}; context unknown`;
  const verdict =
    fit.too_long === 0 && fit.short_of_reply_room === 0
      ? 'all fit'
      : [
          fit.too_long > 0
            ? `${thousands(fit.too_long)} of ${thousands(fit.questions)} ${fit.largest_prompt.requests > 1 ? 'episodes outgrow it' : 'prompts will not fit'}`
            : '',
          fit.short_of_reply_room > 0
            ? `${thousands(fit.short_of_reply_room)} leave less than --max-tokens ${maxTokens} for the reply`
            : '',
        ]
          .filter(Boolean)
          .join('; ');
  const mixed =
    fit.fit_counted_by === 'mixed' ? " (those beyond the first 200 near the limit by cl100k × the server's ratio)" : '';
  return `  ${fit.set}: ${questions}; ${largest} of a ${thousands(fit.context_tokens)}-token context: ${verdict}${mixed}`;
}

/** `--dry-run`'s output: the estimate, the server's facts and each question set's fit. */
export async function dryRunOutput(
  options: {
    estimate: BatchEstimate;
    questions: readonly PreparedQuestion[];
    setOf: (prepared: PreparedQuestion) => string;
    profile: ModelProfile;
    facts: ServerFacts | null;
    counter: PromptCounter;
    json: boolean;
  },
  out: Output,
): Promise<void> {
  const { estimate, profile, facts } = options;
  const fits = await promptFit(
    options.questions,
    options.setOf,
    profile,
    options.counter,
    facts?.contextTokens ?? null,
  );
  if (options.json) {
    out(JSON.stringify({ ...estimate, server: serverJson(facts), question_sets: fits }));
    return;
  }
  const cost =
    estimate.cost_usd_max === null ? 'unknown (no prices in the profile)' : `$${estimate.cost_usd_max.toFixed(4)}`;
  const requests =
    estimate.requests === estimate.questions
      ? ''
      : ` (${thousands(estimate.requests)} requests: episodes ask once a turn)`;
  out(
    `${estimate.questions === 1 ? '1 question' : `${thousands(estimate.questions)} questions`}${requests}, ${thousands(estimate.prompt_tokens)} prompt tokens (cl100k estimate), at most ${thousands(estimate.max_completion_tokens)} completion tokens; cost at most ${cost}. Nothing was asked.`,
  );
  if (facts)
    out(
      escapeControls(
        `Server: ${facts.servedModel === null ? '' : `'${facts.servedModel}' at `}${facts.baseUrl}. ${factsSentence(facts)}`,
      ),
    );
  for (const fit of fits) out(escapeControls(fitLine(fit, profile.maxTokens)));
}
