// Results a reader can publish (issue 30), on the sample workspace as a new user runs it: the
// built-in oracle over every benchmark's samples (dist/cli.js in a child process), then `report`,
// `compare` and the results view's model. Questions are named by their meaning, not by 64-hex ids.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../../../src/core/benchmarks';
import type { RunRecord } from '../../../src/core/eval/types';
import type { ReportJson } from '../../../src/core/runs/reportTypes';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildResultsModel, compareModels } from '../../../src/core/runs/resultsModel';
import { distDir, samplesDir, sharedDataDir, sharedDataMissingReason } from '../../support/paths';
import { existsSync } from 'node:fs';

let workspace = '';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: workspace,
    encoding: 'utf8',
    maxBuffer: 64 * 1048576,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `waypoint run <benchmark> ... --agent <agent> --out <name>`, checked; the path of the run file. */
function run(name: string, agent: 'oracle' | 'random', ...args: string[]): string {
  const out = join(workspace, `${name}.jsonl`);
  const result = waypoint('run', ...args, '--agent', agent, '--out', out);
  assert.equal(result.code, 0, result.stderr);
  return out;
}

function reportJson(...args: string[]): ReportJson {
  const result = waypoint('report', ...args, '--json');
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as ReportJson;
}

const records = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{"'))
    .map((line) => JSON.parse(line) as RunRecord & { type?: string })
    .filter((record) => record.type === undefined && record.question !== undefined);

/** The sample workspace's runs, made once: the oracle over each benchmark, and MANGO's random agent. */
const runs: Record<string, string> = {};

describe('publishable results (the sample workspace)', () => {
  before(function () {
    this.timeout(240_000);
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-publish-'));
    const lighthouse = join(samplesDir, 'mango', 'lighthouse');
    // Cutoff 20: the walkthrough shown stops early, so some routes are not in it (unanswerable there).
    runs.mango = run('mango', 'oracle', 'mango', lighthouse, '--task', 'both', '--cutoff', '20');
    runs.mangoRandom = run('mango-random', 'random', 'mango', lighthouse, '--task', 'both', '--cutoff', '20');
    runs.babyai = run('babyai', 'oracle', 'babyai', join(samplesDir, 'babyai'), '--task', 'plan');
    runs.grasp = run('grasp', 'oracle', 'grasp', join(samplesDir, 'grasp'), '--indices', '0-1');
    runs.smartplay = run('smartplay', 'oracle', 'smartplay', 'Hanoi3Disk', '--episodes', '2');
    runs.mango70 = run('mango-70', 'oracle', 'mango', lighthouse, '--task', 'both');
    runs.predict = run('predict', 'oracle', 'babyai', join(samplesDir, 'babyai'), '--task', 'predict');
    // The OmniBot expert (the Plan and Decompose oracle) cannot take a key out of a box, as
    // upstream's cannot: on that sample level the oracle reports the expert's failure although a
    // model can solve it (docs/babyai.md). Its other levels are the oracle's to solve.
    const solvable = ['four-rooms-sequence', 'goto-red-ball', 'put-next'].map((name) =>
      join(samplesDir, 'babyai', `${name}.level.json`),
    );
    const records = join(samplesDir, 'babyai', 'llm-babybench-sample.jsonl');
    runs.plan = run('plan', 'oracle', 'babyai', ...solvable, records, '--task', 'plan');
    runs.decompose = run('decompose', 'oracle', 'babyai', ...solvable, records, '--task', 'decompose');
  });
  after(() => rmSync(workspace, { recursive: true, force: true }));

  describe('questions by their meaning', () => {
    it('every benchmark names its questions in words, with the sample id beside the label', () => {
      const expected: Record<string, RegExp> = {
        mango: /^(DF|RF) [a-z' ]+ → [a-z' ]+$/,
        babyai: /^Plan · [\w-]+( · record \d+ · seed \d+)?$/,
        grasp: /^#[01] (inner|outer)_[a-zA-Z]+_(free|block) · μ[12], (carry 2|no carry limit), cost 0(\.3)?$/,
        smartplay: /^Hanoi3Disk · episode [12] \(seed \d\)$/,
      };
      for (const [benchmark, pattern] of Object.entries(expected)) {
        const json = reportJson(runs[benchmark], '--by', 'question', '--include-unanswerable');
        assert.deepEqual(json.by, ['model', 'question', 'id'], benchmark);
        const ids = new Set(records(runs[benchmark]).map((record) => record.question.sampleId));
        assert.equal(json.groups.length, ids.size, `${benchmark}: a row per question`);
        for (const group of json.groups) {
          assert.match(String(group.key.question), pattern, benchmark);
          assert.ok(ids.has(String(group.key.id)), `${benchmark}: the id is the record's sample id`);
        }
      }
      // A BabyBench record file's question says which record and its seed (the sample's column).
      const babyai = reportJson(runs.babyai, '--by', 'question').groups.map((group) => group.key.question);
      assert.ok(babyai.includes('Plan · Waypoint-GoToRedBall-Sample · record 2 · seed 1'), babyai.join('\n'));
      // A GRASP question's fields: its grid file, index and setting in words.
      const grasp = reportJson(runs.grasp, '--by', 'file,index,setting', '--where', 'index=1');
      assert.deepEqual([...new Set(grasp.groups.map((group) => `${group.key.file} ${group.key.index}`))].sort(), [
        'inner_cluster_free.jsonl 1',
        'inner_leftRight_free.jsonl 1',
        'outer_spiral_block.jsonl 1',
      ]);
    });

    it('--where id= picks one question; --where question= matches its label', () => {
      const [first] = records(runs.mango);
      const one = reportJson(
        runs.mango,
        '--where',
        `id=${first.question.sampleId}`,
        '--by',
        'question',
        '--include-unanswerable',
      );
      assert.equal(one.records, 1);
      const label = String(one.groups[0].key.question);
      assert.match(label, /→/);
      const byLabel = reportJson(runs.mango, '--where', `question=${label}`);
      assert.ok(byLabel.records >= 1);
    });

    it("compare's flips, the results view's rows and its comparison name their question", () => {
      const compared = waypoint('compare', runs.mango, runs.mangoRandom, '--json');
      assert.equal(compared.code, 0, compared.stderr);
      const json = JSON.parse(compared.stdout) as { flips: Array<{ sampleId: string; label?: string }> };
      assert.ok(json.flips.length > 0);
      for (const flip of json.flips) assert.match(flip.label ?? '', /^(DF|RF) .+ → .+$/);
      const text = waypoint('compare', runs.mango, runs.mangoRandom);
      assert.match(text.stdout, /\nquestion +a +b +sample id\n/);
      assert.match(text.stdout, new RegExp(`${json.flips[0].label} +1\\.000 +0\\.000 +${json.flips[0].sampleId}`));

      const set = mergeRunFiles([runs.mango, runs.mangoRandom].map((file) => ({ file, records: records(file) })));
      const { model } = buildResultsModel(set, [runs.mango, runs.mangoRandom], 'lighthouse');
      for (const row of model.rows) assert.match(model.strings[row.l], /^(DF|RF) .+ → .+$/);
      const inView = compareModels(set, 'oracle', 'random');
      assert.deepEqual(
        inView.flips.map((flip) => flip.label),
        json.flips.map((flip) => flip.label),
      );
    });

    it("the HTML report's question table names each question and finds it by words", () => {
      const page = join(workspace, 'mango.html');
      const result = waypoint('report', runs.mango, '--html', page);
      assert.equal(result.code, 0, result.stderr);
      const html = readFileSync(page, 'utf8');
      assert.match(html, /<th>model<\/th><th>question<\/th>/);
      assert.match(html, /filter: words in model, question, sample id/);
    });
  });

  describe('honest headlines', () => {
    it('the built-in oracle scores 1.000 on every headline rate of every benchmark on the samples (0.000 where lower is better)', () => {
      // GRASP's oracle is the greedy baseline and energy is no rate (its best is the grid's own), so
      // GRASP has no headline rate to hold it to; SmartPlay's oracle plays Tower of Hanoi optimally.
      const cases: Array<[string, string[]]> = [
        ['mango', ['--by', 'task,difficulty']],
        ['mango70', ['--by', 'task,difficulty']],
        ['predict', ['--by', 'level']],
        ['plan', ['--by', 'level']],
        ['decompose', ['--by', 'level']],
        ['smartplay', ['--by', 'game', '--where', 'game=Hanoi3Disk']],
      ];
      for (const [name, args] of cases) {
        const json = reportJson(runs[name], ...args);
        assert.ok(json.groups.length > 0, name);
        for (const group of json.groups) {
          for (const [metric, summary] of Object.entries(group.metrics)) {
            const rate =
              metric === 'normalized_score' ||
              ['success_strict', 'success_loose', 'reasoning', 'parse_error', 'success', 'cr', 'pr', 'aci'].includes(
                metric,
              );
            if (!rate) continue;
            const best = json.better[metric] === 'lower' ? 0 : 1;
            assert.equal(summary.mean, best, `${name} ${JSON.stringify(group.key)} ${metric}`);
            assert.deepEqual(summary.ci95, [best, best], `${name} ${JSON.stringify(group.key)} ${metric}`);
          }
        }
      }
    });

    it('questions unanswerable at the cutoff have rows of their own, out of the headline, and --include-unanswerable counts them', () => {
      const json = reportJson(runs.mango, '--by', 'task');
      const all = records(runs.mango);
      const unanswerable = all.filter(
        (record) => (record.question as { answerable?: boolean }).answerable === false,
      ).length;
      assert.ok(unanswerable > 0, 'cutoff 20 leaves routes outside the walkthrough shown');
      assert.equal(json.unanswerable, unanswerable);
      assert.equal(json.unanswerable_treatment, 'excluded');
      const sum = (groups: ReportJson['groups']) => groups.reduce((total, group) => total + group.n, 0);
      assert.equal(sum(json.groups), all.length - unanswerable);
      assert.equal(sum(json.unanswerable_groups), unanswerable);
      const included = reportJson(runs.mango, '--by', 'task', '--include-unanswerable');
      assert.equal(included.unanswerable_treatment, 'included');
      assert.equal(sum(included.groups), all.length);
      assert.deepEqual(included.unanswerable_groups, []);
      const text = waypoint('report', runs.mango);
      assert.match(
        text.stdout,
        /\d+ records whose question has no correct answer at its cutoff are left out of the means and reported in their own rows; --include-unanswerable counts them\./,
      );
      assert.match(text.stdout, /\nUnanswerable at the cutoff \(no correct answer; not in the means above\):\n/);
      const csv = waypoint('report', runs.mango, '--csv').stdout.trim().split('\n');
      assert.ok(csv[0].endsWith(',questions'));
      assert.ok(csv.slice(1).some((line) => line.endsWith(',unanswerable')));
    });

    it("an unreachable RF pair (upstream zork1): the oracle's [] was a parse error in the headline; now it is apart", function () {
      const game = join(sharedDataDir, 'mango', 'zork1');
      // Skipped without ../shared beside the project: sharedDataMissingReason.
      if (!existsSync(game)) this.skip();
      const file = run('zork1-rf', 'oracle', 'mango', game, '--task', 'rf');
      const json = reportJson(file, '--by', 'model');
      assert.equal(json.unanswerable, 18, sharedDataMissingReason);
      assert.equal(json.groups[0].metrics.success_strict.mean, 1);
      assert.equal(json.groups[0].metrics.parse_error.mean, 0);
      assert.equal(json.unanswerable_groups[0].metrics.parse_error.mean, 1);
      const included = reportJson(file, '--by', 'model', '--include-unanswerable');
      assert.ok((included.groups[0].metrics.success_strict.mean ?? 1) < 1);
      // compare pairs only answerable questions, as the headline counts them.
      const compared = waypoint('compare', file, file, '--json');
      assert.equal((JSON.parse(compared.stdout) as { paired: number }).paired, json.records - 18);
    });
  });
});
