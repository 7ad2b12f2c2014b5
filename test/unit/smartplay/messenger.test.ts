// Messenger levels 1–3 against texts, rewards and draws produced by upstream's own code: SmartPlay's
// messenger_emma wrapper over its vendored messenger stages and ahjwang/py-vgdl (run headless with
// the runs.md §8 determinism choices), and CPython 3.11's `random` for PyRandom. The values are pasted;
// no test runs Python.
import * as assert from 'node:assert/strict';
import { runSmartplay } from '../../../src/cli/smartplay/commands';
import { randomAgent } from '../../../src/core/benchmarks/smartplay/agents';
import { validateEpisodeLog } from '../../../src/core/benchmarks/smartplay/episodeChecks';
import { EpisodeLogCodes, formatEpisodeLog } from '../../../src/core/benchmarks/smartplay/episodeLog';
import { createSmartPlayEnv, SMARTPLAY_GAMES } from '../../../src/core/benchmarks/smartplay/games';
import { smartplayTimeline } from '../../../src/core/benchmarks/smartplay/boardTimeline';
import { runEpisode } from '../../../src/core/benchmarks/smartplay/runner';
import { MessengerEnv } from '../../../src/core/benchmarks/smartplay/messenger/env';
import { PyRandom } from '../../../src/core/benchmarks/smartplay/messenger/pyRandom';
import { describeFrame, NO_MESSAGE_ID, WITH_MESSAGE_ID } from '../../../src/core/benchmarks/smartplay/messenger/text';

interface Case {
  level: 1 | 2 | 3;
  seed: number;
  actions: number[];
  reset: string;
  /** The manual's sentences (between the context and the advice). */
  manual: string;
  rewards: number[];
  done: boolean;
  /** info['obs'] of chosen steps (0-based): rewards, the message picked up, the last step. */
  observations: Record<string, string>;
}

const CASES: Case[] = [
  {
    level: 1,
    seed: 0,
    actions: [0, 0],
    reset:
      "You (agent) don't have the message.\n\nYou see:\n- mage 2 steps to your south\n- thief 2 steps to your west\n- robot 2 steps to your north",
    manual:
      'the place with the bot that does not move, has the secret report.\nthe deadly opponent that the queen owns is the object that is unmovable.\nthe essential target is possessed by the bandit. the bandit cannot move.',
    rewards: [0, 1],
    done: true,
    observations: {
      1: "You took action Move North.\n\nYou (agent) don't have the message.\n\nYou see:\n- mage 4 steps to your south\n- thief 4 steps to your south-west\n- robot 0 steps with you",
    },
  },
  {
    level: 1,
    seed: 4,
    actions: [2, 2],
    reset:
      'You (agent) already have the message.\n\nYou see:\n- scientist 2 steps to your east\n- ball 2 steps to your west\n- sword 2 steps to your north',
    manual:
      'the dangerous researcher is the enemy.  he is not moving.\nthe document that you seek for the secret is actually the blade that is still.\nthe essential goal is the non-moving sphere.',
    rewards: [0, 1],
    done: true,
    observations: {
      1: 'You took action Move West.\n\nYou (agent) already have the message.\n\nYou see:\n- scientist 4 steps to your east\n- ball 0 steps with you\n- sword 4 steps to your north-east',
    },
  },
  {
    level: 1,
    seed: 4,
    actions: [0, 0],
    reset:
      'You (agent) already have the message.\n\nYou see:\n- scientist 2 steps to your east\n- ball 2 steps to your west\n- sword 2 steps to your north',
    manual:
      'the dangerous researcher is the enemy.  he is not moving.\nthe document that you seek for the secret is actually the blade that is still.\nthe essential goal is the non-moving sphere.',
    rewards: [0, -1],
    done: true,
    observations: {
      1: 'You took action Move North.\n\nYou (agent) already have the message.\n\nYou see:\n- scientist 4 steps to your south-east\n- ball 4 steps to your south-west\n- sword 0 steps with you',
    },
  },
  {
    level: 1,
    seed: 3,
    actions: [1, 1],
    reset:
      "You (agent) don't have the message.\n\nYou see:\n- scientist 2 steps to your west\n- ball 2 steps to your east\n- sword 2 steps to your south",
    manual:
      'the immovable sword has the classified message.\nthe sphere is also the priority target.\nthe enemy who is dangerous is a scholar who is inanimate.',
    rewards: [0, 1],
    done: true,
    observations: {
      1: "You took action Move South.\n\nYou (agent) don't have the message.\n\nYou see:\n- scientist 4 steps to your north-west\n- ball 4 steps to your north-east\n- sword 0 steps with you",
    },
  },
  {
    level: 2,
    seed: 1,
    actions: [1, 1, 1, 1, 1, 2, 1, 1, 2, 1, 1, 1, 2, 1, 4, 1, 1, 3, 1, 1, 1, 1],
    reset:
      "You (agent) don't have the message.\n\nYou see:\n- scientist 10 steps to your south-west\n- ship 5 steps to your west\n- robot 5 steps to your south",
    manual:
      'the restricted report is the bot which is coming towards you.\nthe ferry carries a vital target, which is a chasing object.\nthe enemy who is dangerous is a scholar who is inanimate.',
    rewards: [0, 0, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    done: true,
    observations: {
      2: 'You took action Move South.\n\nYou (agent) already have the message.\n\nYou see:\n- scientist 7 steps to your south-west\n- ship 7 steps to your north-west',
      21: 'You took action Move South.\n\nYou (agent) already have the message.\n\nYou see:\n- scientist 5 steps to your north-west',
    },
  },
  {
    level: 2,
    seed: 0,
    actions: [0, 0, 0, 2, 0, 0, 0, 3, 4, 4, 4, 0, 0, 0, 0, 0, 0],
    reset:
      "You (agent) don't have the message.\n\nYou see:\n- mage 10 steps to your south-west\n- thief 5 steps to your south\n- robot 5 steps to your west",
    manual:
      "there is a secret message contained within the robot that isn't moving.\nthe menacing adversary would be the wizard.\nthe vital objective is the bandit who is approaching you.",
    rewards: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1],
    done: true,
    observations: {
      16: 'Environment Error.',
    },
  },
  {
    level: 3,
    seed: 2,
    actions: [0, 2, 0, 3, 0, 0, 1, 0, 2, 4, 0, 3],
    reset:
      "You (agent) don't have the message.\n\nYou see:\n- airplane 6 steps to your north-west\n- ball 6 steps to your north-east\n- queen 5 steps to your south",
    manual:
      "the empress, which is listed as a classified document, moves in the opposite direction from you.\nthe plane that doesn't budge is the cryptic message.\na dangerous adversary is on the jet, which is chasing you.\nthe ball which cannot be moved has the essential goal.\nthe motionless deadly enemy is the princess.\nthe cashing objected is a ball that is carrying a deadly adversary.",
    rewards: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2],
    done: true,
    observations: {
      11: 'Environment Error.',
    },
  },
  {
    level: 3,
    seed: 0,
    actions: [1, 1, 3, 0, 3, 1, 1],
    reset:
      "You (agent) don't have the message.\n\nYou see:\n- mage 6 steps to your west\n- thief 6 steps to your south-east\n- robot 6 steps to your south-west",
    manual:
      "the target is the thief and it is coming closer.\nthe mage is the enemy and it is lethal and doesn't move.\nthe deadly enemy that runs away from you is the robot.\nthe message is with a bot who is chasing.\nthe pursuing article passing on an essential objective is a performer.\nnearing you is the thief who is your dangerous opponent.",
    rewards: [0, 0, 0, 0, 0, 0, -1],
    done: true,
    observations: {
      6: 'Environment Error.',
    },
  },
  {
    level: 3,
    seed: 4,
    actions: [1, 2, 1, 2, 0, 1, 1, 2, 1],
    reset:
      "You (agent) don't have the message.\n\nYou see:\n- scientist 6 steps to your west\n- ball 11 steps to your south-west\n- sword 6 steps to your south-west",
    manual:
      'the enemy is running from you and is also a lethal sphere.\nyou are being approached by the opponent which is the deadly blade.\nthe researcher has a report that is classified. the researcher cannot be moved.\nthe motionless secret document is the saber.\nthe sphere is the essential goal. it is coming toward you.\nthe adversary is someone who is fleeing you and they are also a dangerous researcher as well.',
    rewards: [0, 0, 0, 0, 0, 0, 0, 0.5, 1],
    done: true,
    observations: {
      7: 'You took action Move West.\n\nYou (agent) already have the message.\n\nYou see:\n- scientist 9 steps to your north-west\n- ball 2 steps to your south-west\n- sword 2 steps to your east',
      8: 'You took action Move South.\n\nYou (agent) already have the message.\n\nYou see:\n- scientist 10 steps to your north-west\n- ball 8 steps to your south-west\n- sword 2 steps to your north-east',
    },
  },
];

const ACTION_NAMES = ['Move North', 'Move South', 'Move West', 'Move East', 'Do Nothing'];

describe('Messenger PyRandom (CPython random)', () => {
  it('matches random.seed(0) getrandbits(32) and random()', () => {
    const random = new PyRandom(0);
    assert.deepEqual(
      [random.getrandbits(32), random.getrandbits(32), random.getrandbits(32)],
      [3626764237, 1654615998, 3255389356],
    );
    assert.equal(random.random(), 0.890243920837131);
  });

  it('matches randint, choice, randrange, shuffle, sample and getrandbits(40) after random.seed(12345)', () => {
    const random = new PyRandom(12345);
    assert.equal(random.random(), 0.41661987254534116);
    assert.equal(random.randint(1, 100), 2);
    assert.equal(random.choice([...'abcdefg']), 'g');
    assert.equal(random.randrange(1000), 845);
    assert.deepEqual(random.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), [6, 0, 8, 1, 7, 9, 2, 3, 5, 4]);
    assert.deepEqual(random.sample([0, 1, 2, 3], 4), [3, 1, 0, 2]);
    const hundred = Array.from({ length: 100 }, (_, index) => index);
    assert.deepEqual(random.sample(hundred, 10), [45, 94, 93, 11, 67, 52, 74, 64, 21, 18]);
    assert.equal(random.getrandbits(40), 791157518145);
  });

  it('matches the set method of sample, choice of one item and seeds above 32 bits', () => {
    const random = new PyRandom(7);
    const thousand = Array.from({ length: 1000 }, (_, index) => index);
    assert.deepEqual(
      random.sample(thousand, 30),
      [
        331, 970, 154, 404, 666, 49, 74, 840, 548, 96, 374, 596, 59, 931, 519, 219, 38, 88, 444, 428, 71, 246, 92, 564,
        434, 60, 846, 579, 126, 228,
      ],
    );
    assert.deepEqual(
      random.sample(
        Array.from({ length: 50 }, (_, index) => index),
        3,
      ),
      [40, 37, 3],
    );
    // choice of a one-item list still draws a word (_randbelow(1) calls getrandbits(1)).
    assert.equal(random.choice([1]), 1);
    assert.equal(random.random(), 0.04958931338977146);
    assert.equal(new PyRandom(2 ** 40 + 7).random(), 0.6137037779936511);
    assert.equal(new PyRandom(123456789012).randint(0, 2 ** 31 - 1), 1619264890);
  });

  it('matches randrange over every bit length up to 2**19 after random.seed(42)', () => {
    const random = new PyRandom(42);
    const values = Array.from({ length: 19 }, (_, index) => random.randrange(2 ** (index + 1)));
    assert.deepEqual(
      values,
      [0, 0, 4, 7, 14, 17, 26, 44, 432, 65, 122, 767, 3582, 7623, 1739, 26062, 109974, 115574, 471029],
    );
  });
});

describe('Messenger text observation (describe_frame)', () => {
  it('lists ids in ascending order with the nearest instance, ties to the first cell in row-major order', () => {
    const text = describeFrame(
      [
        { id: 9, y: 7, x: 3 },
        { id: 9, y: 3, x: 7 },
        { id: 3, y: 5, x: 5 },
        { id: 12, y: 5, x: 9 },
      ],
      { id: NO_MESSAGE_ID, y: 5, x: 5 },
    );
    assert.equal(
      text,
      "You (agent) don't have the message.\n\nYou see:\n- mage 0 steps with you\n- ship 4 steps to your north-east\n- queen 4 steps to your east",
    );
    assert.equal(
      describeFrame([], { id: WITH_MESSAGE_ID, y: 0, x: 0 }),
      'You (agent) already have the message.\n\nYou see nothing away from you.',
    );
  });
});

describe('Messenger levels 1–3 (exact for a seed)', () => {
  for (const testCase of CASES) {
    it(`level ${testCase.level}, seed ${testCase.seed}, ${testCase.actions.length} steps: texts, rewards and done as upstream`, () => {
      const env = new MessengerEnv(testCase.level, testCase.seed);
      const reset = env.reset();
      assert.equal(reset.info.obs, testCase.reset);
      assert.equal(reset.info.manual.split('\n\n')[1], testCase.manual);
      const rewards: number[] = [];
      let done = false;
      testCase.actions.forEach((action, index) => {
        const result = env.step(action);
        rewards.push(result.reward);
        done = result.done;
        assert.equal(result.info.score, result.reward);
        assert.equal(result.info.completed, result.reward === 1 && result.done ? 1 : 0);
        const expected = testCase.observations[String(index)];
        if (expected !== undefined) assert.equal(result.info.obs, expected, `step ${index}`);
        else
          assert.ok(
            result.info.obs.startsWith(`You took action ${ACTION_NAMES[action]}.\n\nYou (agent) `),
            `step ${index}`,
          );
      });
      assert.deepEqual(rewards, testCase.rewards);
      assert.equal(done, testCase.done);
    });
  }

  it('builds the manual as upstream: context, sentences, advice, action list', () => {
    const env = new MessengerEnv(1, 0);
    const manual = env.reset().info.manual;
    assert.ok(
      manual.startsWith(
        'In the game, MESSENGER, each entity can take on one of three roles: an enemy, message, or goal. The agent\u2019s objective',
      ),
    );
    assert.ok(manual.includes('obtains a reward of \u22121.\n\n'));
    assert.ok(
      manual.endsWith(
        'Please try identifying with synonyms.\n\nList of all actions:\n1. Move North\n2. Move South\n3. Move West\n4. Move East\n5. Do Nothing',
      ),
    );
    assert.equal(env.defaultSteps, 4);
    assert.equal(new MessengerEnv(3, 0).defaultSteps, 128);
  });

  it('continues Python\u2019s global stream across episodes (the Grid layer shuffles included)', () => {
    // Upstream: random.seed(5); env.reset(); then three times play [N, S, W, E, stay, N] until done and reset.
    const env = new MessengerEnv(2, 5);
    let info = env.reset().info;
    for (let episode = 0; episode < 3; episode++) {
      for (const action of [0, 1, 2, 3, 4, 0]) if (env.step(action).done) break;
      info = env.reset().info;
    }
    assert.equal(
      info.obs,
      "You (agent) don't have the message.\n\nYou see:\n- mage 5 steps to your west\n- ball 10 steps to your north-west\n- robot 5 steps to your north",
    );
    assert.equal(
      info.manual.split('\n\n')[1],
      'the object with the secret paper is a humanoid and it is right behind you and gaining fast.\nthe alchemist is the dangerous enemy coming toward you\nthe orb approaching you is the objective.',
    );
  });
});

describe('waypoint smartplay replay messenger', () => {
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

  it('replays action names to done with the observations, rewards and scores (JSON)', async () => {
    const { code, stdout, stderr } = await smartplay(
      'replay',
      'messenger',
      '--level',
      '1',
      '--seed',
      '0',
      '--actions',
      'Move North; Move North',
      '--json',
    );
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout);
    assert.equal(result.game, 'MessengerL1');
    assert.equal(result.seed, 0);
    assert.equal(result.initial.observation, CASES[0].reset);
    assert.equal(result.reset, CASES[0].reset, 'runs.md §8 names the observation after reset `reset`');
    assert.deepEqual(
      result.steps.map((step: { reward: number; done: boolean; score: number }) => [
        step.reward,
        step.done,
        step.score,
      ]),
      [
        [0, false, 0],
        [1, true, 1],
      ],
    );
    assert.equal(result.steps[1].observation, CASES[0].observations['1']);
  });

  it('needs --level 1, 2 or 3 and keeps --level to messenger (usage errors)', async () => {
    assert.equal((await smartplay('replay', 'messenger', '--actions', 'Move North')).code, 2);
    assert.equal((await smartplay('replay', 'messenger', '--level', '4', '--actions', 'Move North')).code, 2);
    assert.equal((await smartplay('replay', 'hanoi', '--disks', '3', '--level', '2', '--actions', 'x')).code, 2);
  });
});

describe('Messenger through the SmartPlay registry', () => {
  it('plays MessengerL1–L3 with the random agent; the logs replay clean and a changed observation is caught', async () => {
    for (const game of ['MessengerL1', 'MessengerL2', 'MessengerL3']) {
      assert.equal(SMARTPLAY_GAMES.get(game)?.playable, true);
      const log = await runEpisode(createSmartPlayEnv(game, { seed: 3 }), randomAgent(3), {
        seed: 3,
        agentName: 'random',
      });
      assert.ok(log.steps.length > 0 && log.steps.length <= (SMARTPLAY_GAMES.get(game)?.defaultSteps ?? 0), game);
      const text = formatEpisodeLog(log);
      assert.deepEqual(validateEpisodeLog(text).diagnostics, [], game);
      const lines = text.trimEnd().split('\n');
      // The last step's produced observation: nothing later repeats it, so only the replay can tell.
      const last = lines.length - 2;
      const step = JSON.parse(lines[last]);
      step.nextObservation = `${step.nextObservation}\n- ship 99 steps to your north`;
      lines[last] = JSON.stringify(step);
      const codes = validateEpisodeLog(lines.join('\n')).diagnostics.map((diagnostic) => diagnostic.code);
      assert.deepEqual(codes, [EpisodeLogCodes.replayMismatch], game);
    }
  });

  it('reads the seed as random.seed(S): the same seed gives the same episode start as the replay command', () => {
    assert.equal(createSmartPlayEnv('MessengerL1', { seed: 0 }).reset().info.obs, CASES[0].reset);
    assert.equal(
      createSmartPlayEnv('MessengerL3', { seed: 2 }).reset().info.obs,
      CASES.find((c) => c.level === 3 && c.seed === 2)?.reset,
    );
  });
});

describe('Messenger on the board', () => {
  it('draws the grid re-played from the log\u2019s seed, with the observation above it and the roles in the legend', () => {
    const env = new MessengerEnv(1, 0);
    const reset = env.reset().info.obs;
    const first = env.step(0).info.obs;
    const steps = [
      { step: 1, observation: reset, action: 0, reward: 0, done: false, score: 0 },
      { step: 2, observation: first, action: 0, reward: 1, done: true, score: 1 },
    ];
    const timeline = smartplayTimeline(
      { header: { game: 'MessengerL1', seed: 0, reset: { observation: reset, score: 0 } }, steps },
      'MessengerL1',
    );
    const scenes = timeline.frames.map((frame) => frame.scene);
    assert.deepEqual(
      scenes.map((scene) => (scene.kind === 'grid' ? [scene.agent?.y, scene.agent?.x] : scene.kind)),
      [
        [5, 5],
        [4, 5],
        [3, 5],
      ],
    );
    const start = scenes[0];
    assert.ok(start.kind === 'grid');
    assert.equal(start.mission, CASES[0].reset);
    // Seed 0: the robot 2 steps north is the message, the thief west and the mage south the others.
    assert.deepEqual(
      start.cells.find((cell) => cell.x === 5 && cell.y === 3),
      { x: 5, y: 3, kind: 'key', color: 'yellow' },
    );
    assert.ok(start.legend?.some((entry) => entry.label === 'message: robot'));
    // Without the seed (an upstream log) the frames stay text.
    const unseeded = smartplayTimeline(
      { header: { game: 'MessengerL1', reset: { observation: reset, score: 0 } }, steps },
      'MessengerL1',
    );
    assert.deepEqual(
      unseeded.frames.map((frame) => frame.scene.kind),
      ['text', 'text', 'text'],
    );
  });
});
