// `waypoint report` and `compare` on a run file larger than the heap the process is given (issue 29:
// their memory grew with the file, every record kept until the merge). The files are streamed into
// the merge and each record is reduced as it arrives, so a question answered again and again (a
// run resumed many times, shards merged twice) costs one row, however many records the file holds.
import { strict as assert } from 'node:assert';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWaypoint, runWaypointWith } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const game = join(samplesDir, 'mango', 'lighthouse');
const HEAP_MB = 32;
const FILE_MB = 80;

describe('waypoint report and compare on a file larger than their heap', function () {
  let dir: string;
  let out: string;
  let copies = 0;
  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-large-report-'));
    mkdirSync(join(dir, '.waypoint'));
    out = join(dir, 'run.jsonl');
    const first = await runWaypoint(['run', 'mango', game, '--agent', 'oracle', '--limit', '150', '--out', out], dir);
    assert.equal(first.code, 0, first.stderr);
    // Prompts cut to a few words: many records a megabyte, so holding every record would pass the cap many times.
    const answers = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => {
        const record = JSON.parse(line) as { messages: Array<{ content: string }> };
        for (const message of record.messages) message.content = message.content.slice(0, 40);
        return `${JSON.stringify(record)}\n`;
      })
      .join('');
    // The same 150 answers again and again, past FILE_MB: each later copy supersedes the one before.
    const fd = openSync(out, 'w');
    try {
      for (; statSync(out).size < FILE_MB * 1048576; copies++) writeSync(fd, answers);
    } finally {
      closeSync(fd);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const capped = { nodeArgs: [`--max-old-space-size=${HEAP_MB}`] };

  it(`reports a ${FILE_MB} MB file with the heap capped at ${HEAP_MB} MB, each question once`, async function () {
    const report = await runWaypointWith(['report', out, '--json'], dir, capped);
    assert.equal(report.code, 0, report.stderr.slice(-2000));
    const json = JSON.parse(report.stdout) as { records: number; superseded: number; errors: number };
    assert.deepEqual([json.records, json.superseded, json.errors], [150, 150 * (copies - 1), 0]);
    // The same report as of the 150 records alone (the text is read per record, so it is compared whole).
    const small = join(dir, 'small.jsonl');
    const fd = openSync(small, 'w');
    writeSync(fd, readFileSync(out).subarray(0, statSync(out).size / copies));
    closeSync(fd);
    const alone = await runWaypoint(['report', small, '--json'], dir);
    assert.deepEqual({ ...JSON.parse(report.stdout), superseded: 0 }, { ...JSON.parse(alone.stdout), superseded: 0 });
  });

  it(`compares it with itself under the same cap`, async function () {
    const compare = await runWaypointWith(['compare', out, out, '--json'], dir, capped);
    assert.equal(compare.code, 0, compare.stderr.slice(-2000));
    const json = JSON.parse(compare.stdout) as { paired: number };
    assert.equal(json.paired, 150);
  });
});
