// Applies LSP text edits to a string, as an editor would, for checking server-computed edits.
interface Position {
  line: number;
  character: number;
}
interface TextEdit {
  range: { start: Position; end: Position };
  newText: string;
}

function offsetAt(text: string, position: Position): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) offset = text.indexOf('\n', offset) + 1;
  return offset + position.character;
}

export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  let result = text;
  for (const edit of sorted)
    result =
      result.slice(0, offsetAt(result, edit.range.start)) +
      edit.newText +
      result.slice(offsetAt(result, edit.range.end));
  return result;
}
