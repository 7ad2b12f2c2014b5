// `waypoint babyai score` as a new user runs it (dist/cli.js in a child process): an answer without
// upstream's answer phrase scores 0 in silence unless the CLI says why. Human output is one summary
// line with the scoring mode, then the editor's answer diagnostics (evaluation.ts) as
// `answer:line:col: severity message [code]`; --json keeps every contract field and adds
// `diagnostics` ([{code,severity,line,character,message}], 0-based as in run records).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, repoRoot } from '../../support/paths';
import { GOTOOBJ_SEED1 } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'waypoint-babyai-score-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), 'babyai', 'score', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return {
    code: result.status,
    lines: result.stdout.split('\n').filter((line) => line !== ''),
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

const SAMPLE = join(repoRoot, 'samples', 'babyai', 'llm-babybench-sample.jsonl');
/** Faithful mode does not read a reply without the phrase as a plan of 0 actions; the released evaluator does. */
const NO_PHRASE: Record<string, string> = {
  faithful: `The reply never writes the phrase "The LLM's action sequence is: " (matched case-insensitively), so the parser finds no answer and faithful mode scores it as a parse error (no plan), CR 0.`,
  reference: `The reply never writes the phrase "The LLM's action sequence is: " (matched case-insensitively), so the parser finds no answer and the released evaluator reads an empty plan and scores CR 0.`,
};

describe('waypoint babyai score: answer diagnostics', () => {
  it('plan without the answer phrase: a summary line with the mode, then the no-marker error at 1:1', () => {
    const answer = file('answer.txt', 'Plan: left, forward, forward\n');
    for (const mode of ['faithful', 'reference']) {
      const human = waypoint('--task', 'plan', SAMPLE, '--index', '1', '--answer', answer, '--mode', mode);
      assert.equal(human.code, 0, human.stderr);
      assert.equal(human.lines.length, 2, human.stdout);
      const problem = mode === 'faithful' ? ' · no action list \\(parse error\\)' : '';
      assert.match(
        human.lines[0],
        new RegExp(
          `^Plan success 0 · efficiency 0\\.00 · 0 actions \\(expert 3\\)${problem} \\(${mode}\\) · Waypoint-GoToRedBall-Sample seed 1$`,
        ),
      );
      assert.equal(human.lines[1], `${answer}:1:1: error ${NO_PHRASE[mode]} [babyai-answer/no-marker]`);
    }
    const json = waypoint('--task', 'plan', SAMPLE, '--index', '1', '--answer', answer, '--json');
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as Record<string, unknown> & { result: Record<string, unknown> };
    assert.deepEqual(
      Object.keys(parsed),
      ['task', 'mode', 'level_name', 'seed', 'result', 'diagnostics'],
      'the contract fields, then the added one',
    );
    // Faithful by default: no action list is a parse error, not a valid plan of 0 actions.
    assert.equal(parsed.result.parse_error, true);
    assert.equal(parsed.result.no_plan, true);
    assert.equal(parsed.result.CR, 0);
    assert.equal(parsed.result.number_of_llm_actions, 0);
    assert.deepEqual(parsed.diagnostics, [
      { code: 'babyai-answer/no-marker', severity: 'error', line: 0, character: 0, message: NO_PHRASE.faithful },
    ]);
  });

  it('plan with an unknown token: the diagnostic sits on the token (line 2, column 37)', () => {
    const answer = file('unknown.txt', "I think so.\nThe LLM's action sequence is: left, jump, forward\n");
    const human = waypoint('--task', 'plan', SAMPLE, '--index', '1', '--answer', answer);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.lines[0], /1 unknown token rejected the plan \(faithful\)/);
    assert.match(
      human.lines[1],
      new RegExp(
        `^${answer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:37: error 'jump' is not an action .*\\[babyai-answer/unknown-action\\]$`,
      ),
    );
  });

  it('predict and decompose print their summary with the mode and the no-marker error on the last line', () => {
    const record = {
      level_name: 'BabyAI-GoToObj-v0',
      seed: 1,
      env_description: GOTOOBJ_SEED1,
      initial_state: '((3, 4), 3)',
    };
    const predict = file(
      'predict.jsonl',
      `${JSON.stringify({ ...record, action_sequence: 'left, forward, forward, left, forward', target_state: '((1, 5), 1)' })}\n`,
    );
    const predictAnswer = file('p.txt', 'Thinking.\nFinal: ((1, 5), 1)\n');
    const p = waypoint('--task', 'predict', predict, '--answer', predictAnswer);
    assert.equal(p.code, 0, p.stderr);
    assert.deepEqual(p.lines, [
      'Predict success 0 · predicted nothing parseable · expected ((1, 5), 1) (faithful) · BabyAI-GoToObj-v0 seed 1',
      `${predictAnswer}:2:1: error The reply never writes the phrase "The agent's final state is: " (matched case-insensitively), so the parser finds no answer and faithful mode scores the answer as a failure (parse_error). [babyai-answer/no-marker]`,
    ]);
    const decompose = file(
      'decompose.json',
      JSON.stringify({ ...record, mission: 'go to the yellow key', help_count: 1 }),
    );
    const decomposeAnswer = file('d.txt', 'Plan:\n(GoNextToSubgoal, (1, 6))\n');
    const d = waypoint('--task', 'decompose', decompose, '--answer', decomposeAnswer);
    assert.equal(d.code, 0, d.stderr);
    assert.equal(
      d.lines[0],
      'Decompose CR 0 · PR 0 · ACI 0.00 · help 0 (max 0) · 0 actions · parse error (faithful) · BabyAI-GoToObj-v0 seed 1',
    );
    assert.match(
      d.lines[1],
      /d\.txt:2:1: error The reply never writes the phrase "<START>" .*\[babyai-answer\/no-marker\]$/,
    );
    const json = JSON.parse(
      waypoint('--task', 'decompose', decompose, '--answer', decomposeAnswer, '--json').stdout,
    ) as {
      result: { parse_error: boolean; k: number };
      diagnostics: Array<{ code: string; line: number; character: number }>;
    };
    assert.equal(json.result.parse_error, true);
    assert.equal(json.result.k, 30);
    assert.deepEqual(
      json.diagnostics.map(({ code, line, character }) => ({ code, line, character })),
      [{ code: 'babyai-answer/no-marker', line: 1, character: 0 }],
    );
  });
});
