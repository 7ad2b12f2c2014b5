// Action extraction from free-text answers. GRASP has no official parser (spec §7); this is the
// spec's recommended, NON-OFFICIAL rule, and every result says so in `rule` so the UI can label it:
// the last [...] whose content has an action word, split on ',', tokens stripped of whitespace and
// quotes, junk kept in order (the scorer ignores it but it still uses up the 20-step budget).
// Without a list, the optional fallback takes the first action word of each numbered line.
// Python comments after list items (`"LEFT",  # Move to (5,4)`, as o1-mini writes) are blanked
// first, so their commas and brackets neither split tokens nor hide the list; `pythonComments:
// 'keep'` applies the §7 rule to the raw text instead (upstream itself has no extraction to follow).
import { OffsetMapper } from '../json/locatedJson';
import type { Range } from '../text';
import { actionOf } from './actions';

export const EXTRACTION_RULE_LABEL = 'Recommended non-official extraction rule (GRASP has no official answer parser; spec §7)';

export type ExtractionMethod = 'bracket-list' | 'numbered-list' | 'none';

export interface ExtractedToken {
  token: string;
  /** UTF-16 offsets of the token (after stripping) in the answer text. */
  start: number;
  end: number;
  range: Range;
}

export interface ExtractedAnswer {
  rule: typeof EXTRACTION_RULE_LABEL;
  method: ExtractionMethod;
  tokens: string[];
  located: ExtractedToken[];
  /** Tokens that name no GRASP action in any setting (junk such as `TAKE ENERGY`, `''`, `UP,`). */
  unknown: Array<ExtractedToken & { index: number }>;
  /** Where the chosen list is in the text (brackets included), for highlighting. */
  listRange: Range | null;
}

const ACTION_WORD = /\b(?:UPLEFT|UPRIGHT|DOWNLEFT|DOWNRIGHT|UP|DOWN|LEFT|RIGHT|TAKE|DROP)\b/i;
const BRACKETED = /\[([^[\]]*)\]/g;
const NUMBERED_LINE = /^[ \t]*\d+[.)][ \t]+(.*)$/gm;
const STRIPPED = /[\s'"`]/;

export interface ExtractionOptions {
  /** Take action words from numbered lines when there is no list (default true). */
  numberedFallback?: boolean;
  /** 'strip' (default): blank `# …` comments after list items first. 'keep': the §7 rule on the raw text. */
  pythonComments?: 'strip' | 'keep';
}

// A `#` starts a comment when what precedes it on its line ends like a list item: a separator, a
// quote, a bracket or an action word. Markdown headings (`### Plan`) and "Step #1" are left alone.
const COMMENT = /((?:[,'"`[]|\b(?:UPLEFT|UPRIGHT|DOWNLEFT|DOWNRIGHT|UP|DOWN|LEFT|RIGHT|TAKE|DROP))[ \t]*)#[^\n]*/gi;

/**
 * Comments per scoring mode: faithful reads what the model meant; reference and pre2025 keep them,
 * because the published o1-mini figures (mean length 18.5, mean score −0.31) come from the raw
 * rule, comment pieces counted as junk steps.
 */
export function pythonCommentsFor(mode: 'faithful' | 'reference' | 'pre2025'): 'strip' | 'keep' {
  return mode === 'faithful' ? 'strip' : 'keep';
}

/** The text with list-item comments replaced by spaces: same length, so every offset still holds. */
export function blankPythonComments(text: string): string {
  // Most answers have no '#': skip the regex scan (it tries an alternation at every offset).
  if (!text.includes('#')) return text;
  return text.replace(COMMENT, (match: string, before: string) => before + ' '.repeat(match.length - before.length));
}

/** Extracts the action tokens of an answer text. */
export function extractActions(original: string, options: ExtractionOptions = {}): ExtractedAnswer {
  const mapper = new OffsetMapper(original);
  const text = options.pythonComments === 'keep' ? original : blankPythonComments(original);
  const locate = (token: string, start: number): ExtractedToken => ({ token, start, end: start + token.length, range: mapper.range(start, token.length) });
  const finish = (method: ExtractionMethod, located: ExtractedToken[], listRange: Range | null): ExtractedAnswer => ({
    rule: EXTRACTION_RULE_LABEL, method, tokens: located.map((item) => item.token), located,
    unknown: located.flatMap((item, index) => (actionOf(item.token) === null ? [{ ...item, index }] : [])),
    listRange,
  });
  let chosen: RegExpExecArray | null = null;
  for (const match of text.matchAll(BRACKETED)) if (ACTION_WORD.test(match[1])) chosen = match;
  if (chosen) {
    const located: ExtractedToken[] = [];
    let offset = chosen.index + 1;
    for (const piece of chosen[1].split(',')) {
      let from = 0;
      let to = piece.length;
      while (from < to && STRIPPED.test(piece[from])) from++;
      while (to > from && STRIPPED.test(piece[to - 1])) to--;
      located.push(locate(piece.slice(from, to), offset + from));
      offset += piece.length + 1;
    }
    return finish('bracket-list', located, mapper.range(chosen.index, chosen[0].length));
  }
  if (options.numberedFallback === false) return finish('none', [], null);
  const located: ExtractedToken[] = [];
  for (const line of text.matchAll(NUMBERED_LINE)) {
    const word = ACTION_WORD.exec(line[1]);
    if (word) located.push(locate(word[0], line.index + line[0].length - line[1].length + word.index));
  }
  return finish(located.length > 0 ? 'numbered-list' : 'none', located, null);
}
