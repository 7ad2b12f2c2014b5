// Provider usage that is no token count (issue 29: negative, fractional or text counts wrote
// records Waypoint's own reader rejected, and defeated --max-cost). Each such figure is recorded as
// not reported, with a note in `usage_notes`; a cost cap then counts the request at its bound, so a
// hostile server stops where a server that reports nothing stops; and every record written is one
// the reader accepts (core/eval/recordGuard.ts repairs the numbers of any record that is not).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writableRecord } from '../../../src/core/eval/recordGuard';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import { usageNotesOf } from '../../../src/core/eval/replyFields';
import type { RunRecord } from '../../../src/core/eval/types';
import { runWaypoint } from '../../support/cli';
import { chatRequests, type FakeOpenAi, startFakeOpenAi } from '../../support/fakeOpenAi';
import { samplesDir } from '../../support/paths';
import { mangoRecord } from './fixtures';

const game = join(samplesDir, 'mango', 'lighthouse');
const HOSTILE = {
  prompt_tokens: -1_000_000,
  completion_tokens: 'lots',
  completion_tokens_details: { reasoning_tokens: 2.5 },
  cost: -6000,
};

/** The record as the reader reads it back from its line. */
const readBack = (record: unknown) => parseRunRecords(JSON.stringify(record), 'run.jsonl');

describe('hostile provider usage', function () {
  it('names each usage figure that is no count or cost, and passes good ones silently', function () {
    assert.deepEqual(usageNotesOf(HOSTILE), [
      'usage.prompt_tokens was -1000000, not a non-negative integer: recorded as not reported',
      'usage.completion_tokens was "lots", not a non-negative integer: recorded as not reported',
      'usage.completion_tokens_details.reasoning_tokens was 2.5, not a non-negative integer: recorded as not reported',
      'usage.cost was -6000, not a non-negative number: recorded as not reported',
    ]);
    assert.deepEqual(usageNotesOf({ prompt_tokens: 10, completion_tokens: 0, cost: 0.01 }), []);
    assert.deepEqual(usageNotesOf(undefined), []);
  });

  it('a record with numbers the reader would reject is repaired with notes; one still invalid becomes an error record', function () {
    const good = mangoRecord({ model: 'm', game: 'zork1', n: 1, strict: 1 });
    assert.equal(writableRecord(good), good, 'a valid record is written as it is');
    const hostile = {
      ...good,
      promptTokens: -5,
      completionTokens: 1.5,
      costUsd: Number.POSITIVE_INFINITY,
      latencyMs: Number.NaN,
      reasoning_tokens: -1,
    } as RunRecord;
    assert.equal(readBack(hostile).records.length, 0, 'as it was, the reader rejects it');
    const repaired = writableRecord(hostile);
    assert.equal(readBack(repaired).records.length, 1);
    assert.deepEqual(
      [
        repaired.promptTokens,
        repaired.completionTokens,
        repaired.costUsd,
        repaired.latencyMs,
        repaired.reasoning_tokens,
      ],
      [null, null, null, 0, undefined],
    );
    assert.equal(repaired.usage_notes?.length, 5);
    assert.match(
      repaired.usage_notes?.[0] ?? '',
      /^promptTokens was -5, not a non-negative integer: recorded as null$/,
    );
    assert.deepEqual(repaired.scores, good.scores, 'the answer and its scores are kept');

    const broken = { ...good, scores: { success_strict: [1] } } as unknown as RunRecord;
    const errorRecord = writableRecord(broken);
    assert.equal(readBack(errorRecord).records.length, 1);
    assert.match(
      errorRecord.error ?? '',
      /^internal error: the answer's record was not valid \(scores\.success_strict: /,
    );
    assert.equal(errorRecord.rawAnswer, good.rawAnswer);
  });

  describe('through the built CLI (local server)', function () {
    let fake: FakeOpenAi;
    let dir: string;
    beforeEach(async () => {
      fake = await startFakeOpenAi();
      dir = mkdtempSync(join(tmpdir(), 'waypoint-usage-'));
      mkdirSync(join(dir, '.waypoint'));
      writeFileSync(
        join(dir, 'models.json'),
        JSON.stringify([
          {
            id: 'priced',
            provider: 'openai-compatible',
            baseUrl: fake.url,
            model: 'fake',
            temperature: 0,
            maxTokens: 16,
            timeoutMs: 10000,
            retries: 0,
            costPer1kInput: 1,
            costPer1kOutput: 1,
          },
        ]),
      );
    });
    afterEach(async () => {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** A capped run of 30 questions against a server whose every reply carries `usage`; the run's summary and records. */
    async function cappedRun(out: string, usage: unknown, ...extra: string[]) {
      fake.respond = () => ({ content: 'north', usage });
      const run = await runWaypoint(
        [
          'run',
          'mango',
          game,
          '--profile',
          join(dir, 'models.json'),
          '--profile-id',
          'priced',
          '--limit',
          '30',
          '--concurrency',
          '1',
          '--no-cache',
          '--max-cost',
          '40',
          '--out',
          join(dir, out),
          '--json',
          ...extra,
        ],
        dir,
      );
      const text = readFileSync(join(dir, out), 'utf8');
      return { run, summary: JSON.parse(run.stdout), ...parseRunRecords(text, out), lines: text.trim().split('\n') };
    }

    it('--max-cost stops a hostile server where it stops one that reports nothing; every record reads back', async function () {
      const silent = await cappedRun('silent.jsonl', {});
      const hostile = await cappedRun('hostile.jsonl', HOSTILE);
      assert.equal(silent.summary.stopped_by, 'cost-cap');
      assert.equal(hostile.summary.stopped_by, 'cost-cap', hostile.run.stderr);
      assert.ok(hostile.summary.answered < 30);
      assert.equal(hostile.summary.answered, silent.summary.answered);
      assert.ok(hostile.summary.cost_usd > 0, `cost ${hostile.summary.cost_usd}`);
      // Every line written is a record the reader accepts, and says what it did with the figures.
      assert.deepEqual(hostile.problems, []);
      assert.equal(hostile.records.length, hostile.lines.length);
      for (const record of hostile.records) {
        assert.deepEqual(
          [record.promptTokens, record.completionTokens, record.reasoning_tokens],
          [null, null, undefined],
        );
        assert.equal(record.usage_notes?.length, 4);
      }
      assert.equal(silent.records[0].usage_notes, undefined, 'no usage at all is no note');

      const report = await runWaypoint(['report', join(dir, 'hostile.jsonl'), '--json'], dir);
      assert.equal(report.code, 0, report.stderr);
      assert.equal(JSON.parse(report.stdout).records, hostile.records.length);
      // Resume asks only what the file does not answer.
      const before = chatRequests(fake).length;
      const resumed = await cappedRun('hostile.jsonl', HOSTILE, '--resume');
      assert.equal(resumed.summary.already_answered, hostile.records.length);
      const asked = chatRequests(fake).slice(before);
      const askedIds = new Set(asked.map((request) => JSON.stringify(request.body.messages)));
      const recordedPrompts = new Set(hostile.records.map((record) => JSON.stringify(record.messages)));
      assert.ok(
        [...askedIds].every((prompt) => !recordedPrompts.has(prompt)),
        'no answered question asked again',
      );
    });
  });
});
