// Action extraction from free-text answers. GRASP has no official parser (spec §7); this is the
// spec's recommended, NON-OFFICIAL rule, and every result says so in `rule` so the UI can label it:
// the last [...] whose content has an action word, split on ',', tokens stripped of whitespace and
// quotes, junk kept in order (the scorer ignores it but it still uses up the 20-step budget).
// Without a list, the optional fallback takes the first action word of each numbered line.
// Python comments after list items (`"LEFT",  # Move to (5,4)`, as o1-mini writes) are blanked
// first, so their commas and brackets neither split tokens nor hide the list; `pythonComments:
// 'keep'` applies the §7 rule to the raw text instead (upstream itself has no extraction to follow).
// `unclosedList` (the paper mode's reading) also takes a final `[` that is never closed, an answer
// cut off at max_tokens, as a list running to the end of the text. The second rule, `every-word`,
// takes every action word of the answer in order: also NON-OFFICIAL, it is what reproduces the
// paper's GPT-3.5 column (the paper's parser was never released).
import { OffsetMapper } from '../../util/locatedJson';
import type { Range } from '../../util/text';
import { actionOf } from './actions';
import type { GraspScoringMode } from './types';

export const EXTRACTION_RULE_LABEL =
  'Recommended non-official extraction rule (GRASP has no official answer parser; spec §7)';
const EVERY_WORD_RULE_LABEL =
  "Every-action-word NON-OFFICIAL extraction rule (every action word of the answer, in order; reproduces the paper's GPT-3.5 column, whose parser was never released)";

/** `recommended`: spec §7 (the last list, numbered-list fallback). `every-word`: every action word in order. */
export type ExtractionRule = 'recommended' | 'every-word';
export const EXTRACTION_RULES: readonly ExtractionRule[] = ['recommended', 'every-word'];

export function extractionRuleLabel(rule: ExtractionRule): string {
  return rule === 'every-word' ? EVERY_WORD_RULE_LABEL : EXTRACTION_RULE_LABEL;
}

export type ExtractionMethod = 'bracket-list' | 'unclosed-list' | 'numbered-list' | 'every-word' | 'none';

export interface ExtractedToken {
  token: string;
  /** UTF-16 offsets of the token (after stripping) in the answer text. */
  start: number;
  end: number;
  range: Range;
}

export interface ExtractedAnswer {
  /** The rule's label, naming it non-official. */
  rule: string;
  ruleId: ExtractionRule;
  method: ExtractionMethod;
  tokens: string[];
  located: ExtractedToken[];
  /** Tokens that name no GRASP action in any setting (junk such as `TAKE ENERGY`, `''`, `UP,`). */
  unknown: Array<ExtractedToken & { index: number }>;
  /** Where the chosen list is in the text (brackets included), for highlighting. */
  listRange: Range | null;
}

const ACTION_WORD = /\b(?:UPLEFT|UPRIGHT|DOWNLEFT|DOWNRIGHT|UP|DOWN|LEFT|RIGHT|TAKE|DROP)\b/i;
const EVERY_ACTION_WORD = /\b(?:UPLEFT|UPRIGHT|DOWNLEFT|DOWNRIGHT|UP|DOWN|LEFT|RIGHT|TAKE|DROP)\b/g;
const BRACKETED = /\[([^[\]]*)\]/g;
const NUMBERED_LINE = /^[ \t]*\d+[.)][ \t]+(.*)$/gm;
const STRIPPED = /[\s'"`]/;
const ASCII_STRIPPED = new Set([...' \t\n\v\f\r\'"`'].map((char) => char.charCodeAt(0)));

/** STRIPPED.test for one character, without a regex run for the ASCII ones (most of them). */
function isStripped(code: number): boolean {
  return code < 128 ? ASCII_STRIPPED.has(code) : STRIPPED.test(String.fromCharCode(code));
}

export interface ExtractionOptions {
  /** Take action words from numbered lines when there is no list (default true). */
  numberedFallback?: boolean;
  /** 'strip' (default): blank `# …` comments after list items first. 'keep': the §7 rule on the raw text. */
  pythonComments?: 'strip' | 'keep';
  /** A final `[` never closed counts as a list running to the end (default false; the paper mode's reading). */
  unclosedList?: boolean;
  /** Which non-official rule (default `recommended`). */
  rule?: ExtractionRule;
}

/** The extraction each scoring mode uses by default: the paper mode reads cut-off lists to the end. */
export function extractionDefaultsFor(
  mode: GraspScoringMode,
): Pick<ExtractionOptions, 'pythonComments' | 'unclosedList'> {
  return { pythonComments: pythonCommentsFor(mode), unclosedList: mode === 'paper' };
}

// A `#` starts a comment when what precedes it on its line ends like a list item: a separator, a
// quote, a bracket or an action word (spaces and tabs between). Markdown headings (`### Plan`) and
// "Step #1" are left alone. Checked at each `#` only: a regex tried at every offset of every answer
// cost more than scoring it.
const ITEM_END = /(?:[,'"`[]|(?:^|[^A-Za-z0-9_])(?:UPLEFT|UPRIGHT|DOWNLEFT|DOWNRIGHT|UP|DOWN|LEFT|RIGHT|TAKE|DROP))$/i;

/**
 * Comments per scoring mode: faithful reads what the model meant; reference and pre2025 keep them,
 * because the published o1-mini figures (mean length 18.5, mean score −0.31) come from the raw
 * rule, comment pieces counted as junk steps.
 */
export function pythonCommentsFor(mode: GraspScoringMode): 'strip' | 'keep' {
  return mode === 'faithful' ? 'strip' : 'keep';
}

/** The text with list-item comments replaced by spaces: same length, so every offset still holds. */
export function blankPythonComments(text: string): string {
  let at = text.indexOf('#');
  if (at < 0) return text;
  let blanked = '';
  let copied = 0;
  while (at >= 0) {
    let end = at;
    while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    // The longest action word has 9 letters: 10 characters hold it and the boundary before it.
    if (end > lineStart && ITEM_END.test(text.slice(Math.max(lineStart, end - 10), end))) {
      const lineEnd = text.indexOf('\n', at);
      const to = lineEnd < 0 ? text.length : lineEnd;
      blanked += text.slice(copied, at) + ' '.repeat(to - at);
      copied = to;
      at = text.indexOf('#', to);
    } else at = text.indexOf('#', at + 1);
  }
  return blanked + text.slice(copied);
}

/** Extracts the action tokens of an answer text. */
export function extractActions(original: string, options: ExtractionOptions = {}): ExtractedAnswer {
  const mapper = new OffsetMapper(original);
  const text = options.pythonComments === 'keep' ? original : blankPythonComments(original);
  const locate = (token: string, start: number): ExtractedToken => ({
    token,
    start,
    end: start + token.length,
    range: mapper.range(start, token.length),
  });
  const ruleId = options.rule ?? 'recommended';
  const finish = (method: ExtractionMethod, located: ExtractedToken[], listRange: Range | null): ExtractedAnswer => {
    // Plain loops: bulk import extracts every answer, much of it before the optimising compiler runs.
    const tokens: string[] = [];
    const unknown: ExtractedAnswer['unknown'] = [];
    for (let index = 0; index < located.length; index++) {
      const item = located[index];
      tokens.push(item.token);
      if (actionOf(item.token) === null) unknown.push({ ...item, index });
    }
    return { rule: extractionRuleLabel(ruleId), ruleId, method, tokens, located, unknown, listRange };
  };
  if (ruleId === 'every-word') {
    const located = [...text.matchAll(EVERY_ACTION_WORD)].map((match) => locate(match[0], match.index));
    return finish(located.length > 0 ? 'every-word' : 'none', located, null);
  }
  let chosen: { index: number; whole: string; content: string } | null = null;
  for (const match of text.matchAll(BRACKETED))
    if (ACTION_WORD.test(match[1])) chosen = { index: match.index, whole: match[0], content: match[1] };
  let method: ExtractionMethod = 'bracket-list';
  const open = options.unclosedList ? text.lastIndexOf('[') : -1;
  if (open >= 0 && !text.includes(']', open) && ACTION_WORD.test(text.slice(open + 1))) {
    // The last `[` is after every closed list, so the cut-off list is the last list.
    chosen = { index: open, whole: text.slice(open), content: text.slice(open + 1) };
    method = 'unclosed-list';
  }
  if (chosen) {
    const located: ExtractedToken[] = [];
    let offset = chosen.index + 1;
    for (const piece of chosen.content.split(',')) {
      let from = 0;
      let to = piece.length;
      while (from < to && isStripped(piece.charCodeAt(from))) from++;
      while (to > from && isStripped(piece.charCodeAt(to - 1))) to--;
      located.push(locate(piece.slice(from, to), offset + from));
      offset += piece.length + 1;
    }
    return finish(method, located, mapper.range(chosen.index, chosen.whole.length));
  }
  if (options.numberedFallback === false) return finish('none', [], null);
  const located: ExtractedToken[] = [];
  for (const line of text.matchAll(NUMBERED_LINE)) {
    const word = ACTION_WORD.exec(line[1]);
    if (word) located.push(locate(word[0], line.index + line[0].length - line[1].length + word.index));
  }
  return finish(located.length > 0 ? 'numbered-list' : 'none', located, null);
}
