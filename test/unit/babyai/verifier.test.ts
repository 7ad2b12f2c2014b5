// Spec §8: BabyAI mission parsing and verification on hand-built grids.
import { strict as assert } from 'node:assert';
import { BabyAIEnv } from '../../../src/core/benchmarks/babyai/env';
import { MissionError, parseMission } from '../../../src/core/benchmarks/babyai/mission';
import { Action } from '../../../src/core/benchmarks/babyai/world';
import { room, twoRooms } from './helpers';

const { left, right, forward, pickup, drop, toggle, done } = Action;

describe('babyai missions (spec §8)', () => {
  it('parses the grammar with and / then / after you and nesting', () => {
    const m = parseMission(
      'pick up a grey ball and go to the ball in front of you, then go to a box and put a purple box next to the red door',
    );
    assert.equal(m.kind, 'before');
    if (m.kind !== 'before') return;
    assert.equal(m.a.kind, 'and');
    assert.equal(m.b.kind, 'and');
    if (m.a.kind !== 'and' || m.b.kind !== 'and') return;
    assert.deepEqual(
      { ...m.a.b, span: null },
      {
        kind: 'goto',
        desc: {
          type: 'ball',
          color: null,
          loc: 'front',
          article: 'the',
          span: m.a.b.kind === 'goto' ? m.a.b.desc.span : null,
        },
        span: null,
      },
    );
    assert.equal(m.b.b.kind, 'putnext');
    const after = parseMission('open the red door after you pick up the blue key');
    assert.equal(after.kind, 'after');
    assert.equal(parseMission('go to the object on your left').kind, 'goto');
  });

  it('reports mission errors with the span at fault', () => {
    const text = 'go to the pink ball';
    assert.throws(
      () => parseMission(text),
      (error: unknown) =>
        error instanceof MissionError &&
        text.slice(error.span.start, error.span.end) === 'the pink ball' &&
        /colour 'pink'/.test(error.message),
    );
    assert.throws(() => parseMission('pick up the red door'), /cannot be picked up/);
    assert.throws(() => parseMission('open the red ball'), /only doors/);
    assert.throws(() => parseMission('jump over the red ball'), MissionError);
  });

  it('GoTo succeeds when the agent faces a target (4-adjacent), after any action, including turns and done', () => {
    const level = room(8, [{ type: 'ball', color: 'red', pos: [3, 2] }], { pos: [2, 2], dir: 1 }, 'go to the red ball');
    const turn = new BabyAIEnv(level);
    assert.equal(turn.step(left).terminated, true, 'turning to face it');
    const noop = new BabyAIEnv({ ...level, agent: { pos: [2, 2], dir: 0 } });
    assert.equal(noop.step(done).terminated, true, 'done while facing');
    const failedPickup = new BabyAIEnv({
      ...level,
      agent: { pos: [2, 2], dir: 0 },
      carrying: { type: 'key', color: 'blue' },
    });
    assert.equal(failedPickup.step(pickup).terminated, true, 'a failed pickup while facing');
    const diagonal = new BabyAIEnv(
      room(8, [{ type: 'ball', color: 'red', pos: [3, 3] }], { pos: [2, 2], dir: 0 }, 'go to the red ball'),
    );
    assert.equal(diagonal.step(done).terminated, false, 'no diagonals');
  });

  it('GoTo keeps the reset positions: a picked-up target still counts where it was (stale obj_poss)', () => {
    const env = new BabyAIEnv(
      room(
        8,
        [
          { type: 'ball', color: 'red', pos: [3, 2] },
          { type: 'key', color: 'blue', pos: [2, 3] },
        ],
        { pos: [2, 2], dir: 0 },
        'go to the blue key, then go to the red ball',
      ),
    );
    env.step(pickup); // the red ball leaves (3, 2)
    assert.equal(env.grid.get(3, 2), null);
    assert.equal(env.step(right).terminated, false, 'A: facing the blue key');
    assert.equal(env.step(left).terminated, true, 'B: facing the empty cell where the ball was at reset');
  });

  it('a drop refreshes positions: a carried target drops out of the list', () => {
    const env = new BabyAIEnv(
      room(
        8,
        [
          { type: 'ball', color: 'red', pos: [3, 2] },
          { type: 'key', color: 'blue', pos: [2, 3] },
        ],
        { pos: [2, 2], dir: 0 },
        'go to the blue key, then go to the red ball',
      ),
    );
    env.step(right); // A succeeds facing the key
    env.step(pickup); // take the key
    env.step(left); // facing the ball: success
    const refreshed = new BabyAIEnv(
      room(
        8,
        [
          { type: 'ball', color: 'red', pos: [3, 2] },
          { type: 'key', color: 'blue', pos: [2, 3] },
          { type: 'key', color: 'grey', pos: [1, 2] },
        ],
        { pos: [2, 2], dir: 0 },
        'go to the blue key, then go to the red ball',
      ),
    );
    refreshed.step(pickup); // carry the red ball
    refreshed.step(right); // A: facing the blue key
    refreshed.step(right); // west: facing the grey key
    refreshed.step(left); // south
    refreshed.step(left); // east: (3, 2) is empty
    refreshed.step(drop); // drop the ball at (3, 2): refresh puts it back, success on this very drop
    assert.equal(refreshed.grid.get(3, 2)?.type, 'ball');
    const stale = new BabyAIEnv(
      room(
        8,
        [
          { type: 'ball', color: 'red', pos: [3, 2] },
          { type: 'key', color: 'blue', pos: [2, 3] },
        ],
        { pos: [2, 2], dir: 0 },
        'go to the blue key, then go to the red ball',
      ),
    );
    stale.step(pickup); // carry the red ball
    stale.step(left); // north: (2, 1) empty
    stale.step(drop); // refresh: the ball is now at (2, 1) only
    stale.step(right); // east, facing (3, 2): not a position any more
    assert.equal(stale.step(right).terminated, false, 'A succeeds facing the key, B not yet');
    assert.equal(stale.step(left).terminated, false, 'facing (3, 2), the ball is not there any more');
    stale.step(left); // north, facing (2, 1)
    assert.equal(stale.step(done).terminated, true);
  });

  it('doors can be GoTo targets', () => {
    const env = new BabyAIEnv(
      twoRooms([{ type: 'door', color: 'blue', pos: [4, 2] }], { pos: [3, 2], dir: 1 }, 'go to the blue door'),
    );
    assert.equal(env.step(left).terminated, true);
  });

  it('Pickup succeeds on picking up a matching object with empty hands before the step', () => {
    const env = new BabyAIEnv(
      room(
        8,
        [
          { type: 'key', color: 'red', pos: [3, 2] },
          { type: 'key', color: 'blue', pos: [2, 3] },
        ],
        { pos: [2, 2], dir: 1 },
        'pick up the red key',
      ),
    );
    assert.equal(env.step(pickup).terminated, false, 'the blue key does not match');
    env.step(drop);
    env.step(left);
    const r = env.step(pickup);
    assert.equal(r.terminated, true);
  });

  it('Open succeeds only on the toggle that leaves the matching door open; closing is not success', () => {
    const env = new BabyAIEnv(
      twoRooms(
        [{ type: 'door', color: 'blue', pos: [4, 2], open: true }],
        { pos: [3, 2], dir: 0 },
        'open the blue door',
      ),
    );
    assert.equal(env.step(toggle).terminated, false, 'closing an open door');
    assert.equal(env.step(toggle).terminated, true);
    const locked = new BabyAIEnv(
      twoRooms(
        [{ type: 'door', color: 'blue', pos: [4, 2], locked: true }],
        { pos: [3, 2], dir: 0 },
        'open the blue door',
      ),
    );
    assert.equal(locked.step(toggle).terminated, false);
    const withKey = new BabyAIEnv({
      ...twoRooms(
        [{ type: 'door', color: 'blue', pos: [4, 2], locked: true }],
        { pos: [3, 2], dir: 0 },
        'open the blue door',
      ),
      carrying: { type: 'key', color: 'blue' },
    });
    assert.equal(withKey.step(toggle).terminated, true);
  });

  it('PutNext succeeds on dropping the carried object at Manhattan distance 1 from a current target position', () => {
    const spec = room(
      8,
      [
        { type: 'ball', color: 'red', pos: [3, 2] },
        { type: 'key', color: 'blue', pos: [5, 2] },
      ],
      { pos: [2, 2], dir: 0 },
      'put the red ball next to the blue key',
    );
    const env = new BabyAIEnv(spec);
    env.step(pickup);
    env.step(forward); // (3, 2)
    assert.equal(env.step(drop).terminated, true, 'dropped at (4, 2), next to (5, 2)');
    const far = new BabyAIEnv(spec);
    far.step(pickup);
    assert.equal(far.step(drop).terminated, false, 'dropped back at (3, 2), two cells away');
    const diagonal = new BabyAIEnv(spec);
    diagonal.step(pickup);
    diagonal.step(forward);
    diagonal.step(right); // facing (3, 3)
    assert.equal(diagonal.step(drop).terminated, false);
  });

  it('PutNext uses refreshed positions of the fixed object after it was moved by a drop', () => {
    const env = new BabyAIEnv(
      room(
        8,
        [
          { type: 'ball', color: 'red', pos: [1, 1] },
          { type: 'key', color: 'blue', pos: [3, 2] },
        ],
        { pos: [2, 2], dir: 0 },
        'put the red ball next to the blue key',
      ),
    );
    env.step(pickup); // take the key
    env.step(right); // south
    env.step(drop); // key now at (2, 3): positions refresh on drop
    env.step(left);
    env.step(left); // north, facing (2, 1)
    env.step(left); // west (1, 2)
    env.step(right); // north (2, 1)
    env.step(left); // west
    env.step(right); // north
    env.step(forward); // (2, 1)
    env.step(left); // west: facing (1, 1) the ball
    env.step(pickup);
    env.step(left); // south: (2, 2)
    assert.equal(env.step(drop).terminated, true, '(2, 2) is next to the key at (2, 3), not its old (3, 2) only');
  });

  it('"A, then B" checks B only after A, including on the same step; "A after you B" is the reverse', () => {
    const spec = room(
      8,
      [
        { type: 'ball', color: 'red', pos: [3, 2] },
        { type: 'key', color: 'blue', pos: [2, 3] },
      ],
      { pos: [2, 2], dir: 0 },
      'go to the blue key, then go to the red ball',
    );
    const env = new BabyAIEnv(spec);
    assert.equal(env.step(done).terminated, false, 'facing the ball first does not count');
    env.step(right); // facing the key: A succeeds
    assert.equal(env.step(left).terminated, true, 'then facing the ball');
    const same = new BabyAIEnv({ ...spec, mission: 'go to the red ball, then go to a ball' });
    assert.equal(same.step(done).terminated, true, 'B checked on the step A succeeds');
    const after = new BabyAIEnv({ ...spec, mission: 'go to the red ball after you go to the blue key' });
    assert.equal(after.step(done).terminated, false);
    after.step(right);
    assert.equal(after.step(left).terminated, true);
  });

  it('"A and B" needs both, each latched once achieved', () => {
    const env = new BabyAIEnv(
      room(
        8,
        [
          { type: 'ball', color: 'red', pos: [3, 2] },
          { type: 'key', color: 'blue', pos: [2, 3] },
        ],
        { pos: [2, 2], dir: 0 },
        'go to the red ball and go to the blue key',
      ),
    );
    assert.equal(env.step(done).terminated, false);
    assert.equal(env.step(right).terminated, true);
  });

  it('locations apply to objects in the starting room, relative to the initial pose (half-planes)', () => {
    // Agent at (2, 2) facing east: front = x > 2, behind = x < 2, right = y > 2, left = y < 2.
    const objects = [
      { type: 'ball' as const, color: 'red' as const, pos: [3, 3] as const },
      { type: 'ball' as const, color: 'red' as const, pos: [1, 1] as const },
      { type: 'ball' as const, color: 'red' as const, pos: [6, 2] as const }, // other room
    ];
    const spec = {
      width: 9,
      height: 5,
      layout: { roomSize: 5, numRows: 1, numCols: 2 },
      objects,
      agent: { pos: [2, 2] as const, dir: 0 },
      mission: 'go to the ball in front of you',
      carrying: null,
    };
    const front = new BabyAIEnv(spec);
    front.step(right); // south: facing (2, 3)
    front.step(forward); // (2, 3)
    assert.equal(front.step(left).terminated, true, 'facing (3, 3), in front of the start');
    const behind = new BabyAIEnv({ ...spec, mission: 'go to the ball behind you' });
    behind.step(left); // north: facing (2, 1)
    behind.step(forward);
    assert.equal(behind.step(left).terminated, true, 'facing (1, 1), behind the start');
    const leftSide = new BabyAIEnv({ ...spec, mission: 'go to the ball on your left' });
    leftSide.step(right);
    leftSide.step(forward);
    assert.equal(leftSide.step(left).terminated, false, '(3, 3) is on the right, not the left');
  });
});
