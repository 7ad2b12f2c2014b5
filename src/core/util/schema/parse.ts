// One way to read JSON text that must match a schema: the depth guard first (zod and the located
// parser recurse), the native JSON.parse for speed, the schema for the type, and only when
// something is wrong the slower position-keeping parser, so every problem names its exact spot.
// Nothing in src/ casts what JSON.parse returns to a type (test/unit/jsonCasts.test.ts); it parses here.
// zod/mini's functional safeParse runs classic and mini schemas alike, and keeps full zod out of
// bundles that only use mini schemas (the extension's main bundle: activation time).
import { safeParse } from 'zod/mini';
import type { z } from 'zod';
import { parseLocatedJson, tooDeepDiagnostic } from '../locatedJson';
import type { Diagnostic, Range } from '../text';
import { schemaDiagnostics } from './issues';

export type Parsed<T> =
  | {
      ok: true;
      /** What the schema made of the JSON (keys it does not declare dropped). */
      value: T;
      /** The JSON as parsed, which the schema accepted: keys in file order, undeclared keys kept, for code that rewrites the text. */
      json: unknown;
    }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * `text` parsed and checked against `schema`. Problems are located in `text`, with their lines
 * moved down by `firstLine` (a JSON Lines line passes its own line number).
 */
export function parseJsonWith<S extends z.core.$ZodType>(
  text: string,
  schema: S,
  firstLine = 0,
): Parsed<z.core.output<S>> {
  const tooDeep = tooDeepDiagnostic(text);
  if (tooDeep) return { ok: false, diagnostics: [shifted(tooDeep, firstLine)] };
  let value: unknown;
  let syntaxOk = true;
  try {
    value = JSON.parse(text);
  } catch {
    syntaxOk = false;
  }
  const parsed = syntaxOk ? safeParse(schema, value) : undefined;
  if (parsed?.success) return { ok: true, value: parsed.data, json: value };
  const located = parseLocatedJson(text);
  const problems =
    located.diagnostics.length > 0 ? located.diagnostics : schemaDiagnostics(located, parsed?.error?.issues ?? []);
  return { ok: false, diagnostics: problems.map((problem) => shifted(problem, firstLine)) };
}

function shifted(diagnostic: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return diagnostic;
  const move = (range: Range): Range => ({
    start: { line: range.start.line + lines, character: range.start.character },
    end: { line: range.end.line + lines, character: range.end.character },
  });
  return { ...diagnostic, range: move(diagnostic.range) };
}

/** `file:line:column: message` (1-based) of the first problem, for an error message or a log line. */
export function describeProblem(source: string, diagnostics: readonly Diagnostic[]): string {
  const first = diagnostics[0];
  if (!first) return `${source}: not valid`;
  return `${source}:${first.range.start.line + 1}:${first.range.start.character + 1}: ${first.message}`;
}
