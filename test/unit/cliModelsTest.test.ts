// `waypoint models test` through the built CLI against the fake llama-server: the profile named as
// `waypoint run` names it (--profile F --profile-id ID, --base-url/--model), the key from the
// variable --api-key-env names, exit 0 for OK, 1 for a failed check, 2 for usage; and `waypoint
// run` saying "no key set" (with the CLI's way to set one) instead of "refused the API key".
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fakeOpenAi';
import { distDir, samplesDir } from '../support/paths';

const KEY = 'sk-local-cli-777';

function waypoint(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The fake server runs in this process: the CLI must run beside it, not block it (spawnSync would).
    const child = spawn(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('waypoint models test (CLI, fake llama-server)', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  let dir: string;
  let profiles: string;
  beforeEach(async () => {
    fake = await startFakeOpenAi();
    fake.servedModel = 'qwen2.5-0.5b-instruct-q4_k_m.gguf';
    dir = mkdtempSync(join(tmpdir(), 'waypoint-models-'));
    mkdirSync(join(dir, '.waypoint'));
    profiles = join(dir, 'models.json');
    writeFileSync(
      profiles,
      JSON.stringify([
        { id: 'local-llama', provider: 'openai-compatible', baseUrl: fake.url, model: 'default', retries: 0 },
        {
          id: 'keyed',
          provider: 'openai-compatible',
          baseUrl: `${fake.url}/v1/`,
          model: 'default',
          apiKeyEnv: 'LLAMA_KEY',
          retries: 0,
        },
      ]),
    );
  });
  afterEach(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints OK with the served model and the latency for a --profile entry (exit 0), and the same as JSON', async () => {
    const text = await waypoint(['models', 'test', '--profile', profiles, '--profile-id', 'local-llama'], dir);
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout.trim(),
      new RegExp(
        `^local-llama \\(${fake.url.replace(/[.]/g, '\\.')}/v1\\): OK in \\d+ ms: 'qwen2\\.5-0\\.5b-instruct-q4_k_m\\.gguf' answered \\(asked for 'default'\\), without an API key\\. The server does not tell its context length; prompt tokens are estimated with cl100k \\(the server does not count them\\)\\.$`,
      ),
    );
    const json = await waypoint(
      ['models', 'test', '--profile', profiles, '--profile-id', 'local-llama', '--json'],
      dir,
    );
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as Record<string, unknown>;
    assert.equal(report.ok, true);
    assert.equal(report.verdict, 'ok');
    assert.equal(report.servedModel, 'qwen2.5-0.5b-instruct-q4_k_m.gguf');
    assert.equal(report.baseUrl, `${fake.url}/v1`);
    assert.equal(typeof report.latencyMs, 'number');
    assert.equal(typeof report.message, 'string');
    assert.deepEqual(report.listedModels, ['qwen2.5-0.5b-instruct-q4_k_m.gguf']);
    // A profile that names a key variable which is not set still passes against a server that needs none, and says so.
    const keyless = await waypoint(['models', 'test', '--profile', profiles, '--profile-id', 'keyed'], dir);
    assert.equal(keyless.code, 0, keyless.stderr);
    assert.equal(
      keyless.stderr,
      'waypoint models test: the environment variable LLAMA_KEY is not set, and this server answered without a key.\n',
    );
  });

  it('reads the key from the variable the profile or --api-key-env names, and says "no key set" with the CLI\'s way to set one (exit 1)', async () => {
    fake.apiKey = KEY;
    const unset = await waypoint(['models', 'test', '--profile', profiles, '--profile-id', 'keyed'], dir);
    assert.equal(unset.code, 1);
    assert.equal(unset.stdout, '');
    assert.equal(
      unset.stderr,
      `waypoint models test: keyed: no API key is set (the environment variable LLAMA_KEY is not set), and the server at ${fake.url}/v1 needs one (HTTP 401: Invalid API Key). Set the environment variable LLAMA_KEY to the key (export LLAMA_KEY=…).\n`,
    );
    const set = await waypoint(['models', 'test', '--profile', profiles, '--profile-id', 'keyed', '--json'], dir, {
      LLAMA_KEY: KEY,
    });
    assert.equal(set.code, 0, set.stderr);
    assert.equal((JSON.parse(set.stdout) as { keySent: boolean }).keySent, true);
    // --api-key-env beside --profile names the variable for a profile file that has none.
    const named = await waypoint(
      ['models', 'test', '--profile', profiles, '--profile-id', 'local-llama', '--api-key-env', 'MY_KEY', '--json'],
      dir,
      { MY_KEY: KEY },
    );
    assert.equal(named.code, 0, named.stderr);
    const none = await waypoint(['models', 'test', '--profile', profiles, '--profile-id', 'local-llama'], dir);
    assert.equal(none.code, 1);
    assert.match(
      none.stderr,
      /^waypoint models test: local-llama: no API key is set for this profile, and the server at .* needs one \(HTTP 401: Invalid API Key\)\. Put the key in an environment variable and name it with --api-key-env VAR \(or "apiKeyEnv" in the --profile file\)\.$/m,
    );
    const wrong = await waypoint(
      ['models', 'test', '--base-url', fake.url, '--model', 'default', '--api-key-env', 'MY_KEY', '--json'],
      dir,
      { MY_KEY: 'sk-wrong-key-000' },
    );
    assert.equal(wrong.code, 1);
    const refused = JSON.parse(wrong.stdout) as { verdict: string; message: string };
    assert.equal(refused.verdict, 'key-refused');
    assert.ok(
      !wrong.stdout.includes('sk-wrong-key-000') && !wrong.stderr.includes('sk-wrong-key-000'),
      'the key is never printed',
    );
  });

  it('says "model loading" while the server loads and "not reachable" when it is gone (exit 1)', async () => {
    fake.loading = true;
    const loading = await waypoint(
      ['models', 'test', '--base-url', `${fake.url}/v1`, '--model', 'default', '--json'],
      dir,
    );
    assert.equal(loading.code, 1);
    assert.equal((JSON.parse(loading.stdout) as { verdict: string }).verdict, 'loading');
    const url = fake.url;
    await fake.close();
    const gone = await waypoint(['models', 'test', '--base-url', url, '--model', 'default'], dir);
    assert.equal(gone.code, 1);
    assert.match(
      gone.stderr.trim(),
      new RegExp(
        `^waypoint models test: default: not reachable: ${url.replace(/[.]/g, '\\.')}/v1 \\(connect ECONNREFUSED`,
      ),
    );
    fake = await startFakeOpenAi();
  });

  it('is a usage error (exit 2) without a model, with a built-in agent, or with an unknown subcommand, and has --help', async () => {
    for (const args of [
      ['models', 'test'],
      ['models', 'test', '--agent', 'oracle'],
      ['models', 'list'],
      ['models', 'test', '--profile', profiles],
      ['models', 'test', '--base-url', 'localhost:8080', '--model', 'm'],
    ]) {
      const result = await waypoint(args, dir);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /^waypoint models: /, args.join(' '));
    }
    const help = await waypoint(['models', '--help'], dir);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^ {2}models test --profile F --profile-id ID/m);
  });
});

describe('waypoint run without a key the server needs (CLI)', function () {
  this.timeout(60_000);
  it('says no key is set and how to set one on the command line, not that a key was refused', async () => {
    const fake = await startFakeOpenAi();
    fake.apiKey = KEY;
    const dir = mkdtempSync(join(tmpdir(), 'waypoint-nokey-'));
    try {
      mkdirSync(join(dir, '.waypoint'));
      const out = join(dir, 'run.jsonl');
      const grids = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
      const result = await waypoint(
        [
          'run',
          'grasp',
          grids,
          '--settings',
          '4-none-0',
          '--limit',
          '1',
          '--base-url',
          fake.url,
          '--model',
          'llama3',
          '--no-cache',
          '--out',
          out,
        ],
        dir,
      );
      assert.equal(result.code, 1);
      assert.equal(
        result.stderr.trim(),
        `${out}: 1 question failed: no API key is set for this profile, and llama3 at ${fake.url} needs one (HTTP 401). Put the key in an environment variable and name it with --api-key-env VAR (or "apiKeyEnv" in the --profile file).`,
      );
      assert.doesNotMatch(result.stderr, /refused|Set API Key/);
    } finally {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
