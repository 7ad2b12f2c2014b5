// `waypoint babyai generate`: seeded levels of the LLM-BabyBench families whose proofs of
// solvability (the expert's actions) are replayed independently through `waypoint babyai replay`.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { difficultyOf, LEVEL_FAMILIES } from '../../src/core/benchmarks/babyai/levelGenerator';
import { distDir, repoRoot } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Proofs = {
  levels: Array<{
    file: string;
    family: string;
    mission: string;
    difficulty: string;
    proof_length: number;
    proof: string[];
  }>;
};

describe('waypoint babyai generate', function () {
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
      const steps = (
        JSON.parse(replay.stdout) as { steps: Array<{ reward: number; terminated: boolean }>; not_run: number }
      ).steps;
      assert.equal(steps.length, level.proof.length, level.file);
      assert.ok(
        steps[steps.length - 1].terminated && steps[steps.length - 1].reward > 0,
        `${level.file}: the proof does not reach the reward`,
      );
    }
    // Levels behind a locked door need the key first: they are never easier than the walk alone.
    const lengths = (family: string) =>
      proofs.levels.filter((level) => level.family === family).map((level) => level.proof_length);
    assert.ok(Math.min(...lengths('goto-locked')) > Math.max(...lengths('goto')), 'goto-locked takes longer than goto');

    const same = join(root, 'b');
    assert.equal(waypoint('babyai', 'generate', '--seed', '3', '--count', '3', '--out', same).code, 0);
    for (const file of readdirSync(dir))
      assert.equal(readFileSync(join(same, file), 'utf8'), readFileSync(join(dir, file), 'utf8'), file);
    const other = join(root, 'c');
    assert.equal(waypoint('babyai', 'generate', '--seed', '4', '--count', '3', '--out', other).code, 0);
    assert.notEqual(
      readFileSync(join(other, 'goto-0.level.json'), 'utf8'),
      readFileSync(join(dir, 'goto-0.level.json'), 'utf8'),
    );
  });

  it('refuses an unknown family (exit 2) and a non-empty folder (exit 1)', () => {
    assert.equal(
      waypoint('babyai', 'generate', '--seed', '1', '--family', 'teleport', '--out', join(root, 'x')).code,
      2,
    );
    const dir = join(root, 'd');
    assert.equal(
      waypoint('babyai', 'generate', '--seed', '1', '--family', 'goto', '--count', '1', '--out', dir).code,
      0,
    );
    assert.equal(waypoint('babyai', 'generate', '--seed', '1', '--family', 'goto', '--out', dir).code, 1);
  });
  it('streams: 2,000 levels are written with the heap capped at 24 MB (building them all first ran out at 1,000)', () => {
    const dir = join(root, 'many');
    const result = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=24',
        join(distDir, 'cli.js'),
        'babyai',
        'generate',
        '--seed',
        '7',
        '--family',
        'goto',
        '--count',
        '2000',
        '--out',
        dir,
        '--json',
      ],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    assert.equal(result.status, 0, result.stderr.slice(-2000));
    assert.equal((JSON.parse(result.stdout) as { levels: number }).levels, 2000);
    assert.equal(readdirSync(dir).length, 2001);
    // Nothing of the temporary folder is left beside the output.
    assert.deepEqual(
      readdirSync(root).filter((name) => name.includes('.partial')),
      [],
    );
    const proofs = JSON.parse(readFileSync(join(dir, 'proofs.json'), 'utf8')) as Proofs;
    assert.equal(proofs.levels.length, 2000);
    assert.equal(proofs.levels[1999].file, 'goto-1999.level.json');
  });

  it('writes proofs.json as the whole object printed with two-space indent, into an empty existing folder', () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    // The folder is filled, not replaced: it keeps its inode and its mode (a shared setgid folder, a
    // mount point, the shell's current folder would otherwise be swapped for a new one).
    chmodSync(dir, 0o2770);
    const before = statSync(dir);
    const result = waypoint(
      'babyai',
      'generate',
      '--seed',
      'x"y',
      '--family',
      'putnext,unlock',
      '--count',
      '4',
      '--distractors',
      '0',
      '--out',
      dir,
    );
    assert.equal(result.code, 0, result.stderr);
    const after = statSync(dir);
    assert.deepEqual([after.ino, after.mode], [before.ino, before.mode]);
    const text = readFileSync(join(dir, 'proofs.json'), 'utf8');
    assert.equal(text, `${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const proofs = JSON.parse(text) as Proofs & { seed: string; distractors: number };
    assert.deepEqual([proofs.seed, proofs.distractors, proofs.levels.length], ['x"y', 0, 8]);
    assert.equal(readdirSync(dir).length, 9);
    // `--out .` from inside an empty folder: the levels land in the folder the shell is in.
    const here = join(root, 'here');
    mkdirSync(here);
    const dot = spawnSync(
      process.execPath,
      [join(distDir, 'cli.js'), 'babyai', 'generate', '--seed', '3', '--family', 'goto', '--count', '3', '--out', '.'],
      { cwd: here, encoding: 'utf8' },
    );
    assert.equal(dot.status, 0, dot.stderr);
    assert.deepEqual(readdirSync(here).sort(), [
      'goto-0.level.json',
      'goto-1.level.json',
      'goto-2.level.json',
      'proofs.json',
    ]);
  });
  it('on Ctrl+C (SIGINT) removes its temporary folder, leaves --out as it was, and exits 130', async () => {
    const parent = join(root, 'interrupted');
    const dir = join(parent, 'levels');
    mkdirSync(dir, { recursive: true });
    const child = spawn(
      process.execPath,
      [join(distDir, 'cli.js'), 'babyai', 'generate', '--seed', '1', '--count', '100000', '--out', dir],
      { cwd: repoRoot },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Levels reach the hidden temporary folder inside the (existing) --out while it runs (waited
    // for with a generous cap: a build that does not stream fails the assertions below).
    let streamed = 0;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline && streamed < 50; ) {
      const partial = readdirSync(dir).find((name) => name.endsWith('.partial'));
      streamed = partial ? readdirSync(join(dir, partial)).length : 0;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill('SIGINT');
    const code = await ended;
    assert.ok(streamed >= 50, `levels reach the disk while it runs (${streamed} files)`);
    assert.equal(code, 130, stderr);
    assert.match(stderr, /SIGINT after \d+ levels: stopped; nothing was written to .*levels/);
    assert.deepEqual(readdirSync(parent), ['levels']);
    assert.deepEqual(readdirSync(dir), []);
  });
});
