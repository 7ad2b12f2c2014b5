// Maps an index in a decoded JSON string to the source offset of the character that produced it,
// so a problem found in a string's value (a grid cell) is reported at its place in the file.

/** Source offset (within `literal`, which includes its quotes) of each decoded UTF-16 unit, plus one past the end. */
export function decodedToSourceOffsets(literal: string): number[] {
  const offsets: number[] = [];
  let index = 1;
  const end = literal.length - 1;
  while (index < end) {
    offsets.push(index);
    if (literal[index] !== '\\') index += 1;
    else index += literal[index + 1] === 'u' ? 6 : 2;
  }
  offsets.push(Math.min(index, end));
  return offsets;
}

/** The source span [start, end) of decoded characters [index, index + length). */
export function sourceSpan(offsets: readonly number[], index: number, length: number): { start: number; end: number } {
  const last = offsets.length - 1;
  const start = offsets[Math.min(index, last)];
  const end = offsets[Math.min(index + length, last)];
  return { start, end: Math.max(end, start) };
}
