// The batch-run engine on the toy benchmark with an in-process model: it never has more than
// `concurrency` requests in flight, spaces requests by --rpm, stops before a request would pass
// the cost cap, turns failed calls into error records, abandons only in-flight work when
// cancelled, and hands records over one at a time.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { ModelCallError, type ReplySource } from '../../../src/core/eval/engine';
import type { ModelProfile, QuestionBase, RunRecord } from '../../../src/core/eval/types';
import { type PreparedQuestion, preparedFromHooks } from '../../../src/core/benchmark/registry';
import { errorRecord, runQuestions, type RunOptions } from '../../../src/core/runs/runner';
import { ResumeIndex } from '../../../src/core/runs/resumeIndex';
import { answerKey, inShard, parseShard, seededSample } from '../../../src/core/runs/selection';
import { toyBenchmark, type ToyQuestion } from '../../fixtures/toy/benchmark';

const model: ModelProfile = {
  id: 'toy-model',
  provider: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:9',
  model: 'toy',
  temperature: 0,
  maxTokens: 100,
  timeoutMs: 1000,
  retries: 0,
  costPer1kInput: 1,
  costPer1kOutput: 1,
};

function questions(count: number): PreparedQuestion[] {
  return Array.from({ length: count }, (_, index) => {
    const question: ToyQuestion = {
      benchmark: 'toy',
      sampleId: `toy-${index}`,
      file: `c${index}.toy.json`,
      length: 5,
      start: 0,
      goal: 1 + (index % 4),
    };
    return preparedFromHooks(toyBenchmark, question) as PreparedQuestion;
  });
}

/** A model that walks right `goal` times after `delayMs`, counting how many calls overlap. */
function walkingModel(delayMs: number, fail: (sampleId: string) => boolean = () => false) {
  const state = { inFlight: 0, maxInFlight: 0, calls: 0, starts: [] as number[] };
  const source: ReplySource = {
    async reply(_messages, _profile, question, signal) {
      state.calls++;
      state.starts.push(Date.now());
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, delayMs);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new ModelCallError('cancelled'));
          });
        });
        if (fail(question.sampleId)) throw new ModelCallError(`the server failed on ${question.sampleId}`);
        const goal = (question as unknown as ToyQuestion).goal;
        return {
          text: Array.from({ length: goal }, () => 'right').join('\n'),
          promptTokens: 100,
          completionTokens: 10,
          latencyMs: delayMs,
          cached: false,
        };
      } finally {
        state.inFlight--;
      }
    },
  };
  return { source, state };
}

function options(source: ReplySource, records: RunRecord<QuestionBase>[], extra: Partial<RunOptions> = {}): RunOptions {
  return {
    profile: model,
    label: 'Toy',
    source,
    cache: null,
    mode: 'faithful',
    seed: 0,
    runId: 'run-1',
    concurrency: 3,
    signal: new AbortController().signal,
    onRecord: (record) => void records.push(record),
    ...extra,
  };
}

describe('batch runs: the engine', () => {
  it('asks every question once, at most `concurrency` at a time, and scores each', async () => {
    const { source, state } = walkingModel(15);
    const records: RunRecord<QuestionBase>[] = [];
    const summary = await runQuestions(questions(10), options(source, records));
    assert.equal(summary.stoppedBy, 'done');
    assert.equal(state.calls, 10);
    assert.equal(state.maxInFlight, 3);
    assert.deepEqual(
      records.map((record) => record.question.sampleId).sort(),
      questions(10)
        .map((prepared) => prepared.question.sampleId)
        .sort(),
    );
    assert.ok(
      records.every(
        (record) => record.scores.success === 1 && record.run_id === 'run-1' && Array.isArray(record.diagnostics),
      ),
    );
    assert.equal(summary.done, 10);
    assert.ok(summary.rate !== null && summary.rate > 0);
  });

  it('spaces requests by the requests-per-minute limit', async () => {
    const { source, state } = walkingModel(1);
    // 1,200 a minute = one every 50 ms, even with 4 workers free.
    await runQuestions(questions(5), options(source, [], { concurrency: 4, requestsPerMinute: 1200 }));
    // Never ahead of the schedule: the k-th request starts at least k × 50 ms after the first. (A
    // busy machine can delay one start, so two consecutive gaps are not each 50 ms; the rate holds.)
    const offsets = state.starts.map((start) => start - state.starts[0]);
    assert.ok(
      offsets.every((offset, k) => offset >= k * 50 - 5),
      `starts at ${offsets.map((offset) => offset.toFixed(0)).join(', ')} ms`,
    );
  });

  it('stops before a request whose worst case would pass the cost cap', async () => {
    const { source, state } = walkingModel(1);
    const records: RunRecord<QuestionBase>[] = [];
    // Each request: at most (100 prompt + 100 max tokens) × $1/1k = $0.20 reserved; actual (100 + 10)/1k = $0.11.
    const summary = await runQuestions(
      questions(10),
      options(source, records, {
        concurrency: 1,
        maxCostUsd: 0.5,
        promptCounter: { by: 'server', count: async () => ({ tokens: 100, by: 'server' }) },
      }),
    );
    assert.equal(summary.stoppedBy, 'cost-cap');
    // $0.11 + $0.11 + $0.11 = $0.33; a fourth could reach $0.53 > $0.50, so it is never made.
    assert.equal(state.calls, 3);
    assert.equal(records.length, 3);
    assert.ok(Math.abs(summary.costUsd - 0.33) < 1e-9, String(summary.costUsd));
  });

  it('turns a failed call into a record with `error` and goes on', async () => {
    const { source } = walkingModel(1, (sampleId) => sampleId === 'toy-2');
    const records: RunRecord<QuestionBase>[] = [];
    const summary = await runQuestions(questions(4), options(source, records));
    const failed = records.filter((record) => record.error !== undefined);
    assert.deepEqual(
      failed.map((record) => [record.question.sampleId, record.error, record.scores]),
      [['toy-2', 'the server failed on toy-2', {}]],
    );
    // A failure that says nothing of its kind is `internal`, so summaries group every failure by kind.
    assert.deepEqual(failed[0].failure, { kind: 'internal' });
    assert.equal(summary.errors, 1);
    // An error is no answer: resume asks it again, and only it.
    const resume = new ResumeIndex(questions(4), model, 'faithful');
    for (const record of records) resume.add(record);
    assert.deepEqual(
      resume.remaining().map((prepared) => prepared.question.sampleId),
      ['toy-2'],
    );
  });

  it('an error record keeps the messages as they were sent (folded under the alternate layout)', () => {
    const prepared = {
      ...questions(1)[0],
      messages: [
        { role: 'system', content: 'rules' },
        { role: 'user', content: 'first' },
        { role: 'user', content: 'second' },
      ],
    } as PreparedQuestion;
    const alternate = errorRecord(prepared, { ...model, messageLayout: 'alternate' }, 'faithful', 'run-1', 'HTTP 500');
    assert.deepEqual(alternate.messages, [
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'first\n\nsecond' },
    ]);
    assert.equal(errorRecord(prepared, model, 'faithful', 'run-1', 'HTTP 500').messages.length, 3);
  });

  it('on cancel, abandons the requests in flight without records and starts no more', async () => {
    const { source: walking, state } = walkingModel(40);
    const controller = new AbortController();
    const records: RunRecord<QuestionBase>[] = [];
    // The abort is timed from the first call, not from the test's start: set-up slowed by a busy
    // machine must not let it come before any answer. Calls end 40 ms after they start and their
    // timers fire in order, so the first two calls are answered before it and two calls are in flight at it.
    const source: ReplySource = {
      reply(...args) {
        if (state.calls === 0) setTimeout(() => controller.abort(), 100);
        return walking.reply(...args);
      },
    };
    const summary = await runQuestions(
      questions(20),
      options(source, records, { concurrency: 2, signal: controller.signal }),
    );
    assert.equal(summary.stoppedBy, 'cancelled');
    assert.ok(records.length >= 2 && records.length < 20, `${records.length} records`);
    // Only the two in flight at the abort went unrecorded.
    assert.equal(state.calls - records.length, 2);
    assert.ok(records.every((record) => record.error === undefined));
  });

  it('hands records to a slow sink one at a time', async () => {
    const { source } = walkingModel(1);
    let writing = 0;
    let overlapped = false;
    await runQuestions(
      questions(8),
      options(source, [], {
        concurrency: 4,
        onRecord: async () => {
          if (writing++ > 0) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, 5));
          writing--;
        },
      }),
    );
    assert.equal(overlapped, false);
  });

  it('the built-in agents answer offline through the same engine', async () => {
    const records: RunRecord<QuestionBase>[] = [];
    await runQuestions(questions(4), {
      ...options({ reply: () => Promise.reject(new Error('no network for built-ins')) }, records),
      profile: { ...model, id: 'oracle', provider: 'oracle' },
    });
    assert.deepEqual(
      records.map((record) => record.scores.success),
      [1, 1, 1, 1],
    );
  });
});

describe('batch runs: question selection', () => {
  it('a resume with another message layout or history window asks again; files without them keep their keys', () => {
    const question = questions(1)[0].question;
    const key = (profile: ModelProfile) => answerKey({ question, model: profile, mode: 'faithful' });
    assert.equal(
      key(model),
      JSON.stringify([
        'toy-0',
        'toy-model',
        'openai-compatible',
        'toy',
        'http://127.0.0.1:9/v1',
        null,
        0,
        100,
        null,
        'faithful',
      ]),
    );
    const keys = [
      key(model),
      key({ ...model, historyTurns: 2 }),
      key({ ...model, historyTurns: 3 }),
      key({ ...model, messageLayout: 'alternate' }),
      key({ ...model, messageLayout: 'alternate', historyTurns: 2 }),
    ];
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(key({ ...model, historyTurns: 2 }), key({ ...model, historyTurns: 2 }));
  });

  it('shards are disjoint, cover the set, and do not depend on its order', () => {
    const all = questions(200).map((prepared) => prepared.question);
    const shards = [1, 2, 3].map((index) =>
      all.filter((question) => inShard(question, { index, count: 3 })).map((question) => question.sampleId),
    );
    assert.equal(shards.flat().length, 200);
    assert.equal(new Set(shards.flat()).size, 200);
    assert.ok(
      shards.every((shard) => shard.length > 40),
      shards.map((shard) => shard.length).join(' '),
    );
    assert.deepEqual(
      [...all]
        .reverse()
        .filter((question) => inShard(question, { index: 2, count: 3 }))
        .map((question) => question.sampleId)
        .reverse(),
      shards[1],
    );
    assert.deepEqual(
      [parseShard('2/3'), parseShard('0/3'), parseShard('4/3'), parseShard('x')],
      [{ index: 2, count: 3 }, null, null, null],
    );
  });

  it('a seeded sample is reproducible, in the set order, and differs by seed', () => {
    const items = Array.from({ length: 50 }, (_, index) => index);
    const first = seededSample(items, 10, 7);
    assert.deepEqual(first, seededSample(items, 10, 7));
    assert.deepEqual(
      first,
      [...first].sort((a, b) => a - b),
    );
    assert.notDeepEqual(first, seededSample(items, 10, 8));
    assert.equal(new Set(first).size, 10);
  });
});

describe('batch runs: the shared response cache', () => {
  it('survives many writers of one key at once (each entry is written aside and renamed)', async () => {
    const { mkdtempSync, promises: fs, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { WorkspaceStore } = await import('../../../src/core/eval/workspaceStore');
    const root = mkdtempSync(join(tmpdir(), 'waypoint-cache-'));
    const warnings: string[] = [];
    try {
      const store = new WorkspaceStore(root, (line) => warnings.push(line), fs);
      // Replies of different lengths: interleaved plain writes leave "text after the end of the JSON value".
      await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          store.set('k', {
            text: 'x'.repeat(index * 37),
            promptTokens: index,
            completionTokens: null,
            latencyMs: index * 1000,
            cached: false,
          }),
        ),
      );
      const entry = await store.get('k');
      assert.ok(entry && /^x*$/.test(entry.text));
      assert.deepEqual(warnings, []);
      assert.deepEqual(
        (await fs.readdir(join(root, '.waypoint', 'cache'))).filter((name) => name.endsWith('.tmp')),
        [],
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
