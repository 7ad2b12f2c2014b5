// Grid-view authoring of level files: each gesture is a minimal text edit that leaves a valid
// level with exactly the intended change, and keeps the rest of the author's text.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits } from 'jsonc-parser';
import { moveEdits, missionEdits, toggleDoorEdits, toolEdits } from '../../src/core/babyai/levelEdits';
import { loadLevelFile } from '../../src/core/babyai/levelFile';
import { samplesDir } from '../support/paths';

const gotoBall = readFileSync(join(samplesDir, 'babyai/goto-red-ball.level.json'), 'utf8');
const lockedDoor = readFileSync(join(samplesDir, 'babyai/locked-door-key-in-box.level.json'), 'utf8');

function load(text: string) {
  const loaded = loadLevelFile(text);
  assert.ok(loaded.file, JSON.stringify(loaded.diagnostics));
  return loaded.file;
}

describe('BabyAI level authoring edits', () => {
  it('drags the agent and an object, touching only their positions', () => {
    const movedAgent = applyEdits(gotoBall, moveEdits(gotoBall, { x: 2, y: 2 }, { x: 3, y: 3 }));
    assert.deepEqual(load(movedAgent).agent.pos, [3, 3]);
    assert.equal(movedAgent.split('\n').filter((line, index) => line !== gotoBall.split('\n')[index]).length, 1, 'one line changed');
    const movedBall = applyEdits(gotoBall, moveEdits(gotoBall, { x: 5, y: 2 }, { x: 6, y: 6 }));
    assert.deepEqual(load(movedBall).objects[0].pos, [6, 6]);
    assert.deepEqual(moveEdits(gotoBall, { x: 1, y: 1 }, { x: 3, y: 3 }), [], 'nothing to drag on an empty cell');
  });

  it('cycles a door closed → open → locked → closed', () => {
    let text = lockedDoor;
    const states = [];
    for (let click = 0; click < 3; click++) {
      text = applyEdits(text, toggleDoorEdits(text, 7, 3));
      states.push(load(text).doors[0].state);
    }
    assert.deepEqual(states, ['closed', 'open', 'locked']);
  });

  it('places, replaces and deletes objects and doors with palette tools', () => {
    const withKey = applyEdits(gotoBall, toolEdits(gotoBall, 'key:purple', 6, 1));
    assert.deepEqual(load(withKey).objects.at(-1), { type: 'key', color: 'purple', pos: [6, 1] });
    const replaced = applyEdits(withKey, toolEdits(withKey, 'ball:blue', 6, 1));
    assert.deepEqual(load(replaced).objects.filter((object) => object.pos[0] === 6 && object.pos[1] === 1), [{ type: 'ball', color: 'blue', pos: [6, 1] }]);
    const deleted = applyEdits(replaced, toolEdits(replaced, 'delete', 5, 2));
    assert.equal(load(deleted).objects.some((object) => object.color === 'red'), false);
    const withDoor = applyEdits(gotoBall, toolEdits(gotoBall, 'door:green', 7, 4));
    assert.deepEqual(load(withDoor).doors, [{ pos: [7, 4], color: 'green', state: 'closed' }]);
  });

  it('rewrites the mission, escaping it as JSON', () => {
    const text = applyEdits(gotoBall, missionEdits(gotoBall, 'pick up the "grey" key'));
    assert.equal(load(text).mission, 'pick up the "grey" key');
  });
});
