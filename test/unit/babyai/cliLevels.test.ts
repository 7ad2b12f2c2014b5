// `babyai replay` / `babyai score` (spec cli.md) run in-process, and level-file diagnostics.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBabyai } from '../../../src/cli/babyai/commands';
import { UsageError } from '../../../src/cli/args';
import { loadLevelFile } from '../../../src/core/benchmarks/babyai/levelFile';
import { GOTOOBJ_SEED1, SYNTHSEQ_166, SYNTHSEQ_166_MISSION } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'waypoint-babyai-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBabyai(
    argv,
    (t) => out.push(t),
    (t) => err.push(t),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

interface ReplayJson {
  initial: {
    width: number;
    height: number;
    agent_pos: number[];
    agent_dir: number;
    mission: string;
    objects: Array<{ type: string; color: string; pos: number[]; locked?: boolean }>;
    grid: string[];
  };
  steps: Array<{
    t: number;
    action: string;
    agent_pos: number[];
    agent_dir: number;
    carrying: { type: string; color: string } | null;
    reward: number;
    terminated: boolean;
    truncated: boolean;
  }>;
  not_run: number;
}

const synthRecord = () =>
  file(
    'synthseq.json',
    JSON.stringify({
      level_name: 'BabyAI-SynthSeq-v0',
      seed: 166,
      env_description: SYNTHSEQ_166,
      initial_state: '((4, 12), 3)',
      mission: SYNTHSEQ_166_MISSION,
      help_count: 14,
    }),
  );

describe('waypoint babyai replay', () => {
  it('reproduces the SynthSeq seed 166 grid of the paper appendix (Figure 6)', async () => {
    const { code, out, err } = await cli('replay', synthRecord(), '--actions', 'forward,pickup', '--json');
    assert.equal(code, 0, err);
    const json = JSON.parse(out) as ReplayJson;
    assert.equal(json.initial.width, 22);
    assert.equal(json.initial.height, 22);
    assert.deepEqual(json.initial.agent_pos, [4, 12]);
    assert.equal(json.initial.agent_dir, 3);
    assert.equal(json.initial.mission, SYNTHSEQ_166_MISSION);
    assert.equal(json.initial.objects.length, 29);
    assert.equal(json.initial.objects.filter((o) => o.type === 'door').length, 10);
    assert.deepEqual(
      json.initial.objects.find((o) => o.locked),
      { type: 'door', color: 'yellow', pos: [20, 14], locked: true, open: false },
    );
    // MiniGrid's text rendering: rows 0, 12 and 14 of the 22x22 grid.
    assert.equal(json.initial.grid[0], 'WG'.repeat(22));
    assert.equal(json.initial.grid[12], 'WGAR  BB^^    DG    KY      WG            WG');
    assert.equal(
      json.initial.grid[14],
      Array.from({ length: 22 }, (_, x) => ({ 3: 'DY', 10: 'DR', 20: 'LY' })[x] ?? 'WG').join(''),
      'the wall between room rows 1 and 2, with its three doors',
    );
    assert.deepEqual(
      json.steps.map((s) => [s.t, s.action, s.agent_pos, s.carrying?.color ?? null]),
      [
        [1, 'forward', [4, 11], null],
        [2, 'pickup', [4, 11], 'grey'],
      ],
    );
  });

  it('stops at the first terminated step and reports the actions not run', async () => {
    const level = file('gotoobj.txt', GOTOOBJ_SEED1);
    const { code, out } = await cli(
      'replay',
      level,
      '--actions',
      'left, forward, forward, left, forward, forward, right',
      '--json',
    );
    assert.equal(code, 0);
    const json = JSON.parse(out) as ReplayJson;
    assert.equal(json.steps.length, 5);
    assert.deepEqual(json.steps[4], {
      t: 5,
      action: 'forward',
      agent_pos: [1, 5],
      agent_dir: 1,
      carrying: null,
      reward: 1 - 0.9 * (5 / 64),
      terminated: true,
      truncated: false,
      changed: true,
    });
    assert.equal(json.not_run, 2);
  });

  it('exits 2 on usage errors and 1 with file:line:col on input errors', async () => {
    await assert.rejects(cli('replay', synthRecord()), UsageError);
    await assert.rejects(cli('replay', synthRecord(), '--actions', 'jump'), UsageError);
    await assert.rejects(cli('dance'), UsageError);
    const broken = file(
      'broken.level.json',
      '{"width": 8,\n "height": 8, "rooms": {"rows": 1, "cols": 1, "size": 8}, "agent": {"pos": [3, 3], "dir": 0}, "mission": "go to the red ball",\n "objects": [{"type": "ball", "color": "pink", "pos": [1, 1]}]}',
    );
    const { code, err } = await cli('replay', broken, '--actions', 'left');
    assert.equal(code, 1);
    assert.match(
      err,
      /broken\.level\.json:3:\d+: `objects\[0\]\.color` must be one of "red", .*; found the string "pink"\./,
    );
  });
});

describe('waypoint babyai score', () => {
  it('scores a Predict record in both modes, and a reference parse failure exits 1', async () => {
    const record = file(
      'predict.jsonl',
      JSON.stringify({
        level_name: 'BabyAI-GoToObj-v0',
        seed: 1,
        env_description: GOTOOBJ_SEED1,
        initial_state: '((3, 4), 3)',
        action_sequence: 'left, forward, forward, left, forward',
        target_state: '((1, 5), 1)',
      }) + '\n',
    );
    const good = file('good.txt', "Thinking... The agent's final state is: ((1, 5), 1)");
    const result = await cli('score', '--task', 'predict', record, '--answer', good, '--json');
    assert.equal(result.code, 0, result.err);
    const json = JSON.parse(result.out) as { mode: string; result: { success: boolean; manhattan_distance: number } };
    assert.equal(json.mode, 'faithful');
    assert.equal(json.result.success, true);
    const bad = file('bad.txt', 'I do not know');
    const reference = await cli('score', '--task', 'predict', record, '--answer', bad, '--mode', 'reference', '--json');
    assert.equal(reference.code, 1);
    assert.match(reference.err, /bad\.txt:1:1: the reference evaluator aborts this run/);
    const faithful = await cli('score', '--task', 'predict', record, '--answer', bad, '--json');
    assert.equal(faithful.code, 0);
    assert.equal((JSON.parse(faithful.out) as { result: { parse_error: boolean } }).result.parse_error, true);
  });

  it('scores Decompose on a record with the expert', async () => {
    const answer = file('decompose.txt', 'Plan:\n<START>\n(GoNextToSubgoal, (1, 6))\n<END>');
    const record = file(
      'decompose.json',
      JSON.stringify({
        level_name: 'BabyAI-GoToObj-v0',
        seed: 1,
        env_description: GOTOOBJ_SEED1,
        initial_state: '((3, 4), 3)',
        mission: 'go to the yellow key',
        help_count: 1,
      }),
    );
    const { code, out } = await cli(
      'score',
      '--task',
      'decompose',
      record,
      '--answer',
      answer,
      '--mode',
      'reference',
      '--json',
    );
    assert.equal(code, 0);
    const json = JSON.parse(out) as { result: { CR: number; PR: number; ACI: number } };
    assert.deepEqual([json.result.CR, json.result.PR, json.result.ACI], [1, 1, 1]);
    const wrongTask = await cli('score', '--task', 'plan', record, '--answer', answer);
    assert.equal(wrongTask.code, 1);
  });
});

describe('babyai level files', () => {
  const base = {
    width: 9,
    height: 5,
    rooms: { rows: 1, cols: 2, size: 5 },
    agent: { pos: [2, 2], dir: 0 },
    mission: 'go to the red ball',
  };
  const load = (value: object) => loadLevelFile(JSON.stringify(value, null, 1));

  it('accepts a valid level and builds its spec', () => {
    const loaded = load({
      ...base,
      doors: [{ pos: [4, 2], color: 'red', state: 'locked' }],
      objects: [
        { type: 'ball', color: 'red', pos: [6, 2] },
        { type: 'box', color: 'blue', pos: [1, 1], contains: { type: 'key', color: 'red' } },
      ],
    });
    assert.deepEqual(
      loaded.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    assert.equal(loaded.spec?.objects[0].locked, true);
  });

  it('flags bounds, overlaps, doors outside walls, the agent and a bad size, each at its value', () => {
    const text = JSON.stringify(
      {
        ...base,
        width: 10,
        doors: [{ pos: [2, 2], color: 'red' }],
        objects: [
          { type: 'ball', color: 'red', pos: [6, 2] },
          { type: 'key', color: 'red', pos: [6, 2] },
          { type: 'key', color: 'red', pos: [12, 2] },
        ],
      },
      null,
      1,
    );
    const loaded = loadLevelFile(text);
    const codes = loaded.diagnostics.map((d) => d.code).sort();
    assert.deepEqual(codes, [
      'babyai/agent-position',
      'babyai/door-not-in-wall',
      'babyai/out-of-bounds',
      'babyai/overlap',
      'babyai/size',
    ]);
    const overlap = loaded.diagnostics.find((d) => d.code === 'babyai/overlap')!;
    const secondPos = text.indexOf('"pos": [', text.indexOf('"key"'));
    assert.equal(
      overlap.range.start.line,
      text.slice(0, secondPos).split('\n').length - 1,
      'at the pos of the second object on (6, 2)',
    );
  });

  it('flags a mission that does not parse or names an absent object, inside the mission string', () => {
    const text = JSON.stringify({
      ...base,
      objects: [{ type: 'ball', color: 'red', pos: [6, 2] }],
      mission: 'go to the green key',
    });
    const loaded = loadLevelFile(text);
    const absent = loaded.diagnostics.find((d) => d.code === 'babyai/mission-object-absent')!;
    assert.equal(text.slice(absent.range.start.character, absent.range.end.character), 'the green key');
    const bad = loadLevelFile(
      JSON.stringify({
        ...base,
        objects: [{ type: 'ball', color: 'red', pos: [6, 2] }],
        mission: 'fly to the red ball',
      }),
    );
    assert.equal(bad.diagnostics[0].code, 'babyai/mission');
  });

  it('flags an unsolvable level: the only key behind its own locked door (paper B.3)', () => {
    const loaded = load({
      ...base,
      doors: [{ pos: [4, 2], color: 'green', state: 'locked' }],
      objects: [{ type: 'key', color: 'green', pos: [6, 2] }],
      mission: 'open the green door',
    });
    const unsolvable = loaded.diagnostics.find((d) => d.code === 'babyai/unsolvable');
    assert.ok(unsolvable, JSON.stringify(loaded.diagnostics));
    assert.match(unsolvable.message, /locked/);
    const solvable = load({
      ...base,
      doors: [{ pos: [4, 2], color: 'green', state: 'locked' }],
      objects: [{ type: 'box', color: 'green', pos: [1, 1], contains: { type: 'key', color: 'green' } }],
      mission: 'open the green door',
    });
    assert.equal(
      solvable.diagnostics.some((d) => d.code === 'babyai/unsolvable'),
      false,
      'a key in a reachable box opens it',
    );
  });
});
