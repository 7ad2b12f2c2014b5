// The one place a zod issue becomes a diagnostic. zod's own wording ("Invalid input: expected
// number, received undefined") describes the validator, not the file; these messages name the field
// and say what was expected and what was found: "`step_num` is missing", "`src` must be a string,
// found a number". Every schema check of every file kind goes through schemaDiagnostics.
import type { z } from 'zod';
import { JsonCodes, rangeAt, type LocatedJson } from '../locatedJson';
import type { Diagnostic } from '../text';

type Issue = z.core.$ZodIssue;
type Key = string | number;

/** `path_details[2].action`; the file itself when the path is empty. */
function fieldName(path: readonly Key[]): string {
  if (path.length === 0) return 'The value';
  const text = path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
  return `\`${text}\``;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
  bigint: 'a whole number',
};

/** "a number (1.5)", "a string", "null": what a value is, for "found …". */
function describeFound(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return value.length <= 20 ? `the string ${JSON.stringify(value)}` : 'a string';
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function valueAt(root: unknown, path: readonly Key[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<Key, unknown>)[key];
  }
  return value;
}

const quote = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** "a number or one of "east", "south"": the forms a union accepts, or null when they are not simple. */
function alternatives(issue: Extract<Issue, { code: 'invalid_union' }>): string | null {
  const types: string[] = [];
  const values: string[] = [];
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first || first.path.length > 0) return null;
    if (first.code === 'invalid_type') types.push(EXPECTED[first.expected] ?? first.expected);
    else if (first.code === 'invalid_value') values.push(...first.values.map(quote));
    else return null;
  }
  const forms = [...new Set(types)];
  if (values.length === 1) forms.push(values[0]);
  else if (values.length > 1) forms.push(`one of ${values.join(', ')}`);
  return forms.join(' or ');
}

/** A human message for one issue; `root` is the whole parsed value, `path` the issue's full path in it. */
export function describeSchemaIssue(issue: Issue, root: unknown, path: readonly Key[]): string {
  const field = fieldName(path);
  const found = valueAt(root, path);
  switch (issue.code) {
    case 'invalid_type': {
      if (found === undefined) return path.length === 0 ? 'The value is missing.' : `${field} is missing.`;
      return `${field} must be ${EXPECTED[issue.expected] ?? issue.expected}, found ${describeFound(found)}.`;
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = Number(small ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum);
      if (issue.origin === 'string')
        return small && limit === 1
          ? `${field} must not be empty.`
          : `${field} must have ${small ? 'at least' : 'at most'} ${limit} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} must have ${small ? 'at least' : 'at most'} ${limit} item${limit === 1 ? '' : 's'}, found ${Array.isArray(found) ? found.length : 0}.`;
      const bound = small ? (issue.inclusive ? 'at least' : 'greater than') : issue.inclusive ? 'at most' : 'less than';
      return `${field} must be ${bound} ${limit}, found ${describeFound(found)}.`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${quote(issue.values[0])}, found ${describeFound(found)}.`
        : `${field} must be one of ${issue.values.map(quote).join(', ')}; found ${describeFound(found)}.`;
    case 'invalid_format':
      // A schema's own message ("must be 64 lower-case hex digits") is kept; zod's default starts "Invalid".
      return issue.message.startsWith('Invalid')
        ? `${field} is not a valid ${issue.format}.`
        : `${field} ${issue.message}.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}, found ${describeFound(found)}.`;
    case 'unrecognized_keys':
      return `${path.length === 0 ? 'The object' : field} has ${issue.keys.length === 1 ? 'an unknown field' : 'unknown fields'} ${issue.keys.map((key) => `\`${key}\``).join(', ')}.`;
    case 'invalid_union': {
      const options = alternatives(issue);
      return options
        ? `${field} must be ${options}, found ${describeFound(found)}.`
        : `${field} does not match any of the allowed forms.`;
    }
    default:
      return `${field}: ${issue.message}.`;
  }
}

/** Located diagnostics for a value's schema issues; `prefix` is where the validated value sits in the file. */
export function schemaDiagnostics(
  located: Pick<LocatedJson, 'root' | 'mapper' | 'value'>,
  issues: readonly Issue[],
  prefix: readonly Key[] = [],
): Diagnostic[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path.filter((key): key is Key => typeof key !== 'symbol')];
    return {
      severity: 'error',
      code: JsonCodes.schema,
      message: describeSchemaIssue(issue, located.value, path),
      range: rangeAt(located, path),
    };
  });
}
