// Files the server cannot read from disk (here: over the size cap) are reported on the file, not
// taken as absent or clean: each test failed before, when the read error was swallowed.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

/** Over the default 64 MB cap without writing 65 MB: a sparse file. */
const OVER_CAP_BYTES = 65 * 1048576;

describe('language server: files it cannot read', () => {
  let client: TestLspClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-unreadable-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('shows a game member over the size cap as not checked instead of as a clean, absent file', async () => {
    const edgesPath = join(workspace, 'lighthouse', 'lighthouse.edges.json');
    truncateSync(edgesPath, OVER_CAP_BYTES);
    const walkthroughUri = pathToFileURL(join(workspace, 'lighthouse', 'lighthouse.walkthrough')).toString();
    const edges = client.nextDiagnostics(pathToFileURL(edgesPath).toString());
    const text = readFileSync(join(workspace, 'lighthouse', 'lighthouse.walkthrough'), 'utf8');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: walkthroughUri, languageId: 'mango-walkthrough', version: 1, text },
    });
    const { diagnostics } = await edges;
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.message]),
      [['file/too-large', 2, 'Not checked: file is 65 MB, over the 64 MB limit.']],
    );
  });

  it('shows a closed standalone file over the size cap as not checked instead of clearing it', async () => {
    const levelPath = join(workspace, 'big.level.json');
    writeFileSync(levelPath, '{}');
    const uri = pathToFileURL(levelPath).toString();
    const opened = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'json', version: 1, text: '{}' },
    });
    await opened;
    truncateSync(levelPath, OVER_CAP_BYTES);
    const closed = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    const { diagnostics } = await closed;
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['file/too-large'],
    );
  });
});
