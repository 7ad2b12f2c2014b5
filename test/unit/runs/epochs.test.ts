// Repeats (`waypoint run --epochs K`): each question asked K times with seeds S, S+1, …, each epoch
// cached under keys of its own, every record saying its epoch, and a resumed run asking only the
// (question, epoch) pairs its file does not answer.
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import type { ReplySource, ResponseCache } from '../../../src/core/eval/engine';
import type { ModelProfile, ModelReply, QuestionBase, RunRecord } from '../../../src/core/eval/types';
import { type PreparedQuestion, preparedFromHooks } from '../../../src/core/benchmark/registry';
import { withEpochs } from '../../../src/core/runs/epochs';
import { ResumeIndex } from '../../../src/core/runs/resumeIndex';
import { runQuestions } from '../../../src/core/runs/runner';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { mangoRecord } from './fixtures';
import { toyBenchmark, type ToyQuestion } from '../../fixtures/toy/benchmark';

const model: ModelProfile = {
  id: 'toy-model',
  provider: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:9',
  model: 'toy',
  temperature: 0.7,
  maxTokens: 100,
  timeoutMs: 1000,
  retries: 0,
};

function questions(count: number): PreparedQuestion[] {
  return Array.from({ length: count }, (_, index) => {
    const question: ToyQuestion = {
      benchmark: 'toy',
      sampleId: `toy-${index}`,
      file: `c${index}.toy.json`,
      length: 5,
      start: 0,
      goal: 1 + index,
    };
    return preparedFromHooks(toyBenchmark, question) as PreparedQuestion;
  });
}

/** A model whose answer depends on the seed it is sent: it walks right `seed mod 3` times (no seed: once). */
function seededModel() {
  const seeds: Array<{ sampleId: string; seed: number | undefined }> = [];
  const source: ReplySource = {
    async reply(_messages, profile, question) {
      seeds.push({ sampleId: question.sampleId, seed: profile.seed });
      const steps = profile.seed === undefined ? 1 : profile.seed % 3;
      return {
        text: Array.from({ length: steps }, () => 'right').join('\n'),
        promptTokens: 10,
        completionTokens: 2,
        latencyMs: 1,
        cached: false,
      };
    },
  };
  return { source, seeds };
}

class MemoryCache implements ResponseCache {
  readonly entries = new Map<string, ModelReply>();
  async get(key: string) {
    return this.entries.get(key);
  }
  async set(key: string, reply: ModelReply) {
    this.entries.set(key, reply);
  }
}

async function run(prepared: PreparedQuestion[], source: ReplySource, cache: ResponseCache | null) {
  const records: RunRecord<QuestionBase>[] = [];
  await runQuestions(prepared, {
    profile: model,
    label: 'Toy',
    source,
    cache,
    mode: 'faithful',
    seed: 0,
    runId: 'run-epochs',
    concurrency: 2,
    signal: new AbortController().signal,
    onRecord: (record) => void records.push(record),
  });
  return records;
}

describe('repeats: --epochs K', () => {
  it('asks each question K times with distinct seeds, and each record says its epoch', async () => {
    const { source, seeds } = seededModel();
    const records = await run(withEpochs(questions(2), 3), source, null);
    assert.equal(records.length, 6);
    const seen = seeds.map((entry) => `${entry.sampleId}@${entry.seed}`).sort();
    assert.deepEqual(seen, ['toy-0@1', 'toy-0@2', 'toy-0@undefined', 'toy-1@1', 'toy-1@2', 'toy-1@undefined']);
    const epochs = records.map((record) => `${record.question.sampleId}#${record.epoch}`).sort();
    assert.deepEqual(epochs, ['toy-0#1', 'toy-0#2', 'toy-0#3', 'toy-1#1', 'toy-1#2', 'toy-1#3']);
    // Epoch 3 was sent seed 2: the record keeps the seed it was asked with.
    assert.ok(records.filter((record) => record.epoch === 3).every((record) => record.model.seed === 2));
    // The answers differ by seed, so the repeats score differently (toy-0's goal is one step right).
    const toy0 = records.filter((record) => record.question.sampleId === 'toy-0');
    assert.ok(new Set(toy0.map((record) => record.rawAnswer)).size > 1);
  });

  it('one epoch is the run it always was: no epoch field, no seed', async () => {
    const { source, seeds } = seededModel();
    const records = await run(withEpochs(questions(2), 1), source, null);
    assert.equal(records.length, 2);
    assert.ok(records.every((record) => !('epoch' in record)));
    assert.ok(seeds.every((entry) => entry.seed === undefined));
  });

  it('caches each epoch apart: a second run is all cache hits, and no epoch gets another epoch’s reply', async () => {
    const cache = new MemoryCache();
    const first = seededModel();
    const records = await run(withEpochs(questions(2), 3), first.source, cache);
    assert.equal(cache.entries.size, 6);
    const second = seededModel();
    const again = await run(withEpochs(questions(2), 3), second.source, cache);
    assert.equal(second.seeds.length, 0);
    assert.ok(again.every((record) => record.cached));
    const answer = (list: RunRecord[], id: string, epoch: number) =>
      list.find((record) => record.question.sampleId === id && record.epoch === epoch)?.rawAnswer;
    for (const id of ['toy-0', 'toy-1'])
      for (const epoch of [1, 2, 3]) assert.equal(answer(again, id, epoch), answer(records, id, epoch));
  });

  it('resume asks only the (question, epoch) pairs the file does not answer', async () => {
    const { source } = seededModel();
    const all = withEpochs(questions(2), 3);
    const records = await run(all, source, null);
    const index = new ResumeIndex(all, model, 'faithful');
    // The file holds epochs 1 and 3 of toy-0 and every epoch of toy-1.
    for (const record of records) if (!(record.question.sampleId === 'toy-0' && record.epoch === 2)) index.add(record);
    const remaining = index.remaining() as Array<PreparedQuestion & { epoch?: number }>;
    assert.deepEqual(
      remaining.map((prepared) => `${prepared.question.sampleId}#${prepared.epoch}`),
      ['toy-0#2'],
    );
    assert.equal(index.alreadyAnswered, 5);
  });

  it('a merge keeps every epoch of a question (repeats are not superseded), and a repeated epoch once', () => {
    const records = [1, 2, 3].flatMap((epoch) =>
      [0, 1].map((n) => mangoRecord({ model: 'm', game: 'zork1', n, strict: epoch % 2, epoch })),
    );
    const set = mergeRunFiles([
      { file: 'a.jsonl', records },
      { file: 'b.jsonl', records: records.slice(0, 2) },
    ]);
    assert.equal(set.records.length, 6);
    assert.equal(set.superseded, 2);
  });
});
