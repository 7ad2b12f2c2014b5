// MANGO answers that used to slip through or break scoring (issue 12): DF answers that take other
// actions than the question gives (defect 12), answers written as constant expressions, and a
// 6,000-step answer that overflowed the stack of `mango score --mode reference` (defect 8).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { answerDiagnostics } from '../../src/core/benchmarks/mango/scoring/answerDiagnostics';
import { parseMangoAnswer } from '../../src/core/benchmarks/mango/scoring/answers';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { referenceScorer } from '../../src/core/benchmarks/mango/scoring/referenceScoring';
import { scoreMangoFaithful } from '../../src/core/benchmarks/mango/scoring/scoring';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { distDir, repoRoot, samplesDir } from '../support/paths';

const gameDir = join(samplesDir, 'mango/lighthouse');
const edges = JSON.parse(readFileSync(join(gameDir, 'lighthouse.edges.json'), 'utf8')) as EdgeRecord[];
const step = (before: string, action: string, after: string) => ({
  location_before: before,
  action,
  location_after: after,
});
const everyIdKnown = {
  skeleton: () => ({ min_step_forward_answerable: 5, path_length: 2 }),
  shortestPathLength: () => 3,
};
const dfQuestion: MangoQuestion = {
  benchmark: 'mango',
  game: 'lighthouse',
  task: 'df',
  sampleId: 'x',
  src: 'harbour road',
  dst: 'harbour road',
  actionList: ['north', 'south'],
  answerable: true,
  easy: true,
  cutoff: 70,
};

describe("MANGO DF answers against the question's action list", () => {
  // A valid round trip to the right place, but by east/west where the question says north/south.
  const otherRoute = JSON.stringify([step('harbour road', 'east', 'quay'), step('quay', 'west', 'harbour road')]);

  it("marks each step whose action is not the given one, on that step's exact text", () => {
    const graph = buildMazeGraph('lighthouse', edges, []);
    const diagnostics = answerDiagnostics(otherRoute, graph, dfQuestion.src, dfQuestion.dst, {
      actionList: dfQuestion.actionList,
    });
    const wrong = diagnostics.filter((diagnostic) => diagnostic.code === 'answer/wrong-action');
    assert.deepEqual(
      wrong.map((diagnostic) => diagnostic.message),
      [
        "Step 1 takes 'east', but the question's action 1 is 'north'.",
        "Step 2 takes 'west', but the question's action 2 is 'south'.",
      ],
    );
    const second = otherRoute.indexOf('{', 2);
    assert.deepEqual(wrong[1].range, {
      start: { line: 0, character: second },
      end: { line: 0, character: otherRoute.length - 1 },
    });
    assert.equal(wrong[0].data?.expected, "The question's actions: 1. north, 2. south.");
    assert.equal(wrong[0].severity, 'error');
    // Without the action list (RF) the same text is a clean, valid route.
    assert.deepEqual(
      answerDiagnostics(otherRoute, graph, dfQuestion.src, dfQuestion.dst).map((diagnostic) => diagnostic.code),
      [],
    );
  });

  it('reports extra and missing steps, and a case-only difference as such', () => {
    const graph = buildMazeGraph('lighthouse', edges, []);
    const three = JSON.stringify([
      step('harbour road', 'north', 'fish market'),
      step('fish market', 'South', 'harbour road'),
      step('harbour road', 'east', 'quay'),
    ]);
    const codes = answerDiagnostics(three, graph, 'harbour road', 'quay', { actionList: dfQuestion.actionList }).filter(
      (diagnostic) => diagnostic.code.startsWith('answer/wrong-action') || diagnostic.code === 'answer/action-count',
    );
    assert.deepEqual(
      codes.map((diagnostic) => [diagnostic.code, diagnostic.message]),
      [
        [
          'answer/wrong-action',
          "Step 2 takes 'South', but the question's action 2 is 'south' (they differ only in case; the reasoning score compares actions exactly).",
        ],
        ['answer/action-count', "Step 3 ('east') is beyond the 2 actions the question gives."],
      ],
    );
    const one = JSON.stringify([step('harbour road', 'north', 'fish market')]);
    const short = answerDiagnostics(one, graph, 'harbour road', 'fish market', { actionList: dfQuestion.actionList });
    assert.deepEqual(
      short.map((diagnostic) => diagnostic.message),
      ["The answer stops after 1 step; the question gives 2 actions (missing: 'south')."],
    );
  });

  it('scores as the spec says: faithful reasoning needs the asked actions, reference ignores them (§7, §8)', () => {
    const faithful = scoreMangoFaithful(edges, dfQuestion, otherRoute);
    assert.deepEqual([faithful.success_strict, faithful.reasoning, faithful.mode], [1, 0, 'faithful']);
    const reference = referenceScorer(
      edges,
      everyIdKnown,
    )({
      sample_id: 'x',
      game_name: 'lighthouse',
      src_node: 'harbour road',
      dst_node: 'harbour road',
      model_cutoff_num: 70,
      min_step_total_answerable: 1,
      answerable: true,
      task: 'desti_finding',
      action_list: ['north', 'south'],
      response: otherRoute,
    });
    assert.deepEqual([reference.success_strict, reference.reasoning, reference.mode], [1, 1, 'reference']);
  });
});

describe('MANGO answers written as constant expressions (spec §9 item 4)', () => {
  const folded = "[{'location_before': 'harbour road', 'action': 'ea' + 'st', 'location_after': 'qu' 'ay'}]";

  it('faithful mode rejects the expression at its operator; reference mode folds it and says so', () => {
    const faithful = parseMangoAnswer(folded);
    assert.equal(faithful.ok, false);
    assert.equal(faithful.ok ? -1 : faithful.offset, folded.indexOf('+'));
    assert.match(faithful.ok ? '' : faithful.error, /not a Python literal: '\+' makes an expression/);
    const reference = parseMangoAnswer(folded, 'reference');
    assert.ok(reference.ok);
    assert.deepEqual(
      [reference.steps[0].action, reference.steps[0].location_after, reference.folded, reference.mode],
      ['east', 'quay', 1, 'reference'],
    );
    const scored = referenceScorer(
      edges,
      everyIdKnown,
    )({
      sample_id: 'x',
      game_name: 'lighthouse',
      src_node: 'harbour road',
      dst_node: 'quay',
      model_cutoff_num: 70,
      min_step_total_answerable: 1,
      answerable: true,
      task: 'route_finding',
      response: folded,
    });
    assert.deepEqual([scored.parse_error, scored.success_strict, scored.reasoning], [false, 1, 1]);
    assert.match(scored.note ?? '', /1 operator folded, as camera-ready's eval\(\) would accept/);
  });

  it('reference mode still refuses names and calls, located, and executes nothing', () => {
    const call = "[{'location_before': __import__('os').getcwd(), 'action': 'e', 'location_after': 'q'}]";
    const parsed = parseMangoAnswer(call, 'reference');
    assert.equal(parsed.ok, false);
    assert.equal(parsed.ok ? -1 : parsed.offset, call.indexOf('__import__'));
    assert.match(parsed.ok ? '' : parsed.error, /not a constant Python expression: '__import__' is not a literal/);
  });
});

describe('MANGO scoring of very long answers (defect 8)', () => {
  const longAnswer = `[${Array.from({ length: 6000 }, (_, index) => (index % 2 === 0 ? "{'location_before': 'harbour road', 'action': 'walk east', 'location_after': 'quay'}" : "{'location_before': 'quay', 'action': 'west', 'location_after': 'harbour road'}")).join(', ')}]`;

  it('scores a 6,000-step answer with hash-order ties in reference mode (the tie search no longer recurses)', function () {
    const result = referenceScorer(
      edges,
      everyIdKnown,
    )({
      sample_id: 'x',
      game_name: 'lighthouse',
      src_node: 'harbour road',
      dst_node: 'harbour road',
      model_cutoff_num: 70,
      min_step_total_answerable: 1,
      answerable: true,
      task: 'route_finding',
      response: longAnswer,
    });
    assert.equal(result.parse_error, false);
    assert.equal(result.reasoning, 0, "'walk east' is not an edge's action");
    assert.equal(result.success_strict, 0);
  });

  it('`mango score --mode reference` scores every record around it and names each problem file:line', function () {
    const dir = mkdtempSync(join(tmpdir(), 'waypoint-long-'));
    const pairs = readFileSync(join(gameDir, 'lighthouse.all_pairs.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; src_node: string; dst_node: string });
    const pair = pairs.find((candidate) => candidate.src_node === 'harbour road' && candidate.dst_node === 'quay');
    assert.ok(pair);
    const record = (response: string) =>
      JSON.stringify({
        sample_id: pair.id,
        game_name: 'lighthouse',
        task: 'route_finding',
        src_node: 'harbour road',
        dst_node: 'quay',
        model_cutoff_num: 70,
        min_step_total_answerable: 1,
        answerable: true,
        response,
      });
    const good = JSON.stringify([step('harbour road', 'east', 'quay')]);
    const answers = join(dir, 'answers.jsonl');
    writeFileSync(answers, [record(good), record(longAnswer), 'not json', record(good)].join('\n'));
    const run = spawnSync(
      process.execPath,
      [join(distDir, 'cli.js'), 'mango', 'score', gameDir, '--answers', answers, '--mode', 'reference', '--json'],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    assert.equal(run.status, 0, run.stderr);
    const output = JSON.parse(run.stdout) as {
      results: Array<{ source: string; parse_error: boolean; success_strict: number; mode: string }>;
    };
    assert.deepEqual(
      output.results.map((result) => [result.source, result.parse_error, result.success_strict, result.mode]),
      [
        [`${answers}:1`, false, 1, 'reference'],
        [`${answers}:2`, false, 0, 'reference'],
        [`${answers}:3`, true, 0, 'reference'],
        [`${answers}:4`, false, 1, 'reference'],
      ],
    );
  });

  it('refuses an answers file over the size limit with a located message instead of reading it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'waypoint-big-'));
    const answers = join(dir, 'huge.jsonl');
    const fd = openSync(answers, 'w');
    ftruncateSync(fd, 65 * 1048576); // sparse: no disk space used
    closeSync(fd);
    const run = spawnSync(
      process.execPath,
      [join(distDir, 'cli.js'), 'mango', 'score', gameDir, '--answers', answers],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    assert.equal(run.status, 1);
    assert.equal(run.stderr.trim(), `${answers}: file is 65 MB, over the 64 MB limit`);
  });
});
