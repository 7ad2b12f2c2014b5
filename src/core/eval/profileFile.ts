// A `--profile` file: the model profiles of the `waypoint.models` setting, in whichever of the
// shapes people copy them from: a bare list, a settings.json (`{"waypoint.models": [...]}`, other
// settings beside it ignored), or the `"waypoint.models": [...]` lines of one as the docs show
// them. All are JSONC, as VS Code's settings are: comments and trailing commas are fine. Every
// problem points at its line and column.
import { createScanner, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import {
  describeParseError,
  type LocatedJson,
  nodeValue,
  OffsetMapper,
  rangeAt,
  tooDeepDiagnostic,
} from '../util/locatedJson';
import { describeSchemaIssue } from '../util/schema/issues';
import type { Range } from '../util/text';
import type { z } from 'zod';
import { safeParse } from 'zod/mini';
import { PROFILE_DEFAULTS, profileFileEntrySchema } from './profiles';
import type { ModelProfile } from './types';

const SETTING = 'waypoint.models';

/** A problem of the file, at a 0-based position. */
interface ProfileFileProblem {
  message: string;
  range: Range;
}

type ProfileLookup = { ok: true; profile: ModelProfile } | { ok: false; problem: ProfileFileProblem };

/** Positions of the wrapped text (one `{` before it) mapped back to the file's own. */
class ShiftedMapper extends OffsetMapper {
  constructor(
    text: string,
    private readonly shift: number,
  ) {
    super(text);
  }

  override position(offset: number): { line: number; character: number } {
    return super.position(offset - this.shift);
  }
}

// jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot read).
const STRING_LITERAL = 10;
const COLON = 6;

/** Whether the text opens with a property (`"waypoint.models": …`): the lines of a settings file, without its braces. */
function isPropertyFragment(text: string): boolean {
  // Ignoring trivia skips whitespace, line breaks and comments.
  const scanner = createScanner(text, true);
  return scanner.scan() === STRING_LITERAL && scanner.scan() === COLON;
}

/** The file parsed as JSONC, with positions in the file itself; a syntax error is the one problem. */
function parseJsonc(text: string): LocatedJson {
  const fragment = isPropertyFragment(text);
  const parsed = fragment ? `{${text}\n}` : text;
  const mapper = fragment ? new ShiftedMapper(text, 1) : new OffsetMapper(text);
  const tooDeep = tooDeepDiagnostic(parsed, mapper);
  if (tooDeep) return { value: undefined, root: undefined, mapper, diagnostics: [tooDeep] };
  const errors: ParseError[] = [];
  const root = parseTree(parsed, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  // The parser's recovery after the first error reports follow-on errors that mislead; keep one.
  const diagnostics = errors.slice(0, 1).map((error) => ({
    severity: 'error' as const,
    code: 'json/syntax',
    message: `JSON syntax: ${describeParseError(printParseErrorCode(error.error))}`,
    range: mapper.range(error.offset, Math.max(error.length, 1)),
  }));
  return { value: diagnostics.length === 0 && root ? nodeValue(root) : undefined, root, mapper, diagnostics };
}

const whole = (located: LocatedJson) => rangeAt(located, []);

const FIELDS = Object.keys(profileFileEntrySchema.shape);

/** " (did you mean `baseUrl`?)" for a field spelled in another case or with underscores; else the fields there are. */
function suggestField(unknown: string): string {
  const squash = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
  const near = FIELDS.find((field) => squash(field) === squash(unknown));
  return near ? ` (did you mean \`${near}\`?)` : ` (the fields: ${FIELDS.join(', ')})`;
}

/** Where the list of profiles is in the file: the root list, or the `waypoint.models` setting's. */
function profileList(
  located: LocatedJson,
): { ok: true; list: unknown[]; path: Array<string | number> } | { ok: false; problem: ProfileFileProblem } {
  const value = located.value;
  if (Array.isArray(value)) return { ok: true, list: value, path: [] };
  if (typeof value === 'object' && value !== null && SETTING in value) {
    const list = (value as Record<string, unknown>)[SETTING];
    if (Array.isArray(list)) return { ok: true, list, path: [SETTING] };
    return {
      ok: false,
      problem: { message: `"${SETTING}" must be a list of model profiles`, range: rangeAt(located, [SETTING]) },
    };
  }
  const single =
    typeof value === 'object' && value !== null && 'id' in value ? ' (one profile: put it in a list, [ {…} ])' : '';
  return {
    ok: false,
    problem: {
      message: `expected a list of model profiles, {"${SETTING}": [...]} or the "${SETTING}": [...] lines of a settings file${single}`,
      range: whole(located),
    },
  };
}

/**
 * The profile `id` of a profile file's `text`, with the defaults filled in, or the first problem:
 * a syntax error, no list of profiles, no or two profiles with that id, or an entry that is not a
 * valid profile (a field of the wrong type, an unknown field, an OpenAI-compatible profile
 * without `baseUrl` or `model`).
 */
export function profileFromFile(text: string, id: string): ProfileLookup {
  if (text.trim() === '')
    return {
      ok: false,
      problem: {
        message: 'the file is empty: expected a list of model profiles',
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      },
    };
  const located = parseJsonc(text);
  if (located.diagnostics.length > 0)
    return { ok: false, problem: { message: located.diagnostics[0].message, range: located.diagnostics[0].range } };
  const found = profileList(located);
  if (!found.ok) return found;
  const { list, path } = found;
  const position = entryPosition(located, list, path, id);
  if (!position.ok) return position;
  const { at, index } = position;
  const entry = list[index];
  const parsed = safeParse(profileFileEntrySchema, entry);
  if (!parsed.success) return { ok: false, problem: entryProblem(parsed.error.issues[0], entry, id, located, at) };
  const profile: ModelProfile = { ...PROFILE_DEFAULTS, ...parsed.data };
  if (profile.provider === 'openai-compatible') {
    const missing = (['baseUrl', 'model'] as const).filter((field) => !profile[field]);
    if (missing.length > 0)
      return {
        ok: false,
        problem: {
          message: `profile '${id}' has no ${missing.map((field) => `"${field}"`).join(' and ')}: an openai-compatible profile needs the server's base URL and the model name`,
          range: rangeAt(located, at),
        },
      };
  }
  return { ok: true, profile };
}

type Failed = { ok: false; problem: ProfileFileProblem };

/**
 * Where in the list the one profile with `id` is (its path in the file and its index), or why there is not exactly one.
 */
function entryPosition(
  located: LocatedJson,
  list: readonly unknown[],
  path: ReadonlyArray<string | number>,
  id: string,
): { ok: true; at: Array<string | number>; index: number } | Failed {
  const indices = list.flatMap((entry, index) =>
    typeof entry === 'object' && entry !== null && (entry as { id?: unknown }).id === id ? [index] : [],
  );
  if (indices.length === 0) {
    const ids = list.flatMap((entry) =>
      typeof entry === 'object' && entry !== null && typeof (entry as { id?: unknown }).id === 'string'
        ? [(entry as { id: string }).id]
        : [],
    );
    return {
      ok: false,
      problem: {
        message: `no profile with id '${id}'${ids.length > 0 ? ` (the file has ${ids.map((known) => `'${known}'`).join(', ')})` : ''}`,
        range: rangeAt(located, path),
      },
    };
  }
  const at = [...path, indices[0]];
  if (indices.length > 1) {
    const first = rangeAt(located, at).start.line + 1;
    return {
      ok: false,
      problem: {
        message: `a second profile with id '${id}' (the first is on line ${first}): ids must be unique`,
        range: rangeAt(located, [...path, indices[1]]),
      },
    };
  }
  return { ok: true, at, index: indices[0] };
}

/**
 * The entry's first schema problem, located at the offending field (an unknown field with the one it may have meant).
 */
function entryProblem(
  issue: z.core.$ZodIssue,
  entry: unknown,
  id: string,
  located: LocatedJson,
  at: ReadonlyArray<string | number>,
): ProfileFileProblem {
  const inEntry = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const [unknown] = issue.keys;
    return {
      message: `profile '${id}': \`${unknown}\` is not a profile field${suggestField(unknown)}`,
      range: rangeAt(located, [...at, ...inEntry, unknown]),
    };
  }
  return {
    message: `profile '${id}': ${describeSchemaIssue(issue, entry, inEntry).replace(/\.$/, '')}`,
    range: rangeAt(located, [...at, ...inEntry]),
  };
}
