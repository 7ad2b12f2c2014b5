// The board's live BabyAI level comes from the server (waypoint/gridState, through BabyAI's liveBoard
// hook): the scene of the open document's text as edited, the file on disk otherwise, and null while
// the file has errors or is of no kind drawn live.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GridStateRequest } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

describe('language server: waypoint/gridState', () => {
  let client: TestLspClient;
  let workspace: string;
  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-grid-'));
    cpSync(join(samplesDir, 'babyai/goto-red-ball.level.json'), join(workspace, 'goto.level.json'));
    client = new TestLspClient();
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
});
