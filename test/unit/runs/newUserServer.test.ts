// Issue 28's "done when", as a new user meets it: Waypoint's defaults (concurrency 4, max tokens
// 512, no tuning) against the double configured as llama-server is by default: 4 slots sharing one
// 8,192-token context, 20 s of loading the model first, and replies the model would make longer
// than the token limit (finish_reason "length"). All four benchmarks are run from the sample
// workspace; every question whose prompt fits is answered, every cut reply is recorded as cut, and
// `report` counts errors, cut answers and parse errors apart. The 20 s of loading only make the
// run wait.
import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import type { ReportJson } from '../../../src/core/runs/reportTypes';
import { runWaypoint } from '../../support/cli';
import { type LlamaServer, startLlamaServer } from '../../support/llamaServer';
import { samplesDir } from '../../support/paths';

/** Each benchmark's every third reply runs on far past 512 tokens; the others are short, in the benchmark's answer shape. */
function answers(): (request: { messages?: Array<{ content: string }> }) => string {
  const asked = new Map<string, number>();
  return (request) => {
    const prompt = request.messages?.map((message) => message.content).join('\n') ?? '';
    const [kind, answer] = /energy|TAKE/i.test(prompt)
      ? ['grasp', '[UP, TAKE, DOWN, DROP]']
      : /location_before/.test(prompt)
        ? ['mango', "[{'location_before': 'harbour road', 'action': 'north', 'location_after': 'fish market'}]"]
        : /BabyAI|mission/i.test(prompt)
          ? ['babyai', 'Plan: turn left, move forward, pick up']
          : ['smartplay', 'Move the top disk of rod A to the top of rod C'];
    const count = (asked.get(kind) ?? 0) + 1;
    asked.set(kind, count);
    return count % 3 === 0 ? 'north '.repeat(900) : answer;
  };
}

const RUNS: Array<{ benchmark: string; args: string[] }> = [
  { benchmark: 'mango', args: ['mango/lighthouse', '--task', 'rf', '--limit', '12'] },
  { benchmark: 'grasp', args: ['grasp/inner_cluster_free.jsonl', '--settings', 'all', '--indices', '0-1'] },
  { benchmark: 'babyai', args: ['babyai', '--task', 'plan'] },
  { benchmark: 'smartplay', args: ['Hanoi3Disk', '--episodes', '1'] },
];

describe("a new user's runs against llama-server at its defaults (issue 28)", function () {
  this.timeout(600_000);
  let dir: string;
  let server: LlamaServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-new-user-'));
    cpSync(samplesDir, dir, { recursive: true });
    // As the README has a new user make it.
    mkdirSync(join(dir, '.waypoint', 'runs', 'batch'), { recursive: true });
    server = await startLlamaServer({ slots: 4, contextTokens: 8192, loadingMs: 20_000, answer: answers() });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const { benchmark, args } of RUNS) {
    it(`waypoint run ${benchmark} answers every question that fits, records every cut reply, and report counts them apart`, async () => {
      const out = `.waypoint/runs/batch/${benchmark}-local.jsonl`;
      const run = await runWaypoint(
        ['run', benchmark, ...args, '--base-url', server.url, '--model', 'default', '--out', out, '--json'],
        dir,
      );
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      assert.ok(existsSync(join(dir, out)), `no run file: ${run.stderr}${run.stdout}`);
      const records: RunRecord[] = parseRunRecords(readFileSync(join(dir, out), 'utf8'), out).records;
      assert.ok(records.length > 0, run.stderr);
      // Answered, or refused only because the prompt alone is longer than the context: never a
      // failure of the run's own making (shared slots, loading), which the engine waits out.
      for (const record of records) {
        if (record.error === undefined) continue;
        assert.equal(record.failure?.kind, 'prompt-too-long', `${record.question.sampleId}: ${record.error}`);
      }
      assert.ok(
        records.some((record) => record.error === undefined),
        'questions that fit are answered',
      );
      assert.ok(
        records.every((record) => record.error !== undefined || record.served_model === server.options.servedModel),
        'each answer names the model that gave it',
      );
      const cut = records.filter((record) => record.truncated === true);
      if (benchmark !== 'smartplay') {
        // One reply a record: the cut one's reason is "length" (an episode's is its last turn's).
        assert.ok(cut.every((record) => record.finish_reason === 'length'));
        assert.ok(
          cut.length > 0,
          `some replies ran past the limit and are recorded as cut (${records.length} records: ${records.map((record) => record.rawAnswer.slice(0, 20)).join(' | ')})`,
        );
      }

      const report = await runWaypoint(['report', out, '--json'], dir);
      assert.equal(report.code, 0, report.stderr);
      const json = JSON.parse(report.stdout) as ReportJson;
      const errored = records.filter((record) => record.error !== undefined).length;
      const cutNotErrored = records.filter(
        (record) => record.error === undefined && (record.truncated === true || record.context_truncated === true),
      ).length;
      assert.equal(json.records, records.length);
      assert.equal(json.errors, errored);
      assert.equal(
        json.truncated + json.context_truncated,
        cutNotErrored,
        'each cut answer counted once, apart from the errors',
      );
      assert.equal(json.truncated_treatment, 'excluded');
      // Errors are no parse errors: each group's errors are counted apart from its answers that parsed.
      assert.equal(
        json.groups.reduce((sum, group) => sum + group.errors, 0),
        errored,
      );
      assert.ok(json.groups.every((group) => group.valid + group.errors <= group.n));
    });
  }
});
