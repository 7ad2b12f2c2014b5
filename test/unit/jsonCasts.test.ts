// Files are parsed through their schemas (src/core/util/schema/parse.ts), never cast: a source scan
// for `JSON.parse(...) as T` in one expression anywhere in src/ outside src/core/json.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../support/paths';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Each `JSON.parse(…) as` in `text`, with its 1-based line: the call's parentheses are matched (strings skipped), then an `as` must follow. */
function castParses(text: string): number[] {
  const lines: number[] = [];
  for (const match of text.matchAll(/JSON\.parse\s*\(/g)) {
    let depth = 1;
    let index = (match.index ?? 0) + match[0].length;
    let quote: string | null = null;
    for (; index < text.length && depth > 0; index++) {
      const char = text[index];
      if (quote) {
        if (char === '\\') index++;
        else if (char === quote) quote = null;
      } else if (char === '"' || char === "'" || char === '`') quote = char;
      else if (char === '(') depth++;
      else if (char === ')') depth--;
    }
    if (/^\s*as\s/.test(text.slice(index, index + 20))) lines.push(text.slice(0, match.index).split('\n').length);
  }
  return lines;
}

describe('no JSON.parse(...) as T on file contents', () => {
  it('finds the casts it is meant to find, and not the checked parses', () => {
    assert.deepEqual(castParses('const a = JSON.parse(text) as Reply;'), [1]);
    assert.deepEqual(
      castParses('x;\nconst b = JSON.parse(new TextDecoder().decode(await read(uri, ")"))) as ResultFile;'),
      [2],
    );
    assert.deepEqual(castParses('const c = (JSON.parse(line)\n  as unknown) as T;'), [1]);
    assert.deepEqual(
      castParses(
        'const d: unknown = JSON.parse(text);\nconst e = parseJsonWith(text, schema);\nconst f = JSON.parse(`"${x}"`);',
      ),
      [],
    );
  });

  it('src/ casts no JSON.parse result outside src/core/util/locatedJson.ts', () => {
    const src = join(repoRoot, 'src');
    const offenders = sourceFiles(src)
      .map((path) => relative(repoRoot, path).replaceAll('\\', '/'))
      .filter((path) => !path.startsWith('src/core/util/locatedJson.ts'))
      .flatMap((path) => castParses(readFileSync(join(repoRoot, path), 'utf8')).map((line) => `${path}:${line}`));
    assert.deepEqual(
      offenders,
      [],
      'parse the text through its schema (core/util/schema/parse.ts parseJsonWith) instead of casting',
    );
  });
});
