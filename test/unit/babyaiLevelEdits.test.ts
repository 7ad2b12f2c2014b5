// Grid-view authoring of level files: each gesture is a minimal text edit that leaves a valid
// level with exactly the intended change, and keeps the rest of the author's text.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, parse, parseTree, type Edit, type JSONPath, type ParseError } from 'jsonc-parser';
import { moveEdits, missionEdits, toggleDoorEdits, toolEdits } from '../../src/core/benchmarks/babyai/levelEdits';
import { loadLevelFile } from '../../src/core/benchmarks/babyai/levelFile';
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
    assert.equal(
      movedAgent.split('\n').filter((line, index) => line !== gotoBall.split('\n')[index]).length,
      1,
      'one line changed',
    );
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
    assert.deepEqual(
      load(replaced).objects.filter((object) => object.pos[0] === 6 && object.pos[1] === 1),
      [{ type: 'ball', color: 'blue', pos: [6, 1] }],
    );
    const deleted = applyEdits(replaced, toolEdits(replaced, 'delete', 5, 2));
    assert.equal(
      load(deleted).objects.some((object) => object.color === 'red'),
      false,
    );
    const withDoor = applyEdits(gotoBall, toolEdits(gotoBall, 'door:green', 7, 4));
    assert.deepEqual(load(withDoor).doors, [{ pos: [7, 4], color: 'green', state: 'closed' }]);
  });

  it('rewrites the mission, escaping it as JSON', () => {
    const text = applyEdits(gotoBall, missionEdits(gotoBall, 'pick up the "grey" key'));
    assert.equal(load(text).mission, 'pick up the "grey" key');
  });
});

describe('BabyAI level authoring edits stay inside the edited object', () => {
  const levels = readdirSync(join(samplesDir, 'babyai')).filter((name) => name.endsWith('.level.json'));

  /** Root members and door/object elements of a level text, with their JSON paths and spans. */
  function units(text: string): Array<{ path: JSONPath; offset: number; end: number; text: string }> {
    const root = parseTree(text);
    assert.ok(root);
    const found: Array<{ path: JSONPath; offset: number; end: number; text: string }> = [];
    for (const member of root.children ?? []) {
      const key = member.children?.[0].value as string;
      const value = member.children?.[1];
      if ((key === 'doors' || key === 'objects') && value?.type === 'array') {
        (value.children ?? []).forEach((item, index) =>
          found.push({
            path: [key, index],
            offset: item.offset,
            end: item.offset + item.length,
            text: text.slice(item.offset, item.offset + item.length),
          }),
        );
      } else
        found.push({
          path: [key],
          offset: member.offset,
          end: member.offset + member.length,
          text: text.slice(member.offset, member.offset + member.length),
        });
    }
    return found;
  }
  const related = (a: JSONPath, b: JSONPath) =>
    a.slice(0, Math.min(a.length, b.length)).every((part, index) => part === b[index]);
  const overlaps = (edit: Edit, unit: { offset: number; end: number }) =>
    edit.length === 0
      ? unit.offset < edit.offset && edit.offset < unit.end
      : Math.max(edit.offset, unit.offset) < Math.min(edit.offset + edit.length, unit.end);

  /** Every unit not on an edited path keeps its text: no edit reaches into it and it is still there. */
  function assertConfined(label: string, original: string, edits: readonly Edit[], edited: readonly JSONPath[]): void {
    const after = applyEdits(original, [...edits]);
    const errors: ParseError[] = [];
    parse(after, errors);
    assert.deepEqual(errors, [], `${label}: the result is JSON`);
    for (const unit of units(original)) {
      if (edited.some((path) => related(path, unit.path))) continue;
      const touching = edits.filter((edit) => overlaps(edit, unit));
      assert.deepEqual(touching, [], `${label}: the edit reaches into untouched ${unit.path.join('.')} (${unit.text})`);
      assert.ok(after.includes(unit.text), `${label}: ${unit.path.join('.')} is rewritten`);
    }
  }

  for (const name of levels) {
    it(`${name}: every palette click, drag, door toggle and mission edit changes only its object`, () => {
      const original = readFileSync(join(samplesDir, 'babyai', name), 'utf8');
      const level = load(original);
      const placed = [
        ...level.objects.map((object, index) => ({ path: ['objects', index], pos: object.pos })),
        ...(level.doors ?? []).map((door, index) => ({ path: ['doors', index], pos: door.pos })),
      ];
      const at = (x: number, y: number) =>
        placed.filter((item) => item.pos[0] === x && item.pos[1] === y).map((item) => item.path);
      let edits = 0;
      for (let x = 0; x < level.width; x++) {
        for (let y = 0; y < level.height; y++) {
          for (const tool of ['agent', 'key:red', 'ball:blue', 'box:green', 'door:purple', 'delete']) {
            const set = toolEdits(original, tool, x, y);
            edits += set.length;
            assertConfined(`${tool} at (${x}, ${y})`, original, set, tool === 'agent' ? [['agent']] : at(x, y));
          }
        }
      }
      for (const item of placed) {
        assertConfined(
          `drag ${item.path.join('.')}`,
          original,
          moveEdits(original, { x: item.pos[0], y: item.pos[1] }, { x: 1, y: 1 }),
          [item.path],
        );
        if (item.path[0] === 'doors')
          assertConfined(
            `toggle ${item.path.join('.')}`,
            original,
            toggleDoorEdits(original, item.pos[0], item.pos[1]),
            [item.path],
          );
      }
      assertConfined('mission', original, missionEdits(original, 'go to the "door"'), [['mission']]);
      assert.ok(edits > 100);
    });
  }

  it("adds an object as one more line in the author's style, and deletes one without touching its neighbours", () => {
    const original = readFileSync(join(samplesDir, 'babyai/put-next.level.json'), 'utf8');
    const added = applyEdits(original, toolEdits(original, 'key:red', 6, 6));
    assert.equal(
      added,
      original.replace('"pos": [6, 2] }\n', '"pos": [6, 2] },\n    { "type": "key", "color": "red", "pos": [6, 6] }\n'),
    );
    const deleted = applyEdits(original, toolEdits(original, 'delete', 5, 5));
    assert.equal(deleted, original.replace('    { "type": "box", "color": "green", "pos": [5, 5] },\n', ''));
    const lastDoor = readFileSync(join(samplesDir, 'babyai/locked-door-key-in-box.level.json'), 'utf8');
    assert.equal(
      applyEdits(lastDoor, toolEdits(lastDoor, 'delete', 7, 3)),
      lastDoor.replace('[{ "pos": [7, 3], "color": "yellow", "state": "locked" }]', '[]'),
    );
    const withDoor = applyEdits(original, toolEdits(original, 'door:red', 4, 4));
    assert.equal(
      withDoor,
      original.replace(
        'green box"\n}',
        'green box",\n  "doors": [{ "pos": [4, 4], "color": "red", "state": "closed" }]\n}',
      ),
    );
  });
});
