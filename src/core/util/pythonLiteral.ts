// A parser for Python literals (what `ast.literal_eval` accepts, minus sets and complex numbers):
// strings (' " ''' """, r/b/u prefixes, escapes, implicit concatenation), numbers, True/False/None,
// lists, tuples and dicts. Model output is data: it is parsed, never evaluated. Errors carry the
// offset where parsing stopped.
//
// With `expressions: 'fold'` it also folds constant expressions of literals (`'ea' + 'st'`, `-2 * 3`,
// `[1] + [2]`, `'ab' * 3`), which is what MANGO's camera-ready evaluator accepts through `eval()`;
// anything else (names, calls, attributes, subscripts) is still rejected with its offset, so nothing
// is ever executed. Memory is linear in the text: string runs between escapes are sliced, not built
// one character at a time, words are matched in place with sticky regexes, and nesting is capped
// at Python's own parser limit instead of growing the stack.

export type PythonValue = null | boolean | number | string | PythonValue[] | { [key: string]: PythonValue };

export class PythonLiteralError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

interface PythonLiteralOptions {
  /** 'reject' (default): literals only, as ast.literal_eval. 'fold': also fold constant expressions of literals. */
  expressions?: 'reject' | 'fold';
  /** Texts longer than this many UTF-16 units are refused up front (default 64 MiB). */
  maxLength?: number;
}

interface PythonParseResult {
  value: PythonValue;
  /** How many operators were folded (0 for a plain literal). */
  folded: number;
  /** Which rule produced the value. */
  expressions: 'reject' | 'fold';
}

const DEFAULT_MAX_LITERAL_LENGTH = 64 * 1024 * 1024;
/** CPython's tokenizer stops at 200 nested brackets ("too many nested parentheses"). */
export const MAX_NESTING = 200;
/** Repetition (`'ab' * n`, `[x] * n`) may not build values longer than this. */
export const MAX_FOLDED_LENGTH = 1_000_000;

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\n': '',
};
const HEX_DIGITS: Record<string, RegExp> = { x: /^[0-9a-fA-F]{2}$/, u: /^[0-9a-fA-F]{4}$/, U: /^[0-9a-fA-F]{8}$/ };
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

// Sticky patterns: matched at lastIndex without copying the rest of the text.
const SPACE = /(?:\s+|#[^\n]*)*/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER =
  /[-+]?(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][-+]?\d+)?)/y;
const STRING_START = /[rRbBuU]{0,2}['"]/y;
const OCTAL = /[0-7]{1,3}/y;
// Where a string's plain run ends: a backslash, the quote, or (single-quoted) a line end.
const STOPS: Record<string, RegExp> = { "'": /[\\'\n]/g, '"': /[\\"\n]/g, "'''": /[\\']/g, '"""': /[\\"]/g };

type Kind = 'int' | 'float' | 'bool' | 'none' | 'str' | 'list' | 'tuple' | 'dict';
interface Operand {
  value: PythonValue;
  kind: Kind;
}

const PYTHON_TYPE: Record<Kind, string> = {
  int: 'int',
  float: 'float',
  bool: 'bool',
  none: 'NoneType',
  str: 'str',
  list: 'list',
  tuple: 'tuple',
  dict: 'dict',
};

class Parser {
  private position = 0;
  private depth = 0;
  folded = 0;

  constructor(
    private readonly text: string,
    private readonly fold: boolean,
  ) {}

  fail(message: string, at = this.position): never {
    throw new PythonLiteralError(message, at);
  }

  private sticky(pattern: RegExp, at = this.position): string | undefined {
    pattern.lastIndex = at;
    return pattern.exec(this.text)?.[0];
  }

  private skipSpace(): void {
    this.position += this.sticky(SPACE)?.length ?? 0;
  }

  parseAll(): PythonValue {
    const value = this.item().value;
    this.skipSpace();
    if (this.position < this.text.length) this.unexpectedAfterValue('the value');
    return value;
  }

  /** One element: a literal, or (folding) a constant expression. */
  private item(): Operand {
    return this.fold ? this.sum() : this.value();
  }

  private unexpectedAfterValue(where: string, expected?: string): never {
    const char = this.text[this.position];
    if (!this.fold && '+-*/%'.includes(char))
      this.fail(`'${char}' makes an expression; only literals are read, expressions are not evaluated`);
    if (char === '.' || char === '(' || char === '[')
      this.fail(`'${char}' after ${where} would be an attribute, call or subscript; those are not evaluated`);
    this.fail(expected ?? `unexpected '${char}' after ${where}`);
  }

  private sum(): Operand {
    let left = this.product();
    for (;;) {
      this.skipSpace();
      const operator = this.text[this.position];
      if (operator !== '+' && operator !== '-') return left;
      const at = this.position++;
      left = this.combine(operator, left, this.product(), at);
    }
  }

  private product(): Operand {
    let left = this.unary();
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] !== '*' || this.text[this.position + 1] === '*') return left;
      const at = this.position++;
      left = this.combine('*', left, this.unary(), at);
    }
  }

  /** Signs are counted in a loop, so `- - - … 1` cannot grow the stack. */
  private unary(): Operand {
    let negate = false;
    let signAt = -1;
    for (;;) {
      this.skipSpace();
      const char = this.text[this.position];
      // A sign directly before a digit is part of the number literal, as in plain literal mode.
      if ((char !== '-' && char !== '+') || /[0-9.]/.test(this.text[this.position + 1] ?? '')) break;
      if (signAt < 0) signAt = this.position;
      if (char === '-') negate = !negate;
      this.position++;
    }
    const operand = this.value();
    if (signAt < 0) return operand;
    if (typeof operand.value !== 'number' && typeof operand.value !== 'boolean')
      this.fail(`bad operand type for unary sign: '${PYTHON_TYPE[operand.kind]}'`, signAt);
    this.folded++;
    const number = Number(operand.value);
    return { value: negate ? -number : number, kind: operand.kind === 'bool' ? 'int' : operand.kind };
  }

  private combine(operator: '+' | '-' | '*', left: Operand, right: Operand, at: number): Operand {
    this.folded++;
    const numeric = (operand: Operand) => operand.kind === 'int' || operand.kind === 'float' || operand.kind === 'bool';
    if (numeric(left) && numeric(right)) {
      const [a, b] = [Number(left.value), Number(right.value)];
      const value = operator === '+' ? a + b : operator === '-' ? a - b : a * b;
      const kind = left.kind === 'float' || right.kind === 'float' ? 'float' : 'int';
      if (kind === 'int' && !Number.isSafeInteger(value))
        this.fail(`the integer result of '${operator}' is too large to fold exactly`, at);
      return { value, kind };
    }
    if (
      operator === '+' &&
      left.kind === right.kind &&
      (left.kind === 'str' || left.kind === 'list' || left.kind === 'tuple')
    ) {
      if (left.kind === 'str') return { value: (left.value as string) + (right.value as string), kind: 'str' };
      return { value: [...(left.value as PythonValue[]), ...(right.value as PythonValue[])], kind: left.kind };
    }
    if (operator === '*') {
      const [sequence, count] = numeric(left) ? [right, left] : [left, right];
      if (
        (sequence.kind === 'str' || sequence.kind === 'list' || sequence.kind === 'tuple') &&
        (count.kind === 'int' || count.kind === 'bool')
      ) {
        const times = Math.max(0, Number(count.value));
        const length = (sequence.value as string | PythonValue[]).length * times;
        if (length > MAX_FOLDED_LENGTH)
          this.fail(
            `'*' would build a ${PYTHON_TYPE[sequence.kind]} of ${length} items, over the ${MAX_FOLDED_LENGTH} limit`,
            at,
          );
        if (sequence.kind === 'str') return { value: (sequence.value as string).repeat(times), kind: 'str' };
        const items: PythonValue[] = [];
        // A loop, not push(...items): spreading a long list as arguments overflows the stack.
        for (let index = 0; index < times; index++)
          for (const item of sequence.value as PythonValue[]) items.push(item);
        return { value: items, kind: sequence.kind };
      }
    }
    this.fail(
      `unsupported operand types for ${operator}: '${PYTHON_TYPE[left.kind]}' and '${PYTHON_TYPE[right.kind]}'`,
      at,
    );
  }

  private value(): Operand {
    this.skipSpace();
    const char = this.text[this.position];
    if (char === undefined) this.fail('a value was expected, found the end of the text');
    let operand: Operand;
    if (char === '[') operand = { value: this.sequence('[', ']'), kind: 'list' };
    else if (char === '(') operand = this.parenthesised();
    else if (char === '{') operand = { value: this.dict(), kind: 'dict' };
    else if (/[-+0-9.]/.test(char)) operand = this.number();
    else if (this.sticky(STRING_START) !== undefined) operand = { value: this.strings(), kind: 'str' };
    else {
      const word = this.sticky(WORD);
      if (word === 'True' || word === 'False' || word === 'None') {
        this.position += word.length;
        operand = word === 'None' ? { value: null, kind: 'none' } : { value: word === 'True', kind: 'bool' };
      } else if (word)
        this.fail(
          `'${word}' is not a literal (names${this.fold ? ', calls and attributes' : ' and expressions'} are not evaluated)`,
        );
      else this.fail(`unexpected '${char}'`);
    }
    if (this.fold) {
      // Postfix forms would need evaluation: flag them where they start.
      this.skipSpace();
      const next = this.text[this.position];
      if (next === '.' || next === '(' || next === '[') this.unexpectedAfterValue('a value');
    }
    return operand;
  }

  private enter(): void {
    if (++this.depth > MAX_NESTING)
      this.fail(`brackets nested deeper than ${MAX_NESTING} levels (Python's parser stops there too)`);
  }

  /** A tuple or a parenthesised item: as in Python, `(x)` is x; `()`, `(x,)` and `(x, y)` are tuples. */
  private parenthesised(): Operand {
    this.enter();
    this.position++;
    this.skipSpace();
    if (this.text[this.position] === ')') return { value: this.elements([], '(', ')'), kind: 'tuple' };
    const first = this.item();
    this.skipSpace();
    if (this.text[this.position] === ')') {
      this.position++;
      this.depth--;
      return first;
    }
    if (this.text[this.position] !== ',') this.unexpectedAfterValue('an item', "',' or ')' expected in a tuple");
    this.position++;
    return { value: this.elements([first.value], '(', ')'), kind: 'tuple' };
  }

  private sequence(open: string, close: string): PythonValue[] {
    this.enter();
    this.position++;
    return this.elements([], open, close);
  }

  /** The items of an opened list or tuple, from just after the bracket or a separator to the close. */
  private elements(items: PythonValue[], open: string, close: string): PythonValue[] {
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === close) {
        this.position++;
        this.depth--;
        return items;
      }
      items.push(this.item().value);
      this.skipSpace();
      const separator = this.text[this.position];
      if (separator === ',') this.position++;
      else if (separator !== close)
        this.unexpectedAfterValue('an item', `',' or '${close}' expected in a ${open === '[' ? 'list' : 'tuple'}`);
    }
  }

  private dict(): { [key: string]: PythonValue } {
    this.enter();
    this.position++;
    const object: { [key: string]: PythonValue } = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === '}') {
        this.position++;
        this.depth--;
        return object;
      }
      const keyAt = this.position;
      const key = this.item().value;
      if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'boolean' && key !== null)
        this.fail('a dict key must be a string, number, bool or None', keyAt);
      this.skipSpace();
      if (this.text[this.position] !== ':') this.unexpectedAfterValue('a dict key', "':' expected after a dict key");
      this.position++;
      // defineProperty, not assignment: a key named __proto__ is data like any other.
      Object.defineProperty(object, String(key), {
        value: this.item().value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipSpace();
      const separator = this.text[this.position];
      if (separator === ',') this.position++;
      else if (separator !== '}') this.unexpectedAfterValue('a dict value', "',' or '}' expected in a dict");
    }
  }

  private number(): Operand {
    const match = this.sticky(NUMBER);
    if (!match || match === '-' || match === '+') this.fail('a number was expected');
    this.position += match.length;
    const clean = match.replace(/_/g, '');
    const sign = clean.startsWith('-') ? -1 : 1;
    const digits = clean.replace(/^[-+]/, '');
    if (/^0[xXoObB]/.test(digits)) return { value: sign * Number(digits.toLowerCase()), kind: 'int' };
    return { value: Number(clean), kind: /[.eE]/.test(digits) ? 'float' : 'int' };
  }

  /** One or more adjacent string literals, concatenated as Python does. */
  private strings(): string {
    const parts = new StringParts();
    do {
      this.string(parts);
      this.skipSpace();
    } while (this.sticky(STRING_START) !== undefined);
    return parts.join();
  }

  /** Appends one string literal's value to `parts`: runs between escapes are sliced, not copied char by char. */
  private string(parts: StringParts): void {
    let raw = false;
    while (/[rRbBuU]/.test(this.text[this.position])) {
      if (/[rR]/.test(this.text[this.position])) raw = true;
      this.position++;
    }
    const char = this.text[this.position];
    const quote = this.text.startsWith(char.repeat(3), this.position) ? char.repeat(3) : char;
    const start = this.position;
    const stops = STOPS[quote];
    this.position += quote.length;
    for (;;) {
      stops.lastIndex = this.position;
      const stop = stops.exec(this.text);
      if (!stop) this.fail('unterminated string', start);
      if (stop.index > this.position) parts.push(this.text.slice(this.position, stop.index));
      this.position = stop.index;
      const found = stop[0];
      if (found === '\n') this.fail('end of line inside a string');
      if (found !== '\\') {
        // The quote character: the end, unless a lone quote inside a triple-quoted string.
        if (this.text.startsWith(quote, this.position)) {
          this.position += quote.length;
          return;
        }
        parts.push(found);
        this.position++;
      } else if (raw) {
        parts.push(this.text.slice(this.position, this.position + 2));
        this.position += 2;
      } else parts.push(this.escape());
    }
  }

  private escape(): string {
    const next = this.text[this.position + 1];
    if (next !== undefined && next in SIMPLE_ESCAPES) {
      this.position += 2;
      return SIMPLE_ESCAPES[next];
    }
    const hex = HEX_LENGTH[next];
    if (hex) {
      const digits = this.text.slice(this.position + 2, this.position + 2 + hex);
      if (!HEX_DIGITS[next].test(digits)) this.fail(`invalid \\${next} escape`);
      const codePoint = Number.parseInt(digits, 16);
      if (codePoint > 0x10ffff) this.fail(`invalid \\${next} escape (beyond U+10FFFF)`);
      this.position += 2 + hex;
      return String.fromCodePoint(codePoint);
    }
    const octal = this.sticky(OCTAL, this.position + 1);
    if (octal) {
      this.position += 1 + octal.length;
      return String.fromCodePoint(Number.parseInt(octal, 8));
    }
    // Python keeps unknown escapes as written.
    this.position += 1;
    return '\\';
  }
}

/**
 * A string value as its pieces arrive: runs between escapes and the escapes' characters. A 10 MB
 * string with an escape every few characters is millions of pieces; held one by one until the end
 * they took 30 bytes each beside the text, so every PIECES_PER_CHUNK of them are joined as they come.
 */
class StringParts {
  private readonly chunks: string[] = [];
  private pieces: string[] = [];

  push(piece: string): void {
    this.pieces.push(piece);
    if (this.pieces.length >= PIECES_PER_CHUNK) {
      this.chunks.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  join(): string {
    if (this.chunks.length === 0) return this.pieces.join('');
    this.chunks.push(this.pieces.join(''));
    return this.chunks.join('');
  }
}

const PIECES_PER_CHUNK = 4096;

/** Parses one Python literal (or, with expressions: 'fold', a constant expression) and says how. */
export function parsePythonExpression(text: string, options: PythonLiteralOptions = {}): PythonParseResult {
  const expressions = options.expressions ?? 'reject';
  const limit = options.maxLength ?? DEFAULT_MAX_LITERAL_LENGTH;
  if (text.length > limit)
    throw new PythonLiteralError(
      `the text is ${megabytes(text.length)} MB, over the ${megabytes(limit)} MB limit for Python literals`,
      0,
    );
  const parser = new Parser(text, expressions === 'fold');
  const value = parser.parseAll();
  return { value, folded: parser.folded, expressions };
}

/** Parses one Python literal; throws PythonLiteralError with the offset of the problem. */
export function parsePythonLiteral(text: string, options: PythonLiteralOptions = {}): PythonValue {
  return parsePythonExpression(text, options).value;
}

function megabytes(units: number): string {
  return String(Math.round((units / 1048576) * 10) / 10);
}
