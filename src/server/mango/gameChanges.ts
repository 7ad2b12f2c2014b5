// Pushes waypoint/gameChanged to the client when the game store hears that a member of a game
// changed, so the maze and the walkthrough overview redraw when their game changes instead of each
// keeping a timer of its own (the way sprotty's server pushes model updates). Changes are coalesced
// per game: a burst (typing, a save that formats and writes, a checkout touching four files) is one
// push once the game has been quiet for GAME_CHANGE_SETTLE_MS.
import type { GameChangedParams } from '../../protocol/lsp';
import type { GameIdentity, GameStore, MemberChange } from './gameStore';

/**
 * A pause in changes longer than this ends a burst. Between the two client debounces it replaces
 * (the overview's 150 ms, the maze's 300 ms): a maze is not laid out again for every keystroke,
 * and the overview still follows typing.
 */
const GAME_CHANGE_SETTLE_MS = 200;

interface PendingPush {
  game: GameIdentity;
  changed: Set<string>;
  timer: NodeJS.Timeout;
}

export class GameChangePusher {
  private readonly pending = new Map<string, PendingPush>();
  /** Pushes so far per game key, for each push's `version`. One small number per game ever changed. */
  private readonly versions = new Map<string, number>();
  private readonly subscription: { dispose(): void };

  constructor(
    store: Pick<GameStore, 'onMemberChange'>,
    private readonly push: (params: GameChangedParams) => void,
    private readonly settleMs = GAME_CHANGE_SETTLE_MS,
  ) {
    this.subscription = store.onMemberChange((change) => this.note(change));
  }

  private note({ uri, game }: MemberChange): void {
    const pending = this.pending.get(game.key);
    if (pending) clearTimeout(pending.timer);
    const changed = pending?.changed ?? new Set<string>();
    changed.add(uri);
    this.pending.set(game.key, { game, changed, timer: setTimeout(() => this.flush(game.key), this.settleMs) });
  }

  private flush(key: string): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    this.pending.delete(key);
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    this.push({ folder: pending.game.folder, game: pending.game.game, changed: [...pending.changed], version });
  }

  dispose(): void {
    this.subscription.dispose();
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
