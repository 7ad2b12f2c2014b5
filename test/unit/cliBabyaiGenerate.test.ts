// `waypoint babyai generate`: seeded levels of the LLM-BabyBench families whose proofs of
// solvability (the expert's actions) are replayed independently through `waypoint babyai replay`.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { difficultyOf, LEVEL_FAMILIES } from '../../src/core/babyai/levelGenerator';
import { distDir, repoRoot } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Proofs = { levels: Array<{ file: string; family: string; mission: string; difficulty: string; proof_length: number; proof: string[] }> };

describe('waypoint babyai generate', function () {
  this.timeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'waypoint-babyai-generate-'));

  it('writes valid levels of every family whose expert proofs replay to the reward, seeded', () => {
    const dir = join(root, 'a');
    const result = waypoint('babyai', 'generate', '--seed', '3', '--count', '3', '--out', dir);
    assert.equal(result.code, 0, result.stderr);
    const proofs = JSON.parse(readFileSync(join(dir, 'proofs.json'), 'utf8')) as Proofs;
    assert.equal(proofs.levels.length, LEVEL_FAMILIES.length * 3);
    assert.deepEqual(new Set(proofs.levels.map((level) => level.family)), new Set(LEVEL_FAMILIES));
    const validation = waypoint('validate', dir);
    assert.equal(validation.code, 0, validation.stderr);
    assert.match(validation.stdout, /18 files validated: 0 errors, 0 warnings/);
    for (const level of proofs.levels) {
      const file = JSON.parse(readFileSync(join(dir, level.file), 'utf8')) as { mission: string };
      assert.equal(file.mission, level.mission);
      assert.equal(level.difficulty, difficultyOf(level.proof_length));
      assert.equal(level.proof.length, level.proof_length);
      const replay = waypoint('babyai', 'replay', join(dir, level.file), '--actions', level.proof.join(','), '--json');
      assert.equal(replay.code, 0, replay.stderr);
      const steps = (JSON.parse(replay.stdout) as { steps: Array<{ reward: number; terminated: boolean }>; not_run: number }).steps;
      assert.equal(steps.length, level.proof.length, level.file);
      assert.ok(steps[steps.length - 1].terminated && steps[steps.length - 1].reward > 0, `${level.file}: the proof does not reach the reward`);
    }
    // Levels behind a locked door need the key first: they are never easier than the walk alone.
    const lengths = (family: string) => proofs.levels.filter((level) => level.family === family).map((level) => level.proof_length);
    assert.ok(Math.min(...lengths('goto-locked')) > Math.max(...lengths('goto')), 'goto-locked takes longer than goto');

    const same = join(root, 'b');
    assert.equal(waypoint('babyai', 'generate', '--seed', '3', '--count', '3', '--out', same).code, 0);
    for (const file of readdirSync(dir)) assert.equal(readFileSync(join(same, file), 'utf8'), readFileSync(join(dir, file), 'utf8'), file);
    const other = join(root, 'c');
    assert.equal(waypoint('babyai', 'generate', '--seed', '4', '--count', '3', '--out', other).code, 0);
    assert.notEqual(readFileSync(join(other, 'goto-0.level.json'), 'utf8'), readFileSync(join(dir, 'goto-0.level.json'), 'utf8'));
  });

  it('refuses an unknown family (exit 2) and a non-empty folder (exit 1)', () => {
    assert.equal(waypoint('babyai', 'generate', '--seed', '1', '--family', 'teleport', '--out', join(root, 'x')).code, 2);
    const dir = join(root, 'd');
    assert.equal(waypoint('babyai', 'generate', '--seed', '1', '--family', 'goto', '--count', '1', '--out', dir).code, 0);
    assert.equal(waypoint('babyai', 'generate', '--seed', '1', '--family', 'goto', '--out', dir).code, 1);
  });
});
