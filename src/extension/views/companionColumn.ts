// Where the views that accompany an editor or the results view open (answers, a comparison's diff,
// the maze, the board, a map diff, the walkthrough overview): the window keeps at most two columns.
// They go together, into the group that already holds one of them; else beside the active group,
// which with two groups or more is an existing group (never a new third column), preferably one
// that does not hold the results view (its tables stay in view) and to the active group's right.
// Pure (no vscode), so the rule is unit-tested; tabGroups.ts feeds it the window's groups.

export interface GroupTabs {
  column: number;
  /** Holds a companion view. */
  companion: boolean;
  /** Holds the results view, which a companion should not cover. */
  results: boolean;
}

/** The column for a companion view, or 'beside' to open the second column. */
export function chooseCompanionColumn(groups: readonly GroupTabs[], active: number): number | 'beside' {
  const holding = groups.filter((group) => group.companion);
  const holdingFree = holding.find((group) => !group.results);
  if (holdingFree) return holdingFree.column;
  if (groups.length < 2) return 'beside';
  const others = groups.filter((group) => group.column !== active);
  const free = others.filter((group) => !group.results);
  const pool = free.length > 0 ? free : others;
  return (pool.find((group) => group.column > active) ?? pool[pool.length - 1]).column;
}
