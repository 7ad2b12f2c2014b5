// `waypoint export eee` and `export nemo` through the built CLI on MANGO runs of both built-in
// agents: every Every Eval Ever aggregate and sample line validates against the EEE 0.3.0 schemas
// (test/fixtures/eee-*.schema.json, copied from evaleval/every_eval_ever), the aggregate's samples
// file is where it says with the checksum it says, and the overall means are `waypoint report`'s;
// NeMo lines have nel's shape, pair across runs by problem_idx, and their mean reward is the
// report's mean of the primary metric. A line that is not a record fails the export, named.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { distDir, repoRoot, samplesDir } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function schema(name: string): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  return ajv.compile(JSON.parse(readFileSync(join(repoRoot, 'test', 'fixtures', name), 'utf8')));
}

function check(validate: ValidateFunction, value: unknown, where: string): void {
  assert.ok(validate(value), `${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
}

function jsonLines(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

interface ReportGroupJson {
  key: { model: string };
  n: number;
  metrics: Record<string, { mean: number | null; ci95: [number, number] | null; n: number }>;
}

describe('waypoint export eee / export nemo (CLI)', () => {
  let scratch: string;
  let runs: string[];
  let report: Map<string, ReportGroupJson>;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'waypoint-export-'));
    runs = ['oracle', 'random'].map((agent) => {
      const out = join(scratch, `mango-${agent}.jsonl`);
      const ran = waypoint('run', 'mango', join(samplesDir, 'mango', 'lighthouse'), '--agent', agent, '--out', out);
      assert.equal(ran.code, 0, ran.stderr);
      return out;
    });
    const reported = waypoint('report', ...runs, '--by', 'model', '--json');
    assert.equal(reported.code, 0, reported.stderr);
    const groups = (JSON.parse(reported.stdout) as { groups: ReportGroupJson[] }).groups;
    report = new Map(groups.map((group) => [group.key.model, group]));
  });
  after(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('writes Every Eval Ever 0.3.0 records that validate and carry the report means', () => {
    const aggregateSchema = schema('eee-eval.schema.json');
    const instanceSchema = schema('eee-instance-level-eval.schema.json');
    const out = join(scratch, 'eee');
    const exported = waypoint('export', 'eee', ...runs, '--out', out, '--json');
    assert.equal(exported.code, 0, exported.stderr);
    const summary = JSON.parse(exported.stdout) as {
      exports: Array<{ aggregate: string; samples: string; model: string; records: number }>;
    };
    assert.deepEqual(summary.exports.map((entry) => entry.model).sort(), ['oracle', 'random']);
    const recordCount = readFileSync(runs[0], 'utf8').trim().split('\n').length;
    for (const entry of summary.exports) {
      assert.match(entry.aggregate, /^data\/mango\/waypoint\/(oracle|random)\/[0-9a-f-]{36}\.json$/);
      const aggregate = JSON.parse(readFileSync(join(out, entry.aggregate), 'utf8'));
      check(aggregateSchema, aggregate, entry.aggregate);
      assert.equal(aggregate.schema_version, '0.3.0');
      const detailed = aggregate.detailed_evaluation_results;
      assert.equal(detailed.file_path, entry.samples);
      const text = readFileSync(join(out, entry.samples), 'utf8');
      assert.equal(detailed.checksum, createHash('sha256').update(text).digest('hex'));
      const lines = jsonLines(join(out, entry.samples));
      assert.equal(lines.length, recordCount);
      assert.equal(detailed.total_rows, recordCount);
      lines.forEach((line, index) => {
        check(instanceSchema, line, `${entry.samples}:${index + 1}`);
      });
      // The overall results are the report's headline numbers, interval included.
      const group = report.get(entry.model) as ReportGroupJson;
      const overall = aggregate.evaluation_results.filter(
        (result: { evaluation_name: string }) => result.evaluation_name === 'mango',
      );
      assert.ok(overall.length > 0);
      for (const result of overall) {
        const metric = group.metrics[result.metric_config.metric_id];
        assert.equal(result.score_details.score, metric.mean);
        assert.equal(result.score_details.uncertainty.num_samples, metric.n);
        if (metric.ci95) assert.equal(result.score_details.uncertainty.confidence_interval.lower, metric.ci95[0]);
      }
      const scores = lines.map((line) => (line.evaluation as { score: number }).score);
      const primary = group.metrics.success_strict;
      assert.equal(scores.reduce((sum, score) => sum + score, 0) / scores.length, primary.mean);
    }
    // The same run exports to the same bytes (the uuid and timestamps come from the records).
    const again = join(scratch, 'eee-again');
    assert.equal(waypoint('export', 'eee', ...runs, '--out', again).code, 0);
    for (const entry of summary.exports)
      assert.equal(
        readFileSync(join(again, entry.aggregate), 'utf8'),
        readFileSync(join(out, entry.aggregate), 'utf8'),
      );
  });

  it('writes NeMo results.jsonl whose mean reward is the report mean, paired by problem_idx', () => {
    const out = join(scratch, 'nemo');
    const exported = waypoint('export', 'nemo', ...runs, '--out', out, '--json');
    assert.equal(exported.code, 0, exported.stderr);
    const summary = JSON.parse(exported.stdout) as {
      exports: Array<{ file: string; model: string; metric: string; problems: number; left_out: number }>;
    };
    assert.equal(summary.exports.length, 2);
    const idsByModel = new Map<string, string[]>();
    for (const entry of summary.exports) {
      assert.match(entry.file, /\/results\.jsonl$/);
      assert.equal(entry.metric, 'success_strict');
      const lines = jsonLines(join(out, entry.file));
      assert.equal(lines.length, entry.problems);
      for (const line of lines) {
        assert.ok(Number.isSafeInteger(line.problem_idx) && (line.problem_idx as number) >= 0, JSON.stringify(line));
        assert.equal(typeof line.reward, 'number');
        assert.equal(line.repeat, 0);
        assert.match((line.metadata as { category: string }).category, /^(df|rf)\/(easy|hard)$/);
        assert.equal(typeof line.model_response, 'string');
      }
      const mean = lines.reduce((sum, line) => sum + (line.reward as number), 0) / lines.length;
      const group = report.get(entry.model) as ReportGroupJson;
      assert.equal(lines.length, group.metrics.success_strict.n);
      assert.equal(mean, group.metrics.success_strict.mean);
      assert.equal(new Set(lines.map((line) => `${line.problem_idx}/${line.repeat}`)).size, lines.length);
      idsByModel.set(entry.model, lines.map((line) => String(line.problem_idx)).sort());
    }
    // nel compare pairs the two runs problem by problem: the same questions get the same indices.
    assert.deepEqual(idsByModel.get('oracle'), idsByModel.get('random'));
    assert.ok(report.get('random')?.metrics.success_strict.mean !== report.get('oracle')?.metrics.success_strict.mean);
  });

  it('refuses a run file with a line that is not a record, naming its place, and writes nothing', () => {
    const bad = join(scratch, 'bad.jsonl');
    const lines = readFileSync(runs[0], 'utf8').split('\n');
    writeFileSync(bad, [lines[0], '{"not": "a record"}', ...lines.slice(1)].join('\n'));
    for (const format of ['eee', 'nemo']) {
      const out = join(scratch, `bad-${format}`);
      const result = waypoint('export', format, bad, '--out', out);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /bad\.jsonl:2/);
      assert.match(result.stderr, /nothing written/);
      assert.ok(!existsSync(out) || readdirSync(out).length === 0);
    }
    const unknown = waypoint('export', 'csv', runs[0], '--out', scratch);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /one of inspect, eee, nemo/);
  });
});
