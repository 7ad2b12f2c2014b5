// `--seed N` is the run's seed for the model too: sent as every request's `seed` (llama-server and
// OpenAI honour it, so a sampled run can be repeated), recorded with `--temperature` on each record,
// and part of the cache and resume keys, so answers drawn with another seed are never reused —
// which also holds for the built-in random agent, whose answers are drawn with it.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { runWaypoint } from '../../support/cli';
import { type LlamaServer, questionRequests, startLlamaServer } from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
/** A sampled answer that the seed decides, as a model's at temperature > 0. */
const bySeed = (seed: number | undefined) =>
  seed === undefined ? '[UP]' : seed % 2 === 0 ? '[LEFT, TAKE]' : '[RIGHT, TAKE]';

describe('waypoint run --seed', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-seed-'));
    mkdirSync(join(dir, '.waypoint'));
    double = await startLlamaServer({ answer: (request) => bySeed(request.seed) });
  });
  afterEach(async () => {
    await double.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const summary = (stdout: string) =>
    JSON.parse(stdout) as { answered: number; cached: number; already_answered: number };
  const run = (out: string, ...extra: string[]) =>
    runWaypoint(
      ['run', 'grasp', grid, '--settings', '4-none-0', '--limit', '3', '--out', out, '--json', ...extra],
      dir,
    );
  const model = (...extra: string[]) => ['--base-url', double.url, '--model', 'default', ...extra];
  const chats = () => questionRequests(double);

  it('is sent in every request and recorded beside the temperature; without it no seed is sent', async () => {
    const seeded = await run('seeded.jsonl', ...model('--seed', '7', '--temperature', '0.8'));
    assert.equal(seeded.code, 0, seeded.stderr);
    assert.deepEqual(
      chats().map((request) => [request.body.seed, request.body.temperature]),
      Array(3).fill([7, 0.8]),
    );
    assert.deepEqual(
      records('seeded.jsonl').map((record) => [record.rawAnswer, record.model.seed, record.model.temperature]),
      Array(3).fill([bySeed(7), 7, 0.8]),
    );

    double.requests.length = 0;
    const unseeded = await run('unseeded.jsonl', ...model());
    assert.equal(unseeded.code, 0, unseeded.stderr);
    assert.deepEqual(
      chats().map((request) => 'seed' in request.body),
      [false, false, false],
    );
    assert.deepEqual(
      records('unseeded.jsonl').map((record) => ['seed' in record.model, record.model.temperature]),
      Array(3).fill([false, 0]),
    );
  });

  it('keys the cache and --resume: another seed is asked again, the same seed is not', async () => {
    assert.equal((await run('a.jsonl', ...model('--seed', '7', '--temperature', '0.8'))).code, 0);
    const other = await run('b.jsonl', ...model('--seed', '8', '--temperature', '0.8'));
    assert.deepEqual([summary(other.stdout).answered, summary(other.stdout).cached], [3, 0]);
    assert.deepEqual(
      records('b.jsonl').map((record) => record.rawAnswer),
      Array(3).fill(bySeed(8)),
    );
    const same = await run('c.jsonl', ...model('--seed', '7', '--temperature', '0.8'));
    assert.equal(summary(same.stdout).cached, 3);

    const resumed = await run('a.jsonl', ...model('--seed', '8', '--temperature', '0.8'), '--resume');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(summary(resumed.stdout).already_answered, 0);
    const again = await run('a.jsonl', ...model('--seed', '7', '--temperature', '0.8'), '--resume');
    assert.equal(summary(again.stdout).already_answered, 3);
  });

  it("the random agent's answers under another --seed are drawn afresh, not taken from the cache", async () => {
    const first = await run('r1.jsonl', '--agent', 'random', '--seed', '1');
    const second = await run('r2.jsonl', '--agent', 'random', '--seed', '2');
    assert.equal(first.code, 0, first.stderr);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(summary(second.stdout).cached, 0);
    assert.notDeepEqual(
      records('r1.jsonl').map((record) => record.rawAnswer),
      records('r2.jsonl').map((record) => record.rawAnswer),
    );
    assert.deepEqual(
      records('r2.jsonl').map((record) => record.model.seed),
      [2, 2, 2],
    );
  });
});
