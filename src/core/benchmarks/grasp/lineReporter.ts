// One GRASP JSON Lines line as a located object: its reporter turns JSON paths and decoded string
// indices into diagnostics on that line. Shared by the grid file, its semantic checks and the
// results file (its own module so gridFile and gridChecks do not import each other).
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import { parseLocatedJson, rangeAt, type LocatedJson } from '../../util/locatedJson';
import type { Diagnostic, Range } from '../../util/text';
import { decodedToSourceOffsets, sourceSpan } from './jsonString';

/** A located reporter for one line of the file: turns JSON paths or grid indices into diagnostics. */
export class LineReporter {
  readonly diagnostics: Diagnostic[] = [];
  constructor(
    readonly line: number,
    readonly located: LocatedJson,
    private readonly source: string,
  ) {}

  rangeOf(path: ReadonlyArray<string | number>): Range {
    const range = rangeAt(this.located, path);
    return {
      start: { line: this.line, character: range.start.character },
      end: { line: this.line, character: range.end.character },
    };
  }

  /** Range of decoded characters [index, index + length) of the string at `path`. */
  rangeInString(path: ReadonlyArray<string | number>, index: number, length: number): Range {
    const node: Node | undefined = this.located.root
      ? findNodeAtLocation(this.located.root, path as Array<string | number>)
      : undefined;
    if (!node || node.type !== 'string') return this.rangeOf(path);
    const literal = this.source.slice(node.offset, node.offset + node.length);
    const span = sourceSpan(decodedToSourceOffsets(literal), index, length);
    return {
      start: { line: this.line, character: node.offset + span.start },
      end: { line: this.line, character: node.offset + span.end },
    };
  }

  report(
    severity: Diagnostic['severity'],
    code: string,
    message: string,
    range: Range,
    data?: Record<string, string | number>,
  ): void {
    this.diagnostics.push({ severity, code, message, range, ...(data ? { data } : {}) });
  }
}

/**
 * Parses one JSON Lines line that must hold an object. Syntax errors and a non-object are reported
 * (with `notObjectCode`) and give a null object; the reporter locates later problems by key path.
 */
export function parseObjectLine(
  lineText: string,
  line: number,
  notObjectCode: string,
  notObjectMessage: string,
): { reporter: LineReporter; object: Record<string, unknown> | null } {
  const located = parseLocatedJson(lineText);
  const reporter = new LineReporter(line, located, lineText);
  if (located.diagnostics.length > 0) {
    // A line holds one record, so the parser's line-0 positions only need the file's line number.
    for (const { code, message, range } of located.diagnostics)
      reporter.report('error', code, message, {
        start: { line, character: range.start.character },
        end: { line, character: range.end.character },
      });
    return { reporter, object: null };
  }
  const value = located.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    reporter.report('error', notObjectCode, notObjectMessage, reporter.rangeOf([]));
    return { reporter, object: null };
  }
  return { reporter, object: value as Record<string, unknown> };
}
