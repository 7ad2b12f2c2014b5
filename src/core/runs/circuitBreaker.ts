// Stops a batch run that can only fail: when the last few questions all failed the same way, and
// that way is one no later question can escape (no server at the base URL, a refused key, a URL
// that is not an API, a server still loading its model after the whole timeout, a chat template
// that refuses the messages' layout), asking the rest
// would write thousands of identical error records (a 7,200-question GRASP set against a stopped
// server: about an hour of retries). The questions not asked get no record, so --resume asks them
// once the cause is fixed.
import { type Failure, failureKey, STOPS_A_RUN } from '../eval/failures';

/** Identical failures in a row that stop a run. */
export const BREAKER_THRESHOLD = 5;

export interface BreakerTrip {
  failure: Failure;
  /** The last failed question's error message (one of the identical ones). */
  message: string;
  /** How many questions in a row failed so. */
  count: number;
}

export class CircuitBreaker {
  private key: string | null = null;
  private count = 0;
  tripped: BreakerTrip | null = null;

  constructor(private readonly threshold = BREAKER_THRESHOLD) {}

  /** Notes one question's outcome (its failure, or null for an answer); returns true when the run should stop now. */
  observe(failure: Failure | undefined | null, message = ''): boolean {
    if (this.tripped) return true;
    if (!failure || !STOPS_A_RUN.has(failure.kind)) {
      this.key = null;
      this.count = 0;
      return false;
    }
    const key = failureKey(failure);
    this.count = key === this.key ? this.count + 1 : 1;
    this.key = key;
    if (this.count < this.threshold) return false;
    this.tripped = { failure, message, count: this.count };
    return true;
  }
}

/** What to do about a tripped breaker, in words any host can show (the CLI adds its options). */
export function breakerAdvice(failure: Failure): string {
  switch (failure.kind) {
    case 'connection':
      return 'start the server (or correct the base URL)';
    case 'auth':
      return 'give the server the right API key';
    case 'loading':
      return 'wait until the server has loaded its model (llama-server: until /health answers {"status":"ok"}), or raise timeoutMs';
    case 'template':
      return 'set "messageLayout": "alternate" in the model profile';
    default:
      // A refused parameter (HTTP 400): the message names the profile field to change.
      if (failure.status === 400) return 'change the parameter as the message says';
      return 'correct the base URL (the API root, often ending in /v1) and the model name';
  }
}
