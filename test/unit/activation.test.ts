// package.json must know every file kind the benchmark registry declares: a kind without an
// activation event does not start Waypoint in a workspace holding only such files (GRASP's upstream
// grid names and the LLM-BabyBench CSVs were missed that way), one without a when-clause pattern has
// no menu entry, and a declared language or schema must be the one package.json contributes. The
// names come from each kind's `examples`, so a new built-in kind is checked without editing this test.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarks, fileKindOf, type FileKindDeclaration } from '../../src/core/benchmarks';
import { MANGO_JSON_FILES, MANGO_SKELETON_FILES, STANDALONE_FILES } from '../../src/extension/documentSelectors';
import { repoRoot } from '../support/paths';

interface MenuItem {
  command: string;
  when?: string;
}
interface Manifest {
  activationEvents: string[];
  contributes: {
    menus: Record<string, MenuItem[]>;
    languages: Array<{ id: string; extensions?: string[]; filenamePatterns?: string[] }>;
    jsonValidation: Array<{ fileMatch: string | string[]; url: string }>;
  };
}

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;

/** VS Code's glob subset used by `workspaceContains`: `**` + `/`, `*`, `?` and `{a,b}` groups. */
function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (glob.startsWith('**/', index)) {
      source += '(?:.*/)?';
      index += 2;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') source += '(?:';
    else if (char === '}') source += ')';
    else if (char === ',') source += '|';
    else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const activationGlobs = manifest.activationEvents
  .filter((event) => event.startsWith('workspaceContains:'))
  .map((event) => globToRegExp(event.slice('workspaceContains:'.length)));

/**
 * The `resourceFilename =~ /…/flags` and `resourcePath =~ /…/flags` alternatives of a when clause,
 * as tests of a path (`resourceFilename` sees only the last segment).
 */
function resourcePatterns(when: string): Array<(path: string) => boolean> {
  return [...when.matchAll(/(resourceFilename|resourcePath) =~ \/((?:[^/\\]|\\.)+)\/([a-z]*)/g)].map(
    ([, key, source, flags]) => {
      const pattern = new RegExp(source, flags);
      return (path: string) => pattern.test(key === 'resourcePath' ? path : path.slice(path.lastIndexOf('/') + 1));
    },
  );
}

function whenOf(menu: string, command: string): Array<(path: string) => boolean> {
  const item = manifest.contributes.menus[menu].find(
    (candidate) => candidate.command === command && /resource(Filename|Path)/.test(candidate.when ?? ''),
  );
  assert.ok(item?.when, `no ${command} entry with a file-name pattern in menus.${menu}`);
  return resourcePatterns(item.when);
}

/** Whether a menu entry's when clause offers `command` on a file at `/ws/data/<name>`. */
function offered(menu: string, command: string, name: string): boolean {
  return whenOf(menu, command).some((test) => test(`/ws/data/${name}`));
}

const kinds: FileKindDeclaration[] = benchmarks().flatMap((benchmark) => benchmark.kinds);
const examples = (wanted: (kind: FileKindDeclaration) => boolean) =>
  kinds.filter(wanted).flatMap((kind) => kind.examples);
// Folder-group members (MANGO's game files) open in the maze; standalone files on the board.
const mangoNames = examples((kind) => kind.validation !== 'standalone');
const standaloneNames = examples((kind) => kind.validation === 'standalone' && kind.board !== false);
// Kinds with nothing to draw (GRASP's baseline result files, named like grid files): never offered Show Board or Run.
const boardlessNames = examples((kind) => kind.validation === 'standalone' && kind.board === false);

describe('package.json activation and menus follow the benchmark registry', () => {
  it('the registry holds the four built-in benchmarks and every kind has examples', () => {
    assert.deepEqual(
      benchmarks().map((benchmark) => benchmark.id),
      ['mango', 'smartplay', 'babyai', 'grasp'],
    );
    assert.equal(kinds.length, 12);
  });

  for (const kind of kinds) {
    it(`every example of ${kind.id} is recognised as ${kind.id}`, () => {
      for (const name of kind.examples) assert.equal(fileKindOf(`data/games/${name}`)?.kind.id, kind.id, name);
    });
  }

  for (const kind of kinds.filter((candidate) => candidate.languageId)) {
    it(`package.json contributes ${kind.id}'s language ${kind.languageId} for its names`, () => {
      const language = manifest.contributes.languages.find((candidate) => candidate.id === kind.languageId);
      assert.ok(language, `no language ${kind.languageId}`);
      for (const name of kind.examples)
        assert.ok(
          language.extensions?.some((extension) => name.toLowerCase().endsWith(extension)),
          name,
        );
    });
  }

  for (const kind of kinds.filter((candidate) => candidate.schemaId)) {
    it(`package.json binds the ${kind.schemaId} schema to ${kind.id}'s names`, () => {
      const binding = manifest.contributes.jsonValidation.find(
        (candidate) => candidate.url === `./dist/schemas/${kind.schemaId}.schema.json`,
      );
      assert.ok(binding, `no jsonValidation for ${kind.schemaId}`);
      const patterns = [binding.fileMatch].flat().map(globToRegExp);
      for (const name of kind.examples)
        assert.ok(
          patterns.some((pattern) => pattern.test(name)),
          name,
        );
    });
  }

  for (const name of [...mangoNames, ...standaloneNames]) {
    it(`a workspace holding only ${name} activates Waypoint`, () => {
      assert.ok(
        activationGlobs.some((glob) => glob.test(`data/games/${name}`)),
        `no workspaceContains event matches ${name}`,
      );
    });
  }

  for (const name of mangoNames) {
    it(`the explorer offers Show Maze on ${name}`, () => {
      assert.ok(offered('explorer/context', 'waypoint.showMaze', name));
    });
  }

  for (const name of standaloneNames) {
    it(`the editor title and the palette offer Show Board on ${name}`, () => {
      assert.ok(offered('editor/title', 'waypoint.showBoard', name), 'editor/title');
      assert.ok(offered('commandPalette', 'waypoint.showBoard', name), 'commandPalette');
    });
  }

  for (const name of boardlessNames) {
    it(`no menu offers Show Board or Run GRASP on ${name}`, () => {
      assert.ok(!offered('editor/title', 'waypoint.showBoard', name), 'editor/title');
      assert.ok(!offered('commandPalette', 'waypoint.showBoard', name), 'commandPalette');
      assert.ok(!offered('commandPalette', 'waypoint.runGraspQuestion', name), 'Run GRASP');
    });
  }

  it('Run GRASP is offered on grid files, also inside an ordinary folder', () => {
    assert.ok(offered('commandPalette', 'waypoint.runGraspQuestion', 'inner_random_free.jsonl'));
    assert.ok(offered('commandPalette', 'waypoint.runGraspQuestion', 'grasp/data/grids/outer_spiral_block.jsonl'));
    assert.ok(
      !offered('commandPalette', 'waypoint.runGraspQuestion', 'results/greedy_results/outer_spiral_block.jsonl'),
    );
  });

  // Any run file opens in the results view from the Explorer, the editor title and the palette,
  // wherever it is; a benchmark's own .jsonl files (inputs, upstream outputs) are not offered it.
  const runFileNames = [
    'run.jsonl',
    'out/oracle.jsonl',
    'mango-oracle-20261127T231308.jsonl',
    '.waypoint/runs/batch/grasp-gpt-4o-20260101T000000.jsonl',
    'results/RUN.JSONL',
  ];
  for (const menu of ['explorer/context', 'editor/title', 'commandPalette']) {
    it(`${menu} offers Open in Results View on run files and on no benchmark file`, () => {
      for (const name of runFileNames) assert.ok(offered(menu, 'waypoint.openInResultsView', name), name);
      const benchmarkJsonl = kinds
        .flatMap((kind) => kind.examples)
        .filter((name) => name.toLowerCase().endsWith('.jsonl'));
      assert.ok(benchmarkJsonl.length >= 8, `only ${benchmarkJsonl.length} .jsonl examples`);
      for (const name of benchmarkJsonl) assert.ok(!offered(menu, 'waypoint.openInResultsView', name), name);
      for (const name of ['zork1.walkthrough', 'run.json', 'run.jsonl.bak', 'notes.md'])
        assert.ok(!offered(menu, 'waypoint.openInResultsView', name), name);
    });
  }

  it('the language client hands every kind to the server (its document selector matches every example)', () => {
    const selectors = [MANGO_JSON_FILES, MANGO_SKELETON_FILES, STANDALONE_FILES].map(globToRegExp);
    // Walkthroughs go by their language id (.walkthrough), not by a glob.
    for (const name of examples((kind) => kind.languageId === undefined)) {
      assert.ok(
        selectors.some((selector) => selector.test(`ws/data/${name}`)),
        `${name}: no document selector glob in src/extension/documentSelectors.ts matches it`,
      );
    }
  });

  it('the glob reading above is VS Code’s: braces are alternatives, * stays inside one folder', () => {
    assert.ok(globToRegExp('**/{inner,outer}_*_{free,block}.jsonl').test('a/b/inner_x_free.jsonl'));
    assert.ok(!globToRegExp('**/*.level.json').test('a.level.json/x'));
  });
});

describe('the activation bundle', () => {
  // Activation is timed with the code VS Code loads first (dist/extension-core.js, 150 ms budget):
  // commands that need heavy libraries load the evaluation or boards bundle when first used. A 3 MB
  // slip (zod with every locale, pulled in by one direct import) went unnoticed until e2e timed it.
  it('stays small and leaves zod, the tokenizer and the game-file parsers to the lazily loaded bundles', function () {
    const bundle = join(repoRoot, 'dist', 'extension-core.js');
    let code: string;
    try {
      code = readFileSync(bundle, 'utf8');
    } catch {
      console.log(`      skipped: ${bundle} is not built (node esbuild.mjs)`);
      return this.skip();
    }
    assert.ok(code.length < 400_000, `dist/extension-core.js is ${Math.round(code.length / 1024)} KB`);
    for (const heavy of [
      'node_modules/zod/v4/classic',
      'src/core/benchmarks/mango/walkthrough/gameFiles.ts',
      'src/core/benchmarks/mango/tokenizer.ts',
    ])
      assert.ok(!code.includes(`// ${heavy}`), `${heavy} is in the activation bundle`);
  });
});
