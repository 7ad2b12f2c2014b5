// Parser for MANGO `<game>.walkthrough` files (spec mango.md §2.1): blocks that start with a line of
// exactly eleven `=`, then `==>STEP NUM: n`, `==>ACT: ...`, `==>OBSERVATION: ...` (free text that may
// span many lines). Blocks tile the document line by line, and every block records its lines
// relative to its own start, so an edit re-parses a few blocks and only shifts the start line of
// the blocks after it (see walkthroughDocument.ts).

import { detached, type Severity } from '../../../util/text';
import { guessLocationFromObservation } from '../annotate/locationGuess';
import { WalkthroughCodes } from './codes';

export const BLOCK_SEPARATOR = '===========';
const STEP_HEADER = '==>STEP NUM:';
const ACT_HEADER = '==>ACT:';
const OBSERVATION_HEADER = '==>OBSERVATION:';
const HEADER_MARKER = '==>';

/** A diagnostic whose lines count from the start of its block. */
export interface BlockDiagnostic {
  severity: Severity;
  code: string;
  message: string;
  line: number;
  startCharacter: number;
  endCharacter: number;
}

/** One line-range field of a block: relative line and the character span of its value. */
export interface BlockField {
  line: number;
  startCharacter: number;
  endCharacter: number;
}

export interface WalkthroughBlock {
  /** Absolute line of the block's first line; the only field that changes when earlier lines move. */
  startLine: number;
  lineCount: number;
  /** How the block begins: its separator, a separator with a defect, a header without separator, or leading text. */
  opener: 'separator' | 'malformed-separator' | 'header' | 'preamble';
  stepNumber: number | null;
  stepField: BlockField | null;
  action: string | null;
  actionField: BlockField | null;
  observationField: BlockField | null;
  /** Room title taken from the observation, when one is recognisable. */
  location: string | null;
  /** Last relative line with text, for folding; -1 when the block is blank. */
  lastContentLine: number;
  /** Length of that line, so ranges end where the text ends. */
  lastContentLength: number;
  diagnostics: BlockDiagnostic[];
}

/** Reads one line by absolute index; undefined past the end of the document. */
export type LineAccessor = (line: number) => string | undefined;

const separatorLike = /^\s*={3,}\s*$/;

function isExactSeparator(line: string): boolean {
  return line === BLOCK_SEPARATOR;
}

/** A line that starts a block given only itself and the next line (no look-behind). */
function blockOpenerAt(line: string, nextLine: string | undefined): WalkthroughBlock['opener'] | null {
  if (isExactSeparator(line)) return 'separator';
  if (line.startsWith(STEP_HEADER)) return 'header';
  // A line of `=` of another length, or with spaces, is a damaged separator only when a step header
  // follows; elsewhere it is observation text (games print rules of `=` too).
  if (separatorLike.test(line) && nextLine !== undefined && nextLine.startsWith(STEP_HEADER))
    return 'malformed-separator';
  return null;
}

/**
 * Parses the absolute lines [fromLine, toLine) into blocks. `fromLine` must be the document start
 * or a block start; the accessor may be asked for the line at `toLine` (one line of look-ahead).
 */
export function parseBlocks(readLine: LineAccessor, fromLine: number, toLine: number): WalkthroughBlock[] {
  const starts: Array<{ line: number; opener: WalkthroughBlock['opener'] }> = [];
  for (let line = fromLine; line < toLine; line++) {
    const text = readLine(line) ?? '';
    const opener = blockOpenerAt(text, readLine(line + 1));
    if (opener === 'header' && starts.length > 0) {
      // A header right after a (possibly damaged) separator belongs to that separator's block.
      const previous = starts[starts.length - 1];
      if (previous.line === line - 1 && previous.opener !== 'header' && previous.opener !== 'preamble') continue;
    }
    if (opener !== null) starts.push({ line, opener });
    else if (line === fromLine) starts.push({ line, opener: fromLine === 0 ? 'preamble' : 'header' });
  }
  const blocks: WalkthroughBlock[] = [];
  for (let index = 0; index < starts.length; index++) {
    const start = starts[index];
    const end = index + 1 < starts.length ? starts[index + 1].line : toLine;
    blocks.push(parseBlock(readLine, start.line, end - start.line, start.opener));
  }
  return blocks;
}

/** One step of a walkthrough as its text reads: number, command and observation lines. */
export interface Step {
  number: number;
  action: string;
  observation: string[];
  /** Absolute line of observation[0]. */
  firstLine: number;
}

/** The steps of a whole walkthrough text that have a step number and an observation, in file order. */
export function stepsOf(text: string): Step[] {
  const lines = text.split(/\r?\n/);
  const steps: Step[] = [];
  for (const block of parseBlocks((line) => lines[line], 0, lines.length)) {
    if (block.stepNumber === null || block.observationField === null) continue;
    const start = block.startLine + block.observationField.line;
    const observation = [lines[start].slice(block.observationField.startCharacter)];
    for (let line = start + 1; line < block.startLine + block.lineCount; line++) observation.push(lines[line]);
    steps.push({ number: block.stepNumber, action: block.action ?? '', observation, firstLine: start });
  }
  return steps;
}

function newBlock(startLine: number, lineCount: number, opener: WalkthroughBlock['opener']): WalkthroughBlock {
  return {
    startLine,
    lineCount,
    opener,
    stepNumber: null,
    stepField: null,
    action: null,
    actionField: null,
    observationField: null,
    location: null,
    lastContentLine: -1,
    lastContentLength: 0,
    diagnostics: [],
  };
}

type Report = (
  severity: Severity,
  code: string,
  message: string,
  line: number,
  startCharacter?: number,
  endCharacter?: number,
) => void;

function parseBlock(
  readLine: LineAccessor,
  startLine: number,
  lineCount: number,
  opener: WalkthroughBlock['opener'],
): WalkthroughBlock {
  const block = newBlock(startLine, lineCount, opener);
  const lines: string[] = [];
  for (let offset = 0; offset < lineCount; offset++) lines.push(readLine(startLine + offset) ?? '');
  for (let offset = lineCount - 1; offset >= 0; offset--) {
    if (lines[offset].trim() !== '') {
      block.lastContentLine = offset;
      block.lastContentLength = lines[offset].length;
      break;
    }
  }
  const report: Report = (
    severity,
    code,
    message,
    line,
    startCharacter = 0,
    endCharacter = lines[line]?.length ?? 0,
  ) => {
    block.diagnostics.push({
      severity,
      code,
      // Blocks outlive the text they were parsed from (an open document's parse across edits).
      message: detached(message),
      line,
      startCharacter,
      endCharacter: Math.max(endCharacter, startCharacter),
    });
  };

  if (opener === 'preamble') {
    reportPreamble(lines, block, report);
    return block;
  }
  reportOpener(opener, lines, report);

  let cursor = opener === 'header' ? 0 : 1;
  if (cursor >= lineCount || block.lastContentLine < cursor) return block; // the closing separator at the end of a file

  if (!lines[cursor].startsWith(STEP_HEADER)) {
    const headerProblem = lines[cursor].startsWith(HEADER_MARKER)
      ? `Expected '${STEP_HEADER} <n>' after the separator, found '${truncate(lines[cursor])}'.`
      : `Expected '${STEP_HEADER} <n>' right after the separator.`;
    report('error', WalkthroughCodes.headerMalformed, headerProblem, cursor);
    return block;
  }
  parseStepNumber(lines[cursor], cursor, block, report);
  cursor = parseAction(lines, cursor + 1, block, report);
  parseObservation(lines, cursor, block, report);
  return block;
}

/** Text before the first step is an error (a preamble that is only blank lines is not). */
function reportPreamble(lines: readonly string[], block: WalkthroughBlock, report: Report): void {
  if (block.lastContentLine < 0) return;
  const first = lines.findIndex((text) => text.trim() !== '');
  report(
    'error',
    WalkthroughCodes.contentOutsideStep,
    `Text before the first step; a walkthrough starts with a line of ${BLOCK_SEPARATOR.length} '='.`,
    first,
  );
}

/** A step opened by a malformed separator, or by its header with no separator before it. */
function reportOpener(opener: WalkthroughBlock['opener'], lines: readonly string[], report: Report): void {
  if (opener === 'malformed-separator') {
    report(
      'error',
      WalkthroughCodes.separatorMalformed,
      `Block separator must be exactly ${BLOCK_SEPARATOR.length} '=' with nothing else on the line (found ${describeSeparator(lines[0])}).`,
      0,
    );
  }
  if (opener === 'header') {
    report(
      'error',
      WalkthroughCodes.separatorMissing,
      `Missing block separator: a line of ${BLOCK_SEPARATOR.length} '=' must come before each step header.`,
      0,
    );
  }
}

/** The ACT line at `cursor`, if there; returns the line after it. */
function parseAction(lines: readonly string[], cursor: number, block: WalkthroughBlock, report: Report): number {
  if (cursor < lines.length && lines[cursor].startsWith(ACT_HEADER)) {
    const valueStart = valueStartAfter(lines[cursor], ACT_HEADER);
    const action = lines[cursor].slice(valueStart).trim();
    block.actionField = { line: cursor, startCharacter: valueStart, endCharacter: lines[cursor].length };
    // An empty command is a real step of the game (Jericho sent an empty line, e.g. after "[press
    // space to continue]"); ten release steps have one, so it is information, not an error.
    if (action === '')
      report(
        'information',
        WalkthroughCodes.actEmpty,
        'Empty action: the player sent an empty command at this step.',
        cursor,
      );
    block.action = detached(action);
    return cursor + 1;
  }
  report(
    'error',
    WalkthroughCodes.actMissing,
    `Step ${block.stepNumber ?? '?'} has no '${ACT_HEADER}' line after its step header.`,
    block.stepField?.line ?? 0,
  );
  return cursor;
}

/** The OBSERVATION line at `cursor` and the text below it, to the block's end. */
function parseObservation(lines: readonly string[], cursor: number, block: WalkthroughBlock, report: Report): void {
  const lineCount = lines.length;
  if (cursor < lineCount && lines[cursor].startsWith(OBSERVATION_HEADER)) {
    const valueStart = valueStartAfter(lines[cursor], OBSERVATION_HEADER);
    block.observationField = { line: cursor, startCharacter: valueStart, endCharacter: lines[cursor].length };
    const observationLines = [lines[cursor].slice(valueStart), ...lines.slice(cursor + 1)];
    const location = guessLocationFromObservation(observationLines, block.action === 'Init');
    block.location = location === null ? null : detached(location);
    for (let offset = cursor + 1; offset < lineCount; offset++) {
      const text = lines[offset];
      if (text.startsWith(STEP_HEADER) || text.startsWith(ACT_HEADER) || text.startsWith(OBSERVATION_HEADER)) {
        report(
          'warning',
          WalkthroughCodes.headerInObservation,
          `A '${text.slice(0, text.indexOf(':') + 1)}' header inside the observation text; is a separator missing?`,
          offset,
        );
      }
    }
  } else {
    const at =
      cursor < lineCount && lines[cursor].trim() !== ''
        ? cursor
        : (block.actionField?.line ?? block.stepField?.line ?? 0);
    const found =
      cursor < lineCount && lines[cursor].startsWith(HEADER_MARKER) ? ` (found '${truncate(lines[cursor])}')` : '';
    report(
      'error',
      WalkthroughCodes.observationMissing,
      `Step ${block.stepNumber ?? '?'} has no '${OBSERVATION_HEADER}' line${found}.`,
      at,
    );
  }
}

function parseStepNumber(line: string, relativeLine: number, block: WalkthroughBlock, report: Report): void {
  const valueStart = valueStartAfter(line, STEP_HEADER);
  const raw = line.slice(valueStart);
  block.stepField = { line: relativeLine, startCharacter: valueStart, endCharacter: line.length };
  if (!/^\d+$/.test(raw)) {
    const what = raw.trim() === '' ? 'no step number' : `'${truncate(raw)}'`;
    report(
      'error',
      WalkthroughCodes.headerMalformed,
      `Step header needs a non-negative integer: '${STEP_HEADER} 12' (found ${what}).`,
      relativeLine,
      valueStart,
      line.length,
    );
    return;
  }
  block.stepNumber = Number.parseInt(raw, 10);
}

/** Upstream writes one space after each header's colon; tolerate none. */
function valueStartAfter(line: string, header: string): number {
  return line.charAt(header.length) === ' ' ? header.length + 1 : header.length;
}

function describeSeparator(line: string): string {
  const equals = (line.match(/=/g) ?? []).length;
  return /\s/.test(line) ? `${equals} '=' with spaces` : `${equals} '='`;
}

function truncate(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
