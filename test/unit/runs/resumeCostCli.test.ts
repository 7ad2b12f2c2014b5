// A resumed run's cost (the built CLI against the llama-server double, which prices each call in
// `usage.cost`): what the earlier run spent stays in the total, its preflight's one-token request
// included (kept on the first record that run appended, `preflight_cost_usd`), and answers served
// from the response cache count nothing, as they counted nothing while the run ran.
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
const PER_TOKEN = 0.000001;

interface Summary {
  answered: number;
  cached: number;
  already_answered: number;
  cost_usd: number | null;
}

describe('waypoint run --resume: the run total keeps what the earlier run spent', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-resume-cost-'));
    mkdirSync(join(dir, '.waypoint'));
    double = await startLlamaServer({ answer: () => '[UP, TAKE, DOWN, DROP]', costPerToken: PER_TOKEN });
  });
  afterEach(async () => {
    await double.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const run = async (out: string, ...extra: string[]) => {
    const result = await runWaypoint(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--base-url',
        double.url,
        '--model',
        'default',
        '--concurrency',
        '1',
        '--out',
        out,
        '--json',
        ...extra,
      ],
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    return JSON.parse(result.stdout) as Summary;
  };
  /** What the server charged for each preflight so far (its chat requests that asked no question), in order. */
  const preflightCosts = (): number[] => {
    const questions = new Set(questionRequests(double));
    const answeredChats = double.requests.filter(
      (request) => /\/chat\/completions$/.test(request.path) && request.status === 200,
    );
    assert.equal(answeredChats.length, double.usage.length);
    return answeredChats.flatMap((request, index) =>
      questions.has(request) ? [] : [(double.usage[index].prompt + double.usage[index].completion) * PER_TOKEN],
    );
  };
  const close = (actual: number | null, expected: number, what: string) =>
    assert.ok(actual !== null && Math.abs(actual - expected) < 1e-12, `${what}: ${actual}, expected ${expected}`);

  it('a run resumed after 2 of 5 questions totals every answer and both preflights', async () => {
    const first = await run('p.jsonl', '--no-cache', '--limit', '2');
    const [preflightOne] = preflightCosts();
    assert.ok(preflightOne > 0);
    const answersOne = records('p.jsonl').reduce((sum, record) => sum + (record.costUsd ?? 0), 0);
    close(first.cost_usd, answersOne + preflightOne, 'the first run');
    // The preflight is kept once, on the first record the run appended.
    assert.deepEqual(
      records('p.jsonl').map((record) => record.preflight_cost_usd),
      [preflightOne, undefined],
    );

    const resumed = await run('p.jsonl', '--no-cache', '--resume');
    assert.deepEqual([resumed.already_answered, resumed.answered], [2, 3]);
    const [, preflightTwo] = preflightCosts();
    const all = records('p.jsonl');
    assert.equal(all.length, 5);
    close(
      resumed.cost_usd,
      all.reduce((sum, record) => sum + (record.costUsd ?? 0), 0) + preflightOne + preflightTwo,
      'the resumed run',
    );
    assert.equal(all[2].preflight_cost_usd, preflightTwo);
  });

  it('answers served from the cache count nothing, before and after --resume', async () => {
    await run('asked.jsonl');
    const first = await run('again.jsonl', '--limit', '2');
    assert.equal(first.cached, 2);
    const [, preflightOne] = preflightCosts();
    close(first.cost_usd, preflightOne, 'a run of cache hits');
    // Each cached record keeps what its answer cost when first asked; no run paid it twice.
    assert.ok(records('again.jsonl').every((record) => record.cached && (record.costUsd ?? 0) > 0));
    const resumed = await run('again.jsonl', '--resume');
    assert.equal(resumed.cached, 3);
    const [, , preflightTwo] = preflightCosts();
    close(resumed.cost_usd, preflightOne + preflightTwo, 'the resumed run of cache hits');
  });
});
