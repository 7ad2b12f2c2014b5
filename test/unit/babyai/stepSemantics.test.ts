// Spec §7: MiniGrid step semantics, one rule per test, on hand-built grids.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { BabyAIEnv, runActions } from '../../../src/core/benchmarks/babyai/env';
import { Action } from '../../../src/core/benchmarks/babyai/world';
import { room, twoRooms } from './helpers';

const { left, right, forward, pickup, drop, toggle, done } = Action;
// A mission that never succeeds in these grids, so terminated stays false.
const NEVER = 'go to the purple ball';
const purpleBall = { type: 'ball' as const, color: 'purple' as const, pos: [5, 5] as const };

describe('babyai step semantics (spec §7)', () => {
  it('turns left and right modulo 4 without moving, and counts every step', () => {
    const env = new BabyAIEnv(room(7, [purpleBall], { pos: [2, 2], dir: 0 }, NEVER));
    env.step(left);
    assert.equal(env.agentDir, 3);
    env.step(right);
    env.step(right);
    assert.equal(env.agentDir, 1);
    assert.deepEqual(env.agentPos, [2, 2]);
    assert.equal(env.stepCount, 3);
  });

  it('moves forward into an empty cell along DIR_TO_VEC (x east, y south)', () => {
    const env = new BabyAIEnv(room(7, [purpleBall], { pos: [2, 2], dir: 1 }, NEVER));
    env.step(forward);
    assert.deepEqual(env.agentPos, [2, 3]);
    env.step(left); // south -> east
    env.step(forward);
    assert.deepEqual(env.agentPos, [3, 3]);
  });

  it('is blocked silently by walls, keys, balls, boxes and closed or locked doors (still counting the step)', () => {
    for (const blocker of [
      { type: 'key' as const, color: 'red' as const, pos: [3, 2] as const },
      { type: 'ball' as const, color: 'red' as const, pos: [3, 2] as const },
      { type: 'box' as const, color: 'red' as const, pos: [3, 2] as const },
    ]) {
      const env = new BabyAIEnv(room(7, [blocker, purpleBall], { pos: [2, 2], dir: 0 }, NEVER));
      const result = env.step(forward);
      assert.deepEqual(env.agentPos, [2, 2], blocker.type);
      assert.equal(result.changed, false);
      assert.equal(env.stepCount, 1);
    }
    const wall = new BabyAIEnv(room(7, [purpleBall], { pos: [1, 1], dir: 2 }, NEVER));
    wall.step(forward);
    assert.deepEqual(wall.agentPos, [1, 1]);
    for (const locked of [false, true]) {
      const env = new BabyAIEnv(
        twoRooms([{ type: 'door', color: 'red', pos: [4, 2], locked }, purpleBall], { pos: [3, 2], dir: 0 }, NEVER),
      );
      env.step(forward);
      assert.deepEqual(env.agentPos, [3, 2]);
    }
  });

  it('walks into an open doorway and through it', () => {
    const env = new BabyAIEnv(
      twoRooms([{ type: 'door', color: 'red', pos: [4, 2] }, purpleBall], { pos: [3, 2], dir: 0 }, NEVER),
    );
    assert.equal(env.step(toggle).changed, true);
    env.step(forward);
    assert.deepEqual(env.agentPos, [4, 2]);
    env.step(forward);
    assert.deepEqual(env.agentPos, [5, 2]);
  });

  it('picks up keys, balls and boxes only with empty hands; a carried box keeps its contents', () => {
    const env = new BabyAIEnv(
      room(
        7,
        [
          { type: 'box', color: 'blue', pos: [3, 2], contains: { type: 'key', color: 'red' } },
          { type: 'ball', color: 'red', pos: [2, 3] },
          purpleBall,
        ],
        { pos: [2, 2], dir: 0 },
        NEVER,
      ),
    );
    env.step(pickup);
    assert.equal(env.carrying?.type, 'box');
    assert.equal(env.carrying?.contains?.type, 'key');
    assert.equal(env.grid.get(3, 2), null);
    env.step(right); // face south, the red ball
    const second = env.step(pickup);
    assert.equal(second.changed, false);
    assert.equal(env.grid.get(2, 3)?.type, 'ball');
    assert.equal(env.carrying?.type, 'box');
  });

  it('cannot pick up walls or doors', () => {
    const env = new BabyAIEnv(
      twoRooms([{ type: 'door', color: 'red', pos: [4, 2] }, purpleBall], { pos: [3, 2], dir: 0 }, NEVER),
    );
    env.step(pickup);
    assert.equal(env.carrying, null);
    env.step(left);
    env.step(left);
    env.step(left); // north: (3, 1) is empty; face the wall at (3, 0) after moving
    env.step(forward);
    env.step(pickup);
    assert.equal(env.carrying, null);
  });

  it('drops only onto an empty cell: not onto objects, walls or door cells (even open ones)', () => {
    const env = new BabyAIEnv(
      twoRooms([{ type: 'door', color: 'red', pos: [4, 2], open: true }, purpleBall], { pos: [3, 2], dir: 0 }, NEVER),
    );
    env.carrying = null;
    const withKey = new BabyAIEnv({
      ...twoRooms(
        [{ type: 'door', color: 'red', pos: [4, 2], open: true }, purpleBall],
        { pos: [3, 2], dir: 0 },
        NEVER,
      ),
      carrying: { type: 'key', color: 'red' },
    });
    assert.equal(withKey.step(drop).changed, false, 'not into an open doorway');
    withKey.step(left); // north, (3, 1) empty
    assert.equal(withKey.step(drop).changed, true);
    assert.equal(withKey.grid.get(3, 1)?.type, 'key');
    assert.deepEqual(withKey.grid.get(3, 1)?.curPos, [3, 1]);
    assert.equal(withKey.carrying, null);
    assert.equal(withKey.step(drop).changed, false, 'nothing carried');
    assert.equal(env.step(drop).changed, false);
  });

  it('a locked door opens and unlocks in one toggle with the key of its colour, and the key is kept', () => {
    const wrong = new BabyAIEnv({
      ...twoRooms(
        [{ type: 'door', color: 'red', pos: [4, 2], locked: true }, purpleBall],
        { pos: [3, 2], dir: 0 },
        NEVER,
      ),
      carrying: { type: 'key', color: 'blue' },
    });
    wrong.step(toggle);
    assert.equal(wrong.grid.get(4, 2)?.isLocked, true);
    assert.equal(wrong.grid.get(4, 2)?.isOpen, false);
    const right = new BabyAIEnv({
      ...twoRooms(
        [{ type: 'door', color: 'red', pos: [4, 2], locked: true }, purpleBall],
        { pos: [3, 2], dir: 0 },
        NEVER,
      ),
      carrying: { type: 'key', color: 'red' },
    });
    right.step(toggle);
    assert.equal(right.grid.get(4, 2)?.isLocked, false);
    assert.equal(right.grid.get(4, 2)?.isOpen, true);
    assert.equal(right.carrying?.type, 'key');
  });

  it('an unlocked door flips open and closed and never re-locks', () => {
    const env = new BabyAIEnv({
      ...twoRooms(
        [{ type: 'door', color: 'red', pos: [4, 2], locked: true }, purpleBall],
        { pos: [3, 2], dir: 0 },
        NEVER,
      ),
      carrying: { type: 'key', color: 'red' },
    });
    env.step(toggle);
    env.step(toggle);
    assert.equal(env.grid.get(4, 2)?.isOpen, false);
    assert.equal(env.grid.get(4, 2)?.isLocked, false);
    env.step(toggle);
    assert.equal(env.grid.get(4, 2)?.isOpen, true);
  });

  it('toggling a box replaces it by its contents (an empty box vanishes); toggling keys, balls and walls does nothing', () => {
    const env = new BabyAIEnv(
      room(
        7,
        [
          { type: 'box', color: 'blue', pos: [3, 2], contains: { type: 'key', color: 'red' } },
          { type: 'box', color: 'grey', pos: [2, 3] },
          { type: 'ball', color: 'red', pos: [1, 2] },
          purpleBall,
        ],
        { pos: [2, 2], dir: 0 },
        NEVER,
      ),
    );
    env.step(toggle);
    assert.equal(env.grid.get(3, 2)?.type, 'key');
    env.step(right);
    env.step(toggle);
    assert.equal(env.grid.get(2, 3), null);
    env.step(right);
    assert.equal(env.step(toggle).changed, false);
    assert.equal(env.grid.get(1, 2)?.type, 'ball');
  });

  it('done is a counted no-op', () => {
    const env = new BabyAIEnv(room(7, [purpleBall], { pos: [2, 2], dir: 0 }, NEVER));
    const result = env.step(done);
    assert.equal(result.changed, false);
    assert.equal(env.stepCount, 1);
    assert.equal(result.reward, 0);
  });

  it('max_steps = room_size² · rows · cols · num_navs and truncates at step_count >= max_steps', () => {
    assert.equal(new BabyAIEnv(room(8, [purpleBall], { pos: [2, 2], dir: 0 }, NEVER)).maxSteps, 64);
    assert.equal(
      new BabyAIEnv(
        room(
          8,
          [purpleBall, { type: 'key', color: 'red', pos: [1, 1] }],
          { pos: [2, 2], dir: 0 },
          'put the red key next to the purple ball',
        ),
      ).maxSteps,
      128,
    );
    assert.equal(
      new BabyAIEnv(
        room(
          8,
          [purpleBall, { type: 'key', color: 'red', pos: [1, 1] }],
          { pos: [2, 2], dir: 0 },
          'go to the red key, then put the red key next to the purple ball',
        ),
      ).maxSteps,
      192,
    );
    const env = new BabyAIEnv(
      room(4, [{ type: 'ball', color: 'purple', pos: [2, 2] }], { pos: [1, 1], dir: 2 }, NEVER),
    );
    assert.equal(env.maxSteps, 16);
    let last = env.step(left);
    for (let t = 2; t <= 16; t++) {
      assert.equal(last.truncated, false);
      last = env.step(left);
    }
    assert.equal(last.truncated, true);
    const run = runActions(
      room(4, [{ type: 'ball', color: 'purple', pos: [2, 2] }], { pos: [1, 1], dir: 2 }, NEVER),
      new Array(30).fill(left),
    );
    assert.equal(run.results.length, 16, 'runs stop at the first truncated step');
  });

  it('rewards 1 − 0.9·step_count/max_steps on success; a step can be terminated and truncated at once', () => {
    const env = new BabyAIEnv(
      room(8, [{ type: 'ball', color: 'red', pos: [3, 1] }], { pos: [3, 3], dir: 3 }, 'go to the red ball'),
    );
    assert.equal(env.step(forward).terminated, true);
    const result = new BabyAIEnv(
      room(8, [{ type: 'ball', color: 'red', pos: [3, 1] }], { pos: [3, 3], dir: 3 }, 'go to the red ball'),
    );
    const r = result.step(forward);
    assert.equal(r.reward, 1 - 0.9 * (1 / 64));
    const both = new BabyAIEnv(
      room(8, [{ type: 'ball', color: 'red', pos: [3, 1] }], { pos: [3, 3], dir: 3 }, 'go to the red ball', {
        maxSteps: 1,
      }),
    );
    const last = both.step(forward);
    assert.equal(last.terminated && last.truncated, true);
    assert.equal(last.reward, 1 - 0.9);
  });

  it('property: turning never moves the agent and forward moves it by at most one cell', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }), (actions) => {
        const env = new BabyAIEnv(
          room(
            8,
            [
              { type: 'ball', color: 'purple', pos: [6, 6] },
              { type: 'key', color: 'red', pos: [3, 3] },
            ],
            { pos: [2, 2], dir: 0 },
            NEVER,
            { maxSteps: 1000 },
          ),
        );
        for (const action of actions) {
          const before = env.agentPos;
          env.step(action);
          const moved = Math.abs(env.agentPos[0] - before[0]) + Math.abs(env.agentPos[1] - before[1]);
          if (action !== forward) assert.equal(moved, 0);
          else assert.ok(moved <= 1);
          assert.notEqual(env.grid.get(env.agentPos[0], env.agentPos[1])?.type, 'wall');
        }
      }),
    );
  });
});
