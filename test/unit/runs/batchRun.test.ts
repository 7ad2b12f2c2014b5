// The whole-benchmark run that `waypoint run` and the editor's Run Benchmark share
// (core/runs/batchRun.ts), on the sample MANGO game with the offline agents: a run cancelled midway
// keeps whole records and resumes with only the unanswered questions under the same run id; each
// profile gets its own file and its own answers; errors are asked again on resume; and a file
// written through the shared function and the editor's file access is resumed by the built CLI.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { PROFILE_DEFAULTS } from '../../../src/core/eval/profiles';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { ModelProfile, QuestionBase, RunRecord } from '../../../src/core/eval/types';
import { mangoQuestionSet } from '../../../src/core/benchmarks/mango/questionSet';
import type { PreparedQuestion } from '../../../src/core/benchmark/registry';
import { costText } from '../../../src/cli/runs/run';
import {
  batchReport,
  batchRunName,
  batchRunStart,
  estimateBatch,
  isBatchRunOf,
  resumeState,
  runIntoFile,
  type RunFileAccess,
} from '../../../src/core/runs/batchRun';
import { nodeRunFilesWith } from '../../../src/host/runFile';
import { distDir, samplesDir } from '../../support/paths';

const game = join(samplesDir, 'mango', 'lighthouse');
const oracle: ModelProfile = { id: 'oracle', provider: 'oracle', ...PROFILE_DEFAULTS };
const random: ModelProfile = { id: 'random', provider: 'random', ...PROFILE_DEFAULTS };

/** Run files in memory, each append one JSON line, as RunFile writes them. */
function memoryFiles(): RunFileAccess & { texts: Map<string, string> } {
  const texts = new Map<string, string>();
  return {
    texts,
    readText: async (path) => texts.get(path) ?? null,
    openAppend: (path) => ({
      append: (record) => void texts.set(path, `${texts.get(path) ?? ''}${JSON.stringify(record)}\n`),
      close: () => {},
    }),
  };
}

/** A run of `questions` by `profile` into `path`, cancelled once `stopAfter` records are in (never, when undefined). */
async function run(
  files: RunFileAccess,
  path: string,
  questions: readonly PreparedQuestion[],
  profile: ModelProfile,
  stopAfter?: number,
) {
  const state = resumeState(questions, profile, 'faithful', await files.readText(path), path);
  const controller = new AbortController();
  const summary = await runIntoFile(state, path, files, {
    profile,
    label: 'MANGO',
    cache: null,
    mode: 'faithful',
    seed: 0,
    concurrency: 4,
    signal: controller.signal,
    onProgress: (progress) => stopAfter !== undefined && progress.done >= stopAfter && controller.abort(),
  });
  return { state, summary };
}

const records = (text: string | null | undefined, path = 'run.jsonl'): RunRecord<QuestionBase>[] => {
  const parsed = parseRunRecords(text ?? '', path);
  assert.deepEqual(parsed.problems, [], 'every line is a whole record');
  return parsed.records;
};

describe('batch runs: the run shared by waypoint run and the editor', function () {
  let questions: PreparedQuestion[];
  before(async () => {
    const set = await mangoQuestionSet([game], {}, nodeQuestionFiles);
    assert.deepEqual(set.problems, []);
    questions = set.questions;
    assert.equal(questions.length, 208 + 156, 'every DF and RF skeleton line of the sample game');
  });

  it('a cancelled run keeps whole records; resuming asks only the rest, under the same run id', async () => {
    const files = memoryFiles();
    const first = await run(files, 'oracle.jsonl', questions, oracle, 30);
    assert.equal(first.summary.stoppedBy, 'cancelled');
    const kept = records(files.texts.get('oracle.jsonl'));
    assert.ok(kept.length >= 30 && kept.length < questions.length, `${kept.length} records kept`);
    assert.equal(kept.length, first.summary.done, 'every delivered record is in the file');

    const second = await run(files, 'oracle.jsonl', questions, oracle);
    assert.equal(second.state.alreadyAnswered, kept.length);
    assert.equal(second.state.questions.length, questions.length - kept.length);
    assert.equal(second.state.runId, first.state.runId, 'the resumed run keeps its id');
    assert.equal(second.summary.stoppedBy, 'done');
    const all = records(files.texts.get('oracle.jsonl'));
    assert.equal(all.length, questions.length);
    assert.equal(
      new Set(all.map((record) => `${record.question.sampleId}/${(record.question as { task?: string }).task}`)).size,
      questions.length,
      'no question answered twice',
    );
    assert.deepEqual(new Set(all.map((record) => record.run_id)), new Set([first.state.runId]));
    // A third pass finds nothing left to ask.
    assert.equal(
      resumeState(questions, oracle, 'faithful', files.texts.get('oracle.jsonl') ?? null, 'oracle.jsonl').questions
        .length,
      0,
    );
  });

  it('each profile has its own run file and answers; the report ranks the oracle above the random walk', async () => {
    const now = new Date('2026-11-23T23:50:47Z');
    const [oracleName, randomName] = [oracle, random].map((profile) => batchRunName('mango', profile.id, now));
    assert.deepEqual([oracleName, randomName], ['mango-oracle-20261123-235047', 'mango-random-20261123-235047']);
    assert.ok(isBatchRunOf(`${oracleName}.jsonl`, 'mango', 'oracle'));
    assert.ok(!isBatchRunOf(`${oracleName}.jsonl`, 'mango', 'random'));
    assert.ok(
      !isBatchRunOf(`${oracleName}.jsonl`, 'mango', 'orac'),
      'a profile whose id is a prefix of another is not confused with it',
    );
    assert.ok(!isBatchRunOf(`${oracleName}.html`, 'mango', 'oracle'));
    assert.equal(batchRunName('mango', 'openai/gpt-4o:latest', now), 'mango-openai_gpt-4o_latest-20261123-235047');
    // The results view names a report of several files by their shared start, read back from the names.
    assert.equal(
      batchRunStart(`/w/.waypoint/runs/batch/${batchRunName('mango', 'openai/gpt-4o:latest', now)}.jsonl`),
      '20261123-235047',
    );
    assert.equal(batchRunStart(`C:\\w\\batch\\${randomName}.jsonl`), '20261123-235047');
    for (const other of [
      'oracle.jsonl',
      `${oracleName}.report.html`,
      '20261123-235047.jsonl',
      'mango-oracle-2026112-235047.jsonl',
    ])
      assert.equal(batchRunStart(other), null, other);

    const files = memoryFiles();
    const subset = questions.slice(0, 40);
    await run(files, oracleName, subset, oracle);
    await run(files, randomName, subset, random);
    const byFile = [oracleName, randomName].map((name) => records(files.texts.get(name)));
    assert.deepEqual(
      byFile.map((list) => [list.length, new Set(list.map((record) => record.model.id))]),
      [
        [40, new Set(['oracle'])],
        [40, new Set(['random'])],
      ],
    );
    // The oracle's file does not answer the random agent's questions: a new random run asks them all.
    assert.equal(
      resumeState(subset, random, 'faithful', files.texts.get(oracleName) ?? null, oracleName).alreadyAnswered,
      0,
    );
    // Nor does a profile with other parameters resume it.
    assert.equal(
      resumeState(subset, { ...oracle, maxTokens: 100 }, 'faithful', files.texts.get(oracleName) ?? null, oracleName)
        .alreadyAnswered,
      0,
    );

    const report = batchReport([oracleName, randomName].map((file) => ({ file, text: files.texts.get(file) ?? '' })));
    assert.equal(report.metric, 'success_strict');
    const means = Object.fromEntries(report.models.map((model) => [model.model, model.mean]));
    assert.equal(means.oracle, 1, 'the oracle answers every answerable sample question truly');
    assert.ok((means.random ?? 1) < (means.oracle ?? 0), `random ${means.random} below the oracle`);
    assert.deepEqual(
      report.models.map((model) => model.n),
      [40, 40],
    );
  });

  it('records with an error are asked again on resume; the estimate counts what is left', async () => {
    const files = memoryFiles();
    const subset = questions.slice(0, 6);
    await run(files, 'run.jsonl', subset, oracle);
    const lines = (files.texts.get('run.jsonl') ?? '').trimEnd().split('\n');
    // Make the second record a failure, as a timed-out request leaves it.
    const failed = { ...JSON.parse(lines[1]), error: 'model timed out', scores: {} };
    files.texts.set('run.jsonl', `${[lines[0], JSON.stringify(failed), ...lines.slice(2)].join('\n')}\n`);
    const state = resumeState(subset, oracle, 'faithful', files.texts.get('run.jsonl') ?? null, 'run.jsonl');
    assert.equal(state.alreadyAnswered, 5);
    assert.deepEqual(
      state.questions.map((prepared) => prepared.question.sampleId),
      [subset[1].question.sampleId],
    );
    const estimate = estimateBatch(state.questions, oracle, (messages) => messages.length * 100);
    assert.deepEqual(estimate, {
      questions: 1,
      requests: 1,
      prompt_tokens: subset[1].messages.length * 100,
      max_completion_tokens: 512,
      cost_usd_max: null,
      tokenizer: 'cl100k',
    });
    assert.deepEqual(
      resumeState(subset, oracle, 'reference', files.texts.get('run.jsonl') ?? null, 'run.jsonl').alreadyAnswered,
      0,
      'another scoring mode is another run',
    );
  });

  it('on resume, an answer of unknown cost counts as unknown only when its profile had no prices', async () => {
    const files = memoryFiles();
    const subset = questions.slice(0, 4);
    await run(files, 'run.jsonl', subset, oracle);
    const priced = { costPer1kInput: 0.001, costPer1kOutput: 0.002 };
    // Answers of a served model without cost figures: two from a profile without prices, one with them (usage missing), one with a cost.
    const served = records(files.texts.get('run.jsonl')).map((record, index) => ({
      ...record,
      model: { ...record.model, provider: 'openai-compatible', ...(index === 2 ? priced : {}) },
      cached: false,
      costUsd: index === 3 ? 0.01 : null,
    }));
    const text = `${served.map((record) => JSON.stringify(record)).join('\n')}\n`;
    const state = resumeState(subset, oracle, 'faithful', text, 'run.jsonl');
    assert.equal(state.unknownCostRecords, 2);
    assert.equal(state.spentUsd, 0.01);
  });

  it("the CLI's progress line says a cost nobody knows is unknown, and a partly known one a lower bound", () => {
    assert.equal(costText({ costUsd: 0, costUnknown: 3 }), 'cost unknown (3)');
    assert.equal(costText({ costUsd: 0.5, costUnknown: 2 }), '≥ $0.5000 (2 of unknown cost)');
    assert.equal(costText({ costUsd: 0.5, costUnknown: 0 }), '$0.5000');
    assert.equal(costText({ costUsd: 0, costUnknown: 0 }), '');
  });

  it("`waypoint run --resume` finishes a run file the editor's file access wrote and cancelled", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'waypoint-batch-'));
    try {
      mkdirSync(join(dir, '.waypoint', 'runs', 'batch'), { recursive: true });
      const file = join(dir, '.waypoint', 'runs', 'batch', `${batchRunName('mango', 'oracle', new Date())}.jsonl`);
      // The editor's appends (host/runFile.ts, as Run Benchmark writes), after a hand-edited first line without its newline.
      const editorFiles = nodeRunFilesWith();
      const head = await run(editorFiles, file, questions.slice(0, 1), oracle);
      writeFileSync(file, readFileSync(file, 'utf8').trimEnd());
      const first = await run(editorFiles, file, questions, oracle, 50);
      assert.equal(first.state.runId, head.state.runId);
      assert.equal(first.summary.stoppedBy, 'cancelled');
      const kept = records(readFileSync(file, 'utf8'), file).length;
      assert.ok(kept >= 50 && kept < questions.length);

      const cli = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [join(distDir, 'cli.js'), 'run', 'mango', game, '--agent', 'oracle', '--resume', '--out', file, '--json'],
          { cwd: dir },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
      assert.equal(cli.code, 0, cli.stderr);
      const result = JSON.parse(cli.stdout) as {
        run_id: string;
        questions: number;
        already_answered: number;
        answered: number;
        errors: number;
      };
      assert.deepEqual(
        [result.run_id, result.questions, result.already_answered, result.answered, result.errors],
        [first.state.runId, questions.length, kept, questions.length - kept, 0],
      );
      const all = records(readFileSync(file, 'utf8'), file);
      assert.equal(all.length, questions.length);
      assert.deepEqual(new Set(all.map((record) => record.run_id)), new Set([first.state.runId]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
