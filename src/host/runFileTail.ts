// The end of a run file, read backwards from its last byte: whether its last line lacks a line end,
// and if so whether that line is a record cut short (a write that never finished: the process was
// killed in the middle of a record, or the disk filled). Read in pieces, so a tail of any length
// costs a fixed buffer. `waypoint run` cuts such a tail off before it appends (and says so), and
// its resume index reads the file up to it.
import { readSync } from 'node:fs';
import { CutShortScanner } from '../core/util/cutShort';

const PIECE = 65536;

/** A file's last line when the file does not end with a line end. */
export interface RunFileTail {
  /** Byte offset where the last line starts. */
  start: number;
  /** Its length in bytes. */
  bytes: number;
  /** Whether it is a record cut short (else a whole line that only lacks its line end). */
  cutShort: boolean;
}

/** The last line of the open file `fd` of `size` bytes, or null when the file is empty or ends with `\n`. */
export function runFileTail(fd: number, size: number): RunFileTail | null {
  if (size === 0) return null;
  const buffer = Buffer.allocUnsafe(PIECE);
  readSync(fd, buffer, 0, 1, size - 1);
  if (buffer[0] === 0x0a) return null;
  let start = 0;
  for (let end = size; end > 0; ) {
    const from = Math.max(0, end - PIECE);
    const read = readSync(fd, buffer, 0, end - from, from);
    const newline = buffer.subarray(0, read).lastIndexOf(0x0a);
    if (newline >= 0) {
      start = from + newline + 1;
      break;
    }
    end = from;
  }
  const scanner = new CutShortScanner();
  for (let at = start; at < size; ) {
    const read = readSync(fd, buffer, 0, Math.min(PIECE, size - at), at);
    if (read === 0) break;
    // A BOM opens the file's first line: it is not part of the JSON.
    const skip = at === 0 && read >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
    scanner.feedBytes(buffer, skip, read);
    at += read;
  }
  return { start, bytes: size - start, cutShort: scanner.cutShort };
}
