// One GRASP question end to end: the exact prompt, the built-in agents answering as text, and an
// answer's score with diagnostics on its own tokens.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTRACTION_RULE_LABEL } from '../../../src/core/benchmarks/grasp/answers';
import { BASELINES } from '../../../src/core/benchmarks/grasp/baselines';
import { graspTimeline } from '../../../src/core/benchmarks/grasp/boardTimeline';
import {
  builtInGraspAnswer,
  builtInGraspSeed,
  prepareGraspQuestion,
  scoreGraspAnswer,
} from '../../../src/core/benchmarks/grasp/evaluation';
import { parseGraspGridFile, type GraspGridEntry } from '../../../src/core/benchmarks/grasp/gridFile';
import { renderGraspPrompt } from '../../../src/core/benchmarks/grasp/prompt';
import { ALL_SETTINGS, customIdOf } from '../../../src/core/benchmarks/grasp/settings';
import { simulate } from '../../../src/core/benchmarks/grasp/simulator';
import { SCORING_MODES, type GraspSettings } from '../../../src/core/benchmarks/grasp/types';
import type { Range } from '../../../src/core/util/text';
import { graspSamplesDir, picture, recordOf } from './support';

const sampleFiles = readdirSync(graspSamplesDir)
  .filter((name) => name.endsWith('.jsonl'))
  .sort();
const sampleEntries = (name: string) =>
  parseGraspGridFile(readFileSync(join(graspSamplesDir, name), 'utf8'), name).entries;

/** A grid entry as the file reader gives it, for a picture. */
function entryOf(cells: Record<string, string>): GraspGridEntry {
  const file = parseGraspGridFile(`${JSON.stringify(recordOf(picture(cells)))}\n`);
  assert.deepEqual(
    file.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
    [],
  );
  return file.entries[0];
}

/** An answer text "<prefix>[t0, t1, ...]<suffix>" and the range of each token in it (one line for the list). */
function listAnswer(prefix: string, tokens: readonly string[], suffix = ''): { text: string; ranges: Range[] } {
  const line = prefix.split('\n').length - 1;
  let character = prefix.length - prefix.lastIndexOf('\n') - 1 + 1;
  const ranges: Range[] = [];
  const parts = tokens.map((token, index) => {
    const quoted = index % 2 === 0 ? `"${token}"` : token;
    const offset = quoted === token ? 0 : 1;
    ranges.push({
      start: { line, character: character + offset },
      end: { line, character: character + offset + token.length },
    });
    character += quoted.length + 2;
    return quoted;
  });
  return { text: `${prefix}[${parts.join(', ')}]${suffix}`, ranges };
}

const MU1_COST: GraspSettings = { moves: 4, carryLimit: 'none', stepCost: 0.3 };

describe('GRASP evaluation: preparing a question', () => {
  it('messages are exactly renderGraspPrompt for both styles; the sample id is the custom_id', () => {
    for (const name of sampleFiles) {
      for (const entry of sampleEntries(name)) {
        for (const settings of ALL_SETTINGS) {
          for (const style of ['chat', 'o1-mini'] as const) {
            const prepared = prepareGraspQuestion(entry, name, settings, style);
            assert.deepEqual(prepared.messages, renderGraspPrompt(entry.record, settings, style));
            assert.deepEqual(prepared.question, {
              benchmark: 'grasp',
              file: name,
              index: entry.record.index,
              settings,
              style,
              sampleId: customIdOf(name, entry.record.index, settings),
            });
            assert.equal(prepared.grid, entry.grid);
            assert.equal(prepared.record, entry.record);
          }
        }
      }
    }
  });

  it('a path names the file by its base name, as upstream custom_ids do', () => {
    const [entry] = sampleEntries('inner_cluster_free.jsonl');
    const prepared = prepareGraspQuestion(
      entry,
      join(graspSamplesDir, 'inner_cluster_free.jsonl'),
      ALL_SETTINGS[7],
      'o1-mini',
    );
    assert.equal(prepared.question.sampleId, 'inner_cluster_free.jsonl-0-1-1-1');
    assert.equal(prepared.question.file, 'inner_cluster_free.jsonl');
    assert.equal(prepared.messages.length, 1);
  });
});

describe('GRASP evaluation: built-in agents', () => {
  it("the oracle answers the greedy baseline's tokens upper-cased, and scores as that baseline simulated directly", () => {
    let delivered = 0;
    for (const name of sampleFiles) {
      for (const entry of sampleEntries(name)) {
        for (const settings of ALL_SETTINGS) {
          const prepared = prepareGraspQuestion(entry, name, settings, 'chat');
          const text = builtInGraspAnswer(prepared, 'oracle', 7);
          const direct = BASELINES.greedy(entry.grid, settings, builtInGraspSeed(prepared.question, 7));
          assert.equal(text, `[${direct.map((token) => token.toUpperCase()).join(', ')}]`);
          for (const mode of SCORING_MODES) {
            const result = scoreGraspAnswer(prepared, text, mode);
            assert.equal(
              result.scores.score,
              simulate(entry.grid, direct, settings, { mode }).score,
              `${prepared.question.sampleId} ${mode}`,
            );
            assert.deepEqual(
              result.parsedAnswer,
              direct.map((token) => token.toUpperCase()),
            );
            assert.equal(result.scores.extraction_method, 'bracket-list');
          }
          delivered += scoreGraspAnswer(prepared, text, 'faithful').simulation.final.startCellEnergy;
        }
      }
    }
    assert.ok(delivered > 0);
  });

  it('the random walk is deterministic per seed, differs between seeds and between questions, and is 19 tokens', () => {
    const [first, second] = sampleEntries('outer_spiral_block.jsonl');
    const one = prepareGraspQuestion(first, 'outer_spiral_block.jsonl', ALL_SETTINGS[4], 'chat');
    const two = prepareGraspQuestion(second, 'outer_spiral_block.jsonl', ALL_SETTINGS[4], 'chat');
    const answers = Array.from({ length: 10 }, (_, seed) => builtInGraspAnswer(one, 'random', seed));
    assert.deepEqual(
      Array.from({ length: 10 }, (_, seed) => builtInGraspAnswer(one, 'random', seed)),
      answers,
    );
    assert.ok(new Set(answers).size > 1);
    assert.notEqual(builtInGraspAnswer(two, 'random', 0), answers[0]);
    for (const [seed, text] of answers.entries()) {
      assert.match(text, /^\[[A-Z]+(, [A-Z]+)*\]$/);
      const result = scoreGraspAnswer(one, text, 'faithful');
      assert.equal(result.parsedAnswer.length, 19);
      assert.equal(
        result.scores.score,
        simulate(
          one.grid,
          BASELINES.random(one.grid, one.question.settings, builtInGraspSeed(one.question, seed)),
          one.question.settings,
          { mode: 'faithful' },
        ).score,
      );
    }
  });
});

describe('GRASP evaluation: scoring an answer text', () => {
  // Start (5,5), an obstacle above it, one unit to its right.
  const entry = entryOf({ '5,5': 'A', '4,5': 'O', '5,6': 'E' });
  const prepared = prepareGraspQuestion(entry, 'inner_random_block.jsonl', MU1_COST, 'chat');
  const tokens = [
    'UP',
    'RIGHT',
    'TAKE',
    'TAKE',
    'JUMP',
    'LEFT',
    'DROP',
    ...Array.from({ length: 13 }, (_, index) => (index % 2 === 0 ? 'RIGHT' : 'LEFT')),
    'DROP',
    'DROP',
  ];
  const { text, ranges } = listAnswer('Here is my plan.\nSteps: ', tokens, '\nThat is all.');

  it('a junk token, a blocked move, a TAKE on an empty cell and 22 tokens: each diagnostic covers exactly its tokens', () => {
    assert.equal(tokens.length, 22);
    const result = scoreGraspAnswer(prepared, text, 'faithful');
    assert.deepEqual(result.parsedAnswer, tokens);
    const shown = result.diagnostics.map((diagnostic) => ({
      code: diagnostic.code,
      severity: diagnostic.severity,
      range: diagnostic.range,
    }));
    assert.deepEqual(shown, [
      { code: 'grasp-answer/blocked-by-obstacle', severity: 'warning', range: ranges[0] },
      { code: 'grasp-answer/take-empty-cell', severity: 'warning', range: ranges[3] },
      { code: 'grasp-answer/unknown-token', severity: 'warning', range: ranges[4] },
      {
        code: 'grasp-answer/truncated',
        severity: 'information',
        range: { start: ranges[20].start, end: ranges[21].end },
      },
      { code: 'grasp-answer/score', severity: 'information', range: result.extraction.listRange },
    ]);
    const lines = text.split('\n');
    const textOf = (range: Range) => lines[range.start.line].slice(range.start.character, range.end.character);
    const [blocked, empty, junk, truncated, score] = result.diagnostics;
    assert.deepEqual(
      [blocked, empty, junk].map((diagnostic) => textOf(diagnostic.range)),
      ['UP', 'TAKE', 'JUMP'],
    );
    assert.match(blocked.message, /does nothing: obstacle at \(4, 5\)/);
    assert.deepEqual(blocked.data, { expected: 'DOWN, LEFT, RIGHT' });
    assert.match(empty.message, /no energy at \(5, 6\)/);
    assert.equal(empty.data, undefined);
    assert.match(junk.message, /ignores it, but it uses up one of the 20 steps/);
    assert.match(truncated.message, /^2 tokens beyond the 20-step limit/);
    assert.equal(
      score.message.startsWith('Score -5.00 (faithful): 1 unit on the start cell − cost 6 (0.3 × 20 steps).'),
      true,
      score.message,
    );
  });

  it('scores, flat JSON fields and the summary line agree with the simulator in every mode', () => {
    for (const mode of SCORING_MODES) {
      const result = scoreGraspAnswer(prepared, text, mode);
      const direct = simulate(entry.grid, tokens, MU1_COST, { mode });
      assert.equal(result.scores.score, direct.score);
      assert.deepEqual(result.simulation.steps, direct.steps);
      assert.equal(result.scores.mode, mode);
      for (const value of Object.values(result.scores))
        assert.ok(value === null || ['number', 'boolean', 'string'].includes(typeof value));
    }
    const result = scoreGraspAnswer(prepared, text, 'faithful');
    assert.equal(result.scores.score, 1 - 0.3 * 20);
    assert.deepEqual(
      { ...result.scores, extraction_rule: undefined },
      {
        score: -5,
        mode: 'faithful',
        steps: 20,
        length: 20,
        tokens_extracted: 22,
        start_cell_energy: 1,
        start_cell_energy_initial: 0,
        energy_delivered: 1,
        units_taken: 1,
        carried_at_end: 0,
        ends_at_start: false,
        final_row: 5,
        final_col: 6,
        scored_cell_energy: 1,
        cost_term: 6,
        extraction_method: 'bracket-list',
        extraction_comments: 'strip',
        extraction_rule: undefined,
        extraction_rule_id: 'recommended',
        unknown_tokens: 1,
        ignored_diagonals: 0,
        blocked_moves: 1,
        failed_takes: 1,
        truncated: 2,
      },
    );
    assert.equal(result.scores.extraction_rule, EXTRACTION_RULE_LABEL);
    assert.equal(
      result.summary,
      'score -5.00 (faithful) · 20 steps · 1 unit at start · extracted by the recommended non-official rule (bracket list) · 2 tokens beyond the 20-step limit ignored',
    );
    assert.equal(scoreGraspAnswer(prepared, text, 'reference').scores.score, 1 - 0.3 * 4);
    const timeline = graspTimeline(prepared.grid, result.simulation, 'test');
    assert.equal(timeline.frames.length, 21);
  });

  it('a boundary, a diagonal under 4 moves, DROP with nothing, TAKE at the carry limit and DROP off the start', () => {
    // Start in the corner (0,0) with three units to its right; carry limit 2.
    const corner = entryOf({ '0,0': 'A', '0,1': 'E', '0,2': 'E', '0,3': 'E' });
    const settings: GraspSettings = { moves: 4, carryLimit: 2, stepCost: 0 };
    const question = prepareGraspQuestion(corner, 'outer_random_free.jsonl', settings, 'chat');
    const steps = ['DROP', 'UP', 'UPLEFT', 'RIGHT', 'TAKE', 'RIGHT', 'TAKE', 'RIGHT', 'TAKE', 'DROP'];
    const answer = listAnswer('', steps);
    const result = scoreGraspAnswer(question, answer.text, 'faithful');
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.range]),
      [
        ['grasp-answer/drop-nothing', 'information', answer.ranges[0]],
        ['grasp-answer/blocked-by-boundary', 'warning', answer.ranges[1]],
        ['grasp-answer/diagonal-not-allowed', 'warning', answer.ranges[2]],
        ['grasp-answer/take-at-carry-limit', 'warning', answer.ranges[8]],
        ['grasp-answer/drop-off-start', 'warning', answer.ranges[9]],
        ['grasp-answer/score', 'information', result.extraction.listRange],
      ],
    );
    assert.deepEqual(result.diagnostics[1].data, { expected: 'DOWN, RIGHT' });
    assert.deepEqual(result.diagnostics[2].data, { expected: 'DOWN, RIGHT' });
    assert.match(
      result.diagnostics[4].message,
      /leaves 2 units off the start cell \(0, 0\): energy dropped elsewhere does not count/,
    );
    assert.equal(result.scores.score, 0);
    // The paper-era mode scores the final cell: the untouched unit there plus the two dropped.
    const paperEra = scoreGraspAnswer(question, answer.text, 'pre2025');
    assert.equal(paperEra.scores.score, 3);
    assert.equal(
      paperEra.summary,
      'score 3.00 (pre2025) · 10 steps · 3 units on the final cell · extracted by the recommended non-official rule (bracket list)',
    );
    // With 8 moves the diagonal is a real (blocked) move.
    const diagonal = scoreGraspAnswer(
      prepareGraspQuestion(corner, 'outer_random_free.jsonl', { ...settings, moves: 8 }, 'chat'),
      answer.text,
      'faithful',
    );
    assert.deepEqual(diagonal.diagnostics[2].code, 'grasp-answer/blocked-by-boundary');
    assert.deepEqual(diagonal.diagnostics[2].data, { expected: 'DOWN, RIGHT, DOWNRIGHT' });
  });

  it('a junk token naming one action suggests it', () => {
    const result = scoreGraspAnswer(prepared, '["TAKE ENERGY", "UP.", "FLY"]', 'faithful');
    assert.deepEqual(
      result.diagnostics
        .filter((diagnostic) => diagnostic.code === 'grasp-answer/unknown-token')
        .map((diagnostic) => diagnostic.data?.expected),
      ['TAKE', 'UP', 'UP, DOWN, LEFT, RIGHT, TAKE, DROP'],
    );
  });

  it('a numbered list: the summary spans its first to its last token', () => {
    const result = scoreGraspAnswer(prepared, 'Plan:\n1. **RIGHT**\n2. TAKE the unit\n3. LEFT\n4. DROP it', 'faithful');
    assert.equal(result.scores.extraction_method, 'numbered-list');
    assert.deepEqual(result.parsedAnswer, ['RIGHT', 'TAKE', 'LEFT', 'DROP']);
    assert.equal(result.diagnostics.length, 1);
    assert.deepEqual(result.diagnostics[0].range, { start: { line: 1, character: 5 }, end: { line: 4, character: 7 } });
    assert.equal(result.scores.score, 1 - 0.3 * 4);
    assert.match(result.summary, /numbered list\)$/);
  });

  it('no list: one error on the last non-empty line, saying the non-official rule found none; scores as empty', () => {
    const result = scoreGraspAnswer(prepared, 'I am not sure.\n\n  Maybe go up.  \n\n', 'faithful');
    assert.equal(result.diagnostics.length, 1);
    const [error] = result.diagnostics;
    assert.equal(error.code, 'grasp-answer/no-list');
    assert.equal(error.severity, 'error');
    assert.deepEqual(error.range, { start: { line: 2, character: 2 }, end: { line: 2, character: 14 } });
    assert.match(
      error.message,
      /non-official extraction rule found no \[\.\.\.\] list of action words and no numbered list/,
    );
    assert.equal(result.scores.score, 0);
    assert.equal(result.scores.extraction_method, 'none');
    assert.deepEqual(result.parsedAnswer, []);
    assert.equal(
      result.summary,
      'score 0.00 (faithful) · 0 steps · 0 units at start · extracted by the recommended non-official rule (no list found)',
    );
    assert.deepEqual(scoreGraspAnswer(prepared, '', 'faithful').diagnostics[0].range, {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 0 },
    });
  });
});
