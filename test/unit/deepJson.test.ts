// Deeply nested JSON (issue 12, defect 1): every JSON and JSON Lines kind reports a located
// `json/too-deep` error instead of overflowing the stack, in core and in the CLI.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateText } from '../../src/core/benchmarks/mango/walkthrough/files';
import type { FileKind } from '../../src/core/benchmarks/mango/fileKinds';
import type { StandaloneKind } from '../../src/core/benchmarks/declarations';
import { excessiveDepthOffset, JsonCodes, MAX_JSON_DEPTH } from '../../src/core/util/locatedJson';
import { validateGameTexts } from '../../src/core/benchmarks/mango/walkthrough/game';
import { validateStandalone } from '../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../src/core/benchmarks';
import { renameInSkeletonLine } from '../../src/core/benchmarks/mango/skeletons/skeletonRename';
import { missionEdits, moveEdits, toolEdits } from '../../src/core/benchmarks/babyai/levelEdits';
import { distDir, samplesDir } from '../support/paths';

const LEVELS = 3000;
const deepArray = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
const deepObject = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;

/** The ten JSON kinds, each with a file name the CLI recognises. */
const mangoKinds: Array<[FileKind, string]> = [
  ['mango-edges', 'g.edges.json'],
  ['mango-actions', 'g.actions.json'],
  ['mango-locations', 'g.locations.json'],
  ['mango-df', 'g.all2all.jsonl'],
  ['mango-rf', 'g.all_pairs.jsonl'],
];
const standaloneKinds: Array<[StandaloneKind, string]> = [
  ['smartplay-episode', 'x.episode.jsonl'],
  ['babyai-level', 'x.level.json'],
  ['babyai-records', 'llm_babybench_x.jsonl'],
  ['grasp-grids', 'x.grids.jsonl'],
  ['grasp-results', 'gpt_output.jsonl'],
];

/** The deep value on line 1 after two spaces, so the reported position must be computed. */
const fileText = (deep: string) => `\n  ${deep}\n`;

function assertTooDeep(
  diagnostics: ReadonlyArray<{ code: string; range: { start: { line: number; character: number } } }>,
  deep: string,
  what: string,
) {
  const found = diagnostics.filter((d) => d.code === JsonCodes.tooDeep);
  assert.equal(found.length, 1, `${what}: ${JSON.stringify(diagnostics.map((d) => d.code))}`);
  // At the bracket that opens level MAX_JSON_DEPTH + 1.
  assert.deepEqual(found[0].range.start, { line: 1, character: 2 + excessiveDepthOffset(deep) }, what);
}

describe('deeply nested JSON', () => {
  it('finds the first bracket past the limit in one pass, skipping strings and escapes', () => {
    assert.equal(excessiveDepthOffset('[[1]]', 2), -1);
    assert.equal(excessiveDepthOffset('[[[1]]]', 2), 2);
    // More brackets than the limit (so no shortcut), none of them deeper than it.
    assert.equal(excessiveDepthOffset('[[], [], []]', 2), -1);
    assert.equal(excessiveDepthOffset('["[[[[", "\\"[[["]', 1), -1);
    assert.equal(excessiveDepthOffset('{"a": {"b": {}}}', 2), 12);
    // Unbalanced closers never make the depth negative, so they cannot hide a later excess.
    assert.equal(excessiveDepthOffset(']]]][[[', 2), 6);
    assert.equal(excessiveDepthOffset(deepArray), MAX_JSON_DEPTH);
  });

  for (const [shape, deep] of [
    ['arrays', deepArray],
    ['objects', deepObject],
  ] as const) {
    for (const [kind] of mangoKinds) {
      it(`${kind}: ${LEVELS} levels of ${shape} give a located json/too-deep error`, () => {
        const text = fileText(deep);
        assertTooDeep(validateText(kind, text), deep, kind);
        // The game folder path (cross-file checks included), as the CLI and the server run it.
        const walkthrough = '===========\n==>STEP NUM: 0\n==>ACT: Init\n==>OBSERVATION: Hall\n';
        assertTooDeep(
          validateGameTexts({ [kind]: text, 'mango-walkthrough': walkthrough }).get(kind) ?? [],
          deep,
          `${kind} in a game`,
        );
      });
    }
    for (const [kind, name] of standaloneKinds) {
      it(`${kind}: ${LEVELS} levels of ${shape} give a located json/too-deep error`, () => {
        assertTooDeep(validateStandalone(kind, fileText(deep), name) ?? [], deep, kind);
      });
    }
  }

  it('an unexpected failure while checking becomes a located waypoint/internal error', () => {
    // Broken inputs no caller should pass (a missing path, a number for a text) stand in for a bug.
    const standalone = validateStandalone('grasp-grids', '{}', undefined as unknown as string) ?? [];
    assert.deepEqual(
      standalone.map((d) => [d.code, d.severity, d.range.start]),
      [['waypoint/internal', 'error', { line: 0, character: 0 }]],
    );
    assert.match(standalone[0].message, /TypeError/);
    const game = validateGameTexts({ 'mango-edges': 42 as unknown as string, 'mango-actions': '[]' });
    assert.deepEqual([...game.keys()].sort(), ['mango-actions', 'mango-edges']);
    for (const diagnostics of game.values())
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['waypoint/internal'],
      );
  });

  it('edits and renames leave a too-deep file alone instead of overflowing', () => {
    assert.deepEqual(moveEdits(deepObject, { x: 1, y: 1 }, { x: 2, y: 2 }), []);
    assert.deepEqual(toolEdits(deepObject, 'agent', 1, 1), []);
    assert.deepEqual(missionEdits(deepObject, 'go'), []);
    assert.equal(renameInSkeletonLine(`{"src_node": "a", "x": ${deepArray}}`, 'rf', 'location', 'a', 'b'), null);
  });

  it('the CLI reports each of the ten kinds as a located error, never an internal error', () => {
    const directory = mkdtempSync(join(tmpdir(), 'waypoint-deep-'));
    try {
      mkdirSync(join(directory, 'g'));
      for (const [, name] of mangoKinds) writeFileSync(join(directory, 'g', name), fileText(deepArray));
      for (const [, name] of standaloneKinds) writeFileSync(join(directory, name), fileText(deepArray));
      const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), 'validate', '.'], {
        cwd: directory,
        encoding: 'utf8',
      });
      assert.doesNotMatch(result.stderr, /internal error/);
      assert.equal(result.status, 1);
      const located = result.stdout.split('\n').filter((line) => /^\S+:2:\d+: error .*\[json\/too-deep\]$/.test(line));
      assert.equal(located.length, 10, result.stdout);
      assert.match(result.stdout, /^10 files validated: 1\d errors/m);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('mango graph and mango prompt locate a deep edges or actions file instead of failing internally', () => {
    const directory = mkdtempSync(join(tmpdir(), 'waypoint-deep-'));
    try {
      const game = join(directory, 'lighthouse');
      cpSync(join(samplesDir, 'mango', 'lighthouse'), game, { recursive: true });
      // 100,000 levels: deep enough that even JSON.stringify of the value overflows.
      const deeper = `[{"src_node": ${'['.repeat(100_000)}${']'.repeat(100_000)}}]`;
      writeFileSync(join(game, 'lighthouse.edges.json'), deeper);
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: directory, encoding: 'utf8' });
      const graph = run('mango', 'graph', 'lighthouse');
      assert.equal(graph.status, 1);
      assert.match(graph.stderr, /^lighthouse\/lighthouse\.edges\.json:1:\d+: JSON nested more than 256 levels deep/m);
      assert.doesNotMatch(graph.stderr, /internal error/);
      cpSync(join(samplesDir, 'mango', 'lighthouse', 'lighthouse.edges.json'), join(game, 'lighthouse.edges.json'));
      writeFileSync(join(game, 'lighthouse.actions.json'), `\n${deepArray}`);
      const id = (
        JSON.parse(readFileSync(join(game, 'lighthouse.all2all.jsonl'), 'utf8').split('\n')[0]) as { id: string }
      ).id;
      const prompt = run('mango', 'prompt', 'lighthouse', '--id', id);
      assert.equal(prompt.status, 1);
      assert.match(prompt.stderr, /lighthouse\/lighthouse\.actions\.json:2:257: JSON nested more than 256 levels deep/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
