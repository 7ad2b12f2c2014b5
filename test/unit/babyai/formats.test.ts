// Spec §2–§3: the three formatters byte-exact, the readers, and LLM-BabyBench record files.
import { strict as assert } from 'node:assert';
import { describeEnv, levelFromDescription } from '../../../src/core/benchmarks/babyai/description';
import { BabyAIEnv } from '../../../src/core/benchmarks/babyai/env';
import {
  formatJson,
  formatNarrative,
  parseJsonDescription,
  parseNarrative,
} from '../../../src/core/benchmarks/babyai/otherFormats';
import { readRecordFile } from '../../../src/core/benchmarks/babyai/recordFiles';
import { loadRecord } from '../../../src/core/benchmarks/babyai/records';
import { formatStructured, parseStructured } from '../../../src/core/benchmarks/babyai/structured';
import { SYNTHSEQ_166 } from './fixtures';

// Spec §3, "Example (GoToObj, seed 1)", copied verbatim (header line, blank line, bullets).
const SPEC_EXAMPLE = `An agent is in a grid world consisting of one or more rooms. All rooms in the same grid world are squares of identical size and are organized in a square grid layout. Rooms are separated by walls and might contain objects such as keys, balls, and boxes of different colors. Some walls, connecting two adjacent rooms, have doors. Some doors are unlocked, whereas others need to be unlocked with keys of the same color. The agent can perform 6 actions: left (turn left), right (turn right), forward (move forward), pickup (pickup an object), drop (drop an object), and toggle (open/close a door or a box). Only the forward action changes the agent's position in the grid world. Turning left or right changes the agent's orientation only but not the position. The agent cannot move into a cell that is already occupied by an object, even if the object is one it is trying to interact with. Using a coordinate system where the (0, 0) position is the top-left corner of the grid world, necessarily corresponding to a wall, the coordinates follow the format (x, y), with x denoting the horizontal position in the grid and y denoting the vertical position in the grid,

These are the specifics regarding this environment: 

- Number of rooms: 1
- Size of each room (including walls): 8x8
- Effective room size (excluding walls): 6x6
- Total grid size: 8x8
- Agent initial position: (3, 4)
- Agent facing direction: north (toward (3, 3))
- Objects in environment:
  - key, color=yellow, position=(1, 6)
- Mission: 'go to the yellow key'`;

function gotoObj() {
  return new BabyAIEnv({
    width: 8,
    height: 8,
    layout: { roomSize: 8, numRows: 1, numCols: 1 },
    objects: [{ type: 'key', color: 'yellow', pos: [1, 6] }],
    agent: { pos: [3, 4], dir: 3 },
    mission: 'go to the yellow key',
  });
}

describe('babyai description formats (spec §3)', () => {
  it('Structured output is byte-exact with the spec example', () => {
    assert.equal(formatStructured(describeEnv(gotoObj())), SPEC_EXAMPLE);
  });

  it('Structured: multi-room counts, door lock states, row-major order, no objects', () => {
    const parsed = parseStructured(SYNTHSEQ_166);
    assert.deepEqual(parsed.diagnostics, []);
    const text = formatStructured(describeEnv(new BabyAIEnv(levelFromDescription(parsed.description!))));
    assert.equal(text, SYNTHSEQ_166);
    assert.ok(text.includes('- Number of rooms: 3x3\n'));
    assert.ok(text.includes('  - door, color=yellow, position=(20, 14), locked=True\n'));
    const empty = new BabyAIEnv({
      width: 8,
      height: 8,
      layout: { roomSize: 8, numRows: 1, numCols: 1 },
      objects: [],
      agent: { pos: [3, 4], dir: 0 },
      mission: 'go to the yellow key',
    });
    assert.ok(
      formatStructured(describeEnv(empty)).endsWith(
        "- Agent facing direction: east (toward (4, 4))\n- Objects in environment: none\n- Mission: 'go to the yellow key'",
      ),
    );
  });

  it('reads the spec example back into the exact level', () => {
    const parsed = parseStructured(SPEC_EXAMPLE);
    assert.deepEqual(parsed.diagnostics, []);
    const spec = levelFromDescription(parsed.description!);
    assert.deepEqual(spec.agent, { pos: [3, 4], dir: 3 });
    assert.deepEqual(spec.objects, [{ type: 'key', color: 'yellow', pos: [1, 6] }]);
    assert.equal(spec.mission, 'go to the yellow key');
    assert.deepEqual(spec.layout, { roomSize: 8, numRows: 1, numCols: 1 });
  });

  it('rebuilds walls on room lines except at listed doors, all doors closed', () => {
    const env = new BabyAIEnv(levelFromDescription(parseStructured(SYNTHSEQ_166).description!));
    assert.equal(env.grid.width, 22);
    assert.equal(env.grid.get(7, 3)?.type, 'wall');
    assert.equal(env.grid.get(7, 6)?.type, 'door');
    assert.equal(env.grid.get(7, 6)?.isOpen, false);
    assert.equal(env.grid.get(20, 14)?.isLocked, true);
    assert.equal(env.grid.get(21, 21)?.type, 'wall');
    assert.equal(env.carrying, null);
  });

  it('locates description errors on their line and column', () => {
    const broken = SPEC_EXAMPLE.replace(
      '  - key, color=yellow, position=(1, 6)',
      '  - key, color=pink, position=(1, 6)',
    );
    const parsed = parseStructured(broken);
    assert.equal(parsed.diagnostics[0].code, 'babyai/unknown-color');
    assert.deepEqual(parsed.diagnostics[0].range, {
      start: { line: 11, character: 15 },
      end: { line: 11, character: 19 },
    });
    const missing = parseStructured(SPEC_EXAMPLE.replace(/- Mission.*$/, ''));
    assert.equal(missing.description, null);
    assert.ok(missing.diagnostics.some((d) => d.message.includes('- Mission')));
  });

  it('Narrative is the formatter text (one room and several rooms) and reads back', () => {
    const single = formatNarrative(describeEnv(gotoObj()));
    assert.equal(
      single,
      "An agent is in a grid world made of 1 room, this room of size 8x8, including the surrounding walls, meaning that effectively, the room is of size 6x6. The total grid size is thus 8x8. The room might contain objects such as keys, balls, and boxes of different colors. The agent can perform 6 actions: left (turn left), right (turn right), forward (move forward), pickup (pickup an object), drop (drop an object), and toggle (open/close a door or a box). Only the forward action changes the agent's position in the grid world. Turning left or right changes the agent's orientation only but not the position. The agent cannot move into a cell that is already occupied by an object, even if the object is one it is trying to interact with. Using a coordinate system where the (0, 0) position is the top-left corner of the grid world, necessarily corresponding to a wall, the coordinates follow the format (x, y), with x denoting the horizontal position in the grid and y denoting the vertical position in the grid, and the agent is initially placed at (3, 4), and is facing, north, the (3, 3) position. There is a yellow key at position (1, 6). The agent's mission is 'go to the yellow key'. ",
    );
    const synth = describeEnv(new BabyAIEnv(levelFromDescription(parseStructured(SYNTHSEQ_166).description!)));
    const multi = formatNarrative(synth);
    assert.ok(
      multi.startsWith(
        'An agent is in a grid world made of 3x3 rooms, each of size 8x8, including the surrounding walls, meaning that effectively, each room is of size 6x6. The total grid size is thus 22x22. Rooms are separated',
      ),
    );
    assert.ok(multi.includes('There is a yellow box at position (5, 1), an unlocked grey door at position (14, 1), '));
    assert.ok(multi.includes(', a locked yellow door at position (20, 14), '));
    assert.ok(multi.includes('and an unlocked yellow door at position (14, 19). The agent'));
    assert.deepEqual(parseNarrative(multi).description, synth);
    assert.deepEqual(parseNarrative(single).description, describeEnv(gotoObj()));
  });

  it('JSON is json.dumps(indent=2) of {context, config} and reads back', () => {
    const text = formatJson(describeEnv(gotoObj()));
    assert.ok(text.startsWith('{\n  "context": "An agent is in a grid world consisting of one or more rooms.'));
    assert.ok(
      text.includes(
        '\\n\\nThese are the specifics regarding this environment: \\n\\n",\n  "config": {\n    "num_rooms": 1,\n    "room_size_incl_walls": [\n      8,\n      8\n    ],',
      ),
    );
    assert.ok(text.includes('"agent_direction": {\n      "index": 3,\n      "name": "north"\n    },'));
    assert.ok(text.endsWith('"mission": "go to the yellow key"\n  }\n}'));
    assert.deepEqual(parseJsonDescription(text).description, describeEnv(gotoObj()));
  });
});

describe('babyai record files (spec §2)', () => {
  const description = SPEC_EXAMPLE;
  const csvField = (text: string) => `"${text.replace(/"/g, '""')}"`;

  it('reads pandas CSV rows with level_name and Python tuple fields', () => {
    const csv = `level_name,seed,env_description,initial_state,action_sequence,target_state\nBabyAI-GoToObj-v0,1,${csvField(description)},"((3, 4), 3)","left, forward, forward, left, forward","((1, 5), 1)"\n`;
    const file = readRecordFile('predict.csv', csv);
    assert.deepEqual(file.diagnostics, []);
    const loaded = loadRecord(file.records[0]);
    assert.deepEqual(loaded.diagnostics, []);
    assert.equal(loaded.record.task, 'predict');
    assert.equal(loaded.record.levelName, 'BabyAI-GoToObj-v0');
    assert.deepEqual(loaded.record.initialState, { pos: [3, 4], dir: 3 });
    assert.deepEqual(loaded.record.targetState, { pos: [1, 5], dir: 1 });
    assert.deepEqual(loaded.record.actions, [0, 2, 2, 0, 2]);
  });

  it('reads JSONL with env_name and the Plan and Decompose columns', () => {
    const plan = JSON.stringify({
      env_name: 'CustomBabyAI-GoToRedBall-Small-4Dists-v0',
      seed: 1,
      env_description: description,
      initial_state: '((3, 4), 3)',
      target_subgoal: '(1, 6)',
      expert_action_sequence: 'left, forward',
    });
    const decompose = JSON.stringify({
      level_name: 'BabyAI-GoToObj-v0',
      seed: 1,
      env_description: description,
      initial_state: '((3, 4), 3)',
      mission: 'go to the yellow key',
      help_count: 1,
    });
    const file = readRecordFile('x.jsonl', `${plan}\n${decompose}\n`);
    const [p, d] = file.records.map(loadRecord);
    assert.equal(p.record.task, 'plan');
    assert.deepEqual(p.record.targetSubgoal, [1, 6]);
    assert.equal(d.record.task, 'decompose');
    assert.equal(d.record.helpCount, 1);
    assert.equal(d.record.mission, 'go to the yellow key');
  });

  it('points record problems at the exact character, through CSV and JSON escapes', () => {
    const bad = description.replace("'go to the yellow key'", "'go to the yellow box'");
    const jsonl = JSON.stringify({
      level_name: 'L',
      seed: 1,
      env_description: bad,
      initial_state: '((3, 4), 3)',
      mission: 'go to the yellow box',
      help_count: 1,
    });
    const loaded = loadRecord(readRecordFile('d.jsonl', jsonl).records[0]);
    const absent = loaded.diagnostics.find((d) => d.code === 'babyai/mission-object-absent');
    assert.ok(absent, JSON.stringify(loaded.diagnostics));
    const offset = jsonl.indexOf('the yellow box');
    assert.deepEqual(absent.range.start, { line: 0, character: offset });
    const csv = `level_name,seed,env_description,initial_state,action_sequence,target_state\nL,1,${csvField(bad)},"((3, 4), 3)","left, jump","((1, 5), 1)"\n`;
    const row = loadRecord(readRecordFile('p.csv', csv).records[0]);
    const fromCsv = row.diagnostics.find((d) => d.code === 'babyai/mission-object-absent');
    const lines = csv.split('\n');
    const line = lines.findIndex((l) => l.startsWith('- Mission'));
    assert.deepEqual(fromCsv?.range.start, { line, character: lines[line].indexOf('the yellow box') });
    const jump = row.diagnostics.find((d) => d.code === 'babyai/unknown-action');
    assert.ok(jump);
    const jumpLine = lines.findIndex((l) => l.includes('left, jump'));
    assert.deepEqual(jump.range.start, { line: jumpLine, character: lines[jumpLine].indexOf('jump') });
  });

  it('warns when initial_state disagrees with the description', () => {
    const jsonl = JSON.stringify({
      level_name: 'L',
      seed: 1,
      env_description: description,
      initial_state: '((3, 4), 0)',
      mission: 'go to the yellow key',
      help_count: 1,
    });
    const loaded = loadRecord(readRecordFile('d.jsonl', jsonl).records[0]);
    assert.equal(loaded.diagnostics[0].code, 'babyai/initial-state-mismatch');
    assert.equal(loaded.diagnostics[0].severity, 'warning');
  });
});
