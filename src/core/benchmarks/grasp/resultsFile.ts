// Upstream's response files (spec §6), read line by line: o1-mini output rows
// `{"custom_id", "response": "<answer text>"}` and OpenAI Batch output rows whose answer is
// `response.body.choices[0].message.content`. Every problem is located at the offending JSON value;
// lines are numbered from 0 like LSP, and empty lines are allowed (they are not records).
import { splitLines, type Diagnostic } from '../../util/text';
import { GraspResultsCodes } from './codes';
import { parseObjectLine, type LineReporter } from './lineReporter';
import { parseCustomId } from './settings';
import type { GraspSettings } from './types';
import { DiagnosticCap } from '../../util/diagnosticCap';

interface GraspResultEntry {
  /** 0-based line of the row. */
  line: number;
  customId: string;
  /** The grid file's name from the custom_id, `.jsonl` included. */
  file: string;
  index: number;
  settings: GraspSettings;
  /** The model's answer text. */
  answer: string;
}

interface GraspResultsFile {
  /** Rows with a readable custom_id and an answer text. */
  entries: GraspResultEntry[];
  diagnostics: Diagnostic[];
}

/** Parses an o1-mini or Batch API output file of GRASP answers. */
/** `limit` caps the problems kept (validation passes the per-file cap; readers keep them all). */
export function parseGraspResultsFile(text: string, limit = Number.POSITIVE_INFINITY): GraspResultsFile {
  const entries: GraspResultEntry[] = [];
  const diagnostics = new DiagnosticCap(limit);
  const firstLineOf = new Map<string, number>();
  // LSP's line ends (\r\n, lone \r, \n), so diagnostics land on the lines editors show.
  splitLines(text).forEach((lineText, line) => {
    if (lineText.trim() === '') return;
    const result = parseResultLine(lineText, line);
    diagnostics.push(...result.diagnostics);
    if (!result.entry) return;
    const first = firstLineOf.get(result.entry.customId);
    if (first === undefined) firstLineOf.set(result.entry.customId, line);
    else {
      diagnostics.push({
        severity: 'warning',
        code: GraspResultsCodes.duplicateCustomId,
        message: `custom_id "${result.entry.customId}" already answered on line ${first + 1}; upstream has one answer per request.`,
        range: result.customIdRange ?? { start: { line, character: 0 }, end: { line, character: lineText.length } },
        data: { firstLine: first },
      });
    }
    entries.push(result.entry);
  });
  return { entries, diagnostics: diagnostics.list() };
}

function parseResultLine(
  lineText: string,
  line: number,
): { entry: GraspResultEntry | null; diagnostics: Diagnostic[]; customIdRange?: Diagnostic['range'] } {
  const { reporter, object: row } = parseObjectLine(
    lineText,
    line,
    GraspResultsCodes.notObject,
    'A results row is a JSON object: {"custom_id": …, "response": "<answer>"} (o1-mini) or a Batch API output row.',
  );
  if (!row) return { entry: null, diagnostics: reporter.diagnostics };
  const customIdRange = reporter.rangeOf(['custom_id']);
  let id: ReturnType<typeof parseCustomId> = null;
  if (!('custom_id' in row))
    reporter.report(
      'error',
      GraspResultsCodes.customIdMissing,
      'Missing "custom_id": without it the answer cannot be matched to a grid and a setting.',
      reporter.rangeOf([]),
    );
  else if (typeof row.custom_id !== 'string' || (id = parseCustomId(row.custom_id)) === null) {
    const pathLike = typeof row.custom_id === 'string' && /[/\\]|\.\./.test(row.custom_id.split('.jsonl-')[0]);
    const why = pathLike ? ' Its file part must be a plain file name, without path separators or "..".' : '';
    reporter.report(
      'error',
      GraspResultsCodes.customIdInvalid,
      `"custom_id" must be "<file>.jsonl-<index>-<m>-<e>-<c>" with m, e, c each 0 or 1, found ${JSON.stringify(row.custom_id)}.${why}`,
      customIdRange,
    );
  }
  const answer = answerOf(row, reporter);
  if (id === null || answer === null) return { entry: null, diagnostics: reporter.diagnostics };
  return {
    entry: { line, customId: row.custom_id as string, file: id.file, index: id.index, settings: id.settings, answer },
    diagnostics: reporter.diagnostics,
    customIdRange,
  };
}

const CONTENT_PATH = ['response', 'body', 'choices', 0, 'message', 'content'];

/** The answer text of either row shape, or null after reporting why there is none. */
function answerOf(row: Record<string, unknown>, reporter: LineReporter): string | null {
  const response = row.response;
  if (typeof response === 'string') return response;
  if (row.error !== undefined && row.error !== null) {
    reporter.report(
      'warning',
      GraspResultsCodes.errorRow,
      `The request failed (${describeError(row.error)}); this row has no answer.`,
      reporter.rangeOf(['error']),
    );
    return null;
  }
  if (response === undefined || response === null) {
    reporter.report(
      'error',
      GraspResultsCodes.answerMissing,
      'Missing "response": an o1-mini row has the answer text there, a Batch API row the chat completion.',
      reporter.rangeOf(response === null ? ['response'] : []),
    );
    return null;
  }
  const status = (response as Record<string, unknown>).status_code;
  if (typeof status === 'number' && status !== 200) {
    reporter.report(
      'warning',
      GraspResultsCodes.errorRow,
      `The request failed with HTTP status ${status}; this row has no answer.`,
      reporter.rangeOf(['response', 'status_code']),
    );
    return null;
  }
  const content = valueAt(row, CONTENT_PATH);
  if (typeof content !== 'string') {
    reporter.report(
      'error',
      GraspResultsCodes.answerMissing,
      `No answer text: "response" is neither a string (o1-mini output) nor a chat completion with response.body.choices[0].message.content (Batch API output)${content === null ? '; the content is null' : ''}.`,
      reporter.rangeOf(CONTENT_PATH),
    );
    return null;
  }
  const finishPath = ['response', 'body', 'choices', 0, 'finish_reason'];
  if (valueAt(row, finishPath) === 'length') {
    reporter.report(
      'information',
      GraspResultsCodes.cutOff,
      'The answer was cut off at max_tokens (finish_reason "length"); its last list may be incomplete.',
      reporter.rangeOf(finishPath),
    );
  }
  return content;
}

function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const parts = [code, message].filter((part) => typeof part === 'string' && part !== '');
    if (parts.length > 0) return parts.join(': ');
  }
  return JSON.stringify(error);
}
