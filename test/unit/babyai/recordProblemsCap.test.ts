// LLM-BabyBench record files read for a run (`waypoint run babyai --dry-run` and every run): records
// are read one at a time and problems kept in line order up to the cap, so a file of many broken
// lines runs in bounded memory (issue 29: a million `{}` lines took 949 MB before the cap printed).
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_DIAGNOSTICS_PER_FILE } from '../../../src/core/util/diagnosticCap';
import { runWaypointWith } from '../../support/cli';
import { samplesDir } from '../../support/paths';

describe('LLM-BabyBench record files with many broken lines', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-babyai-cap-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a dry run of 400,000 broken lines fits a 64 MB heap: the first problems in line order, a count, the good record asked', async () => {
    const sample = readFileSync(join(samplesDir, 'babyai', 'llm-babybench-sample.jsonl'), 'utf8');
    const plan = sample.split('\n').find((line) => line.includes('"expert_action_sequence"')) as string;
    const lines = 400_000;
    // A line that is no JSON among records without a task: both kinds of problem, in line order.
    const text = `{}\nnot json\n${'{}\n'.repeat(lines - 3)}${plan}\n`;
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, text);
    const result = await runWaypointWith(
      ['run', 'babyai', file, '--task', 'plan', '--agent', 'oracle', '--dry-run', '--json'],
      dir,
      { nodeArgs: ['--max-old-space-size=64'] },
    );
    assert.equal(result.signal, null, result.stderr.slice(-500));
    const problems = result.stderr.split('\n').filter((line) => line.startsWith(file));
    assert.equal(problems.length, MAX_DIAGNOSTICS_PER_FILE + 1);
    assert.match(problems[0], /broken\.jsonl:1:1: the record has none of the columns that name its task/);
    assert.match(problems[1], /broken\.jsonl:2:1: JSON syntax error/);
    assert.match(problems[2], /broken\.jsonl:3:1: the record has none/);
    assert.equal(
      problems.at(-1),
      `${file}: ${lines - 1 - MAX_DIAGNOSTICS_PER_FILE} more problems in this file are not shown.`,
    );
    // The one good record after them all is still a question of the run.
    assert.equal(JSON.parse(result.stdout).questions, 1);
  });
});
