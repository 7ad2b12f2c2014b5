// Standalone benchmark files through the real server: an open SmartPlay episode log is validated
// on open and after edits, and Validate Workspace reads the ones on disk.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateWorkspaceResult } from '../../src/protocol/requests';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

describe('language server: standalone files', () => {
  let client: TestLspClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-standalone-'));
    cpSync(join(samplesDir, 'smartplay'), join(workspace, 'smartplay'), { recursive: true });
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('validates an open episode log, and again after an edit breaks a step', async () => {
    const path = join(workspace, 'smartplay', 'hanoi3-solver.episode.jsonl');
    const uri = pathToFileURL(path).toString();
    const text = readFileSync(path, 'utf8');
    const clean = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'jsonl', version: 1, text } });
    assert.deepEqual((await clean).diagnostics, []);
    const lines = text.split('\n');
    const broken = client.nextDiagnostics(uri, (published) => published.diagnostics.length > 0);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: lines[2].length } }, text: '{"kind": "step",' }],
    });
    const { diagnostics } = await broken;
    assert.ok(diagnostics.some((diagnostic) => diagnostic.range.start.line === 2 && diagnostic.code === 'json/syntax'), JSON.stringify(diagnostics));
  });

  it('counts episode logs on disk in Validate Workspace', async () => {
    const result = (await client.connection.sendRequest('waypoint/validateWorkspace', { maxFileSizeBytes: 64 * 1048576 })) as ValidateWorkspaceResult;
    assert.equal(result.files, 2);
    assert.equal(result.errors, 0);
  });
});
