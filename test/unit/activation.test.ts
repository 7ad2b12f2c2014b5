// package.json must know every file kind core recognises: a kind without an activation event does
// not start Waypoint in a workspace holding only such files (GRASP's upstream grid names and the
// LLM-BabyBench CSVs were missed that way), and one without a when-clause pattern has no menu entry.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileKindOf, mangoSuffixes, standaloneKindOf, standaloneSuffixes } from '../../src/core/fileKinds';
import { repoRoot } from '../support/paths';

interface MenuItem {
  command: string;
  when?: string;
}
interface Manifest {
  activationEvents: string[];
  contributes: { menus: Record<string, MenuItem[]> };
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

const activationGlobs = manifest.activationEvents.filter((event) => event.startsWith('workspaceContains:')).map((event) => globToRegExp(event.slice('workspaceContains:'.length)));

/** The `resourceFilename =~ /…/flags` alternatives of a when clause, as regular expressions. */
function filenamePatterns(when: string): RegExp[] {
  return [...when.matchAll(/resourceFilename =~ \/((?:[^/\\]|\\.)+)\/([a-z]*)/g)].map(([, source, flags]) => new RegExp(source, flags));
}

function whenOf(menu: string, command: string): RegExp[] {
  const item = manifest.contributes.menus[menu].find((candidate) => candidate.command === command && candidate.when?.includes('resourceFilename'));
  assert.ok(item?.when, `no ${command} entry with a file-name pattern in menus.${menu}`);
  return filenamePatterns(item.when);
}

// One name per MANGO suffix and per standalone suffix, from core's own tables, plus the upstream
// names recognised by pattern rather than suffix.
const mangoNames = mangoSuffixes.map(([suffix]) => `zork1${suffix}`);
const standaloneNames = [
  ...standaloneSuffixes.map(([suffix]) => (suffix.startsWith('_') ? `gpt_o1_mini${suffix}` : `sample${suffix}`)),
  'inner_uniform_free.jsonl',
  'outer_gaussian_block.jsonl',
  'LLM_BABYBENCH_Predict.csv',
  'LLM_BABYBENCH_Decompose.csv',
  'llm-babybench-sample.jsonl',
  'llm_babybench_plan.json',
  'llm-babybench-export.ndjson',
];

describe('package.json activation and menus follow core/fileKinds.ts', () => {
  it('the names cover every kind core knows', () => {
    const mangoKinds = new Set(mangoNames.map((name) => fileKindOf(`data/zork1/${name}`)));
    assert.deepEqual([...mangoKinds].sort(), mangoSuffixes.map(([, kind]) => kind).sort());
    const standaloneKinds = new Set(standaloneNames.map((name) => standaloneKindOf(`data/${name}`)));
    assert.ok(!standaloneKinds.has(null), 'every standalone name has a kind');
    for (const [, kind] of standaloneSuffixes) assert.ok(standaloneKinds.has(kind), kind);
    assert.ok(standaloneKinds.has('babyai-records'));
  });

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
      assert.ok(whenOf('explorer/context', 'waypoint.showMaze').some((pattern) => pattern.test(name)));
    });
  }

  for (const name of standaloneNames) {
    it(`the editor title and the palette offer Show Board on ${name}`, () => {
      assert.ok(whenOf('editor/title', 'waypoint.showBoard').some((pattern) => pattern.test(name)), 'editor/title');
      assert.ok(whenOf('commandPalette', 'waypoint.showBoard').some((pattern) => pattern.test(name)), 'commandPalette');
    });
  }

  it('the glob reading above is VS Code’s: braces are alternatives, * stays inside one folder', () => {
    assert.ok(globToRegExp('**/{inner,outer}_*_{free,block}.jsonl').test('a/b/inner_x_free.jsonl'));
    assert.ok(!globToRegExp('**/*.level.json').test('a.level.json/x'));
  });
});
