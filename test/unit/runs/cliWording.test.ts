// The command line speaks in its own options: a key comes from the variable `--api-key-env` names
// (beside `--profile` too, where it replaces the file's `apiKeyEnv`), a timeout is `--timeout-ms`,
// a server to fix is the `--profile` file's "baseUrl"; never an editor command or setting.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
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
const RIGHT = 'sk-right-key-1234';
const WRONG = 'sk-wrong-key-9876';
/** What only the editor says. */
const EDITOR_WORDS = /Waypoint: |Set API Key|waypoint\.models|the profile's (apiKeyEnv|timeoutMs)|Open Settings/;

describe('waypoint run and models test name CLI options', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-cli-wording-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(options: LlamaServerOptions): Promise<LlamaServer> {
    double = await startLlamaServer({ answer: () => '[UP, TAKE]', ...options });
    return double;
  }

  function profileFile(baseUrl: string): string {
    const file = join(dir, 'models.json');
    writeFileSync(
      file,
      JSON.stringify([
        { id: 'local', provider: 'openai-compatible', baseUrl, model: 'default', apiKeyEnv: 'PROFILE_KEY' },
      ]),
    );
    return file;
  }

  const run = (out: string, ...extra: string[]) => [
    'run',
    'grasp',
    grid,
    '--settings',
    '4-none-0',
    '--limit',
    '2',
    '--out',
    out,
    '--json',
    ...extra,
  ];

  it("--api-key-env beside --profile replaces the file's apiKeyEnv: its key is sent, and the record names it", async () => {
    const server = await serve({ apiKey: RIGHT });
    const models = profileFile(server.url);
    const result = await runWaypoint(
      run('key.jsonl', '--profile', models, '--profile-id', 'local', '--api-key-env', 'MY_KEY'),
      dir,
      { PROFILE_KEY: WRONG, MY_KEY: RIGHT },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(withoutPreflight(result.stderr), '');
    assert.equal(questionRequests(server).length, 2);
    // The preflight's chat too carries the replacing key, not the file's.
    const chats = server.requests.filter((request) => request.path === '/v1/chat/completions');
    assert.ok(chats.every((request) => request.authorization === `Bearer ${RIGHT}`));
    const records = parseRunRecords(readFileSync(join(dir, 'key.jsonl'), 'utf8'), 'key.jsonl').records;
    assert.deepEqual(
      records.map((record) => [record.error, record.model.apiKeyEnv]),
      [
        [undefined, 'MY_KEY'],
        [undefined, 'MY_KEY'],
      ],
    );
  });

  it('--api-key-env beside --agent is refused, not ignored (exit 2)', async () => {
    const result = await runWaypoint(run('agent.jsonl', '--agent', 'oracle', '--api-key-env', 'MY_KEY'), dir);
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr.trim(),
      "waypoint run: --api-key-env names a model server's key; the built-in agent 'oracle' asks no server",
    );
  });

  it('an unset --api-key-env variable is named as the one to set, in CLI terms', async () => {
    const server = await serve({ apiKey: RIGHT });
    const models = profileFile(server.url);
    const result = await runWaypoint(
      run('unset.jsonl', '--profile', models, '--profile-id', 'local', '--api-key-env', 'MY_KEY'),
      dir,
      { PROFILE_KEY: RIGHT },
    );
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^waypoint run: the environment variable MY_KEY is not set; asking without a key\.$/m);
    assert.match(
      result.stderr,
      /unset\.jsonl: 2 questions failed: no API key is set \(the environment variable MY_KEY is not set\), and default at http:\/\/127\.0\.0\.1:\d+ needs one \(HTTP 401\)\. Set the environment variable MY_KEY to the key \(export MY_KEY=…\)\.$/m,
    );
    assert.doesNotMatch(result.stderr, EDITOR_WORDS);
    assert.ok(!result.stderr.includes(RIGHT));
  });

  it('a timeout names --timeout-ms, in run and in models test', async () => {
    await serve({ generationMs: 3000 });
    const server = double as LlamaServer;
    const result = await runWaypoint(
      run('slow.jsonl', '--base-url', server.url, '--model', 'default', '--timeout-ms', '500', '--retries', '0'),
      dir,
    );
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /slow\.jsonl: 2 questions failed: default at http:\/\/127\.0\.0\.1:\d+ did not answer within 0\.5 s \(--timeout-ms, for the whole reply\)\.$/m,
    );
    const tested = await runWaypoint(
      ['models', 'test', '--base-url', server.url, '--model', 'default', '--timeout-ms', '500'],
      dir,
    );
    assert.equal(tested.code, 1);
    assert.match(
      tested.stderr,
      /^waypoint models test: default: no answer from http:\/\/127\.0\.0\.1:\d+\/v1 within 0\.5 s \(--timeout-ms\)\.$/m,
    );
    assert.doesNotMatch(result.stderr + tested.stderr, EDITOR_WORDS);
  });

  it('a run stopped by an unreachable server from a --profile file says to correct the file\'s "baseUrl"', async () => {
    const models = profileFile(`http://127.0.0.1:${await freePort()}`);
    const result = await runWaypoint(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        'all',
        '--profile',
        models,
        '--profile-id',
        'local',
        '--out',
        'dead.jsonl',
        '--json',
      ],
      dir,
      { PROFILE_KEY: RIGHT },
    );
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      new RegExp(
        `To go on: start the server, or correct "baseUrl" in ${models.replace(/[.]/g, '\\.')}, then run the same command with --resume`,
      ),
    );
    assert.doesNotMatch(result.stderr, /--base-url/);
    assert.doesNotMatch(result.stderr, EDITOR_WORDS);
  });
});
