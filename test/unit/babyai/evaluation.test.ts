// One BabyAI question end to end (evaluation.ts): the exact prompt, the built-in agents' replies
// through the released parsers and metrics, and diagnostics placed on the reply's own text.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BabyAnswerCodes } from '../../../src/core/benchmarks/babyai/answerDiagnostics';
import { traceBot } from '../../../src/core/benchmarks/babyai/botTrace';
import { expertSubgoalCalls } from '../../../src/core/benchmarks/babyai/builtInAgents';
import { describeEnv, levelFromDescription } from '../../../src/core/benchmarks/babyai/description';
import { BabyAIEnv, type LevelSpec } from '../../../src/core/benchmarks/babyai/env';
import {
  prepareBabyaiQuestion,
  scoreBabyaiAnswer,
  type BabyaiQuestionInput,
  type PreparedBabyaiQuestion,
} from '../../../src/core/benchmarks/babyai/evaluation';
import { builtInBabyaiAnswer } from '../../../src/core/benchmarks/babyai/builtInAgents';
import { loadLevelFile } from '../../../src/core/benchmarks/babyai/levelFile';
import { isAborted, scoreDecompose } from '../../../src/core/benchmarks/babyai/metrics';
import { runExpert, type SubgoalCall } from '../../../src/core/benchmarks/babyai/omnibot';
import { renderBabyPrompt } from '../../../src/core/benchmarks/babyai/prompts';
import { readRecordFile } from '../../../src/core/benchmarks/babyai/recordFiles';
import { loadRecord } from '../../../src/core/benchmarks/babyai/records';
import { formatStructured, parseStructured } from '../../../src/core/benchmarks/babyai/structured';
import { ACTION_NAMES } from '../../../src/core/benchmarks/babyai/world';
import type { Diagnostic, Range } from '../../../src/core/util/text';
import { SYNTHSEQ_166 } from './fixtures';
import { room, twoRooms } from './helpers';

type Task = BabyaiQuestionInput['task'];
const TASKS: Task[] = ['predict', 'plan', 'decompose'];

/** samples/babyai, found from the bundle's folder or, for bundles outside the repo, the working directory. */
function samplesBabyai(): string {
  for (let directory = __dirname; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return join(directory, 'samples', 'babyai');
    if (dirname(directory) === directory) return join(process.cwd(), 'samples', 'babyai');
  }
}

/** The reply text a range covers (0-based lines, UTF-16 characters). */
function textAt(text: string, range: Range): string {
  const lines = text.split('\n');
  const offset = (line: number, character: number) =>
    lines.slice(0, line).reduce((sum, l) => sum + l.length + 1, 0) + character;
  return text.slice(offset(range.start.line, range.start.character), offset(range.end.line, range.end.character));
}

const withCode = (diagnostics: Diagnostic[], code: string) => diagnostics.filter((d) => d.code === code);

function levelFiles(): Array<{ name: string; spec: LevelSpec }> {
  const dir = samplesBabyai();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.level.json'))
    .sort()
    .map((name) => ({
      name: name.replace('.level.json', ''),
      spec: loadLevelFile(readFileSync(join(dir, name), 'utf8')).spec!,
    }));
}

function sampleRecords() {
  const text = readFileSync(join(samplesBabyai(), 'llm-babybench-sample.jsonl'), 'utf8');
  return readRecordFile('llm-babybench-sample.jsonl', text).records.map(loadRecord);
}

/** The question the extension builds from a record (its description and action lists verbatim). */
function recordQuestion(index: number, task?: Task): PreparedBabyaiQuestion {
  const { record, spec } = sampleRecords()[index];
  return prepareBabyaiQuestion({
    spec: spec!,
    task: task ?? record.task!,
    levelName: record.levelName,
    source: 'samples/babyai/llm-babybench-sample.jsonl',
    record: index,
    description: record.description,
    predictActions: record.task === 'predict' ? record.actions : undefined,
    expertActions: record.task === 'plan' ? record.actions : undefined,
  });
}

const levelQuestion = (spec: LevelSpec, task: Task, name = 'hand-built') =>
  prepareBabyaiQuestion({ spec, task, levelName: name, source: `${name}.level.json`, record: null });

/** One 6x6 room: the agent at (1, 1) facing north (a wall), the red ball at (3, 3). */
const wallAhead = () =>
  room(6, [{ type: 'ball', color: 'red', pos: [3, 3] }], { pos: [1, 1], dir: 3 }, 'go to the red ball');

describe('babyai evaluation: questions and prompts', () => {
  it('renders the prompt byte for byte as renderBabyPrompt does, from the record or the level', () => {
    const predict = recordQuestion(0);
    const { record } = sampleRecords()[0];
    assert.deepEqual(
      predict.messages,
      renderBabyPrompt(
        'predict',
        record.description,
        record.actions.map((a) => ACTION_NAMES[a]),
      ),
    );
    assert.deepEqual(
      predict.question.actions,
      record.actions.map((a) => ACTION_NAMES[a]),
    );
    for (const { name, spec } of levelFiles()) {
      const description = formatStructured(describeEnv(new BabyAIEnv(spec)));
      const plan = levelQuestion(spec, 'plan', name);
      assert.deepEqual(plan.messages, renderBabyPrompt('plan', description));
      assert.equal(plan.messages.length, 1);
      assert.deepEqual(plan.question.actions, [], 'only Predict carries actions');
    }
  });

  it('defaults the action lists to the expert run (generator loop) and keys questions by a stable sample id', () => {
    const spec = levelFiles().find((level) => level.name === 'put-next')!.spec;
    const expert = runExpert(spec, { loop: 'generator' }).steps.map((step) => step.action);
    const predict = levelQuestion(spec, 'predict');
    assert.deepEqual(predict.predictActions, expert);
    assert.deepEqual(predict.expertActions, expert);
    assert.equal(predict.question.sampleId, levelQuestion(spec, 'predict').question.sampleId);
    assert.match(predict.question.sampleId, /^[0-9a-f]{64}$/);
    assert.notEqual(predict.question.sampleId, levelQuestion(spec, 'plan').question.sampleId);
    assert.notEqual(
      predict.question.sampleId,
      prepareBabyaiQuestion({
        spec,
        task: 'predict',
        levelName: 'hand-built',
        source: 'x',
        record: null,
        predictActions: [0],
      }).question.sampleId,
    );
    assert.deepEqual(
      { ...predict.question, sampleId: '' },
      {
        benchmark: 'babyai',
        task: 'predict',
        source: 'hand-built.level.json',
        record: null,
        levelName: 'hand-built',
        sampleId: '',
        actions: expert.map((a) => ACTION_NAMES[a]),
        prompt: 'zero_shot',
      },
    );
  });
});

describe('babyai evaluation: built-in agents', () => {
  it('the oracle succeeds on every task of every sample level the expert solves, with no error diagnostics', () => {
    for (const { name, spec } of levelFiles()) {
      if (!runExpert(spec, { loop: 'generator' }).done) continue;
      for (const task of TASKS) {
        const prepared = levelQuestion(spec, task, name);
        const result = scoreBabyaiAnswer(prepared, builtInBabyaiAnswer(prepared, 'oracle', 1), 'faithful');
        const label = `${name} ${task}: ${result.summary}`;
        if (task === 'predict') assert.equal(result.scores.success, true, label);
        else assert.equal(result.scores.CR, 1, label);
        if (task === 'plan') assert.equal(result.scores.llm_efficiency, 1, label);
        if (task === 'decompose')
          assert.deepEqual([result.scores.PR, result.scores.help, result.scores.ACI], [1, 0, 1], label);
        assert.deepEqual(
          result.diagnostics.filter((d) => d.severity === 'error'),
          [],
          label,
        );
      }
    }
  });

  it('the oracle succeeds on the three sample records in both modes (their own task and the other two)', () => {
    for (const index of [0, 1, 2]) {
      for (const task of TASKS) {
        const prepared = recordQuestion(index, task);
        for (const mode of ['faithful', 'reference'] as const) {
          const result = scoreBabyaiAnswer(prepared, builtInBabyaiAnswer(prepared, 'oracle', 1), mode);
          const label = `record ${index} ${task} ${mode}: ${result.summary}`;
          // Plan in reference mode needs a red ball: only the GoToRedBall record has one.
          if (
            task === 'plan' &&
            mode === 'reference' &&
            !prepared.spec.objects.some((o) => o.type === 'ball' && o.color === 'red')
          ) {
            assert.match(String(result.scores.aborted), /no red ball/, label);
            assert.deepEqual(withCode(result.diagnostics, BabyAnswerCodes.aborted).length, 1, label);
            continue;
          }
          assert.equal(result.scores.mode, mode);
          assert.equal(task === 'predict' ? result.scores.accuracy : result.scores.CR, 1, label);
          if (task === 'decompose') assert.equal(result.scores.PR, 1, label);
        }
      }
    }
  });

  it('the oracle decomposition needs no help on a 3x3-room SynthSeq level with sequences and PutNext', () => {
    const spec = levelFromDescription(parseStructured(SYNTHSEQ_166).description!);
    const fresh = runExpert(spec, { loop: 'evaluator' });
    assert.equal(fresh.done, true);
    const prepared = levelQuestion(spec, 'decompose');
    const reply = builtInBabyaiAnswer(prepared, 'oracle', 1);
    assert.match(reply, /<START>\n(\(\w+Subgoal(, \(\d+,\d+\))?\)\n)+<END>$/);
    const result = scoreBabyaiAnswer(prepared, reply, 'reference');
    assert.deepEqual(
      [result.scores.CR, result.scores.PR, result.scores.help, result.scores.max_help],
      [1, 1, 0, fresh.helpCount],
      result.summary,
    );
  });

  it('starts the oracle list with a GoNextTo the faced cell when the first stretch is a Pickup (the first replan pops it otherwise)', () => {
    const spec = room(
      7,
      [{ type: 'ball', color: 'blue', pos: [4, 3] }],
      { pos: [3, 3], dir: 0 },
      'pick up the blue ball',
    );
    const { calls } = expertSubgoalCalls(spec);
    assert.deepEqual(calls[0], { name: 'GoNextToSubgoal', args: [4, 3] });
    const prepared = levelQuestion(spec, 'decompose');
    assert.equal(scoreBabyaiAnswer(prepared, builtInBabyaiAnswer(prepared, 'oracle', 1), 'faithful').scores.PR, 1);
  });

  it('says so when the expert cannot solve a level (the key in a box): its Decompose oracle fails honestly', () => {
    const spec = levelFiles().find((level) => level.name === 'locked-door-key-in-box')!.spec;
    const prepared = levelQuestion(spec, 'decompose');
    const reply = builtInBabyaiAnswer(prepared, 'oracle', 1);
    assert.match(reply, /^The expert stopped with an error: no object matches the description\./);
    assert.equal(scoreBabyaiAnswer(prepared, reply, 'faithful').scores.CR, 0);
  });

  it('the random agent is deterministic per seed, varies with it, and answers in the parseable format', () => {
    const { spec } = levelFiles().find((level) => level.name === 'four-rooms-sequence')!;
    for (const task of TASKS) {
      const prepared = levelQuestion(spec, task);
      const replies = [1, 2, 3, 4, 5].map((seed) => builtInBabyaiAnswer(prepared, 'random', seed));
      assert.deepEqual(
        replies,
        [1, 2, 3, 4, 5].map((seed) => builtInBabyaiAnswer(prepared, 'random', seed)),
        task,
      );
      assert.ok(new Set(replies).size > 1, `${task}: seeds give different replies`);
      for (const reply of replies) {
        const result = scoreBabyaiAnswer(prepared, reply, 'faithful');
        assert.equal(result.scores.parse_error, false, `${task}: ${reply}`);
        assert.deepEqual(withCode(result.diagnostics, BabyAnswerCodes.noMarker), []);
      }
    }
    const plan = levelQuestion(spec, 'plan');
    const tokens = builtInBabyaiAnswer(plan, 'random', 9).replace("The LLM's action sequence is: ", '').split(', ');
    assert.equal(tokens.length, plan.expertActions.length);
    assert.ok(tokens.every((token) => ['left', 'right', 'forward'].includes(token)));
  });
});

describe('babyai evaluation: Predict diagnostics', () => {
  const spec = wallAhead();
  const prepared = () =>
    prepareBabyaiQuestion({
      spec,
      task: 'predict',
      levelName: 'wall',
      source: 'wall.level.json',
      record: null,
      predictActions: [1, 1, 2],
    });

  it('puts a wrong state error on the state text, with the expected pose and the distance', () => {
    const reply = "Turning twice faces south; one step.\nThe agent's final state is: ((1, 3), 1)";
    const result = scoreBabyaiAnswer(prepared(), reply, 'faithful');
    const [wrong] = withCode(result.diagnostics, BabyAnswerCodes.wrongState);
    assert.equal(wrong.severity, 'error');
    assert.equal(textAt(reply, wrong.range), '((1, 3), 1)');
    assert.deepEqual(wrong.data, { expected: '((1, 2), 1)' });
    assert.match(wrong.message, /Manhattan distance 1/);
    assert.deepEqual(result.parsedAnswer, { agent_pos: [1, 3], agent_dir: 1 });
    assert.deepEqual(result.timelineActions, ['right', 'right', 'forward']);
    assert.deepEqual(
      [result.scores.success, result.scores.manhattan_distance, result.scores.expected_state],
      [false, 1, '((1, 2), 1)'],
    );
    assert.deepEqual(
      scoreBabyaiAnswer(prepared(), "The agent's final state is: ((1, 2), 1)", 'faithful').diagnostics,
      [],
    );
  });

  it('notes a state read as three loose integers, and a right position with the wrong direction', () => {
    const reply = "The agent's final state is: x=1, y=2, facing 3";
    const result = scoreBabyaiAnswer(prepared(), reply, 'faithful');
    const [loose] = withCode(result.diagnostics, BabyAnswerCodes.looseState);
    assert.equal(textAt(reply, loose.range), '1, y=2, facing 3');
    assert.match(
      withCode(result.diagnostics, BabyAnswerCodes.wrongState)[0].message,
      /position is right but the agent faces south/,
    );
  });

  it('aborts in reference mode but scores a failure in faithful mode when nothing parses (spec §12 #5)', () => {
    const reply = "The agent's final state is: somewhere south";
    const reference = scoreBabyaiAnswer(prepared(), reply, 'reference');
    assert.deepEqual(reference.scores, {
      aborted: 'ValueError: predicted_state cannot be None or empty.',
      mode: 'reference',
    });
    const faithful = scoreBabyaiAnswer(prepared(), reply, 'faithful');
    assert.deepEqual(
      [faithful.scores.parse_error, faithful.scores.success, faithful.parsedAnswer],
      [true, false, null],
    );
    for (const result of [reference, faithful]) {
      const [unparseable] = withCode(result.diagnostics, BabyAnswerCodes.unparseableState);
      assert.equal(textAt(reply, unparseable.range), 'somewhere south');
      assert.deepEqual(
        result.diagnostics.map((d) => d.code),
        [BabyAnswerCodes.unparseableState],
        'the abort is explained once',
      );
    }
  });

  it('reports a missing phrase on the last non-empty line, or on a near miss where it was written', () => {
    const reply = 'I think the agent ends at (1, 2).\nFinal: ((1, 2), 1)\n\n';
    const [missing] = scoreBabyaiAnswer(prepared(), reply, 'reference').diagnostics;
    assert.equal(missing.code, BabyAnswerCodes.noMarker);
    assert.equal(textAt(reply, missing.range), 'Final: ((1, 2), 1)');
    assert.match(missing.message, /The agent's final state is: /);
    const curly = 'The agent\u2019s final state is: ((1, 2), 1)';
    const [nearMiss] = scoreBabyaiAnswer(prepared(), curly, 'faithful').diagnostics;
    assert.equal(textAt(curly, nearMiss.range), 'The agent\u2019s final state is: ');
    assert.match(nearMiss.message, /typographic apostrophe/);
  });
});

describe('babyai evaluation: Plan diagnostics', () => {
  it('locates an unknown token: a warning dropped by the released parser (reference), an error rejecting the plan (faithful)', () => {
    const spec = wallAhead();
    const prepared = levelQuestion(spec, 'plan');
    const reply = "Let me think.\nThe LLM's action sequence is: right, turn right, forward";
    const reference = scoreBabyaiAnswer(prepared, reply, 'reference');
    const faithful = scoreBabyaiAnswer(prepared, reply, 'faithful');
    for (const [result, severity] of [
      [reference, 'warning'],
      [faithful, 'error'],
    ] as const) {
      const [unknown] = withCode(result.diagnostics, BabyAnswerCodes.unknownAction);
      assert.equal(textAt(reply, unknown.range), 'turn right');
      assert.equal(unknown.severity, severity);
      assert.deepEqual(unknown.data, { expected: 'right' });
      assert.deepEqual(result.parsedAnswer, ['right', 'forward']);
    }
    assert.match(
      withCode(reference.diagnostics, BabyAnswerCodes.unknownAction)[0].message,
      /dropped by the released parser/,
    );
    assert.deepEqual(
      [reference.scores.parse_error, reference.scores.unknown_tokens, reference.scores.number_of_llm_actions],
      [false, 1, 2],
    );
    assert.deepEqual(
      [faithful.scores.parse_error, faithful.scores.CR, faithful.scores.number_of_llm_actions],
      [true, 0, 0],
    );
  });

  it('warns on a forward into a wall, on that very token, and errors on the whole list when the ball is not reached', () => {
    const spec = wallAhead();
    const reply = "The LLM's action sequence is: forward, right, forward";
    const result = scoreBabyaiAnswer(levelQuestion(spec, 'plan'), reply, 'faithful');
    const [noOp] = withCode(result.diagnostics, BabyAnswerCodes.noOp);
    assert.equal(noOp.severity, 'warning');
    assert.deepEqual(noOp.range, { start: { line: 0, character: 30 }, end: { line: 0, character: 37 } });
    assert.equal(noOp.message, 'forward does nothing: the agent at (1, 1) faces a wall at (1, 0).');
    const [missed] = withCode(result.diagnostics, BabyAnswerCodes.missionNotAchieved);
    assert.equal(textAt(reply, missed.range), 'forward, right, forward');
    assert.match(missed.message, /agent is at \(2, 1\) facing east; its distance to the red ball at \(3, 3\) is 2 /);
    assert.deepEqual(result.timelineActions, ['forward', 'right', 'forward']);
  });

  it('explains what blocks: a locked door without its key, an object, nothing to pick up or to drop', () => {
    const spec = twoRooms(
      [
        { type: 'door', color: 'yellow', pos: [4, 2], locked: true },
        { type: 'ball', color: 'red', pos: [6, 2] },
        { type: 'box', color: 'grey', pos: [3, 3] },
      ],
      { pos: [3, 2], dir: 0 },
      'go to the red ball',
    );
    const reply = "The LLM's action sequence is: forward, toggle, pickup, right, forward, drop";
    const messages = withCode(
      scoreBabyaiAnswer(levelQuestion(spec, 'plan'), reply, 'faithful').diagnostics,
      BabyAnswerCodes.noOp,
    ).map((d) => [textAt(reply, d.range), d.message]);
    assert.deepEqual(messages, [
      [
        'forward',
        'forward does nothing: the agent at (3, 2) faces the locked yellow door at (4, 2) (toggle opens it first).',
      ],
      [
        'toggle',
        'toggle does nothing: the locked yellow door at (4, 2) needs a yellow key and the agent carries nothing.',
      ],
      ['pickup', 'pickup does nothing: the locked yellow door at (4, 2) cannot be picked up.'],
      ['forward', 'forward does nothing: the agent at (3, 2) faces the grey box at (3, 3) (objects block the way).'],
      ['drop', 'drop does nothing: the agent carries nothing.'],
    ]);
  });

  it('notes actions after success, counted by reference efficiency but not by faithful efficiency (spec §12 #2)', () => {
    const spec = room(6, [{ type: 'ball', color: 'red', pos: [1, 3] }], { pos: [1, 1], dir: 1 }, 'go to the red ball');
    const prepared = prepareBabyaiQuestion({
      spec,
      task: 'plan',
      levelName: 'ball',
      source: 'ball.level.json',
      record: null,
      expertActions: [2],
    });
    const reply = "The LLM's action sequence is: forward, left, left";
    const reference = scoreBabyaiAnswer(prepared, reply, 'reference');
    const faithful = scoreBabyaiAnswer(prepared, reply, 'faithful');
    assert.deepEqual(
      [reference.scores.CR, reference.scores.llm_efficiency, faithful.scores.llm_efficiency],
      [1, 1 / 3, 1],
    );
    for (const result of [reference, faithful]) {
      const [after] = withCode(result.diagnostics, BabyAnswerCodes.afterSuccess);
      assert.equal(after.severity, 'information');
      assert.equal(textAt(reply, after.range), 'left, left');
      assert.deepEqual(
        result.diagnostics.filter((d) => d.severity !== 'information'),
        [],
      );
    }
    assert.match(
      withCode(reference.diagnostics, BabyAnswerCodes.afterSuccess)[0].message,
      /still counts them: efficiency 0\.33 instead of 1\.00/,
    );
    assert.equal(reference.summary, 'Plan success 1 · efficiency 0.33 · 3 actions (expert 1)');
  });

  it('an empty list or a missing phrase is a plan that does nothing, not an abort', () => {
    const prepared = levelQuestion(wallAhead(), 'plan');
    const missing = scoreBabyaiAnswer(prepared, 'forward, forward', 'reference');
    assert.deepEqual([missing.scores.CR, missing.scores.aborted], [0, undefined]);
    assert.deepEqual(
      missing.diagnostics.map((d) => [d.code, textAt('forward, forward', d.range)]),
      [[BabyAnswerCodes.noMarker, 'forward, forward']],
    );
    const reply = "The LLM's action sequence is: ";
    const [empty] = scoreBabyaiAnswer(prepared, reply, 'faithful').diagnostics;
    assert.equal(empty.code, BabyAnswerCodes.missionNotAchieved);
    assert.equal(textAt(reply, empty.range), reply);
  });

  it('a blank or prose reply, or the phrase with nothing after it, is a parse error in faithful mode, a valid plan of 0 actions in reference mode', () => {
    const prepared = recordQuestion(1, 'plan');
    const replies = [
      '',
      '   \n',
      'I cannot see a way to the red ball from here.',
      "The LLM's action sequence is: ",
      "The LLM's action sequence is: ,\n",
    ];
    for (const reply of replies) {
      const faithful = scoreBabyaiAnswer(prepared, reply, 'faithful');
      assert.deepEqual(
        [faithful.scores.parse_error, faithful.scores.CR, faithful.scores.number_of_llm_actions],
        [true, 0, 0],
        JSON.stringify(reply),
      );
      assert.match(faithful.summary, / · no action list \(parse error\)$/, JSON.stringify(reply));
      assert.ok(
        faithful.diagnostics.some((d) => d.severity === 'error' && /parse error \(no plan\)/.test(d.message)),
        JSON.stringify(reply),
      );
      // Upstream's evaluator reads "" as the empty plan: no parse error, CR 0.
      const reference = scoreBabyaiAnswer(prepared, reply, 'reference');
      assert.deepEqual(
        [reference.scores.parse_error, reference.scores.CR, reference.scores.number_of_llm_actions],
        [false, 0, 0],
        JSON.stringify(reply),
      );
    }
    // A plan that names actions is still scored as a plan in both modes.
    const plan = scoreBabyaiAnswer(prepared, "The LLM's action sequence is: left, forward", 'faithful');
    assert.deepEqual([plan.scores.parse_error, plan.scores.number_of_llm_actions], [false, 2]);
  });
});

describe('babyai evaluation: Decompose diagnostics', () => {
  const twoRoomLevel = () =>
    twoRooms(
      [
        { type: 'door', color: 'green', pos: [4, 2] },
        { type: 'ball', color: 'red', pos: [6, 2] },
      ],
      { pos: [2, 2], dir: 0 },
      'go to the red ball',
    );

  it('puts a subgoal syntax error on the malformed line (every bad line, mapped back to the reply)', () => {
    const prepared = levelQuestion(twoRoomLevel(), 'decompose');
    const reply = 'Plan:\n<START>\n(GoNextToSubgoal, (3,2))\n1. (OpenSubgoal)\n(GoNextToSubgoal((5,2)))\n<END>';
    for (const mode of ['reference', 'faithful'] as const) {
      const result = scoreBabyaiAnswer(prepared, reply, mode);
      const errors = withCode(result.diagnostics, BabyAnswerCodes.subgoalSyntax);
      assert.deepEqual(
        errors.map((d) => textAt(reply, d.range)),
        ['1. (OpenSubgoal)', '(GoNextToSubgoal((5,2)))'],
      );
      assert.deepEqual(
        errors.map((d) => d.range.start.line),
        [3, 4],
      );
      assert.match(errors[0].message, /numbering is not accepted/);
      assert.match(errors[1].message, /put a comma between the name and the position/);
      assert.equal(result.parsedAnswer, null);
      if (mode === 'reference')
        assert.match(String(result.scores.aborted), /^ValueError: Unknown subgoal type: 1\. \(OpenSubgoal\)/);
      else assert.deepEqual([result.scores.parse_error, result.scores.CR], [true, 0]);
    }
  });

  it('runs the accepted subgoals: timeline and stacks are the evaluator loop of runExpert', () => {
    const spec = twoRoomLevel();
    const prepared = levelQuestion(spec, 'decompose');
    const reply = '<START>\n(GoNextToSubgoal, (4,2))\n(OpenSubgoal)\n(GoNextToSubgoal, (6,2))\n<END>';
    const result = scoreBabyaiAnswer(prepared, reply, 'reference');
    const plan: SubgoalCall[] = [
      { name: 'GoNextToSubgoal', args: [4, 2] },
      { name: 'OpenSubgoal', args: null },
      { name: 'GoNextToSubgoal', args: [6, 2] },
    ];
    const expected = runExpert(spec, { loop: 'evaluator', plan, recordStacks: true });
    assert.deepEqual(
      result.timelineActions,
      expected.steps.map((step) => ACTION_NAMES[step.action]),
    );
    assert.deepEqual(
      result.stacks,
      expected.steps.map((step) => step.stack),
    );
    assert.deepEqual(result.parsedAnswer, plan);
    assert.deepEqual([result.scores.CR, result.scores.PR, result.scores.help], [1, 1, 0]);
    assert.deepEqual(result.diagnostics, []);
  });

  it('attributes helps to the line whose execution needed them, and notes help vs max_help', () => {
    const prepared = levelQuestion(twoRoomLevel(), 'decompose');
    const reply = '<START>\n(GoNextToSubgoal, (6,2))\n<END>';
    const result = scoreBabyaiAnswer(prepared, reply, 'reference');
    assert.deepEqual([result.scores.CR, result.scores.PR], [1, 0]);
    const [line] = withCode(result.diagnostics, BabyAnswerCodes.subgoalHelp);
    assert.equal(textAt(reply, line.range), '(GoNextToSubgoal, (6,2))');
    assert.match(line.message, /pushed 1 subgoal of its own while executing this one: \(OpenSubgoal\)/);
    const [help] = withCode(result.diagnostics, BabyAnswerCodes.help);
    assert.equal(help.severity, 'information');
    assert.deepEqual(help.data, { help: 1, max_help: result.scores.max_help as number });
  });

  it('puts a bot error on the subgoal being executed: a crash in reference mode, CR 0 in faithful mode', () => {
    const prepared = levelQuestion(twoRoomLevel(), 'decompose');
    const reply = '<START>\n(GoNextToSubgoal, (3,2))\n(GoNextToSubgoal)\n(GoNextToSubgoal, (6,2))\n<END>';
    const reference = scoreBabyaiAnswer(prepared, reply, 'reference');
    const faithful = scoreBabyaiAnswer(prepared, reply, 'faithful');
    assert.match(String(reference.scores.aborted), /^invalid-subgoal: GoNextToSubgoal needs a position/);
    assert.deepEqual([faithful.scores.CR, faithful.scores.PR, faithful.scores.ACI], [0, 0, 0]);
    for (const result of [reference, faithful]) {
      const [crash] = withCode(result.diagnostics, BabyAnswerCodes.botError);
      assert.equal(textAt(reply, crash.range), '(GoNextToSubgoal)');
      assert.equal(crash.range.start.line, 2);
    }
  });

  it('errors on the block when the subgoals run out before the mission is achieved, and notes unused lines after success', () => {
    const prepared = levelQuestion(twoRoomLevel(), 'decompose');
    const short = '<START>\n(GoNextToSubgoal, (3,3))\n<END>';
    const [notDone] = scoreBabyaiAnswer(prepared, short, 'faithful').diagnostics;
    assert.equal(notDone.code, BabyAnswerCodes.notDone);
    assert.equal(textAt(short, notDone.range), '(GoNextToSubgoal, (3,3))');
    const long = '<START>\n(GoNextToSubgoal, (4,2))\n(OpenSubgoal)\n(GoNextToSubgoal, (6,2))\n(DropSubgoal)\n<END>';
    const [unused] = scoreBabyaiAnswer(prepared, long, 'faithful').diagnostics;
    assert.deepEqual(
      [unused.code, unused.severity, textAt(long, unused.range)],
      [BabyAnswerCodes.unusedSubgoal, 'information', '(DropSubgoal)'],
    );
  });

  it('without <END>: reference drops the last character (the line then fails), faithful reads to the end (spec §12 #8)', () => {
    const prepared = levelQuestion(twoRoomLevel(), 'decompose');
    const reply = '<START>\n(GoNextToSubgoal, (4,2))\n(OpenSubgoal)\n(GoNextToSubgoal, (6,2))';
    const reference = scoreBabyaiAnswer(prepared, reply, 'reference');
    assert.match(String(reference.scores.aborted), /^ValueError/);
    assert.deepEqual(
      reference.diagnostics.map((d) => [d.code, d.severity, textAt(reply, d.range)]),
      [
        [BabyAnswerCodes.noEndMarker, 'warning', '(GoNextToSubgoal, (6,2))'],
        [BabyAnswerCodes.subgoalSyntax, 'error', '(GoNextToSubgoal, (6,2)'],
      ],
    );
    const faithful = scoreBabyaiAnswer(prepared, reply, 'faithful');
    assert.equal(faithful.scores.CR, 1);
    assert.deepEqual(
      faithful.diagnostics.map((d) => [d.code, d.severity]),
      [[BabyAnswerCodes.noEndMarker, 'information']],
    );
  });

  it('reports a missing <START> line, pointing at "<START>" written without its line break', () => {
    const prepared = levelQuestion(twoRoomLevel(), 'decompose');
    const reply = 'Here: <START> (GoNextToSubgoal, (6,2)) <END>';
    const [missing] = scoreBabyaiAnswer(prepared, reply, 'reference').diagnostics;
    assert.equal(missing.code, BabyAnswerCodes.noMarker);
    assert.equal(textAt(reply, missing.range), '<START>');
    const plain = 'I would go to the door.\nThen the ball.';
    const [none] = scoreBabyaiAnswer(prepared, plain, 'faithful').diagnostics;
    assert.equal(textAt(plain, none.range), 'Then the ball.');
    assert.match(none.message, /"<START>"/);
  });
});

describe('babyai evaluation: the traced bot', () => {
  it('matches runExpert (evaluator loop) on every sample level, fresh and with the oracle list', () => {
    for (const { name, spec } of levelFiles()) {
      const fresh = runExpert(spec, { loop: 'evaluator', recordStacks: true });
      const traced = traceBot(spec, null);
      assert.deepEqual(
        traced.steps.map((s) => [s.action, s.stack]),
        fresh.steps.map((s) => [s.action, s.stack]),
        name,
      );
      assert.deepEqual(
        [traced.helps.length, traced.done, traced.error?.message],
        [fresh.helpCount, fresh.done, fresh.error?.message],
        name,
      );
      const { calls } = expertSubgoalCalls(spec);
      const planned = runExpert(spec, { loop: 'evaluator', plan: calls });
      assert.deepEqual(
        traceBot(spec, calls).steps.map((s) => s.action),
        planned.steps.map((s) => s.action),
        name,
      );
      const score = scoreDecompose(
        spec,
        `<START>\n${calls.map((c) => (c.args ? `${c.name}, (${c.args.join(', ')})` : c.name)).join('\n')}\n<END>`,
        'faithful',
      );
      assert.ok(!isAborted(score));
      assert.equal(score.actions, planned.steps.length, name);
    }
  });
});
