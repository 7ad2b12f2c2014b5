// A JSON Lines line whose write never finished (the process was killed in the middle of it, or the
// disk filled): the start of a JSON object that ends while a string, object or array is still
// open. Such a line is a record lost in the writing, not a wrong file: readers skip it with a
// warning, and a run that resumes cuts it off before appending (the question is asked again).

/**
 * Scans a line's characters (or its UTF-8 bytes: only ASCII `{ } [ ] " \` matter, and no byte of a
 * multi-byte character is one of them) fed in pieces, so a line of any length is judged in bounded
 * memory.
 */
export class CutShortScanner {
  private started = false;
  /** Not an object, or one closed before the end (then text after it): damaged, not cut short. */
  private damaged = false;
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** Feeds bytes [from, to) of `bytes`. */
  feedBytes(bytes: Uint8Array, from: number, to: number): void {
    for (let at = from; at < to && !this.damaged; at++) this.step(bytes[at]);
  }

  /** Feeds the characters of `text`. */
  feedText(text: string): void {
    for (let at = 0; at < text.length && !this.damaged; at++) this.step(text.charCodeAt(at));
  }

  private step(code: number): void {
    if (!this.started) {
      // Leading white space (space, tab, CR, LF) before the object.
      if (code === 32 || code === 9 || code === 13 || code === 10) return;
      this.started = true;
      if (code === 123) this.depth = 1;
      else this.damaged = true;
      return;
    }
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (code === 92) this.escaped = true;
      else if (code === 34) this.inString = false;
    } else if (code === 34) this.inString = true;
    else if (code === 123 || code === 91) this.depth++;
    else if ((code === 125 || code === 93) && --this.depth <= 0) this.damaged = true;
  }

  /** Whether what was fed is an object cut short: it opened with `{` and ended inside a value. */
  get cutShort(): boolean {
    return this.started && !this.damaged && (this.inString || this.depth > 0);
  }
}

/** Whether `line` is an object cut short: it opens with `{` and ends inside a value, never closing one too many. */
export function isCutShortJson(line: string): boolean {
  const scanner = new CutShortScanner();
  scanner.feedText(line);
  return scanner.cutShort;
}

/** Bytes of `text` in UTF-8 (lone surrogates count as the 3 bytes of U+FFFD, as an encoder writes them). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      at++;
    } else bytes += 3;
  }
  return bytes;
}

/** How a reader names a cut-short line (0-based `line` of `text`): `file:line:column:` (1-based) where it stops, as other problems are located. */
export function cutShortMessage(file: string, line: number, text: string, bytes: number): string {
  return `${file}:${line + 1}:${text.length + 1}: a record cut short (${bytes} bytes; its write never finished: the run was killed or the disk was full), skipped`;
}
