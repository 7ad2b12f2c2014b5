// `node dist/bench/killResumeProbe.js [--trials N] [--game DIR] [--limit N] [--seed S]` (built by
// `node esbuild.mjs --tests`): issue 29's fault probe of the run file, as a user meets the faults.
// N trials (default 50) of `waypoint run --agent oracle` on a MANGO game (default the sample
// game; ../shared/data/mango/<game> works too) killed with SIGKILL at seeded random points, some
// twice, some with the file then cut at a random byte (a disk that filled mid-record), each
// followed by --resume (test/support/killResume.ts checks it). Then, where a tmpfs can be mounted
// (root), a run into a disk that really fills. Prints one line a trial and "trials passed: X/N";
// exits 1 when one fails.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseRunRecords } from '../src/core/eval/recordSchemas';
import { killResumeTrial } from '../test/support/killResume';

const repoRoot = resolve(__dirname, '..', '..');
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
};
const trials = Number(option('trials', '50'));
const game = resolve(option('game', join(repoRoot, 'samples', 'mango', 'lighthouse')));
const limit = argv.includes('--limit') ? Number(option('limit', '0')) : undefined;
const firstSeed = Number(option('seed', '1'));
const cli = join(repoRoot, 'dist', 'cli.js');

async function killTrials(): Promise<number> {
  let passed = 0;
  let leftTemporaries = 0;
  for (let trial = 0; trial < trials; trial++) {
    const seed = firstSeed + trial;
    const dir = mkdtempSync(join(tmpdir(), 'waypoint-kill-probe-'));
    try {
      const result = await killResumeTrial({ dir, game, limit, seed });
      if (result.ok) passed++;
      leftTemporaries += result.leftTemporaries;
      console.log(
        `trial ${seed}: ${result.ok ? 'ok' : 'FAILED'} (${result.records} records, ${result.answered} questions) ${result.detail}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`trials passed: ${passed}/${trials}`);
  // Only a SIGKILL can leave one (no process gets to clean up after it); a normal end, Ctrl+C or SIGTERM never does.
  console.log(`cache temporary files left by killed processes: ${leftTemporaries}`);
  return passed;
}

/** A run whose --out is on a 1 MB tmpfs: it must stop naming the file, leave whole lines, and resume elsewhere. */
function diskFullTrial(): boolean | null {
  const dir = mkdtempSync(join(tmpdir(), 'waypoint-full-probe-'));
  const small = join(dir, 'small');
  mkdirSync(small);
  mkdirSync(join(dir, '.waypoint'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', small]);
  if (mounted.status !== 0) {
    console.log(`disk-full trial: skipped (cannot mount a tmpfs: ${String(mounted.stderr).trim() || 'not permitted'})`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  try {
    const out = join(small, 'run.jsonl');
    const full = spawnSync(process.execPath, [cli, 'run', 'mango', game, '--agent', 'oracle', '--out', out], {
      cwd: dir,
      encoding: 'utf8',
    });
    const text = readFileSync(out, 'utf8');
    const parsed = parseRunRecords(text, out);
    const named = full.stderr.includes(`${out}: no space left on device while appending a record`);
    const whole = text.endsWith('\n') && parsed.problems.length === 0 && parsed.torn.length === 0;
    // Room again (the file moved to a disk with space): --resume finishes it.
    const moved = join(dir, 'run.jsonl');
    copyFileSync(out, moved);
    const resumed = spawnSync(
      process.execPath,
      [cli, 'run', 'mango', game, '--agent', 'oracle', '--out', moved, '--resume'],
      { cwd: dir, encoding: 'utf8' },
    );
    const after = parseRunRecords(readFileSync(moved, 'utf8'), moved);
    const ids = after.records.map((record) => record.question.sampleId);
    const ok = full.status === 1 && named && whole && resumed.status === 0 && new Set(ids).size === ids.length;
    console.log(
      `disk-full trial: ${ok ? 'ok' : 'FAILED'} (exit ${full.status}, file named: ${named}, ${parsed.records.length} whole records, then --resume exit ${resumed.status} with ${ids.length} records, ${ids.length - new Set(ids).size} twice)`,
    );
    return ok;
  } finally {
    spawnSync('umount', [small]);
    rmSync(dir, { recursive: true, force: true });
  }
}

void (async () => {
  const passed = await killTrials();
  const full = diskFullTrial();
  process.exitCode = passed === trials && full !== false ? 0 : 1;
})();
