// Jericho observations print a room's title on a line of its own (`West of House`), first when the
// move lands there, or after an intro banner at step 0. Titles are short, start with a capital or a
// digit and carry no sentence punctuation; that is enough to label an outline without annotations.

const MAX_TITLE_LENGTH = 50;
const MAX_TITLE_WORDS = 8;
/** How far into an observation a title preceded by a blank line is still looked for. */
const TITLE_SEARCH_LINES = 40;

function looksLikeRoomTitle(line: string): boolean {
  const text = line.trim();
  if (text.length === 0 || text.length > MAX_TITLE_LENGTH) return false;
  if (!/^[A-Z0-9]/.test(text)) return false;
  if (/[.!?,;:"'\]>]$/.test(text) || text.includes(':')) return false;
  return text.split(/\s+/).length <= MAX_TITLE_WORDS;
}

/**
 * The room title an observation shows, or null. After a move that is its first line, else a title
 * set off by a blank line above with text below. The Init step opens with the game's banner (whose
 * first line is the game's title), so there the last such title wins: the starting room follows
 * the banner.
 */
export function guessLocationFromObservation(lines: readonly string[], isInitStep = false): string | null {
  if (lines.length === 0) return null;
  if (!isInitStep && looksLikeRoomTitle(lines[0])) return lines[0].trim();
  const limit = Math.min(lines.length - 1, TITLE_SEARCH_LINES);
  let found: string | null = null;
  for (let index = 1; index < limit; index++) {
    if (lines[index - 1].trim() === '' && lines[index + 1].trim() !== '' && looksLikeRoomTitle(lines[index])) {
      found = lines[index].trim();
      if (!isInitStep) return found;
    }
  }
  return found ?? (looksLikeRoomTitle(lines[0]) ? lines[0].trim() : null);
}
