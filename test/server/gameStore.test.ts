// The server's game store: requests share one read and parse of each game file, and what they see
// follows edits in open editors and changes on disk (reported by a watcher or not).
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import type { MazeGraph } from '../../src/protocol/maze';
import { TestLspClient } from '../support/lspClient';
import { repoRoot, samplesDir } from '../support/paths';

function copyGame(): string {
  const workspace = mkdtempSync(join(tmpdir(), 'waypoint-store-'));
  cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
  return workspace;
}

describe('language server: the game store', () => {
  it('reads each game file once over a session of typical requests', async () => {
    const workspace = copyGame();
    const gameDir = join(workspace, 'lighthouse');
    const uri = (suffix: string) => pathToFileURL(join(gameDir, `lighthouse${suffix}`)).toString();
    const log = join(workspace, 'reads.log');
    writeFileSync(log, '');
    const client = new TestLspClient({
      nodeArgs: ['--require', join(repoRoot, 'test/support/countReads.cjs')],
      env: { WAYPOINT_READ_LOG: log },
    });
    try {
      await client.initialize(workspace);
      const walkthrough = uri('.walkthrough');
      const opened = client.nextDiagnostics(walkthrough);
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: {
          uri: walkthrough,
          languageId: 'mango-walkthrough',
          version: 1,
          text: readFileSync(join(gameDir, 'lighthouse.walkthrough'), 'utf8'),
        },
      });
      await opened;
      await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: walkthrough } });
      await client.connection.sendRequest('textDocument/inlayHint', {
        textDocument: { uri: walkthrough },
        range: { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } },
      });
      await client.connection.sendRequest('waypoint/mazeGraph', { uri: walkthrough, extraPairs: [] });
      await client.connection.sendRequest('waypoint/cutoffStats', { uri: walkthrough, cutoff: 70 });
      const locations = uri('.locations.json');
      const locationsOpened = client.nextDiagnostics(locations);
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: {
          uri: locations,
          languageId: 'json',
          version: 1,
          text: readFileSync(join(gameDir, 'lighthouse.locations.json'), 'utf8'),
        },
      });
      await locationsOpened;
      const hover = await client.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: locations },
        position: { line: 1, character: 8 },
      });
      assert.ok(hover, 'the hover found the location');
      await client.connection.sendRequest('textDocument/completion', {
        textDocument: { uri: locations },
        position: { line: 2, character: 8 },
      });
      await client.connection.sendRequest('waypoint/listQuestions', {
        uri: walkthrough,
        task: 'df',
        cutoff: 70,
        limit: 50,
      });
      await client.connection.sendRequest('waypoint/mazeGraph', { uri: walkthrough, extraPairs: [] });

      const lines = readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.includes(gameDir));
      const reads = (suffix: string) =>
        lines.filter((line) => line === `read ${join(gameDir, `lighthouse${suffix}`)}`).length;
      const total = lines.filter((line) => line.startsWith('read ')).length;
      console.log(
        `      ${total} file reads, ${lines.length - total} stats (edges.json read ${reads('.edges.json')}×, actions.json ${reads('.actions.json')}×)`,
      );
      // Open files are never read; each closed game file is read once and then served from the store
      // (locations.json while it was still closed). Skeleton files are read by their own checks.
      assert.equal(reads('.walkthrough'), 0);
      assert.equal(reads('.locations.json'), 1);
      assert.equal(reads('.edges.json'), 1);
      assert.equal(reads('.actions.json'), 1);
    } finally {
      await client.dispose();
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  describe('invalidation', () => {
    let client: TestLspClient;
    let workspace: string;
    let gameDir: string;
    const uri = (suffix: string) => pathToFileURL(join(gameDir, `lighthouse${suffix}`)).toString();
    const edgesPath = () => join(gameDir, 'lighthouse.edges.json');
    const mazeGraph = () =>
      client.connection.sendRequest<MazeGraph | null>('waypoint/mazeGraph', {
        uri: uri('.walkthrough'),
        extraPairs: [],
      });
    const actionOf = async (id: string) => (await mazeGraph())?.edges.find((edge) => edge.id === id)?.action;

    before(async () => {
      workspace = copyGame();
      gameDir = join(workspace, 'lighthouse');
      client = new TestLspClient();
      await client.initialize(workspace);
    });
    after(async () => {
      await client.dispose();
      rmSync(workspace, { recursive: true, force: true });
    });

    it('follows edits of an open edges.json, and the disk file again once it is closed', async () => {
      assert.equal(await actionOf('0'), 'north');
      const edges = JSON.parse(readFileSync(edgesPath(), 'utf8')) as EdgeRecord[];
      edges[0].action = 'northward';
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri('.edges.json'), languageId: 'json', version: 1, text: JSON.stringify(edges, null, 1) },
      });
      assert.equal(await actionOf('0'), 'northward');
      edges[0].action = 'up north';
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri('.edges.json'), version: 2 },
        contentChanges: [{ text: JSON.stringify(edges, null, 1) }],
      });
      assert.equal(await actionOf('0'), 'up north');
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri('.edges.json') } });
      assert.equal(await actionOf('0'), 'north');
      // Reopened, a document starts at version 1 again: its new text still counts.
      edges[0].action = 'reopened';
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri('.edges.json'), languageId: 'json', version: 1, text: JSON.stringify(edges, null, 1) },
      });
      assert.equal(await actionOf('0'), 'reopened');
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri('.edges.json') } });
    });

    it('sees a closed file changed on disk, with or without a watcher event', async () => {
      const original = readFileSync(edgesPath(), 'utf8');
      assert.equal(await actionOf('0'), 'north');
      // No notification at all: the store notices the new mtime and size itself.
      writeFileSync(edgesPath(), original.replace('"action": "north"', '"action": "south-west"'));
      assert.equal(await actionOf('0'), 'south-west');
      // Same size and the same mtime as before: only the watcher's event can tell, and it does.
      const { mtime } = statSync(edgesPath());
      writeFileSync(edgesPath(), original.replace('"action": "north"', '"action": "north-east"'));
      utimesSync(edgesPath(), mtime, mtime);
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: uri('.edges.json'), type: 2 }],
      });
      assert.equal(await actionOf('0'), 'north-east');
      // A member that appears or disappears changes the game too.
      rmSync(edgesPath());
      assert.equal(await mazeGraph(), null);
      writeFileSync(edgesPath(), original);
      assert.equal(await actionOf('0'), 'north');
    });
  });
});
