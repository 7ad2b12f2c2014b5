// Fuzzing the answer parsers (issue 12): a model's reply is the least trusted input Waypoint reads.
// MANGO answers (parser and located diagnostics on a real maze), GRASP answers (extraction,
// simulation, diagnostics on a real grid), BabyAI replies for Predict, Plan and Decompose on a real
// level, and the Python-literal parser under them, on mutated real replies and generated garbage.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadLevelFile } from '../../../src/core/benchmarks/babyai/levelFile';
import { prepareBabyaiQuestion, scoreBabyaiAnswer } from '../../../src/core/benchmarks/babyai/evaluation';
import { builtInBabyaiAnswer } from '../../../src/core/benchmarks/babyai/builtInAgents';
import {
  builtInGraspAnswer,
  prepareGraspQuestion,
  scoreGraspAnswer,
} from '../../../src/core/benchmarks/grasp/evaluation';
import { parseGraspGridFile } from '../../../src/core/benchmarks/grasp/gridFile';
import { answerDiagnostics } from '../../../src/core/benchmarks/mango/scoring/answerDiagnostics';
import { parseMangoAnswer } from '../../../src/core/benchmarks/mango/scoring/answers';
import { parseEdgesFile, parseLocationsFile } from '../../../src/core/benchmarks/mango/walkthrough/gameFiles';
import { buildMazeGraph } from '../../../src/core/benchmarks/mango/maze/maze';
import { parsePythonLiteral, PythonLiteralError } from '../../../src/core/util/pythonLiteral';
import { samplesDir } from '../../support/paths';
import { assertDiagnosticsInside, corpus, fuzz, inputs, sharedDataPresent, upstreamDir } from './fuzzSupport';

/** The `response` of every MANGO answer record in the corpus (samples and the upstream examples). */
function mangoReplies(): string[] {
  const records = corpus((name) => name.startsWith('result_sample_id_') && name.endsWith('.json'), 40, Infinity);
  return records
    .map((text) => (JSON.parse(text) as { response: string }).response)
    .filter((reply) => typeof reply === 'string');
}

function graspReplies(): string[] {
  return corpus((name) => name.endsWith('_output.jsonl'), 4, 400).flatMap((text) =>
    text.split('\n').flatMap((line) => {
      try {
        const response = (JSON.parse(line) as { response?: unknown }).response;
        return typeof response === 'string' ? [response] : [];
      } catch {
        return [];
      }
    }),
  );
}

describe('fuzz: answer parsers', () => {
  it('MANGO answers: the parser and the located diagnostics never throw, ranges inside the reply', () => {
    const edges = parseEdgesFile(
      readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
    ).edges.map((edge) => edge.record);
    const locations = parseLocationsFile(
      readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.locations.json'), 'utf8'),
    ).names.map((name) => name.value);
    const graph = buildMazeGraph('lighthouse', edges, locations);
    const replies = mangoReplies();
    fuzz('mango answer', inputs(replies), 1500, (reply) => {
      parseMangoAnswer(reply);
      assertDiagnosticsInside(reply, answerDiagnostics(reply, graph, 'harbour road', 'lamp room'), 'reply');
    });
  });

  it('GRASP answers: extraction, simulation and diagnostics never throw, ranges inside the answer', () => {
    const entry = parseGraspGridFile(readFileSync(join(samplesDir, 'grasp/inner_cluster_free.jsonl'), 'utf8'))
      .entries[0];
    const settings = [
      { moves: 4, carryLimit: 'none', stepCost: 0 },
      { moves: 8, carryLimit: 2, stepCost: 0.3 },
    ] as const;
    const prepared = settings.map((setting) =>
      prepareGraspQuestion(entry, 'inner_cluster_free.jsonl', { ...setting }, 'chat'),
    );
    const replies = [
      ...graspReplies(),
      ...prepared.flatMap((question) => [
        builtInGraspAnswer(question, 'oracle', 1),
        builtInGraspAnswer(question, 'random', 2),
      ]),
    ];
    fuzz(
      'grasp answer',
      fc.tuple(
        inputs(replies),
        fc.constantFrom(...prepared),
        fc.constantFrom('faithful', 'reference', 'pre2025') as fc.Arbitrary<'faithful' | 'reference' | 'pre2025'>,
      ),
      1500,
      ([reply, question, mode]) => {
        assertDiagnosticsInside(reply, scoreGraspAnswer(question, reply, mode).diagnostics, 'answer');
      },
    );
  });

  for (const task of ['predict', 'plan', 'decompose'] as const) {
    it(`BabyAI ${task} replies: scoring and diagnostics never throw, ranges inside the reply`, () => {
      const spec = loadLevelFile(readFileSync(join(samplesDir, 'babyai/goto-red-ball.level.json'), 'utf8')).spec;
      assert.ok(spec);
      const prepared = prepareBabyaiQuestion({
        spec,
        task,
        levelName: 'goto-red-ball',
        source: 'goto-red-ball.level.json',
        record: null,
      });
      const replies = [
        builtInBabyaiAnswer(prepared, 'oracle', 1),
        builtInBabyaiAnswer(prepared, 'random', 2),
        builtInBabyaiAnswer(prepared, 'random', 3),
      ];
      fuzz(
        `babyai ${task} answer`,
        fc.tuple(inputs(replies), fc.constantFrom('faithful', 'reference') as fc.Arbitrary<'faithful' | 'reference'>),
        500,
        ([reply, mode]) => {
          assertDiagnosticsInside(reply, scoreBabyaiAnswer(prepared, reply, mode).diagnostics, 'reply');
        },
      );
    });
  }

  it('the Python-literal parser returns a value or throws only PythonLiteralError at an offset inside the text', () => {
    const literals = [
      ...mangoReplies().map((reply) => reply.slice(reply.indexOf('['), reply.lastIndexOf(']') + 1)),
      "{'a': (1, 2.5, -3e4), 'b': [None, True, False], 'c': r'x\\n' 'y' b\"z\"}",
      "'''multi\nline'''",
    ];
    fuzz('python literal', inputs(literals), 1500, (text) => {
      try {
        parsePythonLiteral(text);
      } catch (error) {
        if (!(error instanceof PythonLiteralError)) throw error;
        assert.ok(
          Number.isInteger(error.offset) && error.offset >= 0 && error.offset <= text.length,
          `offset ${error.offset} outside 0..${text.length}`,
        );
      }
    });
  });

  it('keeps the upstream examples in the corpus when they are present', function () {
    if (!sharedDataPresent) {
      console.log(`      skipped: upstream data not found at ${upstreamDir}`);
      this.skip();
    }
    assert.ok(mangoReplies().length > 10);
  });
});
