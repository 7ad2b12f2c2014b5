// Applies one LSP content change to a string the way the protocol defines it, independently of
// vscode-languageserver-textdocument: lines end at \r\n, \r or \n; a reversed range is ordered;
// lines past the end mean the end of the text; characters past a line's end mean its end.
import { lineStartOffsets } from '../../src/core/util/text';

export interface LspPosition {
  line: number;
  character: number;
}
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

export function lspOffset(text: string, position: LspPosition): number {
  const starts = lineStartOffsets(text);
  if (position.line < 0) return 0;
  if (position.line >= starts.length) return text.length;
  const lineStart = starts[position.line];
  const lineEnd = position.line + 1 < starts.length ? starts[position.line + 1] : text.length;
  let contentEnd = lineEnd;
  while (contentEnd > lineStart && (text[contentEnd - 1] === '\n' || text[contentEnd - 1] === '\r')) contentEnd--;
  return lineStart + Math.min(Math.max(position.character, 0), contentEnd - lineStart);
}

export function applyLspChange(text: string, range: LspRange, newText: string): string {
  const [start, end] = [lspOffset(text, range.start), lspOffset(text, range.end)].sort((a, b) => a - b);
  return text.slice(0, start) + newText + text.slice(end);
}
