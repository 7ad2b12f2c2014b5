// Tower of Hanoi against spec smartplay.md §5–§6: exact texts, every rule, the solver.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  describeHanoi,
  HANOI_ACTIONS,
  hanoiManual,
  hanoiMoveAllowed,
  hanoiMovesToGoal,
  HanoiEnv,
  optimalHanoiAction,
  parseHanoiConfiguration,
} from '../../../src/core/benchmarks/smartplay/hanoi';
import { SmartPlayEnvError } from '../../../src/core/benchmarks/smartplay/types';

// The spec's manual, as its JSON string, followed by the action list.
const MANUAL_3 = JSON.parse(
  '"The game consists of three rods (A,B,C) and a number of disks of various sizes, which can go onto any rod. \\nThe game begins with the disks stacked on rod A in order of decreasing size, the smallest at the top (righthand side). \\nThe objective is to move the entire stack to rod C, obeying the following rules:\\n\\n - Only one disk may be moved at a time.\\n - Each move consists of taking the top disk from one of the stacks and placing it on top of another stack or on an empty rod.\\n - You cannot place a bigger disk on top of a smaller disk.\\n\\nFor example, considering movements from B under the following setting:\\n- A: |bottom, [0], top|\\n- B: |bottom, [1], top|\\n- C: |bottom, [2], top|\\nYou are only allowed to move from B to C but not A, since the top of B (1) is smaller than the top of C (2) but bigger than the top of A (0).\\n\\nFinally, the starting configuration is:\\n- A: |bottom, [2, 1, 0], top|\\n- B: |bottom, [], top|\\n- C: |bottom, [], top|\\n\\nand the goal configuration is:\\n- A: |bottom, [], top|\\n- B: |bottom, [], top|\\n- C: |bottom, [2, 1, 0], top|\\nwith top on the right and bottom on the left"',
) as string;
const ACTION_LIST_TEXT =
  '\n\nList of all actions:\n1. Move the top disk of rod A to the top of rod B\n2. Move the top disk of rod A to the top of rod C\n3. Move the top disk of rod B to the top of rod A\n4. Move the top disk of rod B to the top of rod C\n5. Move the top disk of rod C to the top of rod A\n6. Move the top disk of rod C to the top of rod B';
const RESET_OBS_3 =
  'Current configuration:\n- A: |bottom, [2, 1, 0], top|\n- B: |bottom, [], top|\n- C: |bottom, [], top|';

describe('SmartPlay Hanoi texts', () => {
  it('writes the 3-disk manual byte for byte, two lines ending in a space', () => {
    assert.equal(hanoiManual(3), MANUAL_3 + ACTION_LIST_TEXT);
    assert.equal(
      hanoiManual(3)
        .split('\n')
        .filter((line) => line.endsWith(' ')).length,
      2,
    );
  });

  it('writes [3, 2, 1, 0] in the 4-disk manual', () => {
    assert.equal(hanoiManual(4), MANUAL_3.replaceAll('[2, 1, 0]', '[3, 2, 1, 0]') + ACTION_LIST_TEXT);
  });

  it('observes the reset and every step with lower-cased rod letters, valid or not', () => {
    const env = new HanoiEnv(3);
    const reset = env.reset();
    assert.equal(reset.info.obs, RESET_OBS_3);
    assert.equal(reset.info.history, '');
    assert.equal(reset.info.score, 0);
    const valid = env.step(1);
    assert.equal(
      valid.info.obs,
      'You tried to move the top disk of rod a to the top of rod c. Current configuration:\n- A: |bottom, [2, 1], top|\n- B: |bottom, [], top|\n- C: |bottom, [0], top|',
    );
    const invalid = env.step(3); // B is empty
    assert.equal(
      invalid.info.obs,
      'You tried to move the top disk of rod b to the top of rod c. Current configuration:\n- A: |bottom, [2, 1], top|\n- B: |bottom, [], top|\n- C: |bottom, [0], top|',
    );
  });

  it('builds the history before appending the step, window 5, numbered from Step 0', () => {
    const env = new HanoiEnv(3);
    env.reset();
    const first = env.step(0);
    assert.equal(
      first.info.history,
      `Most recent 1 steps of the player's in-game observation:\n\nPlayer Observation Step 0:\n${RESET_OBS_3}`,
    );
    let last = first;
    for (let step = 2; step <= 7; step++) last = env.step(step % 2 === 0 ? 2 : 0); // B→A / A→B back and forth
    // After 7 steps the history (built before step 7 was appended) holds steps 2..6.
    const numbers = [...last.info.history.matchAll(/Player Observation Step (\d+):/g)].map((match) => Number(match[1]));
    assert.deepEqual(numbers, [2, 3, 4, 5, 6]);
    assert.ok(last.info.history.startsWith('Most recent 5 steps'));
    assert.ok(!last.info.history.endsWith('\n'));
  });
});

describe('SmartPlay Hanoi rules', () => {
  it('rewards 0 for a valid move, −1 for an invalid one and leaves the state unchanged', () => {
    const env = new HanoiEnv(3);
    env.reset();
    const valid = env.step(0); // disk 0 A→B
    assert.equal(valid.reward, 0);
    assert.deepEqual(env.state, [1, 0, 0]);
    const empty = env.step(5); // C is empty
    assert.equal(empty.reward, -1);
    assert.equal(empty.done, false);
    assert.deepEqual(env.state, [1, 0, 0]);
    const back = env.step(2); // disk 0 B→A onto disk 1
    assert.equal(back.reward, 0);
    assert.deepEqual(env.state, [0, 0, 0]);
  });

  it('refuses a bigger disk onto a smaller one', () => {
    assert.equal(hanoiMoveAllowed([1, 0, 0], 0), false); // A's top is disk 1, B holds disk 0
    assert.equal(hanoiMoveAllowed([1, 0, 0], 2), true); // B (0) → A (1)
    assert.equal(hanoiMoveAllowed([0, 0, 0], 3), false); // B empty
    const env = new HanoiEnv(3);
    env.reset();
    env.step(0); // disk 0 → B
    const result = env.step(0); // disk 1 onto disk 0
    assert.equal(result.reward, -1);
    assert.deepEqual(env.state, [1, 0, 0]);
  });

  it('ends with reward 100, done, completed 1 and score 3 at the goal, then raises', () => {
    const env = new HanoiEnv(3);
    env.reset();
    const moves = [1, 0, 5, 1, 2, 3, 1];
    const results = moves.map((action) => env.step(action));
    assert.deepEqual(
      results.map((result) => result.reward),
      [0, 0, 0, 0, 0, 0, 100],
    );
    assert.deepEqual(
      results.map((result) => result.info.score),
      [1, 1, 0, 1, 1, 2, 3],
    );
    assert.deepEqual(
      results.map((result) => result.done),
      [false, false, false, false, false, false, true],
    );
    assert.equal(results[6].info.completed, 1);
    assert.equal(results[5].info.completed, 0);
    assert.throws(() => env.step(0), SmartPlayEnvError);
    env.reset();
    assert.equal(env.step(1).done, false);
  });

  it('gives 100 (not −1) when the goal is reached, and counts disks on C as the score', () => {
    const env = new HanoiEnv(4);
    env.reset();
    assert.equal(env.reset().info.score, 0);
    env.step(0); // disk 0 → B
    assert.equal(env.step(1).info.score, 1); // disk 1 → C
  });
});

describe('SmartPlay Hanoi solver', () => {
  for (const disks of [3, 4]) {
    it(`solves ${disks} disks in 2^n − 1 = ${2 ** disks - 1} moves`, () => {
      const env = new HanoiEnv(disks);
      let state = env.reset().info.obs;
      let moves = 0;
      let done = false;
      while (!done) {
        const action = optimalHanoiAction(parseHanoiConfiguration(state) ?? []);
        assert.notEqual(action, null);
        const result = env.step(action ?? 0);
        assert.notEqual(result.reward, -1);
        state = result.info.obs;
        done = result.done;
        moves++;
      }
      assert.equal(moves, 2 ** disks - 1);
      assert.equal(
        env.state.every((rod) => rod === 2),
        true,
      );
    });
  }

  const legalState = fc
    .integer({ min: 1, max: 6 })
    .chain((disks) => fc.array(fc.integer({ min: 0, max: 2 }), { minLength: disks, maxLength: disks }));

  it('reaches the goal from any state in exactly hanoiMovesToGoal valid moves, never more than 2^n − 1', () => {
    fc.assert(
      fc.property(legalState, (start) => {
        const budget = hanoiMovesToGoal(start);
        assert.ok(budget <= 2 ** start.length - 1);
        const state = [...start];
        for (let move = 0; move < budget; move++) {
          const action = optimalHanoiAction(state);
          assert.notEqual(action, null);
          assert.ok(hanoiMoveAllowed(state, action ?? 0));
          const [from, to] = [
            [0, 1],
            [0, 2],
            [1, 0],
            [1, 2],
            [2, 0],
            [2, 1],
          ][action ?? 0];
          state[state.findIndex((rod) => rod === from)] = to;
        }
        assert.ok(state.every((rod) => rod === 2));
        assert.equal(optimalHanoiAction(state), null);
      }),
    );
  });

  it('reads back every configuration it describes', () => {
    fc.assert(
      fc.property(legalState, fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }), (state, action) => {
        assert.deepEqual(parseHanoiConfiguration(describeHanoi(state, action)), state);
      }),
    );
    assert.equal(parseHanoiConfiguration('no rods here'), null);
    assert.equal(
      parseHanoiConfiguration('- A: |bottom, [0], top|\n- B: |bottom, [0], top|\n- C: |bottom, [], top|'),
      null,
    );
    assert.equal(HANOI_ACTIONS.length, 6);
  });
});
