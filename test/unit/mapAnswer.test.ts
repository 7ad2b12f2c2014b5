// Reading a model's map (runs.md §7): the triple list as a Python literal or JSON with prose around
// it, arrow lines, and malformed input reported with its line and character, never repaired.
import { strict as assert } from 'node:assert';
import { MapCodes, parseMapAnswer } from '../../src/core/benchmarks/mango/scoring/mapAnswer';

const moves = (text: string) => parseMapAnswer(text).edges.map(({ src, action, dst }) => [src, action, dst]);
const at = (text: string) =>
  parseMapAnswer(text).diagnostics.map((diagnostic) => [
    diagnostic.code,
    diagnostic.range.start.line,
    diagnostic.range.start.character,
  ]);

describe('map answers', () => {
  it('reads the triple list with prose around it, in Python quotes or JSON', () => {
    const python =
      "Here is my map.\n[{'location_before': 'kitchen', 'action': 'west', 'location_after': \"living room\"},\n {'location_before': \"gnome's lair\", 'action': 'up', 'location_after': 'attic [dusty]'}]\nThat's all.";
    assert.deepEqual(moves(python), [
      ['kitchen', 'west', 'living room'],
      ["gnome's lair", 'up', 'attic [dusty]'],
    ]);
    assert.equal(parseMapAnswer(python).format, 'triples');
    const json = 'Map:\n```json\n[{"location_before": "a", "action": "north", "location_after": "b"}]\n```';
    assert.deepEqual(moves(json), [['a', 'north', 'b']]);
    const parsed = parseMapAnswer(json);
    assert.deepEqual([parsed.edges[0].line, parsed.edges[0].character], [2, 1]);
  });

  it('reads arrow lines, as list items and with quoted names, and ignores prose lines', () => {
    const text =
      'I walked around:\n- West of House --north--> North of House\n2. \'kitchen\' --west--> "living room"\n  east-west passage --east--> round room\nThe end.';
    assert.deepEqual(moves(text), [
      ['West of House', 'north', 'North of House'],
      ['kitchen', 'west', 'living room'],
      ['east-west passage', 'east', 'round room'],
    ]);
    assert.equal(parseMapAnswer(text).format, 'arrows');
    assert.deepEqual(
      parseMapAnswer(text).edges.map((edge) => [edge.line, edge.character]),
      [
        [1, 2],
        [2, 3],
        [3, 2],
      ],
    );
  });

  it('positions each problem: an item that is not a triple, an arrow line with a part missing, an unclosed list', () => {
    const items =
      "[\n  {'location_before': 'a', 'action': 'north', 'location_after': 'b'},\n  {'location_before': 'b', 'action': 'south'},\n  'c'\n]";
    assert.deepEqual(moves(items), [['a', 'north', 'b']]);
    assert.deepEqual(at(items), [
      [MapCodes.badItem, 2, 2],
      [MapCodes.badItem, 3, 2],
    ]);
    assert.match(parseMapAnswer(items).diagnostics[0].message, /item 2 .* no string 'location_after'/);
    assert.deepEqual(at('a --north--> b\nkitchen --> cellar\n'), [[MapCodes.badArrow, 1, 0]]);
    assert.deepEqual(at("Sure.\n  [{'location_before': 'a', 'action': 'n', 'location_after': 'b'},"), [
      [MapCodes.unclosedList, 1, 2],
    ]);
  });

  it('reports a list that is not a literal where the literal breaks, and an answer with no map at all', () => {
    const text = "Map:\n[{'location_before': 'a', 'action': north, 'location_after': 'b'}]";
    const [diagnostic] = parseMapAnswer(text).diagnostics;
    assert.equal(diagnostic.code, MapCodes.notLiteral);
    assert.equal(diagnostic.range.start.line, 1);
    assert.equal(diagnostic.range.start.character, "[{'location_before': 'a', 'action': ".length);
    assert.deepEqual(parseMapAnswer(text).edges, []);
    assert.deepEqual(at('I could not find any map in the walkthrough.'), [[MapCodes.noMap, 0, 0]]);
    assert.equal(parseMapAnswer('no map').format, 'none');
  });

  it('leaves out a move with an empty name and says so', () => {
    assert.deepEqual(at("[{'location_before': ' ', 'action': 'north', 'location_after': 'b'}]"), [
      [MapCodes.emptyName, 0, 1],
    ]);
  });
});
