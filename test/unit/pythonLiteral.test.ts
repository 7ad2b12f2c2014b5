// The shared Python-literal parser under load and in its two expression modes (issue 12, defects 8
// and 9): strings are sliced between escapes (linear memory), nesting is capped with a located
// error, and constant expressions are folded only when asked, never executed.
import { strict as assert } from 'node:assert';
import {
  MAX_FOLDED_LENGTH,
  MAX_NESTING,
  parsePythonExpression,
  parsePythonLiteral,
  PythonLiteralError,
} from '../../src/core/util/pythonLiteral';

function failsAt(text: string, offset: number, message: RegExp, fold = false): void {
  assert.throws(
    () => parsePythonLiteral(text, { expressions: fold ? 'fold' : 'reject' }),
    (error: unknown) => error instanceof PythonLiteralError && error.offset === offset && message.test(error.message),
    text,
  );
}

describe('Python literal parser: size and depth', () => {
  it('parses a 50 MB string in linear memory (it was built one character at a time)', () => {
    const before = process.memoryUsage().rss;
    const body = 'ab'.repeat(25 * 1024 * 1024);
    const value = parsePythonLiteral(`['${body}']`) as string[];
    assert.equal(value[0].length, body.length);
    assert.equal(value[0], body);
    // The old parser took 86 s and 2.9 GB for this: the memory shows it here, and the time (well
    // under a second by slicing) is measured by `npm run bench`.
    assert.ok(
      process.memoryUsage().rss - before < 600 * 1024 * 1024,
      'memory grows with the text, not with per-character ropes',
    );
  });

  it('keeps escapes, raw strings, triple quotes and implicit concatenation right with sliced runs', () => {
    const escaped = `'${'x\\n'.repeat(100000)}'`;
    assert.equal(parsePythonLiteral(escaped), 'x\n'.repeat(100000));
    assert.deepEqual(
      parsePythonLiteral(String.raw`['a\tb\x41\u00e9\101\q', r'\d\'', '''it's''', """say "hi" """, 'a' "b" 'c']`),
      ['a\tbAé\u0041\\q', "\\d\\'", "it's", 'say "hi" ', 'abc'],
    );
    assert.equal(parsePythonLiteral("'''a\nb'''"), 'a\nb');
    failsAt("'abc", 0, /unterminated string/);
    failsAt("'a\nb'", 2, /end of line/);
  });

  it('caps nesting at Python limit with a located error instead of overflowing the stack', () => {
    assert.deepEqual(
      parsePythonLiteral('['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING)),
      JSON.parse('['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING)),
    );
    const deep = '['.repeat(100000) + ']'.repeat(100000);
    failsAt(deep, MAX_NESTING, /nested deeper than 200 levels/);
    failsAt('('.repeat(5000), MAX_NESTING, /nested deeper/, true);
    failsAt('{"a": '.repeat(300), 6 * MAX_NESTING, /nested deeper/);
  });

  it('refuses texts over the size limit up front', () => {
    const text = `'${'x'.repeat(2 * 1048576)}'`;
    assert.throws(
      () => parsePythonLiteral(text, { maxLength: 1048576 }),
      (error: unknown) =>
        error instanceof PythonLiteralError &&
        error.offset === 0 &&
        /the text is 2 MB, over the 1 MB limit/.test(error.message),
    );
    assert.equal((parsePythonLiteral(text) as string).length, 2 * 1048576, 'the default limit is far above that');
  });
});

describe('Python literal parser: constant expressions', () => {
  it('rejects expressions by default, as ast.literal_eval does, at the operator', () => {
    failsAt("['ea' + 'st']", 6, /'\+' makes an expression/);
    failsAt('[1 - 2]', 3, /'-' makes an expression/);
    failsAt('[x]', 1, /'x' is not a literal/);
    assert.deepEqual(parsePythonExpression("[-1, (2), ('a',)]"), {
      value: [-1, 2, ['a']],
      folded: 0,
      expressions: 'reject',
    });
  });

  it('repeats a long list without spreading it as call arguments (a 300,000-item list * 2)', () => {
    const folded = parsePythonExpression(`[${'0,'.repeat(300000)}] * 2`, { expressions: 'fold' });
    assert.equal((folded.value as unknown[]).length, 600000);
  });

  it('folds string, number, tuple and list expressions when asked, and says how many operators it folded', () => {
    const folded = parsePythonExpression(
      "[{'action': 'ea' + 'st'}, -(2 * 3) + 1, [1] + [2], (1,) + (2,), 'ab' * 2, 3 * 'x', - - 4, True + 1]",
      { expressions: 'fold' },
    );
    assert.deepEqual(folded.value, [{ action: 'east' }, -5, [1, 2], [1, 2], 'abab', 'xxx', 4, 2]);
    assert.equal(folded.expressions, 'fold');
    assert.equal(folded.folded, 10);
  });

  it('flags names, calls, attributes, subscripts and type errors with their offsets, executing nothing', () => {
    failsAt("['a' + name]", 7, /'name' is not a literal/, true);
    failsAt("[__import__('os')]", 1, /'__import__' is not a literal/, true);
    failsAt("['east'.upper()]", 7, /attribute, call or subscript/, true);
    failsAt("['abc'[0]]", 6, /attribute, call or subscript/, true);
    failsAt("['a' + 1]", 5, /unsupported operand types for \+: 'str' and 'int'/, true);
    failsAt('[[1] + (2,)]', 5, /'list' and 'tuple'/, true);
    failsAt("['a' * 2.0]", 5, /'str' and 'float'/, true);
    failsAt("[-'a']", 1, /bad operand type for unary sign: 'str'/, true);
    failsAt(`['ab' * ${MAX_FOLDED_LENGTH}]`, 6, /over the 1000000 limit/, true);
    failsAt(`[${'- '.repeat(100000)}'x']`, 1, /bad operand type/, true);
  });
});
