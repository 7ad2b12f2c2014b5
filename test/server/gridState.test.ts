// The board's live BabyAI level comes from the server (waypoint/gridState, through BabyAI's liveBoard
// hook): the scene of the open document's text as edited, the file on disk otherwise, and null while
// the file has errors or is of no kind drawn live. Once an edit of such a file settles, the server
// pushes waypoint/gridStateChanged, on which the board asks again (it keeps no timer of its own).
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GridStateChangedNotification, type GridStateChangedParams, GridStateRequest } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

describe('language server: waypoint/gridState', () => {
  let client: TestLspClient;
  let workspace: string;
  const pushes: GridStateChangedParams[] = [];
  let waiter: { uri: string; resolve: () => void } | undefined;
  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-grid-'));
    cpSync(join(samplesDir, 'babyai/goto-red-ball.level.json'), join(workspace, 'goto.level.json'));
    for (const name of ['put-next.level.json', 'four-rooms-sequence.level.json', 'llm-babybench-sample.jsonl'])
      cpSync(join(samplesDir, 'babyai', name), join(workspace, name));
    cpSync(join(samplesDir, 'smartplay/hanoi3-solver.episode.jsonl'), join(workspace, 'hanoi3-solver.episode.jsonl'));
    client = new TestLspClient();
    client.onNotification(GridStateChangedNotification, (push) => {
      pushes.push(push);
      if (waiter?.uri === push.uri) {
        waiter.resolve();
        waiter = undefined;
      }
    });
    await client.initialize(workspace);
  });
  after(async () => {
    await client.dispose();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('draws the level from disk, then from the open document as it is edited', async () => {
    const uri = pathToFileURL(join(workspace, 'goto.level.json')).toString();
    const state = (target = uri) => client.request(GridStateRequest, { uri: target });
    const fromDisk = await state();
    assert.equal(fromDisk.version, null);
    const grid = (result: typeof fromDisk) => (result.scene?.kind === 'grid' ? result.scene : null);
    assert.equal(grid(fromDisk)?.mission, 'go to the red ball');
    assert.deepEqual([grid(fromDisk)?.agent?.x, grid(fromDisk)?.agent?.y], [2, 2]);

    const text = readFileSync(join(workspace, 'goto.level.json'), 'utf8');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'json', version: 1, text: text.replace('"pos": [2, 2]', '"pos": [3, 3]') },
    });
    const opened = await state();
    assert.equal(opened.version, 1);
    assert.deepEqual([grid(opened)?.agent?.x, grid(opened)?.agent?.y], [3, 3]);

    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: '{ "width": ' }],
    });
    assert.deepEqual(
      await state(),
      { version: 2, scene: null },
      'a broken level draws nothing (its errors are in Problems)',
    );

    assert.deepEqual(
      await state(pathToFileURL(join(workspace, 'other.json')).toString()),
      { version: null, scene: null },
      'not a level file',
    );
    assert.deepEqual(
      await state(pathToFileURL(join(workspace, 'llm-babybench-sample.jsonl')).toString()),
      { version: null, scene: null },
      'a record file is drawn at the cursor, not live',
    );
  });

  it('pushes gridStateChanged once per burst of edits, for files drawn live only', async () => {
    const uriOf = (name: string) => pathToFileURL(join(workspace, name)).toString();
    const textOf = (name: string) => readFileSync(join(workspace, name), 'utf8');
    const send = (method: string, params: unknown) => client.connection.sendNotification(method, params);
    const open = (name: string, languageId = 'json') =>
      send('textDocument/didOpen', { textDocument: { uri: uriOf(name), languageId, version: 1, text: textOf(name) } });
    const edit = (name: string, version: number, text: string) =>
      send('textDocument/didChange', { textDocument: { uri: uriOf(name), version }, contentChanges: [{ text }] });
    // The barrier: an edit of another level, whose push comes after any push still owed for earlier
    // edits (every file settles with the same pause). Returns what came before it.
    const barrier = 'four-rooms-sequence.level.json';
    let barrierVersion = 1;
    const pushesSoFar = async (): Promise<GridStateChangedParams[]> => {
      const arrived = new Promise<void>((resolve) => {
        waiter = { uri: uriOf(barrier), resolve };
      });
      await edit(barrier, ++barrierVersion, `${textOf(barrier)}${' '.repeat(barrierVersion)}`);
      await arrived;
      const seen = pushes.splice(0);
      assert.deepEqual(seen.pop(), { uri: uriOf(barrier), version: barrierVersion }, 'the barrier push comes last');
      return seen;
    };

    await Promise.all([
      open('put-next.level.json'),
      open(barrier),
      open('llm-babybench-sample.jsonl', 'jsonl'),
      open('hanoi3-solver.episode.jsonl', 'jsonl'),
    ]);
    // The test above left an edit of goto.level.json, whose push may come before the barrier's.
    assert.deepEqual(
      (await pushesSoFar()).filter((push) => push.uri !== uriOf('goto.level.json')),
      [],
      'opening pushes nothing',
    );

    const level = textOf('put-next.level.json');
    await edit('put-next.level.json', 2, `${level}\n`);
    assert.deepEqual(await pushesSoFar(), [{ uri: uriOf('put-next.level.json'), version: 2 }]);

    // Sent back to back, as keystrokes are: one push, for the last version.
    await Promise.all(
      [3, 4, 5, 6].map((version) => edit('put-next.level.json', version, `${level}${'\n'.repeat(version)}`)),
    );
    assert.deepEqual(await pushesSoFar(), [{ uri: uriOf('put-next.level.json'), version: 6 }]);
    assert.equal(
      (await client.request(GridStateRequest, { uri: uriOf('put-next.level.json') })).version,
      6,
      'a board that asks on the push gets the edit',
    );

    // Standalone files the board does not draw live (records drawn at the cursor, episode logs) push nothing.
    await edit('llm-babybench-sample.jsonl', 2, `${textOf('llm-babybench-sample.jsonl')}\n`);
    await edit('hanoi3-solver.episode.jsonl', 2, `${textOf('hanoi3-solver.episode.jsonl')}\n`);
    assert.deepEqual(await pushesSoFar(), []);
  });
});
