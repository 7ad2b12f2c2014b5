// Python's `json.dumps` output, byte for byte, for the values MANGO writes. Skeleton ids are SHA-256
// digests of `json.dumps(obj, sort_keys=True)`, and upstream JSONL lines are `json.dumps(record)`,
// so any difference in spacing, escaping or key order changes an id or breaks a diff.
// Python defaults: separators ", " and ": ", ensure_ascii=True, allow_nan=True.

/** A JSON value as Python would hold it. A Map keeps its insertion order whatever the keys look like. */
export type PythonJsonValue =
  | null
  | boolean
  | number
  | string
  | readonly PythonJsonValue[]
  | ReadonlyMap<string, PythonJsonValue>
  | { readonly [key: string]: PythonJsonValue };

interface PythonJsonOptions {
  /** `sort_keys=True`: object keys sorted by code point, as Python compares str. */
  sortKeys?: boolean;
}

/**
 * Serialises like Python's `json.dumps(value, sort_keys=...)`. Without sortKeys, plain objects keep
 * JavaScript's property order, which puts integer-like keys first; pass a Map (string keys, kept in
 * insertion order) when that matters.
 * Typed `unknown` so interfaces such as DfSkeleton go in as they are; properties whose value is
 * undefined are left out (as JSON.stringify does), other non-JSON values throw a TypeError.
 */
export function pythonJsonDumps(value: unknown, options: PythonJsonOptions = {}): string {
  const parts: string[] = [];
  write(value, options.sortKeys === true, parts);
  return parts.join('');
}

function write(value: unknown, sortKeys: boolean, parts: string[]): void {
  if (value === null) parts.push('null');
  else if (value === true) parts.push('true');
  else if (value === false) parts.push('false');
  else if (typeof value === 'number') parts.push(pythonNumber(value));
  else if (typeof value === 'string') parts.push(pythonJsonString(value));
  else if (Array.isArray(value)) {
    parts.push('[');
    value.forEach((item, index) => {
      if (index > 0) parts.push(', ');
      write(item, sortKeys, parts);
    });
    parts.push(']');
  } else if (typeof value === 'object') {
    const all: Array<[unknown, unknown]> = value instanceof Map ? [...value.entries()] : Object.entries(value);
    const entries = all.filter((entry): entry is [string, unknown] => {
      if (typeof entry[0] !== 'string') throw new TypeError(`keys must be strings, not ${typeof entry[0]}`);
      return entry[1] !== undefined;
    });
    if (sortKeys) entries.sort(([a], [b]) => compareCodePoints(a, b));
    parts.push('{');
    entries.forEach(([key, item], index) => {
      if (index > 0) parts.push(', ');
      parts.push(pythonJsonString(key), ': ');
      write(item, sortKeys, parts);
    });
    parts.push('}');
  } else throw new TypeError(`Object of type ${typeof value} is not JSON serializable`);
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A JSON string literal as Python writes it with ensure_ascii=True (lower-case \uXXXX, UTF-16 units). */
export function pythonJsonString(text: string): string {
  // Python escapes everything outside printable ASCII (space to tilde). Iterating UTF-16 code
  // units gives astral characters as surrogate pairs, which is exactly what Python emits.
  let out = '"';
  let runStart = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0x20 && unit <= 0x7e && unit !== 0x22 && unit !== 0x5c) continue;
    out += text.slice(runStart, index);
    out += SHORT_ESCAPES[text[index]] ?? `\\u${unit.toString(16).padStart(4, '0')}`;
    runStart = index + 1;
  }
  return `${out}${text.slice(runStart)}"`;
}

/**
 * The parts (two or more, none empty) joined into one flat string. `+` and template literals make
 * V8 rope strings; a fragment copied into thousands of lines is cheaper to copy, hash and write
 * when flat, and a join of several non-empty strings always allocates a flat one.
 */
export function flatConcat(...parts: string[]): string {
  return parts.join('');
}

/**
 * Python's rendering of a number. JavaScript cannot tell 1 from 1.0, so integral values are written
 * as Python ints (every number in the MANGO files is an int) and the rest with Python's float repr.
 */
export function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) return String(value);
  return pythonFloatRepr(value);
}

/** Python's `repr(float)`: shortest round-trip digits, scientific when the exponent is < -4 or >= 16. */
export function pythonFloatRepr(value: number): string {
  if (!Number.isFinite(value)) return pythonNumber(value);
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  // toExponential() without an argument gives the shortest digits that round-trip, like Python.
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const exponentSign = exponent < 0 ? '-' : '+';
    return `${sign}${fraction}e${exponentSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const integerPart = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fractionPart = digits.slice(exponent + 1);
  return `${sign}${integerPart}.${fractionPart === '' ? '0' : fractionPart}`;
}

/** Orders strings by Unicode code point (Python's str order), not by UTF-16 code unit. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const unitA = a.charCodeAt(index);
    const unitB = b.charCodeAt(index);
    if (unitA === unitB) continue;
    // A surrogate stands for a code point above U+FFFF, so it sorts after every BMP unit, even
    // those at U+E000 and above that compare higher as code units.
    const surrogateA = unitA >= 0xd800 && unitA <= 0xdfff;
    const surrogateB = unitB >= 0xd800 && unitB <= 0xdfff;
    if (surrogateA !== surrogateB) return surrogateA ? 1 : -1;
    return unitA - unitB;
  }
  return a.length - b.length;
}
