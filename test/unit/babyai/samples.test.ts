// The sample workspace's BabyAI files: every level validates, and the record file replays to the
// values written in it (they were produced by this simulator and expert).
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runActions } from '../../../src/core/benchmarks/babyai/env';
import { loadLevelFile } from '../../../src/core/benchmarks/babyai/levelFile';
import { runExpert } from '../../../src/core/benchmarks/babyai/omnibot';
import { readRecordFile } from '../../../src/core/benchmarks/babyai/recordFiles';
import { loadRecord } from '../../../src/core/benchmarks/babyai/records';

/** samples/babyai, found from the bundle's folder or, for bundles outside the repo, the working directory. */
function samplesBabyai(): string {
  for (let directory = __dirname; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return join(directory, 'samples', 'babyai');
    if (dirname(directory) === directory) return join(process.cwd(), 'samples', 'babyai');
  }
}

describe('babyai samples', () => {
  const dir = samplesBabyai();

  it('has several levels, all free of errors, including a locked door with its key in a box', () => {
    const levels = readdirSync(dir).filter((name) => name.endsWith('.level.json'));
    assert.ok(levels.length >= 4, levels.join(', '));
    let keyInBox = false;
    for (const name of levels) {
      const loaded = loadLevelFile(readFileSync(join(dir, name), 'utf8'));
      assert.deepEqual(
        loaded.diagnostics.filter((d) => d.severity === 'error'),
        [],
        name,
      );
      const spec = loaded.spec!;
      if (
        spec.objects.some((o) => o.type === 'door' && o.locked) &&
        spec.objects.some((o) => o.type === 'box' && o.contains?.type === 'key')
      )
        keyInBox = true;
    }
    assert.ok(keyInBox);
  });

  it('the expert solves the GoTo, PutNext and sequence samples', () => {
    for (const name of ['goto-red-ball', 'put-next', 'four-rooms-sequence']) {
      const spec = loadLevelFile(readFileSync(join(dir, `${name}.level.json`), 'utf8')).spec!;
      assert.equal(runExpert(spec, { loop: 'generator' }).done, true, name);
    }
  });

  it('the Predict, Plan and Decompose records agree with the simulator', () => {
    const file = readRecordFile(
      'llm-babybench-sample.jsonl',
      readFileSync(join(dir, 'llm-babybench-sample.jsonl'), 'utf8'),
    );
    const loaded = file.records.map(loadRecord);
    assert.deepEqual(
      loaded.map((r) => r.record.task),
      ['predict', 'plan', 'decompose'],
    );
    for (const r of loaded) assert.deepEqual(r.diagnostics, []);
    const [predict, plan, decompose] = loaded;
    const { env } = runActions(predict.spec!, predict.record.actions);
    assert.deepEqual({ pos: env.agentPos, dir: env.agentDir }, predict.record.targetState);
    assert.equal(runActions(plan.spec!, plan.record.actions).results.at(-1)?.terminated, true);
    assert.equal(runExpert(decompose.spec!, { loop: 'generator' }).helpCount, decompose.record.helpCount);
  });
});
