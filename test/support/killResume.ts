// One trial of "kill `waypoint run` anywhere, then --resume" (issue 29), shared by the unit test
// (a few trials) and bench/killResumeProbe.ts (fifty): a real child process runs the offline oracle
// on a MANGO game and is killed with SIGKILL at a point the seed picks (after k records, or k ms
// after its start, while it reads its file, asks, or writes), optionally twice; some trials then
// cut the file at a random byte, as a disk that filled in the middle of a record leaves it. A final
// --resume must end with every question answered exactly once, every line a whole record, and no
// lock left behind.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { parseRunRecords } from '../../src/core/eval/recordSchemas';
import { seededRandom } from '../../src/core/util/random';
import { distDir } from './paths';

export interface TrialOptions {
  /** An empty folder the trial may use. */
  dir: string;
  /** A MANGO game folder. */
  game: string;
  /** `--limit` of the run (the game's questions when absent). */
  limit?: number;
  seed: number;
}

export interface TrialResult {
  ok: boolean;
  /** What went wrong, or what the trial did (for the probe's log). */
  detail: string;
  /** Questions the final file answers, records in it, and records of a question already answered. */
  answered: number;
  records: number;
  duplicates: number;
  /** The cache's temporary files left by killed processes (a SIGKILL gives no chance to remove them). */
  leftTemporaries: number;
}

const cli = () => join(distDir, 'cli.js');

/** Runs the CLI; `kill` (if given) picks when to SIGKILL it from its progress lines or a timer. */
function runCli(
  args: readonly string[],
  cwd: string,
  kill?: { afterRecords: number } | { afterMs: number },
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(process.execPath, [cli(), ...args], { cwd });
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    if (kill && 'afterMs' in kill) timer = setTimeout(() => child.kill('SIGKILL'), kill.afterMs);
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      if (kill && 'afterRecords' in kill) {
        const done = [...String(chunk).matchAll(/"done":(\d+)/g)].map((match) => Number(match[1]));
        if (done.some((count) => count >= kill.afterRecords)) child.kill('SIGKILL');
      }
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Files ending in .tmp under `dir`. */
function temporariesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.tmp')).length;
}

export async function killResumeTrial(options: TrialOptions): Promise<TrialResult> {
  const random = seededRandom(`kill-resume/${options.seed}`);
  mkdirSync(join(options.dir, '.waypoint'), { recursive: true });
  const out = join(options.dir, 'run.jsonl');
  const base = ['run', 'mango', options.game, '--agent', 'oracle', '--out', out, '--resume', '--progress', 'json'];
  const args = options.limit === undefined ? base : [...base, '--limit', String(options.limit)];
  const total = options.limit ?? Number.POSITIVE_INFINITY;
  const steps: string[] = [];
  const kills = random.next() < 0.3 ? 2 : 1;
  for (let kill = 0; kill < kills; kill++) {
    const point =
      random.next() < 0.5
        ? { afterRecords: random.integer(0, Math.min(total, 300) - 1) }
        : { afterMs: random.integer(0, 2500) };
    const killed = await runCli(args, options.dir, point);
    steps.push(`${JSON.stringify(point)} → ${killed.signal ?? `exit ${killed.code}`}`);
    if (killed.signal === null && killed.code !== 0)
      return fail(`a killed run's predecessor failed: exit ${killed.code}: ${killed.stderr.slice(-400)}`);
  }
  // A disk that filled in the middle of a record: the file cut at a random byte.
  if (existsSync(out) && random.next() < 0.4) {
    const size = statSync(out).size;
    if (size > 0) {
      const at = random.integer(Math.max(0, size - 20000), size - 1);
      truncateSync(out, at);
      steps.push(`cut at byte ${at} of ${size}`);
    }
  }
  // Every whole line already written must survive the resume byte for byte: nothing lost.
  const before = existsSync(out) ? readFileSync(out) : Buffer.alloc(0);
  const kept = before.subarray(0, before.lastIndexOf(10) + 1);
  const final = await runCli(
    args.filter((arg) => arg !== '--progress' && arg !== 'json'),
    options.dir,
  );
  if (final.code !== 0) return fail(`the final --resume exited ${final.code}: ${final.stderr.slice(-400)}`);
  const after = readFileSync(out);
  const text = after.toString('utf8');
  const parsed = parseRunRecords(text, out);
  const ids = parsed.records.map((record) => record.question.sampleId);
  const answered = new Set(ids).size;
  const result = {
    answered,
    records: ids.length,
    duplicates: ids.length - answered,
    leftTemporaries: temporariesUnder(join(options.dir, '.waypoint', 'cache')),
  };
  const wrong = [
    parsed.problems.length > 0 ? `${parsed.problems.length} lines not records: ${parsed.problems[0]}` : '',
    parsed.torn.length > 0 ? `${parsed.torn.length} records cut short` : '',
    text.endsWith('\n') ? '' : 'the file does not end with a line end',
    result.duplicates > 0 ? `${result.duplicates} questions recorded twice` : '',
    options.limit !== undefined && answered !== options.limit ? `${answered} of ${options.limit} answered` : '',
    parsed.records.some((record) => record.error !== undefined) ? 'an error record' : '',
    existsSync(`${out}.lock`) ? 'the lock was left behind' : '',
    after.subarray(0, kept.length).equals(kept) ? '' : 'a line written before the resume was changed',
  ].filter(Boolean);
  return { ok: wrong.length === 0, detail: [...steps, ...wrong].join('; '), ...result };

  function fail(detail: string): TrialResult {
    return {
      ok: false,
      detail: [...steps, detail].join('; '),
      answered: 0,
      records: 0,
      duplicates: 0,
      leftTemporaries: 0,
    };
  }
}
