// MANGO question sets (runs.md §2) over the shared release games: one question per skeleton line,
// filtered by task and difficulty, with the skeleton's own ids; the lazily rendered prompt equals
// the one upstream sent; the oracle, asked through the pipeline, succeeds on every answerable question.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mangoBenchmark } from '../../src/core/benchmarks/mango/benchmark';
import { answerPrepared } from '../../src/core/eval/pipeline';
import type { ModelProfile } from '../../src/core/eval/types';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { pythonStrList } from '../../src/core/util/pythonRepr';
import { QuestionOptionError, type QuestionSetFiles, type QuestionSetOptions } from '../../src/core/benchmark/registry';
import { sharedDataDir, sharedDataMissingReason } from '../support/paths';

const mangoData = join(sharedDataDir, 'mango');
const games = ['905', 'zork1'];

const files: QuestionSetFiles = {
  readText: (path) => readFile(path, 'utf8'),
  list: async (path) => ((await stat(path)).isDirectory() ? readdir(path) : null),
};

const profile = (provider: 'oracle' | 'random'): ModelProfile => ({
  id: provider,
  provider,
  temperature: 0,
  maxTokens: 0,
  timeoutMs: 0,
  retries: 0,
});

interface RawLine {
  id: string;
  min_step_total_answerable: number;
  min_step_forward_answerable: number;
}

function skeletonLines(game: string, task: 'df' | 'rf'): RawLine[] {
  const text = readFileSync(join(mangoData, game, `${game}.${task === 'df' ? 'all2all' : 'all_pairs'}.jsonl`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RawLine);
}

async function questionSet(options: QuestionSetOptions, sources = games.map((game) => join(mangoData, game))) {
  const set = await mangoBenchmark.questionSet?.(sources, options, files);
  assert.ok(set, 'MANGO declares questionSet');
  return set;
}

describe('MANGO question sets', () => {
  before(function () {
    if (!existsSync(mangoData)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
  });

  it('asks every skeleton line of each task, with the file ids, and filters easy/hard by the labels at the cutoff', async () => {
    // Computed here from the raw lines, independently of the code under test (spec mango.md §3).
    const easy = (line: RawLine) => line.min_step_forward_answerable <= 70;
    const hard = (line: RawLine) => line.min_step_total_answerable <= 70 && !easy(line);
    for (const task of ['df', 'rf', 'both'] as const) {
      const tasks: Array<'df' | 'rf'> = task === 'both' ? ['df', 'rf'] : [task];
      for (const difficulty of ['all', 'easy', 'hard'] as const) {
        const keep = difficulty === 'all' ? () => true : difficulty === 'easy' ? easy : hard;
        const expected = games.flatMap((game) =>
          tasks.flatMap((t) =>
            skeletonLines(game, t)
              .filter(keep)
              .map((line) => `${game}/${t}/${line.id}`),
          ),
        );
        const set = await questionSet({ task, difficulty });
        assert.deepEqual(set.problems, []);
        assert.deepEqual(
          set.questions.map(({ question }) => `${question.game}/${question.task}/${question.sampleId}`),
          expected,
          `${task} ${difficulty}`,
        );
        if (difficulty === 'all')
          assert.equal(
            set.questions.length,
            games.flatMap((game) => tasks.map((t) => skeletonLines(game, t).length)).reduce((sum, n) => sum + n, 0),
          );
      }
    }
    const all = await questionSet({});
    assert.ok(
      all.questions.every(({ question }) => /^[0-9a-f]{64}$/.test(question.sampleId) && question.cutoff === 70),
    );
    assert.ok(
      all.questions.some(({ question }) => !question.answerable),
      'unanswerable lines are asked by default',
    );
    // DF: the asked path's length; RF: a shortest route (zork1 has unreachable pairs, which have none).
    assert.ok(
      all.questions
        .filter(({ question }) => question.task === 'df')
        .every(({ question }) => question.pathLength === question.actionList.length),
    );
    const rf = all.questions.filter(({ question }) => question.task === 'rf');
    assert.ok(
      rf.some(({ question }) => question.pathLength === undefined) &&
        rf.some(({ question }) => (question.pathLength ?? 0) > 1),
    );
  });

  it('renders the prompt upstream sent for each shared example result, on read', async () => {
    const set = await questionSet({}, [join(mangoData, '905')]);
    const byId = new Map(set.questions.map((prepared) => [prepared.question.sampleId, prepared]));
    let compared = 0;
    const examples = join(mangoData, 'examples');
    for (const run of readdirSync(examples)) {
      for (const file of readdirSync(join(examples, run, '905'))) {
        const record = JSON.parse(readFileSync(join(examples, run, '905', file), 'utf8')) as Record<string, string> & {
          action_space_list: string[];
          location_space_list: string[];
        };
        const prepared = byId.get(record.sample_id);
        assert.ok(prepared, `${file} is a question of the set`);
        // A few upstream files do not keep the question they asked.
        if (record.question === undefined) continue;
        const messages = prepared.messages;
        assert.equal(
          messages[1].content,
          `!!! Here is a walkthrough of a text game:\n${record.walkthrough_text}\n\nThe allowed actions are: ${pythonStrList(record.action_space_list)}.\nThe list of locations are: ${pythonStrList(record.location_space_list)}.\n${record.question}`,
          file,
        );
        assert.equal(prepared.question.cutoff, Number(record.model_cutoff_num));
        compared++;
      }
    }
    assert.ok(compared >= 30, `${compared} prompts compared`);
  });

  it('the oracle through the pipeline scores success_strict 1 on every answerable question, and random is seeded', async () => {
    const set = await questionSet({});
    const answerable = set.questions.filter(({ question }) => question.answerable);
    assert.ok(answerable.length > 500, `${answerable.length} answerable questions`);
    for (const prepared of answerable) {
      const { record } = await answerPrepared(prepared, profile('oracle'), 'MANGO', { runId: 'test-run' });
      assert.equal(
        record.scores.success_strict,
        1,
        `${prepared.question.game} ${prepared.question.task} ${prepared.question.sampleId}`,
      );
      assert.equal(record.scores.reasoning, 1);
      assert.equal(record.mode, 'faithful');
      assert.equal(record.run_id, 'test-run');
      assert.equal((record.question as MangoQuestion).pathLength, prepared.question.pathLength);
    }
    const sample = answerable.slice(0, 40);
    const answers = async (seed: number) =>
      Promise.all(
        sample.map(
          async (prepared) => (await answerPrepared(prepared, profile('random'), 'MANGO', { seed })).record.rawAnswer,
        ),
      );
    const first = await answers(7);
    assert.deepEqual(await answers(7), first);
    assert.notDeepEqual(await answers(8), first);
    assert.ok(new Set(first).size > 10, 'questions get their own draws');
  });

  it('scores in reference mode and rejects what MANGO has not', async () => {
    const set = await questionSet({ task: 'rf' }, [join(mangoData, '905')]);
    const prepared = set.questions[0];
    const oracle = await prepared.builtInAnswer?.(profile('oracle'), 0, []);
    assert.equal(typeof oracle, 'string');
    const reference = prepared.score(String(oracle), 'reference');
    assert.equal(reference.scores.mode, 'reference');
    assert.equal(typeof reference.scores.step_error, 'boolean');
    assert.throws(() => prepared.score('[]', 'paper'), QuestionOptionError);
    for (const options of [{ task: 'predict' }, { difficulty: 'medium' }, { cutoff: '-3' }, { template: 'chat' }])
      await assert.rejects(questionSet(options), QuestionOptionError, JSON.stringify(options));
  });

  it('expands a folder of games to each game, and names what it cannot read', async () => {
    const set = await questionSet({ task: 'rf' }, [
      mangoData,
      join(mangoData, 'no-such-game'),
      join(mangoData, '905', '905.walkthrough'),
    ]);
    const expected = readdirSync(mangoData)
      .filter((name) => existsSync(join(mangoData, name, `${name}.edges.json`)))
      .sort();
    assert.deepEqual([...new Set(set.questions.map(({ question }) => question.game))], expected);
    assert.equal(set.problems.length, 2, set.problems.join('\n'));
    assert.match(set.problems[0], /no-such-game: no such file or directory/);
    assert.match(set.problems[1], /905\.walkthrough: not a MANGO game folder/);
  });
});
