// `waypoint smartplay` through runSmartplay (spec cli.md, "SmartPlay"): JSON shape, exit codes.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runSmartplay } from '../../../src/cli/smartplay/commands';
import { HANOI_ACTIONS } from '../../../src/core/benchmarks/smartplay/hanoi';
import type { ReplayResult } from '../../../src/core/benchmarks/smartplay/replay';

async function smartplay(...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runSmartplay(
    argv,
    (text) => stdout.push(text),
    (text) => stderr.push(text),
  );
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

const SOLUTION_3 = [1, 0, 5, 1, 2, 3, 1].map((action) => HANOI_ACTIONS[action]);

/** The repository's samples folder, found from the bundle's location or the working directory. */
function samplesDir(): string {
  for (let directory = __dirname; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return join(directory, 'samples', 'smartplay');
    if (dirname(directory) === directory) return join(process.cwd(), 'samples', 'smartplay');
  }
}

describe('waypoint smartplay replay hanoi', () => {
  it('prints per step the observation, reward, done and score (JSON)', async () => {
    const { code, stdout, stderr } = await smartplay(
      'replay',
      'hanoi',
      '--disks',
      '3',
      '--actions',
      SOLUTION_3.join(';'),
      '--json',
    );
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout) as ReplayResult;
    assert.equal(result.game, 'Hanoi3Disk');
    assert.equal(result.steps.length, 7);
    assert.deepEqual(
      result.steps.map((step) => step.reward),
      [0, 0, 0, 0, 0, 0, 100],
    );
    assert.deepEqual(
      result.steps.map((step) => step.done),
      [false, false, false, false, false, false, true],
    );
    assert.equal(
      result.steps[0].observation,
      'You tried to move the top disk of rod a to the top of rod c. Current configuration:\n- A: |bottom, [2, 1], top|\n- B: |bottom, [], top|\n- C: |bottom, [0], top|',
    );
    assert.deepEqual(result.final, { score: 3, totalReward: 100, done: true, completed: 1, normalizedScore: 1 });
    assert.deepEqual(result.ignored, []);
  });

  it('splits answers per line too, matches them like match_act and maps unmatched ones to action 0', async () => {
    const { code, stdout } = await smartplay(
      'replay',
      'hanoi',
      '--disks',
      '4',
      '--actions',
      'I move the top disk of rod A to the top of rod B.\n\nno idea\n',
      '--json',
    );
    assert.equal(code, 0);
    const result = JSON.parse(stdout) as ReplayResult;
    assert.equal(
      result.initial.observation,
      'Current configuration:\n- A: |bottom, [3, 2, 1, 0], top|\n- B: |bottom, [], top|\n- C: |bottom, [], top|',
    );
    assert.deepEqual(
      result.steps.map((step) => [step.action, step.matched, step.reward]),
      [
        [0, true, 0],
        [0, false, -1],
      ],
    );
    assert.equal(result.final.normalizedScore, null);
  });

  it('exits 1 and lists answers given after the episode was done', async () => {
    const { code, stdout, stderr } = await smartplay(
      'replay',
      'hanoi',
      '--disks',
      '3',
      '--actions',
      [...SOLUTION_3, HANOI_ACTIONS[0]].join('\n'),
      '--json',
    );
    assert.equal(code, 1);
    assert.deepEqual((JSON.parse(stdout) as ReplayResult).ignored, [
      { index: 7, answer: HANOI_ACTIONS[0], reason: 'after-done' },
    ]);
    assert.match(stderr, /answer 8 ignored: the episode was already done/);
  });

  it('prints readable text without --json', async () => {
    const { code, stdout } = await smartplay('replay', 'hanoi', '--disks', '3', '--actions', SOLUTION_3.join(';'));
    assert.equal(code, 0);
    assert.match(stdout, /step 7: Move the top disk of rod A to the top of rod C -> reward 100, score 3, done/);
  });

  it('exits 2 on usage errors', async () => {
    for (const argv of [
      ['replay', 'hanoi', '--actions', 'x'],
      ['replay', 'hanoi', '--disks', '5', '--actions', 'x'],
      ['replay', 'hanoi', '--disks', '3'],
      ['replay', 'chess', '--actions', 'x'],
      ['replay', 'hanoi', '--disks', '3', '--actions', 'x', '--bogus'],
      ['replay', 'hanoi', '--disks', '3', '--seed', '1', '--actions', 'x'],
      ['dance'],
      [],
    ]) {
      const { code, stderr } = await smartplay(...argv);
      assert.equal(code, 2, argv.join(' '));
      assert.match(stderr, /^waypoint smartplay: /);
    }
  });
});

describe('waypoint smartplay replay bandits|rps, run, check', () => {
  it('replays bandits from a seed, reproducibly', async () => {
    const argv = [
      'replay',
      'bandits',
      '--seed',
      '4',
      '--actions',
      'Pull slot machine 1.;Pull slot machine 2.;Pull slot machine 2',
      '--json',
    ];
    const first = await smartplay(...argv);
    assert.equal(first.code, 0);
    assert.equal(first.stdout, (await smartplay(...argv)).stdout);
    const result = JSON.parse(first.stdout) as ReplayResult & { seed: number };
    assert.equal(result.game, 'BanditTwoArmedHighLowFixed');
    assert.deepEqual(
      result.steps.map((step) => step.action),
      [0, 1, 0],
    ); // no final period → machine 1
    assert.ok(result.steps.every((step) => step.reward === 1 || step.reward === -1));
    const lenient = JSON.parse((await smartplay(...argv, '--optional-period')).stdout) as ReplayResult & {
      reference?: boolean;
    };
    assert.deepEqual([lenient.steps[2].action, lenient.reference], [1, false]);
  });

  it('replays rps, and marks different-score non-reference', async () => {
    const basic = JSON.parse(
      (await smartplay('replay', 'rps', '--seed', '1', '--actions', 'Rock;Scissors', '--json')).stdout,
    ) as ReplayResult & { reference?: boolean };
    assert.deepEqual(
      basic.steps.map((step) => step.action),
      [0, 2],
    );
    assert.match(
      basic.steps[1].observation,
      /^You chose Scissor, and the opponent chose (Rock|Paper|Scissor)\. You (won|lost|tied) and received score -?[01]\.\nNew round begins\.$/,
    );
    assert.equal(basic.reference, undefined);
    const different = JSON.parse(
      (await smartplay('replay', 'rps', '--variant', 'different-score', '--actions', 'Paper', '--json')).stdout,
    ) as ReplayResult & { reference?: boolean };
    assert.deepEqual([different.game, different.reference], ['RockPaperScissorDifferentScore', false]);
  });

  it('runs the solver into a log that check accepts, and check rejects a tampered log', async () => {
    const run = await smartplay('run', 'Hanoi3Disk', '--agent', 'hanoi-solver');
    assert.equal(run.code, 0);
    const directory = mkdtempSync(join(tmpdir(), 'waypoint-smartplay-'));
    const path = join(directory, 'episode.jsonl');
    writeFileSync(path, run.stdout + '\n');
    assert.deepEqual(await smartplay('check', path), { code: 0, stdout: '', stderr: '' });
    writeFileSync(path, run.stdout.replace('"done":true', '"done":false') + '\n');
    const bad = await smartplay('check', path);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /episode\.jsonl:8:\d+: error Replaying gives done = true\. \[smartplay\/replay-mismatch\]/,
    );
    assert.equal((await smartplay('run', 'MinedojoCreative0')).code, 2);
  });

  it('ships sample logs that validate: the solver scores 1, the random bandit agent plays 50 steps', async () => {
    const hanoi = join(samplesDir(), 'hanoi3-solver.episode.jsonl');
    const bandit = join(samplesDir(), 'bandit-highlow-random.episode.jsonl');
    for (const path of [hanoi, bandit])
      assert.deepEqual(await smartplay('check', path), { code: 0, stdout: '', stderr: '' }, path);
    const hanoiEnd = JSON.parse(readFileSync(hanoi, 'utf8').trimEnd().split('\n').pop() ?? '') as {
      normalizedScore: number;
      reason: string;
    };
    assert.deepEqual([hanoiEnd.reason, hanoiEnd.normalizedScore], ['done', 1]);
    const banditLines = readFileSync(bandit, 'utf8').trimEnd().split('\n');
    assert.equal(banditLines.length, 52);
  });
});
