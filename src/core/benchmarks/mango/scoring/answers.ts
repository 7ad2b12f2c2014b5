// MANGO answer parsing (spec mango.md §6): the text from the first '[' to the first ']' is read as
// a Python literal, a non-empty list of dicts with string `location_before`, `action` and
// `location_after`. Upstream evaluates that slice (eval / ast.literal_eval); Waypoint parses it
// with its own literal parser, so model output is never executed. Faithful mode reads literals only
// (as ast.literal_eval); reference mode also folds constant expressions of literals such as
// `'ea' + 'st'`, which camera-ready's eval() accepts (spec §9 item 4), and still flags the rest.
import { parsePythonExpression, PythonLiteralError } from '../../../util/pythonLiteral';

export interface AnswerStep {
  location_before: string;
  action: string;
  location_after: string;
}

export type AnswerParseMode = 'faithful' | 'reference';

type ParsedAnswer =
  | { ok: true; steps: AnswerStep[]; sliceStart: number; sliceEnd: number; mode: AnswerParseMode; folded: number }
  | { ok: false; error: string; offset: number; mode: AnswerParseMode };

/** Model answers longer than this are refused before parsing (a real answer is a few KB). */
const MAX_ANSWER_LENGTH = 16 * 1024 * 1024;

/** Parses a model's response the way the released evaluator slices and reads it. */
export function parseMangoAnswer(response: unknown, mode: AnswerParseMode = 'faithful'): ParsedAnswer {
  const failed = (error: string, offset: number): ParsedAnswer => ({ ok: false, error, offset, mode });
  if (Array.isArray(response)) return checkSteps(response, 0, 0, mode, 0);
  if (typeof response !== 'string') return failed('the answer is neither text nor a list', 0);
  if (response.length > MAX_ANSWER_LENGTH)
    return failed(
      `the answer is ${(response.length / 1048576).toFixed(1)} MB, over the ${MAX_ANSWER_LENGTH / 1048576} MB limit for answers`,
      0,
    );
  const leading = response.length - response.trimStart().length;
  const text = response.trim();
  const start = text.indexOf('[');
  const end = text.indexOf(']');
  if (start < 0) return failed("the answer has no '['", leading);
  if (end < start)
    return failed("no ']' after the first '[' (upstream slices from the first '[' to the first ']')", leading + start);
  const slice = text.slice(start, end + 1);
  let parsed: ReturnType<typeof parsePythonExpression>;
  try {
    parsed = parsePythonExpression(slice, { expressions: mode === 'reference' ? 'fold' : 'reject' });
  } catch (error) {
    const offset = error instanceof PythonLiteralError ? error.offset : 0;
    const what = mode === 'reference' ? 'not a constant Python expression' : 'not a Python literal';
    return failed(`${what}: ${error instanceof Error ? error.message : String(error)}`, leading + start + offset);
  }
  return checkSteps(parsed.value, leading + start, leading + end + 1, mode, parsed.folded);
}

function checkSteps(
  value: unknown,
  sliceStart: number,
  sliceEnd: number,
  mode: AnswerParseMode,
  folded: number,
): ParsedAnswer {
  const failed = (error: string): ParsedAnswer => ({ ok: false, error, offset: sliceStart, mode });
  if (!Array.isArray(value) || value.length === 0) return failed('the answer must be a non-empty list of steps');
  const steps: AnswerStep[] = [];
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return failed(`step ${index + 1} is not a dict`);
    const record = item as Record<string, unknown>;
    for (const key of ['location_before', 'action', 'location_after']) {
      if (typeof record[key] !== 'string') return failed(`step ${index + 1} has no string '${key}'`);
    }
    steps.push({
      location_before: record.location_before as string,
      action: record.action as string,
      location_after: record.location_after as string,
    });
  }
  return { ok: true, steps, sliceStart, sliceEnd, mode, folded };
}

/**
 * Walks text[start, end) outside quoted strings (Python's single-line quotes, backslash escapes), calling
 * `visit` with each character, its offset and the bracket depth before it; an opening quote is visited,
 * the string's contents are not. Stops at the first character `visit` returns true for and returns its
 * offset, or -1. The one bracket scanner for answers that may hold `]` or `}` inside a name.
 */
export function scanBrackets(
  text: string,
  start: number,
  end: number,
  visit: (char: string, index: number, depth: number) => boolean | undefined,
): number {
  let depth = 0;
  let quote: string | null = null;
  for (let index = start; index < end; index++) {
    const char = text[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote || char === '\n') quote = null;
      continue;
    }
    if (visit(char, index, depth)) return index;
    if (char === "'" || char === '"') quote = char;
    else if (char === '[' || char === '{' || char === '(') depth++;
    else if (char === ']' || char === '}' || char === ')') depth--;
  }
  return -1;
}

/** A closing bracket of any kind. */
export const isCloser = (char: string): boolean => char === ']' || char === '}' || char === ')';

/**
 * Source spans (UTF-16 offsets into the raw response) of each step's dict, for pointing
 * diagnostics at the exact text of a wrong step; null when they cannot be matched to the steps.
 */
export function answerStepSpans(
  response: string,
  parsed: Extract<ParsedAnswer, { ok: true }>,
): Array<{ start: number; end: number }> | null {
  const spans: Array<{ start: number; end: number }> = [];
  let start = -1;
  scanBrackets(response, parsed.sliceStart, parsed.sliceEnd, (char, index, depth) => {
    if (char === '{' && depth === 1) start = index;
    else if (char === '}' && depth === 2 && start >= 0) {
      spans.push({ start, end: index + 1 });
      start = -1;
    }
    return false;
  });
  return spans.length === parsed.steps.length ? spans : null;
}
