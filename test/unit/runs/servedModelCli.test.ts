// Answers are keyed by the server and the model it actually serves, not by the URL's spelling or the
// requested name: llama-server (the double) ignores `--model default` and answers with the GGUF it
// loaded, so a restart with another file on the same port must give fresh answers — from the cache
// and on --resume — while `http://host:port`, `…/`, `…/v1` and `…/v1/` stay one server.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { freePort, runWaypoint } from '../../support/cli';
import {
  type LlamaServer,
  type LlamaServerOptions,
  questionRequests,
  startLlamaServer,
  withoutPreflight,
} from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
const FIRST = 'models/stories260K.gguf';
const SECOND = 'models/qwen2.5-0.5b-instruct-q4_k_m.gguf';
/** Each GGUF answers its own way, so a reused answer shows. */
const ANSWERS: Record<string, string> = { [FIRST]: '[UP, TAKE]', [SECOND]: '[DOWN, DROP]' };

describe('waypoint run: cache and resume keyed by the normalised base URL and the served model', function () {
  this.timeout(120_000);
  let dir: string;
  let port: number;
  let double: LlamaServer | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-served-model-'));
    mkdirSync(join(dir, '.waypoint'));
    port = await freePort();
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /** (Re)starts the double on the test's port, serving `servedModel`. */
  async function serve(servedModel: string, options: LlamaServerOptions = {}): Promise<LlamaServer> {
    await double?.close();
    double = await startLlamaServer({ port, servedModel, answer: () => ANSWERS[servedModel], ...options });
    return double;
  }

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const run = (baseUrl: string, out: string, ...extra: string[]) =>
    runWaypoint(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--limit',
        '4',
        '--base-url',
        baseUrl,
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
  const summary = (stdout: string) =>
    JSON.parse(stdout) as { answered: number; cached: number; already_answered: number; errors: number };

  it('after a restart with another model the answers are asked again, never served from the cache; the URL spellings share one cache', async () => {
    const first = await serve(FIRST);
    const asked = await run(`http://127.0.0.1:${port}`, 'first.jsonl');
    assert.equal(asked.code, 0, asked.stderr);
    assert.deepEqual(
      [summary(asked.stdout).answered, summary(asked.stdout).cached, questionRequests(first).length],
      [4, 0, 4],
    );

    // The same server under the other spellings of its base URL: every answer from the cache.
    for (const [index, spelling] of [
      `http://127.0.0.1:${port}/`,
      `http://127.0.0.1:${port}/v1`,
      `HTTP://127.0.0.1:${port}/v1/`,
    ].entries()) {
      const again = await run(spelling, `same-${index}.jsonl`);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(summary(again.stdout).cached, 4, `${spelling}: ${again.stdout}`);
    }
    assert.equal(questionRequests(first).length, 4, 'nothing was asked again');

    // llama-server restarted on the same port with another GGUF; the run still says `--model default`.
    const second = await serve(SECOND);
    const swapped = await run(`http://127.0.0.1:${port}/v1`, 'second.jsonl');
    assert.equal(swapped.code, 0, swapped.stderr);
    assert.deepEqual(
      [summary(swapped.stdout).answered, summary(swapped.stdout).cached, questionRequests(second).length],
      [4, 0, 4],
    );
    const written = records('second.jsonl');
    assert.deepEqual(
      written.map((record) => [record.rawAnswer, record.served_model, record.model.serverModel, record.cached]),
      Array(4).fill([ANSWERS[SECOND], SECOND, SECOND, false]),
    );
    assert.deepEqual(
      records('first.jsonl').map((record) => [record.rawAnswer, record.model.serverModel]),
      Array(4).fill([ANSWERS[FIRST], FIRST]),
    );
  });

  it('--resume does not take the records of the model served before as answers of the one served now', async () => {
    await serve(FIRST);
    const first = await run(`http://127.0.0.1:${port}/v1/`, 'run.jsonl');
    assert.equal(first.code, 0, first.stderr);

    // Resuming against the same model, its base URL spelled another way: nothing left to ask.
    const same = await run(`http://127.0.0.1:${port}`, 'run.jsonl', '--resume');
    assert.equal(same.code, 0, same.stderr);
    assert.deepEqual([summary(same.stdout).already_answered, summary(same.stdout).answered], [4, 0]);

    const second = await serve(SECOND);
    const resumed = await run(`http://127.0.0.1:${port}`, 'run.jsonl', '--resume');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(
      [
        summary(resumed.stdout).already_answered,
        summary(resumed.stdout).answered,
        summary(resumed.stdout).cached,
        questionRequests(second).length,
      ],
      [0, 4, 0, 4],
    );
    const bySecond = records('run.jsonl').filter((record) => record.served_model === SECOND);
    assert.deepEqual(
      bySecond.map((record) => record.rawAnswer),
      Array(4).fill(ANSWERS[SECOND]),
    );
  });

  it('a server that lists several models routes by name: the name keys the answers, and a server without a model list is said to be told apart by name alone', async () => {
    const listing = await serve(FIRST, { models: [FIRST, SECOND] });
    const first = await runWaypoint(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--limit',
        '2',
        '--base-url',
        listing.url,
        '--model',
        FIRST,
        '--out',
        'several.jsonl',
        '--json',
      ],
      dir,
    );
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(
      records('several.jsonl').map((record) => record.model.serverModel),
      [null, null],
    );
    assert.equal(withoutPreflight(first.stderr), '');

    const unlisted = await serve(FIRST, { models: null });
    const second = await runWaypoint(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--limit',
        '2',
        '--base-url',
        unlisted.url,
        '--model',
        FIRST,
        '--out',
        'unlisted.jsonl',
        '--json',
      ],
      dir,
    );
    assert.equal(second.code, 0, second.stderr);
    assert.equal(
      withoutPreflight(second.stderr).trim(),
      `waypoint run: http://127.0.0.1:${port}/v1/models gave no model list (HTTP 404), so cached and resumed answers are told apart by the model name '${FIRST}' alone; after the server changes its model, use --no-cache and another --out.`,
    );
  });
});
