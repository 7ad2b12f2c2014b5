// `waypoint export inspect` and `import inspect` through the built CLI: every header and sample of
// the written `.eval` logs validates against Inspect's published log schema, the zip holds Inspect's
// members, and the logs import back to the records they came from, so `waypoint report --json` is
// the same: a MANGO run of both built-in agents (byte-identical run file) and a GRASP import of
// upstream's released outputs. Bad input is named with its file and place.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { distDir, repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const schemaPath = resolve(repoRoot, '..', 'shared', 'spec', 'data', 'inspect-log-schema.json');

interface Validators {
  log: ValidateFunction;
  sample: ValidateFunction;
  spec: ValidateFunction;
  plan: ValidateFunction;
  reductions: ValidateFunction;
}

function validators(): Validators {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ISO 8601 as Inspect writes it; only fields Waypoint never fills carry the format.
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  ajv.addSchema(JSON.parse(readFileSync(schemaPath, 'utf8')), 'log');
  const def = (name: string) => ajv.compile({ $ref: `log#/$defs/${name}` });
  return {
    log: ajv.getSchema('log') as ValidateFunction,
    sample: def('EvalSample'),
    spec: def('EvalSpec'),
    plan: def('EvalPlan'),
    reductions: ajv.compile({ type: 'array', items: { $ref: 'log#/$defs/EvalSampleReductions' } }),
  };
}

function check(validate: ValidateFunction, value: unknown, where: string): void {
  assert.ok(validate(value), `${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
}

/** Validates every member of each log in `dir` and returns the sample count per log. */
function validateLogs(dir: string, v: Validators): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.eval'))) {
    const zip = unzipSync(readFileSync(join(dir, name)));
    const json = (member: string) => JSON.parse(strFromU8(zip[member])) as Record<string, unknown>;
    for (const member of ['header.json', '_journal/start.json', 'summaries.json', 'reductions.json'])
      assert.ok(zip[member], `${name} lacks ${member}`);
    const header = json('header.json');
    check(v.log, header, `${name}:header.json`);
    const start = json('_journal/start.json');
    check(v.spec, start.eval, `${name}:_journal/start.json eval`);
    check(v.plan, start.plan, `${name}:_journal/start.json plan`);
    check(v.reductions, json('reductions.json'), `${name}:reductions.json`);
    const samples = Object.keys(zip).filter((member) => member.startsWith('samples/'));
    for (const member of samples) {
      const sample = json(member);
      check(v.sample, sample, `${name}:${member}`);
      assert.equal(member, `samples/${sample.id}_epoch_${sample.epoch}.json`);
    }
    const results = header.results as { total_samples: number };
    assert.equal(results.total_samples, samples.length);
    assert.equal((json('summaries.json') as unknown as unknown[]).length, samples.length);
    counts.set(name, samples.length);
  }
  return counts;
}

describe('waypoint export inspect / import inspect (CLI)', () => {
  let scratch: string;
  let v: Validators;
  before(function () {
    if (!existsSync(schemaPath)) {
      console.log(`      skipped: Inspect's log schema not found at ${schemaPath} (../shared/spec beside the project)`);
      this.skip();
    }
    v = validators();
    scratch = mkdtempSync(join(tmpdir(), 'waypoint-inspect-'));
  });
  after(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('exports a MANGO run of both agents to valid logs that import back byte for byte', () => {
    const runs = ['oracle', 'random'].map((agent) => {
      const out = join(scratch, `mango-${agent}.jsonl`);
      const ran = waypoint('run', 'mango', join(samplesDir, 'mango', 'lighthouse'), '--agent', agent, '--out', out);
      assert.equal(ran.code, 0, ran.stderr);
      return out;
    });
    const logs = join(scratch, 'mango-logs');
    const exported = waypoint('export', 'inspect', ...runs, '--out', logs, '--json');
    assert.equal(exported.code, 0, exported.stderr);
    const summary = JSON.parse(exported.stdout) as { logs: Array<{ file: string; model: string; samples: number }> };
    assert.deepEqual(summary.logs.map((log) => log.model).sort(), ['waypoint/oracle', 'waypoint/random']);
    const counts = validateLogs(logs, v);
    assert.equal(counts.size, 2);
    const lines = runs.map((run) => readFileSync(run, 'utf8'));
    for (const log of summary.logs) assert.equal(log.samples, lines[0].trim().split('\n').length);

    // An Inspect user sees the prompt, the answer, the record's scores and the diagnostics explained.
    const randomLog = summary.logs.find((log) => log.model === 'waypoint/random')?.file as string;
    const zip = unzipSync(readFileSync(randomLog));
    const firstRecord = JSON.parse(lines[1].split('\n')[0]);
    const sample = JSON.parse(strFromU8(zip[`samples/${firstRecord.question.sampleId}_epoch_1.json`]));
    assert.equal(sample.output.completion, firstRecord.rawAnswer);
    assert.equal(sample.input[1].content, firstRecord.messages[1].content);
    assert.deepEqual(sample.scores.mango.value, firstRecord.scores);
    assert.match(sample.scores.mango.explanation, /\[answer\/wrong-/);
    assert.deepEqual(sample.metadata.waypoint_question, firstRecord.question);

    const back = join(scratch, 'mango-back.jsonl');
    const imported = waypoint('import', 'inspect', ...summary.logs.map((log) => log.file), '--out', back, '--json');
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(readFileSync(back, 'utf8'), lines.join(''));
    const before = waypoint('report', ...runs, '--json');
    const after = waypoint('report', back, '--json');
    assert.equal(before.code, 0, before.stderr);
    assert.equal(after.stdout, before.stdout);
  });

  it('round-trips a GRASP import of upstream outputs to the same report', function () {
    const grasp = join(sharedDataDir, 'grasp');
    if (!existsSync(join(grasp, 'results'))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const run = join(scratch, 'grasp.jsonl');
    // Rows whose grid file is not among the shared grids become error records: exit 1, still a run file.
    const made = waypoint(
      'import',
      'grasp',
      join(grasp, 'results'),
      '--grids',
      grasp,
      '--out',
      run,
      '--mode',
      'paper',
      '--indices',
      '0-4',
    );
    assert.ok(existsSync(run), made.stderr);
    const logs = join(scratch, 'grasp-logs');
    const exported = waypoint('export', 'inspect', run, '--out', logs, '--json');
    assert.equal(exported.code, 0, exported.stderr);
    const files = (JSON.parse(exported.stdout) as { logs: Array<{ file: string }> }).logs.map((log) => log.file);
    assert.ok(files.length >= 2, 'one log per model');
    const counts = validateLogs(logs, v);
    const records = readFileSync(run, 'utf8').trim().split('\n');
    assert.equal(
      [...counts.values()].reduce((a, b) => a + b, 0),
      records.length,
    );
    const back = join(scratch, 'grasp-back.jsonl');
    const imported = waypoint('import', 'inspect', ...files, '--out', back);
    assert.equal(imported.code, 0, imported.stderr);
    const parse = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .sort(bySample);
    assert.deepEqual(parse(readFileSync(back, 'utf8')), parse(readFileSync(run, 'utf8')));
    assert.equal(waypoint('report', back, '--json').stdout, waypoint('report', run, '--json').stdout);
  });

  it('names a log of another Inspect task, and keeps an earlier run file', () => {
    const foreign = join(scratch, 'foreign.eval');
    const sample = {
      id: 7,
      epoch: 1,
      input: 'Which way to the lighthouse?',
      output: { completion: 'north' },
      metadata: {},
    };
    writeFileSync(
      foreign,
      zipSync({ 'samples/7_epoch_1.json': strToU8(JSON.stringify(sample)), 'header.json': strToU8('{}') }),
    );
    const out = join(scratch, 'kept.jsonl');
    writeFileSync(out, 'earlier\n');
    const imported = waypoint('import', 'inspect', foreign, '--out', out);
    assert.equal(imported.code, 1);
    assert.match(
      imported.stderr,
      /foreign\.eval:samples\/7_epoch_1\.json: sample 7 cannot be imported: it has no Waypoint record/,
    );
    assert.equal(readFileSync(out, 'utf8'), 'earlier\n');

    const garbage = join(scratch, 'garbage.eval');
    writeFileSync(garbage, 'PK not a zip');
    const broken = waypoint('import', 'inspect', garbage, '--out', out);
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /garbage\.eval: not a readable zip/);
  });

  it('refuses a run file with a line that is not a record, naming its place, and writes nothing', () => {
    const run = join(scratch, 'bad.jsonl');
    writeFileSync(run, '{"time": 1}\n');
    const logs = join(scratch, 'bad-logs');
    const exported = waypoint('export', 'inspect', run, '--out', logs);
    assert.equal(exported.code, 1);
    assert.match(exported.stderr, /bad\.jsonl:1:\d+: /);
    assert.ok(!existsSync(logs) || readdirSync(logs).length === 0);
  });
});

function bySample(a: { question: { sampleId: string }; model: { id: string } }, b: typeof a): number {
  const left = `${a.model.id}\u0000${a.question.sampleId}`;
  const right = `${b.model.id}\u0000${b.question.sampleId}`;
  return left < right ? -1 : left > right ? 1 : 0;
}
