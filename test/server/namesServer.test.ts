// Location and action names across a game's files, through the real server.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';

describe('language server: location and action names', () => {
  let client: TestLspClient;
  let gameDir: string;
  let edgesText: string;
  const uri = (suffix: string) => pathToFileURL(join(gameDir, `lighthouse${suffix}`)).toString();
  /** Position inside the n-th occurrence of a quoted value in edges.json. */
  const positionOf = (text: string, quoted: string, nth = 0) => {
    let offset = -1;
    for (let index = 0; index <= nth; index++) offset = text.indexOf(quoted, offset + 1);
    const before = text.slice(0, offset + 2);
    const lines = before.split('\n');
    return { line: lines.length - 1, character: lines[lines.length - 1].length };
  };

  before(async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'waypoint-names-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    gameDir = join(workspace, 'lighthouse');
    client = new TestLspClient();
    await client.initialize(workspace);
    edgesText = readFileSync(join(gameDir, 'lighthouse.edges.json'), 'utf8');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri('.edges.json'), languageId: 'json', version: 1, text: edgesText },
    });
  });
  after(() => client.dispose());

  it('completes location names inside src_node values', async () => {
    const items = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri('.edges.json') },
      position: positionOf(edgesText, '"harbour road"'),
    })) as Array<{ label: string; detail: string }>;
    assert.equal(items.length, 13);
    assert.ok(items.some((item) => item.label === "keeper's cottage" && item.detail === 'location'));
  });

  it('completes action names inside action values', async () => {
    const items = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri('.edges.json') },
      position: positionOf(edgesText, '"north"'),
    })) as Array<{ label: string }>;
    assert.ok(items.some((item) => item.label === 'row to island'));
    assert.ok(!items.some((item) => item.label === 'quay'));
  });

  it('hovers a location with the step that first reaches it and its description', async () => {
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('.edges.json') },
      position: positionOf(edgesText, '"fish market"'),
    })) as { contents: { value: string } };
    assert.match(hover.contents.value, /\*\*fish market\*\* \(location\)/);
    assert.match(hover.contents.value, /First reached at step 2 \(north from harbour road\)/);
    assert.match(hover.contents.value, /```text\nFish Market\nTrestle tables sag/);
  });

  it('goes to the walkthrough step where a location is first reached', async () => {
    const location = (await client.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: uri('.edges.json') },
      position: positionOf(edgesText, '"lamp room"'),
    })) as { uri: string; range: { start: { line: number } } };
    assert.equal(location.uri, uri('.walkthrough'));
    const walkthrough = readFileSync(join(gameDir, 'lighthouse.walkthrough'), 'utf8').split('\n');
    assert.equal(walkthrough[location.range.start.line], '==>STEP NUM: 31');
  });

  it('finds every reference to a location across the game files', async () => {
    const references = (await client.connection.sendRequest('textDocument/references', {
      textDocument: { uri: uri('.edges.json') },
      position: positionOf(edgesText, '"quay"'),
      context: { includeDeclaration: true },
    })) as Array<{ uri: string }>;
    const inEdges = references.filter((reference) => reference.uri === uri('.edges.json')).length;
    assert.equal(inEdges, (edgesText.match(/"quay"/g) ?? []).length);
    assert.equal(references.filter((reference) => reference.uri === uri('.locations.json')).length, 1);
  });

  it('renames a location in every file, and refuses a name that is taken', async () => {
    const position = positionOf(edgesText, '"quay"');
    await assert.rejects(
      client.connection.sendRequest('textDocument/rename', {
        textDocument: { uri: uri('.edges.json') },
        position,
        newName: 'Fish Market',
      }),
      /already a location named 'fish market'/,
    );
    const edit = (await client.connection.sendRequest('textDocument/rename', {
      textDocument: { uri: uri('.edges.json') },
      position,
      newName: 'Harbour Quay',
    })) as {
      changes: Record<
        string,
        Array<{
          range: { start: { line: number; character: number }; end: { line: number; character: number } };
          newText: string;
        }>
      >;
    };
    const renamedEdges = applyTextEdits(edgesText, edit.changes[uri('.edges.json')]);
    assert.ok(!renamedEdges.includes('"quay"'));
    assert.equal((renamedEdges.match(/"harbour quay"/g) ?? []).length, (edgesText.match(/"quay"/g) ?? []).length);
    const locations = JSON.parse(
      applyTextEdits(
        readFileSync(join(gameDir, 'lighthouse.locations.json'), 'utf8'),
        edit.changes[uri('.locations.json')],
      ),
    ) as string[];
    assert.ok(locations.includes('harbour quay') && !locations.includes('quay'));
  });
});
