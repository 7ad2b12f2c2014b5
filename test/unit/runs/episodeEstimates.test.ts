// An episode is estimated as turns × tokens per turn, its chat growing each turn, not as its first
// prompt once: the issue measured a SmartPlay episode estimated at 491 prompt tokens that used
// 58,532. The estimate is checked against an episode actually played through the CLI against the
// llama-server double (its usage), and the closed form against the sum it replaces.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { findBenchmark } from '../../../src/core/benchmarks';
import { growingChatEstimate } from '../../../src/core/eval/playEstimates';
import { countChatTokens } from '../../../src/core/runs/promptCounts';
import { HANOI_ACTIONS } from '../../../src/core/benchmarks/smartplay/hanoi';
import { doublePromptTokens, type LlamaServer, startLlamaServer } from '../../support/llamaServer';
import { distDir, samplesDir } from '../../support/paths';

function runCli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd });
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
  question_sets: Array<{ largest_prompt: { tokens: number; counted_by: string; requests: number } }>;
}

describe('episodes are estimated as turns × tokens per turn', function () {
  this.timeout(120_000);

  it('the closed form equals the sum of the growing prompts, with and without a history window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 700 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        (requests, first, growth, window) => {
          const prompts = Array.from(
            { length: requests },
            (_, k) => first + growth * Math.min(k, window ?? Number.POSITIVE_INFINITY),
          );
          const estimate = growingChatEstimate(requests, first, growth, window);
          assert.deepEqual(estimate, {
            requests,
            promptTokens: prompts.reduce((sum, tokens) => sum + tokens, 0),
            largestPromptTokens: prompts.at(-1) ?? 0,
          });
        },
      ),
      { numRuns: 500, seed: 28 },
    );
  });

  it('a MANGO, BabyAI or GRASP play episode: as many requests as its step budget, each carrying the chat so far', async () => {
    const cases: Array<[string, string[], Record<string, string>]> = [
      ['mango', [join(samplesDir, 'mango', 'lighthouse')], { task: 'play' }],
      ['babyai', [join(samplesDir, 'babyai', 'goto-red-ball.level.json')], { task: 'play' }],
      ['grasp', [join(samplesDir, 'grasp', 'inner_cluster_free.jsonl')], { task: 'play', settings: '4-none-0' }],
    ];
    for (const [benchmark, sources, options] of cases) {
      const set = await findBenchmark(benchmark)?.questionSet?.(sources, options, nodeQuestionFiles);
      const prepared = set?.questions[0];
      assert.ok(prepared?.playEstimate, benchmark);
      const first = countChatTokens(prepared.messages);
      const estimate = prepared.playEstimate(countChatTokens, 64);
      assert.ok(estimate.requests > 1, `${benchmark}: ${estimate.requests} requests`);
      // Every turn carries at least the first prompt, and later ones the replies (64 tokens each) and observations before them.
      assert.ok(
        estimate.promptTokens >= estimate.requests * first + 64 * ((estimate.requests * (estimate.requests - 1)) / 2),
        benchmark,
      );
      assert.ok(estimate.largestPromptTokens >= first + 64 * (estimate.requests - 1), benchmark);
    }
  });

  describe('a SmartPlay Tower of Hanoi episode against the double', () => {
    let double: LlamaServer | undefined;
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'waypoint-episodes-'));
      mkdirSync(join(dir, '.waypoint'));
    });
    afterEach(async () => {
      await double?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("the dry run counts its 60 requests and prompt tokens within a quarter of what a played episode used (at the server's ratio)", async () => {
      // A player that never solves it: all 30 steps, two requests each.
      const server = (double = await startLlamaServer({ answer: () => HANOI_ACTIONS[0], generationMs: 1 }));
      const args = [
        'run',
        'smartplay',
        'Hanoi3Disk',
        '--base-url',
        server.url,
        '--model',
        'default',
        '--max-tokens',
        '16',
      ];
      const dry = await runCli([...args, '--dry-run', '--json'], dir);
      assert.equal(dry.code, 0, dry.stderr);
      const estimate = JSON.parse(dry.stdout) as DryRun;
      assert.deepEqual([estimate.questions, estimate.requests, estimate.max_completion_tokens], [1, 60, 60 * 16]);
      assert.deepEqual(
        [estimate.question_sets[0].largest_prompt.requests, estimate.question_sets[0].largest_prompt.counted_by],
        [60, 'server-scaled'],
      );

      const played = await runCli([...args, '--out', 'hanoi.jsonl', '--json'], dir);
      assert.equal(played.code, 0, played.stderr);
      // The preflight's request first; then the episode's.
      const used = server.usage.slice(1);
      assert.equal(used.length, 60);
      const usedTokens = used.reduce((sum, usage) => sum + usage.prompt, 0);
      // The estimate is in cl100k tokens; the double's vocabulary counts more, by the ratio of the first prompt.
      const firstTurn =
        (await findBenchmark('smartplay')?.questionSet?.(['Hanoi3Disk'], {}, nodeQuestionFiles))?.questions[0]
          .messages ?? [];
      const ratio = doublePromptTokens(firstTurn) / countChatTokens(firstTurn);
      const scaled = estimate.prompt_tokens * ratio;
      assert.ok(
        Math.abs(scaled - usedTokens) < 0.25 * usedTokens,
        `estimated ${Math.round(scaled)} (${estimate.prompt_tokens} cl100k), used ${usedTokens}`,
      );
      // One turn (what the dry run used to count) is under 2% of it.
      assert.ok(countChatTokens(firstTurn) * ratio < 0.02 * usedTokens);
      // The largest prompt the dry run foresaw is near the largest the episode sent.
      const largest = Math.max(...used.map((usage) => usage.prompt));
      assert.ok(
        Math.abs(estimate.question_sets[0].largest_prompt.tokens - largest) < 0.25 * largest,
        `${estimate.question_sets[0].largest_prompt.tokens} vs ${largest}`,
      );
    });
  });
});
