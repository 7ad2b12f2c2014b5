// `waypoint import mango` through the built CLI on upstream's shared example results: the records
// carry the scores `waypoint mango score` prints for the same files, in both modes; results whose
// game or question is missing become error records and exit 1.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../src/core/eval/types';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const mangoData = join(sharedDataDir, 'mango');
const examples = join(mangoData, 'examples');
const runs = ['claude-instant-1_route_finding_debug', 'claude-instant-1_desti_finding_debug'];

function readRun(path: string): RunRecord<MangoQuestion>[] {
  const { records, problems } = parseRunRecords(readFileSync(path, 'utf8'), path);
  assert.deepEqual(problems, []);
  return records as RunRecord<MangoQuestion>[];
}

describe('waypoint import mango (CLI)', () => {
  let scratch: string;
  before(function () {
    if (!existsSync(examples)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    scratch = mkdtempSync(join(tmpdir(), 'waypoint-import-mango-'));
  });
  after(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  for (const mode of ['faithful', 'reference'] as const) {
    it(`gives the scores of mango score on the same files (${mode})`, () => {
      const out = join(scratch, `${mode}.jsonl`);
      // The shared data folder holds both the game folders and the example results.
      const imported = waypoint('import', 'mango', mangoData, '--out', out, '--mode', mode, '--json');
      assert.equal(imported.code, 0, imported.stderr);
      const records = readRun(out);
      const summary = JSON.parse(imported.stdout) as { records: number; errors: number; run_id: string };
      const files = runs.flatMap((run) => readdirSync(join(examples, run, '905')));
      assert.equal(records.length, files.length);
      assert.equal(summary.records, files.length);
      assert.equal(summary.errors, 0);
      assert.ok(
        records.every(
          (record) =>
            record.run_id === summary.run_id &&
            record.mode === mode &&
            record.model.provider === 'imported' &&
            record.model.id === 'claude-instant-1' &&
            record.question.game === '905' &&
            record.error === undefined,
        ),
      );
      const byId = new Map(records.map((record) => [record.question.sampleId, record]));
      let compared = 0;
      for (const run of runs) {
        const scored = waypoint(
          'mango',
          'score',
          join(mangoData, '905'),
          '--answers',
          join(examples, run, '905'),
          '--mode',
          mode,
          '--json',
        );
        assert.equal(scored.code, 0, scored.stderr);
        const { results } = JSON.parse(scored.stdout) as {
          results: Array<{
            sample_id: string;
            parse_error: boolean;
            success_strict: number;
            success_loose: number;
            reasoning: number;
          }>;
        };
        for (const result of results) {
          const record = byId.get(result.sample_id);
          assert.ok(record, result.sample_id);
          assert.equal(record.question.task, run.includes('route') ? 'rf' : 'df');
          for (const metric of ['parse_error', 'success_strict', 'success_loose', 'reasoning'] as const)
            assert.equal(record.scores[metric], result[metric], `${result.sample_id} ${metric}`);
          compared++;
        }
      }
      assert.equal(compared, files.length);
      // Not every answer of the example run is right, and the diagnostics say where.
      assert.ok(
        records.some((record) => record.scores.success_strict === 0) &&
          records.some((record) => record.scores.success_strict === 1),
      );
      assert.ok(records.some((record) => (record.diagnostics ?? []).length > 0));
    });
  }

  it('makes error records, and exits 1, for a missing game or question; --model-name names the model', () => {
    const run = join(examples, runs[0]);
    const alone = join(scratch, 'alone.jsonl');
    const missingGame = waypoint('import', 'mango', run, '--out', alone);
    assert.equal(missingGame.code, 1);
    const records = readRun(alone);
    assert.equal(records.length, readdirSync(join(run, '905')).length);
    assert.ok(
      records.every(
        (record) => /the game 905 was not found/.test(record.error ?? '') && Object.keys(record.scores).length === 0,
      ),
    );
    assert.equal(missingGame.stderr.trim().split('\n').length, records.length, 'one line per error');

    // One result whose sample id is in no skeleton file of its game.
    const folder = join(scratch, 'gpt-x_route_finding_test', '905');
    mkdirSync(folder, { recursive: true });
    const [first, second] = readdirSync(join(run, '905'));
    const unknown = { ...JSON.parse(readFileSync(join(run, '905', first), 'utf8')), sample_id: 'f'.repeat(64) };
    writeFileSync(join(folder, `result_sample_id_${'f'.repeat(64)}.json`), JSON.stringify(unknown));
    writeFileSync(join(folder, second), readFileSync(join(run, '905', second)));
    const out = join(scratch, 'unknown.jsonl');
    const imported = waypoint(
      'import',
      'mango',
      join(scratch, 'gpt-x_route_finding_test'),
      join(mangoData, '905'),
      '--out',
      out,
    );
    assert.equal(imported.code, 1);
    const imports = readRun(out);
    assert.equal(imports.length, 2);
    const bad = imports.find((record) => record.question.sampleId === 'f'.repeat(64));
    const good = imports.find((record) => record.question.sampleId !== 'f'.repeat(64));
    assert.ok(bad && good);
    assert.match(bad.error ?? '', /no RF question with sample_id f{64} in the game 905/);
    assert.equal(good.error, undefined);
    assert.equal(good.model.id, 'gpt-x', "the model named by upstream's folder layout");
    const renamed = join(scratch, 'renamed.jsonl');
    assert.equal(
      waypoint('import', 'mango', folder, join(mangoData, '905'), '--out', renamed, '--model-name', 'my-model').code,
      1,
    );
    assert.ok(readRun(renamed).every((record) => record.model.id === 'my-model'));
  });

  it('leaves a previous run file intact when writing fails midway (a 1 KB file-size limit), with one file:reason line and no partial file', () => {
    const dir = join(scratch, 'keep');
    mkdirSync(dir);
    const out = join(dir, 'run.jsonl');
    const previous = '{"previous":"run"}\n';
    writeFileSync(out, previous);
    // `ulimit -f 2` (512-byte blocks in sh): the first chunk of records is larger, so its write fails with EFBIG.
    const result = spawnSync(
      'sh',
      [
        '-c',
        'ulimit -f 2 && exec "$0" "$@"',
        process.execPath,
        join(distDir, 'cli.js'),
        'import',
        'mango',
        mangoData,
        '--out',
        out,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    assert.equal(result.status, 1, result.stderr);
    assert.ok(result.stderr.includes(`${out}: EFBIG`), result.stderr);
    assert.doesNotMatch(result.stderr, /internal error/);
    assert.equal(readFileSync(out, 'utf8'), previous);
    assert.deepEqual(readdirSync(dir), ['run.jsonl']);
  });

  it('exits 2 for usage errors and 1 for a source that is not there', () => {
    assert.equal(waypoint('import', 'mango', mangoData).code, 2, 'no --out');
    assert.equal(waypoint('import', 'mango', mangoData, '--out', join(scratch, 'x.jsonl'), '--mode', 'paper').code, 2);
    assert.equal(waypoint('import', 'nosuch', mangoData, '--out', join(scratch, 'x.jsonl')).code, 2);
    const missing = waypoint('import', 'mango', join(scratch, 'no-such-folder'), '--out', join(scratch, 'x.jsonl'));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no-such-folder: no such file or directory/);
  });
});
