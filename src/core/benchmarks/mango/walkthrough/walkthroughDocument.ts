// An incrementally maintained parse of one walkthrough. Edits re-parse only the blocks around the
// changed lines (bounded by exact separators, whose meaning never depends on their neighbours) and
// shift the start line of later blocks; the cross-step checks (numbering, Init) are a cheap linear
// pass over block summaries.

import type { Diagnostic, Range } from '../../../util/text';
import { splitLines } from '../../../util/text';
import { DiagnosticCap } from '../../../util/diagnosticCap';
import { WalkthroughCodes } from './codes';
import { parseBlocks, type BlockField, type LineAccessor, type WalkthroughBlock } from './walkthrough';

/** One step as the outline, the overview and later the annotator see it, in absolute positions. */
export interface WalkthroughStep {
  number: number;
  action: string;
  location: string | null;
  /** The whole block, separator to the line before the next block. */
  range: Range;
  /** The step header line. */
  headerRange: Range;
  /** Where the observation text begins (after `==>OBSERVATION: `), or null when it is missing. */
  observationStart: { line: number; character: number } | null;
  /** The action's text on the ACT line, or null when the line is missing. */
  actionRange: Range | null;
}

export class WalkthroughDocument {
  private blocks: WalkthroughBlock[];
  private lines: number;

  private constructor(blocks: WalkthroughBlock[], lineCount: number) {
    this.blocks = blocks;
    this.lines = lineCount;
  }

  /** Lines of the text this parse describes. */
  get lineCount(): number {
    return this.lines;
  }

  /** Parses a whole text. */
  static parse(text: string): WalkthroughDocument {
    const lines = splitLines(text);
    return WalkthroughDocument.fromLines((line) => lines[line], lines.length);
  }

  /** Parses a document given a line accessor and its line count. */
  static fromLines(readLine: LineAccessor, lineCount: number): WalkthroughDocument {
    return new WalkthroughDocument(parseBlocks(readLine, 0, lineCount), lineCount);
  }

  /**
   * Applies an edit that replaced old lines [firstLine, oldEndLine] (inclusive) with new lines
   * [firstLine, newEndLine]; `readLine` reads the document after the edit. The shift of later
   * lines is taken from the two line counts, and the old lines are ordered and clamped, so a
   * caller's miscount (a reversed range, a "\r\n" joined at the edit's end) cannot misplace blocks;
   * `newEndLine` only has to be consistent with them.
   */
  applyLineEdit(
    firstLine: number,
    oldEndLine: number,
    newEndLine: number,
    readLine: LineAccessor,
    newLineCount: number,
  ): void {
    const delta = newLineCount - this.lines;
    if (newEndLine - oldEndLine !== delta) {
      // Inconsistent input: re-parse the whole document rather than guess which lines moved.
      this.blocks = parseBlocks(readLine, 0, newLineCount);
      this.lines = newLineCount;
      return;
    }
    if (oldEndLine < firstLine) [firstLine, oldEndLine] = [oldEndLine, firstLine];
    firstLine = Math.max(0, Math.min(firstLine, this.lines - 1));
    oldEndLine = Math.max(firstLine, Math.min(oldEndLine, this.lines - 1));
    const first = this.stableBlockBefore(firstLine);
    const after = this.stableBlockAfter(oldEndLine);
    const regionStart = this.blocks[first].startLine;
    const regionEnd = after < this.blocks.length ? this.blocks[after].startLine + delta : newLineCount;
    const reparsed = parseBlocks(readLine, regionStart, regionEnd);
    if (delta !== 0) for (let index = after; index < this.blocks.length; index++) this.blocks[index].startLine += delta;
    this.blocks.splice(first, after - first, ...reparsed);
    this.lines = newLineCount;
  }

  /** Index of the last block that starts strictly before `line` with an exact separator (or block 0). */
  private stableBlockBefore(line: number): number {
    let index = this.blockIndexAt(line);
    while (index > 0 && (this.blocks[index].startLine >= line || this.blocks[index].opener !== 'separator')) index--;
    return index;
  }

  /** Index of the first block after the one holding `line` that opens with an exact separator; blocks.length when none. */
  private stableBlockAfter(line: number): number {
    let index = this.blockIndexAt(line) + 1;
    while (index < this.blocks.length && this.blocks[index].opener !== 'separator') index++;
    return index;
  }

  private blockIndexAt(line: number): number {
    let low = 0;
    let high = this.blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.blocks[middle].startLine <= line) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The largest step number, or null when there are no steps (upstream's "last step"). */
  lastStepNumber(): number | null {
    let last: number | null = null;
    for (const block of this.blocks)
      if (block.stepNumber !== null && (last === null || block.stepNumber > last)) last = block.stepNumber;
    return last;
  }

  get blockCount(): number {
    return this.blocks.length;
  }

  /**
   * Steps with a parsed number, in document order; with lines given, only the steps whose blocks
   * touch [fromLine, toLine] (an editor's visible lines: found by bisection, not by a walk of all).
   */
  steps(fromLine = 0, toLine = Number.POSITIVE_INFINITY): WalkthroughStep[] {
    const steps: WalkthroughStep[] = [];
    for (let index = fromLine > 0 ? this.blockIndexAt(fromLine) : 0; index < this.blocks.length; index++) {
      const block = this.blocks[index];
      if (block.startLine > toLine) break;
      if (block.stepNumber === null || block.stepField === null) continue;
      const stepLine = block.startLine + block.stepField.line;
      steps.push({
        number: block.stepNumber,
        action: block.action ?? '',
        location: block.location,
        range: blockRange(block),
        headerRange: {
          start: { line: stepLine, character: 0 },
          end: { line: stepLine, character: block.stepField.endCharacter },
        },
        observationStart: block.observationField ? absoluteStart(block, block.observationField) : null,
        actionRange: block.actionField ? fieldRange(block, block.actionField) : null,
      });
    }
    return steps;
  }

  /** Folding spans per block: the separator line to the block's last line with text. */
  foldingRanges(): Array<{ startLine: number; endLine: number }> {
    const ranges: Array<{ startLine: number; endLine: number }> = [];
    for (const block of this.blocks) {
      if (block.opener === 'preamble' || block.lastContentLine <= 0) continue;
      ranges.push({ startLine: block.startLine, endLine: block.startLine + block.lastContentLine });
    }
    return ranges;
  }

  /**
   * All diagnostics: each block's own, then the numbering and Init checks across steps, each kind
   * capped (DiagnosticCap: a million broken lines keep the first problems and count the rest).
   */
  diagnostics(): Diagnostic[] {
    const diagnostics = new DiagnosticCap();
    for (const block of this.blocks) {
      for (const local of block.diagnostics) {
        const line = block.startLine + local.line;
        diagnostics.add({
          severity: local.severity,
          code: local.code,
          message: local.message,
          range: { start: { line, character: local.startCharacter }, end: { line, character: local.endCharacter } },
        });
      }
    }
    const sequence = new DiagnosticCap();
    this.checkSequence(sequence);
    return [...diagnostics.list(), ...sequence.list()].sort(
      (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
    );
  }

  /** Line of the first header of each step number among blocks [0, end). */
  private firstLinesBefore(end: number): Map<number, number> {
    const firstLines = new Map<number, number>();
    for (let index = 0; index < end; index++) {
      const block = this.blocks[index];
      if (block.stepNumber !== null && block.stepField !== null && !firstLines.has(block.stepNumber)) {
        firstLines.set(block.stepNumber, block.startLine + block.stepField.line);
      }
    }
    return firstLines;
  }

  // Over 50 lines: one pass over the steps carrying the sequence's state (it runs on every edit).
  private checkSequence(diagnostics: DiagnosticCap): void {
    // Well-formed walkthroughs only ever go up, so a number above every earlier one cannot be a
    // duplicate; the map of first occurrences is built only once a number repeats or goes back.
    let firstLines: Map<number, number> | null = null;
    let highest = -1;
    let previous: number | null = null;
    let sawStep = false;
    for (let index = 0; index < this.blocks.length; index++) {
      const block = this.blocks[index];
      if (block.stepNumber === null || block.stepField === null) {
        if (block.stepField !== null) previous = previous === null ? null : previous + 1;
        continue;
      }
      // Ranges are built only for diagnostics: this loop visits every step on every edit.
      const stepField = block.stepField;
      const numberRange = () => fieldRange(block, stepField);
      const number = block.stepNumber;
      if (!sawStep) {
        sawStep = true;
        if (number !== 0) {
          diagnostics.push({
            severity: 'error',
            code: WalkthroughCodes.stepSequence,
            message: `The first step must be number 0 (found ${number}).`,
            range: numberRange(),
          });
        }
      }
      if (number === 0 && block.action !== null && block.action !== 'Init' && block.actionField) {
        diagnostics.push({
          severity: 'error',
          code: WalkthroughCodes.initMissing,
          message: `Step 0's action must be 'Init' (found '${block.action}').`,
          range: fieldRange(block, block.actionField),
        });
      }
      let firstLine: number | undefined;
      if (number <= highest) {
        firstLines ??= this.firstLinesBefore(index);
        firstLine = firstLines.get(number);
      }
      if (firstLine !== undefined) {
        diagnostics.push({
          severity: 'error',
          code: WalkthroughCodes.stepDuplicate,
          message: `Step ${number} appears twice (first on line ${firstLine + 1}).`,
          range: numberRange(),
        });
      } else {
        firstLines?.set(number, block.startLine + stepField.line);
        if (previous !== null && number !== previous + 1) {
          diagnostics.push({
            severity: 'error',
            code: WalkthroughCodes.stepSequence,
            message: `Step numbers must go up by one: expected ${previous + 1}, found ${number}.`,
            range: numberRange(),
            data: { expected: String(previous + 1) },
          });
        }
      }
      highest = Math.max(highest, number);
      previous = number;
    }
    if (!sawStep && this.lines > 0) {
      diagnostics.push({
        severity: 'error',
        code: WalkthroughCodes.empty,
        message: "No steps: a walkthrough is a sequence of '===========' blocks, starting with step 0 'Init'.",
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      });
    }
  }
}

function absoluteStart(block: WalkthroughBlock, field: BlockField): { line: number; character: number } {
  return { line: block.startLine + field.line, character: field.startCharacter };
}

function fieldRange(block: WalkthroughBlock, field: BlockField): Range {
  const line = block.startLine + field.line;
  return { start: { line, character: field.startCharacter }, end: { line, character: field.endCharacter } };
}

function blockRange(block: WalkthroughBlock): Range {
  if (block.lastContentLine < 0)
    return { start: { line: block.startLine, character: 0 }, end: { line: block.startLine, character: 0 } };
  const lastLine = block.startLine + block.lastContentLine;
  return {
    start: { line: block.startLine, character: 0 },
    end: { line: lastLine, character: block.lastContentLength },
  };
}

/** Parses and checks a walkthrough in one call (CLI, tests). */
export function validateWalkthrough(text: string): Diagnostic[] {
  return WalkthroughDocument.parse(text).diagnostics();
}
