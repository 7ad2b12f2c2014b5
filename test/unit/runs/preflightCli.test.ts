// The built CLI against the llama-server double (and its OpenRouter flavour) as a user meets it:
// `models test` and the start of `run` say what the server serves and tells (its context, whether
// it counts prompt tokens); `--dry-run` puts each question set's largest prompt beside that context
// by the server's own count, so prompts that cl100k says fit but the server would refuse are
// flagged before anything is asked; and `--max-cost` with four requests in flight never lets the
// server charge past the cap, whether it counts prompt tokens itself or only cl100k estimates exist.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { findBenchmark } from '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import { countChatTokens } from '../../../src/core/runs/promptCounts';
import type { QuestionSetFit } from '../../../src/core/runs/promptFit';
import {
  doublePromptTokens,
  type LlamaServer,
  type LlamaServerOptions,
  startLlamaServer,
} from '../../support/llamaServer';
import { distDir, samplesDir, sharedDataDir, sharedDataMissingReason } from '../../support/paths';

const cli = join(distDir, 'cli.js');
const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');

function runCli(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface DryRun {
  questions: number;
  requests: number;
  prompt_tokens: number;
  max_completion_tokens: number;
  cost_usd_max: number | null;
  tokenizer: string;
  server: { served_model: string | null; context_tokens: number | null; token_counting: string | null } | null;
  question_sets: QuestionSetFit[];
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
  const serve = async (options: LlamaServerOptions = {}) =>
    (double = await startLlamaServer({ answer: () => '[UP, TAKE, DOWN, DROP]', ...options }));

  it('models test names the served model, the context the server gives a request (shared by its slots) and that it counts prompt tokens; the JSON keeps its fields and gains these', async () => {
    const server = await serve();
    const text = await runCli(['models', 'test', '--base-url', server.url, '--model', 'default'], dir);
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout.trim(),
      /^default \(http:\/\/127\.0\.0\.1:\d+\/v1\): OK in \d+ ms: 'models\/stories260K\.gguf' answered \(asked for 'default'\), without an API key\. Context: 8192 tokens a request \(\/props default_generation_settings\.n_ctx, shared by 4 slots\); prompt tokens are the server's count \(llama-server \/apply-template \+ \/tokenize\)\.$/,
    );
    const json = await runCli(['models', 'test', '--base-url', server.url, '--model', 'default', '--json'], dir);
    const report = JSON.parse(json.stdout) as Record<string, unknown>;
    for (const field of [
      'ok',
      'verdict',
      'message',
      'profileId',
      'baseUrl',
      'model',
      'servedModel',
      'listedModels',
      'latencyMs',
      'keySent',
      'status',
      'steps',
    ])
      assert.ok(field in report, field);
    assert.deepEqual(
      [report.contextTokens, report.slots, report.trainContextTokens, report.tokenCounting],
      [8192, 4, 8192, 'llama-server'],
    );
    // The one-token request, and the count of its prompt by the server.
    assert.deepEqual(report.testUsage, { promptTokens: report.testPromptTokens, completionTokens: 1 });
  });

  it('run begins with the preflight: one line naming the served model, the context and the counting, and the same in the JSON summary', async () => {
    const server = await serve();
    const result = await runCli(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--base-url',
        server.url,
        '--model',
        'default',
        '--out',
        'r.jsonl',
        '--json',
      ],
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /^waypoint run: OK in \d+ ms: 'models\/stories260K\.gguf' answered \(asked for 'default'\), without an API key\. Context: 8192 tokens a request/,
    );
    const summary = JSON.parse(result.stdout) as { answered: number; server: Record<string, unknown> };
    assert.equal(summary.answered, 5);
    assert.deepEqual(summary.server, {
      base_url: `${server.url}/v1`,
      served_model: 'models/stories260K.gguf',
      context_tokens: 8192,
      context_source: '/props default_generation_settings.n_ctx',
      train_context_tokens: 8192,
      slots: 4,
      token_counting: 'llama-server',
    });
    // The preflight asked one token, before the questions.
    const chats = server.requests.filter((request) => request.path === '/v1/chat/completions');
    assert.equal(chats.length, 6);
    assert.equal(chats[0].body.max_tokens, 1);
  });

  it("--dry-run flags, by the server's count, exactly the prompts the server then refuses as longer than its context", async () => {
    const set = await findBenchmark('grasp')?.questionSet?.([grid], { settings: 'all' }, nodeQuestionFiles);
    assert.ok(set);
    const sizes = set.questions.map((prepared) => doublePromptTokens(prepared.messages));
    const context = 725;
    const refused = sizes.filter((size) => size > context).length;
    assert.ok(refused > 0 && refused < sizes.length, `${refused} of ${sizes.length}`);
    const server = await serve({ contextTokens: context });
    const args = ['run', 'grasp', grid, '--settings', 'all', '--base-url', server.url, '--model', 'default'];
    const dry = await runCli([...args, '--dry-run', '--json'], dir);
    assert.equal(dry.code, 0, dry.stderr);
    const estimate = JSON.parse(dry.stdout) as DryRun;
    assert.equal(estimate.tokenizer, 'cl100k');
    assert.deepEqual(estimate.server && [estimate.server.context_tokens, estimate.server.token_counting], [
      context,
      'llama-server',
    ]);
    const [fit] = estimate.question_sets;
    assert.deepEqual(
      [fit.set, fit.questions, fit.context_tokens, fit.too_long, fit.fit_counted_by],
      ['GRASP · inner_cluster_free.jsonl', 40, context, refused, 'server'],
    );
    assert.deepEqual([fit.largest_prompt.tokens, fit.largest_prompt.counted_by], [Math.max(...sizes), 'server']);
    assert.equal(fit.short_of_reply_room, sizes.filter((size) => size <= context && size + 512 > context).length);
    assert.equal(
      server.requests.filter((request) => request.path === '/v1/chat/completions').length,
      0,
      'a dry run asks nothing',
    );
    const text = await runCli([...args, '--dry-run'], dir);
    assert.match(
      text.stdout,
      new RegExp(
        `^ {2}GRASP · inner_cluster_free\\.jsonl: 40 questions; largest prompt ${Math.max(...sizes)} tokens \\(server's count\\) of a 725-token context: ${refused} of 40 prompts will not fit; `,
        'm',
      ),
    );

    const run = await runCli([...args, '--out', 'fit.jsonl', '--json'], dir);
    const failed = parseRunRecords(readFileSync(join(dir, 'fit.jsonl'), 'utf8'), 'fit.jsonl').records.filter(
      (record) => record.failure?.kind === 'prompt-too-long',
    );
    assert.equal(failed.length, refused, run.stderr);
  });

  it("zork1 prompts that fit a 4,096-token context by cl100k overflow it by the server's count; a server that does not count is labelled cl100k", async function () {
    const zork = join(sharedDataDir, 'mango', 'zork1');
    if (!existsSync(zork)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const set = await findBenchmark('mango')?.questionSet?.([zork], { task: 'rf' }, nodeQuestionFiles);
    assert.ok(set);
    const questions = set.questions.slice(0, 20);
    const byCl100k = Math.max(...questions.map((prepared) => countChatTokens(prepared.messages)));
    const byServer = Math.max(...questions.map((prepared) => doublePromptTokens(prepared.messages)));
    // A context between the two: cl100k says every prompt fits, the server refuses the largest.
    const context = Math.round((byCl100k + byServer) / 2);
    assert.ok(byCl100k < context && context < byServer, `cl100k ${byCl100k}, server ${byServer}`);
    const args = ['run', 'mango', zork, '--task', 'rf', '--limit', '20', '--model', 'default', '--dry-run', '--json'];

    const llama = await serve({ contextTokens: context });
    const counted = JSON.parse((await runCli([...args, '--base-url', llama.url], dir)).stdout) as DryRun;
    const [fit] = counted.question_sets;
    assert.deepEqual(
      [fit.set, fit.largest_prompt.tokens, fit.largest_prompt.counted_by, fit.fit_counted_by],
      ['zork1', byServer, 'server', 'server'],
    );
    assert.equal(fit.too_long, questions.filter((prepared) => doublePromptTokens(prepared.messages) > context).length);
    assert.ok((fit.too_long ?? 0) > 0);
    await llama.close();

    const gateway = await serve({ flavour: 'openrouter', servedModel: 'default', contextTokens: context });
    const estimated = JSON.parse((await runCli([...args, '--base-url', gateway.url], dir)).stdout) as DryRun;
    assert.deepEqual(estimated.server?.token_counting, null);
    const [guess] = estimated.question_sets;
    assert.deepEqual(
      [guess.largest_prompt.tokens, guess.largest_prompt.counted_by, guess.too_long, guess.fit_counted_by],
      [byCl100k, 'cl100k', 0, 'cl100k'],
    );
  });

  it('a dry run against a server that does not answer says so and still estimates', async () => {
    const server = await serve({ loadingMs: 60_000 });
    const result = await runCli(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--base-url',
        server.url,
        '--model',
        'default',
        '--dry-run',
        '--json',
      ],
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /did not answer its model list: its context is unknown and prompt tokens are cl100k estimates/,
    );
    const estimate = JSON.parse(result.stdout) as DryRun;
    assert.equal(estimate.server, null);
    assert.deepEqual(
      [
        estimate.question_sets[0].context_tokens,
        estimate.question_sets[0].too_long,
        estimate.question_sets[0].largest_prompt.counted_by,
      ],
      [null, null, 'cl100k'],
    );
  });
});

describe('--max-cost against a llama-server and a gateway (the double), four requests in flight', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-cap-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  // The double's vocabulary counts MANGO's walkthrough prompts ~25% above cl100k; replies are short.
  const prices = { costPer1kInput: 1, costPer1kOutput: 1, maxTokens: 8 };
  const lighthouse = join(samplesDir, 'mango', 'lighthouse');
  /** What the server charged: every chat request's usage at the profile's prices (the preflight's included). */
  const charged = (server: LlamaServer) =>
    server.usage.reduce(
      (sum, usage) => sum + (usage.prompt * prices.costPer1kInput + usage.completion * prices.costPer1kOutput) / 1000,
      0,
    );

  for (const flavour of ['llama-server', 'openrouter'] as const) {
    it(`${flavour === 'llama-server' ? 'a server that counts prompt tokens' : 'a gateway that does not (cl100k estimates)'}: what the server charged never passes the cap, and the summary says what it charged`, async () => {
      const server = (double = await startLlamaServer({
        flavour,
        servedModel: 'vendor/model',
        answer: () => '[]',
        generationMs: 60,
      }));
      writeFileSync(
        join(dir, 'models.json'),
        JSON.stringify([
          { id: 'priced', provider: 'openai-compatible', baseUrl: server.url, model: 'vendor/model', ...prices },
        ]),
      );
      const prompt = doublePromptTokens(
        (await findBenchmark('mango')?.questionSet?.([lighthouse], { task: 'rf' }, nodeQuestionFiles))?.questions[0]
          .messages ?? [],
      );
      const cap = (7.5 * (prompt + 8)) / 1000;
      const result = await runCli(
        [
          'run',
          'mango',
          lighthouse,
          '--task',
          'rf',
          '--profile',
          join(dir, 'models.json'),
          '--profile-id',
          'priced',
          '--concurrency',
          '4',
          '--max-cost',
          String(cap),
          '--out',
          'cap.jsonl',
          '--json',
        ],
        dir,
      );
      const summary = JSON.parse(result.stdout) as { answered: number; cost_usd: number; stopped_by: string };
      assert.equal(summary.stopped_by, 'cost-cap', result.stderr);
      assert.ok(charged(server) <= cap, `the server charged $${charged(server)} of a $${cap} cap`);
      assert.ok(summary.answered >= 5, `${summary.answered} answered`);
      assert.ok(Math.abs(summary.cost_usd - charged(server)) < 1e-9, `${summary.cost_usd} vs ${charged(server)}`);
      assert.ok(server.counts.mostAtOnce > 1, 'requests were in flight together');
    });
  }

  it('--max-cost without prices is a usage error that says prices are needed (an unknown cost is not 0)', async () => {
    const result = await runCli(
      ['run', 'grasp', grid, '--base-url', 'http://127.0.0.1:9', '--model', 'm', '--max-cost', '1', '--out', 'x.jsonl'],
      dir,
    );
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--max-cost needs prices: use --profile with costPer1kInput and costPer1kOutput/);
  });
});
