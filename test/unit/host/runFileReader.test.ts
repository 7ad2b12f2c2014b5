// The Node host's run-file reader: records read without their text keep a byte offset from which
// readRecordAt reads each one whole again, across 1 MB chunk boundaries, worker-thread ranges, a
// BOM, CRLF line ends, multi-byte characters and lines that are not records.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readRecordAt, readRunFile } from '../../../src/host/runFileReader';
import { jsonl, mangoRecord } from '../runs/fixtures';

describe('host run-file reader', () => {
  let directory: string;
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'waypoint-reader-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('reads records without their text, and each one whole again from its offset', async () => {
    // Long multi-byte prompts push the file over several 1 MB chunks, so offsets cross chunk ends.
    const records = Array.from({ length: 300 }, (_, n) =>
      mangoRecord({
        model: n % 2 ? 'a' : 'b',
        game: 'zork1',
        n,
        strict: n % 3 === 0 ? 1 : 0,
        prompt: `Walkthrough ${n}: ${'Ünïcødé → 北 '.repeat(800)}`,
      }),
    );
    const lines = jsonl(records).split('\n');
    // A BOM, a CRLF line end, a blank line and a line that is not a record on the way.
    lines.splice(10, 0, '{"not": "a record"}');
    lines.splice(20, 0, '');
    lines[7] += '\r';
    const text = `\uFEFF${lines.join('\n')}`;
    const path = join(directory, 'run.jsonl');
    writeFileSync(path, text);
    const read = await readRunFile(path, { offsets: true });
    assert.equal(read.records.length, 300);
    assert.equal(read.problems.length, 1);
    assert.match(read.problems[0], /run\.jsonl:11:/);
    assert.equal(read.offsets.length, 300);
    assert.equal(read.records[0].rawAnswer, '', 'text is left out');
    assert.deepEqual((await readRunFile(path)).offsets, [], 'offsets cost a pass and come only when asked');
    for (const index of [0, 1, 9, 10, 150, 299]) {
      const whole = await readRecordAt(path, read.offsets[index]);
      assert.ok(whole, `record ${index} reads again`);
      assert.equal(whole.question.sampleId, records[index].question.sampleId);
      assert.equal(whole.messages[0].content, records[index].messages[0].content);
    }
  });

  it('gives the same offsets when worker threads parse ranges of a large file', async function () {
    const records = Array.from({ length: 1200 }, (_, n) =>
      mangoRecord({ model: 'm', game: `g${n % 7}`, n, prompt: 'x'.repeat(12_000) }),
    );
    const path = join(directory, 'large.jsonl');
    writeFileSync(path, jsonl(records));
    // The test bundle is not a worker entry: the CLI bundle is (it calls runFileWorker off the main thread).
    // Whole records (keepText) go to workers; the skeleton read of summaries stays on this thread.
    const read = await readRunFile(path, {
      workerScript: resolve(__dirname, '..', '..', '..', 'cli-main.js'),
      offsets: true,
      keepText: true,
    });
    assert.equal(read.records.length, 1200);
    const single = await readRunFile(path, { workerScript: '/nonexistent', offsets: true, keepText: true }).catch(
      () => null,
    );
    assert.equal(single, null, 'the large file really went to workers');
    for (const index of [0, 599, 600, 1199])
      assert.equal(
        (await readRecordAt(path, read.offsets[index]))?.question.sampleId,
        records[index].question.sampleId,
      );
  });
});
