// One line-splitting convention everywhere (issue 12, defect 10): LSP ends a line at \r\n, at a
// lone \r and at \n, so every file kind must report the same positions whichever it uses. Before,
// GRASP files (and other readers) split at \n only, and after a bare \r diagnostics landed on the
// wrong line.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileKind } from '../../src/core/benchmarks/mango/fileKinds';
import type { StandaloneKind } from '../../src/core/benchmarks/declarations';
import { validateGameTexts } from '../../src/core/benchmarks/mango/walkthrough/game';
import { validateStandalone } from '../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../src/core/benchmarks';
import { splitLines, type Diagnostic } from '../../src/core/util/text';
import { samplesDir } from '../support/paths';

const read = (path: string) => readFileSync(join(samplesDir, path), 'utf8').replace(/\r\n?/g, '\n');

/** Breaks line `line` (counted from the end when negative) so there is a problem to locate far down. */
function breakLine(text: string, line: number, replacement: (original: string) => string): string {
  const lines = text.split('\n');
  const index = line < 0 ? lines.length + line : line;
  lines[index] = replacement(lines[index]);
  return lines.join('\n');
}

const endings: Array<[string, string]> = [
  ['\\r', '\r'],
  ['\\r\\n', '\r\n'],
];

function assertSamePositions(label: string, validate: (text: string) => Diagnostic[], text: string) {
  const reference = validate(text);
  assert.ok(
    reference.some((diagnostic) => diagnostic.range.start.line > 1),
    `${label}: the case needs a problem below line 2`,
  );
  for (const [name, ending] of endings)
    assert.deepEqual(validate(text.replace(/\n/g, ending)), reference, `${label} with ${name} line ends`);
}

const standalone: Array<[StandaloneKind, string, (text: string) => string]> = [
  [
    'grasp-grids',
    'grasp/inner_cluster_free.jsonl',
    (text) => breakLine(text, 3, (line) => line.replace('"index": 3', '"index": "three"')),
  ],
  [
    'grasp-grids',
    'grasp/outer_spiral_block.jsonl',
    (text) =>
      breakLine(text, 2, (line) => line.replace('"start": [', '"start": [99, ').replace(/"grid": "(.)/, '"grid": "#')),
  ],
  [
    'grasp-results',
    'grasp/results/waypoint_sample_output.jsonl',
    (text) =>
      `${breakLine(text, 1, () => '{"custom_id": 7}')}\n{"custom_id": "inner_cluster_free.jsonl-0-1-0-0", "response": 5}\n`,
  ],
  [
    'smartplay-episode',
    'smartplay/hanoi3-solver.episode.jsonl',
    (text) => breakLine(text, 2, (line) => line.replace('"step":', '"step": 99, "x":')),
  ],
  ['babyai-level', 'babyai/four-rooms-sequence.level.json', (text) => breakLine(text, -3, (line) => `@${line}`)],
  ['babyai-records', 'babyai/llm-babybench-sample.jsonl', (text) => `${text}\n[1, 2]\n{"broken": \n`],
];

describe('line ends: \\n, \\r\\n and lone \\r give the same positions', () => {
  for (const [kind, path, mutate] of standalone) {
    it(`${kind}: ${path}`, () => {
      const name = path.slice(path.lastIndexOf('/') + 1);
      assertSamePositions(path, (text) => validateStandalone(kind, text, name) ?? [], mutate(read(path)));
    });
  }

  it('a MANGO game folder: walkthrough, JSON files and skeleton lines', () => {
    const prefix = 'mango/broken/lighthouse-typos';
    const texts: Partial<Record<FileKind, string>> = {
      'mango-walkthrough': read(`${prefix}.walkthrough`),
      'mango-edges': read(`${prefix}.edges.json`),
      'mango-actions': breakLine(read(`${prefix}.actions.json`), -2, (line) => line.replace('"', '"\\x')),
      'mango-locations': read(`${prefix}.locations.json`),
      'mango-df': breakLine(read('mango/lighthouse/lighthouse.all2all.jsonl'), 5, (line) =>
        line.replace('"src_node": "', '"src_node": "nowhere '),
      ),
      'mango-rf': `${read('mango/lighthouse/lighthouse.all_pairs.jsonl')}\n{}\n`,
    };
    const flat = (byKind: Map<FileKind, Diagnostic[]>) =>
      [...byKind.entries()].sort().flatMap(([kind, diagnostics]) => diagnostics.map((d) => ({ kind, ...d })));
    const validate = (ending: string) =>
      flat(
        validateGameTexts(
          Object.fromEntries(Object.entries(texts).map(([kind, text]) => [kind, text.replace(/\n/g, ending)])),
        ),
      );
    const reference = validate('\n');
    for (const kind of Object.keys(texts))
      assert.ok(
        reference.some((d) => d.kind === kind && d.range.start.line > 1),
        `${kind} needs a problem below line 2`,
      );
    for (const [name, ending] of endings) assert.deepEqual(validate(ending), reference, `with ${name} line ends`);
  });

  it('splitLines and the LSP line count agree on a mixed text', () => {
    assert.deepEqual(splitLines('a\rb\r\nc\nd\r'), ['a', 'b', 'c', 'd', '']);
  });
});
