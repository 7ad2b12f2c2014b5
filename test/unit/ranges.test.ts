// core/util/ranges.ts: the one `A-B` / `N` parser behind `--indices` (GRASP) and `--seeds` (BabyAI).
import { strict as assert } from 'node:assert';
import { parseIndicesOption } from '../../src/core/benchmarks/grasp/questionSet';
import { parseInclusiveRange } from '../../src/core/util/ranges';
import { QuestionOptionError } from '../../src/core/benchmark/registry';

describe('parseInclusiveRange (A-B or N)', () => {
  const fail = (message: string) => new RangeError(message);

  it('reads A-B and a single value', () => {
    assert.deepEqual(parseInclusiveRange('3-7', '--seeds', fail), { from: 3, to: 7 });
    assert.deepEqual(parseInclusiveRange(' 5 ', '--seeds', fail), { from: 5, to: 5 });
    assert.deepEqual(parseInclusiveRange(String(Number.MAX_SAFE_INTEGER), '--seeds', fail), {
      from: Number.MAX_SAFE_INTEGER,
      to: Number.MAX_SAFE_INTEGER,
    });
  });

  it("refuses other text, reversed ranges and numbers Number() would round, with the caller's error", () => {
    assert.throws(
      () => parseInclusiveRange('1..3', '--seeds', fail),
      (error: Error) => error instanceof RangeError && /--seeds must be A-B/.test(error.message),
    );
    assert.throws(() => parseInclusiveRange('-1', '--seeds', fail), RangeError);
    assert.throws(() => parseInclusiveRange('5-2', '--seeds', fail), /ends before it starts/);
    assert.throws(() => parseInclusiveRange('1-9007199254740993', '--seeds', fail), /at most 9007199254740991/);
  });

  it('is what GRASP --indices uses (QuestionOptionError, absent = every record)', () => {
    assert.equal(parseIndicesOption(undefined), null);
    assert.deepEqual(parseIndicesOption('0-9'), { from: 0, to: 9 });
    assert.throws(
      () => parseIndicesOption('99999999999999999999'),
      (error: Error) => error instanceof QuestionOptionError && /--indices .*at most/.test(error.message),
    );
  });
});
