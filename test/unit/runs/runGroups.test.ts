// The Runs view's batch runs (core/runs/runGroups.ts, runTreeText.ts): records grouped into runs by
// run id across shard files and resumes, by file when they have none; each model's summary the same
// numbers as `waypoint report` (buildReport) on the same records; the per-file cache re-reading only
// what changed; rows short enough for a sidebar with every detail in the tooltip; and the built
// worker (dist/runSummaries.js) summarising a 40,000-record run without stalling the host's thread.
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../../../src/core/benchmarks';
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { nodeQuestionFiles } from '../../../src/cli/runs/nodeQuestionFiles';
import { PROFILE_DEFAULTS } from '../../../src/core/eval/profiles';
import { scoreLine } from '../../../src/core/eval/runLabels';
import type { ModelProfile, RunRecord } from '../../../src/core/eval/types';
import { answerPrepared } from '../../../src/core/eval/pipeline';
import { mangoQuestionSet } from '../../../src/core/benchmarks/mango/questionSet';
import { hanoiSolverAgent } from '../../../src/core/benchmarks/smartplay/agents';
import { createSmartPlayEnv } from '../../../src/core/benchmarks/smartplay/games';
import { episodeScores, prepareEpisode } from '../../../src/core/benchmarks/smartplay/questionSet';
import { runSmartPlayEpisode } from '../../../src/core/benchmarks/smartplay/runner';
import { batchReport, resumeState, runIntoFile, type RunFileAccess } from '../../../src/core/runs/batchRun';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildReport, overallGroups } from '../../../src/core/runs/report';
import { groupRuns, RunSummaryCache, summariseRunFile, type RunSummary } from '../../../src/core/runs/runGroups';
import {
  DESCRIPTION_MAX,
  modelDescription,
  recordDescription,
  recordTooltip,
  runDescription,
  runLabel,
  runTooltip,
} from '../../../src/core/runs/runTreeText';
import { distDir, samplesDir } from '../../support/paths';
import { jsonl, mangoRecord, type MangoRow } from './fixtures';

const withRun = (record: RunRecord, runId: string | undefined, time = record.time): RunRecord => {
  const { run_id: _dropped, ...rest } = record;
  return { ...rest, time, ...(runId ? { run_id: runId } : {}) };
};
const rows = (model: string, count: number, strict: (n: number) => number, extra: Partial<MangoRow> = {}): MangoRow[] =>
  Array.from({ length: count }, (_, n) => ({ model, game: `game${n % 4}`, n, strict: strict(n), ...extra }));
const records = (list: MangoRow[], runId: string | undefined, time = '2025-05-01T12:00:00.000Z') =>
  list.map((row) => withRun(mangoRecord(row), runId, time));

describe('Runs view: batch runs grouped by run id and summarised per model', () => {
  it('one run over shard files and a resume; runs without an id are one per file; two ids in one file are two runs', () => {
    const shard1 = records(
      rows('gpt', 6, (n) => n % 2),
      'run-A',
      '2025-05-01T12:00:00.000Z',
    );
    const shard2 = records(rows('gpt', 12, (n) => n % 2).slice(6), 'run-A', '2025-05-01T12:05:00.000Z');
    const later = records(
      rows('gpt', 3, () => 1),
      'run-B',
      '2025-05-02T09:00:00.000Z',
    );
    const noId = records(
      rows('old', 2, () => 1),
      undefined,
      '2025-04-01T08:00:00.000Z',
    );
    const runs = groupRuns([
      summariseRunFile('/w/batch/mango-gpt-2.jsonl', jsonl([...shard2, ...later])),
      summariseRunFile('/w/batch/mango-gpt-1.jsonl', jsonl(shard1)),
      summariseRunFile('/w/batch/a.jsonl', jsonl(noId)),
      summariseRunFile('/w/batch/b.jsonl', jsonl(noId)),
    ]);
    assert.deepEqual(
      runs.map((run) => [run.runId, run.records, run.files]),
      [
        ['run-B', 3, ['/w/batch/mango-gpt-2.jsonl']],
        ['run-A', 12, ['/w/batch/mango-gpt-1.jsonl', '/w/batch/mango-gpt-2.jsonl']],
        [null, 2, ['/w/batch/a.jsonl']],
        [null, 2, ['/w/batch/b.jsonl']],
      ],
      'newest first; the shards of run-A are one run, files sorted',
    );
    assert.equal(runs[1].started, '2025-05-01T12:00:00.000Z');
    assert.equal(runs[1].finished, '2025-05-01T12:05:00.000Z');
  });

  it('a resumed run that retried its errors counts each question once, the answer over the error', () => {
    const first = records(
      rows('gpt', 5, () => 1),
      'run-A',
    );
    first[2] = withRun(mangoRecord({ model: 'gpt', game: 'game2', n: 2, error: 'timed out' }), 'run-A');
    const retried = withRun(
      mangoRecord({ model: 'gpt', game: 'game2', n: 2, strict: 1 }),
      'run-A',
      '2025-05-01T13:00:00.000Z',
    );
    const [run] = groupRuns([summariseRunFile('/w/run.jsonl', jsonl([...first, retried]))]);
    assert.equal(run.records, 5);
    assert.equal(run.superseded, 1);
    assert.deepEqual([run.models[0].n, run.models[0].errors, run.models[0].metrics.success_strict.mean], [5, 0, 1]);
  });

  it('a run with --epochs counts every repeat, as the report does, none of them superseded', () => {
    const list = [1, 2, 3].flatMap((epoch) =>
      records(
        rows('gpt', 4, () => (epoch === 1 ? 1 : 0), { epoch }),
        'run-A',
      ),
    );
    const [run] = groupRuns([summariseRunFile('/w/run.jsonl', jsonl(list))]);
    const set = mergeRunFiles([{ file: '/w/run.jsonl', records: list }]);
    assert.deepEqual([run.records, run.superseded], [12, 0]);
    assert.equal(run.models[0].n, set.records.length);
    // Epoch 1 right, epochs 2 and 3 wrong: a third, not the last epoch's 0.
    assert.equal(run.models[0].metrics.success_strict.mean, 1 / 3);
    assert.equal(
      run.models[0].metrics.success_strict.mean,
      buildReport(set).json.groups[0].metrics.success_strict.mean,
    );
  });

  it("each model's numbers are `waypoint report`'s overall rows on the same records", () => {
    const list = [
      ...records(
        rows('gpt-4o', 40, (n) => (n % 3 === 0 ? 1 : 0), { diagnostics: ['mango-answer/unknown-location'] }),
        'run-A',
      ),
      ...records(
        rows('llama', 40, (n) => (n % 5 === 0 ? 1 : 0)),
        'run-A',
      ),
    ];
    list.push(withRun(mangoRecord({ model: 'llama', game: 'game1', n: 99, error: 'rate limited' }), 'run-A'));
    // Answers from cuts: out of the means here as in the report.
    list.push({
      ...withRun(mangoRecord({ model: 'llama', game: 'game2', n: 100, strict: 1 }), 'run-A'),
      truncated: true,
    });
    list.push({
      ...withRun(mangoRecord({ model: 'gpt-4o', game: 'game2', n: 101, strict: 1 }), 'run-A'),
      context_truncated: true,
    });
    const [run] = groupRuns([summariseRunFile('/w/run.jsonl', jsonl(list))]);
    const set = mergeRunFiles([{ file: '/w/run.jsonl', records: list }]);
    const expected = overallGroups(set.report, buildReport(set).rows);
    assert.equal(run.primary, 'success_strict');
    assert.deepEqual(run.metricNames, ['success_strict', 'success_loose', 'reasoning', 'parse_error']);
    assert.deepEqual(run.bootstrap?.cluster, 'game');
    assert.deepEqual(
      run.models.map((model) => ({
        model: model.model,
        n: model.n,
        errors: model.errors,
        valid: model.valid,
        metrics: model.metrics,
      })),
      expected.map((group) => ({
        model: group.key.model,
        n: group.n,
        errors: group.errors,
        valid: group.valid,
        metrics: group.metrics,
      })),
    );
    assert.deepEqual(
      run.models.map((model) => [model.withDiagnostics, model.modes]),
      [
        [40, { faithful: 41 }],
        [0, { faithful: 42 }],
      ],
    );
    assert.deepEqual(
      run.models.map((model) => [model.n, model.metrics.success_strict.n]),
      [
        [41, 40],
        [42, 41],
      ],
    );
    assert.ok(run.models[0].metrics.success_strict.ci95 !== null);
  });

  it('the cache re-reads only the file that changed and forgets removed ones; an unreadable file is a problem, not a failure', async () => {
    const texts = new Map([
      [
        '/w/a.jsonl',
        jsonl(
          records(
            rows('gpt', 4, () => 1),
            'run-A',
          ),
        ),
      ],
      [
        '/w/b.jsonl',
        jsonl(
          records(
            rows('llama', 4, () => 0),
            'run-B',
          ),
        ),
      ],
    ]);
    const reads: string[] = [];
    const cache = new RunSummaryCache(async (path) => {
      reads.push(path);
      const text = texts.get(path);
      if (text === undefined) throw new Error('ENOENT: no such file');
      return text;
    });
    const first = await cache.runs([
      { path: '/w/a.jsonl', mtimeMs: 1, size: 10 },
      { path: '/w/b.jsonl', mtimeMs: 1, size: 10 },
    ]);
    assert.deepEqual([first.runs.length, cache.lastReads], [2, 2]);
    texts.set(
      '/w/b.jsonl',
      `${texts.get('/w/b.jsonl')}${jsonl(records(rows('llama', 6, () => 1).slice(4), 'run-B'))}{"torn`,
    );
    const second = await cache.runs([
      { path: '/w/a.jsonl', mtimeMs: 1, size: 10 },
      { path: '/w/b.jsonl', mtimeMs: 2, size: 20 },
    ]);
    assert.deepEqual(reads, ['/w/a.jsonl', '/w/b.jsonl', '/w/b.jsonl'], 'only the appended file is read again');
    assert.deepEqual(
      second.runs.map((run) => [run.runId, run.records]),
      [
        ['run-A', 4],
        ['run-B', 6],
      ].sort(),
    );
    assert.equal(second.problems.length, 1);
    assert.match(second.problems[0], /^\/w\/b\.jsonl:7:/);
    const third = await cache.runs([
      { path: '/w/a.jsonl', mtimeMs: 1, size: 10 },
      { path: '/w/gone.jsonl', mtimeMs: 1, size: 5 },
    ]);
    assert.deepEqual(
      third.runs.map((run) => run.runId),
      ['run-A'],
    );
    assert.match(third.problems[0], /^\/w\/gone\.jsonl: cannot read the run file: ENOENT/);
    await cache.runs([
      { path: '/w/a.jsonl', mtimeMs: 1, size: 10 },
      { path: '/w/b.jsonl', mtimeMs: 2, size: 20 },
    ]);
    assert.equal(cache.lastReads, 1, 'b was forgotten when it was not listed, so it is read again');
  });
});

describe('Runs view: rows that fit, detail in the tooltip', () => {
  const run = (models: number, name = (index: number) => `model-${index}`): RunSummary => {
    const list = Array.from({ length: models }, (_, index) =>
      records(
        rows(name(index), 120, (n) => (n % (index + 2) === 0 ? 1 : 0)),
        'run-20250501T120000-a1b2c3',
      ),
    ).flat();
    return groupRuns([summariseRunFile('/w/batch/mango.jsonl', jsonl(list))])[0];
  };

  it('a run: benchmark, date and models in the label; primary mean per model and record count in at most 40 characters', () => {
    const two = run(2, (index) => ['gpt-4o', 'llama-3'][index]);
    assert.equal(runLabel(two), 'MANGO · 2025-05-01 12:00 · gpt-4o +1');
    assert.equal(runDescription(two), 'success_strict 0.50/0.33 · 240 q');
    assert.equal(modelDescription(two, two.models[1]), 'success_strict 0.33 · 120 q');
    const many = run(9, (index) => `openai/a-rather-long-model-name-${index}`);
    const description = runDescription(many);
    assert.ok(description.length <= DESCRIPTION_MAX, `${description} (${description.length})`);
    assert.match(description, /^0\.50\/0\.33\/0\.25\/.*… · 1080 q$/);
    for (const model of many.models) assert.ok(modelDescription(many, model).length <= DESCRIPTION_MAX);
  });

  it('the tooltip has the full table: every model, n, errors, every metric with its interval, the scoring mode, the files', () => {
    const two = run(2, (index) => ['gpt_4o', 'llama|3'][index]);
    const tooltip = runTooltip(two);
    assert.match(
      tooltip,
      /\| model \| n \| errors \| valid \| with diagnostics \| success\\_strict \| success\\_loose \| reasoning \| parse\\_error \| scoring mode \|/,
    );
    assert.match(
      tooltip,
      /\| gpt\\_4o \| 120 \| 0 \| 120 \| 0 \| 0\.50 \[\d\.\d\d, \d\.\d\d\] \| 0\.50 \[/,
      'names are escaped, means carry their interval',
    );
    assert.match(tooltip, /\| llama\\\|3 \| 120 \|.*\| faithful \|$/m);
    assert.match(tooltip, /bootstrap over game clusters, seed 1, 2000 resamples/);
    assert.match(tooltip, /run `run-20250501T120000-a1b2c3`/);
    assert.match(tooltip, /`\/w\/batch\/mango\.jsonl`/);
  });

  it('a single-question run: the old score line overflowed the row; the new description fits and the tooltip keeps every score, the mode and the diagnostics', () => {
    const record = {
      ...mangoRecord({
        model: 'gpt-4o',
        game: 'lighthouse',
        n: 1,
        strict: 1,
        loose: 1,
        reasoning: 0.5,
        diagnostics: ['mango-answer/unknown-location', 'mango-answer/unknown-location'],
      }),
      cached: true,
    };
    const old = `${scoreLine(record.scores)} · ${record.time.slice(0, 16).replace('T', ' ')}${record.cached ? ' · cached' : ''}`;
    assert.ok(old.length > 70, `today's description: ${old}`);
    assert.equal(
      recordDescription(record),
      'success_strict 1.00 · cached',
      'the time gives way (it is in the tooltip)',
    );
    assert.equal(recordDescription({ ...record, cached: false }), 'success_strict 1.00 · 05-01 12:00');
    const tooltip = recordTooltip(record, 'lighthouse · DF West of House → Kitchen');
    assert.match(tooltip, /Scoring mode: \*\*faithful\*\* · 2025-05-01 12:00 UTC · cache hit · 900\+40 tokens/);
    for (const row of [
      '| success\\_strict | 1.00 |',
      '| success\\_loose | 1.00 |',
      '| reasoning | 0.50 |',
      '| parse\\_error | false |',
    ])
      assert.ok(tooltip.includes(row), row);
    assert.match(tooltip, /Diagnostics: 2 \(mango-answer\/unknown-location ×2\)/);
    assert.equal(recordDescription({ ...record, error: 'timed out', scores: {} }), 'error · 05-01 12:00 · cached');
  });
});

describe('Runs view: real runs of the sample game, and a 40,000-record run off the host thread', function () {
  const oracle: ModelProfile = { id: 'oracle', provider: 'oracle', ...PROFILE_DEFAULTS };
  const random: ModelProfile = { id: 'random', provider: 'random', ...PROFILE_DEFAULTS };

  it('the oracle and random runs of lighthouse, written by runIntoFile, summarise as batchReport reports them', async () => {
    const set = await mangoQuestionSet([join(samplesDir, 'mango', 'lighthouse')], {}, nodeQuestionFiles);
    const questions = set.questions.slice(0, 30);
    const texts = new Map<string, string>();
    const files: RunFileAccess = {
      readText: async (path) => texts.get(path) ?? null,
      openAppend: (path) => ({
        append: (record) => void texts.set(path, `${texts.get(path) ?? ''}${JSON.stringify(record)}\n`),
        close: () => {},
      }),
    };
    for (const profile of [oracle, random]) {
      const path = `/w/batch/mango-${profile.id}.jsonl`;
      await runIntoFile(resumeState(questions, profile, 'faithful', null, path), path, files, {
        profile,
        label: 'MANGO',
        cache: null,
        mode: 'faithful',
        seed: 0,
        concurrency: 4,
        signal: new AbortController().signal,
      });
    }
    const runs = groupRuns([...texts].map(([file, text]) => summariseRunFile(file, text)));
    assert.equal(runs.length, 2, 'each runIntoFile call is its own run id');
    for (const run of runs) {
      assert.equal(run.files.length, 1);
      const report = batchReport([{ file: run.files[0], text: texts.get(run.files[0]) ?? '' }]);
      assert.deepEqual(
        run.models.map((model) => [model.model, model.n, model.errors, model.metrics[report.metric ?? '']?.mean]),
        report.models.map((model) => [model.model, model.n, model.errors, model.mean]),
      );
      assert.ok(runDescription(run).length <= DESCRIPTION_MAX);
    }
    const byModel = Object.fromEntries(
      runs.map((run) => [run.models[0].model, run.models[0].metrics.success_strict.mean]),
    );
    assert.equal(byModel.oracle, 1);
    assert.ok((byModel.random ?? 1) < 1);
  });

  it('the built worker summarises 40,000 records while the host thread keeps running', async function () {
    const dir = mkdtempSync(join(tmpdir(), 'waypoint-runs-view-'));
    const worker = new Worker(join(distDir, 'runSummaries.js'));
    try {
      const path = join(dir, 'mango-big.jsonl');
      const prompt = 'You are in a text adventure. '.repeat(40);
      writeFileSync(
        path,
        jsonl(
          Array.from({ length: 40_000 }, (_, n) =>
            withRun(
              mangoRecord({
                model: n % 2 ? 'gpt-4o' : 'llama',
                game: `game${n % 53}`,
                n,
                strict: n % 3 === 0 ? 1 : 0,
                prompt,
              }),
              'run-big',
            ),
          ),
        ),
      );
      const { mtimeMs, size } = statSync(path);
      // The host thread keeps running: its timer fires again and again while the worker reads.
      // (How long it may pause at most is measured by `npm run bench`, bench/runsWorkerBench.ts.)
      let ticks = 0;
      const probe = setInterval(() => ticks++, 5);
      const response = await new Promise<{ runs: RunSummary[]; problems: string[] }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 1, files: [{ path, mtimeMs, size }] });
      });
      clearInterval(probe);
      assert.deepEqual(response.problems, []);
      assert.deepEqual(
        response.runs.map((run) => [run.runId, run.records, run.models.map((model) => model.n)]),
        [['run-big', 40_000, [20_000, 20_000]]],
      );
      assert.ok(
        ticks >= 3,
        `the host thread ran ${ticks} times while the worker summarised ${(size / 1048576).toFixed(1)} MB`,
      );
    } finally {
      await worker.terminate();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Runs view: a Play SmartPlay episode is recorded as `waypoint run smartplay` records it', () => {
  it("the solver's episode scores from episodeScores equal the pipeline's record of the same episode", async () => {
    const oracle: ModelProfile = { id: 'oracle', provider: 'oracle', ...PROFILE_DEFAULTS };
    const prepared = prepareEpisode('Hanoi3Disk', 0, 0);
    const piped = await answerPrepared(prepared, oracle, 'SmartPlay');
    const log = await runSmartPlayEpisode(createSmartPlayEnv('Hanoi3Disk', { seed: 0 }), hanoiSolverAgent(), {
      seed: 0,
      agentName: 'hanoi-solver',
    });
    assert.deepEqual(episodeScores('Hanoi3Disk', log, log.header.settings.mode), piped.record.scores);
    assert.deepEqual(piped.record.scores, {
      score: 3,
      normalized_score: 1,
      completed: 1,
      steps: 7,
      total_reward: 100,
      unmatched: 0,
    });
    assert.equal(prepared.question.sampleId, 'Hanoi3Disk-episode0-seed0');
  });
});
