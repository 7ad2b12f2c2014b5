// Which pushed waypoint/gameChanged concerns a view: the maze and the walkthrough overview redraw
// only for the game they show. No vscode here, so the matching is unit-tested on its own.
import { mangoGameOf } from '../../core/benchmarks/mango/fileKinds';
import { decodeUriSafely } from '../../core/util/uri';
import type { GameChangedParams } from '../../protocol/lsp';

/**
 * The game a URI's file belongs to, as its folder and name in URI form (`file:///w/lighthouse/lighthouse`);
 * a URI that names no game member (an untitled walkthrough) is a game of its own, as the server has it.
 */
export function gameKeyOfUri(uri: string): string {
  const game = mangoGameOf(decodeUriSafely(uri));
  return game ? `${game.directory}${game.game}` : uri;
}

/**
 * Whether the push is about the game of `shownUri`. It compares the changed members' URIs, which
 * are the ones the client sent (so spelled as this side spells them), never the server's folder.
 */
export function changeConcerns(change: Pick<GameChangedParams, 'changed'>, shownUri: string): boolean {
  const shown = gameKeyOfUri(shownUri);
  return change.changed.some((uri) => gameKeyOfUri(uri) === shown);
}
