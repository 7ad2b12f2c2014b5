// `waypoint report` and `compare` (the built CLI) say what the runs cost: per group and in all
// (text, Markdown, JSON, CSV, HTML), each run of a comparison. A run whose cost nobody knows (a
// server that reports none and a profile without prices) is `unknown`/null with the number of such
// records, never a 0 beside a priced run; built-in agents cost nothing and add no column.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { CompareJson, ReportJson } from '../../../src/core/runs/reportTypes';
import { runWaypoint } from '../../support/cli';
import { type LlamaServer, startLlamaServer } from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');
const PER_TOKEN = 0.000001;

describe('waypoint report and compare: what the runs cost', function () {
  this.timeout(120_000);
  let dir: string;
  let priced: LlamaServer;
  let unpriced: LlamaServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-report-cost-'));
    priced = await startLlamaServer({ answer: () => '[UP, TAKE, DOWN, DROP]', costPerToken: PER_TOKEN });
    unpriced = await startLlamaServer({ answer: () => '[DOWN, TAKE, UP, DROP]' });
    const run = async (out: string, ...model: string[]) => {
      const result = await runWaypoint(
        ['run', 'grasp', grid, '--settings', '4-none-0', '--no-cache', '--out', out, '--json', ...model],
        dir,
      );
      assert.equal(result.code, 0, result.stderr);
    };
    await run('priced.jsonl', '--base-url', priced.url, '--model', 'router-model');
    await run('unpriced.jsonl', '--base-url', unpriced.url, '--model', 'local');
    await run('oracle.jsonl', '--agent', 'oracle');
  });
  after(async () => {
    await priced.close();
    await unpriced.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the priced server charged: every answered chat request, the preflight's one token included. */
  const charged = () => priced.usage.reduce((sum, usage) => sum + (usage.prompt + usage.completion) * PER_TOKEN, 0);
  const report = async (...args: string[]) => {
    const result = await runWaypoint(['report', ...args], dir);
    assert.equal(result.code, 0, result.stderr);
    return result.stdout;
  };

  it('JSON: each group and the whole report total what was charged; an unknown cost is null with its count', async () => {
    const json = JSON.parse(await report('priced.jsonl', 'unpriced.jsonl', '--by', 'model', '--json')) as ReportJson;
    const [a, b] = json.groups;
    assert.deepEqual([a.key.model, b.key.model], ['router-model', 'local']);
    assert.ok(a.cost_usd !== null && Math.abs(a.cost_usd - charged()) < 1e-12, `${a.cost_usd} vs ${charged()}`);
    assert.ok(charged() > 0);
    // The preflight is part of the run's cost: the records' own costs alone fall short of it.
    const answers = parseRunRecords(readFileSync(join(dir, 'priced.jsonl'), 'utf8'), 'priced.jsonl').records.reduce(
      (sum, record) => sum + (record.costUsd ?? 0),
      0,
    );
    assert.ok(answers < charged());
    assert.deepEqual([a.cost_unknown, b.cost_usd, b.cost_unknown], [0, null, 5]);
    assert.deepEqual([json.cost_usd, json.cost_unknown], [null, 5]);
    const alone = JSON.parse(await report('priced.jsonl', '--json')) as ReportJson;
    assert.ok(alone.cost_usd !== null && Math.abs(alone.cost_usd - charged()) < 1e-12);
    // Groups below the model add up to it.
    const byFile = JSON.parse(await report('priced.jsonl', '--by', 'model,moves', '--json')) as ReportJson;
    assert.ok(
      Math.abs(byFile.groups.reduce((sum, group) => sum + (group.cost_usd ?? Number.NaN), 0) - charged()) < 1e-12,
    );
  });

  it('text, Markdown, CSV and HTML show a cost column; unknown says so with how many records', async () => {
    const text = (await report('priced.jsonl', 'unpriced.jsonl', '--by', 'model')).split('\n');
    const header = text.find((line) => line.startsWith('model '));
    assert.match(header ?? '', /\bcost$/);
    assert.match(text.find((line) => line.startsWith('router-model')) ?? '', /\$0\.\d{4}$/);
    assert.match(text.find((line) => line.startsWith('local')) ?? '', /unknown \(5 of 5\)$/);
    assert.match(
      await report('priced.jsonl', 'unpriced.jsonl', '--by', 'model', '--markdown'),
      /\| local \| 5 \|.*\| unknown \(5 of 5\) \|/,
    );
    const csv = (await report('priced.jsonl', 'unpriced.jsonl', '--by', 'model', '--csv')).split('\n');
    assert.match(csv[0], /,cost_usd,cost_unknown,questions$/);
    const [usd, unknown] = (csv.find((line) => line.startsWith('router-model,')) ?? '').split(',').slice(-3, -1);
    assert.ok(Math.abs(Number(usd) - charged()) < 1e-12 && unknown === '0', csv.join('\n'));
    assert.match(csv.find((line) => line.startsWith('local,')) ?? '', /,,5,answerable$/);
    await report('priced.jsonl', 'unpriced.jsonl', '--html', 'report.html');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    assert.match(html, /<th>cost<\/th>/);
    assert.match(html, /<td class="n cost">unknown \(5 of 5\)<\/td>/);
    assert.match(html, /<td class="n cost">\$0\.\d{4}<\/td>/);
  });

  it('a built-in agent costs nothing: $0 in JSON, and no cost column to read', async () => {
    const json = JSON.parse(await report('oracle.jsonl', '--json')) as ReportJson;
    assert.deepEqual([json.cost_usd, json.cost_unknown, json.groups[0].cost_usd], [0, 0, 0]);
    assert.doesNotMatch(await report('oracle.jsonl'), /\bcost\b/);
  });

  it("compare: each run's cost, unknown when it is, in JSON and in the text", async () => {
    const result = await runWaypoint(['compare', 'priced.jsonl', 'unpriced.jsonl', '--json'], dir);
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout) as CompareJson;
    assert.ok(json.cost_usd.a !== null && Math.abs(json.cost_usd.a - charged()) < 1e-12);
    assert.deepEqual([json.cost_usd.b, json.cost_unknown], [null, { a: 0, b: 5 }]);
    const text = await runWaypoint(['compare', 'priced.jsonl', 'unpriced.jsonl'], dir);
    assert.match(text.stdout, /Cost: A \$0\.\d{4}, B unknown \(5 records of unknown cost\)\./);
    const free = await runWaypoint(['compare', 'oracle.jsonl', 'oracle.jsonl', '--json'], dir);
    assert.deepEqual((JSON.parse(free.stdout) as CompareJson).cost_usd, { a: 0, b: 0 });
  });
});
