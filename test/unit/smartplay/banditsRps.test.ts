// Two-armed Bandits (spec §7) and Rock-Paper-Scissors (spec §8): texts, rewards, scores, seeding
// and replay of recorded outcomes.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { BANDIT_MANUAL, BanditEnv } from '../../../src/core/benchmarks/smartplay/bandits';
import { createSmartPlayEnv } from '../../../src/core/benchmarks/smartplay/games';
import { SeededRandom } from '../../../src/core/benchmarks/smartplay/random';
import {
  RPS_BASIC,
  RPS_DIFFERENT_SCORE,
  RpsEnv,
  rpsManual,
  rpsOptimalAction,
} from '../../../src/core/benchmarks/smartplay/rps';
import { SmartPlayEnvError } from '../../../src/core/benchmarks/smartplay/types';

describe('SmartPlay Bandits', () => {
  it('writes the manual and observations exactly', () => {
    assert.equal(
      BANDIT_MANUAL,
      'You are in the casino with 2 slot machines in front of you. Your goal is to try to earn the most from those slot machines.\n\nList of all actions:\n1. Pull slot machine 1.\n2. Pull slot machine 2.',
    );
    const env = new BanditEnv('Deterministic', new SeededRandom(1));
    const reset = env.reset({ probabilities: [1, 0], rewards: [1, 1] });
    assert.equal(reset.info.obs, 'A new round begins.');
    assert.equal(reset.info.score, 0);
    assert.equal(env.step(0).info.obs, 'You pulled slot machine 1, you received reward 1.');
    assert.equal(env.step(1).info.obs, 'You pulled slot machine 2, you received reward -1.');
  });

  it('counts pulls of the highest-EV arm as the score, whatever the payouts', () => {
    const env = new BanditEnv('HighLow', new SeededRandom(7));
    env.reset({ probabilities: [0.2, 0.8], rewards: [1, 1] });
    assert.equal(env.optimal, 1);
    const scores = [1, 1, 0, 1].map((action, index) => env.step(action, { paid: index % 2 === 0 }).info.score);
    assert.deepEqual(scores, [1, 2, 2, 3]);
  });

  it('replays recorded payouts: reward r when paid, −1 otherwise; never done', () => {
    const env = new BanditEnv('HighHigh', new SeededRandom(0));
    env.reset({ probabilities: [0.9, 0.8], rewards: [1, 1] });
    const paid = env.step(1, { paid: true });
    const unpaid = env.step(1, { paid: false });
    assert.deepEqual([paid.reward, unpaid.reward, paid.done, unpaid.done], [1, -1, false, false]);
    assert.deepEqual(unpaid.outcome, { paid: false });
    assert.throws(() => env.step(0, { opponent: 1 }), SmartPlayEnvError);
    assert.throws(() => env.reset({ probabilities: [0.5, 0.5], rewards: [1, 1] }), SmartPlayEnvError);
  });

  it('draws the same setup and payouts from the same seed, and pays at about p', () => {
    const play = (seed: number) => {
      const env = createSmartPlayEnv('BanditTwoArmedHighLowFixed', { seed });
      const reset = env.reset();
      return { setup: reset.setup, rewards: Array.from({ length: 40 }, () => env.step(0).reward) };
    };
    assert.deepEqual(play(5), play(5));
    assert.ok([1, 2, 3, 4, 6, 7].some((seed) => JSON.stringify(play(seed)) !== JSON.stringify(play(5))));
    const env = new BanditEnv('HighLow', new SeededRandom(11));
    env.reset({ probabilities: [0.8, 0.2], rewards: [1, 1] });
    const paidRate = Array.from({ length: 4000 }, () => env.step(0).reward === 1).filter(Boolean).length / 4000;
    assert.ok(Math.abs(paidRate - 0.8) < 0.03, `paid rate ${paidRate}`);
  });

  it('shuffles the arms at reset: both orders occur over seeds', () => {
    const orders = new Set(
      Array.from({ length: 20 }, (_, seed) =>
        JSON.stringify(createSmartPlayEnv('BanditTwoArmedHighLowFixed', { seed }).reset().setup?.probabilities),
      ),
    );
    assert.deepEqual([...orders].sort(), ['[0.2,0.8]', '[0.8,0.2]']);
  });

  it('keeps the history window at 50 observations', () => {
    const env = createSmartPlayEnv('BanditTwoArmedDeterministicFixed', { seed: 2 });
    env.reset();
    let history = '';
    // The 60th step's history is built before it is appended: the reset and steps 1..59, last 50 kept.
    for (let step = 0; step < 60; step++) history = env.step(0).info.history;
    assert.ok(history.startsWith('Most recent 50 steps'));
    assert.ok(
      history.includes('Player Observation Step 10:\n') &&
        history.includes('Player Observation Step 59:\n') &&
        !history.includes('Player Observation Step 9:\n'),
    );
  });
});

describe('SmartPlay Rock-Paper-Scissors', () => {
  const basic = () => {
    const env = new RpsEnv(RPS_BASIC, new SeededRandom(3));
    env.reset({ probabilities: [0.2, 0.2, 0.6], rewards: [1, 1, 1] });
    return env;
  };

  it('writes the manual with the scores in index order and the action list', () => {
    assert.equal(
      basic().reset({ probabilities: [0.2, 0.2, 0.6], rewards: [1, 1, 1] }).info.manual,
      "For the game Rock Paper Scissors, you and the opponent choose one of three options: rock, paper, or scissors.\nAfter both players have chosen, the winner is determined as follows:\nRock crushes scissors (Rock wins, score 1)\nScissors cut paper (Scissors win, score 1)\nPaper covers rock (Paper wins, score 1)\nIf you lose, your score is the negative of the winner's score.\nIf both players choose the same option, it's a draw (score 0).\nYour goal is to maximize your score.\n\nList of all actions:\n1. Rock\n2. Paper\n3. Scissor",
    );
    // Reference mislabels unequal scores (index 1 is Paper, shown under Scissors); faithful does not.
    assert.match(
      rpsManual([1, 2, 3], 'reference'),
      /Scissors win, score 2\)\nPaper covers rock \(Paper wins, score 3\)/,
    );
    assert.match(
      rpsManual([1, 2, 3], 'faithful'),
      /Scissors win, score 3\)\nPaper covers rock \(Paper wins, score 2\)/,
    );
  });

  it('scores every pairing: win reward[a], loss −reward[opp], tie 0, with the spec observation', () => {
    const env = new RpsEnv(RPS_DIFFERENT_SCORE, new SeededRandom(0));
    env.reset({ probabilities: [0.3, 0.3, 0.4], rewards: [1, 2, 1] });
    const table = [0, 1, 2].map((action) => [0, 1, 2].map((opponent) => env.step(action, { opponent }).reward));
    assert.deepEqual(table, [
      [0, -2, 1],
      [2, 0, -1],
      [-1, 1, 0],
    ]);
    const result = basic().step(2, { opponent: 0 });
    assert.equal(
      result.info.obs,
      'You chose Scissor, and the opponent chose Rock. You lost and received score -1.\nNew round begins.',
    );
    assert.equal(
      basic().step(1, { opponent: 0 }).info.obs,
      'You chose Paper, and the opponent chose Rock. You won and received score 1.\nNew round begins.',
    );
    assert.equal(
      basic().step(0, { opponent: 0 }).info.obs,
      'You chose Rock, and the opponent chose Rock. You tied and received score 0.\nNew round begins.',
    );
    assert.equal(basic().reset().info.obs, 'New round begins.');
  });

  it('counts plays of the best response as the score', () => {
    assert.equal(rpsOptimalAction([0.2, 0.2, 0.6], [1, 1, 1]), 0); // opponent mostly Scissor → Rock
    assert.equal(rpsOptimalAction([0.6, 0.2, 0.2], [1, 1, 1]), 1);
    assert.equal(rpsOptimalAction([0.2, 0.6, 0.2], [1, 1, 1]), 2);
    const env = basic();
    assert.deepEqual(
      [0, 2, 0, 1].map((action) => env.step(action, { opponent: 2 }).info.score),
      [1, 1, 2, 2],
    );
  });

  it('matches the true best response of the expected reward (property)', () => {
    const probabilities = fc
      .tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }))
      .map((weights) => weights.map((w) => w / (weights[0] + weights[1] + weights[2])));
    fc.assert(
      fc.property(
        probabilities,
        fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
        (p, r) => {
          const expected = [0, 1, 2].map((a) =>
            [0, 1, 2].reduce((sum, o) => sum + p[o] * ((a + 1) % 3 === o ? -r[o] : a === o ? 0 : r[a]), 0),
          );
          const best = rpsOptimalAction(p, r);
          assert.ok(expected[best] >= Math.max(...expected) - 1e-9);
        },
      ),
    );
  });

  it('cannot build DifferentScore unless asked, and then shuffles its pairs together', () => {
    assert.throws(() => createSmartPlayEnv('RockPaperScissorDifferentScore'), /unexpected keyword argument 'p_dist'/);
    const env = createSmartPlayEnv('RockPaperScissorDifferentScore', { seed: 4, allowNonReference: true });
    const setup = env.reset().setup;
    const pairs = setup?.probabilities.map((p, index) => `${p}:${setup.rewards[index]}`).sort();
    assert.deepEqual(pairs, ['0.3:1', '0.3:2', '0.4:1']);
    assert.throws(() => env.reset({ probabilities: [0.3, 0.4, 0.3], rewards: [1, 2, 1] }), SmartPlayEnvError); // 0.4 paired with 2
  });

  it('draws the opponent with the shuffled probabilities', () => {
    const env = new RpsEnv(RPS_BASIC, new SeededRandom(9));
    env.reset({ probabilities: [0.6, 0.2, 0.2], rewards: [1, 1, 1] });
    const draws = Array.from({ length: 3000 }, () => (env.step(0).outcome as { opponent: number }).opponent);
    const rockRate = draws.filter((opponent) => opponent === 0).length / draws.length;
    assert.ok(Math.abs(rockRate - 0.6) < 0.04, `rock rate ${rockRate}`);
  });
});
