// What OpenAI-compatible servers add to a chat completion beyond its text, read defensively (the
// `openai` package's types know few of these fields, and each server spells them its own way;
// notes/real-servers.md): reasoning text (vLLM `reasoning`, older vLLM and llama-server
// `reasoning_content`, OpenRouter `reasoning` and `reasoning_details`), usage details (OpenAI's
// `completion_tokens_details.reasoning_tokens` and `prompt_tokens_details.cached_tokens`) and the
// provider's own price of the call (OpenRouter's `usage.cost`). The same readers serve whole
// messages, streamed deltas and batch output rows. Reasoning is kept apart from the answer text:
// it is never what an answer is parsed from. A server that does not separate the thought (llama.cpp
// without --reasoning-format, vLLM without a reasoning parser) leaves DeepSeek-R1's and QwQ's
// `<think>…</think>` in the content; splitThinkTags takes it out.

const objectOf = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const countOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/**
 * The text of OpenRouter's `reasoning_details` entries: `reasoning.text` gives its `text`,
 * `reasoning.summary` its `summary`; `reasoning.encrypted` holds no readable text and is skipped.
 */
function detailsText(details: unknown): string {
  if (!Array.isArray(details)) return '';
  return details
    .map((entry) => {
      const detail = objectOf(entry);
      if (typeof detail?.text === 'string') return detail.text;
      if (typeof detail?.summary === 'string') return detail.summary;
      return '';
    })
    .join('');
}

/**
 * The reasoning text of a message or a streamed delta; '' when it has none. OpenRouter sends the
 * same text both as `reasoning` and in `reasoning_details`, so the details count only when
 * neither string field is present (else the text would be doubled).
 */
export function reasoningTextOf(messageOrDelta: unknown): string {
  const part = objectOf(messageOrDelta);
  if (!part) return '';
  if (typeof part.reasoning === 'string') return part.reasoning;
  if (typeof part.reasoning_content === 'string') return part.reasoning_content;
  return detailsText(part.reasoning_details);
}

/** What a usage object says beyond prompt and completion tokens. */
interface UsageDetails {
  /** Completion tokens spent on reasoning (`completion_tokens_details.reasoning_tokens`); null when not reported. */
  reasoningTokens: number | null;
  /** Prompt tokens served from the provider's prompt cache (`prompt_tokens_details.cached_tokens`); null when not reported. */
  cachedTokens: number | null;
  /** What the provider says the call cost, in USD (OpenRouter's `usage.cost`); null when not reported. */
  costUsd: number | null;
}

export function usageDetailsOf(usage: unknown): UsageDetails {
  const fields = objectOf(usage);
  const cost = fields?.cost;
  return {
    reasoningTokens: countOf(objectOf(fields?.completion_tokens_details)?.reasoning_tokens),
    cachedTokens: countOf(objectOf(fields?.prompt_tokens_details)?.cached_tokens),
    costUsd: typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? cost : null,
  };
}

/** The usage fields Waypoint reads, by their path in `usage`, and what each must be. */
const USAGE_FIELDS: ReadonlyArray<{ path: readonly string[]; check: (value: unknown) => boolean; must: string }> = [
  { path: ['prompt_tokens'], check: (value) => countOf(value) !== null, must: 'a non-negative integer' },
  { path: ['completion_tokens'], check: (value) => countOf(value) !== null, must: 'a non-negative integer' },
  {
    path: ['completion_tokens_details', 'reasoning_tokens'],
    check: (value) => countOf(value) !== null,
    must: 'a non-negative integer',
  },
  {
    path: ['prompt_tokens_details', 'cached_tokens'],
    check: (value) => countOf(value) !== null,
    must: 'a non-negative integer',
  },
  {
    path: ['cost'],
    check: (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0,
    must: 'a non-negative number',
  },
];

/**
 * What a usage object says that Waypoint could not take (a negative, fractional or text token
 * count, a negative cost): one note each, naming the field and the value. Those figures are read
 * as not reported (null), so a priced run's cost cap counts the request at its bound instead of
 * being defeated by them.
 */
export function usageNotesOf(usage: unknown): string[] {
  const notes: string[] = [];
  for (const { path, check, must } of USAGE_FIELDS) {
    let value: unknown = usage;
    for (const key of path) value = objectOf(value)?.[key];
    if (value === undefined || value === null || check(value)) continue;
    const shown = JSON.stringify(value) ?? String(value);
    notes.push(
      `usage.${path.join('.')} was ${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}, not ${must}: recorded as not reported`,
    );
  }
  return notes;
}

/** The ModelReply fields of what a server said beyond the text: only those it reported, so a reply without them stays as it was. */
export function replyExtras(
  reasoning: string,
  details: UsageDetails,
): { reasoning?: string; reasoningTokens?: number; cachedTokens?: number; providerCostUsd?: number } {
  return {
    ...(reasoning !== '' ? { reasoning } : {}),
    ...(details.reasoningTokens !== null ? { reasoningTokens: details.reasoningTokens } : {}),
    ...(details.cachedTokens !== null ? { cachedTokens: details.cachedTokens } : {}),
    ...(details.costUsd !== null ? { providerCostUsd: details.costUsd } : {}),
  };
}

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

/**
 * The answer and the thought of a content that carries its reasoning in `<think>…</think>`: the
 * thought opens the content (after whitespace), or only its end is there (templates such as
 * DeepSeek-R1's put `<think>` in the prompt, so the reply starts inside the thought). A thought
 * never closed (the reply cut at the token limit while thinking) is all thought: the answer is
 * empty. Content without the tags comes back as it is.
 */
export function splitThinkTags(content: string): { answer: string; reasoning: string } {
  const start = content.trimStart();
  if (start.startsWith(THINK_OPEN)) {
    const close = start.indexOf(THINK_CLOSE, THINK_OPEN.length);
    if (close < 0) return { answer: '', reasoning: start.slice(THINK_OPEN.length).trim() };
    return {
      answer: start.slice(close + THINK_CLOSE.length).trimStart(),
      reasoning: start.slice(THINK_OPEN.length, close).trim(),
    };
  }
  const close = content.indexOf(THINK_CLOSE);
  if (close >= 0 && !content.slice(0, close).includes(THINK_OPEN))
    return { answer: content.slice(close + THINK_CLOSE.length).trimStart(), reasoning: content.slice(0, close).trim() };
  return { answer: content, reasoning: '' };
}

/** A reply's text and reasoning with any `<think>` thought of the text moved to the reasoning (after a thought the server sent apart, if any). */
export function withThinkSplit(text: string, reasoning: string): { text: string; reasoning: string } {
  const split = splitThinkTags(text);
  if (split.reasoning === '' && split.answer === text) return { text, reasoning };
  return { text: split.answer, reasoning: [reasoning, split.reasoning].filter((part) => part !== '').join('\n\n') };
}
