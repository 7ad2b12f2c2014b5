// Skeleton generation end to end, as a user runs it: `waypoint mango skeletons <game> --task df|rf`
// (node start-up included) against upstream's Python pipeline (gen_all2all.py then inter2data, re-
// written from upstream's source as bench/upstreamSkeletons.py) on the largest shared game, in the
// same run. Upstream makes both files in one run and has no cheaper way to make either (its RF
// labels come from its DF pass), so each Waypoint command is compared with that one run; the sum of
// the two commands is printed too. The outputs must agree (RF line for line; DF as a set, since
// upstream orders paths of equal length by Python's set hashing) or the bench fails. The reference
// leaves out what only slows upstream down (its matplotlib and tqdm imports, a print per pair, a
// second process for inter2data), so the ratio is a lower bound. Both sides are CPU-bound and
// timed by the wall clock: on a machine busy with other work the ratio drops (Node's JIT threads
// then compete for the cores; Python has none), so read it on an idle machine.
// Memory: the DF command behind a reader that does not read, on a game with gigabytes of lines.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './simplePathsBench';

const SPEEDUP_MINIMUM = 5;
const RSS_BUDGET_MB = 150;
const ROUNDS = 5;
const RUNS_PER_ROUND = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A command's stdout (it must exit 0). */
function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/**
 * Wall-clock milliseconds per run of a command run `times` times from one shell, output to
 * /dev/null, as a user runs it. Forking this (large) bench process costs about 20 ms a child, which
 * is neither side's start-up, so the shell forks the runs and this process forks once per loop.
 */
function timedRuns(command: string, args: string[], times: number): number {
  const started = performance.now();
  const result = spawnSync(
    'sh',
    [
      '-c',
      `for i in ${Array.from({ length: times }, (_, index) => index).join(' ')}; do "$0" "$@" > /dev/null || exit 1; done`,
      command,
      ...args,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  const ms = (performance.now() - started) / times;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return ms;
}

/** Why the Python reference cannot run here, or undefined when it can. */
function pythonUnavailable(script: string): string | undefined {
  if (!existsSync(script)) return `${script} not found`;
  try {
    execFileSync('python3', ['-c', 'import networkx'], { stdio: 'ignore', timeout: 30_000 });
    return undefined;
  } catch {
    return 'python3 with networkx not available';
  }
}

/** Waypoint's lines without the fields it adds after upstream's (action_list, answerable, easy). */
const upstreamPart = (line: string) =>
  line.replace(/(, "action_list": \[.*\])?, "answerable": (true|false), "easy": (true|false)\}$/, '}');
const linesOf = (text: string) => text.split('\n').filter((line) => line !== '');

/** Appends the skeleton rows: DF, RF and their sum against upstream, then peak RSS behind a paused reader. */
export async function benchSkeletons(rows: BenchRow[], mangoDir: string, repoRoot: string): Promise<void> {
  const cli = join(repoRoot, 'dist', 'cli.js');
  const games = existsSync(mangoDir)
    ? readdirSync(mangoDir).filter(
        (game) =>
          existsSync(join(mangoDir, game, `${game}.all2all.jsonl`)) &&
          existsSync(join(mangoDir, game, `${game}.edges.json`)),
      )
    : [];
  if (games.length === 0)
    rows.push({
      name: 'skeletons: largest shared game',
      value: Number.NaN,
      unit: 'ms',
      note: `skipped: no game with edges.json and all2all.jsonl in ${mangoDir}`,
    });
  else {
    // The largest game is the one upstream wrote the most DF lines for.
    const game = games.reduce((best, name) =>
      statSync(join(mangoDir, name, `${name}.all2all.jsonl`)).size >
      statSync(join(mangoDir, best, `${best}.all2all.jsonl`)).size
        ? name
        : best,
    );
    const gameDir = join(mangoDir, game);
    const script = join(repoRoot, 'bench', 'upstreamSkeletons.py');
    const unavailable = pythonUnavailable(script);
    const out = mkdtempSync(join(tmpdir(), 'waypoint-skeletons-bench-'));
    try {
      const df = run(process.execPath, [cli, 'mango', 'skeletons', gameDir, '--task', 'df']);
      const rf = run(process.execPath, [cli, 'mango', 'skeletons', gameDir, '--task', 'rf']);
      if (unavailable === undefined) run('python3', [script, join(gameDir, `${game}.edges.json`), out]);
      const times = { df: [] as number[], rf: [] as number[], python: [] as number[] };
      // Interleaved rounds, so a busy machine slows both sides alike; medians of per-run means.
      for (let round = 0; round < ROUNDS; round++) {
        times.df.push(
          timedRuns(process.execPath, [cli, 'mango', 'skeletons', gameDir, '--task', 'df'], RUNS_PER_ROUND),
        );
        times.rf.push(
          timedRuns(process.execPath, [cli, 'mango', 'skeletons', gameDir, '--task', 'rf'], RUNS_PER_ROUND),
        );
        if (unavailable === undefined)
          times.python.push(timedRuns('python3', [script, join(gameDir, `${game}.edges.json`), out], RUNS_PER_ROUND));
      }
      const dfMs = median(times.df);
      const rfMs = median(times.rf);
      rows.push({
        name: `skeletons: ${game} DF — waypoint (end to end)`,
        value: dfMs,
        unit: 'ms',
        note: `${linesOf(df).length.toLocaleString('en')} lines, median of ${ROUNDS} rounds of ${RUNS_PER_ROUND}`,
      });
      rows.push({ name: `skeletons: ${game} RF — waypoint (end to end)`, value: rfMs, unit: 'ms' });
      if (unavailable !== undefined)
        rows.push({
          name: 'skeletons: speedup against upstream Python',
          value: Number.NaN,
          unit: 'x',
          note: `skipped: ${unavailable}`,
        });
      else {
        const pythonDf = linesOf(readFileSync(join(out, 'all2all.jsonl'), 'utf8'));
        const pythonRf = linesOf(readFileSync(join(out, 'all_pairs.jsonl'), 'utf8'));
        if (linesOf(rf).map(upstreamPart).join('\n') !== pythonRf.join('\n'))
          throw new Error(`${game}: Waypoint's RF lines differ from upstream's`);
        if (linesOf(df).map(upstreamPart).sort().join('\n') !== [...pythonDf].sort().join('\n'))
          throw new Error(`${game}: Waypoint's DF lines differ from upstream's`);
        const pythonMs = median(times.python);
        rows.push({
          name: `skeletons: ${game} DF + RF — upstream Python (one run, end to end)`,
          value: pythonMs,
          unit: 'ms',
          note: 'upstream writes both files in one run',
        });
        rows.push({
          name: `skeletons: ${game} DF — speedup against upstream`,
          value: pythonMs / dfMs,
          unit: 'x',
          minimum: SPEEDUP_MINIMUM,
        });
        rows.push({
          name: `skeletons: ${game} RF — speedup against upstream`,
          value: pythonMs / rfMs,
          unit: 'x',
          minimum: SPEEDUP_MINIMUM,
        });
        rows.push({
          name: `skeletons: ${game} both files (two commands) — speedup`,
          value: pythonMs / (dfMs + rfMs),
          unit: 'x',
          note: 'two node start-ups against one Python run',
        });
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  rows.push(await pausedReaderPeakRss(cli));
}

/** Peak RSS of the DF command on a 5×5 two-way grid (gigabytes of lines) whose reader reads nothing for 2 s. */
async function pausedReaderPeakRss(cli: string): Promise<BenchRow> {
  const name = 'skeletons: peak RSS behind a paused reader';
  if (!existsSync('/proc/self/status'))
    return { name, value: Number.NaN, unit: 'MB', note: 'skipped: VmHWM is read from /proc (Linux only)' };
  const directory = join(mkdtempSync(join(tmpdir(), 'waypoint-grid-')), 'grid');
  mkdirSync(directory);
  writeFileSync(join(directory, 'grid.edges.json'), JSON.stringify(gridRecords(5)));
  const child = spawn(process.execPath, [cli, 'mango', 'skeletons', directory, '--task', 'df'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout.pause();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  child.kill();
  rmSync(join(directory, '..'), { recursive: true, force: true });
  const peakMB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
  return {
    name,
    value: peakMB,
    unit: 'MB',
    budget: RSS_BUDGET_MB,
    note: 'before: 176 MB after 2 s, 496 MB after 10 s, growing',
  };
}

function gridRecords(k: number) {
  const records: object[] = [];
  const edge = (src: string, action: string, dst: string, forward: number, reversed: number) => {
    const min = Math.min(forward, reversed);
    return {
      src_node: src,
      dst_node: dst,
      action,
      seen_in_forward: forward,
      seen_in_reversed: reversed,
      edge_min_step: min,
      seen_in_forward_answerable: forward,
      seen_in_reversed_answerable: reversed,
      edge_min_step_answerable: min,
    };
  };
  const name = (x: number, y: number) => `room ${x},${y}`;
  for (let y = 0; y < k; y++) {
    for (let x = 0; x < k; x++) {
      const step = 2 * (y * k + x);
      if (x + 1 < k)
        records.push(
          edge(name(x, y), 'east', name(x + 1, y), step + 1, 9999),
          edge(name(x + 1, y), 'west', name(x, y), 9999, step + 1),
        );
      if (y + 1 < k)
        records.push(
          edge(name(x, y), 'south', name(x, y + 1), step + 2, 9999),
          edge(name(x, y + 1), 'north', name(x, y), 9999, step + 2),
        );
    }
  }
  return records;
}
