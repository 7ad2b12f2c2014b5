// `waypoint run --resume` on a run file larger than the heap the process is given (issue 29: `run`
// read --out whole into one string, so a 1 GB file failed with "Invalid string length" and could
// never be resumed, and 256 MB cost 925 MB). The file is streamed into an index of the question
// set: with the heap capped at 64 MB, a 150 MB file resumes, answering only what it lacks.
import { strict as assert } from 'node:assert';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWaypoint, runWaypointWith } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const game = join(samplesDir, 'mango', 'lighthouse');
const HEAP_MB = 64;
const FILE_MB = 150;

describe('waypoint run --resume on a file larger than its heap', function () {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-large-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`resumes a ${FILE_MB} MB file with the heap capped at ${HEAP_MB} MB`, async function () {
    const out = join(dir, 'run.jsonl');
    const first = await runWaypoint(['run', 'mango', game, '--agent', 'oracle', '--limit', '150', '--out', out], dir);
    assert.equal(first.code, 0, first.stderr);
    const answers = readFileSync(out, 'utf8');
    // Records of other questions (other sample ids) in front of the answers, past FILE_MB in all:
    // what a file holding many runs' records looks like to the index.
    const fd = openSync(out, 'w');
    try {
      for (let copy = 0; statSync(out).size < FILE_MB * 1048576; copy++) {
        const tag = copy.toString(16).padStart(6, 'f');
        writeSync(fd, answers.replace(/"sampleId":"[0-9a-f]{6}/g, `"sampleId":"${tag}`));
      }
      writeSync(fd, answers);
    } finally {
      closeSync(fd);
    }
    const size = statSync(out).size;
    const resumed = await runWaypointWith(
      ['run', 'mango', game, '--agent', 'oracle', '--limit', '200', '--out', out, '--resume', '--json'],
      dir,
      { nodeArgs: [`--max-old-space-size=${HEAP_MB}`] },
    );
    assert.equal(resumed.code, 0, resumed.stderr.slice(-2000));
    const summary = JSON.parse(resumed.stdout) as { already_answered: number; answered: number };
    assert.deepEqual([summary.already_answered, summary.answered], [150, 50]);
    assert.ok(statSync(out).size > size, 'the 50 new records were appended');
  });
});
