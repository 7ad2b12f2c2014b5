// The paper scoring mode and the every-word rule, GRASP's question set, `waypoint import grasp`
// (runs.md §3) and `waypoint batch export|import` (§6) against upstream's files in the shared data.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch } from '../../../src/cli/runs/batch';
import { runImport } from '../../../src/cli/runs/import';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { validateStandalone } from '../../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { ModelProfile, RunRecord } from '../../../src/core/eval/types';
import type { GraspQuestion } from '../../../src/core/benchmarks/grasp/questionSchema';
import { extractActions } from '../../../src/core/benchmarks/grasp/answers';
import { graspQuestionSet } from '../../../src/core/benchmarks/grasp/questionSet';
import { simulate } from '../../../src/core/benchmarks/grasp/simulator';
import { QuestionOptionError } from '../../../src/core/benchmark/registry';
import { graspDataDir, picture, recordOf } from './support';
import { gridFromChars, readGridText } from '../../../src/core/benchmarks/grasp/gridText';

async function cli(run: typeof runImport, argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await run(
    argv,
    (text) => stdout.push(text),
    (text) => stderr.push(text),
  );
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

const scratch = mkdtempSync(join(tmpdir(), 'waypoint-grasp-import-'));
const results = join(graspDataDir, 'results');
const SHARED_ORDER = [
  'outer_upDown_free.jsonl',
  'inner_spiral_block.jsonl',
  'inner_random_free.jsonl',
  'outer_cluster_block.jsonl',
];

function recordsOf(path: string): RunRecord[] {
  const { records, problems } = parseRunRecords(readFileSync(path, 'utf8'), path);
  assert.deepEqual(problems, []);
  return records;
}

describe('GRASP paper mode and the every-word rule', () => {
  const read = readGridText(recordOf(picture({ '5,5': 'A', '4,4': 'E', '4,6': 'E', '6,6': 'E' })).grid);
  const grid = gridFromChars(read.chars ?? [], [5, 5]);
  const cost = { moves: 8, carryLimit: 'none', stepCost: 0.3 } as const;

  it('replays at most 20 tokens with diagonals, scores the cell where the agent ends, minus 0.3 × tokens replayed', () => {
    // UPLEFT to the E at (4,4), take it, DOWNRIGHT back, drop, then UPRIGHT onto the untouched E at (4,6).
    const answer = ['UPLEFT', 'TAKE', 'DOWNRIGHT', 'DROP', 'JUNK', 'UPRIGHT'];
    const paper = simulate(grid, answer, cost, { mode: 'paper' });
    assert.deepEqual(paper.final.agentPos, [4, 6]);
    assert.equal(paper.score, 1 - 0.3 * 6);
    assert.equal(simulate(grid, answer, cost, { mode: 'pre2025' }).score, 1 - 0.3 * 8);
    assert.equal(simulate(grid, answer, cost, { mode: 'faithful' }).score, 1 - 0.3 * 6);
    const long = simulate(grid, [...Array(21).fill('TAKE'), 'UP'], cost, { mode: 'paper' });
    assert.equal(long.tokens.length, 20);
    assert.equal(long.score, 0 - 0.3 * 20);
  });

  it('reads a final [ that is never closed as a list to the end, in paper mode only', () => {
    const cut = 'First: [UP, TAKE]\nFinal plan: ["DOWN", "TAKE", "LEFT", "DR';
    assert.deepEqual(extractActions(cut).tokens, ['UP', 'TAKE']);
    const paper = extractActions(cut, { unclosedList: true });
    assert.equal(paper.method, 'unclosed-list');
    assert.deepEqual(paper.tokens, ['DOWN', 'TAKE', 'LEFT', 'DR']);
    assert.equal(extractActions('[UP, DROP] and then [nothing', { unclosedList: true }).method, 'bracket-list');
  });

  it('every-word takes every upper-case action word in order, and says it is non-official', () => {
    const answer = extractActions('1. Move UP to (4,5)\n2. TAKE energy, then go DOWN. [LEFT, DROP] up', {
      rule: 'every-word',
    });
    assert.deepEqual(answer.tokens, ['UP', 'TAKE', 'DOWN', 'LEFT', 'DROP']);
    assert.equal(answer.method, 'every-word');
    assert.match(answer.rule, /NON-OFFICIAL/);
  });
});

describe("GRASP's question set", () => {
  it('settings × indices in upstream order: chat by setting then index, o1-mini by index then setting', async () => {
    const path = join(graspDataDir, 'inner_random_free.jsonl');
    const chat = await graspQuestionSet([path], { indices: '3-4', settings: '8-2-0.3,4-none-0' }, nodeQuestionFiles);
    assert.deepEqual(chat.problems, []);
    assert.deepEqual(
      chat.questions.map((prepared) => prepared.question.sampleId),
      [
        'inner_random_free.jsonl-3-0-0-0',
        'inner_random_free.jsonl-4-0-0-0',
        'inner_random_free.jsonl-3-1-1-1',
        'inner_random_free.jsonl-4-1-1-1',
      ],
    );
    const o1 = await graspQuestionSet(
      [path],
      { indices: '3-4', settings: '8-2-0.3,4-none-0', style: 'o1-mini' },
      nodeQuestionFiles,
    );
    assert.deepEqual(
      o1.questions.map((prepared) => prepared.question.sampleId),
      [
        'inner_random_free.jsonl-3-0-0-0',
        'inner_random_free.jsonl-3-1-1-1',
        'inner_random_free.jsonl-4-0-0-0',
        'inner_random_free.jsonl-4-1-1-1',
      ],
    );
    assert.equal(o1.questions[0].messages.length, 1);
    assert.equal((await graspQuestionSet([graspDataDir], {}, nodeQuestionFiles)).questions.length, 4 * 100 * 8);
  });

  it('bad options and modes are QuestionOptionErrors; the built-in agents are seeded', async () => {
    for (const options of [{ settings: '6-none-0' }, { indices: '9-2' }, { style: 'gpt5' }, { extraction: 'first' }]) {
      await assert.rejects(
        graspQuestionSet([graspDataDir], options, nodeQuestionFiles),
        QuestionOptionError,
        JSON.stringify(options),
      );
    }
    const [first] = (
      await graspQuestionSet(
        [join(graspDataDir, 'outer_cluster_block.jsonl')],
        { indices: '0', settings: '4-none-0' },
        nodeQuestionFiles,
      )
    ).questions;
    assert.throws(() => first.score('[UP]', 'strict' as never), QuestionOptionError);
    const oracle = { id: 'oracle', provider: 'oracle' } as ModelProfile;
    const answer = await first.builtInAnswer?.(oracle, 7, first.messages);
    assert.equal(answer, await first.builtInAnswer?.(oracle, 7, first.messages));
    assert.ok(
      (first.score(answer as string, 'faithful').scores.score as number) > 0,
      'the greedy agent brings energy home',
    );
  });

  it('an unreadable grid record is a problem line, not a silent skip', async () => {
    const path = join(scratch, 'outer_random_block.jsonl');
    writeFileSync(
      path,
      `${readFileSync(join(graspDataDir, 'outer_cluster_block.jsonl'), 'utf8').split('\n')[0]}\n{"index": 1}\n`,
    );
    const set = await graspQuestionSet([path], { settings: '4-none-0' }, nodeQuestionFiles);
    assert.equal(set.questions.length, 1);
    assert.match(set.problems.join('\n'), /outer_random_block\.jsonl:2:\d+: Missing key/);
  });
});

describe('waypoint import grasp', function () {
  it('o1-mini and Batch rows: scored where the grid is present, error records (exit 1) where it is not', async () => {
    const out = join(scratch, 'llm.jsonl');
    const result = await cli(runImport, [
      'grasp',
      join(results, 'gpt_o1_mini_output.jsonl'),
      join(results, 'batch_gpt4o_output.jsonl'),
      '--grids',
      graspDataDir,
      '--out',
      out,
      '--mode',
      'paper',
      '--json',
    ]);
    assert.equal(result.code, 1);
    const records = recordsOf(out);
    assert.equal(records.length, 800 + 1600);
    const present = (record: RunRecord) => SHARED_ORDER.includes((record.question as GraspQuestion).file);
    for (const record of records) {
      assert.equal(record.mode, 'paper');
      if (present(record)) {
        assert.equal(record.error, undefined);
        assert.equal(typeof record.scores.score, 'number');
        assert.ok(Array.isArray(record.diagnostics));
      } else {
        assert.match(record.error ?? '', /^no grid file named \w+\.jsonl among the --grids files/);
        assert.deepEqual(record.scores, {});
      }
    }
    assert.equal(records.filter(present).length, 4 * 40 + 4 * 80);
    const models = new Set(records.map((record) => record.model.id));
    assert.deepEqual([...models], ['gpt_o1_mini_output', 'gpt-4o-2024-05-13']);
    assert.equal(
      (records.find((record) => record.model.id === 'gpt_o1_mini_output')?.question as GraspQuestion).style,
      'o1-mini',
    );
    assert.equal(JSON.parse(result.stdout).errors, records.filter((record) => record.error).length);
    // One line per results file and reason, at the first such row: a user can open the file there.
    for (const [file, rows] of [
      ['gpt_o1_mini_output.jsonl', 40],
      ['batch_gpt4o_output.jsonl', 80],
    ] as const) {
      const said = new RegExp(
        `^(\\S*${file.replace('.', '\\.')}):(\\d+): no grid file named inner_leftRight_free\\.jsonl among the --grids files; the row is not scored \\(${rows} rows of this file; the first is here\\)$`,
        'm',
      ).exec(result.stderr);
      assert.ok(said, result.stderr);
      const lines = readFileSync(join(results, file), 'utf8').split('\n');
      const first = lines.findIndex((line) => line.includes('"inner_leftRight_free.jsonl-'));
      assert.equal(Number(said[2]), first + 1);
    }
  });

  it('a row scores as `waypoint grasp score` scores its extracted answer; --model-name and --indices apply', async () => {
    const out = join(scratch, 'o1.jsonl');
    const result = await cli(runImport, [
      'grasp',
      join(results, 'gpt_o1_mini_output.jsonl'),
      '--grids',
      graspDataDir,
      '--out',
      out,
      '--indices',
      '2-3',
      '--model-name',
      'o1-mini',
      '--mode',
      'reference',
    ]);
    assert.equal(result.code, 1, 'rows of the 16 absent grid files are errors');
    const records = recordsOf(out).filter((record) => !record.error);
    assert.equal(records.length, 4 * 2 * 8);
    for (const record of records) {
      const question = record.question as GraspQuestion;
      assert.ok(question.index === 2 || question.index === 3);
      assert.equal(record.model.id, 'o1-mini');
      const set = await graspQuestionSet(
        [join(graspDataDir, question.file)],
        { indices: String(question.index), style: 'o1-mini' },
        nodeQuestionFiles,
      );
      const prepared = set.questions.find((candidate) => candidate.question.sampleId === question.sampleId);
      assert.ok(prepared);
      assert.deepEqual(record.messages, prepared.messages);
      assert.equal(record.scores.score, prepared.score(record.rawAnswer, 'reference').scores.score);
    }
  });

  it('baseline files score as stored; reference mode reads movement 8 as upstream does (μ1)', async () => {
    const paper = join(scratch, 'greedy-paper.jsonl');
    const reference = join(scratch, 'greedy-reference.jsonl');
    const file = join(results, 'greedy_results', 'inner_random_free.jsonl');
    assert.equal(
      (await cli(runImport, ['grasp', file, '--grids', graspDataDir, '--out', paper, '--mode', 'paper'])).code,
      0,
    );
    assert.equal(
      (await cli(runImport, ['grasp', file, '--grids', graspDataDir, '--out', reference, '--mode', 'reference'])).code,
      0,
    );
    const [a, b] = [recordsOf(paper), recordsOf(reference)];
    assert.equal(a.length, 800);
    const rows = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number; answer: string[]; movement_prompt: number });
    a.forEach((record, index) => {
      assert.deepEqual(record.parsedAnswer, rows[index].answer);
      assert.equal((record.question as GraspQuestion).settings.moves, rows[index].movement_prompt);
      assert.equal(record.scores.length, Math.min(rows[index].answer.length, 20));
      assert.equal(b[index].scores.scored_moves, rows[index].movement_prompt === 8 ? 4 : undefined);
    });
  });

  it('a missing grid record, a broken row and an unknown file are reported, never guessed', async () => {
    const folder = join(scratch, 'partial');
    mkdirSync(join(folder, 'greedy_results'), { recursive: true });
    writeFileSync(
      join(folder, 'inner_random_free.jsonl'),
      `${readFileSync(join(graspDataDir, 'inner_random_free.jsonl'), 'utf8').split('\n')[0]}\n`,
    );
    const rows = readFileSync(join(results, 'greedy_results', 'inner_random_free.jsonl'), 'utf8')
      .split('\n')
      .slice(0, 2);
    writeFileSync(
      join(folder, 'greedy_results', 'inner_random_free.jsonl'),
      `${rows.join('\n')}\n{"baseline": "greedy"\n`,
    );
    const out = join(scratch, 'partial.jsonl');
    const result = await cli(runImport, ['grasp', join(folder, 'greedy_results'), '--grids', folder, '--out', out]);
    assert.equal(result.code, 1);
    const records = recordsOf(out);
    // The broken row is a record too (issue 29: no row is dropped), named by its line.
    assert.deepEqual(
      records.map((record) => record.error === undefined),
      [true, false, false],
    );
    assert.match(records[1].error ?? '', /has no readable grid record with index 1/);
    assert.match(records[2].error ?? '', /^the row is not JSON/);
    assert.match(records[2].question.sampleId, /inner_random_free\.jsonl:3$/);
    assert.match(result.stderr, /inner_random_free\.jsonl:3: the row is not JSON/);
    assert.equal((await cli(runImport, ['grasp', join(folder, 'greedy_results'), '--out', out])).code, 2);
    assert.equal(
      (
        await cli(runImport, [
          'grasp',
          join(folder, 'greedy_results'),
          '--grids',
          folder,
          '--out',
          out,
          '--mode',
          'strict',
        ])
      ).code,
      2,
    );
    assert.equal((await cli(runImport, ['mango2', folder])).code, 2);
  });

  it('validate reads baseline result files as result rows: no errors on upstream files, a located error on a bad row', () => {
    const text = readFileSync(join(results, 'random_results', 'outer_cluster_block.jsonl'), 'utf8');
    assert.deepEqual(
      validateStandalone('grasp-baseline-results', text, 'random_results/outer_cluster_block.jsonl')?.filter(
        (diagnostic) => diagnostic.severity === 'error',
      ),
      [],
    );
    const row =
      '{"baseline": "random", "index": 0, "answer": ["up"], "movement_prompt": 6, "energy_limit_prompt": 100, "cost_of_step_prompt": 0}';
    const bad = validateStandalone('grasp-baseline-results', `${row}\n`, 'random_results/x.jsonl') ?? [];
    assert.deepEqual(
      bad.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line, diagnostic.range.start.character]),
      [['grasp-baseline/setting', 0, row.indexOf(': 6') + 2]],
    );
  });
});

describe('waypoint batch export|import grasp', function () {
  it("export equals upstream's batch_gpt4o.jsonl line for line for the shared grids", async () => {
    const upstream = readFileSync(join(graspDataDir, 'requests', 'batch_gpt4o.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const kept = upstream.filter((line) =>
      SHARED_ORDER.includes(`${(JSON.parse(line) as { custom_id: string }).custom_id.split('.jsonl-')[0]}.jsonl`),
    );
    assert.equal(kept.length, 320);
    const result = await cli(runBatch, [
      'export',
      'grasp',
      ...SHARED_ORDER.map((name) => join(graspDataDir, name)),
      '--indices',
      '0-9',
      '--model',
      'gpt-4o',
    ]);
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.split('\n');
    assert.equal(lines.length, kept.length);
    lines.forEach((line, index) => assert.equal(line, kept[index], `line ${index + 1}`));
    const folder = await cli(runBatch, [
      'export',
      'grasp',
      graspDataDir,
      '--indices',
      '0',
      '--settings',
      '4-none-0',
      '--model',
      'm',
    ]);
    assert.deepEqual(
      folder.stdout.split('\n').map((line) => (JSON.parse(line) as { custom_id: string }).custom_id),
      [
        'inner_random_free.jsonl-0-0-0-0',
        'inner_spiral_block.jsonl-0-0-0-0',
        'outer_cluster_block.jsonl-0-0-0-0',
        'outer_upDown_free.jsonl-0-0-0-0',
      ],
    );
    assert.equal((await cli(runBatch, ['export', 'grasp', graspDataDir])).code, 2, 'no --model');
    assert.equal((await cli(runBatch, ['export', 'grasp', graspDataDir, '--model', 'm', '--settings', 'x'])).code, 2);
  });

  it('import scores the output rows as import grasp does; ids outside the exported set are error records', async () => {
    const viaBatch = join(scratch, 'batch.jsonl');
    const viaImport = join(scratch, 'import.jsonl');
    const output = join(results, 'batch_gpt35_output.jsonl');
    const result = await cli(runBatch, [
      'import',
      'grasp',
      graspDataDir,
      '--indices',
      '0-9',
      '--results',
      output,
      '--out',
      viaBatch,
      '--mode',
      'paper',
    ]);
    assert.equal(result.code, 1);
    await cli(runImport, ['grasp', output, '--grids', graspDataDir, '--out', viaImport, '--mode', 'paper']);
    const [a, b] = [recordsOf(viaBatch), recordsOf(viaImport)];
    assert.equal(a.length, 1600);
    a.forEach((record, index) => {
      assert.equal(record.question.sampleId, b[index].question.sampleId);
      assert.equal(record.model.id, 'gpt-3.5-turbo-0125');
      if (record.error) assert.match(record.error, /is not a question of the exported set/);
      else
        assert.deepEqual(
          [record.scores, record.parsedAnswer, record.promptTokens],
          [b[index].scores, b[index].parsedAnswer, b[index].promptTokens],
        );
    });
    assert.equal(a.filter((record) => !record.error).length, 320);
  });
});
