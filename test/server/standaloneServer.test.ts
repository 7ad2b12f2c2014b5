// Standalone benchmark files through the real server: an open SmartPlay episode log is validated
// on open and after edits, Validate Workspace reads the ones on disk, and the question lenses of
// levels, records, grids and response files carry what the extension's commands need.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ValidateWorkspaceRequest } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

describe('language server: standalone files', () => {
  let client: TestLspClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-standalone-'));
    cpSync(join(samplesDir, 'smartplay'), join(workspace, 'smartplay'), { recursive: true });
    cpSync(join(samplesDir, 'babyai'), join(workspace, 'babyai'), { recursive: true });
    cpSync(join(samplesDir, 'grasp'), join(workspace, 'grasp'), { recursive: true });
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('validates an open episode log, and again after an edit breaks a step', async () => {
    const path = join(workspace, 'smartplay', 'hanoi3-solver.episode.jsonl');
    const uri = pathToFileURL(path).toString();
    const text = readFileSync(path, 'utf8');
    const clean = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'jsonl', version: 1, text },
    });
    assert.deepEqual((await clean).diagnostics, []);
    const lines = text.split('\n');
    const broken = client.nextDiagnostics(uri, (published) => published.diagnostics.length > 0);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        {
          range: { start: { line: 2, character: 0 }, end: { line: 2, character: lines[2].length } },
          text: '{"kind": "step",',
        },
      ],
    });
    const { diagnostics } = await broken;
    assert.ok(
      diagnostics.some((diagnostic) => diagnostic.range.start.line === 2 && diagnostic.code === 'json/syntax'),
      JSON.stringify(diagnostics),
    );
  });

  it('counts standalone files on disk in Validate Workspace', async () => {
    const result = await client.request(ValidateWorkspaceRequest, { maxFileSizeBytes: 64 * 1048576 });
    // 2 episode logs, 4 levels, 1 record file, 3 grid files, 1 response file.
    assert.equal(result.files, 11);
    assert.equal(result.errors, 0);
  });

  async function lensesOf(relativePath: string): Promise<
    Array<{
      range: { start: { line: number } };
      command: { title: string; command: string; arguments: Array<Record<string, unknown>> };
    }>
  > {
    const path = join(workspace, relativePath);
    const uri = pathToFileURL(path).toString();
    const opened = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'json', version: 1, text: readFileSync(path, 'utf8') },
    });
    await opened;
    return client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  }

  it('puts the three BabyAI tasks above a level and one lens above each record', async () => {
    const level = await lensesOf('babyai/goto-red-ball.level.json');
    assert.deepEqual(
      level.map((lens) => [lens.command.title, lens.command.command, lens.command.arguments[0].task]),
      [
        ['▶ Plan', 'waypoint.runBabyaiQuestion', 'plan'],
        ['▶ Predict', 'waypoint.runBabyaiQuestion', 'predict'],
        ['▶ Decompose', 'waypoint.runBabyaiQuestion', 'decompose'],
        ['Show Board', 'waypoint.showBoard', undefined],
      ],
    );
    const records = await lensesOf('babyai/llm-babybench-sample.jsonl');
    assert.deepEqual(
      records.map((lens) => [lens.range.start.line, lens.command.arguments[0].record]),
      [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    );
  });

  it('puts a run lens above each GRASP grid and a score lens above each response row', async () => {
    const grids = await lensesOf('grasp/outer_spiral_block.jsonl');
    assert.deepEqual(
      grids.map((lens) => lens.command.arguments[0].index),
      [0, 1, 2, 3, 4],
    );
    const responses = await lensesOf('grasp/results/waypoint_sample_output.jsonl');
    assert.ok(responses.length > 0);
    assert.deepEqual(
      responses.map((lens) => lens.command.arguments[0].line),
      responses.map((lens) => lens.range.start.line),
    );
    assert.match(responses[0].command.title, /^▶ Score and step · inner_cluster_free\.jsonl #0 · /);
  });
});
