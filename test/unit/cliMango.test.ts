// `waypoint mango graph|skeletons` as a user runs them: dist/cli.js in a child process (spec cli.md).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GraphJson } from '../../src/cli/mango/commands';
import { nodeSha256Hex } from '../../src/cli/mango/skeletons';
import { skeletonTextChunks } from '../../src/core/benchmarks/mango/skeletons/skeletonText';
import { DEFAULT_MODEL_CUTOFF } from '../../src/core/benchmarks/mango/skeletons/skeletons';
import { edge } from '../support/mangoEdges';
import { distDir, repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function jsonLines<T>(stdout: string): T[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

/** A game directory `<tmp>/<name>/<name>.edges.json` holding the given text. */
function gameDir(name: string, edgesText: string): string {
  const directory = join(mkdtempSync(join(tmpdir(), 'waypoint-mango-')), name);
  mkdirSync(directory);
  writeFileSync(join(directory, `${name}.edges.json`), edgesText);
  return directory;
}

interface DfLine {
  id: string;
  src_node: string;
  dst_node: string;
  step_count: number;
  min_step_forward: number;
  action_list: string[];
  path_details: Array<{ prev_node: string; action: string; node: string }>;
  answerable: boolean;
  easy: boolean;
  truncated?: boolean;
}

interface RfLine {
  id: string;
  src_node: string;
  dst_node: string;
  num_paths: number;
  answerable: boolean;
  easy: boolean;
}

const lighthouse = join(samplesDir, 'mango', 'lighthouse');

describe('waypoint mango graph (CLI)', () => {
  it('prints the sample lighthouse per the JSON contract', () => {
    const { code, stdout, stderr } = waypoint('mango', 'graph', lighthouse, '--json');
    assert.equal(code, 0, stderr);
    const graph = JSON.parse(stdout) as GraphJson;
    assert.equal(graph.locations.length, 13);
    assert.equal(graph.edges.length, 25);
    assert.ok(graph.edges.every((e) => e.explicit && typeof e.minStep === 'number'));
    assert.deepEqual(Object.keys(graph.edges[0]), ['src', 'action', 'dst', 'explicit', 'minStep']);
    assert.ok(graph.actions.includes('row to island'));
  });

  it('adds no naive reverse to the lighthouse: every compass move already has its way back', () => {
    const graph = JSON.parse(
      waypoint('mango', 'graph', lighthouse, '--reverse', 'naive', '--json').stdout,
    ) as GraphJson;
    assert.equal(graph.edges.length, 25);
  });

  it('keeps only edges answerable by --cutoff, and the locations they touch', () => {
    const graph = JSON.parse(waypoint('mango', 'graph', lighthouse, '--cutoff', '20', '--json').stdout) as GraphJson;
    assert.ok(graph.edges.every((e) => e.minStep !== null && e.minStep <= 20));
    assert.ok(graph.edges.length < 25 && graph.locations.length < 13);
    assert.ok(!graph.locations.includes('lamp room'), 'the lamp room is first reached at step 31');
  });

  it('marks imputed reverses explicit:false with the step of the edge they reverse', () => {
    const directory = gameDir(
      'tiny',
      JSON.stringify([
        edge('hall', 'north', 'kitchen', 3),
        edge('kitchen', 'enter', 'pantry', 4),
        edge('pantry', 'east', 'yard', 9999, 7),
      ]),
    );
    const graph = JSON.parse(waypoint('mango', 'graph', directory, '--reverse', 'naive', '--json').stdout) as GraphJson;
    assert.deepEqual(
      graph.edges.filter((e) => !e.explicit),
      [
        { src: 'kitchen', action: 'south', dst: 'hall', explicit: false, minStep: 3 },
        { src: 'yard', action: 'west', dst: 'pantry', explicit: false, minStep: 7 },
      ],
    );
    assert.deepEqual(graph.actions, ['north', 'enter', 'east', 'south', 'west']);
    const never = JSON.parse(
      waypoint('mango', 'graph', gameDir('never', JSON.stringify([edge('a', 'up', 'b', 9999, 9999)])), '--json').stdout,
    ) as GraphJson;
    assert.equal(never.edges[0].minStep, null);
    const human = waypoint('mango', 'graph', directory, '--reverse', 'naive');
    assert.match(human.stdout, /4 locations, 5 actions, 5 edges \(2 imputed\)/);
  });

  it('adds the 5 naive reverses the spec counts for zork1', function () {
    const zork1 = join(sharedDataDir, 'mango', 'zork1');
    if (!existsSync(zork1)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const graph = JSON.parse(waypoint('mango', 'graph', zork1, '--reverse', 'naive', '--json').stdout) as GraphJson;
    assert.equal(graph.edges.filter((e) => !e.explicit).length, 5);
    assert.equal(graph.locations.length, 19);
  });
});

describe('waypoint mango skeletons (CLI)', () => {
  it('streams the lighthouse DF skeletons with the contract fields and unique upstream-style ids', () => {
    const { code, stdout } = waypoint('mango', 'skeletons', lighthouse, '--task', 'df');
    assert.equal(code, 0);
    const lines = jsonLines<DfLine>(stdout);
    assert.ok(lines.length > 100);
    assert.equal(new Set(lines.map((line) => line.id)).size, lines.length);
    for (const line of lines) {
      assert.match(line.id, /^[0-9a-f]{64}$/);
      assert.deepEqual(
        line.action_list,
        line.path_details.map((step) => step.action),
      );
      assert.equal(line.path_details[0].prev_node, line.src_node);
      assert.equal(line.path_details[line.step_count - 1].node, line.dst_node);
    }
    // One-step paths seen only as reverses are the sample's two reverse-only edges.
    assert.equal(lines.filter((line) => line.step_count === 1 && line.min_step_forward === 9999).length, 2);
    assert.ok(
      lines.some((line) => line.answerable && !line.easy),
      'some paths need a reverse-only edge',
    );
    assert.ok(stdout.startsWith('{"src_node": "'), 'upstream spacing');
  });

  it('gives one RF line per ordered pair and moves the labels with --cutoff', () => {
    const lines = jsonLines<RfLine>(waypoint('mango', 'skeletons', lighthouse, '--task', 'rf').stdout);
    assert.equal(lines.length, 13 * 12);
    assert.ok(lines.every((line) => line.num_paths > 0 && line.answerable));
    const early = jsonLines<RfLine>(
      waypoint('mango', 'skeletons', lighthouse, '--task', 'rf', '--cutoff', '10').stdout,
    );
    assert.ok(early.filter((line) => line.answerable).length < early.length / 2);
  });

  it('caps paths per pair with --limit and marks cut pairs', () => {
    const lines = jsonLines<DfLine>(waypoint('mango', 'skeletons', lighthouse, '--task', 'df', '--limit', '1').stdout);
    const pairs = new Set(lines.map((line) => `${line.src_node}\u0000${line.dst_node}`));
    assert.equal(lines.length, pairs.size, 'one line per pair');
    assert.ok(lines.some((line) => line.truncated === true));
    assert.ok(lines.every((line) => line.truncated === undefined || line.truncated));
  });

  it('writes the UTF-8 bytes of the lines it generates, for names outside ASCII too (the lines go out as latin1)', () => {
    const records = [
      edge('caf\u00e9', 'north', '\u{1F600} room', 2),
      edge('\u{1F600} room', 'south', 'caf\u00e9', 3),
      edge('\u{1F600} room', 'up', 'line\u2028sep', 5, 7),
    ];
    const directory = gameDir('unicode', JSON.stringify(records));
    for (const task of ['df', 'rf'] as const) {
      const result = spawnSync(
        process.execPath,
        [join(distDir, 'cli.js'), 'mango', 'skeletons', directory, '--task', task],
        { cwd: repoRoot },
      );
      assert.equal(result.status, 0, result.stderr.toString());
      // Nothing on stderr when it succeeds: a V8 flag the running Node does not know would print two lines here.
      assert.equal(result.stderr.toString(), '');
      const expected = Buffer.from(
        [...skeletonTextChunks(task, records, { labelsAtCutoff: DEFAULT_MODEL_CUTOFF, sha256Hex: nodeSha256Hex })].join(
          '',
        ),
        'utf8',
      );
      assert.ok(result.stdout.equals(expected), `${task}: stdout differs from the generated lines`);
      assert.ok(
        result.stdout.includes('"caf\\u00e9"') && result.stdout.includes('\\ud83d\\ude00 room'),
        `${task}: names escaped as Python's ensure_ascii`,
      );
    }
  });

  it('reproduces 905 upstream lines exactly once the Waypoint fields are stripped', function () {
    const game = join(sharedDataDir, 'mango', '905');
    if (!existsSync(game)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const strip = (line: string) => line.replace(/, "action_list": .*\}$/, '}').replace(/, "answerable": .*\}$/, '}');
    for (const [task, file] of [
      ['df', '905.all2all.jsonl'],
      ['rf', '905.all_pairs.jsonl'],
    ]) {
      const ours = waypoint('mango', 'skeletons', game, '--task', task).stdout.split('\n').filter(Boolean).map(strip);
      assert.deepEqual(ours, readFileSync(join(game, file), 'utf8').split('\n').filter(Boolean));
    }
  });
});

describe('waypoint mango errors (CLI)', () => {
  it('exits 2 with a one-line message for usage errors', () => {
    const cases: string[][] = [
      ['mango'],
      ['mango', 'frobnicate', lighthouse],
      ['mango', 'graph'],
      ['mango', 'graph', lighthouse, lighthouse],
      ['mango', 'graph', lighthouse, '--reverse', 'sideways'],
      ['mango', 'graph', lighthouse, '--cutoff', '-1'],
      ['mango', 'graph', lighthouse, '--cutoff', 'ten'],
      ['mango', 'graph', lighthouse, '--colour'],
      ['mango', 'skeletons', lighthouse],
      ['mango', 'skeletons', lighthouse, '--task', 'qa'],
      ['mango', 'skeletons', lighthouse, '--task', 'df', '--limit', '0'],
      ['mango', 'skeletons', lighthouse, '--task', 'df', '--limit'],
    ];
    for (const args of cases) {
      const { code, stdout, stderr } = waypoint(...args);
      assert.equal(code, 2, args.join(' '));
      assert.equal(stdout, '', args.join(' '));
      assert.equal(stderr.trim().split('\n').length, 1, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, /^waypoint mango: /);
    }
  });

  it('exits 1 with `file: record N: reason` for a broken edges file', () => {
    const directory = gameDir(
      'broken',
      JSON.stringify([edge('a', 'north', 'b'), { ...edge('b', 'south', 'a'), action: undefined }]),
    );
    const file = join(directory, 'broken.edges.json');
    const graph = waypoint('mango', 'graph', directory, '--json');
    assert.equal(graph.code, 1);
    assert.equal(graph.stdout, '');
    assert.equal(graph.stderr, `${file}: record 2: missing field "action"\n`);
    const wrongType = gameDir('typed', JSON.stringify([{ ...edge('a', 'north', 'b'), seen_in_forward: '3' }]));
    assert.equal(
      waypoint('mango', 'skeletons', wrongType, '--task', 'rf').stderr,
      `${join(wrongType, 'typed.edges.json')}: record 1: "seen_in_forward" must be a step number (an integer from 0 to 9999, 9999 meaning never), found "3"\n`,
    );
  });

  it('exits 1 with one line for invalid JSON, a non-array and a missing game', () => {
    const invalid = waypoint('mango', 'graph', gameDir('cut', '[{"src_node": "a",'), '--json');
    assert.equal(invalid.code, 1);
    assert.match(invalid.stderr, /cut\.edges\.json:1:\d+: JSON syntax: .+\n$/);
    assert.equal(invalid.stderr.split('\n').length, 2);
    const object = waypoint('mango', 'skeletons', gameDir('object', '{}'), '--task', 'df');
    assert.match(object.stderr, /object\.edges\.json: expected a JSON array of edge records\n$/);
    const missing = waypoint('mango', 'graph', 'no/such/game', '--json');
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, 'no/such/game/game.edges.json: no such file or directory\n');
  });
});
