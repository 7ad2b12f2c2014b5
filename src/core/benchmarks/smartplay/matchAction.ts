// Answer → action, upstream's match_act (spec §4): case-insensitive substring search, the earliest
// occurrence wins (ties → lower index), no match → action 0. Model text is only searched, never run.

export interface MatchOptions {
  /**
   * Non-reference (spec §11 #2): also accept an action written without its final period
   * (`Pull slot machine 2`). Off by default because upstream maps that answer to action 0.
   */
  optionalFinalPeriod?: boolean;
}

interface ActionMatch {
  action: number;
  /** False when nothing matched and action 0 was taken silently (spec §11 #1 `no_action_matched`). */
  matched: boolean;
  /** UTF-16 offset of the match in the answer, -1 when unmatched. */
  offset: number;
  /** Length of the matched text. */
  length: number;
}

/** Maps a model answer to an action index exactly as upstream (plus the opt-in period rule). */
export function matchAction(answer: string, actionList: readonly string[], options: MatchOptions = {}): ActionMatch {
  const text = answer.toLowerCase();
  let best: ActionMatch = { action: 0, matched: false, offset: -1, length: 0 };
  actionList.forEach((action, index) => {
    const candidates = [action.toLowerCase()];
    if (options.optionalFinalPeriod && action.endsWith('.')) candidates.push(action.slice(0, -1).toLowerCase());
    for (const candidate of candidates) {
      const offset = text.indexOf(candidate);
      if (offset < 0) continue;
      if (!best.matched || offset < best.offset)
        best = { action: index, matched: true, offset, length: candidate.length };
      break;
    }
  });
  return best;
}
