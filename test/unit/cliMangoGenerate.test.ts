// `waypoint mango generate` as a user runs it (spec runs.md §7): dist/cli.js in a child process,
// its output checked with the real validator, the real skeleton generator and the files themselves.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPPOSITE_DIRECTIONS } from '../../src/core/benchmarks/mango/walkthrough/directions';
import { distDir, repoRoot } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const root = mkdtempSync(join(tmpdir(), 'waypoint-generate-'));
let counter = 0;

/** Generates into a fresh `<tmp>/<n>/<name>` folder; returns the folder. */
function generate(name: string, ...args: string[]): string {
  const dir = join(root, String(counter++), name);
  const result = waypoint('mango', 'generate', '--out', dir, ...args);
  assert.equal(result.code, 0, result.stderr);
  return dir;
}

const read = (dir: string, name: string, suffix: string) => readFileSync(join(dir, `${name}.${suffix}`), 'utf8');
type Edge = { src_node: string; dst_node: string; action: string; seen_in_forward: number; seen_in_reversed: number };
const edgesOf = (dir: string, name: string) => JSON.parse(read(dir, name, 'edges.json')) as Edge[];
const jsonLines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The RF questions' imputed share, read from all_pairs.jsonl: reachable pairs whose best route has no all-forward version. */
function imputedShareOfFile(dir: string, name: string): number {
  const lines = jsonLines(read(dir, name, 'all_pairs.jsonl'));
  const reachable = lines.filter((line) => (line.min_step_total_answerable as number) < 9999);
  return reachable.filter((line) => line.min_step_forward_answerable === 9999).length / reachable.length;
}

function validateCounts(dir: string): { errors: number; warnings: number; files: number } {
  const result = waypoint('validate', dir, '--json');
  assert.equal(result.code, 0, result.stderr);
  const files = (JSON.parse(result.stdout) as { files: Array<{ diagnostics: Array<{ severity: string }> }> }).files;
  const all = files.flatMap((file) => file.diagnostics);
  return {
    errors: all.filter((d) => d.severity === 'error').length,
    warnings: all.filter((d) => d.severity === 'warning').length,
    files: files.length,
  };
}

describe('waypoint mango generate', function () {
  it('writes the release file set, which the real validator finds clean, for several sizes and seeds', () => {
    for (const [rooms, seed] of [
      ['2', '1'],
      ['12', '5'],
      ['30', 'abc'],
      ['50', '9'],
    ]) {
      const dir = generate('maze', '--rooms', rooms, '--seed', seed);
      assert.deepEqual(readdirSync(dir).sort(), [
        'maze.actions.json',
        'maze.all2all.jsonl',
        'maze.all_pairs.jsonl',
        'maze.edges.json',
        'maze.locations.json',
        'maze.walkthrough',
      ]);
      assert.deepEqual(validateCounts(dir), { errors: 0, warnings: 0, files: 6 }, `rooms ${rooms} seed ${seed}`);
      assert.equal((JSON.parse(read(dir, 'maze', 'locations.json')) as string[]).length, Number(rooms));
    }
  });

  it('is byte-identical for the same arguments and differs across seeds', () => {
    const args = ['--rooms', '20', '--seed', '42', '--imputed-share', '0.3', '--confusable', '0.4'];
    const first = generate('same', ...args);
    const second = generate('same', ...args);
    for (const file of readdirSync(first))
      assert.ok(readFileSync(join(first, file)).equals(readFileSync(join(second, file))), file);
    const other = generate('same', ...args.slice(0, 3), '43', ...args.slice(4));
    for (const suffix of ['walkthrough', 'edges.json', 'locations.json'])
      assert.notEqual(read(other, 'same', suffix), read(first, 'same', suffix), suffix);
  });

  it('writes skeletons that `waypoint mango skeletons` regenerates byte for byte (upstream fields)', () => {
    const dir = generate('skel', '--rooms', '18', '--seed', '3');
    for (const [task, suffix] of [
      ['df', 'all2all.jsonl'],
      ['rf', 'all_pairs.jsonl'],
    ]) {
      const written = read(dir, 'skel', suffix).trimEnd().split('\n');
      const result = waypoint('mango', 'skeletons', dir, '--task', task);
      assert.equal(result.code, 0, result.stderr);
      const regenerated = result.stdout.trimEnd().split('\n');
      assert.equal(regenerated.length, written.length, task);
      // The command appends Waypoint's fields (action_list, answerable, easy) after upstream's.
      written.forEach((line, index) =>
        assert.ok(regenerated[index].startsWith(`${line.slice(0, -1)}, `), `${task} line ${index + 1}`),
      );
    }
  });

  it('has a walkthrough that visits every room without walking every edge, with one-way and non-compass moves', () => {
    const dir = generate('tour', '--rooms', '30', '--seed', '11', '--passages', '0.3');
    const edges = edgesOf(dir, 'tour');
    const walkthrough = read(dir, 'tour', 'walkthrough');
    const titles = new Set(
      [...walkthrough.matchAll(/==>OBSERVATION: (?:[^\n]*\n)*?([A-Z][a-z]+ [A-Z][a-z]+)\n/g)].map((match) =>
        match[1].toLowerCase(),
      ),
    );
    for (const room of JSON.parse(read(dir, 'tour', 'locations.json')) as string[])
      assert.ok(titles.has(room), `${room} is never shown`);
    assert.ok(
      edges.some((edge) => edge.seen_in_forward === 9999),
      'some edges are known only as reverses',
    );
    const nonCompass = edges.filter((edge) => !(edge.action in OPPOSITE_DIRECTIONS));
    assert.ok(nonCompass.length > 0);
    assert.ok(edges.some((edge) => edge.action === 'up' || edge.action === 'down' || edge.action.startsWith('climb')));
    const oneWay = nonCompass.filter(
      (edge) => !edges.some((back) => back.src_node === edge.dst_node && back.dst_node === edge.src_node),
    );
    assert.ok(oneWay.length > 0, 'a one-way move');
    // Every step's ACT of a walked edge is that edge's action (labels for every step).
    const acts = [...walkthrough.matchAll(/==>STEP NUM: (\d+)\n==>ACT: ([^\n]*)/g)].map(
      (match) => [Number(match[1]), match[2]] as const,
    );
    const actAt = new Map(acts);
    for (const edge of edges)
      if (edge.seen_in_forward !== 9999) assert.equal(actAt.get(edge.seen_in_forward), edge.action);
  });

  it('hits the asked imputed share within tolerance, as measured in all_pairs.jsonl', () => {
    const errors: number[] = [];
    for (const target of [0, 0.1, 0.2, 0.3]) {
      const measured: number[] = [];
      for (const seed of ['1', '2', '3', '4', '5', '6']) {
        const dir = generate('share', '--rooms', '30', '--seed', seed, '--imputed-share', String(target));
        const share = imputedShareOfFile(dir, 'share');
        measured.push(share);
        errors.push(Math.abs(share - target));
      }
      const mean = measured.reduce((a, b) => a + b, 0) / measured.length;
      assert.ok(
        Math.abs(mean - target) <= 0.04,
        `asked ${target}, mean ${mean.toFixed(3)} over seeds (${measured.map((x) => x.toFixed(3)).join(' ')})`,
      );
    }
    assert.ok(Math.max(...errors) <= 0.1, `worst single game off by ${Math.max(...errors).toFixed(3)}`);
  });

  it('controls name confusability and path length', () => {
    const oneWordApart = (names: string[]) =>
      names.filter((name) =>
        names.some(
          (other) =>
            other !== name && other.split(' ').filter((word, index) => word !== name.split(' ')[index]).length === 1,
        ),
      ).length / names.length;
    for (const seed of ['1', '2', '3']) {
      assert.equal(
        oneWordApart(
          JSON.parse(
            read(generate('names', '--rooms', '30', '--seed', seed, '--confusable', '0'), 'names', 'locations.json'),
          ),
        ),
        0,
      );
      assert.equal(
        oneWordApart(
          JSON.parse(
            read(generate('names', '--rooms', '30', '--seed', seed, '--confusable', '0.5'), 'names', 'locations.json'),
          ),
        ),
        0.5,
      );
    }
    const meanPath = (corridor: string) => {
      let total = 0;
      for (const seed of ['1', '2', '3', '4']) {
        const result = waypoint(
          'mango',
          'generate',
          '--rooms',
          '30',
          '--seed',
          seed,
          '--corridor',
          corridor,
          '--imputed-share',
          '0',
          '--out',
          join(root, String(counter++), 'path'),
          '--json',
        );
        total += (JSON.parse(result.stdout) as { meanShortestPath: number }).meanShortestPath;
      }
      return total / 4;
    };
    const bushy = meanPath('0');
    const long = meanPath('1');
    assert.ok(long > bushy * 1.5, `corridor 1: ${long.toFixed(2)}, corridor 0: ${bushy.toFixed(2)}`);
  });

  it('carries a canary in the walkthrough and on every skeleton line, and still validates clean', () => {
    const dir = generate('canary', '--rooms', '10', '--seed', '2', '--canary', 'WAYPOINT-CANARY 7f3e');
    assert.match(read(dir, 'canary', 'walkthrough'), /^Canary: WAYPOINT-CANARY 7f3e$/m);
    for (const suffix of ['all2all.jsonl', 'all_pairs.jsonl'])
      for (const line of jsonLines(read(dir, 'canary', suffix))) assert.equal(line.canary, 'WAYPOINT-CANARY 7f3e');
    assert.deepEqual(validateCounts(dir), { errors: 0, warnings: 0, files: 6 });
  });

  it('re-skins a generated game (renamed, rotated) into games that validate clean, with no old name left', () => {
    const dir = generate('base', '--rooms', '16', '--seed', '4');
    const renamed = join(root, 'renamed');
    assert.equal(waypoint('mango', 'reskin', dir, '--out', renamed, '--rename-seed', '1').code, 0);
    assert.deepEqual(validateCounts(renamed), { errors: 0, warnings: 0, files: 6 });
    const text = read(renamed, 'renamed', 'walkthrough').toLowerCase();
    for (const name of JSON.parse(read(dir, 'base', 'locations.json')) as string[])
      assert.ok(!text.includes(name), name);
    const turned = join(root, 'turned');
    assert.equal(waypoint('mango', 'reskin', dir, '--out', turned, '--rotate', '180').code, 0);
    assert.deepEqual(validateCounts(turned), { errors: 0, warnings: 0, files: 6 });
    const pairs = (folder: string, name: string) =>
      edgesOf(folder, name).map((edge) => `${edge.src_node}|${edge.dst_node}`);
    assert.deepEqual(
      pairs(turned, 'turned'),
      pairs(dir, 'base'),
      'generated names have no compass words, so only actions turn',
    );
    assert.ok(
      edgesOf(turned, 'turned').every(
        (edge, index) => edge.action !== 'north' || edgesOf(dir, 'base')[index].action === 'south',
      ),
    );
  });

  it('refuses to re-skin a broken edges file, naming the position (exit 1)', () => {
    const dir = join(root, 'bad');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'bad.walkthrough'),
      '===========\n==>STEP NUM: 0\n==>ACT: Init\n==>OBSERVATION: Room\n\n===========\n',
    );
    writeFileSync(join(dir, 'bad.edges.json'), '[\n  {"src_node": "a",\n');
    const result = waypoint('mango', 'reskin', dir, '--out', join(root, 'bad-out'), '--rotate', '90');
    assert.equal(result.code, 1);
    assert.match(result.stderr, /bad[\\/]bad\.edges\.json:3:1: /);
  });

  it('refuses a non-empty folder (exit 1) and bad knobs (exit 2)', () => {
    const dir = join(root, 'full');
    mkdirSync(dir);
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    const full = waypoint('mango', 'generate', '--rooms', '5', '--seed', '1', '--out', dir);
    assert.equal(full.code, 1);
    assert.match(full.stderr, /not empty/);
    assert.equal(readFileSync(join(dir, 'keep.txt'), 'utf8'), 'mine');
    assert.equal(
      waypoint('mango', 'generate', '--rooms', '5', '--seed', '1', '--imputed-share', '2', '--out', join(root, 'x'))
        .code,
      2,
    );
    assert.equal(waypoint('mango', 'generate', '--rooms', '500', '--seed', '1', '--out', join(root, 'y')).code, 2);
    assert.equal(waypoint('mango', 'generate', '--rooms', '5', '--out', join(root, 'z')).code, 2);
  });
});
