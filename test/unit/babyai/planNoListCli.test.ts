// A model that answers a BabyAI Plan question with prose and no action list gave no plan: in a run
// (faithful scoring, the default) the record is a parse error, and `report` does not count it as a
// valid answer of 0 actions. Asked of the llama-server double as a user runs it.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import { runWaypoint } from '../../support/cli';
import { type LlamaServer, startLlamaServer } from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const records = join(samplesDir, 'babyai', 'llm-babybench-sample.jsonl');

describe('waypoint run babyai --task plan: a reply without an action list', function () {
  this.timeout(60_000);
  let dir: string;
  let double: LlamaServer;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-plan-prose-'));
    mkdirSync(join(dir, '.waypoint'));
    double = await startLlamaServer({
      answer: () => 'The red ball is somewhere to the east; I would walk there carefully.',
    });
  });
  afterEach(async () => {
    await double.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a parse error in the record and not a valid answer in the report', async () => {
    const run = await runWaypoint(
      [
        'run',
        'babyai',
        records,
        '--task',
        'plan',
        '--base-url',
        double.url,
        '--model',
        'default',
        '--out',
        'plan.jsonl',
        '--json',
      ],
      dir,
    );
    assert.equal(run.code, 0, run.stderr);
    const written = parseRunRecords(readFileSync(join(dir, 'plan.jsonl'), 'utf8'), 'plan.jsonl').records;
    assert.ok(written.length > 0);
    assert.deepEqual(
      written.map((record) => [record.scores.parse_error, record.scores.CR, record.error]),
      written.map(() => [true, 0, undefined]),
    );
    const report = await runWaypoint(['report', 'plan.jsonl', '--json'], dir);
    assert.equal(report.code, 0, report.stderr);
    const groups = (JSON.parse(report.stdout) as { groups: Array<{ n: number; valid: number }> }).groups;
    assert.deepEqual(
      groups.map((group) => [group.n, group.valid]),
      [[written.length, 0]],
    );
  });
});
