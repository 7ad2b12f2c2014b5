// `waypoint run` (the built CLI) at its defaults against the llama-server double configured as
// llama-server is by default: four slots sharing one context (here one that fits a single GRASP
// prompt), a model that loads for a while, a stopped server, a wrong key, replies cut at the token
// limit. Each run must answer what can be answered, say what it did, stop early with one message
// when nothing can be answered, and leave the rest for --resume.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { findBenchmark } from '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import {
  doublePromptTokens,
  type LlamaServer,
  type LlamaServerOptions,
  startLlamaServer,
} from '../../support/llamaServer';
import { countChatTokens } from '../../../src/core/runs/batchRun';
import { freePort, runWaypoint as runCli } from '../../support/cli';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../../support/paths';

const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
/** A plausible GRASP answer: a short action list. */
const ANSWER = '[UP, TAKE, DOWN, DROP]';

/** The sample grid's 40 questions (all settings) as the double counts their prompts. */
async function graspPromptSizes(): Promise<number[]> {
  const set = await findBenchmark('grasp')?.questionSet?.([grid], { settings: 'all' }, nodeQuestionFiles);
  assert.ok(set && set.questions.length === 40);
  return set.questions.map((prepared) => doublePromptTokens(prepared.messages));
}

describe('waypoint run against a llama-server at its defaults (the double)', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-real-server-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(options: LlamaServerOptions): Promise<LlamaServer> {
    double = await startLlamaServer({ answer: () => ANSWER, ...options });
    return double;
  }

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const graspRun = (baseUrl: string, out: string, ...extra: string[]) => [
    'run',
    'grasp',
    grid,
    '--settings',
    'all',
    '--base-url',
    baseUrl,
    '--model',
    'default',
    '--out',
    out,
    '--json',
    ...extra,
  ];

  it('four slots sharing a context that fits one prompt: every question is answered at the default --concurrency 4, and the run says why it slowed down', async () => {
    const sizes = await graspPromptSizes();
    const context = Math.max(...sizes) + 64;
    assert.ok(
      2 * Math.min(...sizes) > context,
      `prompts of ${Math.min(...sizes)}–${Math.max(...sizes)} tokens, context ${context}`,
    );
    const server = await serve({ slots: 4, contextTokens: context, generationMs: 250 });
    const result = await runCli(graspRun(server.url, 'slots.jsonl'), dir);
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout) as {
      answered: number;
      errors: number;
      concurrency: { requested: number; lowest: number };
    };
    assert.equal(summary.answered, 40);
    assert.equal(summary.errors, 0);
    assert.deepEqual([summary.concurrency.requested, summary.concurrency.lowest], [4, 1]);
    assert.ok(server.counts.contextExceeded > 0, 'the shared context overflowed at least once');
    const written = records('slots.jsonl');
    assert.equal(written.length, 40);
    assert.ok(
      written.every(
        (record) =>
          record.error === undefined &&
          record.finish_reason === 'stop' &&
          record.served_model === 'models/stories260K.gguf',
      ),
    );
    assert.match(
      result.stderr,
      /waypoint run: concurrency 4→2 after 'Context size has been exceeded' \(llama-server's slots share one context; start it with -np 1 or a larger -c\)/,
    );
    // The advice is given once, with the first lowering.
    assert.equal(result.stderr.split('start it with -np 1').length - 1, 2, result.stderr);
    assert.match(
      result.stderr,
      /waypoint run: concurrency reduced 4→1 after 'Context size has been exceeded' \(llama-server's slots share one context; start it with -np 1 or a larger -c\)[^\n]*--concurrency 1 avoids the failed attempts\./,
    );
  });

  it('--progress json: progress and concurrency lines are told apart by "event", each keeping its fields', async () => {
    const sizes = await graspPromptSizes();
    const server = await serve({ slots: 4, contextTokens: Math.max(...sizes) + 64, generationMs: 250 });
    const result = await runCli(
      [...graspRun(server.url, 'progress.jsonl'), '--limit', '12', '--progress', 'json'],
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const progress = lines.filter((line) => line.event === 'progress');
    const changes = lines.filter((line) => line.event === 'concurrency');
    assert.equal(progress.length + changes.length, lines.length, 'every JSON line says what it is');
    assert.equal(progress.length, 12);
    assert.ok(
      progress.every(
        (line) =>
          typeof line.done === 'number' &&
          typeof line.total === 'number' &&
          typeof line.concurrency === 'number' &&
          !('concurrency_change' in line),
      ),
    );
    assert.ok(changes.length > 0, 'the shared context made the run lower its concurrency');
    for (const change of changes) {
      assert.ok(!('done' in change));
      assert.deepEqual(Object.keys(change.concurrency_change as object).slice(0, 3), ['from', 'to', 'cause']);
      assert.match(String(change.message), /^waypoint run: concurrency \d→\d after /);
    }
  });

  it('a server still loading its model is waited for: every question is answered once it is ready', async () => {
    // Loaded once the run has met the loading server a few times, however long the CLI took to start.
    const server = await serve({ loadingMs: 600_000 });
    const ready = setInterval(() => {
      if (server.counts.loading >= 8) {
        server.load(0);
        clearInterval(ready);
      }
    }, 20);
    const result = await runCli([...graspRun(server.url, 'loading.jsonl'), '--limit', '8'], dir).finally(() =>
      clearInterval(ready),
    );
    assert.equal(result.code, 0, result.stderr);
    assert.ok(server.counts.loading > 0, 'some requests met the loading server');
    assert.doesNotMatch(result.stderr, /Warning/);
    assert.deepEqual(
      records('loading.jsonl').map((record) => record.error),
      Array(8).fill(undefined),
    );
  });

  it('a stopped server: the run stops early with one message naming the fix, and --resume completes it once the server runs', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = await runCli(graspRun(url, 'dead.jsonl'), dir);
    assert.equal(first.code, 1);
    const summary = JSON.parse(first.stdout) as { errors: number; not_asked: number; stopped_by: string };
    assert.equal(summary.stopped_by, 'circuit-breaker');
    const written = records('dead.jsonl');
    assert.equal(written.length, summary.errors);
    assert.ok(written.length >= 5 && written.length < 12, `${written.length} error records`);
    assert.equal(summary.not_asked, 40 - written.length);
    assert.ok(written.every((record) => record.failure?.kind === 'connection'));
    const lines = first.stderr.trim().split('\n');
    assert.equal(lines.length, 1, first.stderr);
    assert.match(
      lines[0],
      new RegExp(
        `^waypoint run: stopped after 5 questions in a row failed the same way: default at ${url} could not be reached \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\).* To go on: start the server, or correct --base-url, then run the same command with --resume \\(${summary.not_asked} questions were not asked; the ${written.length} that failed are asked again too\\)\\.$`,
      ),
    );

    await serve({ port });
    const second = await runCli([...graspRun(url, 'dead.jsonl'), '--resume'], dir);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(records('dead.jsonl').filter((record) => record.error === undefined).length, 40);
  });

  it('a wrong key: the run stops early naming --api-key-env, and --resume with the right key completes it', async () => {
    const server = await serve({ apiKey: 'the-right-key' });
    const args = [...graspRun(server.url, 'key.jsonl'), '--api-key-env', 'LLAMA_KEY'];
    const first = await runCli(args, dir, { LLAMA_KEY: 'a-wrong-key' });
    assert.equal(first.code, 1);
    const summary = JSON.parse(first.stdout) as { errors: number; not_asked: number };
    assert.ok(summary.not_asked > 0 && summary.errors < 12, first.stdout);
    // Each refused question was asked once; the run's preflight met the refusal first (its one-token request).
    assert.equal(
      server.requests.filter((request) => request.path === '/v1/chat/completions' && request.status === 401).length,
      summary.errors + 1,
    );
    const lines = first.stderr.trim().split('\n');
    assert.equal(lines.length, 1, first.stderr);
    assert.match(
      lines[0],
      /^waypoint run: stopped after 5 questions in a row failed the same way: .*refused the API key \(HTTP 401\)\. Set the environment variable LLAMA_KEY to the key \(export LLAMA_KEY=…\)\. To go on: correct the key, then run the same command with --resume/,
    );
    assert.ok(!first.stderr.includes('a-wrong-key'));

    const second = await runCli([...args, '--resume'], dir, { LLAMA_KEY: 'the-right-key' });
    assert.equal(second.code, 0, second.stderr);
    assert.equal(records('key.jsonl').filter((record) => record.error === undefined).length, 40);
  });

  it('prompts longer than the context fail at once, and the failures are summed up by type, not by message (whose token counts differ)', async () => {
    const sizes = await graspPromptSizes();
    const context = 725;
    const tooLong = sizes.filter((size) => size > context).length;
    assert.ok(tooLong > 0 && tooLong < 40);
    const server = await serve({ contextTokens: context });
    const result = await runCli(graspRun(server.url, 'long.jsonl'), dir);
    assert.equal(result.code, 1);
    const failed = records('long.jsonl').filter((record) => record.error !== undefined);
    assert.equal(failed.length, tooLong);
    // Not retried: one request each.
    assert.equal(server.counts.promptTooLong, tooLong);
    assert.ok(
      failed.every(
        (record) =>
          record.failure?.kind === 'prompt-too-long' &&
          record.failure.status === 400 &&
          record.failure.type === 'exceed_context_size_error',
      ),
    );
    assert.ok(new Set(failed.map((record) => record.error)).size > 1, 'the messages differ by their token counts');
    // (The prompts that fit share the same small context: the run also lowers its concurrency and says so.)
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((line) => / questions? failed/.test(line));
    assert.equal(lines.length, 1, result.stderr);
    assert.match(
      lines[0],
      new RegExp(
        `^long\\.jsonl: ${tooLong} questions failed \\(prompt-too-long: HTTP 400 exceed_context_size_error\\), e\\.g\\.: default at .* answered HTTP 400: request \\(\\d+ tokens\\) exceeds the available context size \\(725 tokens\\)`,
      ),
    );
    // Not a circuit breaker matter: every question whose prompt fits was answered.
    assert.equal(JSON.parse(result.stdout).answered, 40 - tooLong);
  });

  describe('against Ollama, which cuts long prompts silently', () => {
    const mangoRun = (game: string, baseUrl: string, out: string) => [
      'run',
      'mango',
      game,
      '--task',
      'rf',
      '--limit',
      '6',
      '--base-url',
      baseUrl,
      '--model',
      'llama3.2',
      '--out',
      out,
      '--json',
    ];

    it("MANGO walkthrough prompts cut at Ollama's default 2,048 tokens are flagged context_truncated, said by the run and counted by report", async function () {
      const night = join(sharedDataDir, 'mango', 'night');
      if (!existsSync(night)) {
        console.log(`      skipped: ${sharedDataMissingReason}`);
        this.skip();
      }
      const server = await serve({ flavour: 'ollama', numCtx: 2048 });
      const result = await runCli(mangoRun(night, server.url, 'ollama.jsonl'), dir);
      // Nothing failed: Ollama says nothing about the cut.
      assert.equal(JSON.parse(result.stdout).errors, 0, result.stderr);
      const written = records('ollama.jsonl');
      assert.equal(written.length, 6);
      assert.equal(server.counts.promptCut, 6);
      for (const record of written) {
        assert.equal(record.promptTokens, 2048);
        assert.ok(countChatTokens(record.messages) > 3000, 'a walkthrough prompt of the real game');
        assert.equal(record.context_truncated, true);
      }
      assert.match(
        result.stderr,
        /ollama\.jsonl: 6 prompts were cut by the server without an error \(it counted under 80% of the prompt's cl100k tokens; the records say "context_truncated": true\): give the server a larger context \(Ollama: OLLAMA_CONTEXT_LENGTH/,
      );
      const report = await runCli(['report', join(dir, 'ollama.jsonl'), '--json'], dir);
      const json = JSON.parse(report.stdout) as {
        context_truncated: number;
        groups: Array<{ context_truncated: number }>;
      };
      assert.equal(json.context_truncated, 6);
      assert.equal(
        json.groups.reduce((sum, group) => sum + group.context_truncated, 0),
        6,
      );
      const text = await runCli(['report', join(dir, 'ollama.jsonl')], dir);
      assert.match(text.stdout, /6 with the prompt cut by the server/);
      assert.match(text.stdout, /\bcontext_truncated\b/);
    });

    it('prompts that fit a 4,096-token context are not flagged (a tokenizer counting more than cl100k is no cut)', async () => {
      const server = await serve({ flavour: 'ollama', numCtx: 4096 });
      const result = await runCli(mangoRun(join(samplesDir, 'mango', 'lighthouse'), server.url, 'fits.jsonl'), dir);
      assert.equal(JSON.parse(result.stdout).errors, 0, result.stderr);
      const written = records('fits.jsonl');
      assert.equal(written.length, 6);
      assert.equal(server.counts.promptCut, 0);
      // The double's tokenizer counts more than cl100k, as Llama-2's does: still no flag.
      assert.ok(
        written.every(
          (record) =>
            (record.promptTokens ?? 0) > countChatTokens(record.messages) && record.context_truncated === undefined,
        ),
      );
      assert.doesNotMatch(result.stderr, /cut by the server/);
    });
  });

  it('replies cut at the token limit are recorded with finish_reason "length" and truncated', async () => {
    const server = await serve({ nPredict: 3, answer: () => '[UP, UP, LEFT, TAKE, DOWN, DROP]' });
    const result = await runCli([...graspRun(server.url, 'cut.jsonl'), '--limit', '4'], dir);
    assert.ok(result.code === 0 || result.code === 1, result.stderr);
    const written = records('cut.jsonl');
    assert.equal(written.length, 4);
    assert.deepEqual(
      written.map((record) => [record.rawAnswer, record.finish_reason, record.truncated, record.completionTokens]),
      Array(4).fill(['[UP, UP, ', 'length', true, 3]),
    );
    assert.match(
      result.stderr,
      /cut\.jsonl: 4 replies were cut at the token limit \(finish_reason "length"; the records say "truncated": true\): raise --max-tokens/,
    );
  });
});
