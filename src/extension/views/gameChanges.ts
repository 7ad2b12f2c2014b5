// Which pushed waypoint/gameChanged concerns a view: the maze redraws only for the game it shows,
// the walkthrough overview only for its walkthrough. No vscode here, so this is unit-tested alone.
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

/** Whether the push names `shownUri` itself among the changed members (the overview shows one walkthrough, not the game). */
export function changeNames(change: Pick<GameChangedParams, 'changed'>, shownUri: string): boolean {
  const shown = decodeUriSafely(shownUri);
  return change.changed.some((uri) => decodeUriSafely(uri) === shown);
}
