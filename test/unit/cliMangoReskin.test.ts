// `waypoint mango reskin` on the real zork1 release (written to a temp folder, never into the
// repository): the re-skin validates like the original, the built-in oracle scores the same on
// both, renamed names never leak into the observations, and compass turns are consistent.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compassMap } from '../../src/core/benchmarks/mango/generate/reskin';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const zork1 = join(sharedDataDir, 'mango', 'zork1');
const root = mkdtempSync(join(tmpdir(), 'waypoint-reskin-'));
type Edge = {
  src_node: string;
  dst_node: string;
  action: string;
  seen_in_forward: number;
  seen_in_reversed: number;
  edge_min_step_answerable: number;
};

function reskin(name: string, ...args: string[]): string {
  const dir = join(root, name);
  const result = waypoint('mango', 'reskin', zork1, '--out', dir, ...args);
  assert.equal(result.code, 0, result.stderr);
  return dir;
}

const read = (dir: string, suffix: string) => readFileSync(join(dir, `${dir.split(/[\\/]/).pop()}.${suffix}`), 'utf8');
const edgesOf = (dir: string) => JSON.parse(read(dir, 'edges.json')) as Edge[];
/** Observation text only: the ACT and header lines are left out. */
const observations = (dir: string) =>
  read(dir, 'walkthrough')
    .split('\n')
    .filter((line) => !line.startsWith('==>ACT:') && !line.startsWith('==>STEP NUM:'))
    .join('\n');

/** Diagnostics by severity, as the real validator reports them. */
function validation(dir: string): { errors: number; warnings: string[] } {
  const result = waypoint('validate', dir, '--json');
  assert.equal(result.code, 0, result.stderr);
  const all = (
    JSON.parse(result.stdout) as { files: Array<{ diagnostics: Array<{ severity: string; code: string }> }> }
  ).files.flatMap((file) => file.diagnostics);
  return {
    errors: all.filter((d) => d.severity === 'error').length,
    warnings: all.filter((d) => d.severity === 'warning').map((d) => d.code),
  };
}

/** Success rates per (task, difficulty) of the oracle on a game, through `waypoint run` and `waypoint report --json`. */
const scoreCache = new Map<string, Record<string, { n: number; success: number }>>();
function oracleScores(dir: string): Record<string, { n: number; success: number }> {
  const cached = scoreCache.get(dir);
  if (cached) return cached;
  const out = join(root, `${dir.split(/[\\/]/).pop()}-oracle.jsonl`);
  const run = waypoint('run', 'mango', dir, '--agent', 'oracle', '--task', 'both', '--out', out);
  assert.equal(run.code, 0, run.stderr);
  const report = waypoint('report', out, '--json');
  assert.equal(report.code, 0, report.stderr);
  const groups = (
    JSON.parse(report.stdout) as {
      groups: Array<{ key: Record<string, string>; n: number; metrics: { success_strict: { mean: number } } }>;
    }
  ).groups;
  const scores = Object.fromEntries(
    groups.map((group) => [
      `${group.key.task}/${group.key.difficulty}`,
      { n: group.n, success: group.metrics.success_strict.mean },
    ]),
  );
  scoreCache.set(dir, scores);
  return scores;
}

const wordCount = (text: string, word: string) =>
  (text.match(new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`, 'gi')) ?? []).length;

describe('waypoint mango reskin', function () {
  beforeEach(function () {
    if (!existsSync(zork1)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
  });

  it('maps compass directions as a rotation or reflection should', () => {
    const r90 = compassMap({ kind: 'rotate', degrees: 90 });
    assert.deepEqual(
      [
        r90.get('north'),
        r90.get('east'),
        r90.get('south'),
        r90.get('west'),
        r90.get('northeast'),
        r90.get('northwest'),
      ],
      ['east', 'south', 'west', 'north', 'southeast', 'northeast'],
    );
    assert.equal(compassMap({ kind: 'rotate', degrees: 180 }).get('southwest'), 'northeast');
    const ns = compassMap({ kind: 'reflect', axis: 'ns' });
    assert.deepEqual([ns.get('north'), ns.get('east'), ns.get('northeast')], ['south', 'east', 'southeast']);
    const ew = compassMap({ kind: 'reflect', axis: 'ew' });
    assert.deepEqual([ew.get('north'), ew.get('east'), ew.get('northeast')], ['north', 'west', 'northwest']);
  });

  it('renames rooms and actions: validates like the original, the oracle scores the same, no old name leaks', () => {
    const dir = reskin('renamed', '--rename-seed', '3');
    const original = validation(zork1);
    const renamed = validation(dir);
    assert.equal(renamed.errors, 0);
    // zork1 itself has one warning (an imputation conflict of the maze); the re-skin keeps exactly it.
    assert.deepEqual(renamed.warnings, original.warnings);
    const before = oracleScores(zork1);
    const after = oracleScores(dir);
    assert.deepEqual(after, before);
    assert.ok(Object.values(after).some((group) => group.success === 1 && group.n > 100));
    // The ids are hashes of the new names, so the two runs pair only through the pairing file.
    const runs = [join(root, 'zork1-oracle.jsonl'), join(root, 'renamed-oracle.jsonl')];
    const unpaired = JSON.parse(waypoint('compare', ...runs, '--json').stdout) as { paired: number };
    assert.equal(unpaired.paired, 0);
    const compared = waypoint('compare', ...runs, '--pairs', join(dir, 'renamed.reskin.json'), '--json');
    assert.equal(compared.code, 0, compared.stderr);
    const paired = JSON.parse(compared.stdout) as {
      paired: number;
      unpaired: { a: number; b: number };
      metrics: Record<string, { diff: number; n: number }>;
      flips: unknown[];
    };
    // compare pairs the questions with a correct answer at the cutoff (the headline's), as report counts them.
    const records = readFileSync(runs[0], 'utf8')
      .trimEnd()
      .split('\n')
      .filter(
        (line) => (JSON.parse(line) as { question: { answerable?: boolean } }).question.answerable !== false,
      ).length;
    assert.deepEqual([paired.paired, paired.unpaired], [records, { a: 0, b: 0 }]);
    assert.equal(paired.metrics.success_strict.diff, 0);
    assert.deepEqual(paired.flips, []);

    const oldEdges = JSON.parse(readFileSync(join(zork1, 'zork1.edges.json'), 'utf8')) as Edge[];
    const newEdges = edgesOf(dir);
    const oldNames = [...new Set(oldEdges.flatMap((edge) => [edge.src_node, edge.dst_node]))];
    const text = observations(dir);
    for (const name of oldNames)
      assert.equal(wordCount(text, name.replace(/ /g, '\\s+')), 0, `'${name}' leaks into the observations`);
    // The same maze: one consistent mapping takes every old edge to the new one at the same index.
    const mapping = new Map<string, string>();
    oldEdges.forEach((edge, index) => {
      for (const [from, to] of [
        [edge.src_node, newEdges[index].src_node],
        [edge.dst_node, newEdges[index].dst_node],
        [edge.action, newEdges[index].action],
      ]) {
        assert.equal(mapping.get(from) ?? to, to, `${from} maps to two names`);
        mapping.set(from, to);
      }
      assert.equal(newEdges[index].seen_in_forward, edge.seen_in_forward);
    });
    assert.equal(new Set(mapping.values()).size, mapping.size, 'the mapping is one to one');
    assert.notEqual(mapping.get('pray'), 'pray', 'the non-compass action is renamed');
    assert.equal(mapping.get('north'), 'north', 'directions stay');
    // Its ACT lines say the new action where the original said the old one.
    const acts = (walkthrough: string) => [...walkthrough.matchAll(/^==>ACT: (.*)$/gm)].map((match) => match[1]);
    const oldActs = acts(readFileSync(join(zork1, 'zork1.walkthrough'), 'utf8'));
    const newActs = acts(read(dir, 'walkthrough'));
    oldActs.forEach((act, index) =>
      assert.equal(newActs[index], act.toLowerCase() === 'pray' ? mapping.get('pray') : act),
    );
  });

  it('rotates by 90°: north becomes east in actions, names and observations; validates; 270° more gives zork1 back', () => {
    const dir = reskin('turned', '--rotate', '90');
    assert.equal(validation(dir).errors, 0);
    const turn = compassMap({ kind: 'rotate', degrees: 90 });
    const oldEdges = JSON.parse(readFileSync(join(zork1, 'zork1.edges.json'), 'utf8')) as Edge[];
    const newEdges = edgesOf(dir);
    const turnWords = (text: string) => text.replace(/[a-z]+/g, (word) => turn.get(word) ?? word);
    oldEdges.forEach((edge, index) => {
      assert.equal(newEdges[index].action, turnWords(edge.action));
      assert.equal(newEdges[index].src_node, turnWords(edge.src_node));
    });
    assert.ok(
      newEdges.some((edge) => edge.src_node === 'east of house'),
      'west of house is now east of house',
    );
    const before = readFileSync(join(zork1, 'zork1.walkthrough'), 'utf8');
    const after = read(dir, 'walkthrough');
    for (const [from, to] of turn) assert.equal(wordCount(after, to), wordCount(before, from), `${from} → ${to}`);
    assert.deepEqual(oracleScores(dir), oracleScores(zork1));
    const back = join(root, 'back');
    assert.equal(waypoint('mango', 'reskin', dir, '--out', back, '--rotate', '270').code, 0);
    assert.equal(read(back, 'walkthrough'), before);
    assert.deepEqual(edgesOf(back), oldEdges);
  });

  it('reflects east-west and carries a canary into the walkthrough and the skeleton lines', () => {
    const dir = reskin('mirrored', '--reflect', 'ew', '--canary', 'WAYPOINT-CANARY c0ffee');
    assert.equal(validation(dir).errors, 0);
    const before = readFileSync(join(zork1, 'zork1.walkthrough'), 'utf8');
    const after = read(dir, 'walkthrough');
    assert.equal(wordCount(after, 'west'), wordCount(before, 'east'));
    assert.equal(wordCount(after, 'north'), wordCount(before, 'north'));
    assert.match(after, /^Canary: WAYPOINT-CANARY c0ffee$/m);
    for (const suffix of ['all2all.jsonl', 'all_pairs.jsonl']) {
      const lines = read(dir, suffix).trimEnd().split('\n');
      assert.ok(
        lines.length > 100 &&
          lines.every((line) => (JSON.parse(line) as { canary?: string }).canary === 'WAYPOINT-CANARY c0ffee'),
        suffix,
      );
    }
  });

  it('refuses a missing option or two transforms (exit 2)', () => {
    assert.equal(waypoint('mango', 'reskin', zork1, '--out', join(root, 'none')).code, 2);
    assert.equal(
      waypoint('mango', 'reskin', zork1, '--out', join(root, 'two'), '--rotate', '90', '--reflect', 'ns').code,
      2,
    );
    assert.equal(waypoint('mango', 'reskin', zork1, '--out', join(root, 'odd'), '--rotate', '45').code, 2);
  });
});
