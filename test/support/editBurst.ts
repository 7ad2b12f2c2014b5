// A burst of edits of a large walkthrough, as a fast typist, a macro or a formatter sends them, and
// the walkthrough they edit. Shared by the server's memory test and the bench. The edits are kept
// mirrored on a plain line array, so the final text is known without the server's text code.
import type { LspRange } from './lspText';

/**
 * A walkthrough of about `bytes` bytes. Room names are real-length (13+ characters): V8 keeps such
 * substrings as views of their source, which is what made an edited document's old versions stay
 * in memory.
 */
export function largeWalkthrough(bytes: number): string {
  const rooms = ['West of the White House', 'North of the House', 'Behind the Kitchen Window', 'Forest Clearing'];
  const actions = ['north', 'south', 'take lamp', 'open window', 'enter house', 'look'];
  const parts: string[] = [];
  let size = 0;
  for (let step = 0; size < bytes; step++) {
    const action = step === 0 ? 'Init' : actions[step % actions.length];
    const observation =
      step % 3 === 0
        ? 'Taken.'
        : `${rooms[step % rooms.length]}\nYou are standing in an open field, as the game prints it for step ${step}.\n\nThere is a small mailbox here.`;
    const block = `===========\n==>STEP NUM: ${step}\n==>ACT: ${action}\n==>OBSERVATION: ${observation}\n\n`;
    parts.push(block);
    size += block.length;
  }
  return `${parts.join('')}===========\n`;
}

export interface BurstEdit {
  range: LspRange;
  text: string;
}

/** A seeded stream of edits over `lines` (mutated to the text after each edit): typing in one place, then jumps. */
export function* editBurst(lines: string[], count: number, seed = 29): Generator<BurstEdit> {
  let state = seed;
  const random = (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
  let line = 0;
  for (let edit = 0; edit < count; edit++) {
    // A run of keystrokes at one place, then a jump anywhere in the document.
    if (edit % 20 === 0 || lines[line] === undefined) line = random(lines.length - 1);
    // Only observation text is touched (the OBSERVATION header at its end), so the steps stay intact.
    while (/^(===|==>STEP|==>ACT|$)/.test(lines[line])) line = (line + 1) % (lines.length - 1);
    const kind = random(10);
    const text = lines[line];
    const at = text.startsWith('==>') ? text.length : random(text.length + 1);
    if (kind < 6) {
      lines[line] = `${text.slice(0, at)}x${text.slice(at)}`;
      yield { range: { start: { line, character: at }, end: { line, character: at } }, text: 'x' };
    } else if (kind < 8 && at < text.length && !text.startsWith('==>')) {
      lines[line] = `${text.slice(0, at)}${text.slice(at + 1)}`;
      yield { range: { start: { line, character: at }, end: { line, character: at + 1 } }, text: '' };
    } else if (kind < 9 && !text.startsWith('==>')) {
      // A new line of prose below this one (the line count changes: later blocks move).
      lines.splice(line + 1, 0, 'an added line');
      yield {
        range: { start: { line, character: text.length }, end: { line, character: text.length } },
        text: '\nan added line',
      };
    } else if (lines[line + 1] === 'an added line') {
      lines.splice(line + 1, 1);
      yield { range: { start: { line: line + 1, character: 0 }, end: { line: line + 2, character: 0 } }, text: '' };
    } else {
      lines[line] = `${text}y`;
      yield { range: { start: { line, character: text.length }, end: { line, character: text.length } }, text: 'y' };
    }
  }
}
