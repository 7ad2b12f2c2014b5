// `waypoint run` at scale (issue 14: "a 2,000-question run against a local OpenAI-compatible test
// server at concurrency 16 finishes at the server's pace, with memory flat"). The server answers
// every request after a fixed latency, so the pace is known: N questions × latency / concurrency.
// The CLI runs as users run it (a child process, node start-up included); its peak RSS is read
// from /proc while it runs, at three sizes: V8 grows its heap at first, then memory stays flat
// (measured: 149 MB at 500 questions, 211 MB at 2,000, 212 MB at 3,200).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAi } from '../test/support/fakeOpenAi';
import type { BenchRow } from './simplePathsBench';

const LATENCY_MS = 40;
const CONCURRENCY = 16;
/** Finishing within this factor of the server's pace counts as "at the server's pace" (start-up, prompt building and scoring included). */
const PACE_BUDGET = 1.3;

function peakRss(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function timedRun(
  cli: string,
  args: string[],
  cwd: string,
): Promise<{ ms: number; rssMb: number; code: number | null; stderr: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, ...args], { cwd });
  let rssMb = 0;
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const poll = setInterval(() => (rssMb = Math.max(rssMb, peakRss(child.pid ?? 0))), 50);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(poll);
  return { ms: performance.now() - started, rssMb, code, stderr };
}

/** GRASP questions: the four shared grid files × 8 agent settings × 100 indices (3,200), as many as asked. */
export async function benchRunPace(repoRoot: string): Promise<BenchRow[]> {
  const gridsDir = join(repoRoot, '..', 'shared', 'data', 'grasp');
  const grids = existsSync(gridsDir)
    ? ['inner_random_free.jsonl', 'inner_spiral_block.jsonl', 'outer_cluster_block.jsonl', 'outer_upDown_free.jsonl']
        .map((name) => join(gridsDir, name))
        .filter(existsSync)
    : [];
  if (grids.length === 0)
    return [
      {
        name: 'waypoint run, 2,000 questions at concurrency 16',
        value: Number.NaN,
        unit: '×pace',
        note: `skipped: no GRASP grid files in ${gridsDir}`,
      },
    ];
  const fake = await startFakeOpenAi();
  fake.respond = () => ({ content: '[UP, TAKE, DOWN, DROP]', delayMs: LATENCY_MS });
  const dir = mkdtempSync(join(tmpdir(), 'waypoint-bench-run-'));
  mkdirSync(join(dir, '.waypoint'));
  const cli = join(repoRoot, 'dist', 'cli.js');
  const rows: BenchRow[] = [];
  try {
    const sizes = [500, 2000, 3200];
    const peaks: number[] = [];
    for (const size of sizes) {
      const args = [
        'run',
        'grasp',
        ...grids,
        '--settings',
        'all',
        '--base-url',
        fake.url,
        '--model',
        `bench-${size}`,
        '--concurrency',
        String(CONCURRENCY),
        '--limit',
        String(size),
        '--no-cache',
        '--out',
        join(dir, `run-${size}.jsonl`),
      ];
      const result = await timedRun(cli, args, dir);
      if (result.code !== 0) throw new Error(`waypoint run exited ${result.code}: ${result.stderr.slice(0, 400)}`);
      const pace = (size * LATENCY_MS) / CONCURRENCY;
      peaks.push(result.rssMb);
      rows.push({
        name: `waypoint run, ${size.toLocaleString('en')} GRASP questions at concurrency ${CONCURRENCY} (time / server pace)`,
        value: result.ms / pace,
        unit: '×',
        budget: size === 2000 ? PACE_BUDGET : undefined,
        note: `${(result.ms / 1000).toFixed(1)} s; the server's pace is ${(pace / 1000).toFixed(1)} s (${LATENCY_MS} ms a reply)`,
      });
    }
    rows.push({
      name: 'waypoint run peak RSS, 3,200 vs 2,000 questions (flat: under 1.1×)',
      value: peaks[2] / peaks[1],
      unit: '×',
      budget: 1.1,
      note: `${peaks.map((peak) => peak.toFixed(0)).join(' → ')} MB at ${sizes.join(' / ')} questions`,
    });
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
