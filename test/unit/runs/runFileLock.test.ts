// The lock of a run file (issue 29: two processes on one --out both wrote every question and both
// exited 0). The lock itself: refused while its holder runs, taken over (with a warning) when the
// holder is gone on this host, never taken from another host. Through the built CLI: a second
// writer is refused naming the first, two runs started together never ask a question twice, and
// the lock is gone after a run ends by SIGTERM or by an error.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import { lockPathOf, RunFileLock, RunFileLocked } from '../../../src/host/runFileLock';
import { runWaypoint, runWaypointWith } from '../../support/cli';
import { vllmRunBatch } from '../../support/vllmRunBatch';
import { samplesDir } from '../../support/paths';

const game = join(samplesDir, 'mango', 'lighthouse');

/** The pid of a process that has exited (so no process runs under it, barring reuse within the test). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

function writeLock(out: string, holder: Record<string, unknown>): void {
  writeFileSync(lockPathOf(out), `${JSON.stringify(holder)}\n`);
}

/** sampleIds of the file's records, with how many records each has. */
function recordCounts(out: string): { ids: Map<string, number>; problems: string[]; text: string } {
  const text = readFileSync(out, 'utf8');
  const parsed = parseRunRecords(text, out);
  const ids = new Map<string, number>();
  for (const record of parsed.records) ids.set(record.question.sampleId, (ids.get(record.question.sampleId) ?? 0) + 1);
  return { ids, problems: parsed.problems, text };
}

describe('run file lock', function () {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-lock-'));
    mkdirSync(join(dir, '.waypoint'));
    out = join(dir, 'run.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder, naming the first, until the first releases', function () {
    const warnings: string[] = [];
    const first = RunFileLock.acquire(out, (line) => warnings.push(line));
    assert.throws(
      () => RunFileLock.acquire(out, (line) => warnings.push(line)),
      (error: unknown) =>
        error instanceof RunFileLocked &&
        error.holder?.pid === process.pid &&
        error.message.includes(`pid ${process.pid} on ${hostname()}`) &&
        error.message.includes(lockPathOf(out)),
    );
    first.release();
    assert.equal(existsSync(lockPathOf(out)), false);
    const second = RunFileLock.acquire(out, (line) => warnings.push(line));
    second.release();
    assert.deepEqual(warnings, []);
  });

  it('takes over the lock of a process that is gone, with a warning', function () {
    const pid = deadPid();
    writeLock(out, { pid, host: hostname(), since: '2025-01-01T00:00:00.000Z' });
    const warnings: string[] = [];
    const lock = RunFileLock.acquire(out, (line) => warnings.push(line));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], new RegExp(`pid ${pid} on .*is gone; taking the lock over`));
    assert.equal(JSON.parse(readFileSync(lockPathOf(out), 'utf8')).pid, process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (started later)', function () {
    if (!existsSync('/proc/self/stat')) {
      // Without /proc a pid cannot be told from its reuse: the lock is the live process's, refused.
      writeLock(out, { pid: process.ppid, host: hostname(), since: 'x', start: '1' });
      assert.throws(() => RunFileLock.acquire(out, () => {}), RunFileLocked);
      return;
    }
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeLock(out, { pid: sleeper.pid, host: hostname(), since: 'x', start: '1' });
      const warnings: string[] = [];
      RunFileLock.acquire(out, (line) => warnings.push(line)).release();
      assert.equal(warnings.length, 1);
    } finally {
      sleeper.kill();
    }
  });

  it('never takes a lock from another host, and refuses a lock that names nobody', function () {
    writeLock(out, { pid: deadPid(), host: `${hostname()}-elsewhere`, since: '2025-01-01T00:00:00.000Z' });
    assert.throws(
      () => RunFileLock.acquire(out, () => {}),
      (error: unknown) => error instanceof RunFileLocked && /elsewhere, since 2025-01-01/.test(error.message),
    );
    writeFileSync(lockPathOf(out), '{"pid":');
    assert.throws(
      () => RunFileLock.acquire(out, () => {}),
      (error: unknown) => error instanceof RunFileLocked && /does not say by whom/.test(error.message),
    );
  });

  it('waypoint run refuses an --out another live process writes, and leaves it untouched', async function () {
    writeFileSync(out, '');
    writeLock(out, { pid: process.pid, host: hostname(), since: '2025-01-01T00:00:00.000Z' });
    const run = await runWaypoint(['run', 'mango', game, '--agent', 'oracle', '--out', out, '--resume'], dir);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, new RegExp(`being written by another run \\(pid ${process.pid} on ${hostname()}`));
    assert.equal(readFileSync(out, 'utf8'), '');
    assert.ok(existsSync(lockPathOf(out)), 'the other process keeps its lock');
  });

  it('import and batch import refuse an --out a live run holds, leave it untouched, and release their own', async function () {
    const grids = join(samplesDir, 'grasp');
    const questionArgs = [
      'grasp',
      join(grids, 'inner_cluster_free.jsonl'),
      '--settings',
      '4-none-0',
      '--indices',
      '0-2',
    ];
    const exported = await runWaypoint(['batch', 'export', ...questionArgs, '--model', 'qwen'], dir);
    assert.equal(exported.code, 0, exported.stderr);
    writeFileSync(
      join(dir, 'output.jsonl'),
      vllmRunBatch(exported.stdout, { servedModel: 'qwen', answer: () => '[]' }),
    );
    const imports = [
      ['import', 'grasp', join(grids, 'results', 'waypoint_sample_output.jsonl'), '--grids', grids, '--out', out],
      ['batch', 'import', ...questionArgs, '--results', 'output.jsonl', '--out', out],
    ];
    for (const args of imports) {
      writeFileSync(out, 'the run being written\n');
      writeLock(out, { pid: process.pid, host: hostname(), since: '2025-01-01T00:00:00.000Z' });
      const held = await runWaypoint(args, dir);
      assert.equal(held.code, 1, held.stderr);
      assert.match(held.stderr, new RegExp(`being written by another run \\(pid ${process.pid} on ${hostname()}`));
      assert.equal(readFileSync(out, 'utf8'), 'the run being written\n');
      assert.ok(existsSync(lockPathOf(out)), 'the run keeps its lock');

      // A lock of a process that is gone is taken over (said), and the import's own is gone after it.
      writeLock(out, { pid: deadPid(), host: hostname(), since: '2025-01-01T00:00:00.000Z' });
      const free = await runWaypoint(args, dir);
      assert.match(free.stderr, /is gone; taking the lock over/);
      assert.ok(recordCounts(out).ids.size > 0, free.stderr);
      assert.equal(existsSync(lockPathOf(out)), false);
    }
  });

  it('two runs started together on one --out ask no question twice', async function () {
    const args = ['run', 'mango', game, '--agent', 'oracle', '--limit', '80', '--out', out, '--resume'];
    const runs = await Promise.all([runWaypoint(args, dir), runWaypoint(args, dir)]);
    for (const run of runs)
      assert.ok(
        run.code === 0 || (run.code === 1 && /being written by another run \(pid \d+/.test(run.stderr)),
        `exit ${run.code}: ${run.stderr}`,
      );
    const { ids, problems } = recordCounts(out);
    assert.deepEqual(problems, []);
    assert.equal(ids.size, 80);
    assert.deepEqual([...new Set(ids.values())], [1]);
    assert.equal(existsSync(lockPathOf(out)), false);
  });

  it('SIGTERM ends a run with whole lines, exit 143 and the lock released; --resume completes it', async function () {
    const args = ['run', 'mango', game, '--agent', 'oracle', '--out', out, '--concurrency', '2'];
    let sent = false;
    const first = await runWaypointWith([...args, '--progress', 'json'], dir, {
      onStderr: (text, child) => {
        if (!sent && /"done":([5-9]|\d\d+)\b/.test(text)) {
          sent = true;
          child.kill('SIGTERM');
        }
      },
    });
    assert.equal(first.code, 143, first.stderr);
    assert.match(first.stderr, /terminated \(SIGTERM\)/);
    assert.equal(existsSync(lockPathOf(out)), false);
    const before = recordCounts(out);
    assert.ok(before.text.endsWith('\n'));
    assert.deepEqual(before.problems, []);
    const second = await runWaypoint([...args, '--resume'], dir);
    assert.equal(second.code, 0, second.stderr);
    const after = recordCounts(out);
    assert.equal(after.ids.size, 364);
    assert.deepEqual([...new Set(after.ids.values())], [1]);
  });

  it('an error after the lock is taken releases it', async function () {
    const first = await runWaypoint(['run', 'mango', game, '--agent', 'oracle', '--limit', '3', '--out', out], dir);
    assert.equal(first.code, 0, first.stderr);
    // Records there and no --resume: a usage error, raised while the lock is held.
    const second = await runWaypoint(['run', 'mango', game, '--agent', 'oracle', '--limit', '3', '--out', out], dir);
    assert.equal(second.code, 2);
    assert.match(second.stderr, /already has records/);
    assert.equal(existsSync(lockPathOf(out)), false);
  });
});
