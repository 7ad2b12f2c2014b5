// `waypoint grasp score|prompt` (spec cli.md, "GRASP"), run in process through runGrasp.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGrasp } from '../../../src/cli/grasp/commands';
import { extractActions } from '../../../src/core/benchmarks/grasp/answers';
import { serializeGridRecord } from '../../../src/core/benchmarks/grasp/generator';
import { renderGraspPrompt } from '../../../src/core/benchmarks/grasp/prompt';
import { graspDataDir, picture, recordOf } from './support';

async function grasp(...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runGrasp(
    argv,
    (text) => stdout.push(text),
    (text) => stderr.push(text),
  );
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

const directory = mkdtempSync(join(tmpdir(), 'waypoint-grasp-'));
const lPicture = picture({ '5,5': 'A', '5,6': 'E', '5,7': 'E', '5,8': 'E', '4,8': 'E', '3,8': 'E' });
const gridsPath = join(directory, 'inner_random_free.jsonl');
writeFileSync(
  gridsPath,
  `${serializeGridRecord(recordOf(lPicture))}\n${serializeGridRecord(recordOf(lPicture, { index: 1, start: [2, 2] }))}\n`,
);
const SIXTEEN = 'RIGHT,TAKE,RIGHT,TAKE,RIGHT,TAKE,UP,TAKE,UP,TAKE,DOWN,DOWN,LEFT,LEFT,LEFT,DROP';
const SETTINGS = ['--moves', '4', '--carry-limit', 'none', '--step-cost', '0.3'];

interface ScoreJson {
  score: number;
  actions: string[];
  final: { agent_pos: [number, number]; carried: number; start_cell_energy: number };
  trajectory: Array<{ t: number; label: string; from: number[]; to: number[]; score: number; steps_left: number }>;
  mode: string;
  extraction?: {
    method: string;
    rule: string;
    unknown: Array<{ index: number; token: string; range: { start: { line: number; character: number } } }>;
  };
}

describe('waypoint grasp score', () => {
  it("agrees with the spec's worked example in all three modes", async () => {
    // paper: final cell (the start here) minus 0.3 × 16 replayed tokens, as faithful.
    const expected = { faithful: 0.20000000000000018, reference: 3.8, pre2025: 3.8, paper: 0.20000000000000018 };
    for (const [mode, score] of Object.entries(expected)) {
      const result = await grasp(
        'score',
        gridsPath,
        '--index',
        '0',
        ...SETTINGS,
        '--actions',
        SIXTEEN,
        '--mode',
        mode,
        '--json',
      );
      assert.equal(result.code, 0, result.stderr);
      const json = JSON.parse(result.stdout) as ScoreJson;
      assert.equal(json.score, score);
      assert.equal(json.mode, mode);
      assert.deepEqual(json.final, { agent_pos: [5, 5], carried: 0, start_cell_energy: 5 });
      assert.equal(json.actions.length, 16);
      assert.equal(json.trajectory.length, 16);
      assert.deepEqual(
        [
          json.trajectory[0].t,
          json.trajectory[0].label,
          json.trajectory[0].from,
          json.trajectory[0].to,
          json.trajectory[0].steps_left,
        ],
        [1, 'moved', [5, 5], [5, 6], 19],
      );
    }
    assert.ok(
      (await grasp('score', gridsPath, '--index', '0', ...SETTINGS, '--actions', SIXTEEN)).stdout.startsWith(
        'score 0.20000000000000018 (faithful)',
      ),
    );
  });

  it('extracts actions from an answer file with the non-official rule and reports unknown tokens with positions', async () => {
    const answerPath = join(directory, 'answer.txt');
    writeFileSync(answerPath, 'My plan:\n["RIGHT", "TAKE", "TAKE ENERGY", "LEFT", "DROP"]\n');
    const result = await grasp(
      'score',
      gridsPath,
      '--index',
      '0',
      '--moves',
      '8',
      '--carry-limit',
      '2',
      '--step-cost',
      '0',
      '--answer',
      answerPath,
      '--json',
    );
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout) as ScoreJson;
    assert.equal(json.score, 1);
    assert.deepEqual(json.actions, ['RIGHT', 'TAKE', 'TAKE ENERGY', 'LEFT', 'DROP']);
    assert.equal(json.extraction?.method, 'bracket-list');
    assert.match(json.extraction?.rule ?? '', /non-official/);
    assert.deepEqual(
      json.extraction?.unknown.map((item) => [
        item.index,
        item.token,
        item.range.start.line,
        item.range.start.character,
      ]),
      [[2, 'TAKE ENERGY', 1, 19]],
    );
    const human = await grasp(
      'score',
      gridsPath,
      '--index',
      '0',
      '--moves',
      '8',
      '--carry-limit',
      '2',
      '--step-cost',
      '0',
      '--answer',
      answerPath,
    );
    assert.match(human.stdout, /answer\.txt:2:20: token "TAKE ENERGY" is not a GRASP action/);
  });

  it('usage errors exit 2', async () => {
    const cases = [
      ['score', gridsPath, ...SETTINGS, '--actions', 'UP'],
      [
        'score',
        gridsPath,
        '--index',
        '0',
        '--moves',
        '6',
        '--carry-limit',
        'none',
        '--step-cost',
        '0',
        '--actions',
        'UP',
      ],
      ['score', gridsPath, '--index', '0', ...SETTINGS, '--carry-limit', '3', '--actions', 'UP'],
      ['score', gridsPath, '--index', '0', ...SETTINGS],
      ['score', gridsPath, '--index', '0', ...SETTINGS, '--actions', 'UP', '--answer', 'x.txt'],
      ['score', gridsPath, '--index', '0', ...SETTINGS, '--actions', 'UP', '--mode', 'paper2024'],
      ['score', gridsPath, '--index', '0', ...SETTINGS, '--answer', 'x.txt', '--extraction', 'first-list'],
      ['score', gridsPath, '--index', 'one', ...SETTINGS, '--actions', 'UP'],
      ['prompt', gridsPath, '--index', '0', ...SETTINGS, '--style', 'gpt5'],
      ['prompt', gridsPath, '--index', '0', ...SETTINGS, '--frobnicate'],
      ['replay'],
      [],
    ];
    for (const argv of cases) {
      const result = await grasp(...argv);
      assert.equal(result.code, 2, argv.join(' '));
      assert.match(result.stderr, /^waypoint grasp: /);
    }
  });

  it('input errors exit 1 with file:line:col messages', async () => {
    const missing = await grasp('score', join(directory, 'nope.jsonl'), '--index', '0', ...SETTINGS, '--actions', 'UP');
    assert.deepEqual(
      [missing.code, missing.stderr],
      [1, `${join(directory, 'nope.jsonl')}: no such file or directory`],
    );
    const absent = await grasp('score', gridsPath, '--index', '7', ...SETTINGS, '--actions', 'UP');
    assert.equal(absent.code, 1);
    assert.match(absent.stderr, /no grid record with "index": 7/);
    // Record 1 says its start is [2, 2], but its A is at [5, 5].
    const broken = await grasp('score', gridsPath, '--index', '1', ...SETTINGS, '--actions', 'UP');
    assert.equal(broken.code, 1);
    const column = readFileSync(gridsPath, 'utf8').split('\n')[1].indexOf('"start": [2, 2]') + '"start": '.length + 1;
    assert.ok(
      broken.stderr
        .split('\n')
        .includes(
          `${gridsPath}:2:${column}: "start" is [2, 2] but the grid's 'A' is at [5, 5] (positions are [row, col]). [grasp/start-mismatch]`,
        ),
      broken.stderr,
    );
    const answer = await grasp(
      'score',
      gridsPath,
      '--index',
      '0',
      ...SETTINGS,
      '--answer',
      join(directory, 'none.txt'),
    );
    assert.equal(answer.code, 1);
  });

  it('scores a shared o1-mini answer read from the results file', async function () {
    const gridFile = join(graspDataDir, 'inner_random_free.jsonl');
    const results = join(graspDataDir, 'results', 'gpt_o1_mini_output.jsonl');
    if (!existsSync(gridFile) || !existsSync(results)) this.skip();
    const rows = readFileSync(results, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { custom_id: string; response: string });
    const row = rows.find(
      (item) =>
        item.custom_id.startsWith('inner_random_free.jsonl-0-0-0-') &&
        extractActions(item.response).method === 'bracket-list',
    );
    assert.ok(row);
    const answerPath = join(directory, 'o1.txt');
    writeFileSync(answerPath, row.response);
    const cost = row.custom_id.endsWith('-1') ? '0.3' : '0';
    const result = await grasp(
      'score',
      gridFile,
      '--index',
      '0',
      '--moves',
      '4',
      '--carry-limit',
      'none',
      '--step-cost',
      cost,
      '--answer',
      answerPath,
      '--json',
    );
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout) as ScoreJson;
    assert.ok(json.actions.length > 0 && json.trajectory.length === Math.min(json.actions.length, 20));
    assert.equal(json.score, json.final.start_cell_energy - Number(cost) * Math.min(json.actions.length, 20));
  });
});

describe('waypoint grasp prompt', () => {
  it('prints the exact messages of each style as JSON, with the custom_id', async () => {
    for (const style of ['chat', 'o1-mini'] as const) {
      const result = await grasp(
        'prompt',
        gridsPath,
        '--index',
        '0',
        '--moves',
        '8',
        '--carry-limit',
        '2',
        '--step-cost',
        '0.3',
        '--style',
        style,
        '--json',
      );
      assert.equal(result.code, 0, result.stderr);
      const json = JSON.parse(result.stdout) as { messages: unknown; custom_id: string };
      assert.deepEqual(
        json.messages,
        renderGraspPrompt(recordOf(lPicture), { moves: 8, carryLimit: 2, stepCost: 0.3 }, style),
      );
      assert.equal(json.custom_id, 'inner_random_free.jsonl-0-1-1-1');
    }
  });

  it('prints the messages as text without --json', async () => {
    const result = await grasp('prompt', gridsPath, '--index', '0', ...SETTINGS);
    assert.equal(result.code, 0);
    assert.ok(result.stdout.startsWith('--- system\nYou are an agent in a grid world.'));
    assert.ok(
      result.stdout.includes(
        '\n--- user\nYou are given the following as the representation of the grid world, where A is you, E is energy:\n    0   1',
      ),
    );
  });
});
