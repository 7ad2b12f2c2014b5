// The batch-run engine behind `waypoint run` (and the editor's Run Benchmark): asks a list of
// prepared questions of one model profile through the single pipeline (answerPrepared), with a
// concurrency limit that adapts to the server (adaptiveConcurrency.ts), a requests-per-minute
// limit, a cost cap that reserves each request's worst case before it is sent (costCap.ts), a
// circuit breaker that stops a run whose every question fails the same way (circuitBreaker.ts),
// and cancellation that abandons only the
// requests in flight. Records go to the caller as answers arrive (the CLI appends each as one
// line), so an interrupted run loses at most `concurrency` questions and resumes from its file.
import type { PreparedQuestion } from '../benchmark/registry';
import { costOf } from '../eval/cost';
import {
  cacheKey,
  isCacheable,
  ModelCallCancelled,
  ModelCallError,
  type ReplySource,
  type ResponseCache,
  runRecordOf,
} from '../eval/engine';
import type { AttemptGate, Failure } from '../eval/failures';
import { layoutMessages } from '../eval/messageLayout';
import { answerPrepared } from '../eval/pipeline';
import type {
  ChatMessage,
  ModelProfile,
  ModelReply,
  QuestionBase,
  RunRecord,
  ScoringMode,
  ServerModelProbe,
} from '../eval/types';
import { abortableSleep } from '../eval/requestGuards';
import { AdaptiveConcurrency, type ConcurrencyChange } from './adaptiveConcurrency';
import { type BreakerTrip, CircuitBreaker } from './circuitBreaker';
import { CostCap, CostCapReached, type Reservation } from './costCap';
import { epochCache, epochCacheKey, epochOffset, epochProfile, type EpochQuestion, stampEpoch } from './epochs';
import { cl100kPromptCounter, type PromptCounter } from './promptCounts';

export interface RunOptions {
  profile: ModelProfile;
  /** The benchmark's label, for messages. */
  label: string;
  /** Required for openai-compatible profiles; offline profiles use each question's built-in agent. */
  source?: ReplySource;
  cache: ResponseCache | null;
  mode: ScoringMode;
  seed: number;
  runId: string;
  concurrency: number;
  /** At most this many model requests start in any minute (cache hits and built-in agents are not requests). */
  requestsPerMinute?: number;
  /** Never spend past this many dollars: each request's worst case is reserved before it is sent. */
  maxCostUsd?: number;
  /** Dollars already spent (the records being resumed, the preflight's request), counted against maxCostUsd. */
  spentUsd?: number;
  /** Records being resumed whose cost is unknown (they make the run's cost unknown too). */
  unknownCostRecords?: number;
  /** Prompt tokens of a request (for the cost bound, and to notice prompts a server cut silently: `context_truncated`); hosts pass the cl100k counter. */
  countTokens?: (messages: readonly ChatMessage[]) => number;
  /** Prompt tokens of a request for the cost cap's reservations: the server's count when it gives one; cl100k estimates by default. */
  promptCounter?: PromptCounter;
  signal: AbortSignal;
  /** Called once per answered question, in completion order; awaited before the next record is handed over. */
  onRecord(record: RunRecord<QuestionBase>): void | Promise<void>;
  onProgress?(progress: RunProgress): void;
  /** Called when the run lowers or raises its concurrency (model requests only). */
  onConcurrencyChange?(change: ConcurrencyChange): void;
}

export interface RunProgress {
  done: number;
  total: number;
  errors: number;
  cached: number;
  /** Dollars spent on known costs (see costUnknown). */
  costUsd: number;
  /** Model requests whose cost is unknown (no prices in the profile and none reported by the provider): when above 0 the run's cost is unknown, not costUsd. */
  costUnknown: number;
  elapsedMs: number;
  /** Answers per second so far; null before the first. */
  rate: number | null;
  /** Seconds left at that rate; null when unknown. */
  etaSeconds: number | null;
  /** Model requests allowed at once right now (lowered when the server is overwhelmed); the requested concurrency for offline agents. */
  concurrency: number;
}

export interface RunResult extends RunProgress {
  /**
   * `cost-cap`: stopped before a request would pass --max-cost; `cancelled`: the signal fired;
   * `circuit-breaker`: the last questions all failed the same way no later question could escape.
   */
  stoppedBy: 'done' | 'cancelled' | 'cost-cap' | 'circuit-breaker';
  /** Questions given no record (not asked, or abandoned before their reply): --resume asks them. */
  notAsked: number;
  /** Every change of the concurrency, in order. */
  concurrencyChanges: ConcurrencyChange[];
  /** Why the circuit breaker stopped the run; null when it did not. */
  breaker: BreakerTrip | null;
}

export { requestCostBound } from '../eval/cost';

/**
 * Wraps the model source with the run's limits: requests start at most `requestsPerMinute` a
 * minute (evenly spaced, so a burst never trips a provider's limiter), and under a cost cap each
 * request's worst case is reserved before it is sent (costCap.ts), replaced by what it cost once
 * it settles.
 */
class LimitedSource implements ReplySource {
  private nextStart = 0;
  /** Requests in flight by cache key: a second identical request (two episodes reaching the same state) waits for the first instead of asking again. */
  private readonly inFlight = new Map<string, Promise<ModelReply>>();
  private readonly cap: CostCap | null;
  /** Dollars spent without a cap (under one, the cap counts them). */
  private uncappedSpent: number;
  /** Requests whose cost nobody knows (no prices, no provider figure): `spent` leaves them out. */
  unknownCost = 0;

  constructor(
    private readonly inner: ReplySource,
    private readonly options: RunOptions,
    private readonly gate: AttemptGate,
  ) {
    this.uncappedSpent = options.spentUsd ?? 0;
    this.cap = options.maxCostUsd === undefined ? null : new CostCap(options.maxCostUsd, this.uncappedSpent);
    this.unknownCost = options.unknownCostRecords ?? 0;
  }

  get spent(): number {
    return this.cap ? this.cap.spent : this.uncappedSpent;
  }

  serverModel(profile: ModelProfile, signal: AbortSignal): Promise<ServerModelProbe> {
    return this.inner.serverModel
      ? this.inner.serverModel(profile, signal)
      : Promise.resolve({ serverModel: null, unlisted: null });
  }

  /** The source as epoch `epoch` of a repeated run asks it: its replies cached under the epoch's own keys. */
  forEpoch(epoch: number | undefined): ReplySource {
    if (epoch === undefined) return this;
    return {
      reply: (messages, profile, question, signal) => this.replyIn(epoch, messages, profile, question, signal),
      serverModel: (profile, signal) => this.serverModel(profile, signal),
    };
  }

  reply(
    messages: readonly ChatMessage[],
    profile: ModelProfile,
    question: QuestionBase,
    signal: AbortSignal,
  ): Promise<ModelReply> {
    return this.replyIn(undefined, messages, profile, question, signal);
  }

  private async replyIn(
    epoch: number | undefined,
    messages: readonly ChatMessage[],
    profile: ModelProfile,
    question: QuestionBase,
    signal: AbortSignal,
  ): Promise<ModelReply> {
    const key = epochCacheKey(cacheKey(profile, messages, question), epoch);
    const pending = this.inFlight.get(key);
    if (pending) return { ...(await pending), cached: true, latencyMs: 0 };
    // The entry stays until the reply is in the cache too, so no later ask falls between the two.
    const request = this.limited(messages, profile, question, signal).then(async (reply) => {
      // Under the epoch's key already (the cache is the run's own, not the epoch's view of it).
      if (!signal.aborted && isCacheable(profile, reply))
        await this.options.cache?.set(key, { ...reply, cached: false });
      return reply;
    });
    this.inFlight.set(key, request);
    try {
      return await request;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async limited(
    messages: readonly ChatMessage[],
    profile: ModelProfile,
    question: QuestionBase,
    signal: AbortSignal,
  ): Promise<ModelReply> {
    const { requestsPerMinute } = this.options;
    let reservation: Reservation | null = null;
    if (this.cap) {
      const count = await (this.options.promptCounter ?? cl100kPromptCounter).count(messages);
      reservation = await this.cap.reserve(profile, messages, count, signal).catch((error: unknown) => {
        if (error instanceof CostCapReached) throw error;
        throw new ModelCallCancelled();
      });
    }
    let outcome: ModelReply | 'refused' | 'maybe-billed' = 'refused';
    try {
      if (requestsPerMinute) {
        const now = Date.now();
        const start = Math.max(now, this.nextStart);
        this.nextStart = start + 60_000 / requestsPerMinute;
        if (start > now)
          await abortableSleep(start - now, signal).catch(() => {
            throw new ModelCallCancelled();
          });
      }
      try {
        const reply = await this.inner.reply(messages, profile, question, signal, this.gate);
        outcome = reply;
        // The provider's own figure when it gives one, else prices × reported tokens; under a cap, else the reservation.
        const actual = costOf(profile, reply);
        if (actual === null && !reservation) this.unknownCost++;
        if (!this.cap) this.uncappedSpent += actual ?? 0;
        return reply;
      } catch (error) {
        // A refusal is not billed; a call that timed out, was cut off or abandoned may have run on the server.
        const kind = error instanceof ModelCallError ? error.failure?.kind : undefined;
        if (!(error instanceof ModelCallError) || kind === 'timeout' || kind === 'cut-off') outcome = 'maybe-billed';
        throw error;
      }
    } finally {
      if (reservation && this.cap) this.cap.settle(reservation, profile, outcome);
    }
  }
}

/** The record of a question that could not be answered: the question, the profile, the error and its kind, no scores. */
export function errorRecord<Q extends QuestionBase>(
  prepared: PreparedQuestion<Q>,
  profile: ModelProfile,
  mode: ScoringMode,
  runId: string,
  message: string,
  failure?: Failure,
): RunRecord<Q> {
  const empty: ModelReply = { text: '', promptTokens: null, completionTokens: null, latencyMs: 0, cached: false };
  // The messages as they were sent, as an answered record keeps them.
  const record = runRecordOf<Q>(
    {
      question: prepared.question,
      model: profile,
      messages: layoutMessages(prepared.messages, profile.messageLayout),
      parsedAnswer: null,
      scores: {},
      mode,
    },
    empty,
  );
  return { ...record, run_id: runId, diagnostics: [], error: message, ...(failure ? { failure: { ...failure } } : {}) };
}

/** Asks every question (in order, `concurrency` at a time) and hands each record to onRecord. */
export async function runQuestions(questions: readonly PreparedQuestion[], options: RunOptions): Promise<RunResult> {
  return new QuestionRun(questions, options).run();
}

/** One runQuestions call: workers taking the questions in turn, sharing the progress and the reason the run stops. */
class QuestionRun {
  private readonly gate: AdaptiveConcurrency;
  private readonly limited: LimitedSource | null;
  private readonly breaker = new CircuitBreaker();
  private readonly started = Date.now();
  private readonly progress = { done: 0, errors: 0, cached: 0 };
  private next = 0;
  private stoppedBy: RunResult['stoppedBy'] = 'done';
  // Records are handed over one at a time, so a sink that appends to a file never interleaves lines.
  private sinkQueue: Promise<void> = Promise.resolve();
  /** Why the sink failed (a full disk): no question is asked after it, and the run throws it once those in flight settle. */
  private sinkFailure: { error: unknown } | null = null;

  constructor(
    private readonly questions: readonly PreparedQuestion[],
    private readonly options: RunOptions,
  ) {
    const offline = options.profile.provider === 'oracle' || options.profile.provider === 'random';
    this.gate = new AdaptiveConcurrency(options.concurrency, (change) => options.onConcurrencyChange?.(change));
    this.limited = options.source && !offline ? new LimitedSource(options.source, options, this.gate) : null;
  }

  async run(): Promise<RunResult> {
    const { questions, options } = this;
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.concurrency, questions.length)) }, () => this.worker()),
    );
    await this.sinkQueue;
    if (this.sinkFailure) throw this.sinkFailure.error;
    if (options.signal.aborted) this.stoppedBy = 'cancelled';
    return {
      ...this.snapshot(),
      stoppedBy: this.stoppedBy,
      notAsked: questions.length - this.progress.done,
      concurrencyChanges: [...this.gate.changes],
      breaker: this.breaker.tripped,
    };
  }

  private snapshot(): RunProgress {
    const { progress, questions, options, limited } = this;
    const elapsedMs = Date.now() - this.started;
    const rate = progress.done > 0 && elapsedMs > 0 ? (progress.done * 1000) / elapsedMs : null;
    const left = questions.length - progress.done;
    return {
      ...progress,
      total: questions.length,
      costUsd: limited?.spent ?? options.spentUsd ?? 0,
      costUnknown: limited?.unknownCost ?? options.unknownCostRecords ?? 0,
      elapsedMs,
      rate,
      etaSeconds: rate ? left / rate : null,
      concurrency: this.gate.limit,
    };
  }

  private deliver(record: RunRecord<QuestionBase>): Promise<void> {
    const { progress, options } = this;
    progress.done++;
    if (record.error !== undefined) progress.errors++;
    if (record.cached) progress.cached++;
    // A run of identical failures no question can escape stops the run: the rest stay unasked.
    if (this.breaker.observe(record.failure as Failure | undefined, record.error) && this.stoppedBy === 'done') {
      this.stoppedBy = 'circuit-breaker';
      this.gate.close();
    }
    this.sinkQueue = this.sinkQueue.then(async () => {
      if (this.sinkFailure) return;
      try {
        await options.onRecord(record);
      } catch (error) {
        // Answers that arrive after this are still in the response cache: --resume gets them unasked.
        this.sinkFailure = { error };
      }
    });
    options.onProgress?.(this.snapshot());
    return this.sinkQueue;
  }

  private async worker(): Promise<void> {
    const { questions, options } = this;
    while (this.stoppedBy === 'done' && !this.sinkFailure && !options.signal.aborted && this.next < questions.length) {
      const prepared: EpochQuestion = questions[this.next++];
      const { epoch } = prepared;
      try {
        // A repeat asks with its own seed (the model's, and the built-in random agent's) and cache keys (epochs.ts).
        const answered = await answerPrepared(prepared, epochProfile(options.profile, epoch), options.label, {
          source: this.limited?.forEpoch(epoch),
          cache: epochCache(options.cache, epoch),
          mode: options.mode,
          signal: options.signal,
          seed: options.seed + epochOffset(epoch),
          runId: options.runId,
          countPromptTokens: options.countTokens,
        });
        await this.deliver(stampEpoch(answered.record, epoch));
      } catch (error) {
        if (error instanceof CostCapReached) {
          this.stoppedBy = 'cost-cap';
          return;
        }
        // Abandoned in flight (cancelled, or turned away when the breaker stopped the run): no record, so --resume asks it again.
        if (error instanceof ModelCallCancelled || options.signal.aborted) return;
        await this.deliver(stampEpoch(this.failureRecord(prepared, error), epoch));
      }
    }
  }

  /** The record of a question whose answering threw. */
  private failureRecord(prepared: EpochQuestion, error: unknown): RunRecord<QuestionBase> {
    const { options } = this;
    const message =
      error instanceof ModelCallError
        ? error.message
        : `internal error: ${error instanceof Error ? error.message : String(error)}`;
    // Without a kind of its own (a prompt that cannot be built, a built-in agent that cannot play, a bug) it is
    // `internal`: every failure groups by kind.
    return errorRecord(
      prepared,
      epochProfile(options.profile, prepared.epoch),
      options.mode,
      options.runId,
      message,
      (error instanceof ModelCallError ? error.failure : undefined) ?? { kind: 'internal' },
    );
  }
}
