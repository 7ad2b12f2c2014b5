// Cross-file checks through the real server: an edit in one file of a game updates the others.
import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { TestLspClient } from '../support/lspClient';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

describe('language server: MANGO game folders', () => {
  let client: TestLspClient;
  let gameDir: string;
  const uri = (suffix: string) => pathToFileURL(join(gameDir, `lighthouse${suffix}`)).toString();

  before(async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'waypoint-game-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    gameDir = join(workspace, 'lighthouse');
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('reports cross-file problems in an open edges.json but leaves JSON syntax to VS Code', async () => {
    const edges = JSON.parse(readFileSync(join(gameDir, 'lighthouse.edges.json'), 'utf8')) as EdgeRecord[];
    edges[0].dst_node = 'attic';
    const published = client.nextDiagnostics(uri('.edges.json'));
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri('.edges.json'), languageId: 'json', version: 1, text: JSON.stringify(edges, null, 1) },
    });
    const { diagnostics } = await published;
    // Sending harbour road's north edge to 'attic' also contradicts the naive reverse of the edge back.
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['mango/imputation-conflict', 'mango/unknown-location']);

    const broken = client.nextDiagnostics(uri('.edges.json'), (p) => p.version === 2);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri('.edges.json'), version: 2 },
      contentChanges: [{ text: '[{"src_node": ' }],
    });
    assert.deepEqual((await broken).diagnostics, [], "syntax errors in open JSON come from VS Code's JSON service");
  });

  it('checks a 4 MB skeleton file in slices while answering other requests', async function () {
    const omniquest = join(sharedDataDir, 'mango', 'omniquest');
    if (!existsSync(omniquest)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const copy = join(gameDir, '..', 'omniquest');
    cpSync(omniquest, copy, { recursive: true });
    const skeletonUri = pathToFileURL(join(copy, 'omniquest.all2all.jsonl')).toString();
    const text = readFileSync(join(copy, 'omniquest.all2all.jsonl'), 'utf8');
    // The first partial result (published without a version) says the check is under way; a
    // request sent then must be answered before the check ends (its final, versioned result).
    // How fast it is answered is measured by `npm run bench` (bench/serverLatency.ts).
    const underWay = client.nextDiagnostics(skeletonUri, (p) => p.version === undefined);
    let checked = false;
    const done = client
      .nextDiagnostics(skeletonUri, (p) => p.version === 1)
      .then((published) => {
        checked = true;
        return published;
      });
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: skeletonUri, languageId: 'jsonl', version: 1, text },
    });
    await underWay;
    await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri('.walkthrough') } });
    assert.equal(checked, false, 'a request sent during validation was answered only after it');
    const { diagnostics } = await done;
    assert.deepEqual(diagnostics, [], 'the upstream skeletons agree with their edges');
    assert.ok(
      client.published.filter((p) => p.uri === skeletonUri).length > 1,
      'partial results were shown as they came',
    );
  });

  it('updates the walkthrough when an edit to edges.json removes a move', async () => {
    const edges = (JSON.parse(readFileSync(join(gameDir, 'lighthouse.edges.json'), 'utf8')) as EdgeRecord[]).filter(
      (edge) => edge.seen_in_forward !== 7 && edge.seen_in_reversed !== 7,
    );
    const walkthrough = client.nextDiagnostics(uri('.walkthrough'), (p) =>
      p.diagnostics.some((d) => d.code === 'mango/unannotated-move'),
    );
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri('.edges.json'), version: 3 },
      contentChanges: [{ text: JSON.stringify(edges) }],
    });
    const { diagnostics } = await walkthrough;
    const move = diagnostics.find((d) => d.code === 'mango/unannotated-move');
    assert.equal(move?.severity, 3);
    assert.match(move?.message ?? '', /Step 7 seems to move from 'fish market' to 'chapel ruins'/);
  });
});
