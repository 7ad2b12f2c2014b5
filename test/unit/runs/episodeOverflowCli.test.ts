// Episodes whose chat outgrows the model's context (it grows by a reply and an observation each
// turn; SmartPlay's history by an observation each step), against the llama-server double with a
// context that fits the first turns only. The turns played are kept: `waypoint play` prints them
// before the failure, a run's record keeps them with `end: "error"` and `episode_error`, scored as
// not reached, and `--resume` does not ask the episode again (which would fail at the same turn).
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpisodeAnswer } from '../../../src/core/eval/episodeQuestions';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { runCli } from '../../support/cliProcess';
import { doublePromptTokens, type LlamaServer, type LlamaServerOptions, startLlamaServer } from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const level = join(samplesDir, 'babyai', 'goto-red-ball.level.json');
/** Chat requests a double received, in order, with their prompt sizes as it counts them. */
const chatPrompts = (server: LlamaServer) => server.requests.filter((request) => request.path.endsWith('/chat/completions')).map((request) => doublePromptTokens(request.body.messages ?? []));

describe('episodes that outgrow the context keep their turns (the llama-server double)', function () {
  this.timeout(120_000);
  let dir: string;
  let double: LlamaServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-overflow-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await double?.close();
    double = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;

  /**
   * The prompt sizes of an episode's turns, measured on a double whose context fits them all, then a
   * double (the one the test uses) whose context fits the turns before turn `failAt` (1-based) only.
   */
  async function serverFailingAt(args: (url: string) => string[], failAt: number, options: LlamaServerOptions): Promise<{ server: LlamaServer; sizes: number[] }> {
    const measuring = await startLlamaServer(options);
    try {
      await runCli([...args(measuring.url), '--no-cache'], dir);
      const sizes = chatPrompts(measuring);
      assert.ok(sizes.length > failAt, `the episode has more than ${failAt} turns (${sizes.length})`);
      // The chat grows: the failing turn is the first to pass the context.
      assert.ok(sizes.slice(0, failAt - 1).every((size) => size + 8 < sizes[failAt - 1]), JSON.stringify(sizes));
      // Room for the last good turn's reply too (the double's replies here are a few tokens), or it would be cut.
      double = await startLlamaServer({ ...options, contextTokens: Math.max(...sizes.slice(0, failAt - 1)) + 8 });
      assert.ok(sizes[failAt - 1] > double.options.contextTokens);
      return { server: double, sizes };
    } finally {
      await measuring.close();
    }
  }

  it('waypoint play babyai: the turns before the overflow are printed, then the failure (exit 1); --json says end "error" and why', async () => {
    const play = (url: string) => ['play', 'babyai', level, '--base-url', url, '--model', 'default'];
    const { server } = await serverFailingAt(play, 5, { answer: () => 'left' });
    const text = await runCli([...play(server.url), '--no-cache'], dir);
    assert.equal(text.code, 1, text.stderr);
    assert.equal(text.stdout.match(/^> left$/gm)?.length, 4, text.stdout);
    assert.match(text.stdout, /Goal not reached after 4 moves \(a turn failed: default at .* answered HTTP 400: request \(\d+ tokens\) exceeds the available context size/);
    const lines = text.stderr.trim().split('\n');
    assert.equal(lines.length, 1, text.stderr);
    assert.match(lines[0], /^waypoint play: the episode ended after 4 moves because a turn failed: default at .* answered HTTP 400: request \(\d+ tokens\) exceeds the available context size \(\d+ tokens\)/);

    const json = await runCli([...play(server.url), '--no-cache', '--json'], dir);
    assert.equal(json.code, 1, json.stderr);
    const answer = JSON.parse(json.stdout) as { reached: boolean; moves: number; end: string; reason: string; steps: unknown[]; failure: unknown; scores: Record<string, unknown> };
    assert.deepEqual([answer.reached, answer.moves, answer.end, answer.steps.length], [false, 4, 'error', 4]);
    assert.match(answer.reason, /exceeds the available context size/);
    assert.deepEqual(answer.failure, { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' });
  });

  it('waypoint run babyai --task play: the record keeps the turns, is scored as not reached, and --resume does not ask it again', async () => {
    const run = (url: string) => ['run', 'babyai', level, '--task', 'play', '--base-url', url, '--model', 'default', '--json'];
    const { server } = await serverFailingAt((url) => [...run(url), '--out', 'measure.jsonl'], 6, { answer: () => 'left' });
    const first = await runCli([...run(server.url), '--out', 'run.jsonl'], dir);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(JSON.parse(first.stdout).episode_errors, 1);
    assert.match(first.stderr, /run\.jsonl: 1 episode ended when a turn's chat outgrew the model's context \(prompt-too-long: HTTP 400 exceed_context_size_error\), e\.g\.: .*Their turns are recorded and scored as played, the goal not reached/);
    const [record] = records('run.jsonl');
    assert.equal(record.error, undefined);
    assert.match(record.episode_error ?? '', /exceeds the available context size/);
    assert.deepEqual(record.failure, { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' });
    const answer = record.parsedAnswer as EpisodeAnswer;
    assert.deepEqual([answer.end, answer.moves, answer.reached, answer.steps.length], ['error', 5, false, 5]);
    assert.match(record.rawAnswer, /Goal not reached after 5 moves \(a turn failed: /);
    assert.equal(record.scores.success, 0);

    const asked = server.requests.length;
    const second = await runCli([...run(server.url), '--out', 'run.jsonl', '--resume'], dir);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(server.requests.length, asked, 'nothing was asked again');
    assert.equal(records('run.jsonl').length, 1);
  });

  it('waypoint run smartplay: a bandit episode whose history outgrows the context keeps its steps in the episode log', async () => {
    const run = (url: string) => ['run', 'smartplay', 'BanditTwoArmedHighLowFixed', '--base-url', url, '--model', 'default', '--json'];
    // Steps are two turns (Q1, then Q2 with Q1's answer); the history grows by one observation a
    // step, so step 4's Q2 (turn 8) is the first larger than every turn before it.
    const { server } = await serverFailingAt((url) => [...run(url), '--out', 'measure.jsonl'], 8, { answer: () => 'pull slot machine 1' });
    const first = await runCli([...run(server.url), '--out', 'sp.jsonl'], dir);
    assert.equal(first.code, 0, first.stderr);
    const [record] = records('sp.jsonl');
    assert.equal(record.error, undefined);
    assert.equal(record.failure?.kind, 'prompt-too-long');
    assert.match(record.episode_error ?? '', /exceeds the available context size/);
    assert.equal(record.scores.steps, 3);
    assert.equal((record.parsedAnswer as string[]).length, 3);
    // The episode log: header, the three steps played, and its end with the reason.
    const lines = record.rawAnswer.trim().split('\n').map((line) => JSON.parse(line) as { type?: string; reason?: string; error?: string });
    const end = lines.at(-1);
    assert.equal(end?.reason, 'error');
    assert.match(end?.error ?? '', /exceeds the available context size/);

    const asked = server.requests.length;
    const second = await runCli([...run(server.url), '--out', 'sp.jsonl', '--resume'], dir);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(server.requests.length, asked, 'nothing was asked again');
  });
});
