// `waypoint gate` as a CI job runs it (dist/cli.js in a child process): a run that drops
// significantly against its baseline fails (exit 1), one whose drop is within chance passes (exit
// 0), a headline below `min` fails, and a policy that is not one is a usage error (exit 2) located
// in the policy file. Crafted run files, and real runs of the sample MANGO game.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GateJson } from '../../../src/core/runs/gate';
import { distDir, samplesDir } from '../../support/paths';
import { jsonl, mangoRecord } from './fixtures';

function waypoint(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** 40 questions over two games; `fails` lists the questions answered wrong. */
function run(model: string, fails: (n: number) => boolean) {
  return jsonl(
    Array.from({ length: 40 }, (_, n) =>
      mangoRecord({ model, game: n % 2 ? 'zork1' : 'omniquest', n, strict: fails(n) ? 0 : 1 }),
    ),
  );
}

describe('waypoint gate', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-gate-'));
    // Baseline: 30 of 40 right. Dropped: 10 of those 30 now wrong (McNemar 10 vs 0, p ≈ 0.002).
    // Steady: one of them wrong (a drop of 0.025, p = 1).
    writeFileSync(
      join(dir, 'baseline.jsonl'),
      run('model-v1', (n) => n >= 30),
    );
    writeFileSync(
      join(dir, 'dropped.jsonl'),
      run('model-v2', (n) => n >= 20),
    );
    writeFileSync(
      join(dir, 'steady.jsonl'),
      run('model-v2', (n) => n >= 29),
    );
    writeFileSync(join(dir, 'gate.json'), JSON.stringify({ mango: { success_strict: { min: 0.5, max_drop: 0.02 } } }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('fails a run that drops significantly against its baseline, with a Markdown verdict', () => {
    const result = waypoint(dir, 'gate', 'dropped.jsonl', '--baseline', 'baseline.jsonl', '--policy', 'gate.json');
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stdout, /^## Waypoint gate: FAIL/);
    assert.match(result.stdout, /\| \*\*FAIL\*\* \| mango \| model-v2 \| success_strict \| max_drop 0\.02 \|/);
    const json = JSON.parse(
      waypoint(dir, 'gate', 'dropped.jsonl', '--baseline', 'baseline.jsonl', '--policy', 'gate.json', '--json').stdout,
    ) as GateJson;
    assert.equal(json.verdict, 'fail');
    const drop = json.checks.find((check) => check.rule === 'max_drop');
    assert.ok(drop);
    assert.equal(drop.passed, false);
    assert.equal(drop.test, 'mcnemar-exact');
    assert.ok(Math.abs((drop.drop ?? 0) - 0.25) < 1e-12);
    assert.ok((drop.p_value ?? 1) < 0.05);
    // The headline 0.5 is at the minimum: that check passes.
    assert.equal(json.checks.find((check) => check.rule === 'min')?.passed, true);
  });

  it('passes a run whose drop is larger than max_drop but not significant', () => {
    const result = waypoint(
      dir,
      'gate',
      'steady.jsonl',
      '--baseline',
      'baseline.jsonl',
      '--policy',
      'gate.json',
      '--json',
    );
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout) as GateJson;
    assert.equal(json.verdict, 'pass');
    const drop = json.checks.find((check) => check.rule === 'max_drop');
    assert.ok(drop && (drop.drop ?? 0) > 0.02 && (drop.p_value ?? 0) >= 0.05);
  });

  it('fails a headline below min; without --baseline the drop rules are said to be unchecked', () => {
    writeFileSync(
      join(dir, 'strict.json'),
      JSON.stringify({ mango: { success_strict: { min: 0.6, max_drop: 0.02 } } }),
    );
    const result = waypoint(dir, 'gate', 'dropped.jsonl', '--policy', 'strict.json');
    assert.equal(result.code, 1);
    assert.match(result.stdout, /success_strict 0\.500 is not at least 0\.6/);
    assert.match(result.stdout, /1 `max_drop` rules were not checked: no `--baseline` was given/);
  });

  it('checks each scoring mode of a model apart: a drop in one mode fails it, the other passes', () => {
    // Both modes of one model in each file (as `run --mode reference --resume` onto a faithful run writes them).
    const modes = (model: string, failsFaithful: (n: number) => boolean, failsReference: (n: number) => boolean) => [
      ...Array.from({ length: 40 }, (_, n) =>
        mangoRecord({ model, game: n % 2 ? 'zork1' : 'omniquest', n, strict: failsFaithful(n) ? 0 : 1 }),
      ),
      ...Array.from({ length: 40 }, (_, n) => ({
        ...mangoRecord({ model, game: n % 2 ? 'zork1' : 'omniquest', n, strict: failsReference(n) ? 0 : 1 }),
        mode: 'reference' as const,
      })),
    ];
    writeFileSync(
      join(dir, 'modes-baseline.jsonl'),
      jsonl(
        modes(
          'model-v1',
          (n) => n >= 30,
          (n) => n >= 30,
        ),
      ),
    );
    writeFileSync(
      join(dir, 'modes-new.jsonl'),
      jsonl(
        modes(
          'model-v2',
          (n) => n >= 30,
          (n) => n >= 20,
        ),
      ),
    );
    writeFileSync(join(dir, 'modes.json'), JSON.stringify({ mango: { success_strict: { min: 0.6, max_drop: 0.02 } } }));
    const args = ['gate', 'modes-new.jsonl', '--baseline', 'modes-baseline.jsonl', '--policy', 'modes.json'];
    const result = waypoint(dir, ...args, '--json');
    assert.equal(result.code, 1, result.stderr);
    assert.doesNotMatch(result.stderr, /internal error/);
    const json = JSON.parse(result.stdout) as GateJson;
    const outcome = (mode: string, rule: string) =>
      json.checks.find((check) => check.mode === mode && check.rule === rule);
    // Each mode's own headline (0.75 and 0.5), not their average 0.625.
    assert.deepEqual([outcome('faithful', 'min')?.value, outcome('faithful', 'min')?.passed], [0.75, true]);
    assert.deepEqual([outcome('reference', 'min')?.value, outcome('reference', 'min')?.passed], [0.5, false]);
    assert.deepEqual([outcome('faithful', 'max_drop')?.drop, outcome('faithful', 'max_drop')?.passed], [0, true]);
    assert.equal(outcome('reference', 'max_drop')?.passed, false);
    assert.equal(outcome('reference', 'max_drop')?.paired, 40);
    assert.match(
      waypoint(dir, ...args).stdout,
      /\| \*\*FAIL\*\* \| mango \| model-v2 \(reference\) \| success_strict \| max_drop/,
    );
  });

  it('fails when the policy names a benchmark no run holds', () => {
    writeFileSync(join(dir, 'grasp.json'), JSON.stringify({ grasp: { energy: { min: 0 } } }));
    const result = waypoint(dir, 'gate', 'steady.jsonl', '--policy', 'grasp.json', '--json');
    assert.equal(result.code, 1);
    const json = JSON.parse(result.stdout) as GateJson;
    assert.deepEqual(json.ungated, ['mango']);
    assert.equal(json.checks[0].rule, 'records');
  });

  it('usage errors exit 2: no policy, no run, a policy with an unknown metric or key (located)', () => {
    assert.equal(waypoint(dir, 'gate', 'steady.jsonl').code, 2);
    assert.equal(waypoint(dir, 'gate', '--policy', 'gate.json').code, 2);
    assert.equal(waypoint(dir, 'gate', 'steady.jsonl', '--policy', 'missing.json').code, 2);
    writeFileSync(join(dir, 'typo.json'), '{\n  "mango": {\n    "success_strikt": {"min": 0.5}\n  }\n}\n');
    const typo = waypoint(dir, 'gate', 'steady.jsonl', '--policy', 'typo.json');
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /typo\.json:3:\d+: mango has no metric 'success_strikt'/);
    writeFileSync(join(dir, 'key.json'), '{"mango": {"success_strict": {"min": 0.5, "max-drop": 0.02}}}');
    const key = waypoint(dir, 'gate', 'steady.jsonl', '--policy', 'key.json');
    assert.equal(key.code, 2);
    assert.match(key.stderr, /key\.json:1:\d+: .*max-drop/);
    writeFileSync(join(dir, 'direction.json'), '{"grasp": {"length": {"max_drop": 1}}}');
    assert.match(waypoint(dir, 'gate', 'steady.jsonl', '--policy', 'direction.json').stderr, /grasp length is neither/);
  });

  it('on the sample game: the random walk fails against the oracle baseline, the oracle passes against itself', () => {
    const game = join(samplesDir, 'mango', 'lighthouse');
    for (const agent of ['oracle', 'random'])
      assert.equal(
        waypoint(
          dir,
          'run',
          'mango',
          game,
          '--agent',
          agent,
          '--task',
          'rf',
          '--difficulty',
          'easy',
          '--out',
          `${agent}.jsonl`,
          '--no-cache',
        ).code,
        0,
      );
    writeFileSync(join(dir, 'real.json'), JSON.stringify({ mango: { success_strict: { max_drop: 0.05 } } }));
    const random = waypoint(
      dir,
      'gate',
      'random.jsonl',
      '--baseline',
      'oracle.jsonl',
      '--policy',
      'real.json',
      '--json',
    );
    assert.equal(random.code, 1, random.stdout);
    const oracle = waypoint(dir, 'gate', 'oracle.jsonl', '--baseline', 'oracle.jsonl', '--policy', 'real.json');
    assert.equal(oracle.code, 0, oracle.stdout);
    assert.match(oracle.stdout, /^## Waypoint gate: PASS/);
  });
});
