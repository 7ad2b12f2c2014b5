// A parser for Python literals (what `ast.literal_eval` accepts, minus sets and complex numbers):
// strings (' " ''' """, r/b/u prefixes, escapes, implicit concatenation), numbers, True/False/None,
// lists, tuples and dicts. Model output is data: it is parsed, never evaluated. Errors carry the
// offset where parsing stopped.

export type PythonValue = null | boolean | number | string | PythonValue[] | { [key: string]: PythonValue };

export class PythonLiteralError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\n': '' };

class Parser {
  private position = 0;

  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new PythonLiteralError(message, this.position);
  }

  private skipSpace(): void {
    while (this.position < this.text.length) {
      const char = this.text[this.position];
      if (char === '#') {
        while (this.position < this.text.length && this.text[this.position] !== '\n') this.position++;
      } else if (/\s/.test(char)) this.position++;
      else break;
    }
  }

  parseAll(): PythonValue {
    const value = this.value();
    this.skipSpace();
    if (this.position < this.text.length) this.fail(`unexpected '${this.text[this.position]}' after the value`);
    return value;
  }

  private value(): PythonValue {
    this.skipSpace();
    const char = this.text[this.position];
    if (char === undefined) this.fail('a value was expected, found the end of the text');
    if (char === '[') return this.sequence('[', ']');
    if (char === '(') return this.sequence('(', ')');
    if (char === '{') return this.dict();
    if (/[-+0-9.]/.test(char)) return this.number();
    const prefixed = /^[rRbBuU]{0,2}['"]/.exec(this.text.slice(this.position, this.position + 3));
    if (prefixed) return this.strings();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.position))?.[0];
    if (word === 'True' || word === 'False' || word === 'None') {
      this.position += word.length;
      return word === 'True' ? true : word === 'False' ? false : null;
    }
    this.fail(word ? `'${word}' is not a literal (names and expressions are not evaluated)` : `unexpected '${char}'`);
  }

  private sequence(open: string, close: string): PythonValue[] {
    this.position++;
    const items: PythonValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === close) {
        this.position++;
        return items;
      }
      items.push(this.value());
      this.skipSpace();
      const separator = this.text[this.position];
      if (separator === ',') this.position++;
      else if (separator !== close) this.fail(`',' or '${close}' expected in a ${open === '[' ? 'list' : 'tuple'}`);
    }
  }

  private dict(): { [key: string]: PythonValue } {
    this.position++;
    const object: { [key: string]: PythonValue } = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === '}') {
        this.position++;
        return object;
      }
      const keyAt = this.position;
      const key = this.value();
      if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'boolean' && key !== null) {
        this.position = keyAt;
        this.fail('a dict key must be a string, number, bool or None');
      }
      this.skipSpace();
      if (this.text[this.position] !== ':') this.fail("':' expected after a dict key");
      this.position++;
      // defineProperty, not assignment: a key named __proto__ is data like any other.
      Object.defineProperty(object, String(key), { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const separator = this.text[this.position];
      if (separator === ',') this.position++;
      else if (separator !== '}') this.fail("',' or '}' expected in a dict");
    }
  }

  private number(): number {
    const match = /^[-+]?(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][-+]?\d+)?)/.exec(this.text.slice(this.position));
    if (!match || match[0] === '-' || match[0] === '+') this.fail('a number was expected');
    this.position += match[0].length;
    const clean = match[0].replace(/_/g, '');
    const sign = clean.startsWith('-') ? -1 : 1;
    const digits = clean.replace(/^[-+]/, '');
    if (/^0[xXoObB]/.test(digits)) return sign * Number(digits.toLowerCase());
    return Number(clean);
  }

  /** One or more adjacent string literals, concatenated as Python does. */
  private strings(): string {
    let result = '';
    do {
      result += this.string();
      this.skipSpace();
    } while (/^[rRbBuU]{0,2}['"]/.test(this.text.slice(this.position, this.position + 3)));
    return result;
  }

  private string(): string {
    let raw = false;
    while (/[rRbBuU]/.test(this.text[this.position])) {
      if (/[rR]/.test(this.text[this.position])) raw = true;
      this.position++;
    }
    const quote = this.text.startsWith(this.text[this.position].repeat(3), this.position) ? this.text[this.position].repeat(3) : this.text[this.position];
    const start = this.position;
    this.position += quote.length;
    let value = '';
    for (;;) {
      if (this.position >= this.text.length) {
        this.position = start;
        this.fail('unterminated string');
      }
      if (this.text.startsWith(quote, this.position)) {
        this.position += quote.length;
        return value;
      }
      const char = this.text[this.position];
      if (char === '\n' && quote.length === 1) this.fail('end of line inside a string');
      if (char === '\\' && !raw) {
        value += this.escape();
        continue;
      }
      if (char === '\\' && raw) {
        value += char + (this.text[this.position + 1] ?? '');
        this.position += 2;
        continue;
      }
      value += char;
      this.position++;
    }
  }

  private escape(): string {
    const next = this.text[this.position + 1];
    if (next !== undefined && next in SIMPLE_ESCAPES) {
      this.position += 2;
      return SIMPLE_ESCAPES[next];
    }
    const hex = { x: 2, u: 4, U: 8 }[next as 'x' | 'u' | 'U'];
    if (hex) {
      const digits = this.text.slice(this.position + 2, this.position + 2 + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) this.fail(`invalid \\${next} escape`);
      this.position += 2 + hex;
      return String.fromCodePoint(Number.parseInt(digits, 16));
    }
    const octal = /^[0-7]{1,3}/.exec(this.text.slice(this.position + 1))?.[0];
    if (octal) {
      this.position += 1 + octal.length;
      return String.fromCodePoint(Number.parseInt(octal, 8));
    }
    // Python keeps unknown escapes as written.
    this.position += 1;
    return '\\';
  }
}

/** Parses one Python literal; throws PythonLiteralError with the offset of the problem. */
export function parsePythonLiteral(text: string): PythonValue {
  return new Parser(text).parseAll();
}
