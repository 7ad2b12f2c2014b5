// `waypoint mango map-diff` as a user runs it (dist/cli.js in a child process, runs.md §7): the JSON
// contract against counts taken here from edges.json, the map implied by a run's route answers,
// exit codes 1 (input, with file:line:col) and 2 (usage); and the draw-the-map task through the
// question set and the pipeline with the built-in agents.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerPrepared } from '../../src/core/eval/pipeline';
import type { ModelProfile, RunRecord } from '../../src/core/eval/types';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { mangoBenchmark } from '../../src/core/benchmarks/mango/benchmark';
import { mapQuestion } from '../../src/core/benchmarks/mango/prompt';
import { mangoReport } from '../../src/core/benchmarks/mango/report';
import { batchReport } from '../../src/core/runs/batchRun';
import { mergeRunFiles } from '../../src/core/runs/records';
import { buildResultsModel } from '../../src/core/runs/resultsModel';
import { QuestionOptionError, type QuestionSetFiles } from '../../src/core/benchmark/registry';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../support/paths';

const zork = join(sharedDataDir, 'mango', 'zork1');

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Record_ {
  src_node: string;
  action: string;
  dst_node: string;
  edge_min_step: number;
}

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

describe('waypoint mango map-diff', () => {
  let dir: string;
  let records: Record_[];
  before(function () {
    if (!existsSync(zork)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    dir = mkdtempSync(join(tmpdir(), 'waypoint-map-'));
    records = JSON.parse(readFileSync(join(zork, 'zork1.edges.json'), 'utf8')) as Record_[];
  });

  it('prints the contract JSON: counts against the maze at the cutoff, unrounded ratios, every written room aligned', () => {
    for (const cutoff of [70, 20]) {
      const known = records.filter((record) => record.edge_min_step <= cutoff);
      const written = known.slice(0, Math.ceil(known.length / 2));
      const lines = written.map(
        (record, index) =>
          `${index === 0 ? record.src_node.toUpperCase() : record.src_node} --${record.action}--> ${record.dst_node}`,
      );
      const file = join(dir, `map-${cutoff}.txt`);
      writeFileSync(file, `My map:\n${lines.join('\n')}\nwest of house --teleport--> nowhere at all\n`);
      const result = waypoint('mango', 'map-diff', zork, '--answer', file, '--cutoff', String(cutoff), '--json');
      assert.equal(result.code, 0, result.stderr);
      const json = JSON.parse(result.stdout);
      const rooms = new Set(known.flatMap((record) => [record.src_node, record.dst_node]));
      const namedRooms = new Set(written.flatMap((record) => [record.src_node, record.dst_node]));
      const precision = written.length / (written.length + 1);
      const recall = written.length / known.length;
      assert.deepEqual(json.edges, {
        correct: written.length,
        missing: known.length - written.length,
        hallucinated: 1,
        precision,
        recall,
        f1: (2 * precision * recall) / (precision + recall),
        wrongAction: 0,
      });
      assert.equal(json.rooms.correct, [...namedRooms].filter((room) => rooms.has(room)).length);
      assert.equal(json.rooms.missing, rooms.size - json.rooms.correct);
      assert.equal(json.rooms.hallucinated, 1);
      const names = new Set([
        ...written.flatMap((record) => [record.src_node, record.dst_node]),
        known[0].src_node.toUpperCase(),
        'nowhere at all',
      ]);
      assert.deepEqual(new Set(json.alignment.map((entry: { model: string }) => entry.model)), names);
      for (const entry of json.alignment) assert.deepEqual(Object.keys(entry).slice(0, 2), ['model', 'truth']);
      assert.equal(json.alignment.find((entry: { model: string }) => entry.model === 'nowhere at all').truth, null);
      assert.equal(
        json.alignment.find((entry: { model: string }) => entry.model === known[0].src_node.toUpperCase()).truth,
        known[0].src_node,
      );
    }
    const human = waypoint('mango', 'map-diff', zork, '--answer', join(dir, 'map-70.txt'));
    assert.equal(human.code, 0);
    assert.match(
      human.stdout,
      /^Map diff of .* against the maze at step 70 \(faithful\)\nedges: \d+ correct, \d+ missing, 1 hallucinated/,
    );
    assert.match(human.stdout, /west of house --teleport--> nowhere at all/);
  });

  it('diffs the map a run’s route answers imply, per model', () => {
    const run = join(dir, 'rf.jsonl');
    const parts = ['oracle', 'random'].map((agent) => {
      const out = join(dir, `rf-${agent}.jsonl`);
      const made = waypoint(
        'run',
        'mango',
        zork,
        '--task',
        'rf',
        '--agent',
        agent,
        '--out',
        out,
        '--limit',
        '40',
        '--no-cache',
        '--seed',
        '3',
      );
      assert.equal(made.code, 0, made.stderr);
      return readFileSync(out, 'utf8');
    });
    writeFileSync(run, parts.join(''));
    assert.equal(waypoint('mango', 'map-diff', zork, '--run', run, '--json').code, 2, 'two models need --model');
    const result = waypoint('mango', 'map-diff', zork, '--run', run, '--model', 'oracle', '--json');
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    // The moves the oracle's answers walk, read here with a plain pattern over the raw answers.
    const walked = new Set<string>();
    const rows = readFileSync(run, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((row) => row.model.id === 'oracle');
    for (const row of rows)
      for (const match of row.rawAnswer.matchAll(
        /'location_before': '([^']*)', 'action': '([^']*)', 'location_after': '([^']*)'/g,
      ))
        walked.add(JSON.stringify(match.slice(1)));
    assert.equal(json.implied.answers, 40);
    assert.equal(json.implied.unparsed, rows.filter((row) => row.rawAnswer === '[]').length);
    assert.equal(json.edges.correct, walked.size, 'the oracle walks only true edges');
    assert.equal(json.edges.hallucinated, 0);
    assert.equal(json.edges.missing, records.length - walked.size);
    const random = JSON.parse(waypoint('mango', 'map-diff', zork, '--run', run, '--model', 'random', '--json').stdout);
    assert.equal(random.implied.model, 'random');
    assert.equal(waypoint('mango', 'map-diff', zork, '--run', run, '--model', 'gpt-9').code, 1);
  });

  it('exits 1 on unreadable input with file:line:col, 2 on usage errors', () => {
    const missing = waypoint('mango', 'map-diff', zork, '--answer', join(dir, 'absent.txt'));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /absent\.txt: /);
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, "Sure:\n[{'location_before': 'kitchen', 'action': west, 'location_after': 'living room'}]\n");
    const broken = waypoint('mango', 'map-diff', zork, '--answer', bad, '--json');
    assert.equal(broken.code, 1);
    assert.equal(broken.stdout, '');
    const column = "[{'location_before': 'kitchen', 'action': ".length + 1;
    assert.match(broken.stderr, new RegExp(`bad\\.txt:2:${column}: the map's list is not a Python literal or JSON`));
    const partly = join(dir, 'partly.txt');
    writeFileSync(partly, 'kitchen --west--> living room\nkitchen --> attic\n');
    const some = waypoint('mango', 'map-diff', zork, '--answer', partly, '--json');
    assert.equal(some.code, 1, 'a map with a bad line is still diffed, and the exit says input was left out');
    assert.equal(JSON.parse(some.stdout).edges.correct, 1);
    assert.match(some.stderr, /partly\.txt:2:1: /);
    assert.equal(waypoint('mango', 'map-diff', zork).code, 2);
    assert.equal(waypoint('mango', 'map-diff', zork, '--answer', bad, '--run', bad).code, 2);
    assert.equal(waypoint('mango', 'map-diff', zork, '--answer', bad, '--cutoff', 'soon').code, 2);
    assert.equal(waypoint('mango', 'map-diff', '--answer', bad).code, 2);
    assert.equal(waypoint('mango', 'map-diff', join(dir, 'no-game'), '--answer', partly).code, 1);
  });

  it('the draw-the-map task: one question per game, MANGO’s prompt, scored precision/recall/F1 through the pipeline', async () => {
    const set = await mangoBenchmark.questionSet?.([zork], { task: 'map' }, files);
    assert.ok(set);
    assert.deepEqual(set.problems, []);
    assert.equal(set.questions.length, 1);
    const [prepared] = set.questions;
    assert.equal(prepared.question.task, 'map');
    const user = prepared.messages[1].content;
    assert.ok(user.startsWith('!!! Here is a walkthrough of a text game:\n'));
    assert.ok(user.endsWith(mapQuestion()));
    assert.match(user, /\nThe list of locations are: \[/);
    const oracle = (await answerPrepared(prepared, profile('oracle'), 'MANGO', { runId: 'map-run' })).record;
    assert.equal(oracle.mode, 'faithful');
    assert.deepEqual(
      [oracle.scores.precision, oracle.scores.recall, oracle.scores.f1, oracle.scores.edges_correct],
      [1, 1, 1, records.length],
    );
    assert.deepEqual(oracle.diagnostics, []);
    const random = (await answerPrepared(prepared, profile('random'), 'MANGO', { seed: 5 })).record;
    const {
      edges_correct: correct,
      edges_missing: missingEdges,
      edges_hallucinated: hallucinated,
      precision,
      recall,
    } = random.scores as Record<string, number>;
    assert.equal(correct + missingEdges, records.length);
    assert.ok(hallucinated > 0 && missingEdges > 0, 'the random agent both misses and invents');
    assert.equal(precision, correct / (correct + hallucinated));
    assert.equal(recall, correct / records.length);
    // One warning per invented move, on the line the move is written.
    const warned = (random.diagnostics ?? []).filter(
      (diagnostic) => diagnostic.code === 'map/hallucinated-edge' || diagnostic.code === 'map/wrong-action',
    );
    assert.equal(warned.length, hallucinated);
    for (const diagnostic of warned) assert.match(random.rawAnswer.split('\n')[diagnostic.line], /location_before/);
    // Reports read the map metrics, and only those, from a map record.
    assert.deepEqual(mangoReport.metrics(oracle as RunRecord<MangoQuestion>), {
      precision: 1,
      recall: 1,
      f1: 1,
      parse_error: 0,
    });
    assert.equal(mangoReport.fields(oracle as RunRecord<MangoQuestion>).task, 'map');
    // The results view and batch reports of a map run lead with F1 and show no route metric.
    const recordSet = mergeRunFiles([{ file: 'maps.jsonl', records: [oracle, random] as RunRecord[] }]);
    const { model } = buildResultsModel(recordSet, ['maps.jsonl'], 'maps');
    assert.deepEqual(model.metrics, ['parse_error', 'precision', 'recall', 'f1']);
    assert.equal(model.primary, 'f1');
    const batch = batchReport([
      { file: 'maps.jsonl', text: [oracle, random].map((record) => JSON.stringify(record)).join('\n') },
    ]);
    assert.equal(batch.metric, 'f1');
    assert.deepEqual(
      batch.models.map((entry) => entry.mean),
      [1, random.scores.f1],
    );
    // Records tell questions apart by sampleId, across games too.
    const two = await mangoBenchmark.questionSet?.([zork, join(sharedDataDir, 'mango', '905')], { task: 'map' }, files);
    assert.equal(new Set(two?.questions.map((question) => question.question.sampleId)).size, 2);
    assert.throws(() => prepared.score('[]', 'reference'), QuestionOptionError);
    await assert.rejects(
      async () => mangoBenchmark.questionSet?.([zork], { task: 'map', difficulty: 'easy' }, files),
      QuestionOptionError,
    );
  });
});
