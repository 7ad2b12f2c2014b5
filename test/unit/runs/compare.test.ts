// `waypoint compare` in core: pairing by sample id, McNemar on the discordant pairs (checked by
// hand), the paired bootstrap for non-binary metrics, flips and unpaired counts.
import { strict as assert } from 'node:assert';
import '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { compareRuns } from '../../../src/core/runs/compare';
import { compareText } from '../../../src/core/runs/format';
import { mergeRunFiles, ReportUsageError } from '../../../src/core/runs/records';
import { jsonl, mangoRecord, mangoSampleId } from './fixtures';

const setOf = (records: RunRecord[], file: string) =>
  mergeRunFiles([{ file, records: parseRunRecords(jsonl(records), file).records }]);

describe('compare (core)', () => {
  // 30 shared questions over three games: 12 both right, 8 both wrong, 1 only A right, 9 only B right.
  // B also answers two questions A has not; A has one B has not.
  const outcome = (i: number): [number, number] => (i < 12 ? [1, 1] : i < 20 ? [0, 0] : i === 20 ? [1, 0] : [0, 1]);
  const games = ['zork1', 'detective', 'omniquest'];
  const a = Array.from({ length: 31 }, (_, i) =>
    mangoRecord({
      model: 'model-a',
      game: games[i % 3],
      n: i,
      strict: i < 30 ? outcome(i)[0] : 1,
      loose: i < 30 ? outcome(i)[0] * 0.5 : 1,
    }),
  );
  const b = Array.from({ length: 32 }, (_, i) => {
    const n = i < 30 ? i : i + 10;
    return mangoRecord({
      model: 'model-b',
      game: games[n % 3],
      n,
      strict: i < 30 ? outcome(i)[1] : 0,
      loose: i < 30 ? outcome(i)[1] : 0,
    });
  });

  it('pairs by sample id and applies the exact McNemar test to binary metrics', () => {
    const json = compareRuns(setOf(a, 'a.jsonl'), setOf(b, 'b.jsonl'));
    assert.equal(json.paired, 30);
    assert.deepEqual(json.unpaired, { a: 1, b: 2 });
    assert.deepEqual(json.models, { a: ['model-a'], b: ['model-b'] });
    const strict = json.metrics.success_strict;
    assert.equal(strict.test, 'mcnemar-exact');
    assert.equal(strict.a, 13 / 30);
    assert.equal(strict.b, 21 / 30);
    assert.equal(strict.diff, 21 / 30 - 13 / 30);
    // b = 1, c = 9: p = 2 · (1 + 10) / 2^10.
    assert.equal(strict.p_value, 0.021484375);
    assert.deepEqual(strict.discordant, { a_only: 1, b_only: 9 });
    assert.ok(strict.ci95 && strict.ci95[0] <= strict.diff && strict.diff <= strict.ci95[1]);
    assert.equal(json.flips_metric, 'success_strict');
    assert.equal(json.flips.length, 10);
    assert.deepEqual(json.flips[0], { sampleId: mangoSampleId(games[20 % 3], 20), a: 1, b: 0 });
  });

  it('never pairs an errored record: a failed call is no answer to compare', () => {
    // A's first three answers failed at the server (B answered them); B's fourth failed.
    const failedA = a.map((record, i) =>
      i < 3
        ? mangoRecord({
            model: 'model-a',
            game: games[i % 3],
            n: i,
            error: 'HTTP 500: Context size has been exceeded.',
          })
        : record,
    );
    const failedB = b.map((record, i) =>
      i === 3 ? mangoRecord({ model: 'model-b', game: games[3 % 3], n: 3, error: 'could not be reached' }) : record,
    );
    const json = compareRuns(setOf(failedA, 'a.jsonl'), setOf(failedB, 'b.jsonl'));
    assert.equal(json.paired, 26);
    assert.deepEqual(json.errors, { a: 3, b: 1 });
    assert.equal(json.metrics.success_strict.n, 26);
    assert.ok(json.flips.every((flip) => ![0, 1, 2, 3].some((n) => flip.sampleId === mangoSampleId(games[n % 3], n))));
    assert.match(compareText(json), /left out as errors \(failed model calls\): 3 in A, 1 in B\./);
    // The four questions both runs have are dropped pairs, not "unpaired" ones.
    assert.deepEqual(json.dropped, { errors: 4, truncated: 0 });
    assert.deepEqual(json.unpaired, { a: 1, b: 2 });
    assert.match(compareText(json), /Pairs dropped: 4 for errors \(a failed model call on either side\)\./);
  });

  it('drops pairs with an answer from a cut as the report leaves it out of its means, and says how many; --include-truncated pairs them', () => {
    // A's reply to question 0 was cut at the token limit, B's prompt of question 1 was cut by the
    // server, and A's question 2 failed after a cut turn (an error first).
    const cutA = a.map((record, i) =>
      i === 0
        ? { ...record, truncated: true, finish_reason: 'length' }
        : i === 2
          ? { ...mangoRecord({ model: 'model-a', game: games[2], n: 2, error: 'HTTP 500' }), truncated: true }
          : record,
    );
    const cutB = b.map((record, i) => (i === 1 ? { ...record, context_truncated: true } : record));
    const json = compareRuns(setOf(cutA, 'a.jsonl'), setOf(cutB, 'b.jsonl'));
    assert.equal(json.truncated_treatment, 'excluded');
    assert.equal(json.paired, 27);
    assert.deepEqual(json.dropped, { errors: 1, truncated: 2 });
    assert.deepEqual(json.truncated, { a: 1, b: 1 });
    assert.deepEqual(json.errors, { a: 1, b: 0 });
    assert.deepEqual(json.unpaired, { a: 1, b: 2 });
    // paired + dropped + unpaired.a: every question of A is accounted for.
    assert.equal(json.paired + json.dropped.errors + json.dropped.truncated + json.unpaired.a, 31);
    assert.match(
      compareText(json),
      /Pairs dropped: 1 for errors \(a failed model call on either side\), 2 for truncation \(an answer from a cut reply or prompt\)\. Answers from cuts are not paired; --include-truncated pairs them\./,
    );
    const included = compareRuns(setOf(cutA, 'a.jsonl'), setOf(cutB, 'b.jsonl'), { includeTruncated: true });
    assert.equal(included.truncated_treatment, 'included');
    assert.equal(included.paired, 29);
    assert.deepEqual(included.dropped, { errors: 1, truncated: 0 });
    assert.deepEqual(included.truncated, { a: 0, b: 0 });
    assert.match(compareText(included), /Answers from cuts are paired as given \(--include-truncated\)\./);
  });

  it('uses the paired bootstrap for non-binary metrics', () => {
    const json = compareRuns(setOf(a, 'a.jsonl'), setOf(b, 'b.jsonl'));
    const loose = json.metrics.success_loose;
    assert.equal(loose.test, 'paired-bootstrap');
    assert.equal(loose.a, 6.5 / 30);
    assert.equal(loose.b, 21 / 30);
    assert.ok(loose.p_value > 0 && loose.p_value < 0.05, String(loose.p_value));
    assert.ok(loose.ci95 && loose.ci95[0] > 0);
    // Identical runs: no difference, p = 1.
    const same = compareRuns(setOf(a, 'a.jsonl'), setOf(a, 'a2.jsonl'));
    assert.equal(same.metrics.success_loose.p_value, 1);
    assert.equal(same.metrics.success_strict.p_value, 1);
    assert.deepEqual(same.flips, []);
  });

  it('refuses a run that answers a question twice, unless --model-a picks one model', () => {
    const both = setOf([...a, ...b], 'both.jsonl');
    assert.throws(
      () => compareRuns(both, setOf(b, 'b.jsonl')),
      (error: Error) =>
        error instanceof ReportUsageError &&
        /answers question [0-9a-f]{64} twice \(model-a\/faithful and model-b\/faithful\); .*--model-a NAME/.test(
          error.message,
        ),
    );
    assert.equal(
      compareRuns(both, setOf(b, 'b.jsonl'), { modelA: 'model-a' }).metrics.success_strict.p_value,
      0.021484375,
    );
    assert.equal(compareRuns(both, setOf(b, 'b.jsonl'), { modelA: 'model-b' }).paired, 32);
  });
});
