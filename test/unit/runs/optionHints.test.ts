// The question-option hints Run Benchmark shows agree with the question sets themselves: every
// option each runnable benchmark declares is described, every offered choice is accepted, a value
// off the list is refused, and the stated default builds exactly the questions of giving no value.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { benchmarks } from '../../../src/core/benchmarks';
import { type BenchmarkDefinition, QuestionOptionError } from '../../../src/core/benchmark/registry';
import { questionOptionHint } from '../../../src/core/runs/optionHints';
import { samplesDir } from '../../support/paths';

/** Small real sources of each built-in benchmark, from the sample workspace. */
const SOURCES: Record<string, string[]> = {
  mango: [join(samplesDir, 'mango', 'lighthouse')],
  babyai: [join(samplesDir, 'babyai', 'goto-red-ball.level.json')],
  grasp: [join(samplesDir, 'grasp', 'inner_cluster_free.jsonl')],
  smartplay: ['Hanoi3Disk'],
};

/** What every set needs besides the option under test (BabyAI has no default task). */
const required = (definition: BenchmarkDefinition): Record<string, string> =>
  Object.fromEntries(
    (definition.questionOptions ?? []).flatMap((option) => {
      const hint = questionOptionHint(definition, option);
      return hint.required && hint.choices ? [[option, hint.choices[0]]] : [];
    }),
  );

async function questionsOf(definition: BenchmarkDefinition, options: Record<string, string>) {
  const set = await definition.questionSet?.(SOURCES[definition.id], options, nodeQuestionFiles);
  assert.ok(set, `${definition.id} builds a question set`);
  return set.questions.map((prepared) => [prepared.question.sampleId, JSON.stringify(prepared.messages)]);
}

describe('Run Benchmark: question option hints', function () {
  const runnable = benchmarks().filter((definition) => definition.questionSet);

  it('describe every option the built-in benchmarks declare, with a sample source for each benchmark', () => {
    assert.deepEqual(runnable.map((definition) => definition.id).sort(), Object.keys(SOURCES).sort());
    for (const definition of runnable) {
      for (const option of definition.questionOptions ?? [])
        assert.doesNotMatch(
          questionOptionHint(definition, option).help,
          /as `waypoint run/,
          `${definition.id} --${option} has a hint`,
        );
    }
  });

  it('offer only values the question sets accept, and the sets refuse a value off the list', async () => {
    for (const definition of runnable) {
      for (const option of definition.questionOptions ?? []) {
        const hint = questionOptionHint(definition, option);
        if (!hint.choices) continue;
        for (const choice of hint.choices) {
          const questions = await questionsOf(definition, { ...required(definition), [option]: choice });
          assert.ok(questions.length > 0, `${definition.id} --${option} ${choice} has questions`);
        }
        await assert.rejects(
          definition.questionSet?.(
            SOURCES[definition.id],
            { ...required(definition), [option]: 'no-such-value' },
            nodeQuestionFiles,
          ) ?? Promise.resolve(),
          QuestionOptionError,
          `${definition.id} --${option} refuses a value off the list`,
        );
      }
    }
  });

  it('state the defaults the question sets use when an option is not given', async () => {
    for (const definition of runnable) {
      for (const option of definition.questionOptions ?? []) {
        const hint = questionOptionHint(definition, option);
        if (hint.fallback === undefined) continue;
        const base = required(definition);
        assert.deepEqual(
          await questionsOf(definition, { ...base, [option]: hint.fallback }),
          await questionsOf(definition, base),
          `${definition.id} --${option} defaults to ${hint.fallback}`,
        );
      }
    }
  });
});
