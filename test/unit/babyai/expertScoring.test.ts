// Spec §4–§6 and §10: prompts, answer parsing, the OmniBot expert and the three task scores.
import { strict as assert } from 'node:assert';
import {
  extractAnswer,
  parsePlan,
  parseStatePrediction,
  parseSubgoals,
  SubgoalParseError,
} from '../../../src/core/benchmarks/babyai/answers';
import { levelFromDescription } from '../../../src/core/benchmarks/babyai/description';
import {
  isAborted,
  type DecomposeScore,
  type PlanScore,
  type PredictScore,
  scoreDecompose,
  scorePlan,
  scorePredict,
} from '../../../src/core/benchmarks/babyai/metrics';
import { runExpert } from '../../../src/core/benchmarks/babyai/omnibot';
import { renderBabyPrompt } from '../../../src/core/benchmarks/babyai/prompts';
import { parseStructured } from '../../../src/core/benchmarks/babyai/structured';
import { ACTION_NAMES } from '../../../src/core/benchmarks/babyai/world';
import { GOTOOBJ_SEED1, SYNTHSEQ_166 } from './fixtures';
import { room, twoRooms } from './helpers';

const names = (actions: number[]) => actions.map((a) => ACTION_NAMES[a]).join(', ');
const gotoObj = () => levelFromDescription(parseStructured(GOTOOBJ_SEED1).description!);

describe('babyai prompts and answers (spec §4–§5)', () => {
  it('renders the zero-shot prompts with the description and the ", "-joined actions', () => {
    const [predict] = renderBabyPrompt('predict', 'DESC', ['left', 'forward']);
    assert.equal(predict.role, 'user');
    assert.ok(
      predict.content.startsWith(
        'You are an intelligent agent. You are given the following environment description:\nDESC\n\nPredict the final state of the agent after executing the following action sequence:\nleft, forward\n\n',
      ),
    );
    assert.ok(predict.content.endsWith('Please do not write a full stop mark at the end! '));
    const [plan] = renderBabyPrompt('plan', 'D {x}');
    assert.ok(plan.content.includes('D {x}\n\nSo, your goal'), 'substituted text is not re-formatted');
    assert.ok(plan.content.includes('toggle.Begin') && plan.content.includes('forward, forward, leftPlease'));
    const [decompose] = renderBabyPrompt('decompose', 'DESC');
    assert.ok(decompose.content.includes('\n\nEnvironment Description:\nDESC\n\nOutput will be parsed'));
    assert.ok(decompose.content.endsWith('Subgoal_1 then Subgoal_2 ...'));
  });

  it('extracts after the first marker (case-insensitively), or the <START> block', () => {
    assert.equal(
      extractAnswer("So THE AGENT'S FINAL STATE IS: ((1, 5), 1) and the agent's final state is: x", 'predict'),
      "((1, 5), 1) and the agent's final state is: x",
    );
    assert.equal(
      extractAnswer('The agent’s final state is: ((1, 5), 1)', 'predict'),
      '',
      'a typographic apostrophe does not match',
    );
    assert.equal(extractAnswer('<START>\n(PickupSubgoal)\n<END>', 'decompose'), '(PickupSubgoal)');
    assert.equal(
      extractAnswer('<START>\n(PickupSubgoal)', 'decompose', 'reference'),
      '(PickupSubgoal',
      'reference drops the last character',
    );
    assert.equal(extractAnswer('<START>\n(PickupSubgoal)', 'decompose', 'faithful'), '(PickupSubgoal)');
    assert.equal(extractAnswer('no block', 'decompose'), '');
  });

  it('parses predictions: the tuple pattern, else the first three integers, else null', () => {
    assert.deepEqual(parseStatePrediction('x ((1, 5), 1) y ((2, 2), 2)'), { pos: [1, 5], dir: 1 });
    assert.deepEqual(parseStatePrediction('position 4, 5 facing 3'), { pos: [4, 5], dir: 3 });
    assert.equal(parseStatePrediction('(1, 5)'), null);
  });

  it('parses plans by dropping unknown tokens (reported separately)', () => {
    assert.deepEqual(parsePlan('forward, turn left'), { actions: [2], unknown: ['turn left'] });
    assert.deepEqual(parsePlan('left\n\nDone.'), { actions: [], unknown: ['left\n\ndone.'] });
    assert.deepEqual(parsePlan(' Left ,FORWARD,'), { actions: [0, 2], unknown: [] });
  });

  it('parses subgoals and rejects the formats the reference rejects', () => {
    assert.deepEqual(
      parseSubgoals('(GoNextToSubgoal, (3,5))\nGoNextToSubgoal, (3, 5)\n(OpenSubgoal, (4,4))\n(PickupSubgoal)'),
      [
        { name: 'GoNextToSubgoal', args: [3, 5] },
        { name: 'GoNextToSubgoal', args: [3, 5] },
        { name: 'OpenSubgoal', args: [4, 4] },
        { name: 'PickupSubgoal', args: null },
      ],
    );
    for (const bad of [
      'GoNextToSubgoal((3,5))',
      '1. (GoNextToSubgoal, (3,5))',
      '(PickupSubgoal)\n\n(DropSubgoal)',
      '',
      '(PutNextSubgoal)',
    ])
      assert.throws(() => parseSubgoals(bad), SubgoalParseError, bad);
  });
});

describe('babyai OmniBot expert (spec §10)', () => {
  it('reproduces the dataset sample: GoToObj seed 1 → left, forward, forward, left, forward, help_count 1', () => {
    const run = runExpert(gotoObj(), { loop: 'generator' });
    assert.equal(names(run.steps.map((s) => s.action)), 'left, forward, forward, left, forward');
    assert.equal(run.done, true);
    assert.equal(run.helpCount, 1);
  });

  it('solves SynthSeq seed 166, picking up the grey ball and dropping it at once (paper B.4)', () => {
    const run = runExpert(levelFromDescription(parseStructured(SYNTHSEQ_166).description!), {
      loop: 'evaluator',
      recordStacks: true,
    });
    assert.equal(run.error, null);
    assert.equal(run.done, true);
    assert.deepEqual(
      run.steps.slice(0, 3).map((s) => ACTION_NAMES[s.action]),
      ['forward', 'pickup', 'drop'],
    );
    assert.ok(run.helpCount >= 9, 'mission expansion: 2 + 3 + 1 + 4 pushes at least');
  });

  it('fetches the key from a box-free room, unlocks a locked door and reaches the target behind it', () => {
    const spec = twoRooms(
      [
        { type: 'door', color: 'yellow', pos: [4, 2], locked: true },
        { type: 'key', color: 'yellow', pos: [1, 3] },
        { type: 'ball', color: 'red', pos: [6, 2] },
      ],
      { pos: [2, 2], dir: 0 },
      'go to the red ball',
    );
    const run = runExpert(spec, { loop: 'evaluator' });
    assert.equal(run.error, null);
    assert.equal(run.done, true);
    const actions = run.steps.map((s) => ACTION_NAMES[s.action]);
    assert.ok(actions.indexOf('pickup') < actions.indexOf('toggle'), actions.join(', '));
  });

  it('moves a blocker out of the way when no free path exists', () => {
    // A 1-cell-wide corridor is modelled by a two-room grid whose doorway is blocked behind the door.
    const spec = twoRooms(
      [
        { type: 'door', color: 'grey', pos: [4, 2] },
        { type: 'box', color: 'grey', pos: [5, 2] },
        { type: 'ball', color: 'red', pos: [7, 2] },
      ],
      { pos: [3, 2], dir: 0 },
      'go to the red ball',
    );
    const run = runExpert(spec, { loop: 'evaluator' });
    assert.equal(run.error, null);
    assert.equal(run.done, true);
  });
});

describe('babyai scores (spec §6, §12)', () => {
  it('Predict: success needs position and direction; Manhattan distance ignores direction', () => {
    const actions = [0, 2, 2, 0, 2];
    const right = scorePredict(
      gotoObj(),
      actions,
      "The agent's final state is: ((1, 5), 1)",
      'reference',
    ) as PredictScore;
    assert.equal(right.success, true);
    assert.deepEqual(right.expected, { agent_pos: [1, 5], agent_dir: 1 });
    const wrongDir = scorePredict(
      gotoObj(),
      actions,
      "The agent's final state is: ((1, 5), 0)",
      'reference',
    ) as PredictScore;
    assert.equal(wrongDir.success, false);
    assert.equal(wrongDir.manhattan_distance, 0);
    assert.equal(isAborted(scorePredict(gotoObj(), actions, 'no idea', 'reference')), true);
    const faithful = scorePredict(gotoObj(), actions, 'no idea', 'faithful') as PredictScore;
    assert.equal(faithful.parse_error, true);
    assert.equal(faithful.accuracy, 0);
  });

  it('Plan: CR, efficiency over the whole list (reference) or the executed prefix (faithful), ball distance', () => {
    const spec = room(8, [{ type: 'ball', color: 'red', pos: [3, 1] }], { pos: [3, 4], dir: 3 }, 'go to the red ball');
    const bot = [2, 2];
    const reply = "The LLM's action sequence is: forward, forward, left, left";
    const reference = scorePlan(spec, bot, reply, 'reference') as PlanScore;
    assert.equal(reference.CR, 1);
    assert.equal(reference.llm_efficiency, 0.5);
    const faithful = scorePlan(spec, bot, reply, 'faithful') as PlanScore;
    assert.equal(faithful.llm_efficiency, 1);
    const short = scorePlan(spec, bot, "The LLM's action sequence is: forward", 'reference') as PlanScore;
    assert.equal(short.CR, 0);
    assert.equal(short.llm_efficiency, 0);
    assert.equal(short.llm_ball_distance, 1);
    const invalid = scorePlan(spec, bot, "The LLM's action sequence is: forward, jump", 'faithful') as PlanScore;
    assert.equal(invalid.parse_error, true);
    assert.equal(invalid.CR, 0);
    const dropped = scorePlan(
      spec,
      bot,
      "The LLM's action sequence is: forward, jump, forward",
      'reference',
    ) as PlanScore;
    assert.equal(dropped.CR, 1);
    const overshoot = scorePlan(
      room(8, [{ type: 'ball', color: 'red', pos: [3, 2] }], { pos: [2, 2], dir: 1 }, 'go to the red ball'),
      [0],
      "The LLM's action sequence is: right, right",
      'reference',
    ) as PlanScore;
    assert.equal(overshoot.llm_ball_distance, 0);
  });

  it('Decompose: CR, PR and ACI from the help counts; parse errors abort the reference run', () => {
    const spec = gotoObj();
    const perfect = scoreDecompose(spec, '<START>\n(GoNextToSubgoal, (1, 6))\n<END>', 'reference') as DecomposeScore;
    assert.equal(perfect.CR, 1);
    assert.equal(perfect.help, 0);
    assert.equal(perfect.PR, 1);
    assert.equal(perfect.max_help, 1);
    assert.equal(perfect.ACI, 1);
    const helped = scoreDecompose(spec, '<START>\n(DropSubgoal)\n<END>', 'reference') as DecomposeScore;
    assert.equal(helped.CR, 0, 'a stack that runs dry is a failure');
    const faithful = scoreDecompose(
      spec,
      '<START>\n(GoNextToSubgoal, (1, 6))\n<END>',
      'faithful',
      30,
    ) as DecomposeScore;
    assert.equal(faithful.ACI, 1);
    assert.equal(isAborted(scoreDecompose(spec, '<START>\n1. (PickupSubgoal)\n<END>', 'reference')), true);
    const parseError = scoreDecompose(spec, '<START>\n1. (PickupSubgoal)\n<END>', 'faithful') as DecomposeScore;
    assert.equal(parseError.parse_error, true);
    assert.equal(parseError.CR, 0);
  });

  it('Decompose: a bot exception crashes the reference run and scores 0 in faithful mode', () => {
    const spec = gotoObj();
    const reply = '<START>\n(GoNextToSubgoal)\n<END>';
    assert.equal(isAborted(scoreDecompose(spec, reply, 'reference')), true);
    const faithful = scoreDecompose(spec, reply, 'faithful') as DecomposeScore;
    assert.match(faithful.bot_error ?? '', /needs a position/);
    assert.equal(faithful.CR + faithful.PR + faithful.ACI, 0);
  });
});
