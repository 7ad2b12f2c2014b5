// `--max-cost`: a run never spends past its cap, however many requests are in flight. Before a
// request is sent, its worst case is reserved — its prompt tokens and its completion limit at the
// profile's prices — and a request whose reservation would not fit waits for those in flight to
// settle (each then counts what it actually cost), or, when even alone it would pass the cap, the
// run stops. The prompt's worst case is exact when the server counted it; a cl100k estimate is
// raised by the largest ratio of reported to estimated prompt tokens this run has seen (10% more),
// and before any reply by the most tokens any tokenizer makes of the text (promptTokenCeiling),
// since another vocabulary counts a third more and cl100k would under-reserve.
import { costOf } from '../eval/engine';
import { completionLimit } from '../eval/profiles';
import type { ChatMessage, ModelProfile, ModelReply } from '../eval/types';
import { type PromptCount, promptTokenCeiling } from './promptCounts';

/** Thrown by `reserve` when a request could pass the cap even with nothing else in flight. */
export class CostCapReached extends Error {}

/** A request's worst case, held until it settles. */
export interface Reservation {
  readonly usd: number;
  /** The cl100k estimate the reservation rests on, to learn from the tokens the server reports; null when the server counted. */
  readonly estimate: number | null;
}

const ESTIMATE_MARGIN = 1.1;

/** The profile's prices per 1,000 tokens, or null when either is missing (the cost is then unknown, never 0). */
export function pricesOf(profile: ModelProfile): { input: number; output: number } | null {
  return profile.costPer1kInput === undefined || profile.costPer1kOutput === undefined
    ? null
    : { input: profile.costPer1kInput, output: profile.costPer1kOutput };
}

/** The worst case of one request: `promptTokens` at the input price and its completion limit (max tokens, or a reasoning model's max completion tokens) at the output price; null without prices. */
export function requestCostBound(profile: ModelProfile, promptTokens: number): number | null {
  const prices = pricesOf(profile);
  return prices === null ? null : (promptTokens * prices.input + completionLimit(profile) * prices.output) / 1000;
}

export class CostCap {
  private reserved = 0;
  /** Largest reported/estimated prompt tokens seen; null before the first reply that reports them. */
  private ratio: number | null = null;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly capUsd: number,
    public spent: number,
  ) {}

  /** Prompt tokens to reserve for a prompt counted as `count`. */
  private promptWorstCase(count: PromptCount, messages: readonly ChatMessage[]): number {
    if (count.by === 'server') return count.tokens;
    const ceiling = promptTokenCeiling(messages);
    return this.ratio === null ? ceiling : Math.min(ceiling, Math.ceil(count.tokens * this.ratio * ESTIMATE_MARGIN));
  }

  /**
   * Holds the worst case of a request of `messages` (counted as `count`) asked of `profile`,
   * waiting while requests in flight leave too little room. Throws CostCapReached when the request
   * would pass the cap on its own; rejects with `signal`'s reason when the run is cancelled.
   */
  async reserve(
    profile: ModelProfile,
    messages: readonly ChatMessage[],
    count: PromptCount,
    signal: AbortSignal,
  ): Promise<Reservation> {
    for (;;) {
      signal.throwIfAborted();
      const usd = requestCostBound(profile, this.promptWorstCase(count, messages)) ?? 0;
      if (this.spent + usd > this.capUsd) throw new CostCapReached();
      if (this.spent + this.reserved + usd <= this.capUsd) {
        this.reserved += usd;
        return { usd, estimate: count.by === 'server' ? null : count.tokens };
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        this.waiters.push(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
  }

  /**
   * Releases a reservation: the request cost what its reply reports (its worst case when it reports
   * no tokens); without a reply, nothing when the server refused it (providers bill no error
   * response), its worst case when it may have run (timed out, cut off, abandoned).
   */
  settle(reservation: Reservation, profile: ModelProfile, outcome: ModelReply | 'refused' | 'maybe-billed'): void {
    this.reserved -= reservation.usd;
    if (outcome === 'maybe-billed') this.spent += reservation.usd;
    else if (outcome !== 'refused') {
      this.spent += costOf(profile, outcome) ?? reservation.usd;
      if (reservation.estimate !== null && reservation.estimate > 0 && outcome.promptTokens !== null)
        this.ratio = Math.max(this.ratio ?? 0, outcome.promptTokens / reservation.estimate);
    }
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }
}
