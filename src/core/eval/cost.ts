// Dollars, computed in one place: a reply's cost (what the provider says it cost, OpenRouter's
// `usage.cost`, wins over the profile's prices times the token counts), a request's worst case
// for --max-cost, and a run's bound for --dry-run. A cost nobody knows is null, never 0: a 0 would
// read as free in a sum.
import { completionLimit } from './profiles';
import type { ModelProfile, ModelReply } from './types';

/** The profile's prices per 1,000 tokens, or null when either is missing. */
export function pricesOf(profile: ModelProfile): { input: number; output: number } | null {
  return profile.costPer1kInput === undefined || profile.costPer1kOutput === undefined
    ? null
    : { input: profile.costPer1kInput, output: profile.costPer1kOutput };
}

/** `promptTokens` and `completionTokens` at the profile's prices; null without prices. */
export function pricedCost(profile: ModelProfile, promptTokens: number, completionTokens: number): number | null {
  const prices = pricesOf(profile);
  return prices === null ? null : (promptTokens * prices.input + completionTokens * prices.output) / 1000;
}

/** What a reply's usage says about its cost. */
type ReplyUsage = Pick<ModelReply, 'promptTokens' | 'completionTokens' | 'providerCostUsd'>;

/** A reply's dollars and where they come from; null when neither the provider nor the prices tell. */
export function costWithSource(
  profile: ModelProfile,
  usage: ReplyUsage,
): { usd: number; source: 'provider' | 'prices' } | null {
  if (usage.providerCostUsd !== undefined) return { usd: usage.providerCostUsd, source: 'provider' };
  if (usage.promptTokens === null || usage.completionTokens === null) return null;
  const usd = pricedCost(profile, usage.promptTokens, usage.completionTokens);
  return usd === null ? null : { usd, source: 'prices' };
}

/** Dollars for a reply (see costWithSource); null when unknown. */
export function costOf(profile: ModelProfile, usage: ReplyUsage): number | null {
  return costWithSource(profile, usage)?.usd ?? null;
}

/** The worst case of one request: `promptTokens` at the input price and its completion limit (max tokens, or a reasoning model's max completion tokens) at the output price; null without prices. */
export function requestCostBound(profile: ModelProfile, promptTokens: number): number | null {
  return pricedCost(profile, promptTokens, completionLimit(profile));
}
