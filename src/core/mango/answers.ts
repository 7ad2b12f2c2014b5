// MANGO answer parsing (spec mango.md §6): the text from the first '[' to the first ']' is read as
// a Python literal, a non-empty list of dicts with string `location_before`, `action` and
// `location_after`. Upstream evaluates that slice (eval / ast.literal_eval); Waypoint parses it
// with its own literal parser, so model output is never executed.
import { parsePythonLiteral, PythonLiteralError } from '../pythonLiteral';

export interface AnswerStep {
  location_before: string;
  action: string;
  location_after: string;
}

export type ParsedAnswer =
  | { ok: true; steps: AnswerStep[]; sliceStart: number; sliceEnd: number }
  | { ok: false; error: string; offset: number };

/** Parses a model's response the way the released evaluator slices and reads it. */
export function parseMangoAnswer(response: unknown): ParsedAnswer {
  if (Array.isArray(response)) return checkSteps(response, 0, 0);
  if (typeof response !== 'string') return { ok: false, error: 'the answer is neither text nor a list', offset: 0 };
  const leading = response.length - response.trimStart().length;
  const text = response.trim();
  const start = text.indexOf('[');
  const end = text.indexOf(']');
  if (start < 0) return { ok: false, error: "the answer has no '['", offset: leading };
  if (end < start) return { ok: false, error: "no ']' after the first '[' (upstream slices from the first '[' to the first ']')", offset: leading + start };
  const slice = text.slice(start, end + 1);
  let value: unknown;
  try {
    value = parsePythonLiteral(slice);
  } catch (error) {
    const offset = error instanceof PythonLiteralError ? error.offset : 0;
    return { ok: false, error: `not a Python literal: ${error instanceof Error ? error.message : String(error)}`, offset: leading + start + offset };
  }
  return checkSteps(value, leading + start, leading + end + 1);
}

function checkSteps(value: unknown, sliceStart: number, sliceEnd: number): ParsedAnswer {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, error: 'the answer must be a non-empty list of steps', offset: sliceStart };
  const steps: AnswerStep[] = [];
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { ok: false, error: `step ${index + 1} is not a dict`, offset: sliceStart };
    const record = item as Record<string, unknown>;
    for (const key of ['location_before', 'action', 'location_after']) {
      if (typeof record[key] !== 'string') return { ok: false, error: `step ${index + 1} has no string '${key}'`, offset: sliceStart };
    }
    steps.push({ location_before: record.location_before as string, action: record.action as string, location_after: record.location_after as string });
  }
  return { ok: true, steps, sliceStart, sliceEnd };
}

/**
 * Source spans (UTF-16 offsets into the raw response) of each step's dict, for pointing
 * diagnostics at the exact text of a wrong step; null when they cannot be matched to the steps.
 */
export function answerStepSpans(response: string, parsed: Extract<ParsedAnswer, { ok: true }>): Array<{ start: number; end: number }> | null {
  const spans: Array<{ start: number; end: number }> = [];
  let depth = 0;
  let quote: string | null = null;
  let start = -1;
  for (let index = parsed.sliceStart; index < parsed.sliceEnd; index++) {
    const char = response[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '[' || char === '{' || char === '(') {
      depth++;
      if (depth === 2 && char === '{') start = index;
    } else if (char === ']' || char === '}' || char === ')') {
      if (depth === 2 && char === '}' && start >= 0) {
        spans.push({ start, end: index + 1 });
        start = -1;
      }
      depth--;
    }
  }
  return spans.length === parsed.steps.length ? spans : null;
}
