// Records read whole again, one at a time, from the byte offsets a skeleton read gave (host/
// runFileReader.ts): `waypoint report --html` reads the records of its rows this way, in row order,
// keeping of each only what its page shows, instead of holding every record's text at once. Each
// file stays open, and a window of it is kept: rows mostly follow file order, so most records are
// found in the window already read.
import { promises as fs } from 'node:fs';
import { parseRunRecords } from '../core/eval/recordSchemas';
import type { RunRecord } from '../core/eval/types';
import { stripBom } from '../core/util/bom';

const WINDOW_BYTES = 1048576;

interface OpenFile {
  handle: fs.FileHandle;
  window: Buffer;
  /** File offset of window[0]. */
  start: number;
  length: number;
}

export class RecordsAt {
  private readonly files = new Map<string, OpenFile>();

  /** The record whose line starts at `offset`, parsed whole as the full read parses it; null if that line is no record. */
  async read(path: string, offset: number): Promise<RunRecord | null> {
    let file = this.files.get(path);
    if (!file) {
      file = { handle: await fs.open(path, 'r'), window: Buffer.allocUnsafe(WINDOW_BYTES), start: 0, length: 0 };
      this.files.set(path, file);
    }
    const line = await this.line(file, offset);
    const text = line.toString('utf8');
    return parseRunRecords(offset === 0 ? stripBom(text) : text, path).records[0] ?? null;
  }

  async close(): Promise<void> {
    for (const file of this.files.values()) await file.handle.close();
    this.files.clear();
  }

  /** The bytes from `offset` to the next line end (excluded). */
  private async line(file: OpenFile, offset: number): Promise<Buffer> {
    const inWindow = offset >= file.start && offset < file.start + file.length;
    if (inWindow) {
      const from = offset - file.start;
      const newline = file.window.subarray(from, file.length).indexOf(10);
      if (newline >= 0) return Buffer.from(file.window.subarray(from, from + newline));
    }
    // Not (wholly) in the window: read on from the offset, the window refilled from there.
    const parts: Buffer[] = [];
    let position = offset;
    for (;;) {
      const { bytesRead } = await file.handle.read(file.window, 0, file.window.length, position);
      file.start = position;
      file.length = bytesRead;
      if (bytesRead === 0) break;
      const newline = file.window.subarray(0, bytesRead).indexOf(10);
      parts.push(Buffer.from(file.window.subarray(0, newline >= 0 ? newline : bytesRead)));
      if (newline >= 0) break;
      position += bytesRead;
    }
    return Buffer.concat(parts);
  }
}
