// Failures per model with informational codes apart, each code explained (issue 30): in core on
// hand-made records, and on the upstream GRASP responses imported in paper mode, where the `score`
// note sits on every scored answer and must not read as a failure.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { reportMarkdown, reportText } from '../../../src/core/runs/format';
import { reportHtml } from '../../../src/core/runs/html';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildReport, type ReportJson } from '../../../src/core/runs/report';
import { findBenchmark } from '../../../src/core/benchmark/registry';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../../support/paths';
import { jsonl, mangoRecord } from './fixtures';

const viaFile = (records: RunRecord[]) => ({
  file: 'run.jsonl',
  records: parseRunRecords(jsonl(records), 'run.jsonl').records,
});

/** A record whose diagnostics are information (an `answer/imputed-edge` note) besides its errors. */
function withNote(record: RunRecord): RunRecord {
  return {
    ...record,
    diagnostics: [
      ...(record.diagnostics ?? []),
      { code: 'answer/imputed-edge', severity: 'information', line: 0, character: 0, message: 'step 1 imputed' },
    ],
  };
}

function mangoReport() {
  const definition = findBenchmark('mango');
  assert.ok(definition?.report);
  return definition.report;
}

const records = [
  mangoRecord({ model: 'alpha', game: 'zork1', n: 1, strict: 0, diagnostics: ['answer/broken-chain'] }),
  withNote(mangoRecord({ model: 'alpha', game: 'zork1', n: 2, strict: 1 })),
  mangoRecord({
    model: 'beta',
    game: 'zork1',
    n: 1,
    strict: 0,
    diagnostics: ['answer/hallucinated-edge', 'answer/hallucinated-edge'],
  }),
  withNote(mangoRecord({ model: 'beta', game: 'zork1', n: 2, strict: 1 })),
  mangoRecord({ model: 'gamma', game: 'zork1', n: 1, strict: 1 }),
];

describe('failures per model, notes apart (core)', () => {
  const { json, rows } = buildReport(mergeRunFiles([viaFile(records)]), { by: 'model' });

  it('counts each model its own codes and keeps information codes out of the failures', () => {
    const codes = (model: string) =>
      json.failures_by_model.find((entry) => entry.model === model)?.failures.map((f) => [f.code, f.records, f.count]);
    assert.deepEqual(
      json.failures_by_model.map((entry) => [entry.model, entry.records]),
      [
        ['alpha', 2],
        ['beta', 2],
        ['gamma', 1],
      ],
    );
    assert.deepEqual(codes('alpha'), [['answer/broken-chain', 1, 1]]);
    assert.deepEqual(codes('beta'), [['answer/hallucinated-edge', 1, 2]]);
    assert.deepEqual(codes('gamma'), []);
    assert.deepEqual(
      json.notes.map((note) => [note.code, note.records, note.count]),
      [['answer/imputed-edge', 2, 2]],
    );
    // The pooled list stays as it was (the contract: fields are added, never changed).
    assert.deepEqual(
      new Set(json.failures.map((f) => f.code)),
      new Set(['answer/broken-chain', 'answer/hallucinated-edge', 'answer/imputed-edge']),
    );
  });

  it('gives every code the meaning MANGO declares for it', () => {
    const meanings = mangoReport().codeMeanings ?? {};
    for (const entry of [...json.failures_by_model.flatMap((model) => model.failures), ...json.notes])
      assert.equal(entry.meaning, meanings[entry.code], entry.code);
    assert.match(json.notes[0].meaning ?? '', /reverse/);
  });

  it('prints a table per model and the notes, each code followed by what it means', () => {
    const text = reportText(json);
    assert.match(
      text,
      /Failures of alpha \(answer diagnostic codes; 2 records\):\n.*\n.*\nanswer\/broken-chain +1 +1 +a step does not start where the previous one ended/,
    );
    assert.match(
      text,
      /Failures of beta .*\n.*\n.*\nanswer\/hallucinated-edge +1 +2 +a step that is no move of the maze/,
    );
    assert.match(text, /No failures: gamma\./);
    assert.match(text, /Notes \(informational codes, not failures\):\n.*\n.*\nanswer\/imputed-edge +2 +2 /);
    assert.doesNotMatch(text.split('Notes')[0], /imputed-edge/);
    const markdown = reportMarkdown(json);
    assert.ok(
      markdown.includes('| answer/broken-chain | 1 | 1 | a step does not start where the previous one ended |'),
      markdown,
    );
    const html = reportHtml(json, rows, mangoReport());
    assert.match(html, /<h3 id="failures-beta">beta · 2 records<\/h3>/);
    assert.match(html, /<td title="a step that is no move of the maze"><code>answer\/hallucinated-edge<\/code><\/td>/);
    assert.match(html, /<div id="notes">\s*<table class="codes">.*answer\/imputed-edge/s);
  });
});

describe('failures per model on the upstream GRASP responses (CLI, paper mode)', function () {
  this.timeout(120_000);
  let directory = '';
  let json: ReportJson | undefined;
  let text = '';

  before(function () {
    // Skipped without ../shared/data: the upstream responses are not part of the repository.
    if (!existsSync(join(sharedDataDir, 'grasp', 'results'))) this.skip();
    directory = mkdtempSync(join(tmpdir(), 'waypoint-failures-'));
    const out = join(directory, 'grasp.jsonl');
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
        cwd: repoRoot,
        encoding: 'utf8',
        maxBuffer: 256 * 1048576,
      });
    const imported = cli(
      'import',
      'grasp',
      join(sharedDataDir, 'grasp', 'results'),
      '--grids',
      join(sharedDataDir, 'grasp'),
      '--out',
      out,
      '--mode',
      'paper',
    );
    // Exit 1: the shared data has only four of the grid files, so rows of the others are errors, not scored.
    assert.ok(imported.status === 0 || imported.status === 1, imported.stderr);
    assert.ok(existsSync(out), imported.stderr);
    const report = cli('report', out, '--json');
    assert.equal(report.status, 0, report.stderr);
    json = JSON.parse(report.stdout) as ReportJson;
    text = cli('report', out).stdout;
  });

  after(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("keeps the score note out of every model's failures, and counts it once per scored answer", function () {
    if (!json) this.skip();
    assert.ok(json, sharedDataMissingReason);
    const report: ReportJson = json;
    const score = report.notes.find((note) => note.code === 'grasp-answer/score');
    assert.ok(score, 'the score note is a note');
    // One note per scored answer: the records without an error, but for answers with no list to score.
    const noList = report.failures.find((failure) => failure.code === 'grasp-answer/no-list')?.records ?? 0;
    assert.equal(score.records, report.records - report.errors - noList);
    assert.equal(score.records, 7197);
    assert.equal(score.count, score.records);
    for (const model of report.failures_by_model)
      assert.ok(
        !model.failures.some(
          (failure) => failure.code === 'grasp-answer/score' || failure.code === 'grasp-answer/grid',
        ),
        model.model,
      );
    // Each model's failures add up to the pooled counts.
    for (const pooled of report.failures.filter(
      (failure) => !report.notes.some((note) => note.code === failure.code),
    )) {
      const perModel = report.failures_by_model.flatMap((model) =>
        model.failures.filter((f) => f.code === pooled.code),
      );
      assert.equal(
        perModel.reduce((sum, f) => sum + f.count, 0),
        pooled.count,
        pooled.code,
      );
      assert.equal(
        perModel.reduce((sum, f) => sum + f.records, 0),
        pooled.records,
        pooled.code,
      );
    }
    assert.ok(report.failures_by_model.length >= 4);
    for (const model of report.failures_by_model)
      assert.match(text, new RegExp(`Failures of ${model.model.replace(/[.]/g, '\\.')} `));
    assert.match(text, /grasp-answer\/take-empty-cell +\d+ +\d+ +TAKE on a cell with no energy/);
    assert.doesNotMatch(text.split('Notes (informational')[0], /grasp-answer\/score/);
  });
});
