// Where the views that accompany an editor or the results view open (answers, a comparison's diff,
// the maze, the board, a map diff, the walkthrough overview): the window keeps at most two columns.
// They go together, into the group that already holds one of them, unless that group is the one the
// user works in with a file in front (a companion opened there would cover the file, and commands
// such as Undo would no longer reach it); else beside the active group, which with two groups or
// more is an existing group (never a new third column), preferably one that does not hold the
// results view (its tables stay in view) and to the active group's right.
// Pure (no vscode), so the rule is unit-tested; tabGroups.ts feeds it the window's groups.

export interface GroupTabs {
  column: number;
  /** Holds a companion view. */
  companion: boolean;
  /** Holds the results view, which a companion should not cover. */
  results: boolean;
}

/**
 * The column for a companion view, or 'beside' to open the second column. `activeTabIsCompanion`:
 * the active group's front tab is itself a companion (an answer, the maze), so another may join it.
 */
export function chooseCompanionColumn(
  groups: readonly GroupTabs[],
  active: number,
  activeTabIsCompanion = false,
): number | 'beside' {
  const joinable = groups.find(
    (group) => group.companion && !group.results && (group.column !== active || activeTabIsCompanion),
  );
  if (joinable) return joinable.column;
  if (groups.length < 2) return 'beside';
  const others = groups.filter((group) => group.column !== active);
  const free = others.filter((group) => !group.results);
  const pool = free.length > 0 ? free : others;
  return (pool.find((group) => group.column > active) ?? pool[pool.length - 1]).column;
}
