// Grid JSONL files (spec §3): the shared upstream files read without diagnostics and re-serialise
// byte for byte; broken grids get diagnostics located at the offending value or grid character.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeGridRecord } from '../../../src/core/benchmarks/grasp/generator';
import { parseGraspGridFile } from '../../../src/core/benchmarks/grasp/gridFile';
import { GRID_TEXT_LENGTH, renderGridText } from '../../../src/core/benchmarks/grasp/gridText';
import type { Diagnostic } from '../../../src/core/util/text';
import { graspDataDir, graspDataMissing, picture, recordOf } from './support';

const sharedFiles = existsSync(graspDataDir)
  ? readdirSync(graspDataDir)
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
  : [];

describe('GRASP grid files: the shared upstream files', function () {
  before(function () {
    if (sharedFiles.length === 0) {
      console.log(`      skipped: ${graspDataMissing}`);
      this.skip();
    }
  });

  it('finds the four shared grid files', () => {
    assert.deepEqual(sharedFiles, [
      'inner_random_free.jsonl',
      'inner_spiral_block.jsonl',
      'outer_cluster_block.jsonl',
      'outer_upDown_free.jsonl',
    ]);
  });

  for (const name of [
    'inner_random_free.jsonl',
    'inner_spiral_block.jsonl',
    'outer_cluster_block.jsonl',
    'outer_upDown_free.jsonl',
  ]) {
    it(`${name}: 100 records, no diagnostics, each line re-serialised byte for byte`, function () {
      if (!sharedFiles.includes(name)) this.skip();
      const text = readFileSync(join(graspDataDir, name), 'utf8');
      const file = parseGraspGridFile(text, name);
      assert.deepEqual(file.diagnostics, []);
      assert.equal(file.entries.length, 100);
      const lines = text.split('\n');
      assert.equal(lines.pop(), '', 'the file ends with a newline');
      file.entries.forEach((entry, index) => {
        assert.equal(entry.record.index, index);
        assert.equal(entry.record.grid.length, GRID_TEXT_LENGTH);
        assert.equal(renderGridText(entry.chars), entry.record.grid);
        assert.equal(serializeGridRecord(entry.record), lines[entry.line]);
        const energy = entry.grid.cells.flat().filter((cell) => cell.energy > 0).length;
        assert.ok(energy >= 12 && energy <= 89, `energy cells ${energy} within the spec's 12..89`);
        assert.equal(
          entry.grid.cells[entry.grid.start[0]][entry.grid.start[1]].energy,
          0,
          'the start cell loads as empty',
        );
      });
    });
  }
});

/** One-record file text, with the grid text edited by `edit`. */
function lineWith(overrides: Record<string, unknown> = {}, edit: (grid: string) => string = (grid) => grid): string {
  const record = { ...recordOf(picture({ '5,3': 'A', '5,8': 'E', '0,1': 'E' })), ...overrides };
  return JSON.stringify({ ...record, grid: edit(record.grid) });
}

function only(diagnostics: Diagnostic[], code: string): Diagnostic {
  const found = diagnostics.filter((diagnostic) => diagnostic.code === code);
  assert.equal(found.length, 1, `one ${code} in ${JSON.stringify(diagnostics.map((diagnostic) => diagnostic.code))}`);
  return found[0];
}

/** The source text a diagnostic's range covers. */
function covered(text: string, diagnostic: Diagnostic): string {
  const line = text.split('\n')[diagnostic.range.start.line];
  return line.slice(diagnostic.range.start.character, diagnostic.range.end.character);
}

describe('GRASP grid files: located diagnostics', () => {
  it('a valid record has none, and its grid reads as upstream loads it', () => {
    const file = parseGraspGridFile(`${lineWith()}\n`);
    assert.deepEqual(file.diagnostics, []);
    assert.deepEqual(file.entries[0].grid.start, [5, 3]);
    assert.equal(file.entries[0].grid.cells[5][8].energy, 1);
  });

  it('points at an unknown cell character inside the JSON string, on the right line', () => {
    // Row 5 is grid line 12; its column 4 + 4·8 holds cell (5, 8).
    const bad = lineWith({}, (grid) => grid.slice(0, 12 * 48 + 36) + 'X' + grid.slice(12 * 48 + 37));
    const text = `${lineWith()}\n${bad}\n`;
    const diagnostic = only(parseGraspGridFile(text).diagnostics, 'grasp/grid-cell');
    assert.equal(diagnostic.range.start.line, 1);
    assert.equal(covered(text, diagnostic), 'X');
    assert.match(diagnostic.message, /Cell \(5, 8\) is 'X'/);
  });

  it('points at the exact character of a broken separator, past the \\n escapes before it', () => {
    const text = lineWith({}, (grid) => grid.replace('  +---+---+', '  +-*-+---+'));
    const diagnostic = only(parseGraspGridFile(text).diagnostics, 'grasp/grid-layout');
    assert.equal(covered(text, diagnostic), '*');
    assert.match(diagnostic.message, /Grid line 1 \(separator\)/);
  });

  it('a missing trailing space of the header and a short grid are layout errors', () => {
    const noSpace = lineWith({}, (grid) => grid.replace('10 \n', '10\n'));
    assert.ok(
      parseGraspGridFile(noSpace).diagnostics.some(
        (diagnostic) => diagnostic.code === 'grasp/grid-layout' && /column header/.test(diagnostic.message),
      ),
    );
    const short = lineWith({}, (grid) => grid.slice(0, 20 * 48));
    const file = parseGraspGridFile(short);
    assert.ok(file.diagnostics.some((diagnostic) => /has 20 lines; it must have 24/.test(diagnostic.message)));
    assert.equal(file.entries.length, 0, 'rows 9 and 10 are missing, so there is no grid to simulate');
  });

  it('two As: the second is reported where it is', () => {
    const text = lineWith({}, (grid) => grid.slice(0, 20 * 48 + 4) + 'A' + grid.slice(20 * 48 + 5));
    const diagnostic = only(parseGraspGridFile(text).diagnostics, 'grasp/start-count');
    assert.equal(covered(text, diagnostic), 'A');
    assert.match(diagnostic.message, /\(9, 0\)/);
  });

  it('start that is not the A: at the start value, with the expected value for a quick fix', () => {
    const text = lineWith({ start: [3, 5] });
    const diagnostic = only(parseGraspGridFile(text).diagnostics, 'grasp/start-mismatch');
    assert.equal(covered(text, diagnostic), '[3,5]');
    assert.equal(diagnostic.data?.expected, '[5, 3]');
  });

  it('metadata inconsistent with the grid: start region, obstacles in a free grid, energy parameter', () => {
    const region = lineWith({ start_position: 'outer' });
    assert.equal(covered(region, only(parseGraspGridFile(region).diagnostics, 'grasp/start-region')), '"outer"');
    const obstacle = lineWith({}, (grid) => grid.slice(0, 2 * 48 + 8) + 'O' + grid.slice(2 * 48 + 9));
    assert.equal(covered(obstacle, only(parseGraspGridFile(obstacle).diagnostics, 'grasp/obstacle-mismatch')), 'O');
    for (const [energy, probability] of [
      ['random', 0.8],
      ['upDown', 0.5],
      ['cluster', 6],
      ['spiral', 0],
    ] as const) {
      const text = lineWith({ energy, energy_probability: probability });
      assert.equal(
        covered(text, only(parseGraspGridFile(text).diagnostics, 'grasp/energy-probability')),
        String(probability),
      );
    }
    const crowded = lineWith({ energy: 'cluster', energy_probability: 3 }, (grid) =>
      grid.replace(/\| {3}\|/g, '| E |'),
    );
    assert.ok(parseGraspGridFile(crowded).diagnostics.some((diagnostic) => diagnostic.code === 'grasp/energy-count'));
  });

  it('types, missing keys, unknown keys, JSON syntax and blank lines', () => {
    const typed = lineWith({ index: -1, obstacle: 'walls', start: [5, 11] });
    const codes = parseGraspGridFile(typed).diagnostics.map((diagnostic) => [
      diagnostic.code,
      covered(typed, diagnostic),
    ]);
    assert.deepEqual(codes, [
      ['grasp/field-type', '-1'],
      ['grasp/field-type', '"walls"'],
      ['grasp/field-type', '[5,11]'],
    ]);
    const missing = JSON.stringify({ ...JSON.parse(lineWith()), grid: undefined, colour: 'red' });
    const diagnostics = parseGraspGridFile(missing).diagnostics;
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.code]),
      [
        ['error', 'grasp/field-missing'],
        ['warning', 'grasp/unknown-field'],
      ],
    );
    const syntax = parseGraspGridFile(`${lineWith()}\n{"index": 1,,}\n\n${lineWith()}\n`);
    assert.deepEqual(
      syntax.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line]),
      [
        ['json/syntax', 1],
        ['grasp/blank-line', 2],
        ['grasp/index-sequence', 3],
      ],
    );
    assert.equal(syntax.entries.length, 2);
    assert.deepEqual(syntax.diagnostics[0].range.start, { line: 1, character: 12 }, 'at the second comma');
  });

  it('a record that contradicts its file name is warned about at the value', () => {
    const text = lineWith();
    const diagnostic = only(
      parseGraspGridFile(text, 'data/grids/inner_spiral_free.jsonl').diagnostics,
      'grasp/file-name',
    );
    assert.equal(covered(text, diagnostic), '"random"');
    assert.equal(diagnostic.severity, 'warning');
  });
});
