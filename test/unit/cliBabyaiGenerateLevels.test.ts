// `waypoint babyai generate --level`: LLM-BabyBench CSV rows of the exact MiniGrid levels. The
// upstream-columns file must be byte-identical to what upstream's generator writes (the hash is of
// upstream's own Predict rows, seeds 1..4 of its 16 levels, produced locally with Minigrid @ 6e713af
// and llm-babybench @ e9996c8; see test/unit/babyai/exactLevels.test.ts), and the default file
// (with proof columns) must load in Waypoint's record reader and validate clean.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runActions } from '../../src/core/babyai/env';
import { readRecordFile } from '../../src/core/babyai/recordFiles';
import { loadRecord } from '../../src/core/babyai/records';
import { Action, type ActionName } from '../../src/core/babyai/world';
import { distDir, repoRoot } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('waypoint babyai generate --level (exact MiniGrid levels)', function () {
  this.timeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'waypoint-babyai-exact-'));

  it('writes the file upstream generate_predict.py writes (--columns upstream), byte for byte', () => {
    const file = join(root, 'LLM_BABYBENCH_Predict.csv');
    const result = waypoint('babyai', 'generate', '--level', 'all', '--seeds', '1-4', '--task', 'predict', '--columns', 'upstream', '--out', file);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /64 predict rows \(16 levels × seeds 1-4\), the expert solved 64/);
    assert.equal(createHash('sha256').update(readFileSync(file)).digest('hex'), '8c651639c0b2f96150fc47122a591384e8ae1ef2ef5a0ee146d6e35f31ac1321');
  });

  it('writes Decompose rows with proof columns that load, validate clean and replay to the mission', () => {
    const file = join(root, 'LLM_BABYBENCH_Decompose.csv');
    const result = waypoint('babyai', 'generate', '--level', 'BabyAI-GoToObj-v0,BabyAI-Open-v0,BabyAI-BossLevel-v0', '--seeds', '5-9', '--task', 'decompose', '--out', file, '--json');
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout) as { rows: number; solved: number; skipped: unknown[] };
    assert.equal(summary.rows, 15);
    assert.deepEqual(summary.skipped, []);
    const text = readFileSync(file, 'utf8');
    assert.equal(text.split('\n')[0], 'level_name,seed,env_description,initial_state,mission,help_count,expert_solved,solution_length,difficulty,expert_solution');
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
      const actions = (raw.fields.get('expert_solution')?.value ?? '').split(', ').map((name) => Action[name as ActionName]);
      assert.equal(actions.length, Number(raw.fields.get('solution_length')?.value));
      if (raw.fields.get('expert_solved')?.value === 'True') {
        solved++;
        const replay = runActions(loaded.spec, actions);
        assert.ok(replay.results[replay.results.length - 1].terminated && replay.totalReward > 0, `${loaded.record.levelName} seed ${loaded.record.seed}`);
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
    for (const file of [a, b]) assert.equal(waypoint('babyai', 'generate', '--level', 'CustomBabyAI-GoToRedBall-Ultra-180Dists-v0', '--seeds', '7', '--task', 'plan', '--out', file).code, 0);
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
    const unknown = waypoint('babyai', 'generate', '--level', 'BabyAI-KeyCorridor-v0', '--seeds', '1-2', '--task', 'plan', '--out', join(root, 'x.csv'));
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown level 'BabyAI-KeyCorridor-v0'; supported: all, BabyAI-GoToObj-v0, .*CustomBabyAI-GoToRedBall-Ultra-180Dists-v0/);
    assert.equal(waypoint('babyai', 'generate', '--level', 'all', '--seeds', '5-2', '--task', 'plan', '--out', join(root, 'y.csv')).code, 2);
    assert.equal(waypoint('babyai', 'generate', '--level', 'all', '--task', 'plan', '--out', join(root, 'y.csv')).code, 2);
    assert.equal(waypoint('babyai', 'generate', '--level', 'all', '--seeds', '1', '--task', 'solve', '--out', join(root, 'y.csv')).code, 2);
    const existing = waypoint('babyai', 'generate', '--level', 'BabyAI-GoToObj-v0', '--seeds', '1', '--task', 'plan', '--out', join(root, 'LLM_BABYBENCH_Predict.csv'));
    assert.equal(existing.code, 1);
    assert.match(existing.stderr, /exists/);
    // Plan rows need a red ball: GoToObj's levels have none, so every seed is skipped and nothing is written.
    const none = waypoint('babyai', 'generate', '--level', 'BabyAI-GoToObj-v0', '--seeds', '1-2', '--task', 'plan', '--out', join(root, 'sub', 'LLM_BABYBENCH_Plan.csv'));
    assert.equal(none.code, 1);
    assert.match(none.stderr, /skipped BabyAI-GoToObj-v0 seed 1: Red ball not found/);
    assert.match(none.stderr, /no rows: every seed was skipped/);
    assert.equal(existsSync(join(root, 'sub', 'LLM_BABYBENCH_Plan.csv')), false);
  });
});
