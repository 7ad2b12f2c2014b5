// The built CLI against the llama-server double (and its OpenRouter flavour) as a user meets it:
// `models test` and the start of `run` say what the server serves and tells (its context, whether
// it counts prompt tokens).
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LlamaServer, type LlamaServerOptions, startLlamaServer } from '../../support/llamaServer';
import { distDir, samplesDir } from '../../support/paths';

const cli = join(distDir, 'cli.js');
const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');

function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the preflight and the dry run against a llama-server (the double)', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-preflight-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  const serve = async (options: LlamaServerOptions = {}) => (double = await startLlamaServer({ answer: () => '[UP, TAKE, DOWN, DROP]', ...options }));

  it('models test names the served model, the context the server gives a request (shared by its slots) and that it counts prompt tokens; the JSON keeps its fields and gains these', async () => {
    const server = await serve();
    const text = await runCli(['models', 'test', '--base-url', server.url, '--model', 'default'], dir);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout.trim(), /^default \(http:\/\/127\.0\.0\.1:\d+\/v1\): OK in \d+ ms: 'models\/stories260K\.gguf' answered \(asked for 'default'\), without an API key\. Context: 8192 tokens a request \(\/props default_generation_settings\.n_ctx, shared by 4 slots\); prompt tokens are the server's count \(llama-server \/apply-template \+ \/tokenize\)\.$/);
    const json = await runCli(['models', 'test', '--base-url', server.url, '--model', 'default', '--json'], dir);
    const report = JSON.parse(json.stdout) as Record<string, unknown>;
    for (const field of ['ok', 'verdict', 'message', 'profileId', 'baseUrl', 'model', 'servedModel', 'listedModels', 'latencyMs', 'keySent', 'status', 'steps']) assert.ok(field in report, field);
    assert.deepEqual([report.contextTokens, report.slots, report.trainContextTokens, report.tokenCounting], [8192, 4, 8192, 'llama-server']);
    // The one-token request, and the count of its prompt by the server.
    assert.deepEqual(report.testUsage, { promptTokens: report.testPromptTokens, completionTokens: 1 });
  });

  it('run begins with the preflight: one line naming the served model, the context and the counting, and the same in the JSON summary', async () => {
    const server = await serve();
    const result = await runCli(['run', 'grasp', grid, '--settings', '4-none-0', '--base-url', server.url, '--model', 'default', '--out', 'r.jsonl', '--json'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^waypoint run: OK in \d+ ms: 'models\/stories260K\.gguf' answered \(asked for 'default'\), without an API key\. Context: 8192 tokens a request/);
    const summary = JSON.parse(result.stdout) as { answered: number; server: Record<string, unknown> };
    assert.equal(summary.answered, 5);
    assert.deepEqual(summary.server, { base_url: `${server.url}/v1`, served_model: 'models/stories260K.gguf', context_tokens: 8192, context_source: '/props default_generation_settings.n_ctx', train_context_tokens: 8192, slots: 4, token_counting: 'llama-server' });
    // The preflight asked one token, before the questions.
    const chats = server.requests.filter((request) => request.path === '/v1/chat/completions');
    assert.equal(chats.length, 6);
    assert.equal(chats[0].body.max_tokens, 1);
  });
});
