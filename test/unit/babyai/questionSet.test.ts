// babyaiBenchmark.questionSet (runs.md §2) over the sample workspace's BabyAI files: counts, order,
// sample ids per prompt strategy, the built-in agents through the one pipeline, the options'
// usage errors, problems for files and records that cannot be read, and the few-shot prompt
// construction error of the reference mode.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babyaiBenchmark } from '../../../src/core/benchmarks/babyai/benchmark';
import { loadLevelFile } from '../../../src/core/benchmarks/babyai/levelFile';
import { runExpert } from '../../../src/core/benchmarks/babyai/omnibot';
import { BABY_TASKS, PROMPT_STRATEGIES, renderBabyPrompt } from '../../../src/core/benchmarks/babyai/prompts';
import { answerPrepared, PromptConstructionError } from '../../../src/core/eval/pipeline';
import type { ModelProfile } from '../../../src/core/eval/types';
import type { BabyaiQuestion } from '../../../src/core/benchmarks/babyai/questionSchema';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import {
  QuestionOptionError,
  type QuestionSetFiles,
  type QuestionSetOptions,
} from '../../../src/core/benchmark/registry';
import { samplesDir } from '../../support/paths';

const nodeFiles: QuestionSetFiles = {
  readText: (path) => Promise.resolve(readFileSync(path, 'utf8')),
  list: async (path) => (statSync(path).isDirectory() ? readdirSync(path) : null),
};
const babyaiDir = join(samplesDir, 'babyai');
const questionSet = (options: QuestionSetOptions, sources: string[] = [babyaiDir]) =>
  babyaiBenchmark.questionSet!(sources, options, nodeFiles);
const profile = (provider: 'oracle' | 'random'): ModelProfile => ({
  id: provider,
  provider,
  temperature: 0,
  maxTokens: 100,
  timeoutMs: 1000,
  retries: 0,
});
const LEVELS = ['four-rooms-sequence', 'goto-red-ball', 'locked-door-key-in-box', 'put-next'];

describe('babyai questionSet', () => {
  it('declares its options; --task is required, --prompt defaults to zero_shot, other options and values are usage errors', async () => {
    assert.deepEqual(babyaiBenchmark.questionOptions, ['task', 'prompt']);
    await assert.rejects(
      questionSet({}),
      (error: unknown) =>
        error instanceof QuestionOptionError && /needs --task predict\|plan\|decompose/.test(error.message),
    );
    await assert.rejects(questionSet({ task: 'explore' }), QuestionOptionError);
    await assert.rejects(
      questionSet({ task: 'plan', prompt: 'one_shot' }),
      /--prompt must be one of zero_shot, few_shot, cot, tot/,
    );
    await assert.rejects(questionSet({ task: 'plan', difficulty: 'easy' }), /babyai has no --difficulty option/);
    const { questions } = await questionSet({ task: 'plan', difficulty: undefined });
    assert.ok(questions.every((prepared) => prepared.question.prompt === 'zero_shot'));
  });

  for (const task of BABY_TASKS) {
    it(`${task}: one question per level file and per ${task} record, in file then record order`, async () => {
      const { questions, problems } = await questionSet({ task });
      assert.deepEqual(problems, []);
      const sources = questions.map(
        (prepared) => `${prepared.question.source.slice(babyaiDir.length + 1)}#${prepared.question.record}`,
      );
      // Files in name order: the record file sorts between the levels.
      const levelSource = (level: string) => `${level}.level.json#null`;
      assert.deepEqual(sources, [
        levelSource(LEVELS[0]),
        levelSource(LEVELS[1]),
        `llm-babybench-sample.jsonl#${{ predict: 0, plan: 1, decompose: 2 }[task]}`,
        levelSource(LEVELS[2]),
        levelSource(LEVELS[3]),
      ]);
      assert.deepEqual(
        questions
          .filter((prepared) => prepared.question.record === null)
          .map((prepared) => prepared.question.levelName),
        LEVELS,
      );
      for (const prepared of questions) {
        assert.equal(prepared.question.task, task);
        assert.equal(prepared.messages.length, 1);
      }
      // The record's prompt is upstream's with the record's own description and action list.
      const fromRecord = questions[2];
      const record = JSON.parse(
        readFileSync(join(babyaiDir, 'llm-babybench-sample.jsonl'), 'utf8').split('\n')[fromRecord.question.record!],
      );
      assert.equal(fromRecord.question.levelName, record.level_name);
      const actions = task === 'predict' ? String(record.action_sequence).split(', ') : [];
      assert.deepEqual(fromRecord.messages, renderBabyPrompt(task, record.env_description, actions));
    });
  }

  it('the oracle succeeds on every Predict question and every Plan question its expert solves, through answerPrepared; the seeded random agent scores lower and repeats itself', async () => {
    // The OmniBot expert never looks inside boxes, so it cannot solve the level whose key is in one
    // (and the Plan oracle is that expert); simulating Predict's actions needs no expert.
    const boxed = loadLevelFile(readFileSync(join(babyaiDir, 'locked-door-key-in-box.level.json'), 'utf8')).spec!;
    assert.equal(runExpert(boxed, { loop: 'generator' }).done, false);
    for (const task of ['predict', 'plan'] as const) {
      for (const mode of ['faithful', 'reference'] as const) {
        const { questions } = await questionSet({ task, prompt: 'cot' });
        const oracle = await Promise.all(
          questions.map((prepared) => answerPrepared(prepared, profile('oracle'), 'LLM-BabyBench', { mode })),
        );
        // Upstream's Plan evaluator measures the distance to the red ball and crashes without one
        // (spec §12 row 4): in the reference mode those questions abort, with no success to score.
        const noRedBall = new Set(['four-rooms-sequence', 'put-next']);
        const expected = questions.map(
          ({ question }) =>
            task === 'predict' ||
            (question.levelName === 'locked-door-key-in-box'
              ? false
              : mode === 'reference' && noRedBall.has(question.levelName)
                ? 'aborted'
                : true),
        );
        assert.deepEqual(
          oracle.map(({ record }) => (typeof record.scores.aborted === 'string' ? 'aborted' : record.scores.success)),
          expected,
          `${task} ${mode}`,
        );
        assert.ok(
          oracle.every(
            ({ record }) => record.mode === mode && record.scores.mode === mode && record.model.id === 'oracle',
          ),
        );
        const random = await Promise.all(
          questions.map((prepared) => answerPrepared(prepared, profile('random'), 'LLM-BabyBench', { mode, seed: 7 })),
        );
        const successes = random.filter(({ record }) => record.scores.success === true).length;
        assert.ok(successes < questions.length, `${task} ${mode}: random ${successes}/${questions.length}`);
        const again = await Promise.all(
          questions.map((prepared) => answerPrepared(prepared, profile('random'), 'LLM-BabyBench', { mode, seed: 7 })),
        );
        assert.deepEqual(
          again.map(({ record }) => record.rawAnswer),
          random.map(({ record }) => record.rawAnswer),
        );
        // The records are valid run records, strategy included.
        const lines = oracle.map(({ record }) => JSON.stringify(record)).join('\n');
        const parsed = parseRunRecords(lines, 'run.jsonl');
        assert.deepEqual(parsed.problems, []);
        assert.ok(parsed.records.every((record) => (record.question as BabyaiQuestion).prompt === 'cot'));
      }
    }
  });

  it('sample ids are stable, distinct across strategies and tasks, and zero-shot ids are those of records written before strategies', async () => {
    const ids = new Map<string, string>();
    for (const task of BABY_TASKS) {
      for (const prompt of PROMPT_STRATEGIES) {
        const first = await questionSet({ task, prompt });
        const second = await questionSet({ task, prompt });
        assert.deepEqual(
          first.questions.map((q) => q.question.sampleId),
          second.questions.map((q) => q.question.sampleId),
        );
        for (const prepared of first.questions)
          ids.set(
            `${task}/${prompt}/${prepared.question.source}#${prepared.question.record}`,
            prepared.question.sampleId,
          );
      }
    }
    assert.equal(new Set(ids.values()).size, ids.size, 'no two questions share an id');
    assert.equal(ids.size, 3 * 4 * 5);
    // Recorded with the zero-shot prompt before this change (the id of goto-red-ball's Plan question then).
    const { questions } = await questionSet({ task: 'plan' }, [join(babyaiDir, 'goto-red-ball.level.json')]);
    assert.equal(questions[0].question.sampleId, ZERO_SHOT_GOTO_RED_BALL_PLAN_ID);
    // Run lists name a strategy other than zero-shot, so two strategies' runs of one question differ.
    assert.deepEqual(babyaiBenchmark.runLabel!(questions[0].question), {
      group: `BabyAI · ${questions[0].question.source}`,
      label: 'Plan · goto-red-ball',
      documentName: 'goto-red-ball-plan',
    });
    const tot = (await questionSet({ task: 'plan', prompt: 'tot' }, [join(babyaiDir, 'goto-red-ball.level.json')]))
      .questions[0].question;
    assert.deepEqual(
      [babyaiBenchmark.runLabel!(tot).label, babyaiBenchmark.runLabel!(tot).documentName],
      ['Plan · goto-red-ball · tot', 'goto-red-ball-plan-tot'],
    );
  });

  it('few-shot: the faithful mode asks with the example substituted; the reference mode asks nothing and fails with a prompt construction error', async () => {
    const { questions } = await questionSet({ task: 'predict', prompt: 'few_shot' });
    const faithful = await answerPrepared(questions[0], profile('oracle'), 'LLM-BabyBench', { mode: 'faithful' });
    assert.match(
      faithful.record.messages[0].content,
      /Here is a successful example for your reference:\nEnvironment description:\n\nAn agent is in a grid world made of 1 room/,
    );
    assert.equal(faithful.record.scores.success, true);
    let asked = 0;
    const source = { reply: () => (asked++, Promise.reject(new Error('never asked'))) };
    for (const prepared of questions) {
      await assert.rejects(
        answerPrepared(prepared, { ...profile('oracle'), provider: 'openai-compatible', id: 'gpt' }, 'LLM-BabyBench', {
          mode: 'reference',
          source,
        }),
        (error: unknown) =>
          error instanceof PromptConstructionError &&
          error.message.startsWith(
            "prompt construction error: upstream's few_shot predict template raises KeyError: 'FEW_SHOT_EXAMPLES'",
          ),
      );
      await assert.rejects(
        answerPrepared(prepared, profile('oracle'), 'LLM-BabyBench', { mode: 'reference' }),
        PromptConstructionError,
      );
    }
    assert.equal(asked, 0);
    // Other strategies build in the reference mode; other modes are usage errors at scoring.
    const cot = await questionSet({ task: 'predict', prompt: 'cot' });
    assert.equal(cot.questions[0].promptError?.('reference'), null);
    assert.throws(() => cot.questions[0].score('x', 'paper'), QuestionOptionError);
  });

  describe('problems', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'babyai-set-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('names each file or record that cannot be read (file:line:column: message) and keeps the good ones', async () => {
      const sample = readFileSync(join(babyaiDir, 'llm-babybench-sample.jsonl'), 'utf8').split('\n').filter(Boolean);
      const broken = JSON.stringify({ ...JSON.parse(sample[0]), action_sequence: 'forward, jump' });
      const taskless = JSON.stringify({
        level_name: 'x',
        seed: 1,
        env_description: JSON.parse(sample[0]).env_description,
      });
      writeFileSync(
        join(dir, 'llm_babybench_mixed.jsonl'),
        [sample[0], broken, 'not json', sample[1], taskless].join('\n'),
      );
      writeFileSync(join(dir, 'bad.level.json'), '{"width": 8}');
      writeFileSync(join(dir, 'notes.txt'), 'ignored in a folder');
      const empty = join(dir, 'empty');
      mkdirSync(empty);
      writeFileSync(join(empty, 'readme.md'), 'no BabyAI files here');
      const { questions, problems } = await questionSet({ task: 'predict' }, [
        dir,
        join(dir, 'missing.level.json'),
        join(dir, 'notes.txt'),
        empty,
      ]);
      assert.deepEqual(
        questions.map((prepared) => [prepared.question.source.slice(dir.length + 1), prepared.question.record]),
        [['llm_babybench_mixed.jsonl', 0]],
      );
      const mixed = join(dir, 'llm_babybench_mixed.jsonl');
      assert.ok(
        problems.some((problem) => problem.startsWith(`${join(dir, 'bad.level.json')}:1:1: `)),
        problems.join('\n'),
      );
      // file:line:column, the column where the answer names the action.
      assert.ok(
        problems.some(
          (problem) =>
            /:2:\d+: unknown action 'jump' \(expected left, right, forward, pickup, drop, toggle, done\)$/.test(
              problem,
            ) && problem.startsWith(mixed),
        ),
        problems.join('\n'),
      );
      assert.ok(
        problems.some((problem) => problem.startsWith(`${mixed}:3:1: `)),
        problems.join('\n'),
      );
      assert.ok(
        problems.includes(
          `${mixed}:5:1: the record has none of the columns that name its task (action_sequence, expert_action_sequence, help_count, mission)`,
        ),
        problems.join('\n'),
      );
      assert.ok(
        problems.includes(`${join(dir, 'missing.level.json')}: no such file or directory`),
        problems.join('\n'),
      );
      assert.ok(
        problems.some((problem) => problem.startsWith(`${join(dir, 'notes.txt')}: not a BabyAI level`)),
        problems.join('\n'),
      );
      assert.ok(
        problems.some((problem) =>
          problem.startsWith(`${empty}: no BabyAI level (*.level.json) or LLM-BabyBench record files`),
        ),
        problems.join('\n'),
      );
      assert.equal(problems.length, 10, problems.join('\n'));
      const mixedLines = problems
        .filter((problem) => problem.startsWith(mixed))
        .map((problem) => problem.slice(mixed.length).split(':')[1]);
      assert.deepEqual(mixedLines, ['2', '3', '5'], "one file's problems in line order");
    });
  });
});

/** goto-red-ball's Plan question id as prepareBabyaiQuestion computed it at e7e2d12, before prompt strategies (built from that commit's source). */
const ZERO_SHOT_GOTO_RED_BALL_PLAN_ID = 'd6dc36139a050432932b88eda786caeafe672c61e0f04509098f6d99f795ee4f';
