// Batch runs that adapt to the server: the concurrency gate (AIMD), the retry budget and its
// jittered backoff, the circuit breaker, and whole runs through the real provider against the
// llama-server double: four slots sharing a context that fits one prompt, a 429 storm, a dead
// port and a wrong key. Assertions are on counts and record contents, never on durations.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { type AddressInfo, createServer } from 'node:net';
import { backoffWithJitterMs, type Failure, RetryBudget } from '../../../src/core/eval/failures';
import { OpenAiCompatibleSource } from '../../../src/core/eval/openaiProvider';
import type { ModelProfile, QuestionBase, RunRecord } from '../../../src/core/eval/types';
import { type PreparedQuestion, preparedFromHooks } from '../../../src/core/benchmark/registry';
import { AdaptiveConcurrency, concurrencySummary } from '../../../src/core/runs/adaptiveConcurrency';
import { BREAKER_THRESHOLD, breakerAdvice, CircuitBreaker } from '../../../src/core/runs/circuitBreaker';
import { runQuestions, type RunSummary } from '../../../src/core/runs/runner';
import { toyBenchmark, type ToyQuestion } from '../../fixtures/toy/benchmark';
import { type ChatRequest, doublePromptTokens, type LlamaServer, startLlamaServer } from '../../support/llamaServer';

const SLOTS: Failure = { kind: 'context-slots', status: 500, type: 'server_error' };
const never = new AbortController().signal;

function questions(count: number): PreparedQuestion[] {
  return Array.from({ length: count }, (_, index) => {
    const question: ToyQuestion = {
      benchmark: 'toy',
      sampleId: `toy-${index}`,
      file: `c${index}.toy.json`,
      length: 9,
      start: 0,
      goal: 1 + (index % 8),
    };
    return preparedFromHooks(toyBenchmark, question) as PreparedQuestion;
  });
}

/** The model walks to the goal the prompt names ("the goal is N"). */
function walker(request: ChatRequest): string {
  const goal = Number(/the goal is (\d+)/.exec(request.messages?.at(-1)?.content ?? '')?.[1] ?? 0);
  return Array.from({ length: goal }, () => 'right').join('\n');
}

async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('adaptive batch runs: the concurrency gate', () => {
  it('one wave of overload failures halves the limit once; the next wave halves it again', async () => {
    const gate = new AdaptiveConcurrency(4);
    const wave = await Promise.all([1, 2, 3, 4].map(() => gate.enter(never)));
    assert.ok(wave.every((ticket) => ticket.overlapped));
    for (const ticket of wave) ticket.leave(SLOTS);
    assert.equal(gate.limit, 2);
    const second = await Promise.all([1, 2].map(() => gate.enter(never)));
    for (const ticket of second) ticket.leave(SLOTS);
    assert.equal(gate.limit, 1);
    assert.deepEqual(
      gate.changes.map((change) => [change.from, change.to, change.cause?.kind]),
      [
        [4, 2, 'context-slots'],
        [2, 1, 'context-slots'],
      ],
    );
    // At 1 a lone attempt is not overlapped: its failure is its own (it uses the retry budget).
    const alone = await gate.enter(never);
    assert.equal(alone.overlapped, false);
    alone.leave(SLOTS);
    assert.equal(gate.limit, 1);
  });

  it('lets waiting attempts in one at a time at limit 1, in order, and closes on the run stopping', async () => {
    const gate = new AdaptiveConcurrency(2);
    const [a, b] = await Promise.all([gate.enter(never), gate.enter(never)]);
    a.leave(SLOTS);
    b.leave(SLOTS);
    assert.equal(gate.limit, 1);
    const first = await gate.enter(never);
    const order: string[] = [];
    const second = gate.enter(never).then((ticket) => (order.push('second'), ticket));
    const third = gate.enter(never).then((ticket) => (order.push('third'), ticket));
    const fourth = gate.enter(never).then(
      () => order.push('fourth'),
      (error: Error) => order.push(`fourth turned away: ${error.message}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(order, []);
    first.leave(null);
    (await second).leave(null);
    await third;
    // The run stops while the third is in flight: the fourth, still waiting, is never let in.
    gate.close();
    await fourth;
    assert.deepEqual(order, ['second', 'third', 'fourth turned away: the run has stopped']);
    await assert.rejects(gate.enter(never), /the run has stopped/);
  });

  it('turns away a waiting attempt whose signal aborts', async () => {
    const gate = new AdaptiveConcurrency(1);
    const holder = await gate.enter(never);
    const controller = new AbortController();
    const waiting = gate.enter(controller.signal);
    controller.abort();
    await assert.rejects(waiting, /aborted/);
    holder.leave(null);
    (await gate.enter(never)).leave(null);
  });

  it('raises the limit by one after a run of successes, up to the requested concurrency, and more slowly after each lowering', async () => {
    const gate = new AdaptiveConcurrency(4);
    (await gate.enter(never)).leave(SLOTS);
    assert.equal(gate.limit, 2);
    for (let index = 0; index < 9; index++) (await gate.enter(never)).leave(null);
    assert.equal(gate.limit, 2);
    (await gate.enter(never)).leave(null);
    assert.equal(gate.limit, 3);
    (await gate.enter(never)).leave(SLOTS);
    assert.equal(gate.limit, 1);
    // Two lowerings: the next raise waits for 20 successes.
    for (let index = 0; index < 19; index++) (await gate.enter(never)).leave(null);
    assert.equal(gate.limit, 1);
    (await gate.enter(never)).leave(null);
    assert.equal(gate.limit, 2);
    assert.equal(
      concurrencySummary(4, gate.changes),
      `concurrency reduced 4→1 after 'Context size has been exceeded' (llama-server's slots share one context; start it with -np 1 or a larger -c); back up to 2 by the end`,
    );
  });

  it('failures that are not overload (a refused key, a dead port, a loading server) leave the limit alone', async () => {
    const gate = new AdaptiveConcurrency(4);
    for (const kind of ['auth', 'connection', 'loading', 'server', 'prompt-too-long'] as const)
      (await gate.enter(never)).leave({ kind });
    assert.equal(gate.limit, 4);
    assert.equal(concurrencySummary(4, gate.changes), null);
  });
});

describe('adaptive batch runs: the retry policy', () => {
  it('backoff is exponential with jitter: between half and all of 0.5 s × 2^n (8 s at most), never the same for different draws', () => {
    for (const tries of [0, 1, 2, 3, 8]) {
      const base = Math.min(8000, 500 * 2 ** tries);
      assert.equal(
        backoffWithJitterMs(tries, () => 0),
        base / 2,
      );
      assert.equal(backoffWithJitterMs(tries, () => 0.999999) <= base, true);
      assert.notEqual(
        backoffWithJitterMs(tries, () => 0.1),
        backoffWithJitterMs(tries, () => 0.6),
      );
    }
    // A loading server is polled at least every 2 s.
    assert.ok(backoffWithJitterMs(10, () => 0.999, 'loading') <= 2000);
  });

  it('overload retries of overlapping calls and loading waits are free; others use the budget; refusals are not retried', () => {
    const budget = new RetryBudget(1);
    assert.equal(budget.allows(SLOTS, true), true);
    assert.equal(budget.allows({ kind: 'rate-limit', status: 429 }, true), true);
    assert.equal(budget.allows({ kind: 'loading', status: 503 }, false), true);
    assert.equal(budget.allows(SLOTS, false), true);
    assert.equal(budget.allows({ kind: 'server', status: 502 }, false), false);
    assert.equal(budget.tries, 4);
    for (const kind of ['auth', 'configuration', 'prompt-too-long', 'timeout', 'request', 'reply'] as const)
      assert.equal(new RetryBudget(5).allows({ kind }, true), false, kind);
  });

  it('a long load does not use up the free retries meant for overlapping calls, nor lengthen their backoff', () => {
    const budget = new RetryBudget(0);
    const loading = { kind: 'loading', status: 503, type: 'unavailable_error' } as const;
    // A minute of loading polled every 2 s: every wait is allowed (the call's deadline ends them).
    for (let poll = 0; poll < 30; poll++) assert.equal(budget.allows(loading, true), true, `poll ${poll}`);
    assert.equal(budget.backoffExponent(loading), 29);
    // Then the four slots' shared context overflows: the overlap retries are all still there, and
    // the first backs off as a first retry does.
    assert.equal(budget.allows(SLOTS, true), true);
    assert.equal(budget.backoffExponent(SLOTS), 0);
    for (let retry = 1; retry < 12; retry++) assert.equal(budget.allows(SLOTS, true), true, `overlap retry ${retry}`);
    assert.equal(budget.backoffExponent(SLOTS), 11);
    // Twelve free overlap retries, then the counted budget (none here).
    assert.equal(budget.allows(SLOTS, true), false);
    // A server that starts loading again (a restart) is still waited for.
    assert.equal(budget.allows(loading, false), true);
    assert.equal(budget.tries, 43);
  });
});

describe('adaptive batch runs: the circuit breaker', () => {
  it(`stops after ${BREAKER_THRESHOLD} identical connection, auth, configuration or loading failures in a row, and only then`, () => {
    const breaker = new CircuitBreaker();
    const refused = { kind: 'auth', status: 401, type: 'authentication_error' } as const;
    for (let index = 0; index < BREAKER_THRESHOLD - 1; index++)
      assert.equal(breaker.observe(refused, 'refused'), false);
    // An answer in between starts the count again; so does another status.
    assert.equal(breaker.observe(null), false);
    for (let index = 0; index < BREAKER_THRESHOLD - 1; index++)
      assert.equal(breaker.observe(refused, 'refused'), false);
    assert.equal(breaker.observe({ kind: 'auth', status: 403 }, 'forbidden'), false);
    for (let index = 0; index < BREAKER_THRESHOLD - 1; index++) breaker.observe({ kind: 'connection' }, 'ECONNREFUSED');
    assert.equal(breaker.observe({ kind: 'connection' }, 'ECONNREFUSED'), true);
    assert.deepEqual(breaker.tripped, {
      failure: { kind: 'connection' },
      message: 'ECONNREFUSED',
      count: BREAKER_THRESHOLD,
    });
    // Per-question failures never stop a run.
    const other = new CircuitBreaker();
    for (let index = 0; index < 20; index++)
      assert.equal(other.observe({ kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' }), false);
  });

  it('advises changing a refused parameter (configuration, HTTP 400), and checking the URL and model for other configuration failures', () => {
    assert.equal(
      breakerAdvice({ kind: 'configuration', status: 400, type: 'invalid_request_error' }),
      'change the parameter as the message says',
    );
    assert.match(breakerAdvice({ kind: 'configuration', status: 404 }), /^correct the base URL/);
  });
});

describe('adaptive batch runs: whole runs against the llama-server double', function () {
  this.timeout(60_000);
  let double: LlamaServer | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  function profile(baseUrl: string, extra: Partial<ModelProfile> = {}): ModelProfile {
    return {
      id: 'local',
      provider: 'openai-compatible',
      baseUrl,
      model: 'default',
      temperature: 0,
      maxTokens: 64,
      timeoutMs: 20_000,
      retries: 2,
      ...extra,
    };
  }

  async function run(
    prepared: PreparedQuestion[],
    model: ModelProfile,
    key = 'no-key',
  ): Promise<{ summary: RunSummary; records: RunRecord<QuestionBase>[] }> {
    const records: RunRecord<QuestionBase>[] = [];
    let seed = 0.21;
    const source = new OpenAiCompatibleSource(
      async () => key,
      undefined,
      () => (seed = (seed * 9301 + 0.49297) % 1),
    );
    const summary = await runQuestions(prepared, {
      profile: model,
      label: 'Toy',
      source,
      cache: null,
      mode: 'faithful',
      seed: 0,
      runId: 'run-1',
      concurrency: 4,
      signal: never,
      onRecord: (record) => void records.push(record),
    });
    return { summary, records };
  }

  for (const stream of [false, true]) {
    it(`at concurrency 4, four slots sharing a context that fits one prompt answer every question (${stream ? 'streamed' : 'whole'})`, async () => {
      const prepared = questions(16);
      const sizes = prepared.map((question) => doublePromptTokens(question.messages));
      // Room for the largest prompt and its reply, not for two of the smallest.
      const context = Math.max(...sizes) + 20;
      assert.ok(2 * Math.min(...sizes) > context);
      double = await startLlamaServer({ contextTokens: context, generationMs: 250, answer: walker });
      const { summary, records } = await run(prepared, profile(double.url, { stream }));
      assert.equal(records.length, 16);
      assert.deepEqual(
        records.filter((record) => record.error !== undefined).map((record) => record.error),
        [],
      );
      assert.ok(
        records.every(
          (record) =>
            record.scores.success === 1 &&
            record.finish_reason === 'stop' &&
            record.served_model === 'models/stories260K.gguf',
        ),
      );
      assert.ok(double.counts.contextExceeded > 0, 'the overflow happened');
      assert.equal(summary.stoppedBy, 'done');
      assert.equal(Math.min(...summary.concurrencyChanges.map((change) => change.to)), 1);
      assert.match(
        concurrencySummary(4, summary.concurrencyChanges) ?? '',
        /^concurrency reduced 4→1 after 'Context size has been exceeded' \(llama-server's slots share one context; start it with -np 1 or a larger -c\)/,
      );
    });
  }

  it('a burst of 429s lowers the concurrency and every question is answered', async () => {
    double = await startLlamaServer({ answer: walker });
    for (let index = 0; index < 6; index++) double.faults.push({ status: 429, retryAfter: '0' });
    const { summary, records } = await run(questions(12), profile(double.url, { retries: 1 }));
    assert.equal(records.filter((record) => record.error === undefined).length, 12);
    assert.equal(double.counts.rateLimited, 6);
    assert.ok(summary.concurrencyChanges.some((change) => change.cause?.kind === 'rate-limit'));
  });

  it('a dead port stops the run after five identical failures; the rest are not asked and get no record', async () => {
    const port = await freePort();
    const { summary, records } = await run(questions(40), profile(`http://127.0.0.1:${port}`, { retries: 0 }));
    assert.equal(summary.stoppedBy, 'circuit-breaker');
    assert.equal(summary.breaker?.failure.kind, 'connection');
    assert.ok(records.length >= BREAKER_THRESHOLD && records.length < 12, `${records.length} records`);
    assert.ok(records.every((record) => record.failure?.kind === 'connection'));
    assert.equal(summary.notAsked, 40 - records.length);
  });

  it("a wrong key stops the run the same way, with the server's status and error type", async () => {
    double = await startLlamaServer({ apiKey: 'the-right-key', answer: walker });
    const { summary, records } = await run(questions(40), profile(double.url), 'a-wrong-key');
    assert.equal(summary.stoppedBy, 'circuit-breaker');
    assert.deepEqual(summary.breaker?.failure, { kind: 'auth', status: 401, type: 'authentication_error' });
    assert.ok(records.length < 12, `${records.length} records`);
    assert.equal(double.counts.unauthorized, records.length);
    assert.equal(summary.notAsked, 40 - records.length);
  });

  it('a loading server is waited for: every question is answered once it is ready', async () => {
    double = await startLlamaServer({ loadingMs: 1500, answer: walker });
    const { summary, records } = await run(questions(8), profile(double.url, { retries: 0 }));
    assert.equal(summary.stoppedBy, 'done');
    assert.equal(records.filter((record) => record.error === undefined).length, 8);
    assert.ok(double.counts.loading > 0);
  });
});
