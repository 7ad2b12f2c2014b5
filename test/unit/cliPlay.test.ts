// `waypoint play` as a user runs it (runs.md §7): a scripted model behind a local OpenAI-compatible
// server plays a MANGO episode, and the JSON is exactly the contract's; the built-in agents play
// BabyAI and GRASP; usage and input errors exit 2 and 1.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatRequests, type FakeOpenAi, startFakeOpenAi } from '../support/fakeOpenAi';
import { distDir, samplesDir } from '../support/paths';

const lighthouse = join(samplesDir, 'mango', 'lighthouse');

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

describe('waypoint play (CLI)', function () {
  let fake: FakeOpenAi;
  let dir: string;

  beforeEach(async () => {
    fake = await startFakeOpenAi();
    dir = mkdtempSync(join(tmpdir(), 'waypoint-play-'));
    mkdirSync(join(dir, '.waypoint'));
  });
  afterEach(async () => {
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a scripted model plays a MANGO episode and the JSON is the contract', async () => {
    fake.script.push(
      { content: '> North.' },
      { content: 'dance' },
      { content: 'northwest\nbecause the lane leads there' },
    );
    const result = await runCli(
      [
        'play',
        'mango',
        lighthouse,
        '--from',
        'harbour road',
        '--to',
        'Chapel Ruins',
        '--base-url',
        fake.url,
        '--model',
        'scripted',
        '--json',
      ],
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    for (const key of ['reached', 'moves', 'start', 'steps']) assert.ok(key in json, key);
    assert.equal(json.reached, true);
    assert.equal(json.moves, 3);
    assert.match(json.start, /^Harbour Road\nCobbles slick with spray/);
    assert.deepEqual(
      json.steps.map((step: { command: string; location: string }) => [step.command, step.location]),
      [
        ['North', 'fish market'],
        ['dance', 'fish market'],
        ['northwest', 'chapel ruins'],
      ],
    );
    for (const step of json.steps)
      for (const key of ['command', 'observation', 'location']) assert.equal(typeof step[key], 'string');
    assert.match(json.steps[0].observation, /^Fish Market\n/);
    assert.equal(json.steps[1].observation, "You can't go that way.");
    assert.match(json.steps[2].observation, /^Chapel Ruins\n/);
    // Three turns, each with the chat so far: the system goal, the opening, then reply and observation pairs.
    assert.equal(chatRequests(fake).length, 3);
    const last = chatRequests(fake)[2].body.messages as Array<{ role: string; content: string }>;
    assert.deepEqual(
      last.map((message) => message.role),
      ['system', 'user', 'assistant', 'user', 'assistant', 'user'],
    );
    assert.match(last[0].content, /your goal is to reach chapel ruins/);
    assert.equal(last[4].content, 'dance');
    assert.equal(last[5].content, "You can't go that way.");
  });

  it('exits 0 when the goal is not reached within --max-steps, and prints the transcript', async () => {
    fake.script.push({ content: 'east' }, { content: 'west' });
    const result = await runCli(
      [
        'play',
        'mango',
        lighthouse,
        '--from',
        'harbour road',
        '--to',
        'chapel ruins',
        '--base-url',
        fake.url,
        '--model',
        'scripted',
        '--max-steps',
        '2',
        '--no-cache',
      ],
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Harbour Road\n/);
    assert.match(result.stdout, /> east\n/);
    assert.match(result.stdout, /Goal not reached after 2 moves \(step-limit\)\.$/m);
    assert.equal(chatRequests(fake).length, 2);
  });

  it('takes the per-model flags `waypoint run` takes (--max-completion-tokens, --reasoning-effort) and sends them', async () => {
    fake.script.push({ content: 'east' });
    const result = await runCli(
      [
        'play',
        'mango',
        lighthouse,
        '--from',
        'harbour road',
        '--to',
        'chapel ruins',
        '--base-url',
        fake.url,
        '--model',
        'scripted',
        '--max-steps',
        '1',
        '--no-cache',
        '--max-completion-tokens',
        '5',
        '--reasoning-effort',
        'low',
      ],
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(chatRequests(fake).length, 1);
    const body = chatRequests(fake)[0].body as Record<string, unknown>;
    assert.equal(body.max_completion_tokens, 5);
    assert.equal(body.reasoning_effort, 'low');
  });

  it('the oracle ends a MANGO episode whose goal cannot be reached, saying why, without spending the budget', async () => {
    // The lighthouse with every way into the chapel ruins gone: the ruins are still a room (their exits remain).
    const game = join(dir, 'lighthouse');
    mkdirSync(game);
    copyFileSync(join(lighthouse, 'lighthouse.walkthrough'), join(game, 'lighthouse.walkthrough'));
    const edges = JSON.parse(readFileSync(join(lighthouse, 'lighthouse.edges.json'), 'utf8')) as Array<{
      dst_node: string;
    }>;
    writeFileSync(
      join(game, 'lighthouse.edges.json'),
      JSON.stringify(edges.filter((edge) => edge.dst_node !== 'chapel ruins')),
    );
    const args = [
      'play',
      'mango',
      game,
      '--from',
      'harbour road',
      '--to',
      'chapel ruins',
      '--agent',
      'oracle',
      '--no-cache',
    ];
    const json = await runCli([...args, '--json'], dir);
    assert.equal(json.code, 0, json.stderr);
    const answer = JSON.parse(json.stdout);
    assert.deepEqual(
      [answer.reached, answer.moves, answer.steps, answer.end, answer.reason],
      [false, 0, [], 'done', 'no route from harbour road to chapel ruins'],
    );
    const text = await runCli(args, dir);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Goal not reached after 0 moves \(no route from harbour road to chapel ruins\)\.$/m);
  });

  it('Ctrl+C stops an episode mid-way: exit 130, no further turn asked', async () => {
    // The second reply never comes within the test: only Ctrl+C ends the episode.
    fake.script.push({ content: 'north' }, { content: 'northwest', delayMs: 10 * 60_000 }, { content: 'south' });
    const child = spawn(
      process.execPath,
      [
        join(distDir, 'cli.js'),
        'play',
        'mango',
        lighthouse,
        '--from',
        'harbour road',
        '--to',
        'net loft',
        '--base-url',
        fake.url,
        '--model',
        'slow',
        '--no-cache',
        '--json',
      ],
      { cwd: dir },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    const deadline = Date.now() + 120_000;
    while (chatRequests(fake).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(chatRequests(fake).length, 2, 'the second turn was asked');
    child.kill('SIGINT');
    assert.equal(await closed, 130);
    assert.equal(stdout, '');
    assert.match(stderr, /interrupted/);
    assert.equal(chatRequests(fake).length, 2);
  });

  it('the oracle plays BabyAI and GRASP episodes', async () => {
    const babyai = await runCli(
      ['play', 'babyai', join(samplesDir, 'babyai', 'four-rooms-sequence.level.json'), '--agent', 'oracle', '--json'],
      dir,
    );
    assert.equal(babyai.code, 0, babyai.stderr);
    const level = JSON.parse(babyai.stdout);
    assert.equal(level.reached, true);
    assert.match(level.start, /- Mission: '/);
    assert.match(level.steps[0].location, /^\(\d+, \d+\) facing (east|south|west|north)$/);
    const grasp = await runCli(
      [
        'play',
        'grasp',
        join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
        '--index',
        '1',
        '--setting',
        '4-none-0.3',
        '--agent',
        'oracle',
        '--json',
      ],
      dir,
    );
    assert.equal(grasp.code, 0, grasp.stderr);
    const episode = JSON.parse(grasp.stdout);
    assert.equal(episode.steps[episode.steps.length - 1].command, 'DROP');
    assert.equal(typeof episode.scores.score, 'number');
  });

  it("a scripted local model plays BabyAI and GRASP episodes: the oracle's commands, chatty and with one refused word, reach what the oracle reaches", async () => {
    const cases = [
      { args: ['babyai', join(samplesDir, 'babyai', 'four-rooms-sequence.level.json')], refused: 'jump' },
      {
        args: [
          'grasp',
          join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'),
          '--index',
          '1',
          '--setting',
          '4-none-0.3',
        ],
        refused: 'JUMP',
      },
    ];
    for (const { args, refused } of cases) {
      const oracle = JSON.parse((await runCli(['play', ...args, '--agent', 'oracle', '--json'], dir)).stdout) as {
        reached: boolean;
        steps: Array<{ command: string }>;
      };
      const commands = oracle.steps.map((step) => step.command);
      // One refused word first (it costs a step, so only when the budget leaves room), then the oracle's commands as a chatty model writes them.
      const withRefusal = commands.length < 20;
      fake.requests.length = 0;
      fake.script.push(
        ...(withRefusal ? [{ content: refused }] : []),
        ...commands.map((command) => ({ content: `> ${command}.` })),
      );
      const result = await runCli(
        [
          'play',
          ...args,
          '--base-url',
          fake.url,
          '--model',
          'scripted',
          '--no-cache',
          '--max-steps',
          String(commands.length + 1),
          '--json',
        ],
        dir,
      );
      assert.equal(result.code, 0, result.stderr);
      const played = JSON.parse(result.stdout) as {
        reached: boolean;
        steps: Array<{ command: string; valid: boolean; observation: string }>;
      };
      assert.deepEqual(
        played.steps.map((step) => step.command),
        [...(withRefusal ? [refused] : []), ...commands],
        args[0],
      );
      if (withRefusal) assert.equal(played.steps[0].valid, false, `${args[0]}: '${refused}' is refused`);
      assert.ok(
        played.steps.slice(withRefusal ? 1 : 0).every((step) => step.valid),
        `${args[0]}: the oracle's commands are all accepted`,
      );
      assert.equal(played.reached, oracle.reached, args[0]);
      assert.equal(chatRequests(fake).length, played.steps.length, `${args[0]}: one request a turn`);
    }
  });

  it('usage errors exit 2 and input errors 1, one line each', async () => {
    const noGoal = await runCli(['play', 'mango', lighthouse, '--agent', 'oracle'], dir);
    assert.equal(noGoal.code, 2);
    assert.match(noGoal.stderr, /--from ROOM and --to ROOM/);
    const noRoom = await runCli(
      ['play', 'mango', lighthouse, '--from', 'harbour road', '--to', 'the moon', '--agent', 'oracle'],
      dir,
    );
    assert.equal(noRoom.code, 1);
    assert.equal(noRoom.stderr.trim().split('\n').length, 1);
    assert.match(noRoom.stderr, /--to 'the moon' is not a room of lighthouse's maze/);
    // A level the expert bot cannot solve: the oracle says so instead of playing a made-up episode.
    const unsolved = await runCli(
      ['play', 'babyai', join(samplesDir, 'babyai', 'locked-door-key-in-box.level.json'), '--agent', 'oracle'],
      dir,
    );
    assert.equal(unsolved.code, 1);
    assert.match(unsolved.stderr, /^waypoint play: BabyAI's expert bot cannot solve this level/);
  });
});
