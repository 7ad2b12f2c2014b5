// The real language server process, spoken to over LSP as VS Code would.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { ValidateWorkspaceRequest, WalkthroughStepsRequest } from '../../src/protocol/lsp';

const brokenPath = join(samplesDir, 'mango/broken/lighthouse-typos.walkthrough');
const brokenUri = pathToFileURL(brokenPath).toString();
const goodPath = join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough');
const goodUri = pathToFileURL(goodPath).toString();

describe('language server: walkthroughs', () => {
  let client: TestLspClient;

  before(async () => {
    client = new TestLspClient();
    const result = (await client.initialize(samplesDir)) as { capabilities: Record<string, unknown> };
    assert.ok(result.capabilities.documentSymbolProvider);
    assert.ok(result.capabilities.foldingRangeProvider);
  });

  after(() => client.dispose());

  it('publishes located diagnostics when a broken walkthrough opens', async () => {
    const published = client.nextDiagnostics(brokenUri);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: brokenUri,
        languageId: 'mango-walkthrough',
        version: 1,
        text: readFileSync(brokenPath, 'utf8'),
      },
    });
    const { diagnostics, version } = await published;
    assert.equal(version, 1);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      [
        'walkthrough/act-missing',
        'walkthrough/step-sequence',
        'walkthrough/separator-malformed',
        'walkthrough/step-duplicate',
      ],
    );
    const sequence = diagnostics[1];
    assert.equal(sequence.severity, 1);
    assert.deepEqual(sequence.range, { start: { line: 38, character: 13 }, end: { line: 38, character: 14 } });
  });

  it('re-validates after an incremental edit that fixes the step number', async () => {
    const published = client.nextDiagnostics(brokenUri, (p) => p.version === 2);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: brokenUri, version: 2 },
      contentChanges: [{ range: { start: { line: 38, character: 13 }, end: { line: 38, character: 14 } }, text: '6' }],
    });
    const { diagnostics } = await published;
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['walkthrough/act-missing', 'walkthrough/separator-malformed'],
    );
  });

  it('answers document symbols as an outline of steps', async () => {
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: goodUri, languageId: 'mango-walkthrough', version: 1, text: readFileSync(goodPath, 'utf8') },
    });
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: goodUri },
    })) as Array<{ name: string; selectionRange: { start: { line: number } } }>;
    assert.equal(symbols.length, 40);
    assert.equal(symbols[2].name, '2 · north → Fish Market');
    assert.equal(symbols[3].name, '3 · buy herring');
    assert.equal(symbols[2].selectionRange.start.line, 17);
  });

  it('answers folding ranges, one per step', async () => {
    const ranges = (await client.connection.sendRequest('textDocument/foldingRange', {
      textDocument: { uri: goodUri },
    })) as Array<{ startLine: number; endLine: number }>;
    assert.equal(ranges.length, 40);
    assert.deepEqual(ranges[0], { startLine: 0, endLine: 8, kind: 'region' });
  });

  it('answers the custom steps request for views', async () => {
    const result = await client.request(WalkthroughStepsRequest, { uri: goodUri });
    assert.ok(result, 'the server answered null');
    assert.equal(result.steps.length, 40);
    assert.deepEqual(result.steps[39], {
      number: 39,
      action: 'give herring to cat',
      location: null,
      line: result.steps[39].line,
    });
  });

  it('validates files on disk that no editor has open', async () => {
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: brokenUri } });
    const published = client.nextDiagnostics(brokenUri, (p) => p.diagnostics.length === 4 && p.version === undefined);
    const result = await client.request(ValidateWorkspaceRequest, { maxFileSizeBytes: 1 << 26 });
    assert.deepEqual(result, { files: 21, errors: 7, warnings: 2, skipped: [], cancelled: false });
    await published;
  });

  it('stays up and answers after a huge, broken edit', async () => {
    const uri = 'untitled:huge.walkthrough';
    const garbage = '===========\n==>STEP NUM: x\n'.repeat(200000);
    const published = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mango-walkthrough', version: 1, text: garbage },
    });
    const { diagnostics } = await published;
    assert.equal(diagnostics.length, 1001, '1,000 problems and one line saying how many more');
    assert.match(diagnostics[1000].message, /more problems/);
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: goodUri },
    })) as unknown[];
    assert.equal(symbols.length, 40);
  });
});
