// Annotating moves through the real server: suggestions, the edits it computes, hints and lenses.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { MarkMoveRequest, MoveSuggestionRequest, UnmarkMoveRequest } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';

interface DocumentChange {
  kind?: string;
  uri?: string;
  textDocument?: { uri: string };
  edits?: Array<{
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    newText: string;
  }>;
}

describe('language server: annotating moves', () => {
  let client: TestLspClient;
  let workspace: string;
  const walkthroughText = readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), 'utf8');
  const lineOf = (needle: string) => walkthroughText.split('\n').indexOf(needle);

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-annotate-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    mkdirSync(join(workspace, 'fresh'));
    writeFileSync(join(workspace, 'fresh', 'fresh.walkthrough'), walkthroughText);
    client = new TestLspClient();
    await client.initialize(workspace);
    for (const game of ['lighthouse', 'fresh']) {
      const uri = pathToFileURL(join(workspace, game, `${game}.walkthrough`)).toString();
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'mango-walkthrough', version: 1, text: walkthroughText },
      });
    }
  });
  after(() => client.dispose());

  const uriOf = (game: string, suffix: string) => pathToFileURL(join(workspace, game, `${game}${suffix}`)).toString();

  it('suggests the source, action and destination of a step', async () => {
    const suggestion = await client.request(MoveSuggestionRequest, {
      uri: uriOf('lighthouse', '.walkthrough'),
      line: lineOf('==>STEP NUM: 7') + 2,
    });
    assert.ok(suggestion, 'the server answered null');
    assert.equal(suggestion.step, 7);
    assert.equal(suggestion.action, 'northwest');
    assert.equal(suggestion.source, 'fish market');
    assert.equal(suggestion.destination, 'chapel ruins');
    assert.deepEqual(suggestion.annotated, [
      { source: 'fish market', action: 'northwest', destination: 'chapel ruins' },
    ]);
    assert.equal(suggestion.locations.length, 13);
  });

  it('unmarks a move, keeping edges that are also known by reversal', async () => {
    const result = await client.request(UnmarkMoveRequest, { uri: uriOf('lighthouse', '.walkthrough'), step: 7 });
    const changes = (result.edit as { documentChanges: DocumentChange[] }).documentChanges;
    assert.equal(changes.length, 1);
    const before = readFileSync(join(workspace, 'lighthouse', 'lighthouse.edges.json'), 'utf8');
    const after = JSON.parse(applyTextEdits(before, changes[0].edits ?? [])) as EdgeRecord[];
    const forward = after.find((edge) => edge.src_node === 'fish market' && edge.action === 'northwest');
    assert.deepEqual([forward?.seen_in_forward, forward?.seen_in_reversed, forward?.edge_min_step], [9999, 9, 9]);
    const reverse = after.find((edge) => edge.src_node === 'chapel ruins');
    assert.deepEqual([reverse?.seen_in_forward, reverse?.seen_in_reversed, reverse?.edge_min_step], [9, 9999, 9]);
    assert.equal(after.length, 25);
  });

  it('marks a move in a game with no edges file by creating the files', async () => {
    const result = await client.request(MarkMoveRequest, {
      uri: uriOf('fresh', '.walkthrough'),
      step: 2,
      source: 'Harbour Road',
      action: 'North',
      destination: 'fish market',
    });
    const changes = (result.edit as { documentChanges: DocumentChange[] }).documentChanges;
    const created = changes.filter((change) => change.kind === 'create').map((change) => change.uri);
    assert.deepEqual(
      created.sort(),
      [uriOf('fresh', '.actions.json'), uriOf('fresh', '.edges.json'), uriOf('fresh', '.locations.json')].sort(),
    );
    const edgesEdit = changes.find((change) => change.textDocument?.uri === uriOf('fresh', '.edges.json'));
    const edges = JSON.parse(applyTextEdits('', edgesEdit?.edits ?? [])) as EdgeRecord[];
    assert.deepEqual(edges, [
      {
        src_node: 'harbour road',
        dst_node: 'fish market',
        action: 'north',
        seen_in_forward: 2,
        seen_in_reversed: 9999,
        edge_min_step: 2,
        seen_in_forward_answerable: 2,
        seen_in_reversed_answerable: 9999,
        edge_min_step_answerable: 2,
      },
    ]);
  });

  it('records the reversal on the opposite edge when marking a directional move', async () => {
    const walkthrough = uriOf('lighthouse', '.walkthrough');
    const edgesPath = join(workspace, 'lighthouse', 'lighthouse.edges.json');
    const original = JSON.parse(readFileSync(edgesPath, 'utf8')) as EdgeRecord[];
    writeFileSync(
      edgesPath,
      JSON.stringify(
        original.filter((edge) => !(edge.src_node === 'net loft' && edge.action === 'down')),
        null,
        4,
      ),
    );
    const result = await client.request(MarkMoveRequest, {
      uri: walkthrough,
      step: 6,
      source: 'net loft',
      action: 'd',
      destination: 'fish market',
    });
    const [edit] = (result.edit as { documentChanges: DocumentChange[] }).documentChanges;
    const after = JSON.parse(applyTextEdits(readFileSync(edgesPath, 'utf8'), edit.edits ?? [])) as EdgeRecord[];
    const added = after.find((edge) => edge.src_node === 'net loft' && edge.action === 'down');
    assert.deepEqual(
      [added?.seen_in_forward, added?.seen_in_reversed],
      [6, 4],
      'the up move at step 4, reversed, already gave this edge',
    );
    const up = after.find((edge) => edge.src_node === 'fish market' && edge.action === 'up');
    assert.equal(up?.seen_in_reversed, 6);
    writeFileSync(edgesPath, JSON.stringify(original, null, 4));
  });

  it('shows annotated moves as inlay hints and offers lenses', async () => {
    const uri = uriOf('lighthouse', '.walkthrough');
    const hints = (await client.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 400, character: 0 } },
    })) as Array<{ label: string; position: { line: number } }>;
    const northHint = hints.find((hint) => hint.position.line === lineOf('==>STEP NUM: 2') + 1);
    assert.equal(northHint?.label, 'harbour road —north→ fish market');
    const lenses = (await client.connection.sendRequest('textDocument/codeLens', {
      textDocument: { uri: uriOf('fresh', '.walkthrough') },
    })) as Array<{ command: { title: string } }>;
    assert.ok(lenses.length >= 20);
    assert.ok(lenses.every((lens) => lens.command.title === 'Mark step as move'));
  });
});
