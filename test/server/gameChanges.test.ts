// The server pushes `waypoint/gameChanged` when a member of a MANGO game changes (an edit of an
// open member, a save, a change on disk), one push per burst, only for that game: the maze and the
// walkthrough overview redraw on it and keep no timers of their own.
//
// "Exactly one" is checked against a barrier, not a clock: after the changes under test, a change
// of another game (the barrier) is made and its push awaited. The server coalesces every game with
// the same pause, so a push still owed for an earlier change would come before the barrier's.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GameChangedNotification, type GameChangedParams, MazeGraphRequest } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

describe('language server: waypoint/gameChanged', () => {
  let client: TestLspClient;
  let workspace: string;
  const pushes: GameChangedParams[] = [];
  let waiter: { match: (push: GameChangedParams) => boolean; resolve: () => void } | undefined;

  const folderOf = (...parts: string[]) => join(workspace, ...parts);
  /** A member of `a/lighthouse` (the game under test), `a/lighthouse-typos` (same folder) or `b/lighthouse` (same name). */
  const fileOf = (folder: 'a' | 'b', game: string, suffix: string) =>
    pathToFileURL(folderOf(folder, 'lighthouse', `${game}${suffix}`)).toString();
  const lighthouse = (suffix: string) => fileOf('a', 'lighthouse', suffix);
  const barrierFile = () => fileOf('a', 'lighthouse-typos', '.edges.json');

  const send = (method: string, params: unknown) => client.connection.sendNotification(method, params);
  const watched = (...changes: Array<{ uri: string; type: 1 | 2 | 3 }>) =>
    send('workspace/didChangeWatchedFiles', { changes });
  let versions = new Map<string, number>();
  /** An edit of an open document, the whole text replaced, at the document's next version. */
  const edit = (uri: string, text: string) => {
    const version = (versions.get(uri) ?? 1) + 1;
    versions.set(uri, version);
    return send('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  };
  const open = (uri: string, text: string, languageId = 'json') => {
    versions.set(uri, 1);
    return send('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  };

  /** Every push since the last call, once a barrier's push has come (the barrier's own left out). */
  async function pushesSoFar(): Promise<GameChangedParams[]> {
    const barrier = barrierFile();
    const arrived = new Promise<void>((resolve) => {
      waiter = { match: (push) => push.changed.includes(barrier), resolve };
    });
    await watched({ uri: barrier, type: 2 });
    await arrived;
    const seen = pushes.splice(0);
    const last = seen.pop();
    assert.deepEqual(last?.changed, [barrier], 'the barrier push comes last');
    assert.equal(last?.folder, pathToFileURL(folderOf('a', 'lighthouse')).toString() + '/');
    assert.equal(last?.game, 'lighthouse-typos');
    return seen;
  }

  let lighthouseVersion = 0;
  /** The one push expected for the game under test, with its next version and these members. */
  const oneLighthousePush = (...members: string[]): GameChangedParams[] => [
    {
      folder: pathToFileURL(folderOf('a', 'lighthouse')).toString() + '/',
      game: 'lighthouse',
      changed: members,
      version: ++lighthouseVersion,
    },
  ];
  const sortedChanged = (seen: GameChangedParams[]) =>
    seen.map((push) => ({ ...push, changed: [...push.changed].sort() }));

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-pushes-'));
    for (const folder of ['a', 'b'])
      cpSync(join(samplesDir, 'mango/lighthouse'), folderOf(folder, 'lighthouse'), { recursive: true });
    cpSync(join(samplesDir, 'mango/broken'), folderOf('a', 'lighthouse'), { recursive: true });
    mkdirSync(folderOf('a', 'lighthouse', 'notes'));
    client = new TestLspClient();
    client.onNotification(GameChangedNotification, (push) => {
      pushes.push(push);
      if (waiter?.match(push)) {
        waiter.resolve();
        waiter = undefined;
      }
    });
    await client.initialize(workspace);
    versions = new Map();
  });
  after(async () => {
    await client.dispose();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('pushes nothing when a member is only opened', async () => {
    await open(
      lighthouse('.walkthrough'),
      readFileSync(folderOf('a', 'lighthouse', 'lighthouse.walkthrough'), 'utf8'),
      'mango-walkthrough',
    );
    assert.deepEqual(await pushesSoFar(), []);
  });

  it('pushes one gameChanged for an edit of an open member, for its game only', async () => {
    const walkthrough = lighthouse('.walkthrough');
    await edit(walkthrough, `${readFileSync(folderOf('a', 'lighthouse', 'lighthouse.walkthrough'), 'utf8')}\n`);
    assert.deepEqual(await pushesSoFar(), oneLighthousePush(walkthrough));
  });

  it('pushes one gameChanged for a burst of edits to several members', async () => {
    const walkthrough = lighthouse('.walkthrough');
    const edgesUri = lighthouse('.edges.json');
    const text = readFileSync(folderOf('a', 'lighthouse', 'lighthouse.walkthrough'), 'utf8');
    const edges = readFileSync(folderOf('a', 'lighthouse', 'lighthouse.edges.json'), 'utf8');
    // Sent back to back, as an editor sends keystrokes and a second file's edit in one burst.
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((count) => edit(walkthrough, `${text}${'\n'.repeat(count)}`)),
      open(edgesUri, edges),
      edit(edgesUri, edges.replace('"action": "north"', '"action": "northward"')),
    ]);
    assert.deepEqual(
      sortedChanged(await pushesSoFar()),
      oneLighthousePush(edgesUri, walkthrough).map((push) => ({ ...push, changed: [...push.changed].sort() })),
    );
    const graph = await client.request(MazeGraphRequest, { uri: walkthrough, extraPairs: [] });
    assert.ok(
      graph?.edges.some((shown) => shown.action === 'northward'),
      'a view that asks on the push sees the edit',
    );
  });

  it('pushes one gameChanged for a save, however many ways the client reports it', async () => {
    const walkthrough = lighthouse('.walkthrough');
    const text = `${readFileSync(folderOf('a', 'lighthouse', 'lighthouse.walkthrough'), 'utf8')}\n\n`;
    writeFileSync(folderOf('a', 'lighthouse', 'lighthouse.walkthrough'), text);
    await watched({ uri: walkthrough, type: 2 });
    assert.deepEqual(await pushesSoFar(), oneLighthousePush(walkthrough));
    // A save that formats first: the formatter's edit and the write are one burst.
    await Promise.all([edit(walkthrough, `${text}\n`), watched({ uri: walkthrough, type: 2 })]);
    assert.deepEqual(await pushesSoFar(), oneLighthousePush(walkthrough));
  });

  it('pushes one gameChanged for a closed member changed on disk, and for a checkout of several', async () => {
    const actionsPath = folderOf('a', 'lighthouse', 'lighthouse.actions.json');
    writeFileSync(actionsPath, readFileSync(actionsPath, 'utf8').replace('"north"', '"north", "wait"'));
    await watched({ uri: lighthouse('.actions.json'), type: 2 });
    assert.deepEqual(await pushesSoFar(), oneLighthousePush(lighthouse('.actions.json')));

    // A checkout: one member deleted, one changed, one created, reported in one event.
    const locations = folderOf('a', 'lighthouse', 'lighthouse.locations.json');
    const kept = readFileSync(locations, 'utf8');
    rmSync(locations);
    await watched({ uri: lighthouse('.locations.json'), type: 3 }, { uri: lighthouse('.actions.json'), type: 2 });
    writeFileSync(locations, kept);
    await watched({ uri: lighthouse('.locations.json'), type: 1 });
    assert.deepEqual(
      sortedChanged(await pushesSoFar()),
      oneLighthousePush(lighthouse('.actions.json'), lighthouse('.locations.json')),
    );
  });

  it('tells games apart by folder and name, and counts each game on its own', async () => {
    const other = fileOf('b', 'lighthouse', '.edges.json');
    await watched({ uri: other, type: 2 });
    assert.deepEqual(await pushesSoFar(), [
      {
        folder: pathToFileURL(folderOf('b', 'lighthouse')).toString() + '/',
        game: 'lighthouse',
        changed: [other],
        version: 1,
      },
    ]);
    // A file that is no member of a game (the client's watcher does not report these; the server ignores them).
    await watched({ uri: pathToFileURL(folderOf('a', 'lighthouse', 'notes', 'lighthouse.txt')).toString(), type: 2 });
    assert.deepEqual(await pushesSoFar(), []);
  });

  it('pushes for an untitled walkthrough as a game of its own', async () => {
    const untitled = 'untitled:Untitled-1';
    await open(untitled, '===========\n==>STEP NUM: 0\n==>ACT: Init\n==>OBSERVATION: Hall\n', 'mango-walkthrough');
    await edit(untitled, '===========\n==>STEP NUM: 0\n==>ACT: Init\n==>OBSERVATION: Kitchen\n');
    assert.deepEqual(await pushesSoFar(), [{ folder: null, game: untitled, changed: [untitled], version: 1 }]);
  });
});
