// `waypoint babyai generate --level`: LLM-BabyBench CSV rows of the exact MiniGrid levels. The
// upstream-columns file must be byte-identical to what upstream's generator writes (the hash is of
// upstream's own Predict rows, seeds 1..4 of its 16 levels, produced locally with Minigrid @ 6e713af
// and llm-babybench @ e9996c8; see test/unit/babyai/exactLevels.test.ts), and the default file
// (with proof columns) must load in Waypoint's record reader and validate clean. Rows are streamed
// through a temporary file that becomes --out only at the end: memory stays flat, and Ctrl+C, a
// file-system error or a file that appeared meanwhile leave nothing behind and replace nothing.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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
import { runActions } from '../../src/core/benchmarks/babyai/env';
import { readRecordFile } from '../../src/core/benchmarks/babyai/recordFiles';
import { loadRecord } from '../../src/core/benchmarks/babyai/records';
import { Action, type ActionName } from '../../src/core/benchmarks/babyai/world';
import { distDir, repoRoot } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 240_000,
  });
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Starts `waypoint babyai generate ...` writing into `dir`, waits until rows have reached its
 * temporary file (`*.partial` beside --out, more than the header line), runs `act`, and resolves
 * with how the process ended. Waits at most 2 minutes for the rows (a generous cap: a busy machine
 * is slow, not wrong), then acts anyway (so a build that does not stream fails on the assertions,
 * not on a timeout).
 */
async function whileRunning(dir: string, args: string[], act: (child: ReturnType<typeof spawn>) => void) {
  const child = spawn(process.execPath, [join(distDir, 'cli.js'), 'babyai', 'generate', ...args], { cwd: repoRoot });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let exited = false;
  void ended.then(() => {
    exited = true;
  });
  let streamedBytes = 0;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && !exited; ) {
    const partial = readdirSync(dir).find((name) => name.endsWith('.partial'));
    streamedBytes = partial ? statSync(join(dir, partial)).size : 0;
    if (streamedBytes > 2000) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!exited) act(child);
  const { code, signal } = await ended;
  return { code, signal, stderr, streamedBytes, left: readdirSync(dir) };
}

describe('waypoint babyai generate --level (exact MiniGrid levels)', function () {
  const root = mkdtempSync(join(tmpdir(), 'waypoint-babyai-exact-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('writes the file upstream generate_predict.py writes (--columns upstream), byte for byte', () => {
    const file = join(root, 'LLM_BABYBENCH_Predict.csv');
    const result = waypoint(
      'babyai',
      'generate',
      '--level',
      'all',
      '--seeds',
      '1-4',
      '--task',
      'predict',
      '--columns',
      'upstream',
      '--out',
      file,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /64 predict rows \(16 levels × seeds 1-4\), the expert solved 64/);
    assert.equal(
      createHash('sha256').update(readFileSync(file)).digest('hex'),
      '8c651639c0b2f96150fc47122a591384e8ae1ef2ef5a0ee146d6e35f31ac1321',
    );
  });

  it('writes Decompose rows with proof columns that load, validate clean and replay to the mission', () => {
    const file = join(root, 'LLM_BABYBENCH_Decompose.csv');
    const result = waypoint(
      'babyai',
      'generate',
      '--level',
      'BabyAI-GoToObj-v0,BabyAI-Open-v0,BabyAI-BossLevel-v0',
      '--seeds',
      '5-9',
      '--task',
      'decompose',
      '--out',
      file,
      '--json',
    );
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout) as { rows: number; solved: number; skipped: unknown[] };
    assert.equal(summary.rows, 15);
    assert.deepEqual(summary.skipped, []);
    const text = readFileSync(file, 'utf8');
    assert.equal(
      text.split('\n')[0],
      'level_name,seed,env_description,initial_state,mission,help_count,expert_solved,solution_length,difficulty,expert_solution',
    );
    const { records, diagnostics } = readRecordFile(file, text);
    assert.deepEqual(diagnostics, []);
    assert.equal(records.length, 15);
    let solved = 0;
    for (const raw of records) {
      const loaded = loadRecord(raw);
      assert.deepEqual(
        loaded.diagnostics.filter((d) => d.severity !== 'information'),
        [],
        `${loaded.record.levelName} seed ${loaded.record.seed}`,
      );
      assert.equal(loaded.record.task, 'decompose');
      assert.ok(loaded.spec && loaded.record.helpCount !== null && loaded.record.helpCount >= 1);
      assert.equal(loaded.record.mission, loaded.spec.mission);
      // The proof: the expert's actions, replayed from the description's level, verify the mission.
      const actions = (raw.fields.get('expert_solution')?.value ?? '')
        .split(', ')
        .map((name) => Action[name as ActionName]);
      assert.equal(actions.length, Number(raw.fields.get('solution_length')?.value));
      if (raw.fields.get('expert_solved')?.value === 'True') {
        solved++;
        const replay = runActions(loaded.spec, actions);
        assert.ok(
          replay.results[replay.results.length - 1].terminated && replay.totalReward > 0,
          `${loaded.record.levelName} seed ${loaded.record.seed}`,
        );
        assert.equal(replay.results.length, actions.length);
      }
    }
    assert.equal(solved, summary.solved);
    const validation = waypoint('validate', file);
    assert.equal(validation.code, 0, validation.stderr);
    assert.match(validation.stdout, /1 files? validated: 0 errors, 0 warnings/);
  });

  it('is deterministic, and the Plan rows name the red ball the expert reaches', () => {
    const a = join(root, 'LLM_BABYBENCH_Plan-a.csv');
    const b = join(root, 'LLM_BABYBENCH_Plan-b.csv');
    for (const file of [a, b])
      assert.equal(
        waypoint(
          'babyai',
          'generate',
          '--level',
          'CustomBabyAI-GoToRedBall-Ultra-180Dists-v0',
          '--seeds',
          '7',
          '--task',
          'plan',
          '--out',
          file,
        ).code,
        0,
      );
    assert.equal(readFileSync(a, 'utf8'), readFileSync(b, 'utf8'));
    const [raw] = readRecordFile(a, readFileSync(a, 'utf8')).records;
    const loaded = loadRecord(raw);
    assert.equal(loaded.record.task, 'plan');
    assert.ok(loaded.spec && loaded.record.targetSubgoal);
    const ball = loaded.spec.objects.find((o) => o.type === 'ball' && o.color === 'red');
    assert.deepEqual(ball?.pos, loaded.record.targetSubgoal);
    assert.equal(loaded.spec.width, 32);
  });

  it('refuses unknown levels (listing the supported ones), bad seeds and an existing file', () => {
    const unknown = waypoint(
      'babyai',
      'generate',
      '--level',
      'BabyAI-KeyCorridor-v0',
      '--seeds',
      '1-2',
      '--task',
      'plan',
      '--out',
      join(root, 'x.csv'),
    );
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /unknown level 'BabyAI-KeyCorridor-v0'; supported: all, BabyAI-GoToObj-v0, .*CustomBabyAI-GoToRedBall-Ultra-180Dists-v0/,
    );
    assert.equal(
      waypoint('babyai', 'generate', '--level', 'all', '--seeds', '5-2', '--task', 'plan', '--out', join(root, 'y.csv'))
        .code,
      2,
    );
    assert.equal(
      waypoint('babyai', 'generate', '--level', 'all', '--task', 'plan', '--out', join(root, 'y.csv')).code,
      2,
    );
    assert.equal(
      waypoint('babyai', 'generate', '--level', 'all', '--seeds', '1', '--task', 'solve', '--out', join(root, 'y.csv'))
        .code,
      2,
    );
    const tooLarge = waypoint(
      'babyai',
      'generate',
      '--level',
      'all',
      '--seeds',
      '1-9007199254740993',
      '--task',
      'plan',
      '--out',
      join(root, 'y.csv'),
    );
    assert.equal(tooLarge.code, 2);
    assert.match(tooLarge.stderr, /--seeds 1-9007199254740993: the values must be at most 9007199254740991/);
    const existingFile = join(root, 'LLM_BABYBENCH_Existing.csv');
    writeFileSync(existingFile, 'theirs\n');
    const existing = waypoint(
      'babyai',
      'generate',
      '--level',
      'BabyAI-GoToObj-v0',
      '--seeds',
      '1',
      '--task',
      'predict',
      '--out',
      existingFile,
    );
    assert.equal(existing.code, 1);
    assert.match(existing.stderr, /exists/);
    assert.equal(readFileSync(existingFile, 'utf8'), 'theirs\n');
    // Plan rows need a red ball: GoToObj's levels have none, so every seed is skipped and nothing is written.
    const none = waypoint(
      'babyai',
      'generate',
      '--level',
      'BabyAI-GoToObj-v0',
      '--seeds',
      '1-2',
      '--task',
      'plan',
      '--out',
      join(root, 'sub', 'LLM_BABYBENCH_Plan.csv'),
    );
    assert.equal(none.code, 1);
    assert.match(none.stderr, /skipped BabyAI-GoToObj-v0 seed 1: Red ball not found/);
    assert.match(none.stderr, /no rows: every seed was skipped/);
    assert.equal(existsSync(join(root, 'sub', 'LLM_BABYBENCH_Plan.csv')), false);
  });

  it('fails at once, with one file: message line, when the output folder cannot be made', () => {
    const dir = join(root, 'blocked');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a-file'), '');
    const out = join(dir, 'a-file', 'sub', 'LLM_BABYBENCH_Predict.csv');
    // Hours of rows if they were generated first (the test's timeout would end it): the folder is checked before any.
    const result = waypoint(
      'babyai',
      'generate',
      '--level',
      'all',
      '--seeds',
      '0-100000',
      '--task',
      'predict',
      '--out',
      out,
    );
    assert.equal(result.code, 1, result.stderr);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.ok(lines[0].startsWith(`${out}: `), lines[0]);
    assert.match(lines[0], /EEXIST|ENOTDIR/);
    assert.doesNotMatch(lines[0], /internal error/);
    assert.deepEqual(readdirSync(dir), ['a-file']);
  });

  it('writes a level named twice once', () => {
    const file = join(root, 'LLM_BABYBENCH_Predict-twice.csv');
    const result = waypoint(
      'babyai',
      'generate',
      '--level',
      'BabyAI-GoToObj-v0,BabyAI-Open-v0,BabyAI-GoToObj-v0',
      '--seeds',
      '1-2',
      '--task',
      'predict',
      '--out',
      file,
      '--json',
    );
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout) as { rows: number; levels: string[] };
    assert.deepEqual(summary.levels, ['BabyAI-GoToObj-v0', 'BabyAI-Open-v0']);
    assert.equal(summary.rows, 4);
    const keys = readRecordFile(file, readFileSync(file, 'utf8')).records.map(
      (raw) => `${raw.fields.get('level_name')?.value} ${raw.fields.get('seed')?.value}`,
    );
    assert.deepEqual(keys, ['BabyAI-GoToObj-v0 1', 'BabyAI-GoToObj-v0 2', 'BabyAI-Open-v0 1', 'BabyAI-Open-v0 2']);
  });

  it('never replaces a file that appeared while it ran, and leaves no temporary file', async () => {
    const dir = join(root, 'raced');
    mkdirSync(dir);
    const out = join(dir, 'LLM_BABYBENCH_Decompose.csv');
    // BossLevel rows take ~20 ms each: the run lasts seconds after its first rows reach the disk.
    const run = await whileRunning(
      dir,
      ['--level', 'BabyAI-BossLevel-v0', '--seeds', '1-250', '--task', 'decompose', '--out', out],
      () => writeFileSync(out, 'theirs\n'),
    );
    assert.ok(run.streamedBytes > 2000, `rows reach the disk while it runs (${run.streamedBytes} bytes)`);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /LLM_BABYBENCH_Decompose\.csv: exists: it appeared while generate ran/);
    assert.equal(readFileSync(out, 'utf8'), 'theirs\n');
    assert.deepEqual(run.left, ['LLM_BABYBENCH_Decompose.csv']);
  });

  it('on Ctrl+C (SIGINT) removes its temporary file, says nothing was written, and exits 130', async () => {
    const dir = join(root, 'interrupted');
    mkdirSync(dir);
    const out = join(dir, 'LLM_BABYBENCH_Decompose.csv');
    const run = await whileRunning(
      dir,
      ['--level', 'BabyAI-BossLevel-v0', '--seeds', '1-2000', '--task', 'decompose', '--out', out],
      (child) => child.kill('SIGINT'),
    );
    assert.ok(run.streamedBytes > 2000, `rows reach the disk while it runs (${run.streamedBytes} bytes)`);
    assert.equal(run.code, 130, `${run.signal ?? ''} ${run.stderr}`);
    const said = run.stderr.split('\n').filter((line) => /nothing was written/.test(line));
    assert.equal(said.length, 1, run.stderr);
    assert.match(
      said[0],
      /SIGINT after \d+\/2000 rows: stopped; nothing was written to .*LLM_BABYBENCH_Decompose\.csv/,
    );
    assert.deepEqual(run.left, []);
  });

  it('keeps memory flat: 30,000 rows (about 49 MB) are written with the heap capped at 64 MB', () => {
    // Holding the rows and joining them needs twice the file in the heap; streaming needs one row.
    const file = join(root, 'LLM_BABYBENCH_Decompose-large.csv');
    const result = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=64',
        join(distDir, 'cli.js'),
        'babyai',
        'generate',
        '--level',
        'BabyAI-GoToObj-v0',
        '--seeds',
        '1-30000',
        '--task',
        'decompose',
        '--columns',
        'upstream',
        '--out',
        file,
      ],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    assert.equal(result.status, 0, `${result.signal ?? ''} ${result.stderr.slice(-2000)}`);
    assert.match(result.stdout, /30000 decompose rows/);
    assert.ok(statSync(file).size > 40_000_000, `${statSync(file).size} bytes`);
    rmSync(file);
  });
});
