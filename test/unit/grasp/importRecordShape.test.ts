// The exact shape of `import grasp` records, which the run file's bytes depend on. Import builds
// each record once and completes it in place (no copy per step), writes it with one
// JSON.stringify, scores it without the summary line and simulates on a grid copied only where
// written: these tests hold each of those to what the general path gives (key order as the
// copy-and-spread construction had it, scoreGraspAnswer's results, the caller's grid untouched,
// line starts with every line-break convention, custom_ids of every shape) on the odd rows:
// non-ASCII and escaped answers, failed requests, a missing grid file or record, baseline rows
// scored with other moves, tokens that cannot be one list.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunRecord } from '../../../src/core/eval/types';
import type { GraspQuestion } from '../../../src/core/benchmarks/grasp/questionSchema';
import { graspAnswerScores, scoreGraspAnswer } from '../../../src/core/benchmarks/grasp/evaluation';
import { importGraspRows, type GraspImportOptions } from '../../../src/core/benchmarks/grasp/importRows';
import { loadGraspGrids } from '../../../src/core/benchmarks/grasp/questionSet';
import { customIdBySplitting, parseCustomId } from '../../../src/core/benchmarks/grasp/settings';
import { simulate } from '../../../src/core/benchmarks/grasp/simulator';
import type { GraspScoringMode } from '../../../src/core/benchmarks/grasp/types';
import { lineStartOffsets } from '../../../src/core/util/text';
import { graspDataDir, graspDataMissing } from './support';

const GRID = 'inner_random_free.jsonl';
/** RunRecord's fields in the order every record has them; `diagnostics` or `error` follows. */
const RECORD_KEYS = [
  'time',
  'question',
  'model',
  'messages',
  'rawAnswer',
  'parsedAnswer',
  'scores',
  'mode',
  'promptTokens',
  'completionTokens',
  'latencyMs',
  'cached',
  'costUsd',
  'run_id',
];
const QUESTION_KEYS = ['benchmark', 'file', 'index', 'settings', 'style', 'sampleId'];

function batchRow(customId: string, content: unknown, extra: Record<string, unknown> = {}): string {
  const body = {
    model: 'gpt-test',
    choices: [{ message: { content } }],
    usage: { prompt_tokens: 812, completion_tokens: 37 },
  };
  return JSON.stringify({
    id: 'batch_req_1',
    custom_id: customId,
    response: { status_code: 200, body },
    error: null,
    ...extra,
  });
}

async function importRows(
  text: string,
  path: string,
  kind: 'baseline' | 'responses',
  mode: GraspScoringMode,
): Promise<RunRecord<GraspQuestion>[]> {
  const grids = await loadGraspGrids(
    [join(graspDataDir, GRID)],
    { readText: async (file) => readFileSync(file, 'utf8'), list: async () => null },
    { quick: true },
  );
  const options: GraspImportOptions = {
    mode,
    rule: 'recommended',
    indices: null,
    runId: 'import-shape',
    time: '2026-11-24T00:00:00.000Z',
  };
  const records: RunRecord<GraspQuestion>[] = [];
  const result = importGraspRows(text, path, kind, grids.byName, options, 0, (record) =>
    records.push(record as RunRecord<GraspQuestion>),
  );
  assert.deepEqual(result.problems, []);
  return records;
}

describe('import grasp record shape', () => {
  before(function () {
    if (existsSync(join(graspDataDir, GRID))) return;
    console.log(`      skipped: ${graspDataMissing}`);
    this.skip();
  });

  it('response rows: scored, failed, without a grid file or record, keys in the order the run file has them', async () => {
    // Non-ASCII (one-byte, two-byte, a surrogate pair), quotes, a backslash, a tab and line breaks to escape.
    const odd = 'Plan – “go” ✓ 🙂\\path\t\r\n1. x\n["UP", \'TAKE\', UPLEFT, tāke, "DROP", RIGHT] # done';
    const text = [
      batchRow(`${GRID}-0-0-0-0`, odd),
      batchRow(`${GRID}-1-1-1-1`, '[DOWN, TAKE, LEFT, TAKE, DROP]', { error: { code: 'server_error', message: 'é' } }),
      batchRow('inner_spiral_free.jsonl-0-0-0-0', '[UP]'),
      batchRow(`${GRID}-999-0-0-0`, '[UP]'),
      JSON.stringify({ custom_id: `${GRID}-2-1-0-1`, response: '1. UP\n2. TAKE\n3. DOWN' }),
    ].join('\r\n');
    for (const mode of ['faithful', 'reference', 'pre2025', 'paper'] as const) {
      const [scored, failed, noFile, noRecord, o1] = await importRows(
        text,
        'results/batch_test_output.jsonl',
        'responses',
        mode,
      );
      for (const record of [scored, o1]) {
        assert.deepEqual(Object.keys(record), [...RECORD_KEYS, 'diagnostics'], mode);
        assert.deepEqual(Object.keys(record.question), [...QUESTION_KEYS, 'gridPath']);
        assert.ok(record.messages.length > 0 && record.diagnostics && record.diagnostics.length > 0);
        assert.equal(record.scores.mode, mode);
      }
      assert.equal(scored.rawAnswer, odd);
      assert.deepEqual(scored.parsedAnswer, ['UP', 'TAKE', 'UPLEFT', 'tāke', 'DROP', 'RIGHT']);
      assert.deepEqual([scored.promptTokens, scored.completionTokens], [812, 37]);
      assert.equal(o1.model.id, 'batch_test_output');
      for (const record of [failed, noFile, noRecord]) {
        assert.deepEqual(Object.keys(record), [...RECORD_KEYS, 'error'], mode);
        assert.deepEqual(Object.keys(record.question), QUESTION_KEYS);
        assert.deepEqual([record.parsedAnswer, record.scores, record.diagnostics], [null, {}, undefined]);
      }
      assert.equal(failed.error, 'the request failed: {"code":"server_error","message":"é"}');
      assert.match(noFile.error ?? '', /^no grid file named inner_spiral_free\.jsonl among the --grids files/);
      assert.match(noRecord.error ?? '', /has no readable grid record with index 999/);
      assert.deepEqual(noFile.messages, []);
    }
  });

  it('scores and diagnostics equal scoreGraspAnswer for the same answer (import only leaves the summary out)', async () => {
    const answer =
      'Sure: [UP, UPLEFT, TAKE, TAKE, "LEFT", junk, DROP, DOWN, DOWN, RIGHT, TAKE, DROP, UP, UP, UP, UP, UP, UP, UP, UP, LEFT, LEFT]';
    for (const mode of ['faithful', 'reference', 'pre2025', 'paper'] as const) {
      const [record] = await importRows(batchRow(`${GRID}-3-0-1-1`, answer), 'x_output.jsonl', 'responses', mode);
      const grids = await loadGraspGrids(
        [join(graspDataDir, GRID)],
        { readText: async (file) => readFileSync(file, 'utf8'), list: async () => null },
        { quick: true },
      );
      const entry = grids.byName.get(GRID)?.byIndex.get(3);
      assert.ok(entry);
      const { summary, ...full } = scoreGraspAnswer({ grid: entry.grid, question: record.question }, answer, mode, {
        rule: 'recommended',
      });
      assert.match(summary, new RegExp(`^score -?\\d+\\.\\d\\d \\(${mode}\\)`));
      const lean = graspAnswerScores({ grid: entry.grid, question: record.question }, answer, mode, {
        rule: 'recommended',
      });
      assert.deepEqual(lean, full);
      assert.deepEqual(record.scores, full.scores);
      assert.deepEqual(record.parsedAnswer, full.parsedAnswer);
      assert.deepEqual(
        record.diagnostics?.map((item) => item.message),
        full.diagnostics.map((item) => item.message),
      );
      // Counted labels: 4 moves allow no UPLEFT; the carry limit is 2.
      assert.equal(full.scores.ignored_diagonals, 1);
      assert.ok((full.scores.failed_takes as number) >= 1);
    }
  });

  it('baseline rows: scored_moves last in scores when the mode scores other moves; a token that is no list item is an error record', async () => {
    const rows = readFileSync(join(graspDataDir, 'results', 'greedy_results', GRID), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const eight = rows
      .map((line) => JSON.parse(line) as { movement_prompt: number })
      .findIndex((row) => row.movement_prompt === 8);
    const broken = { ...(JSON.parse(rows[0]) as object), answer: ['up', 'take, down'] };
    const text = `${rows[eight]}\n${JSON.stringify(broken)}\n`;
    const [reference, brokenRecord] = await importRows(
      text,
      join('results', 'greedy_results', GRID),
      'baseline',
      'reference',
    );
    assert.deepEqual(Object.keys(reference.scores).slice(-2), ['truncated', 'scored_moves']);
    assert.equal(reference.scores.scored_moves, 4);
    assert.deepEqual(Object.keys(reference), [...RECORD_KEYS, 'diagnostics']);
    assert.deepEqual(Object.keys(brokenRecord), [...RECORD_KEYS, 'error']);
    assert.deepEqual(Object.keys(brokenRecord.question), QUESTION_KEYS);
    const [paper] = await importRows(`${rows[eight]}\n`, join('results', 'greedy_results', GRID), 'baseline', 'paper');
    assert.equal('scored_moves' in paper.scores, false);
  });

  it('simulate changes only its copy: the caller grid keeps its energy, the final grid has the taken and dropped units', async () => {
    const grids = await loadGraspGrids(
      [join(graspDataDir, GRID)],
      { readText: async (file) => readFileSync(file, 'utf8'), list: async () => null },
      { quick: true },
    );
    for (const entry of grids.byName.get(GRID)?.byIndex.values() ?? []) {
      const before = JSON.stringify(entry.grid);
      const run = simulate(
        entry.grid,
        ['TAKE', 'UP', 'TAKE', 'LEFT', 'TAKE', 'DOWN', 'TAKE', 'RIGHT', 'DROP', 'TAKE', 'DOWN', 'DROP'],
        { moves: 4, carryLimit: 'none', stepCost: 0 },
        { mode: 'paper' },
      );
      assert.equal(JSON.stringify(entry.grid), before);
      const energy = (cells: typeof entry.grid.cells) => cells.flat().reduce((sum, cell) => sum + cell.energy, 0);
      assert.equal(energy(run.finalGrid.cells) + run.final.carried, energy(entry.grid.cells));
      assert.equal(run.finalGrid.cells[entry.grid.start[0]][entry.grid.start[1]].energy, run.final.startCellEnergy);
    }
  });
});

describe('lineStartOffsets', () => {
  /** The per-character rule: a line starts after \n, after \r\n, and after a lone \r. */
  function reference(text: string): number[] {
    const starts = [0];
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10)) starts.push(index + 1);
    }
    return starts;
  }

  it('gives the same starts for \\n-only texts (found by indexOf) as for \\r\\n, lone \\r and mixed ones', () => {
    const pieces = ['a', 'é🙂', '', ' ', '\n', '\n', '\r\n', '\r', 'UP, TAKE'];
    let seed = 7;
    for (let round = 0; round < 2000; round++) {
      let text = '';
      const length = round % 12;
      for (let index = 0; index < length; index++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += pieces[seed % pieces.length];
      }
      assert.deepEqual(lineStartOffsets(text), reference(text), JSON.stringify(text));
    }
    assert.deepEqual(lineStartOffsets('a\nb\n'), [0, 2, 4]);
    assert.deepEqual(lineStartOffsets('\n\n'), [0, 1, 2]);
  });
});

describe('parseCustomId', () => {
  const reference = (customId: string) => customIdBySplitting(customId);

  it('the character-code reading of well-formed ids agrees with the general one on ids of every shape', () => {
    const files = [
      'inner_random_free.jsonl',
      'a.jsonl',
      '../x.jsonl',
      'dir/x.jsonl',
      '.jsonl',
      'x.jsonl-1.jsonl',
      'é.jsonl',
      'x*.jsonl',
    ];
    const tails = [
      '0-0-0-0',
      '12-1-0-1',
      '007-1-1-1',
      '199-0-1-0',
      '-0-0-0',
      '1-2-0-0',
      '1-0-0',
      '1-0-0-0-0',
      'a-0-0-0',
      '1-0-0-01',
      '1--0-0',
      '1-0-0-0 ',
      '１-0-0-0',
      '99999999999999999999-1-1-1',
      '1.5-0-0-0',
    ];
    let checked = 0;
    // Alternating files so the remembered last file name is both hit and replaced.
    for (const tail of tails) {
      for (const file of [...files, ...files.slice().reverse()]) {
        for (const id of [`${file}-${tail}`, `${file}-${tail}`.replace('.jsonl-', '.jsonl_')]) {
          assert.deepEqual(parseCustomId(id), reference(id), id);
          checked++;
        }
      }
    }
    assert.equal(checked, tails.length * files.length * 4);
    assert.deepEqual(parseCustomId('inner_random_free.jsonl-12-1-0-1'), {
      file: 'inner_random_free.jsonl',
      index: 12,
      settings: { moves: 8, carryLimit: 'none', stepCost: 0.3 },
    });
    assert.equal(parseCustomId('../x.jsonl-0-0-0-0'), null);
  });
});
