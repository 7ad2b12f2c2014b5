// The editor's MANGO "Run Question" prepares its question with the question set's own builder
// (mangoGameQuestion over the game's files, with the cutoff and template settings) and answers it
// through answerPrepared, as `waypoint run mango` does. These tests run the real CLI on the sample
// game and check that the editor path gives the same record fields (messages, sample id, scores,
// parsed answer, diagnostics) for a DF and an RF question and both built-in agents, in both scoring
// modes; and that Show in Maze's walk is the one scoring computed, on the evaluator's graph.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeQuestionFiles } from '../../src/cli/runs/nodeQuestionFiles';
import { answerPrepared } from '../../src/core/eval/pipeline';
import type { ModelProfile, RunRecord } from '../../src/core/eval/types';
import { DEFAULT_REVERSE_PAIRS } from '../../src/core/benchmarks/mango/walkthrough/directions';
import { mangoGameQuestion } from '../../src/core/benchmarks/mango/questionSet';
import { readSetting } from '../../src/extension/settingDefinitions';
import { distDir, samplesDir } from '../support/paths';

const gameFolder = join(samplesDir, 'mango', 'lighthouse');
const profile = (provider: 'oracle' | 'random'): ModelProfile => ({
  id: provider,
  provider,
  temperature: 0,
  maxTokens: 0,
  timeoutMs: 0,
  retries: 0,
});
/** What the editor passes: its settings at their defaults (no configuration). */
const editorOptions = {
  cutoff: String(readSetting(() => undefined, 'mango.cutoff')),
  template: readSetting(() => undefined, 'mango.promptTemplate'),
};

function firstId(file: string): string {
  return (JSON.parse(readFileSync(join(gameFolder, file), 'utf8').split('\n')[0]) as { id: string }).id;
}

/** `waypoint run mango` on the sample game: its records by sample id. */
function cliRecords(dir: string, agent: 'oracle' | 'random', mode: 'faithful' | 'reference'): Map<string, RunRecord> {
  const out = join(dir, `${agent}-${mode}.jsonl`);
  const result = spawnSync(
    process.execPath,
    [join(distDir, 'cli.js'), 'run', 'mango', gameFolder, '--agent', agent, '--mode', mode, '--out', out, '--no-cache'],
    { cwd: dir, encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  const records = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunRecord);
  return new Map(records.map((record) => [record.question.sampleId, record]));
}

describe("the editor's MANGO Run Question is `waypoint run mango`'s question, answered through the pipeline", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-mango-editor-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('same messages, sample id, scores, parsed answer and diagnostics for a DF and an RF question, both agents, both modes', async () => {
    const questions = [
      ['df', firstId('lighthouse.all2all.jsonl')],
      ['rf', firstId('lighthouse.all_pairs.jsonl')],
    ] as const;
    for (const mode of ['faithful', 'reference'] as const) {
      for (const agent of ['oracle', 'random'] as const) {
        const cli = cliRecords(dir, agent, mode);
        for (const [task, sampleId] of questions) {
          const where = `${task} ${agent} ${mode}`;
          const { prepared, problems } = await mangoGameQuestion(
            gameFolder,
            'lighthouse',
            task,
            sampleId,
            editorOptions,
            nodeQuestionFiles,
          );
          assert.deepEqual(problems, [], where);
          assert.ok(prepared, where);
          // Seed 0: the editor's (answerWithProgress) and `waypoint run` without --seed.
          const { record, diagnostics } = await answerPrepared(prepared, profile(agent), 'MANGO', { mode, seed: 0 });
          const expected = cli.get(sampleId);
          assert.ok(expected, `${where}: the CLI asked ${sampleId}`);
          const fields = (run: RunRecord) => ({
            messages: run.messages,
            sampleId: run.question.sampleId,
            question: run.question,
            scores: run.scores,
            parsedAnswer: run.parsedAnswer,
            rawAnswer: run.rawAnswer,
            mode: run.mode,
            diagnostics: run.diagnostics,
          });
          assert.deepEqual(fields(record), fields(expected), where);
          assert.equal(record.scores.mode, mode, `${where}: the scores say which mode made them`);
          if (agent === 'oracle') assert.equal(record.scores.success_strict, 1, `${where}: the oracle succeeds`);

          // Show in Maze: the walk scoring computed (the same object, not walked again), on the
          // evaluator's graph (edges.json with the default reverse pairs only), matching the record.
          const walk = prepared.trajectory(record.rawAnswer, mode);
          assert.equal(prepared.trajectory(record.rawAnswer, mode), walk, `${where}: computed once`);
          assert.deepEqual(
            walk.graph.reversePairs,
            DEFAULT_REVERSE_PAIRS.map((pair) => [...pair]),
            where,
          );
          assert.deepEqual(
            walk.steps.map(({ from, action, to }) => ({ location_before: from, action, location_after: to })),
            record.parsedAnswer,
            where,
          );
          assert.equal(diagnostics.length, record.diagnostics?.length);
        }
      }
    }
  });

  it('names a sample id the game does not have, instead of asking another question', async () => {
    const { prepared, problems } = await mangoGameQuestion(
      gameFolder,
      'lighthouse',
      'rf',
      'no-such-id',
      editorOptions,
      nodeQuestionFiles,
    );
    assert.equal(prepared, null);
    assert.deepEqual(problems, [`${gameFolder}/lighthouse.all_pairs.jsonl: no RF question has the id no-such-id`]);
  });
});
