// A batch run's concurrency, adapted to what the server can take (AIMD, as TCP does): every
// attempt of a model call enters this gate, at most `limit` at once. An attempt that fails for
// being one too many (llama-server's shared context overflowing, HTTP 429, an overloaded 503)
// halves the limit; a run of successes raises it by one, up to the requested concurrency. Only
// attempts started under the current limit can lower it again, so one wave of failures halves
// it once. Each probe upwards that fails makes the next wait twice as long: a server whose context
// fits one prompt is not asked for two every few questions.
import { type AttemptGate, type AttemptTicket, type Failure, SLOWS_DOWN } from '../eval/failures';

/** A change of the limit, for the run's progress and summary. */
export interface ConcurrencyChange {
  from: number;
  to: number;
  /** The failure that lowered it; null when a run of successes raised it. */
  cause: Failure | null;
  /** For a raise: the successes in a row that earned it. */
  successes?: number;
}

/** Successes in a row before the first raise; doubled by every lowering, at most MAX_SUCCESS_RUN. */
const FIRST_SUCCESS_RUN = 10;
const MAX_SUCCESS_RUN = 160;

interface Waiter {
  resolve(ticket: AttemptTicket): void;
  reject(error: Error): void;
  signal: AbortSignal;
  onAbort(): void;
}

export class AdaptiveConcurrency implements AttemptGate {
  private current: number;
  private lowest: number;
  private readonly active = new Set<GateTicket>();
  private readonly waiting: Waiter[] = [];
  /** Bumped by every lowering: an attempt started before it does not lower the limit again. */
  private epoch = 0;
  private successes = 0;
  private lowerings = 0;
  private closed = false;
  readonly changes: ConcurrencyChange[] = [];

  constructor(
    readonly requested: number,
    private readonly onChange?: (change: ConcurrencyChange) => void,
  ) {
    this.current = Math.max(1, requested);
    this.lowest = this.current;
  }

  get limit(): number {
    return this.current;
  }

  /** The lowest limit the run came down to. */
  get lowestLimit(): number {
    return this.lowest;
  }

  enter(signal: AbortSignal): Promise<AttemptTicket> {
    if (signal.aborted || this.closed)
      return Promise.reject(new Error(this.closed ? 'the run has stopped' : 'aborted'));
    if (this.active.size < this.current && this.waiting.length === 0) return Promise.resolve(this.admit());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new Error('aborted'));
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private admit(): GateTicket {
    const ticket = new GateTicket(this, this.epoch);
    // Overlapping attempts share the blame for a "too many at once" failure: all are marked.
    if (this.active.size > 0) {
      ticket.overlapped = true;
      for (const other of this.active) other.overlapped = true;
    }
    this.active.add(ticket);
    return ticket;
  }

  /** Turns away every attempt waiting for its turn and every later one (the run has stopped; their questions stay unasked). */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) {
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.reject(new Error('the run has stopped'));
    }
  }

  /** Lets waiting attempts in while there is room, in the order they came. */
  private pump(): void {
    while (this.active.size < this.current && this.waiting.length > 0) {
      const waiter = this.waiting.shift() as Waiter;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.admit());
    }
  }

  /** Called by a ticket when its attempt ends. */
  left(ticket: GateTicket, outcome: Failure | null | 'cancelled'): void {
    this.active.delete(ticket);
    if (outcome === null) this.succeeded();
    else if (outcome !== 'cancelled' && SLOWS_DOWN.has(outcome.kind)) this.overloaded(ticket, outcome);
    this.pump();
  }

  private succeeded(): void {
    this.successes++;
    const needed = Math.min(MAX_SUCCESS_RUN, FIRST_SUCCESS_RUN * 2 ** Math.max(0, this.lowerings - 1));
    if (this.current < this.requested && this.successes >= needed) {
      this.successes = 0;
      this.change(this.current + 1, null, needed);
    }
  }

  private overloaded(ticket: GateTicket, cause: Failure): void {
    this.successes = 0;
    if (ticket.epoch !== this.epoch || this.current === 1) return;
    this.epoch++;
    this.lowerings++;
    this.change(Math.max(1, Math.floor(this.current / 2)), cause);
  }

  private change(to: number, cause: Failure | null, successes?: number): void {
    const change: ConcurrencyChange = {
      from: this.current,
      to,
      cause,
      ...(successes === undefined ? {} : { successes }),
    };
    this.current = to;
    this.lowest = Math.min(this.lowest, to);
    this.changes.push(change);
    this.onChange?.(change);
  }
}

class GateTicket implements AttemptTicket {
  overlapped = false;
  private done = false;

  constructor(
    private readonly gate: AdaptiveConcurrency,
    readonly epoch: number,
  ) {}

  leave(outcome: Failure | null | 'cancelled'): void {
    if (this.done) return;
    this.done = true;
    this.gate.left(this, outcome);
  }
}

/** What a lowering of concurrency says about its cause and what would avoid it. */
export function concurrencyAdvice(cause: Failure): { reason: string; advice: string } {
  if (cause.kind === 'context-slots')
    return {
      reason: "'Context size has been exceeded'",
      advice: "llama-server's slots share one context; start it with -np 1 or a larger -c",
    };
  if (cause.kind === 'rate-limit')
    return {
      reason: 'HTTP 429 (rate limited)',
      advice: 'the server limits requests; a lower request rate avoids the retries',
    };
  return {
    reason: `HTTP ${cause.status ?? 503} (overloaded)`,
    advice: 'the server is busy; fewer requests at once avoid the retries',
  };
}

/** One line about a run's concurrency changes, or null when it never changed: `concurrency reduced 4→1 after …; back up to 2 by the end`. */
export function concurrencySummary(requested: number, changes: readonly ConcurrencyChange[]): string | null {
  const lowered = changes.filter((change) => change.cause !== null);
  if (lowered.length === 0) return null;
  const lowest = Math.min(...changes.map((change) => change.to));
  const final = changes[changes.length - 1].to;
  const kinds = [...new Map(lowered.map((change) => [change.cause?.kind, change.cause as Failure])).values()];
  const causes = kinds.map((cause) => {
    const { reason, advice } = concurrencyAdvice(cause);
    return `${reason} (${advice})`;
  });
  const recovered = final > lowest ? `; back up to ${final} by the end` : '';
  return `concurrency reduced ${requested}→${lowest} after ${causes.join(' and ')}${recovered}`;
}
