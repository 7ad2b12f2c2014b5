// Files read through schemas instead of casts: one skeleton line reader, run records, cached
// replies and MANGO result files. Malformed input gives a located, named problem, never a crash
// or a value of the wrong type.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, promises as fs, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The hosts register the built-ins; so does this test, so records are read by their benchmark's schema.
import '../../src/core/benchmarks';
import { modelReplySchema, parseRunRecords, runRecordSchema } from '../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../src/core/eval/types';
import type { GraspQuestion } from '../../src/core/benchmarks/grasp/questionSchema';
import { parseSkeletonLine, readSkeletonLabels } from '../../src/core/benchmarks/mango/skeletons/skeletonLines';
import { renameInSkeletonLine } from '../../src/core/benchmarks/mango/skeletons/skeletonRename';
import { mangoResultFileSchema } from '../../src/core/benchmarks/mango/walkthrough/resultSchema';
import { describeProblem, parseJsonWith } from '../../src/core/util/schema/parse';
import { WorkspaceStore } from '../../src/core/eval/workspaceStore';
import { readRecordSummaries } from '../../src/host/recordSkeleton';
import { distDir, repoRoot, samplesDir } from '../support/paths';

const lighthouse = join(samplesDir, 'mango', 'lighthouse');
const dfLine = readFileSync(join(lighthouse, 'lighthouse.all2all.jsonl'), 'utf8').split('\n')[0];
const rfLine = readFileSync(join(lighthouse, 'lighthouse.all_pairs.jsonl'), 'utf8').split('\n')[0];

const record: RunRecord<GraspQuestion> = {
  time: '2026-11-23T21:00:00.000Z',
  question: {
    benchmark: 'grasp',
    file: 'inner_cluster_free.jsonl',
    gridPath: 'samples/grasp/inner_cluster_free.jsonl',
    index: 0,
    settings: { moves: 4, carryLimit: 'none', stepCost: 0 },
    style: 'chat',
    sampleId: 'inner_cluster_free.jsonl-0-4-none-0',
  },
  model: { id: 'oracle', provider: 'oracle', temperature: 0, maxTokens: 100, timeoutMs: 1000, retries: 0 },
  messages: [{ role: 'user', content: 'q' }],
  rawAnswer: 'a',
  parsedAnswer: ['up'],
  scores: { energy: 3, valid: true, note: 'x', missing: null },
  mode: 'faithful',
  promptTokens: null,
  completionTokens: 12,
  latencyMs: 5,
  cached: false,
  costUsd: null,
};

describe('one skeleton line reader (core/benchmarks/mango/skeletons/skeletonLines.ts)', () => {
  it('reads a DF and an RF line of the sample game, typed', () => {
    const df = parseSkeletonLine('df', dfLine);
    assert.ok(df.ok);
    assert.equal(df.value.src_node, 'harbour road');
    assert.equal(df.value.path_details[0].action, 'north');
    const rf = parseSkeletonLine('rf', rfLine);
    assert.ok(rf.ok);
    assert.equal(typeof rf.value.num_paths, 'number');
  });

  it('locates a schema problem on the line it was given, naming the field', () => {
    const broken = dfLine.replace('"action": "north"', '"action": 7');
    const parsed = parseSkeletonLine('df', broken, 41);
    assert.ok(!parsed.ok);
    assert.equal(parsed.diagnostics[0].range.start.line, 41);
    assert.equal(parsed.diagnostics[0].range.start.character, broken.indexOf('7, "seen_in_forward"'));
    assert.match(parsed.diagnostics[0].message, /`path_details\[0\]\.action`/);
    assert.match(
      describeProblem('g.all2all.jsonl', parsed.diagnostics),
      /^g\.all2all\.jsonl:42:\d+: `path_details\[0\]\.action`/,
    );
  });

  it('reports a syntax error and excessive nesting as located problems, not exceptions', () => {
    const syntax = parseSkeletonLine('rf', '{"src_node": ', 3);
    assert.ok(!syntax.ok);
    assert.equal(syntax.diagnostics[0].code, 'json/syntax');
    assert.equal(syntax.diagnostics[0].range.start.line, 3);
    const deep = parseSkeletonLine('df', `${'['.repeat(100000)}${']'.repeat(100000)}`);
    assert.ok(!deep.ok);
    assert.equal(deep.diagnostics[0].code, 'json/too-deep');
  });

  it('an RF line is not a DF line: the DF fields it lacks are named', () => {
    const parsed = parseSkeletonLine('df', rfLine);
    assert.ok(!parsed.ok);
    assert.ok(
      parsed.diagnostics.some((problem) => /`path_details` is missing/.test(problem.message)),
      parsed.diagnostics.map((problem) => problem.message).join('; '),
    );
  });

  it('the label reader returns both labels or null', () => {
    const df = parseSkeletonLine('df', dfLine);
    assert.ok(df.ok);
    assert.deepEqual(readSkeletonLabels(dfLine), {
      total: df.value.min_step_total_answerable,
      forward: df.value.min_step_forward_answerable,
    });
    assert.equal(readSkeletonLabels('{"min_step_total_answerable": 3}'), null);
    assert.equal(readSkeletonLabels('[1, 2]'), null);
    assert.equal(readSkeletonLabels('null'), null);
    assert.equal(readSkeletonLabels('{"min_step_total'), null);
  });

  it('a rename keeps the line as written (key order, undeclared keys) and skips lines the schema rejects', () => {
    const extra = dfLine.replace(/}$/, ', "note": "mine"}');
    const renamed = renameInSkeletonLine(extra, 'df', 'action', 'north', 'go north');
    assert.ok(renamed);
    assert.ok(renamed.endsWith(', "note": "mine"}'));
    assert.ok(
      renamed.startsWith(
        '{"src_node": "harbour road", "dst_node": "fish market", "diff_shortest": 0, "path_details": [{"prev_node": "harbour road", "node": "fish market", "action": "go north"',
      ),
    );
    assert.notEqual(JSON.parse(renamed).id, JSON.parse(dfLine).id);
    assert.equal(
      renameInSkeletonLine(
        dfLine.replace('"step_count": 1', '"step_count": "one"'),
        'df',
        'action',
        'north',
        'go north',
      ),
      null,
    );
  });
});

describe('run records and cached replies through schemas (core/eval/recordSchemas.ts)', () => {
  it('a run record round-trips, gridPath included', () => {
    const parsed = parseJsonWith(JSON.stringify(record), runRecordSchema);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, record);
  });

  it('skips and describes the lines of a run file that are not records, keeping the others', () => {
    const good = JSON.stringify(record);
    const wrongScore = JSON.stringify({ ...record, scores: { energy: [1] } });
    const wrongQuestion = JSON.stringify({ ...record, question: { ...record.question, index: 'third' } });
    const text = [
      good,
      '{"time": "2026-11-23T2',
      '',
      wrongScore,
      '{"time": 1',
      '{"time": 1}}',
      wrongQuestion,
      good,
    ].join('\n');
    const { records, problems, torn } = parseRunRecords(text, 'runs/2026-11-23.jsonl');
    assert.equal(records.length, 2);
    // Records cut short (a write that never finished) are told apart from lines that are wrong.
    assert.deepEqual(torn, [
      'runs/2026-11-23.jsonl:2:23: a record cut short (22 bytes; its write never finished: the run was killed or the disk was full), skipped',
      'runs/2026-11-23.jsonl:5:11: a record cut short (10 bytes; its write never finished: the run was killed or the disk was full), skipped',
    ]);
    assert.equal(problems.length, 3);
    assert.match(problems[0], /^runs\/2026-11-23\.jsonl:4:\d+: `scores\.energy`/);
    assert.match(problems[1], /^runs\/2026-11-23\.jsonl:6:\d+: /, 'closed once too often: damaged, not cut short');
    assert.match(
      problems[2],
      /^runs\/2026-11-23\.jsonl:7:\d+: `question\.index`/,
      "the benchmark's own schema, located in the line",
    );
  });

  it("takes a scoring mode its benchmark has (GRASP's pre2025), refuses one it has not, and leaves a benchmark's own names to it", () => {
    const grasp = JSON.stringify({ ...record, mode: 'pre2025' });
    const mango = JSON.stringify({
      ...record,
      question: {
        benchmark: 'mango',
        game: 'lighthouse',
        task: 'rf',
        sampleId: 'x',
        src: 'a',
        dst: 'b',
        actionList: [],
        answerable: true,
        easy: true,
        cutoff: 3,
      },
      mode: 'paper',
    });
    const stranger = JSON.stringify({
      ...record,
      question: { benchmark: 'chess', sampleId: 'opening-3' },
      mode: 'blitz',
    });
    const { records, problems } = parseRunRecords([grasp, mango, stranger].join('\n'), 'runs/modes.jsonl');
    assert.deepEqual(
      records.map((each) => [each.question.benchmark, each.mode]),
      [
        ['grasp', 'pre2025'],
        ['chess', 'blitz'],
      ],
    );
    assert.equal(problems.length, 1);
    assert.match(
      problems[0],
      /^runs\/modes\.jsonl:2:\d+: `mode`: 'paper' is not a scoring mode of mango \(faithful, reference\)/,
    );
  });

  it('reads a record of a benchmark this host does not know by its envelope, keeping its question as written', () => {
    const chess = {
      ...record,
      question: { benchmark: 'chess', sampleId: 'opening-3', fen: 'rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w' },
    };
    const { records, problems } = parseRunRecords(
      [JSON.stringify(chess), JSON.stringify({ ...chess, question: { benchmark: 'chess' } })].join('\n'),
      'runs/chess.jsonl',
    );
    assert.deepEqual(
      records.map((each) => each.question),
      [chess.question],
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^runs\/chess\.jsonl:2:\d+: `question\.sampleId`/, 'the envelope is still required');
  });

  it("keeps what the server said (finish_reason, served model, truncated, a failure's kind) and still reads records written before those fields", () => {
    const told: RunRecord = {
      ...record,
      finish_reason: 'length',
      served_model: 'models/stories260K.gguf',
      truncated: true,
    };
    const failed: RunRecord = {
      ...record,
      rawAnswer: '',
      scores: {},
      error: 'HTTP 400: request (4775 tokens) exceeds the available context size (512 tokens)',
      failure: { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' },
    };
    const text = [JSON.stringify(record), JSON.stringify(told), JSON.stringify(failed)].join('\n');
    const whole = parseRunRecords(text, 'run.jsonl');
    assert.deepEqual(whole.problems, []);
    assert.deepEqual(whole.records, [record, told, failed]);
    // The table reader (reports, the results view) keeps them too.
    const bytes = Buffer.from(text);
    const fast = readRecordSummaries(bytes, bytes.length, 'run.jsonl', 0, 0);
    assert.deepEqual(fast.problems, []);
    assert.deepEqual(
      fast.records.map((read) => [read.finish_reason, read.served_model, read.truncated, read.failure]),
      [
        [undefined, undefined, undefined, undefined],
        ['length', 'models/stories260K.gguf', true, undefined],
        [undefined, undefined, undefined, { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' }],
      ],
    );
    // A kind added by a later version still reads; a status that is not a count does not.
    assert.equal(
      parseRunRecords(JSON.stringify({ ...failed, failure: { kind: 'some-future-kind' } }), 'r').records.length,
      1,
    );
    assert.equal(
      parseRunRecords(JSON.stringify({ ...failed, failure: { kind: 'server', status: 'five hundred' } }), 'r').records
        .length,
      0,
    );
  });

  it('a cached reply keeps finish_reason and the served model; one cached before they were kept still reads', () => {
    const reply = {
      text: 'hi',
      promptTokens: 12,
      completionTokens: 3,
      latencyMs: 3,
      cached: false,
      finishReason: 'length',
      servedModel: 'm.gguf',
    };
    const parsed = parseJsonWith(JSON.stringify(reply), modelReplySchema);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, reply);
    assert.ok(
      parseJsonWith(
        '{"text": "hi", "promptTokens": 1, "completionTokens": null, "latencyMs": 3, "cached": true}',
        modelReplySchema,
      ).ok,
    );
  });

  it('a reply with a wrong field is a located problem', () => {
    const parsed = parseJsonWith(
      '{"text": "hi", "promptTokens": "12", "completionTokens": null, "latencyMs": 3, "cached": true}',
      modelReplySchema,
    );
    assert.ok(!parsed.ok);
    assert.match(describeProblem('cache/k.json', parsed.diagnostics), /^cache\/k\.json:1:\d+: `promptTokens`/);
  });
});

describe('the response cache (extension/eval/storage.ts)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'waypoint-cache-'));
    mkdirSync(join(root, '.waypoint', 'cache'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a corrupt or wrongly shaped entry is a logged miss; a missing one a silent miss; a good one a hit', async () => {
    const log: string[] = [];
    const store = new WorkspaceStore(root, (line) => log.push(line), fs);
    const reply = { text: 'answer', promptTokens: 3, completionTokens: 4, latencyMs: 10, cached: false };
    await store.set('good', reply);
    writeFileSync(join(root, '.waypoint', 'cache', 'truncated.json'), '{"text": "ans');
    writeFileSync(join(root, '.waypoint', 'cache', 'shape.json'), JSON.stringify({ ...reply, text: 42 }));
    assert.deepEqual(await store.get('good'), reply);
    assert.equal(await store.get('absent'), undefined);
    assert.equal(log.length, 0);
    assert.equal(await store.get('truncated'), undefined);
    assert.equal(await store.get('shape'), undefined);
    assert.equal(log.length, 2);
    assert.match(log[0], /truncated\.json:1:\d+: /);
    assert.match(log[1], /shape\.json:1:\d+: `text` must be a string/);
  });
});

describe('MANGO result files (core/benchmarks/mango/walkthrough/resultSchema.ts)', () => {
  it('reads the sample result file', () => {
    const parsed = parseJsonWith(
      readFileSync(join(samplesDir, 'mango', 'answers', 'result_sample_id_lighthouse_rf_demo.json'), 'utf8'),
      mangoResultFileSchema,
    );
    assert.ok(parsed.ok);
    assert.equal(parsed.value.game_name, 'lighthouse');
    assert.equal(parsed.value.model_cutoff_num, 39);
  });

  it('names the file, position and field of what is wrong', () => {
    const missing = parseJsonWith('{\n  "task": "route_finding"\n}', mangoResultFileSchema);
    assert.ok(!missing.ok);
    assert.match(
      describeProblem('answers/result_1.json', missing.diagnostics),
      /^answers\/result_1\.json:1:1: `game_name` is missing/,
    );
    const cutoff = parseJsonWith('{"game_name": "zork1", "model_cutoff_num": 1.5}', mangoResultFileSchema);
    assert.ok(!cutoff.ok);
    assert.match(describeProblem('r.json', cutoff.diagnostics), /^r\.json:1:\d+: `model_cutoff_num`/);
  });
});

describe('the mango CLI reads skeleton lines through the same reader', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  let game: string;
  const id = JSON.parse(dfLine).id as unknown;
  beforeEach(() => {
    game = join(mkdtempSync(join(tmpdir(), 'waypoint-skeleton-')), 'lighthouse');
    cpSync(lighthouse, game, { recursive: true });
  });
  afterEach(() => rmSync(join(game, '..'), { recursive: true, force: true }));

  it('mango prompt on a line the schema rejects names the file, line and field instead of prompting from it', () => {
    const path = join(game, 'lighthouse.all2all.jsonl');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(dfLine, dfLine.replace('"step_count": 1', '"step_count": "1"')),
    );
    const result = cli('mango', 'prompt', game, '--id', String(id));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /lighthouse\.all2all\.jsonl:1:\d+: `step_count` must be a number/);
  });

  it('mango score on a line that is not JSON reports it located, not as an internal error', () => {
    const path = join(game, 'lighthouse.all2all.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[2] = lines[2].slice(0, -5);
    writeFileSync(path, lines.join('\n'));
    const answers = join(game, '..', 'answers.jsonl');
    writeFileSync(
      answers,
      `${JSON.stringify({ sample_id: JSON.parse(lines[1]).id, task: 'desti_finding', response: '[]' })}\n`,
    );
    const result = cli('mango', 'score', game, '--answers', answers, '--mode', 'reference');
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.stderr, /internal error/);
    assert.match(result.stderr, /lighthouse\.all2all\.jsonl:3:\d+: /);
  });
});
