// Python's `repr(str)` and `str(list_of_str)`. MANGO prompts show the action and location lists as
// `str(list)` (spec mango.md §5), so a name with a quote or a non-printable character must be
// quoted and escaped exactly as CPython does for the prompt to match byte for byte.

// Python's str.isprintable() is false for these general categories (space excepted). The Unicode
// version of the JavaScript engine may differ slightly from the Python build's for new characters.
const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

/** Python's `repr(text)`: single quotes unless the text has `'` and no `"`, CPython's escapes. */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character === quote || character === '\\') out += `\\${character}`;
    else if (character === '\t') out += '\\t';
    else if (character === '\n') out += '\\n';
    else if (character === '\r') out += '\\r';
    else if (codePoint < 0x20 || codePoint === 0x7f) out += `\\x${hex(codePoint, 2)}`;
    else if (codePoint < 0x7f) out += character;
    else if (codePoint !== 0x20 && NON_PRINTABLE.test(character)) {
      if (codePoint <= 0xff) out += `\\x${hex(codePoint, 2)}`;
      else if (codePoint <= 0xffff) out += `\\u${hex(codePoint, 4)}`;
      else out += `\\U${hex(codePoint, 8)}`;
    } else out += character;
  }
  return out + quote;
}

/** Python's `str(list_of_str)`: `['a', 'b']`, each element as its repr. */
export function pythonStrList(items: readonly string[]): string {
  return `[${items.map(pythonRepr).join(', ')}]`;
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}
