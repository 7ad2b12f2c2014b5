// The client's side of the server's pushes (waypoint/gameChanged, waypoint/gridStateChanged): every
// view that listens hears each push, though the language client keeps one handler per method, and a
// view redraws only for the game it shows.
import { strict as assert } from 'node:assert';
import { pathToFileURL } from 'node:url';
import { changeConcerns, changeNames, gameKeyOfUri } from '../../src/extension/views/gameChanges';
import { onNotification, type NotificationSource } from '../../src/extension/lspRequests';
import { GameChangedNotification, type GameChangedParams, GridStateChangedNotification } from '../../src/protocol/lsp';

/** As vscode-languageclient behaves: one handler per method, a second registration replacing the first. */
class OneHandlerPerMethod {
  readonly handlers = new Map<string, (params: unknown) => void>();
  registrations = 0;
  onNotification(method: string, handler: (params: unknown) => void): { dispose(): void } {
    this.registrations++;
    this.handlers.set(method, handler);
    return { dispose: () => this.handlers.delete(method) };
  }
  deliver(method: string, params: unknown): void {
    this.handlers.get(method)?.(params);
  }
}

const push = (changed: string[]): GameChangedParams => ({
  folder: 'file:///w/lighthouse/',
  game: 'lighthouse',
  changed,
  version: 1,
});

describe('pushed changes: listening', () => {
  it('hands each push to every listener of its method, and to no other', () => {
    const client = new OneHandlerPerMethod();
    const source = client as unknown as NotificationSource;
    const maze: GameChangedParams[] = [];
    const overview: GameChangedParams[] = [];
    const board: unknown[] = [];
    onNotification(source, GameChangedNotification, (params) => maze.push(params));
    const overviewListener = onNotification(source, GameChangedNotification, (params) => overview.push(params));
    onNotification(source, GridStateChangedNotification, (params) => board.push(params));
    assert.equal(client.registrations, 2, 'one registration per method');

    client.deliver(GameChangedNotification.method, push(['file:///w/lighthouse/lighthouse.walkthrough']));
    assert.equal(maze.length, 1);
    assert.equal(overview.length, 1);
    assert.equal(board.length, 0);

    overviewListener.dispose();
    client.deliver(GameChangedNotification.method, push(['file:///w/lighthouse/lighthouse.edges.json']));
    assert.equal(maze.length, 2, 'the other listener still hears');
    assert.equal(overview.length, 1, 'a disposed listener hears nothing more');
  });

  it("lets every listener hear a push when one listener throws, then reports that listener's error", () => {
    const client = new OneHandlerPerMethod();
    const heard: string[] = [];
    onNotification(client as unknown as NotificationSource, GameChangedNotification, () => {
      throw new Error('view gone');
    });
    onNotification(client as unknown as NotificationSource, GameChangedNotification, () => heard.push('maze'));
    assert.throws(() => client.deliver(GameChangedNotification.method, push([])), /view gone/);
    assert.deepEqual(heard, ['maze']);
  });
});

describe('pushed changes: which game a view shows', () => {
  const member = (folder: string, file: string) => pathToFileURL(`${folder}/${file}`).toString();

  it('matches a change of any member of the shown game, whatever member the view was opened on', () => {
    const shown = member('/w/lighthouse', 'lighthouse.edges.json');
    assert.equal(changeConcerns(push([member('/w/lighthouse', 'lighthouse.walkthrough')]), shown), true);
    assert.equal(changeConcerns(push([member('/w/lighthouse', 'lighthouse.all2all.jsonl')]), shown), true);
    assert.equal(
      changeConcerns(
        push([
          member('/w/lighthouse', 'lighthouse-typos.walkthrough'),
          member('/w/lighthouse', 'lighthouse.actions.json'),
        ]),
        shown,
      ),
      true,
    );
  });

  it('does not match a game of the same name in another folder, or another game in the same folder', () => {
    const shown = member('/w/lighthouse', 'lighthouse.walkthrough');
    assert.equal(changeConcerns(push([member('/w/copy', 'lighthouse.walkthrough')]), shown), false);
    assert.equal(changeConcerns(push([member('/w/lighthouse', 'lighthouse-typos.walkthrough')]), shown), false);
  });

  it('reads escaped names as the editor spells them (a space, a colon)', () => {
    // VS Code's Uri.toString() escapes more than Node's pathToFileURL; both name one game.
    assert.equal(gameKeyOfUri('file:///w/my%20games/zork%3A1.walkthrough'), 'file:///w/my games/zork:1');
    assert.equal(
      changeConcerns(push(['file:///w/my%20games/zork%3A1.edges.json']), 'file:///w/my%20games/zork%3A1.walkthrough'),
      true,
    );
  });

  it('treats a document of no game folder (an untitled walkthrough) as a game of its own', () => {
    assert.equal(gameKeyOfUri('untitled:Untitled-1'), 'untitled:Untitled-1');
    assert.equal(changeConcerns(push(['untitled:Untitled-1']), 'untitled:Untitled-1'), true);
    assert.equal(changeConcerns(push(['untitled:Untitled-2']), 'untitled:Untitled-1'), false);
  });

  it("names the overview's walkthrough only when that file itself changed", () => {
    const walkthrough = 'file:///w/my%20games/lighthouse.walkthrough';
    assert.equal(
      changeNames(
        push(['file:///w/my%20games/lighthouse.edges.json', 'file:///w/my games/lighthouse.walkthrough']),
        walkthrough,
      ),
      true,
    );
    assert.equal(
      changeNames(push(['file:///w/my%20games/lighthouse.edges.json']), walkthrough),
      false,
      'another member of its game',
    );
  });
});
