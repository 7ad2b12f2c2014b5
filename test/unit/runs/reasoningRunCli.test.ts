// `waypoint run` (the built CLI) with a reasoning model behind the llama-server double: the profile
// file's maxCompletionTokens and reasoningEffort (and their options) go out under their wire names,
// records keep the thought beside an answer parsed from the content alone, the token details and the
// provider's cost; a run whose cost nobody knows says null, not 0; a model that refuses max_tokens
// stops the run with one message naming --max-completion-tokens, and --resume with it completes.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import {
  type LlamaServer,
  type LlamaServerOptions,
  questionRequests,
  startLlamaServer,
} from '../../support/llamaServer';
import { distDir, samplesDir } from '../../support/paths';

const cli = join(distDir, 'cli.js');
const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
const ANSWER = '[UP, TAKE, DOWN, DROP]';
const THOUGHT = 'Maybe [LEFT, LEFT]? No: the energy is above, so up, take it, come back down and drop it.';

function runCli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('waypoint run with a reasoning model (the double)', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-reasoning-'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(options: LlamaServerOptions = {}): Promise<LlamaServer> {
    double = await startLlamaServer({ answer: () => ANSWER, reasoning: () => THOUGHT, ...options });
    return double;
  }

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const graspRun = (out: string, ...model: string[]) => [
    'run',
    'grasp',
    grid,
    '--settings',
    '4-none-0',
    '--concurrency',
    '1',
    '--no-cache',
    '--out',
    out,
    '--json',
    ...model,
  ];

  it('a profile file with maxCompletionTokens, reasoningEffort and prices: sent as such, the thought and details kept, the provider cost wins', async () => {
    const server = await serve({ reasoningFormat: 'reasoning', usageDetails: true, costPerToken: 0.000001 });
    writeFileSync(
      join(dir, 'models.json'),
      JSON.stringify([
        {
          id: 'thinker',
          provider: 'openai-compatible',
          baseUrl: server.url,
          model: 'gpt-oss-20b',
          maxCompletionTokens: 300,
          reasoningEffort: 'low',
          costPer1kInput: 5,
          costPer1kOutput: 5,
        },
      ]),
    );
    const result = await runCli(graspRun('thinker.jsonl', '--profile', 'models.json', '--profile-id', 'thinker'), dir);
    assert.equal(result.code, 0, result.stderr);
    const chats = server.requests.filter((request) => request.path === '/v1/chat/completions');
    const questions = questionRequests(server);
    assert.equal(questions.length, 5);
    for (const { body } of questions) {
      assert.equal(body.max_completion_tokens, 300);
      assert.equal(body.reasoning_effort, 'low');
      assert.equal('max_tokens' in body, false);
    }
    // The preflight's one token goes under the same name, with the same effort.
    const preflights = chats.filter((request) => !questions.includes(request));
    assert.deepEqual(
      preflights.map(({ body }) => [body.max_completion_tokens, body.reasoning_effort, 'max_tokens' in body]),
      [[1, 'low', false]],
    );
    const written = records('thinker.jsonl');
    assert.equal(written.length, 5);
    for (const record of written) {
      assert.equal(record.rawAnswer, ANSWER);
      assert.equal(record.reasoning, THOUGHT);
      assert.equal(record.reasoning_tokens, Math.ceil(THOUGHT.length / 3));
      assert.equal(typeof record.cached_tokens, 'number');
      assert.deepEqual(record.request, { max_completion_tokens: 300, reasoning_effort: 'low' });
      assert.equal(record.cost_source, 'provider');
      assert.equal(record.costUsd, ((record.promptTokens ?? 0) + (record.completionTokens ?? 0)) * 0.000001);
      // The answer's four actions, not the thought's two: the reasoning text never reaches the parse.
      assert.deepEqual(record.parsedAnswer, ['UP', 'TAKE', 'DOWN', 'DROP']);
      assert.doesNotMatch(JSON.stringify(record.parsedAnswer), /LEFT/);
    }
    const summary = JSON.parse(result.stdout) as { cost_usd: number | null; cost_unknown: number };
    assert.equal(summary.cost_unknown, 0);
    // The run's cost is what the provider charged: the records' questions and the preflight's one token
    // (the first chat reply; it has no record, but it was paid and counts against --max-cost).
    assert.equal(chats[0], preflights[0]);
    assert.equal(server.usage.length, 6);
    const preflightCost = (server.usage[0].prompt + server.usage[0].completion) * 0.000001;
    assert.ok(preflightCost > 0);
    assert.ok(
      Math.abs(
        (summary.cost_usd ?? -1) - (written.reduce((sum, record) => sum + (record.costUsd ?? 0), 0) + preflightCost),
      ) < 1e-12,
      result.stdout,
    );
  });

  it('--max-completion-tokens and --reasoning-effort beside --base-url; without prices or a provider figure the run cost is null', async () => {
    const server = await serve();
    const result = await runCli(
      graspRun(
        'local.jsonl',
        '--base-url',
        server.url,
        '--model',
        'default',
        '--max-completion-tokens',
        '200',
        '--reasoning-effort',
        'medium',
      ),
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(server.requests.at(-1)?.body.max_completion_tokens, 200);
    assert.equal(server.requests.at(-1)?.body.reasoning_effort, 'medium');
    const summary = JSON.parse(result.stdout) as { cost_usd: number | null; cost_unknown: number };
    assert.equal(summary.cost_usd, null);
    assert.equal(summary.cost_unknown, 5);
    assert.ok(records('local.jsonl').every((record) => record.costUsd === null && record.reasoning === THOUGHT));
    const bad = await runCli(
      graspRun('bad.jsonl', '--base-url', server.url, '--model', 'default', '--reasoning-effort', 'extreme'),
      dir,
    );
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /--reasoning-effort must be one of none, minimal, low, medium, high, xhigh, max, not 'extreme'/,
    );
  });

  it("a model that refuses max_tokens (as OpenAI's reasoning models): the run stops early naming --max-completion-tokens, and --resume with it completes", async () => {
    const server = await serve({ refuseMaxTokens: true });
    const run = [
      'run',
      'grasp',
      grid,
      '--settings',
      'all',
      '--base-url',
      server.url,
      '--model',
      'o4-mini',
      '--out',
      'o.jsonl',
      '--json',
    ];
    const first = await runCli(run, dir);
    assert.equal(first.code, 1);
    const summary = JSON.parse(first.stdout) as { stopped_by: string; not_asked: number };
    assert.equal(summary.stopped_by, 'circuit-breaker');
    assert.ok(summary.not_asked > 0);
    const lines = first.stderr.trim().split('\n');
    assert.equal(lines.length, 1, first.stderr);
    assert.match(
      lines[0],
      /^waypoint run: stopped after 5 questions in a row failed the same way: o4-mini at .* refused the request's max_tokens \(HTTP 400: .*\): set "maxCompletionTokens" in the model profile \(--max-completion-tokens N on the command line\).* To go on: change the parameter as the message says, then run the same command with --resume/,
    );
    // OpenAI's reasoning models take only their default temperature as well.
    const second = await runCli([...run, '--resume', '--max-completion-tokens', '256', '--temperature', '1'], dir);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(records('o.jsonl').filter((record) => record.error === undefined).length, 40);
  });

  it("waypoint models test sends the profile's limit under its name: a model that refuses max_tokens passes with --max-completion-tokens", async () => {
    const server = await serve({ refuseMaxTokens: true });
    const refused = await runCli(['models', 'test', '--base-url', server.url, '--model', 'o4-mini', '--json'], dir);
    assert.equal(refused.code, 1);
    assert.match(JSON.parse(refused.stdout).message, /max_tokens/);
    const passed = await runCli(
      [
        'models',
        'test',
        '--base-url',
        server.url,
        '--model',
        'o4-mini',
        '--max-completion-tokens',
        '64',
        '--temperature',
        '1',
        '--json',
      ],
      dir,
    );
    assert.equal(passed.code, 0, passed.stdout);
    // The chat request's limit (the server's token count of the test prompt follows it).
    const chat = server.requests.filter((request) => request.path === '/v1/chat/completions').at(-1);
    assert.deepEqual([chat?.body.max_completion_tokens, chat !== undefined && 'max_tokens' in chat.body], [1, false]);
  });
});
