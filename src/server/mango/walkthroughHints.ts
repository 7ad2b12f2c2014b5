// Inline hints and code lenses on walkthrough steps: annotated moves show as
// `West of House —north→ North of House` after the action; steps that look like moves offer
// "Mark step as move", annotated ones "Unmark".
import type { CodeLens, InlayHint } from 'vscode-languageserver';
import { InlayHintKind } from 'vscode-languageserver';
import { NEVER } from '../../core/benchmarks/mango/types';
import type { LoadedGame } from './games';

export const MARK_MOVE_COMMAND = 'waypoint.markStepAsMove';
const UNMARK_MOVE_COMMAND = 'waypoint.unmarkStepMove';

function movesByStep(game: LoadedGame): Map<number, string[]> {
  const moves = new Map<number, string[]>();
  for (const { record } of game.model.edges?.edges ?? []) {
    if (record.seen_in_forward === NEVER) continue;
    const list = moves.get(record.seen_in_forward) ?? [];
    list.push(`${record.src_node} —${record.action}→ ${record.dst_node}`);
    moves.set(record.seen_in_forward, list);
  }
  return moves;
}

/** One hint after the action of every annotated step within the requested lines. */
export function moveInlayHints(game: LoadedGame, fromLine: number, toLine: number): InlayHint[] {
  const moves = movesByStep(game);
  const hints: InlayHint[] = [];
  for (const step of game.model.walkthrough?.steps(fromLine, toLine) ?? []) {
    const labels = moves.get(step.number);
    if (!labels || !step.actionRange || step.actionRange.end.line < fromLine || step.actionRange.end.line > toLine)
      continue;
    hints.push({
      position: step.actionRange.end,
      label: labels.join('; '),
      kind: InlayHintKind.Type,
      paddingLeft: true,
      tooltip: 'Annotated move (edges.json)',
    });
  }
  return hints;
}

/** "Unmark" on annotated steps; "Mark step as move" on steps whose recognised room changes. */
export function moveCodeLenses(game: LoadedGame, uri: string): CodeLens[] {
  const moves = movesByStep(game);
  const lenses: CodeLens[] = [];
  let previousRoom: string | null = null;
  for (const step of game.model.walkthrough?.steps() ?? []) {
    const room = step.location?.toLowerCase() ?? null;
    const line = step.headerRange.start.line;
    if (moves.has(step.number)) {
      lenses.push({
        range: step.headerRange,
        command: { title: 'Unmark move', command: UNMARK_MOVE_COMMAND, arguments: [uri, line] },
      });
    } else if (step.number > 0 && room !== null && previousRoom !== null && room !== previousRoom) {
      lenses.push({
        range: step.headerRange,
        command: { title: 'Mark step as move', command: MARK_MOVE_COMMAND, arguments: [uri, line] },
      });
    }
    if (room !== null) previousRoom = room;
  }
  return lenses;
}
