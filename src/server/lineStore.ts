// The lines of an open document in chunks of at most CHUNK_LINES: an edit that adds or removes lines
// moves the lines of one chunk and the start of each chunk, never every line after it (a flat array
// of a 250,000-line walkthrough took a millisecond per Enter key).

const CHUNK_LINES = 1024;

export class LineStore {
  private chunks: string[][];
  /** The first line of each chunk; rebuilt after chunks are split or merged. */
  private starts: number[] | undefined;
  private count: number;
  /** The chunk last looked up: parsing reads lines in order. */
  private hint = 0;

  /** `chunkLines` is for tests, which cut small chunks to reach every path. */
  constructor(
    lines: readonly string[],
    private readonly chunkLines = CHUNK_LINES,
  ) {
    this.chunks = this.chunked(lines);
    this.count = lines.length;
  }

  get length(): number {
    return this.count;
  }

  get(line: number): string | undefined {
    if (line < 0 || line >= this.count) return undefined;
    const chunk = this.chunkOf(line);
    return this.chunks[chunk][line - this.chunkStarts()[chunk]];
  }

  /** Replaces lines [first, last] (inclusive, within the text) by `pieces`. */
  replace(first: number, last: number, pieces: readonly string[]): void {
    const starts = this.chunkStarts();
    const a = this.chunkOf(first);
    const b = this.chunkOf(last);
    const removed = last - first + 1;
    const delta = pieces.length - removed;
    if (a === b && this.chunks[a].length + delta <= 2 * this.chunkLines && this.chunks[a].length + delta > 0) {
      const chunk = this.chunks[a];
      const offset = first - starts[a];
      if (delta === 0) for (let index = 0; index < removed; index++) chunk[offset + index] = pieces[index];
      else {
        chunk.splice(offset, removed, ...pieces);
        for (let later = a + 1; later < starts.length; later++) starts[later] += delta;
      }
    } else {
      // Across chunks, or a chunk grown past twice its size: the chunks involved are cut again.
      const merged = this.chunks[a]
        .slice(0, first - starts[a])
        .concat(pieces, this.chunks[b].slice(last - starts[b] + 1));
      const rebuilt = this.chunked(merged);
      this.chunks = this.chunks.slice(0, a).concat(rebuilt, this.chunks.slice(b + 1));
      this.starts = undefined;
      this.hint = 0;
    }
    this.count += delta;
  }

  /** All lines in order. */
  *[Symbol.iterator](): IterableIterator<string> {
    for (const chunk of this.chunks) yield* chunk;
  }

  join(): string {
    return this.chunks.map((chunk) => chunk.join('')).join('');
  }

  private chunked(lines: readonly string[]): string[][] {
    const chunks: string[][] = [];
    for (let start = 0; start < lines.length; start += this.chunkLines)
      chunks.push(lines.slice(start, start + this.chunkLines));
    return chunks;
  }

  private chunkOf(line: number): number {
    const starts = this.chunkStarts();
    const hint = this.hint;
    if (hint < starts.length && starts[hint] <= line && line < starts[hint] + this.chunks[hint].length) return hint;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= line) low = middle;
      else high = middle - 1;
    }
    this.hint = low;
    return low;
  }

  private chunkStarts(): number[] {
    if (!this.starts) {
      const starts = new Array<number>(this.chunks.length);
      let line = 0;
      for (let index = 0; index < this.chunks.length; index++) {
        starts[index] = line;
        line += this.chunks[index].length;
      }
      this.starts = starts;
    }
    return this.starts;
  }
}
