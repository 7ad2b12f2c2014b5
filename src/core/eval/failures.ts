// What kind of failure a model call met, and the one retry policy every call follows (streamed or
// not): which kinds a retry may cure, how long to wait (exponential with jitter, so calls that
// failed together do not retry together), and which retries are free because the run's own
// concurrency caused the failure. Real servers decide the kinds (notes/real-servers.md):
// llama-server's slots share one context, so four prompts at once can fail where one succeeds;
// while it loads its model every request is a 503 "Loading model" without Retry-After.

/** Waypoint's name for how a call failed; stable, so records and summaries group by it. */
export type FailureKind =
  /** The server's slots share one context and the requests at once outgrew it (llama-server's HTTP 500 "Context size has been exceeded"). */
  | 'context-slots'
  /** The prompt alone is longer than the model's context (llama-server's `exceed_context_size_error`, OpenAI's `context_length_exceeded`). */
  | 'prompt-too-long'
  /** HTTP 503 "Loading model": the server is starting. */
  | 'loading'
  | 'rate-limit'
  /** HTTP 503/529 other than loading: the server is busy. */
  | 'overloaded'
  /** Any other 5xx (or an error event in a stream). */
  | 'server'
  /** The connection never opened: no server at the base URL. */
  | 'connection'
  /** The connection opened and was dropped before the reply was complete. */
  | 'cut-off'
  | 'timeout'
  /** HTTP 401/403. */
  | 'auth'
  /** The base URL, model or server kind is wrong: HTTP 404, an HTML page, no event stream. */
  | 'configuration'
  /** The server's chat template refused the messages' layout ("Conversation roles must alternate …"): the profile's messageLayout fixes it. */
  | 'template'
  /** Another 4xx: the server refused this request. */
  | 'request'
  /** The reply came but is unusable (too large, not JSON, no content). */
  | 'reply'
  /** The question's prompt could not be built, or Waypoint itself failed. */
  | 'internal'
  /** A provider's batch never ran the request (its `type`: `expired`, `canceled`). */
  | 'not-run';

/** How a call failed, as a record keeps it: the kind, and the server's own status and error `type` when it sent them. */
export interface Failure {
  kind: FailureKind;
  /** The HTTP status (for an error event in a stream: the `code` the event carries, when a number). */
  status?: number;
  /** The server's error `type` (llama-server: `server_error`, `exceed_context_size_error`, `unavailable_error`, …). */
  type?: string;
}

/** Kinds a later attempt may cure. */
const RETRYABLE: ReadonlySet<FailureKind> = new Set([
  'context-slots',
  'loading',
  'rate-limit',
  'overloaded',
  'server',
  'connection',
  'cut-off',
]);

/** Kinds that say "too much at once": the run lowers its concurrency, and a retry of a call that overlapped others is free. */
export const SLOWS_DOWN: ReadonlySet<FailureKind> = new Set(['context-slots', 'rate-limit', 'overloaded']);

/** Kinds that fail every question the same way until the user fixes something: a run of them stops the run. */
export const STOPS_A_RUN: ReadonlySet<FailureKind> = new Set([
  'connection',
  'auth',
  'configuration',
  'loading',
  'template',
]);

/**
 * Kinds that say an episode's chat outgrew the model's context (it grows each turn): an episode a
 * turn of such a failure ended after some turns is a result (the goal not reached), not a question
 * to ask again, since asking again meets the same overflow at the same turn. Not `context-slots`:
 * a shared KV cache that filled up depends on the other requests in flight, so asking again can pass.
 */
export const OUTGROWS_CONTEXT: ReadonlySet<FailureKind> = new Set(['prompt-too-long']);

/** Free retries of one call for failures caused by overlapping calls (loading waits are counted apart): bounded, so an unlucky call still ends. */
const MAX_FREE_RETRIES = 12;

/** Longest wait between two tries while a server loads its model: it turns ready between two polls. */
const MAX_LOADING_POLL_MS = 2000;

/** Longest backoff without Retry-After. */
const MAX_BACKOFF_MS = 8000;

/** A failure as records keep it: the kind read as any string (a kind added later still reads). */
type AnyFailure = Omit<Failure, 'kind'> & { kind: string };

/** One key per kind, status and server type: what "the same failure" means to summaries and the circuit breaker. */
export function failureKey(failure: AnyFailure): string {
  return [failure.kind, failure.status ?? '', failure.type ?? ''].join('|');
}

/** The failure in a few words for summaries: `HTTP 400 exceed_context_size_error`, `connection`. */
export function failureLabel(failure: AnyFailure): string {
  const parts = [failure.status === undefined ? '' : `HTTP ${failure.status}`, failure.type ?? ''].filter(Boolean);
  return parts.length > 0 ? `${failure.kind}: ${parts.join(' ')}` : failure.kind;
}

/**
 * Exponential backoff with "equal jitter": half of min(8 s, 0.5 s × 2^n) for sure, the other half
 * at random. Calls that failed at the same moment retry at different moments (no lockstep waves),
 * and none retries at once. Loading waits are capped at 2 s so readiness is noticed soon.
 */
export function backoffWithJitterMs(tries: number, random: () => number, kind?: FailureKind): number {
  const cap = kind === 'loading' ? MAX_LOADING_POLL_MS : MAX_BACKOFF_MS;
  const base = Math.min(cap, 500 * 2 ** Math.min(tries, 16));
  return base / 2 + random() * (base / 2);
}

/** A server-requested wait (Retry-After) spread by up to 10 % (at most 1 s), so clients told the same date do not return together. */
export function spreadRequestedWaitMs(askedMs: number, random: () => number): number {
  return askedMs + random() * Math.min(1000, askedMs * 0.1);
}

/**
 * The retry budget of one call, three counters that never share: `retries` counted retries; free
 * retries of "too much at once" failures the run's own concurrency caused (at most 12); and
 * waits for a loading server, bounded only by the call's deadline (which the caller enforces). A
 * model that loads for a minute is polled some thirty times: had those polls used the free
 * retries, the overlap retries meant for the run's concurrency would be gone before its first
 * answer, and the backoff after loading would start at its longest.
 */
export class RetryBudget {
  private counted = 0;
  private overlapRetries = 0;
  private loadingWaits = 0;

  constructor(private readonly retries: number) {}

  /** Tries made so far after the first, of every kind. */
  get tries(): number {
    return this.counted + this.overlapRetries + this.loadingWaits;
  }

  /**
   * The exponent of the backoff before the retry `allows` just granted for `failure`: loading
   * waits count only loading waits (polled at most every 2 s), other retries only other retries,
   * so a long load neither lengthens later backoffs nor is lengthened by earlier ones.
   */
  backoffExponent(failure: Failure): number {
    return Math.max(0, (failure.kind === 'loading' ? this.loadingWaits : this.counted + this.overlapRetries) - 1);
  }

  /**
   * Whether to try again after `failure`. `overlapped`: other calls of the run were in flight
   * during this one, so a "too much at once" failure may be theirs as much as its own; such a
   * retry does not use the budget (the run lowers its concurrency meanwhile). A loading server is
   * waited for until the call's deadline, on its own counter.
   */
  allows(failure: Failure, overlapped: boolean): boolean {
    if (!RETRYABLE.has(failure.kind)) return false;
    if (failure.kind === 'loading') {
      this.loadingWaits++;
      return true;
    }
    if (overlapped && SLOWS_DOWN.has(failure.kind) && this.overlapRetries < MAX_FREE_RETRIES) {
      this.overlapRetries++;
      return true;
    }
    if (this.counted >= this.retries) return false;
    this.counted++;
    return true;
  }
}

/**
 * Where a run lets each attempt of a model call through: at most its current concurrency at once.
 * The reply source enters before every attempt (retries included) and leaves with its outcome, so
 * the run can lower its concurrency when attempts fail for being too many, and raise it again.
 */
export interface AttemptGate {
  /** Resolves when the attempt may start; rejects when `signal` aborts first. */
  enter(signal: AbortSignal): Promise<AttemptTicket>;
}

export interface AttemptTicket {
  /** Whether another attempt was in flight at some moment during this one. */
  readonly overlapped: boolean;
  /** Called once: null for a reply, the failure otherwise, `cancelled` when abandoned. */
  leave(outcome: Failure | null | 'cancelled'): void;
}
