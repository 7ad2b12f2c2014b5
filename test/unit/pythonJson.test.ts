// Python's json.dumps and repr, byte for byte. Expected strings were produced by CPython 3.11.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { compareCodePoints, pythonFloatRepr, pythonJsonDumps, pythonJsonString } from '../../src/core/util/pythonJson';
import { pythonRepr, pythonStrList } from '../../src/core/util/pythonRepr';

describe('pythonJsonDumps', () => {
  it('escapes like ensure_ascii=True: lower-case \\uXXXX, surrogate pairs, short escapes', () => {
    assert.equal(pythonJsonString('café'), '"caf\\u00e9"');
    assert.equal(pythonJsonString('😀'), '"\\ud83d\\ude00"');
    assert.equal(pythonJsonString('say "hi"\\ok'), '"say \\"hi\\"\\\\ok"');
    assert.equal(pythonJsonString('\x01\x7f\n\t\r\b\f'), '"\\u0001\\u007f\\n\\t\\r\\b\\f"');
    assert.equal(pythonJsonString('\u2028'), '"\\u2028"');
    assert.equal(pythonJsonString("it's ~ fine"), '"it\'s ~ fine"');
  });

  it('uses ", " and ": " and sorts keys by code point with sortKeys', () => {
    const value = { b: 1, a: [1, 2, { z: null, y: true }], '\ue000': 1, '😀': 2, é: 3 };
    assert.equal(
      pythonJsonDumps(value, { sortKeys: true }),
      '{"a": [1, 2, {"y": true, "z": null}], "b": 1, "\\u00e9": 3, "\\ue000": 1, "\\ud83d\\ude00": 2}',
    );
    assert.equal(pythonJsonDumps({ b: 1, a: [] }), '{"b": 1, "a": []}');
    assert.equal(pythonJsonDumps({}), '{}');
    assert.equal(pythonJsonDumps([]), '[]');
  });

  it('keeps insertion order without sortKeys, including a Map with integer-like keys', () => {
    assert.equal(
      pythonJsonDumps(
        new Map<string, number>([
          ['b', 1],
          ['2', 2],
          ['a', 3],
        ]),
      ),
      '{"b": 1, "2": 2, "a": 3}',
    );
  });

  it('leaves out undefined properties and rejects values JSON cannot hold', () => {
    assert.equal(pythonJsonDumps({ a: 1, b: undefined }), '{"a": 1}');
    assert.throws(() => pythonJsonDumps({ f: () => 1 }), TypeError);
    assert.throws(() => pythonJsonDumps([undefined]), TypeError);
  });

  it('writes integers as ints and other numbers as Python float repr', () => {
    assert.equal(pythonJsonDumps([0, 9999, -3]), '[0, 9999, -3]');
    const floats: Array<[number, string]> = [
      [1.5, '1.5'],
      [0.1, '0.1'],
      [1e-5, '1e-05'],
      [1e-7, '1e-07'],
      [123456789.123, '123456789.123'],
      [0.0001, '0.0001'],
      [1.5e300, '1.5e+300'],
      [-2.5, '-2.5'],
      [1e22, '1e+22'],
    ];
    for (const [value, expected] of floats) assert.equal(pythonJsonDumps(value), expected, String(value));
    assert.equal(pythonFloatRepr(3), '3.0');
    assert.equal(pythonFloatRepr(1e16), '1e+16');
    assert.equal(pythonJsonDumps([NaN, Infinity, -Infinity]), '[NaN, Infinity, -Infinity]');
  });

  it('writes an upstream all_pairs line exactly', () => {
    const line = {
      src_node: 'bedroom',
      dst_node: 'bathroom',
      num_paths: 1,
      id: '25263dd09aab39cd4bdb45c07057aa09fa6b6fab216e3f954034e052ecd05293',
      min_step_forward: 3,
      min_step_total: 3,
      min_step_forward_answerable: 3,
      min_step_total_answerable: 3,
    };
    assert.equal(
      pythonJsonDumps(line),
      '{"src_node": "bedroom", "dst_node": "bathroom", "num_paths": 1, "id": "25263dd09aab39cd4bdb45c07057aa09fa6b6fab216e3f954034e052ecd05293", "min_step_forward": 3, "min_step_total": 3, "min_step_forward_answerable": 3, "min_step_total_answerable": 3}',
    );
  });

  it('round-trips through JSON.parse for arbitrary strings and nesting', () => {
    const leaf = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ unit: 'binary' }));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('node'), { maxKeys: 4, noNullPrototype: true }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const text = pythonJsonDumps(v, { sortKeys: true });
        assert.ok(/^[\x20-\x7e]*$/.test(text), 'output is printable ASCII');
        assert.deepEqual(JSON.parse(text), v);
      }),
      { numRuns: 300 },
    );
  });

  it('orders by code point, not UTF-16 unit', () => {
    assert.ok(compareCodePoints('\ue000', '😀') < 0);
    assert.ok('\ue000' > '😀', 'JavaScript compares code units the other way');
    assert.ok(compareCodePoints('a', 'ab') < 0);
    assert.equal(compareCodePoints('same', 'same'), 0);
  });
});

describe('pythonRepr / pythonStrList', () => {
  it('quotes and escapes like CPython repr(str)', () => {
    const cases: Array<[string, string]> = [
      ['abc', "'abc'"],
      ["it's", `"it's"`],
      [`a'b"c`, `'a\\'b"c'`],
      ['back\\slash', "'back\\\\slash'"],
      ['tab\tnl\n', "'tab\\tnl\\n'"],
      ['\x00\x7f', "'\\x00\\x7f'"],
      ['\xa0é', "'\\xa0é'"],
      ['\u200b', "'\\u200b'"],
      ['😀', "'😀'"],
      ['\ue000', "'\\ue000'"],
      ['\u{f0000}', "'\\U000f0000'"],
      ['say "hi"', `'say "hi"'`],
      ['\u0085', "'\\x85'"],
      ['\u00ad', "'\\xad'"],
    ];
    for (const [input, expected] of cases) assert.equal(pythonRepr(input), expected, JSON.stringify(input));
  });

  it('renders str(list) as the prompts show it', () => {
    assert.equal(pythonStrList(['south', 'north', "it's"]), `['south', 'north', "it's"]`);
    assert.equal(pythonStrList([]), '[]');
  });
});
