// Upstream response files (spec §6): o1-mini rows and Batch API output rows, located diagnostics,
// the standalone file kind, and the shared o1-mini answers scored through the evaluation core.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractActions, pythonCommentsFor } from '../../../src/core/benchmarks/grasp/answers';
import { prepareGraspQuestion, scoreGraspAnswer } from '../../../src/core/benchmarks/grasp/evaluation';
import { parseGraspGridFile, type GraspGridEntry } from '../../../src/core/benchmarks/grasp/gridFile';
import { parseGraspResultsFile } from '../../../src/core/benchmarks/grasp/resultsFile';
import { simulate } from '../../../src/core/benchmarks/grasp/simulator';
import { SCORING_MODES } from '../../../src/core/benchmarks/grasp/types';
import { fileKindOf } from '../../../src/core/benchmarks/mango/fileKinds';
import { standaloneKindOf, validateStandalone } from '../../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../../src/core/benchmarks';
import type { Range } from '../../../src/core/util/text';
import {
  checkO1MiniPaperMeans,
  graspDataMissing,
  graspSamplesDir,
  o1MiniResultsPath,
  sharedGridEntries,
} from './support';

const ID = 'inner_random_free.jsonl-3-1-0-1';

/** A Batch API output row around a chat.completion with one choice. */
function batchRow(customId: string, content: unknown, finishReason = 'stop'): string {
  return JSON.stringify({
    id: 'batch_req_abc',
    custom_id: customId,
    response: {
      status_code: 200,
      request_id: 'req_1',
      body: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: 'gpt-4o-2024-05-13',
        choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: finishReason }],
        usage: { prompt_tokens: 500, completion_tokens: 20, total_tokens: 520 },
      },
    },
    error: null,
  });
}

/** The range of the first occurrence of `needle` on line `line` of `text`. */
function rangeOf(text: string, line: number, needle: string): Range {
  const character = text.split('\n')[line].indexOf(needle);
  assert.ok(character >= 0, `${needle} not on line ${line}`);
  return { start: { line, character }, end: { line, character: character + needle.length } };
}

describe('GRASP results files: rows', () => {
  it('o1-mini rows: custom_id decoded, the response is the answer; empty lines and CRLF are fine', () => {
    const text = `{"custom_id": "${ID}", "response": "[UP, TAKE]"}\r\n\n   \n{"custom_id": "outer_spiral_block.jsonl-0-0-1-0", "response": ""}\n`;
    const file = parseGraspResultsFile(text);
    assert.deepEqual(file.diagnostics, []);
    assert.deepEqual(file.entries, [
      {
        line: 0,
        customId: ID,
        file: 'inner_random_free.jsonl',
        index: 3,
        settings: { moves: 8, carryLimit: 'none', stepCost: 0.3 },
        answer: '[UP, TAKE]',
      },
      {
        line: 3,
        customId: 'outer_spiral_block.jsonl-0-0-1-0',
        file: 'outer_spiral_block.jsonl',
        index: 0,
        settings: { moves: 4, carryLimit: 2, stepCost: 0 },
        answer: '',
      },
    ]);
  });

  it('Batch API output rows: the answer is response.body.choices[0].message.content; a cut-off answer is noted at finish_reason', () => {
    const text = [
      batchRow(ID, 'Sure: ["UP", "TAKE"]'),
      batchRow('inner_random_free.jsonl-4-0-0-0', '1. UP\n2. TAKE', 'length'),
    ].join('\n');
    const file = parseGraspResultsFile(text);
    assert.deepEqual(
      file.entries.map((entry) => [entry.line, entry.index, entry.answer]),
      [
        [0, 3, 'Sure: ["UP", "TAKE"]'],
        [1, 4, '1. UP\n2. TAKE'],
      ],
    );
    assert.deepEqual(
      file.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.range]),
      [['grasp-results/cut-off', 'information', rangeOf(text, 1, '"length"')]],
    );
  });

  it('a malformed line: the JSON syntax error at its position on that line, the other rows still read', () => {
    const good = `{"custom_id": "${ID}", "response": "[UP]"}`;
    const text = `${good}\n{"custom_id": "${ID}" "response": "[UP]"}\n${good.replace('-3-', '-5-')}\n`;
    const file = parseGraspResultsFile(text);
    assert.deepEqual(
      file.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.range.start]),
      [['json/syntax', 'error', { line: 1, character: text.split('\n')[1].indexOf('"response"') }]],
    );
    assert.deepEqual(
      file.entries.map((entry) => entry.line),
      [0, 2],
    );
  });

  it('custom_id missing (on the row), unparseable (on its value) or repeated (on the repeat)', () => {
    const lines = [
      '{"response": "[UP]"}',
      '{"custom_id": "inner_random_free-3-0-0-0", "response": "[UP]"}',
      '{"custom_id": "inner_random_free.jsonl-3-0-2-0", "response": "[UP]"}',
      '{"custom_id": 12, "response": "[UP]"}',
      `{"custom_id": "${ID}", "response": "[UP]"}`,
      `{"custom_id": "${ID}", "response": "[DOWN]"}`,
      '["not", "an", "object"]',
    ];
    const text = lines.join('\n');
    const file = parseGraspResultsFile(text);
    assert.deepEqual(
      file.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.range]),
      [
        ['grasp-results/custom-id-missing', 'error', rangeOf(text, 0, lines[0])],
        ['grasp-results/custom-id-invalid', 'error', rangeOf(text, 1, '"inner_random_free-3-0-0-0"')],
        ['grasp-results/custom-id-invalid', 'error', rangeOf(text, 2, '"inner_random_free.jsonl-3-0-2-0"')],
        ['grasp-results/custom-id-invalid', 'error', rangeOf(text, 3, '12')],
        ['grasp-results/duplicate-custom-id', 'warning', rangeOf(text, 5, `"${ID}"`)],
        ['grasp-results/not-object', 'error', rangeOf(text, 6, lines[6])],
      ],
    );
    assert.deepEqual(file.diagnostics[4].data, { firstLine: 4 });
    assert.match(file.diagnostics[4].message, /already answered on line 5/);
    assert.deepEqual(
      file.entries.map((entry) => entry.line),
      [4, 5],
    );
  });

  it('no answer text (at the deepest part that exists) and failed requests (at the error or status)', () => {
    const lines = [
      `{"custom_id": "${ID}"}`,
      `{"custom_id": "${ID}", "response": 42}`,
      batchRow(ID, null),
      JSON.stringify({
        id: 'batch_req_2',
        custom_id: ID,
        response: null,
        error: { code: 'server_error', message: 'The server had an error.' },
      }),
      JSON.stringify({
        id: 'batch_req_3',
        custom_id: ID,
        response: { status_code: 429, request_id: 'r', body: { error: { message: 'Rate limit' } } },
        error: null,
      }),
    ];
    const text = lines.join('\n');
    const file = parseGraspResultsFile(text);
    assert.deepEqual(file.entries, []);
    assert.deepEqual(
      file.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.range]),
      [
        ['grasp-results/answer-missing', 'error', rangeOf(text, 0, lines[0])],
        ['grasp-results/answer-missing', 'error', rangeOf(text, 1, '42')],
        ['grasp-results/answer-missing', 'error', rangeOf(text, 2, 'null')],
        [
          'grasp-results/error-row',
          'warning',
          rangeOf(text, 3, '{"code":"server_error","message":"The server had an error."}'),
        ],
        ['grasp-results/error-row', 'warning', rangeOf(text, 4, '429')],
      ],
    );
    assert.match(file.diagnostics[3].message, /server_error: The server had an error\./);
  });
});

describe('GRASP results files: file kind and validation', () => {
  it("'*_output.jsonl' is a grasp-results file; the other kinds are unchanged", () => {
    assert.equal(standaloneKindOf('data/results/gpt_o1_mini_output.jsonl'), 'grasp-results');
    assert.equal(standaloneKindOf('samples\\grasp\\results\\waypoint_sample_output.jsonl'), 'grasp-results');
    assert.equal(standaloneKindOf('_output.jsonl'), null);
    assert.equal(standaloneKindOf('data/grids/inner_random_free.jsonl'), 'grasp-grids');
    assert.equal(standaloneKindOf('mine.grids.jsonl'), 'grasp-grids');
    assert.equal(standaloneKindOf('hanoi.episode.jsonl'), 'smartplay-episode');
    assert.equal(standaloneKindOf('goto.level.json'), 'babyai-level');
    assert.equal(standaloneKindOf('data/batch_gpt4o.jsonl'), null, 'request files are not response files');
    assert.equal(fileKindOf('data/results/gpt_o1_mini_output.jsonl'), null);
    assert.equal(fileKindOf('zork1.all2all.jsonl'), 'mango-df');
  });

  it('the sample response file validates clean and every row names a sample grid record', () => {
    const path = join(graspSamplesDir, 'results', 'waypoint_sample_output.jsonl');
    const text = readFileSync(path, 'utf8');
    assert.deepEqual(validateStandalone('grasp-results', text, path), []);
    const { entries } = parseGraspResultsFile(text);
    assert.equal(entries.length, 24);
    for (const entry of entries) {
      const grids = parseGraspGridFile(readFileSync(join(graspSamplesDir, entry.file), 'utf8'), entry.file);
      assert.ok(
        grids.entries.some((grid) => grid.record.index === entry.index),
        entry.customId,
      );
    }
  });

  it('validateStandalone reports a broken row of a results file', () => {
    const diagnostics = validateStandalone(
      'grasp-results',
      '{"custom_id": "x.jsonl-0-0-0-0", "response": [',
      'gpt_o1_mini_output.jsonl',
    );
    assert.deepEqual(
      diagnostics?.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line]),
      [['json/syntax', 0]],
    );
  });
});

describe('GRASP results files: the shared o1-mini answers', function () {
  let text = '';
  before(function () {
    if (!existsSync(o1MiniResultsPath)) {
      console.log(`      skipped: ${graspDataMissing}`);
      this.skip();
    }
    text = readFileSync(o1MiniResultsPath, 'utf8');
  });

  it('all 800 rows parse with no diagnostics, as JSON.parse reads them; every custom_id names a release grid file', () => {
    const file = parseGraspResultsFile(text);
    assert.deepEqual(file.diagnostics, []);
    const rows = text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { custom_id: string; response: string });
    assert.equal(file.entries.length, 800);
    assert.deepEqual(
      file.entries.map((entry) => [entry.customId, entry.answer]),
      rows.map((row) => [row.custom_id, row.response]),
    );
    assert.deepEqual(
      file.entries.map((entry) => entry.line),
      rows.map((_, index) => index),
    );
    for (const entry of file.entries) {
      assert.match(entry.file, /^(inner|outer)_(random|upDown|leftRight|cluster|spiral)_(free|block)\.jsonl$/);
      assert.equal(standaloneKindOf(`data/grids/${entry.file}`), 'grasp-grids');
    }
    assert.equal(new Set(file.entries.map((entry) => entry.file)).size, 20);
    assert.deepEqual(validateStandalone('grasp-results', text, o1MiniResultsPath), []);
  });

  it('scored through scoreGraspAnswer: the same scores as extraction + simulation, and the paper means of the shared-results test', () => {
    const { entries } = parseGraspResultsFile(text);
    const grids = sharedGridEntries();
    let scored = 0;
    for (const entry of entries) {
      const grid = grids.get(`${entry.file}-${entry.index}`);
      if (!grid) continue;
      const prepared = prepareGraspQuestion(grid, entry.file, entry.settings, 'o1-mini');
      assert.equal(prepared.question.sampleId, entry.customId);
      for (const mode of SCORING_MODES) {
        assert.equal(
          scoreGraspAnswer(prepared, entry.answer, mode).scores.score,
          simulate(
            grid.grid,
            extractActions(entry.answer, { pythonComments: pythonCommentsFor(mode) }).tokens,
            entry.settings,
            { mode },
          ).score,
        );
      }
      scored++;
    }
    assert.equal(scored, 160);
    const scoreOf = (grid: GraspGridEntry, answer: (typeof entries)[number], mode: (typeof SCORING_MODES)[number]) => {
      // The paper's figures come from the raw rule, Python comments included (see sharedResults).
      const score = scoreGraspAnswer(
        prepareGraspQuestion(grid, answer.file, answer.settings, 'o1-mini'),
        answer.answer,
        mode,
        { pythonComments: 'keep' },
      ).scores.score;
      assert.equal(typeof score, 'number');
      return score as number;
    };
    checkO1MiniPaperMeans(entries, scoreOf);
  });

  it('no shared answer gets an error diagnostic except those with no list at all', () => {
    const { entries } = parseGraspResultsFile(text);
    const grids = sharedGridEntries();
    for (const entry of entries) {
      const grid = grids.get(`${entry.file}-${entry.index}`);
      if (!grid) continue;
      const result = scoreGraspAnswer(
        prepareGraspQuestion(grid, entry.file, entry.settings, 'o1-mini'),
        entry.answer,
        'faithful',
      );
      const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      assert.equal(errors.length, result.extraction.method === 'none' ? 1 : 0, entry.customId);
      const lines = entry.answer.split(/\r\n|\r|\n/);
      for (const diagnostic of result.diagnostics)
        assert.ok(
          diagnostic.range.end.line < lines.length &&
            diagnostic.range.end.character <= lines[diagnostic.range.end.line].length,
          `${entry.customId} ${diagnostic.code}`,
        );
    }
  });
});
