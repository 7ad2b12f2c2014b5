// GRASP scoring mode `paper` is what the paper's Table 1 used (runs.md §4), whose means are over
// every answer, those GPT-4o cut at max_tokens included (the mode's extraction reads a cut list to
// its end). So `report` and `compare` count paper records cut at the token limit in their means by
// default and say so (`truncated_treatment: "included"`, `truncated_included_modes: ["paper"]`);
// `--exclude-truncated` leaves them out, and other modes keep leaving them out unless
// `--include-truncated`. Upstream's GPT-4o Batch output (shared data: 4 of the 20 grid files) read
// by the built CLI's `batch import`, as a user reproduces the table.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import type { CompareJson, ReportJson } from '../../../src/core/runs/reportTypes';
import { runWaypoint } from '../../support/cli';
import { graspDataDir, graspDataMissing } from './support';

const outputFile = join(graspDataDir, 'results', 'batch_gpt4o_output.jsonl');

describe('GRASP paper mode counts answers cut at max_tokens, as Table 1 did (batch import, report, compare)', function () {
  this.timeout(120_000);
  let dir: string;
  before(async function () {
    if (!existsSync(outputFile)) {
      console.log(`      skipped: ${graspDataMissing}`);
      this.skip();
    }
    dir = mkdtempSync(join(tmpdir(), 'waypoint-paper-cuts-'));
    // The rows of the grid files the shared data holds (the others would be errors: no grid to score against).
    const grids = new Set(['inner_random_free', 'inner_spiral_block', 'outer_cluster_block', 'outer_upDown_free']);
    const rows = readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(
        (line) =>
          line.trim() !== '' &&
          grids.has(String((JSON.parse(line) as { custom_id: string }).custom_id).split('.jsonl-')[0]),
      );
    writeFileSync(join(dir, 'gpt4o.jsonl'), `${rows.join('\n')}\n`);
    for (const mode of ['paper', 'faithful']) {
      const imported = await runWaypoint(
        [
          'batch',
          'import',
          'grasp',
          graspDataDir,
          '--settings',
          'all',
          '--indices',
          '0-9',
          '--results',
          'gpt4o.jsonl',
          '--out',
          `${mode}.jsonl`,
          '--mode',
          mode,
        ],
        dir,
      );
      assert.equal(imported.code, 0, imported.stderr);
    }
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const records = (file: string): RunRecord[] => parseRunRecords(readFileSync(join(dir, file), 'utf8'), file).records;
  const mean = (list: readonly RunRecord[], score: string) =>
    list.reduce((sum, record) => sum + (record.scores[score] as number), 0) / list.length;
  const report = async (...args: string[]) => {
    const result = await runWaypoint(['report', ...args], dir);
    assert.equal(result.code, 0, result.stderr);
    return result.stdout;
  };

  it('report: the paper means are over every answer, the cut ones included, and the output says why', async () => {
    const all = records('paper.jsonl');
    const cut = all.filter((record) => record.truncated === true);
    assert.equal(all.length, 320);
    assert.ok(cut.length > 0, 'GPT-4o answers cut at max_tokens (finish_reason "length")');
    assert.ok(all.every((record) => record.error === undefined));
    const json = JSON.parse(await report('paper.jsonl', '--by', 'model', '--json')) as ReportJson;
    assert.deepEqual(
      [json.truncated_treatment, json.truncated_included_modes, json.truncated],
      ['included', ['paper'], cut.length],
    );
    const [group] = json.groups;
    // The paper rule's means over all 320 answers, as paperTable.test computes Table 1 (length: its `steps`).
    assert.equal(group.metrics.energy.n, 320);
    assert.ok(Math.abs((group.metrics.energy.mean ?? Number.NaN) - mean(all, 'score')) < 1e-12);
    assert.ok(Math.abs((group.metrics.length.mean ?? Number.NaN) - mean(all, 'steps')) < 1e-12);
    assert.match(
      await report('paper.jsonl'),
      /Means include truncated records: scoring mode paper is defined over every answer, replies cut at the token limit scored as given; --exclude-truncated leaves them out\./,
    );
    assert.match(await report('paper.jsonl', '--csv'), /,included,/);

    const excluded = JSON.parse(
      await report('paper.jsonl', '--by', 'model', '--json', '--exclude-truncated'),
    ) as ReportJson;
    assert.deepEqual([excluded.truncated_treatment, excluded.truncated_included_modes], ['excluded', []]);
    const whole = all.filter((record) => record.truncated !== true);
    assert.equal(excluded.groups[0].metrics.energy.n, whole.length);
    assert.ok(Math.abs((excluded.groups[0].metrics.energy.mean ?? Number.NaN) - mean(whole, 'score')) < 1e-12);
    assert.notEqual(excluded.groups[0].metrics.energy.mean, group.metrics.energy.mean, 'the cut answers move the mean');
    const both = await runWaypoint(['report', 'paper.jsonl', '--include-truncated', '--exclude-truncated'], dir);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /choose --include-truncated or --exclude-truncated, not both/);
  });

  it('other modes still leave cut answers out unless --include-truncated; a report of both modes says which counts them', async () => {
    const faithful = JSON.parse(await report('faithful.jsonl', '--json')) as ReportJson;
    assert.deepEqual([faithful.truncated_treatment, faithful.truncated_included_modes], ['excluded', []]);
    assert.equal(
      (JSON.parse(await report('faithful.jsonl', '--json', '--include-truncated')) as ReportJson).truncated_treatment,
      'included',
    );
    const mixed = JSON.parse(
      await report('paper.jsonl', 'faithful.jsonl', '--by', 'model,mode', '--json'),
    ) as ReportJson;
    assert.deepEqual([mixed.truncated_treatment, mixed.truncated_included_modes], ['excluded', ['paper']]);
    const n = (mode: string) => mixed.groups.find((group) => group.key.mode === mode)?.metrics.energy.n;
    const cut = records('paper.jsonl').filter((record) => record.truncated === true).length;
    assert.deepEqual([n('paper'), n('faithful')], [320, 320 - cut]);
    assert.match(
      await report('paper.jsonl', 'faithful.jsonl'),
      /except those of scoring mode paper, which is defined over every answer/,
    );
  });

  it('compare pairs the cut paper answers too, unless --exclude-truncated', async () => {
    const cut = records('paper.jsonl').filter((record) => record.truncated === true).length;
    const paired = await runWaypoint(['compare', 'paper.jsonl', 'paper.jsonl', '--json'], dir);
    assert.equal(paired.code, 0, paired.stderr);
    const json = JSON.parse(paired.stdout) as CompareJson;
    assert.deepEqual(
      [json.paired, json.dropped.truncated, json.truncated_treatment, json.truncated_included_modes],
      [320, 0, 'included', ['paper']],
    );
    const dropped = JSON.parse(
      (await runWaypoint(['compare', 'paper.jsonl', 'paper.jsonl', '--json', '--exclude-truncated'], dir)).stdout,
    ) as CompareJson;
    assert.deepEqual(
      [dropped.paired, dropped.dropped.truncated, dropped.truncated_treatment],
      [320 - cut, cut, 'excluded'],
    );
    assert.match(
      (await runWaypoint(['compare', 'paper.jsonl', 'paper.jsonl'], dir)).stdout,
      /Answers from cuts are paired as given \(scoring mode paper is defined over every answer\); --exclude-truncated drops them\./,
    );
  });
});
