// Episodes whose chat outgrows the model's context (it grows by a reply and an observation each
// turn; SmartPlay's history by an observation each step), against the llama-server double with a
// context that fits the first turns only. The turns played are kept: `waypoint play` prints them
// before the failure, a run's record keeps them with `end: "error"` and `episode_error`, scored as
// not reached, and `--resume` does not ask the episode again (which would fail at the same turn).
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpisodeAnswer } from '../../../src/core/eval/episodeQuestions';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { runWaypoint as runCli } from '../../support/cli';
import {
  doublePromptTokens,
  type LlamaServer,
  type LlamaServerOptions,
  questionRequests,
  startLlamaServer,
} from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const level = join(samplesDir, 'babyai', 'goto-red-ball.level.json');
/** The prompt sizes of the turns a double was asked, in order, as it counts them (the run's preflight is no turn). */
const chatPrompts = (server: LlamaServer) =>
  questionRequests(server).map((request) => doublePromptTokens(request.body.messages ?? []));
/** The paths of the chat requests a double received from its `from`-th request on, preflight or question. */
const chatsSince = (server: LlamaServer, from: number) =>
  server.requests
    .slice(from)
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => request.path);

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
  async function serverFailingAt(
    args: (url: string) => string[],
    failAt: number,
    options: LlamaServerOptions,
  ): Promise<{ server: LlamaServer; sizes: number[] }> {
    const measuring = await startLlamaServer(options);
    try {
      await runCli([...args(measuring.url), '--no-cache'], dir);
      const sizes = chatPrompts(measuring);
      assert.ok(sizes.length > failAt, `the episode has more than ${failAt} turns (${sizes.length})`);
      // The chat grows: the failing turn is the first to pass the context.
      assert.ok(
        sizes.slice(0, failAt - 1).every((size) => size + 8 < sizes[failAt - 1]),
        JSON.stringify(sizes),
      );
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
    assert.match(
      text.stdout,
      /Goal not reached after 4 moves \(a turn failed: default at .* answered HTTP 400: request \(\d+ tokens\) exceeds the available context size/,
    );
    const lines = text.stderr.trim().split('\n');
    assert.equal(lines.length, 1, text.stderr);
    assert.match(
      lines[0],
      /^waypoint play: the episode ended after 4 moves because a turn failed: default at .* answered HTTP 400: request \(\d+ tokens\) exceeds the available context size \(\d+ tokens\)/,
    );

    const json = await runCli([...play(server.url), '--no-cache', '--json'], dir);
    assert.equal(json.code, 1, json.stderr);
    const answer = JSON.parse(json.stdout) as {
      reached: boolean;
      moves: number;
      end: string;
      reason: string;
      steps: unknown[];
      failure: unknown;
      scores: Record<string, unknown>;
    };
    assert.deepEqual([answer.reached, answer.moves, answer.end, answer.steps.length], [false, 4, 'error', 4]);
    assert.match(answer.reason, /exceeds the available context size/);
    assert.deepEqual(answer.failure, { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' });
  });

  it('waypoint run babyai --task play: the record keeps the turns, is scored as not reached, and --resume does not ask it again', async () => {
    const run = (url: string) => [
      'run',
      'babyai',
      level,
      '--task',
      'play',
      '--base-url',
      url,
      '--model',
      'default',
      '--json',
    ];
    const { server } = await serverFailingAt((url) => [...run(url), '--out', 'measure.jsonl'], 6, {
      answer: () => 'left',
    });
    const first = await runCli([...run(server.url), '--out', 'run.jsonl'], dir);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(JSON.parse(first.stdout).episode_errors, 1);
    assert.match(
      first.stderr,
      /run\.jsonl: 1 episode ended when a turn's chat outgrew the model's context \(prompt-too-long: HTTP 400 exceed_context_size_error\), e\.g\.: .*Their turns are recorded and scored as played, the goal not reached/,
    );
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
    assert.deepEqual(
      chatsSince(server, asked),
      [],
      'nothing was asked again (not even the preflight: only the model list, which keys the resume, is read)',
    );
    assert.equal(records('run.jsonl').length, 1);
  });

  it('--history-turns keeps each turn to a window of the chat: the same episode then fits and plays to its step limit, and the record says the window', async () => {
    const run = (url: string) => [
      'run',
      'babyai',
      level,
      '--task',
      'play',
      '--base-url',
      url,
      '--model',
      'default',
      '--json',
    ];
    const { server } = await serverFailingAt((url) => [...run(url), '--out', 'measure.jsonl'], 6, {
      answer: () => 'left',
    });
    const full = await runCli([...run(server.url), '--out', 'full.jsonl'], dir);
    assert.equal(full.code, 0, full.stderr);
    assert.deepEqual(records('full.jsonl')[0].episode_history, { mode: 'full' });
    const asked = questionRequests(server).length;
    // Without the cache, to see every turn's request (a window of a periodic walk repeats itself).
    const windowed = await runCli(
      [...run(server.url), '--out', 'window.jsonl', '--history-turns', '2', '--no-cache'],
      dir,
    );
    assert.equal(windowed.code, 0, windowed.stderr);
    assert.equal(JSON.parse(windowed.stdout).episode_errors, 0);
    const [record] = records('window.jsonl');
    assert.deepEqual(
      [record.error, record.episode_error, record.episode_history, record.model.historyTurns],
      [undefined, undefined, { mode: 'window', turns: 2 }, 2],
    );
    const answer = record.parsedAnswer as EpisodeAnswer;
    assert.equal(answer.end, 'step-limit');
    assert.ok(answer.moves > 5, `${answer.moves} moves`);
    // Every turn sent the goal, then at most the observation before the two turns kept and their replies and observations.
    const sent = questionRequests(server)
      .slice(asked)
      .map((request) => request.body.messages ?? []);
    assert.equal(sent.length, answer.moves);
    assert.ok(
      sent.every((messages) => messages.length <= 6 && messages[0].role === 'system' && messages[1].role === 'user'),
    );
    assert.deepEqual(
      sent.at(-1)?.map((message) => message.role),
      ['system', 'user', 'assistant', 'user', 'assistant', 'user'],
    );
  });

  it('waypoint run smartplay: a bandit episode whose history outgrows the context keeps its steps in the episode log', async () => {
    const run = (url: string) => [
      'run',
      'smartplay',
      'BanditTwoArmedHighLowFixed',
      '--base-url',
      url,
      '--model',
      'default',
      '--json',
    ];
    // Steps are two turns (Q1, then Q2 with Q1's answer); the history grows by one observation a
    // step, so step 4's Q2 (turn 8) is the first larger than every turn before it.
    const { server } = await serverFailingAt((url) => [...run(url), '--out', 'measure.jsonl'], 8, {
      answer: () => 'pull slot machine 1',
    });
    const first = await runCli([...run(server.url), '--out', 'sp.jsonl'], dir);
    assert.equal(first.code, 0, first.stderr);
    const [record] = records('sp.jsonl');
    assert.equal(record.error, undefined);
    assert.equal(record.failure?.kind, 'prompt-too-long');
    assert.match(record.episode_error ?? '', /exceeds the available context size/);
    assert.equal(record.scores.steps, 3);
    assert.equal((record.parsedAnswer as string[]).length, 3);
    // The episode log: header, the three steps played, and its end with the reason.
    const lines = record.rawAnswer
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type?: string; reason?: string; error?: string });
    const end = lines.at(-1);
    assert.equal(end?.reason, 'error');
    assert.match(end?.error ?? '', /exceeds the available context size/);

    assert.deepEqual(record.episode_history, { mode: 'game', turns: 50 });

    const asked = server.requests.length;
    const second = await runCli([...run(server.url), '--out', 'sp.jsonl', '--resume'], dir);
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(
      chatsSince(server, asked),
      [],
      'nothing was asked again (not even the preflight: only the model list, which keys the resume, is read)',
    );

    // SmartPlay's own history is a window of observations (50 for the bandits; the overflow came with
    // 3 shown): one observation fits, for all 50 steps.
    const windowed = await runCli([...run(server.url), '--out', 'window.jsonl', '--history-turns', '1'], dir);
    assert.equal(windowed.code, 0, windowed.stderr);
    const [played] = records('window.jsonl');
    assert.deepEqual(
      [played.error, played.episode_error, played.scores.steps, played.episode_history],
      [undefined, undefined, 50, { mode: 'window', turns: 1 }],
    );
    const header = JSON.parse(played.rawAnswer.split('\n')[0]) as { settings?: { windowSize?: number } };
    assert.equal(header.settings?.windowSize, 1);
    assert.ok(
      server.requests
        .slice(asked)
        .every((request) => !/Most recent ([2-9]|\d\d+) steps/.test(JSON.stringify(request.body.messages))),
    );
  });

  it("--history-turns and the profile's historyTurns take a positive whole number", async () => {
    const flag = await runCli(
      [
        'run',
        'babyai',
        level,
        '--task',
        'play',
        '--base-url',
        'http://127.0.0.1:9',
        '--model',
        'm',
        '--history-turns',
        '0',
        '--out',
        'x.jsonl',
      ],
      dir,
    );
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /--history-turns/);
    const profiles = join(dir, 'models.json');
    writeFileSync(
      profiles,
      JSON.stringify([
        { id: 'local', provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9', model: 'm', historyTurns: 2.5 },
      ]),
    );
    const profile = await runCli(
      ['run', 'babyai', level, '--task', 'play', '--profile', profiles, '--profile-id', 'local', '--out', 'x.jsonl'],
      dir,
    );
    // A profile file's bad field is bad input, named by file, line and column (exit 1, docs/models.md), not a usage error.
    assert.equal(profile.code, 1, profile.stderr);
    assert.match(
      profile.stderr,
      /models\.json:1:\d+: profile 'local': `historyTurns` must be a whole number, found the number 2\.5/,
    );
  });
});
