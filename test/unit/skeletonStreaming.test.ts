// `waypoint mango skeletons` at speed: the chunked text writer against the object path it replaces
// (same bytes, on hand-made, sample and shared games, with and without limits), and the CLI behind
// a reader that pauses (memory stays flat) or leaves early (exit 0, nothing on stderr).
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import fc from 'fast-check';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeSha256Hex } from '../../src/cli/mango/skeletons';
import { pythonJsonDumps } from '../../src/core/util/pythonJson';
import { skeletonTextChunks } from '../../src/core/benchmarks/mango/skeletons/skeletonText';
import { dfSkeletons, isAnswerable, isEasy, rfSkeletons } from '../../src/core/benchmarks/mango/skeletons/skeletons';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { edge } from '../support/mangoEdges';
import { distDir, repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

/** The CLI's lines as it built them before the text writer: the skeleton object, then Waypoint's fields. */
function objectLines(task: 'df' | 'rf', records: readonly EdgeRecord[], cutoff: number, limitPerPair?: number): string {
  if (task === 'df') {
    return [...dfSkeletons(records, { limitPerPair })]
      .map(({ skeleton, truncated }) => {
        const extra = {
          action_list: skeleton.path_details.map((step) => step.action),
          answerable: isAnswerable(skeleton, cutoff),
          easy: isEasy(skeleton, cutoff),
        };
        return `${pythonJsonDumps({ ...skeleton, ...extra, ...(truncated ? { truncated } : {}) })}\n`;
      })
      .join('');
  }
  return [...rfSkeletons(records, { limitPerPair })]
    .map(
      ({ skeleton, truncated }) =>
        `${pythonJsonDumps({ ...skeleton, answerable: isAnswerable(skeleton, cutoff), easy: isEasy(skeleton, cutoff), ...(truncated ? { truncated } : {}) })}\n`,
    )
    .join('');
}

function textLines(task: 'df' | 'rf', records: readonly EdgeRecord[], cutoff: number, limitPerPair?: number): string {
  return [
    ...skeletonTextChunks(task, records, { limitPerPair, labelsAtCutoff: cutoff, sha256Hex: nodeSha256Hex }),
  ].join('');
}

/** A two-way k×k grid: few locations, a great many simple paths (as a large game has). */
function gridRecords(k: number): EdgeRecord[] {
  const records: EdgeRecord[] = [];
  const name = (x: number, y: number) => `room ${x},${y}`;
  for (let y = 0; y < k; y++) {
    for (let x = 0; x < k; x++) {
      if (x + 1 < k)
        records.push(
          edge(name(x, y), 'east', name(x + 1, y), 2 * (y * k + x) + 1),
          edge(name(x + 1, y), 'west', name(x, y), 9999, 2 * (y * k + x) + 1),
        );
      if (y + 1 < k)
        records.push(
          edge(name(x, y), 'south', name(x, y + 1), 2 * (y * k + x) + 2),
          edge(name(x, y + 1), 'north', name(x, y), 9999, 2 * (y * k + x) + 2),
        );
    }
  }
  return records;
}

function gameDir(name: string, records: readonly EdgeRecord[]): string {
  const directory = join(mkdtempSync(join(tmpdir(), 'waypoint-skeletons-')), name);
  mkdirSync(directory);
  writeFileSync(join(directory, `${name}.edges.json`), JSON.stringify(records));
  return directory;
}

describe('skeleton text writer', () => {
  // Parallel edges (expanded, last step fastest), a reverse-only edge, an unreachable location and a
  // non-ASCII name (escaped as Python's ensure_ascii does).
  const handMade: EdgeRecord[] = [
    edge('a', 'north', 'b', 2),
    edge('b', 'east', 'c', 4, 30),
    edge('b', 'climb', 'c', 9),
    edge('a', 'jump', 'c', 80),
    edge('c', 'west', 'b', 9999, 4),
    edge('d', 'south', 'a', 1),
    edge('c', 'up', 'café ☕', 75),
  ];
  const lighthouse = JSON.parse(
    readFileSync(join(samplesDir, 'mango', 'lighthouse', 'lighthouse.edges.json'), 'utf8'),
  ) as EdgeRecord[];

  for (const task of ['df', 'rf'] as const) {
    it(`writes the object path's ${task} lines byte for byte, with and without limits and cutoffs`, () => {
      for (const records of [handMade, lighthouse, gridRecords(3)]) {
        for (const [cutoff, limit] of [
          [70, undefined],
          [5, undefined],
          [70, 1],
          [10, 2],
          [70, 7],
        ] as const) {
          assert.equal(
            textLines(task, records, cutoff, limit),
            objectLines(task, records, cutoff, limit),
            `cutoff ${cutoff}, limit ${limit}`,
          );
        }
      }
    });
  }

  it('searches once per source without a limit and per pair under one, with the same lines', () => {
    // Random small games with parallel edges: a limit no pair reaches takes the per-pair, per-length
    // route (DF) and the per-pair route (RF); no limit takes the per-source search.
    const games = fc.array(
      fc.tuple(
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('north', 'south', 'up', 'jump'),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 90 }),
      ),
      { maxLength: 16 },
    );
    fc.assert(
      fc.property(games, (tuples) => {
        const records = tuples
          .filter(([u, , v]) => u !== v)
          .map(([u, action, v, forward, reversed]) => edge(`n${u}`, action, `n${v}`, forward, reversed));
        const unreachable = 1e15;
        for (const task of ['df', 'rf'] as const)
          assert.equal(textLines(task, records, 40), textLines(task, records, 40, unreachable), task);
      }),
      { numRuns: 200 },
    );
  });

  it('writes upstream lines alone without a cutoff, in chunks that end on whole lines', () => {
    const chunks = [...skeletonTextChunks('df', lighthouse, { chunkChars: 1000 })];
    assert.ok(chunks.length > 2);
    chunks.slice(0, -1).forEach((chunk) => assert.ok(chunk.length >= 1000 && chunk.endsWith('\n')));
    assert.equal(
      chunks.join(''),
      [...dfSkeletons(lighthouse)].map((line) => `${pythonJsonDumps(line.skeleton)}\n`).join(''),
    );
  });

  it('reproduces the six shared games as the object path does (node:crypto ids = core ids)', function () {
    const mangoDir = join(sharedDataDir, 'mango');
    if (!existsSync(mangoDir)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    for (const game of ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1']) {
      const records = JSON.parse(readFileSync(join(mangoDir, game, `${game}.edges.json`), 'utf8')) as EdgeRecord[];
      for (const task of ['df', 'rf'] as const)
        assert.equal(textLines(task, records, 70), objectLines(task, records, 70), `${game} ${task}`);
    }
  });
});

/** The memory the generator may reach behind a paused or slow reader. */
const RSS_LIMIT_MB = 150;

/** A running process's scheduler state (R running, S asleep, …) and CPU time in clock ticks (Linux /proc). */
function processState(pid: number): { state: string; cpuTicks: number } {
  // /proc/<pid>/stat: "pid (comm) state ... utime stime ..."; fields after the comm's closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

/** Peak resident memory of a running process in MB (Linux), or undefined where /proc is missing. */
function peakRssMB(pid: number): number | undefined {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return undefined;
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'));
  return match ? Number(match[1]) / 1024 : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('waypoint mango skeletons behind a slow or vanishing reader', () => {
  // A 5×5 two-way grid: gigabytes of DF lines, far more than the test ever reads.
  const big = gameDir('grid', gridRecords(5));

  function start() {
    const child = spawn(process.execPath, [join(distDir, 'cli.js'), 'mango', 'skeletons', big, '--task', 'df'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { child, exited, stderr: () => stderr };
  }

  it('keeps memory flat while the reader pauses, then reads slowly, and exits 0 when it leaves', async function () {
    if (!existsSync('/proc/self/status')) {
      console.log('      skipped: peak RSS is read from /proc/<pid>/status (VmHWM), which only Linux has');
      this.skip();
    }
    const { child, exited, stderr } = start();
    try {
      child.stdout.pause();
      // Unchecked, generation fills memory at about 100 MB/s here; with backpressure it waits. It
      // has waited once it wrote and then sat idle (asleep, its CPU time unchanged) for a while, or
      // it failed once its memory passed the limit: conditions, so a busy machine that runs it
      // slowly decides nothing.
      const pid = child.pid as number;
      let idlePolls = 0;
      let lastCpu = -1;
      for (
        const cap = Date.now() + 120_000;
        idlePolls < 5 && Date.now() < cap && (peakRssMB(pid) ?? 0) < RSS_LIMIT_MB;
      ) {
        await sleep(100);
        const { state, cpuTicks } = processState(pid);
        idlePolls = child.stdout.readableLength > 0 && state === 'S' && cpuTicks === lastCpu ? idlePolls + 1 : 0;
        lastCpu = cpuTicks;
      }
      const peak = peakRssMB(pid);
      assert.ok(peak !== undefined && peak < RSS_LIMIT_MB, `peak RSS ${peak?.toFixed(0)} MB behind a paused reader`);
      assert.equal(idlePolls, 5, 'the generator waits for the paused reader (asleep, using no CPU)');
      let read = 0;
      child.stdout.on('data', (data: Buffer) => {
        read += data.length;
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 20);
      });
      child.stdout.resume();
      for (const cap = Date.now() + 120_000; read <= 256 * 1024 && Date.now() < cap; ) await sleep(20);
      assert.equal(child.exitCode, null, 'the game must outlast the test for the pause to mean anything');
      assert.ok(read > 256 * 1024, `the slow reader got ${read} bytes`);
      const after = peakRssMB(pid);
      assert.ok(after !== undefined && after < RSS_LIMIT_MB, `peak RSS ${after?.toFixed(0)} MB behind a slow reader`);
      child.stdout.destroy();
      assert.equal(await exited, 0);
      assert.equal(stderr(), '');
    } finally {
      if (child.exitCode === null) child.kill();
    }
  });

  it('exits 0 quietly when the reader takes a little and closes the pipe (| head -c 1000)', async () => {
    const { child, exited, stderr } = start();
    try {
      let got = '';
      child.stdout.once('data', (data: Buffer) => {
        got = data.toString('utf8', 0, 1000);
        child.stdout.destroy();
      });
      assert.equal(await exited, 0);
      assert.equal(stderr(), '');
      assert.ok(
        got.startsWith(
          '{"src_node": "room 0,0", "dst_node": "room 1,0", "diff_shortest": 0, "path_details": [{"prev_node": "room 0,0"',
        ),
        got.slice(0, 120),
      );
    } finally {
      if (child.exitCode === null) child.kill();
    }
  });
});
