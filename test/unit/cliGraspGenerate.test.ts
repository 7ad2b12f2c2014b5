// `waypoint grasp generate`: the paper's 20 grid files, which with `run grasp --settings all` make
// its 160 configurations; validated by the real validator and asked of the built-in oracle.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, repoRoot } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('waypoint grasp generate', function () {
  const root = mkdtempSync(join(tmpdir(), 'waypoint-grasp-generate-'));

  it('writes the 20 upstream-named grid files, valid, seeded, and 160 configurations for the oracle', () => {
    const dir = join(root, 'a');
    const result = waypoint('grasp', 'generate', '--seed', '5', '--count', '2', '--out', dir, '--json');
    assert.equal(result.code, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as { configurations: number }).configurations, 160);
    const files = readdirSync(dir).sort();
    assert.equal(files.length, 20);
    for (const start of ['inner', 'outer'])
      for (const energy of ['random', 'upDown', 'leftRight', 'cluster', 'spiral'])
        for (const obstacle of ['free', 'block']) assert.ok(files.includes(`${start}_${energy}_${obstacle}.jsonl`));
    for (const file of files) assert.equal(readFileSync(join(dir, file), 'utf8').trimEnd().split('\n').length, 2, file);
    const validation = waypoint('validate', dir);
    assert.equal(validation.code, 0, validation.stderr);
    assert.match(validation.stdout, /20 files validated: 0 errors, 0 warnings/);

    const same = join(root, 'b');
    assert.equal(waypoint('grasp', 'generate', '--seed', '5', '--count', '2', '--out', same).code, 0);
    const other = join(root, 'c');
    assert.equal(waypoint('grasp', 'generate', '--seed', '6', '--count', '2', '--out', other).code, 0);
    for (const file of files)
      assert.equal(readFileSync(join(same, file), 'utf8'), readFileSync(join(dir, file), 'utf8'), file);
    assert.ok(files.some((file) => readFileSync(join(other, file), 'utf8') !== readFileSync(join(dir, file), 'utf8')));

    const out = join(root, 'oracle.jsonl');
    const run = waypoint(
      'run',
      'grasp',
      dir,
      '--settings',
      'all',
      '--agent',
      'oracle',
      '--indices',
      '0-0',
      '--out',
      out,
    );
    assert.equal(run.code, 0, run.stderr);
    const records = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            question: { file: string; settings: { moves: number; carryLimit: string | number; stepCost: number } };
          },
      );
    const configurations = new Set(
      records.map(({ question: q }) => `${q.file}|${q.settings.moves}|${q.settings.carryLimit}|${q.settings.stepCost}`),
    );
    assert.equal(configurations.size, 160);
    assert.equal(records.length, 160);
  });

  it('refuses a non-empty folder (exit 1) and a missing seed (exit 2)', () => {
    const dir = join(root, 'a2');
    assert.equal(waypoint('grasp', 'generate', '--seed', '1', '--count', '1', '--out', dir).code, 0);
    assert.equal(waypoint('grasp', 'generate', '--seed', '1', '--out', dir).code, 1);
    assert.equal(waypoint('grasp', 'generate', '--out', join(root, 'none')).code, 2);
  });
});
