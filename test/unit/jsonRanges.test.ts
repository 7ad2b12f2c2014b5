// Ranges of JSON syntax errors stay inside the document (found by the fuzz suite, issue 12): the
// parser reports "value expected" one past the end, and errors on the `\n` of a `\r\n`.
import { strict as assert } from 'node:assert';
import { OffsetMapper, parseLocatedJson } from '../../src/core/util/locatedJson';

describe('JSON syntax error ranges', () => {
  it('puts an error at the end of the text on the last character position, not past it', () => {
    assert.deepEqual(parseLocatedJson('').diagnostics[0].range, {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 0 },
    });
    assert.deepEqual(parseLocatedJson('[1,\n').diagnostics[0].range, {
      start: { line: 1, character: 0 },
      end: { line: 1, character: 0 },
    });
    assert.deepEqual(parseLocatedJson('{"a":').diagnostics[0].range, {
      start: { line: 0, character: 5 },
      end: { line: 0, character: 5 },
    });
  });

  it('never places a position inside a line break', () => {
    const mapper = new OffsetMapper('ab\r\ncd\re');
    assert.deepEqual(mapper.position(3), { line: 0, character: 2 }, 'the \\n of \\r\\n is the end of line 0');
    assert.deepEqual(mapper.position(4), { line: 1, character: 0 });
    assert.deepEqual(mapper.position(6), { line: 1, character: 2 }, 'a lone \\r ends line 1');
    assert.deepEqual(mapper.position(99), { line: 2, character: 1 });
    assert.deepEqual(mapper.position(-5), { line: 0, character: 0 });
  });
});
