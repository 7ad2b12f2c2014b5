// Crafter (issue 19, runs.md §8): the generators bit for bit, SmartPlay's text observation exactly,
// and whole episodes. Expected values were computed once with numpy 2.4 and CPython 3.11 (numbers
// below), and the episode texts with upstream's own code (SmartPlay's vendored crafter with
// opensimplex 0.4.5, run locally with rendering replaced by its random draws and chunk sets by
// insertion-ordered ones, runs.md §8 choice 1); no test runs Python.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSmartplay } from '../../../src/cli/smartplay/commands';
import { ACTION_TEXTS } from '../../../src/core/benchmarks/smartplay/crafter/data';
import { World } from '../../../src/core/benchmarks/smartplay/crafter/engine';
import { CrafterEnv } from '../../../src/core/benchmarks/smartplay/crafter/env';
import { RandomState } from '../../../src/core/benchmarks/smartplay/crafter/mt19937';
import { Player } from '../../../src/core/benchmarks/smartplay/crafter/objects';
import { OpenSimplex } from '../../../src/core/benchmarks/smartplay/crafter/opensimplex';
import { crafterWorldSeed, pythonTupleHash } from '../../../src/core/benchmarks/smartplay/crafter/pythonHash';
import { crafterWoodAction } from '../../../src/core/benchmarks/smartplay/crafter/scripted';
import { CrafterSmartPlayEnv } from '../../../src/core/benchmarks/smartplay/crafter/smartplayEnv';
import { describeFrame } from '../../../src/core/benchmarks/smartplay/crafter/text';
import type { ReplayResult } from '../../../src/core/benchmarks/smartplay/replay';

const STATUS_FULL = 'Your status:\n- health: 9/9\n- food: 9/9\n- drink: 9/9\n- energy: 9/9';
const NOTHING = 'You have nothing in your inventory.';

function index(text: string): number {
  const at = (ACTION_TEXTS as readonly string[]).indexOf(text);
  assert.ok(at >= 0, text);
  return at;
}

/** The test's action generator (an LCG favouring moves and Do); the Python run used the same. */
function lcgActions(seed: number, count: number): string[] {
  const weights = [1, 6, 6, 6, 6, 8, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1];
  const table = weights.flatMap((weight, action) => new Array<number>(weight).fill(action));
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff; // (x * 1103515245 + 12345) % 2**31
    out.push(ACTION_TEXTS[table[(x >> 16) % table.length]]);
  }
  return out;
}

describe('Crafter generators', () => {
  it('MT19937 as numpy RandomState: raw outputs, uniform, randint (masked rejection, no draw for one value)', () => {
    const outputs = (seed: number) => {
      const random = new RandomState(seed);
      return Array.from({ length: 5 }, () => random.nextUint32());
    };
    // np.random.RandomState(s).randint(0, 2**32, size=5, dtype=np.uint64)
    assert.deepEqual(outputs(0), [2357136044, 2546248239, 3071714933, 3626093760, 2588848963]);
    assert.deepEqual(outputs(42), [1608637542, 3421126067, 4083286876, 787846414, 3143890026]);
    const random = new RandomState(42);
    assert.deepEqual(
      [random.uniform(), random.uniform(), random.uniform()],
      [0.3745401188473625, 0.9507143064099162, 0.7319939418114051],
    );
    assert.deepEqual(
      Array.from({ length: 5 }, () => random.randint(0, 4)),
      [0, 0, 2, 1, 2],
    );
    assert.equal(random.randint(0, 2 ** 31 - 1), 429389014);
    assert.deepEqual(
      Array.from({ length: 5 }, () => random.randint(0, 7)),
      [2, 2, 4, 3, 2],
    );
    assert.equal(random.randint(0, 1), 0);
    // randint(0, 1) drew nothing: the next uniform is numpy's.
    assert.equal(random.uniform(), 0.020584494295802447);
  });

  it('CPython 3.8+ tuple hash of two ints and the world seed hash((S, 1)) % (2**31 - 1)', () => {
    const cases: [bigint, string, number][] = [
      [0n, '-1950498447580522560', 1256191933],
      [1n, '8389048192121911274', 535231920],
      [42n, '-5900542410020355268', 550904604],
      [123456789n, '-7433642476525041576', 824513393],
      // Ints hash modulo 2**61 - 1: 2**61 hashes as 1.
      [2n ** 61n, '8389048192121911274', 535231920],
      [2n ** 62n + 5n, '-7580621630451799004', 702520759],
    ];
    for (const [seed, hash, world] of cases) {
      assert.equal(pythonTupleHash([seed, 1n]).toString(), hash, `hash((${seed}, 1))`);
      if (seed < 2n ** 53n) assert.equal(crafterWorldSeed(Number(seed)), world);
    }
    assert.equal(pythonTupleHash([42n, 2n]).toString(), '7653127634716499982');
  });

  it('opensimplex 0.4.5 noise3 values for two seeds, bit for bit', () => {
    const points: [number, number, number][] = [
      [0.5, 0.5, 0.5],
      [32 / 15, 32 / 15, 3],
      [-1.25, 7.5, 8],
      [(2 * 10) / 7, 3 / 5 / 7, 7],
      [100.1, -3.3, 0],
    ];
    const noise0 = new OpenSimplex(0);
    assert.deepEqual(
      points.map((p) => noise0.noise3(...p)),
      [0.6636832524271851, 0.0237250487920688, -0.4065090414004033, 0.2246581809331567, -0.538499516161254],
    );
    const noise = new OpenSimplex(1256191933);
    assert.deepEqual(
      points.map((p) => noise.noise3(...p)),
      [-0.12641585760517832, 0.48256167278426326, -0.5931520431172886, -0.4306483878614573, -0.17397018578448967],
    );
  });

  it('daylight never sits within 1e-9 of a threshold the rules compare it with, so ulp-level cos/pow differences cannot change play', () => {
    // JS and numpy differ in the last bit of cos and pow for some steps; daylight only matters via
    // `daylight < 0.5`, int(3.5 - 3 * daylight) and int(1.5 + daylight), i.e. at 1/6, 1/2 and 5/6.
    for (let step = 0; step <= 10000; step++) {
      const progress = ((step / 300) % 1) + 0.3;
      const daylight = 1 - Math.abs(Math.cos(Math.PI * progress)) ** 3;
      for (const threshold of [1 / 6, 0.5, 5 / 6]) assert.ok(Math.abs(daylight - threshold) > 1e-9, `step ${step}`);
    }
  });
});

describe('Crafter text observations (SmartPlay crafter_env.py)', () => {
  it('seed 1: the reset observation and the first steps', () => {
    const env = new CrafterSmartPlayEnv(1);
    const reset = env.reset();
    const seen =
      'You see:\n- grass 1 steps to your west\n- tree 4 steps to your east\n- cow 4 steps to your north-east\n\nYou face grass at your front.';
    assert.equal(reset.info.obs, `${seen}\n\n${STATUS_FULL}\n\n${NOTHING}`);
    assert.equal(reset.info.score, 0);
    // The hidden Noop step is already in the history window.
    assert.match(
      reset.info.history,
      /^Most recent 1 steps of the player's in-game observation:\n\nPlayer Observation Step 0:\nYou took action noop\.\n\nYou see:/,
    );
    const noop = env.step(index('Noop'));
    assert.equal(noop.info.obs, `You took action noop.\n\n${seen}\n\n${STATUS_FULL}\n\n${NOTHING}`);
    const west = env.step(index('Move West'));
    assert.equal(
      west.info.obs,
      `You took action move_west.\n\nYou see:\n- grass 1 steps to your west\n- cow 5 steps to your north-east\n\nYou face grass at your front.\n\n${STATUS_FULL}\n\n${NOTHING}`,
    );
    assert.deepEqual([west.reward, west.done, west.info.score], [0, false, 0]);
  });

  it('seed 42: reset, Move North, Do on grass, Move West', () => {
    const env = new CrafterSmartPlayEnv(42);
    assert.equal(
      env.reset().info.obs,
      `You see:\n- grass 1 steps to your west\n- tree 5 steps to your north-east\n\nYou face grass at your front.\n\n${STATUS_FULL}\n\n${NOTHING}`,
    );
    const texts = ['Move North', 'Do', 'Move West'].map((action) => env.step(index(action)).info.obs);
    assert.deepEqual(texts, [
      `You took action move_north.\n\nYou see:\n- grass 1 steps to your west\n- tree 4 steps to your north-east\n\nYou face grass at your front.\n\n${STATUS_FULL}\n\n${NOTHING}`,
      `You took action do.\n\nYou see:\n- grass 1 steps to your west\n- tree 4 steps to your north-east\n\nYou face grass at your front.\n\n${STATUS_FULL}\n\n${NOTHING}`,
      `You took action move_west.\n\nYou see:\n- grass 1 steps to your west\n- tree 5 steps to your north-east\n- cow 6 steps to your north-west\n\nYou face grass at your front.\n\n${STATUS_FULL}\n\n${NOTHING}`,
    ]);
  });

  it('seed 1, the scripted wood agent for 60 steps: wood, table, pickaxe, then a skeleton and its arrow', () => {
    const env = new CrafterSmartPlayEnv(1);
    let obs = env.reset().info.obs;
    const rewarded: [number, number, number][] = [];
    let score = 0;
    for (let t = 0; t < 60; t++) {
      const step = env.step(index(crafterWoodAction(obs, t)));
      obs = step.info.obs;
      score = step.info.score;
      if (step.reward !== 0) rewarded.push([t + 1, step.reward, step.info.score]);
    }
    // collect_wood at step 4, place_table at 8, make_wood_pickaxe at 25; an arrow hit at 55 (-2 health).
    assert.deepEqual(rewarded, [
      [4, 1, 1],
      [8, 1, 6],
      [25, 1, 41],
      [55, -0.2, 131],
    ]);
    assert.equal(score, 146);
    assert.equal(
      obs,
      'You took action do.\n\nYou see:\n- grass 1 steps to your west\n- path 4 steps to your north-west\n- sand 5 steps to your north-east\n- tree 3 steps to your north-east\n- table 2 steps to your north\n- skeleton 5 steps to your north-west\n- arrow 2 steps to your north-west\n\nYou face grass at your front.\n\nYour status:\n- health: 7/9\n- food: 7/9\n- drink: 7/9\n- energy: 8/9\n\nYour inventory:\n- wood: 4\n- wood_pickaxe: 1',
    );
  });

  it('seed 3, 247 generated actions through the night (image noise draws, balancing) until the player dies', () => {
    const env = new CrafterEnv(3);
    const texts = [env.reset().obs];
    let totalReward = 0;
    let last = { done: false, score: 0, obs: '' };
    for (const action of lcgActions(3, 400)) {
      const step = env.step(index(action));
      texts.push(step.obs);
      totalReward += step.reward;
      last = step;
      if (step.done) break;
    }
    assert.equal(texts.length - 1, 247);
    assert.deepEqual([last.done, last.score, totalReward], [true, 769, 4.099999999999999]);
    assert.match(last.obs, /^You took action move_west\.You died\.\n\n\n\nYou see:\n- water 2 steps to your east\n/);
    // Every text of the episode, as upstream printed them.
    assert.equal(
      createHash('sha256').update(texts.join('\u0000')).digest('hex'),
      '3bef55d7a94ce29875cf000666dfd466241e3e3612a654db2b82d505ba5fac08',
    );
  });

  it('seed 9, sleeping: the sleeping text, wake_up, and a zombie killing the sleeper (sleeping wins over "You died.")', () => {
    const pattern = [
      ...new Array<string>(3).fill('Move West'),
      ...new Array<string>(40).fill('Sleep'),
      'Do',
      'Move North',
      'Place Stone',
    ];
    const actions = Array.from({ length: 6 }, () => pattern).flat();
    const env = new CrafterEnv(9);
    const texts = [env.reset().obs];
    const rewarded: [number, number][] = [];
    const unlocked: [number, string[]][] = [];
    let last = { done: false, score: 0, obs: '' };
    for (const action of actions) {
      const step = env.step(index(action));
      texts.push(step.obs);
      if (step.reward !== 0) rewarded.push([texts.length - 1, step.reward]);
      if (step.unlocked.length > 0) unlocked.push([texts.length - 1, step.unlocked]);
      last = step;
      if (step.done) break;
    }
    assert.equal(
      texts[31],
      'You took action sleep.You are sleeping, and will not be able take actions until energy is full.\n\n\n\nYou see:\n- grass 1 steps to your west\n\nYou face grass at your front.\n\nYour status:\n- health: 9/9\n- food: 8/9\n- drink: 8/9\n- energy: 8/9\n\nYou have nothing in your inventory.',
    );
    assert.deepEqual(rewarded, [
      [42, 1],
      [136, 1],
      [138, -0.2],
      [144, -0.2],
      [151, 0.1],
      [155, -0.2],
      [166, -0.4],
    ]);
    assert.deepEqual(unlocked, [
      [42, ['wake_up']],
      [136, ['collect_wood']],
    ]);
    assert.deepEqual([texts.length - 1, last.done, last.score], [166, true, 156]);
    assert.match(last.obs, /^You took action sleep\.You are sleeping, /);
    assert.equal(
      createHash('sha256').update(texts.join('\u0000')).digest('hex'),
      '1c26e7297c03825350a5bdf5b20d4c39ee0500462d0936f91f98c3786c85db76',
    );
  });

  it('the view near the west edge is an empty numpy slice: upstream fails to describe it', () => {
    const world = new World(64, 64);
    world.reset(new RandomState(0));
    for (let x = 0; x < 64; x++)
      for (let y = 0; y < 64; y++) world.setMaterial(x, y, x === 62 && y === 31 ? 'tree' : 'grass');
    const info = (x: number, y: number) => {
      const player = new Player(world, x, y, []);
      world.add(player);
      return {
        action: 'noop',
        sleeping: false,
        dead: false,
        inventory: player.inventory,
        x,
        y,
        facing: [0, 1] as const,
      };
    };
    assert.equal(describeFrame(world, info(2, 32), true), 'Error, you are out of the map.');
    // At the east edge the slice is cut short but the centre stays at row 4: still described.
    assert.equal(
      describeFrame(world, info(62, 32), true),
      `You took action noop.\n\nYou see:\n- grass 1 steps to your west\n- tree 1 steps to your north\n\nYou face grass at your front.\n\n${STATUS_FULL}\n\n${NOTHING}`,
    );
  });
});

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

describe('waypoint smartplay run/check Crafter', () => {
  it('plays the scripted wood agent through the runner (the same score as the env test) into a log that check replays by its seed', async () => {
    const run = await smartplay('run', 'Crafter', '--agent', 'crafter-wood', '--seed', '1', '--max-steps', '60');
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    const end = JSON.parse(lines[lines.length - 1]) as { reason: string; steps: number; score: number };
    assert.deepEqual([end.reason, end.steps, end.score], ['step-limit', 60, 146]);
    const directory = mkdtempSync(join(tmpdir(), 'waypoint-crafter-'));
    const path = join(directory, 'crafter.jsonl');
    writeFileSync(path, `${run.stdout}\n`);
    assert.deepEqual(await smartplay('check', path), { code: 0, stdout: '', stderr: '' });
    // Another seed is another world: the replay no longer matches.
    writeFileSync(path, `${run.stdout.replace('"seed":1,', '"seed":2,')}\n`);
    const other = await smartplay('check', path);
    assert.equal(other.code, 1);
    assert.match(other.stderr, /Replaying gives the reset observation/);
  });
});

describe('waypoint smartplay replay crafter', () => {
  it('prints the reset observation and per step the text, reward, done and score (JSON)', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runSmartplay(
      ['replay', 'crafter', '--seed', '1', '--actions', 'Noop; Move West', '--json'],
      (text) => stdout.push(text),
      (text) => stderr.push(text),
    );
    assert.equal(code, 0, stderr.join('\n'));
    const result = JSON.parse(stdout.join('')) as ReplayResult & { seed: number };
    assert.equal(result.game, 'Crafter');
    assert.equal(result.seed, 1);
    assert.match(result.initial.observation, /^You see:\n- grass 1 steps to your west\n- tree 4 steps to your east\n/);
    assert.deepEqual(
      result.steps.map((step) => [step.actionText, step.reward, step.done, step.score]),
      [
        ['Noop', 0, false, 0],
        ['Move West', 0, false, 0],
      ],
    );
    assert.match(
      result.steps[1].observation,
      /^You took action move_west\.\n\nYou see:\n- grass 1 steps to your west\n- cow 5 steps to your north-east\n/,
    );
  });

  it('rejects --disks for crafter as a usage error', async () => {
    const code = await runSmartplay(
      ['replay', 'crafter', '--disks', '3', '--actions', 'Noop'],
      () => {},
      () => {},
    );
    assert.equal(code, 2);
  });
});
