// A benchmark added through the registry alone (test/fixtures/toy/benchmark.ts, registered here and
// nowhere else) is recognised by name and validated with located diagnostics by the same host code
// the CLI and the language server run: `waypoint validate`, the server's open documents and its
// workspace scan. No host file names the toy benchmark.
import { strict as assert } from 'node:assert';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { runValidate } from '../../src/cli/validate';
import { benchmarks, fileKindOf, registerBenchmark } from '../../src/core/benchmarks';
import { standaloneKindOf, validateStandalone } from '../../src/core/standaloneValidation';
import type { Diagnostic } from '../../src/core/text';
import { DocumentStore } from '../../src/server/documents';
import { StandaloneDocuments } from '../../src/server/standaloneDocuments';
import { validateWorkspace } from '../../src/server/workspaceValidation';
import { TOY_KIND, toyBenchmark } from '../fixtures/toy/benchmark';
import { repoRoot } from '../support/paths';

// Each bundled test file has its own registry, so this registration stays inside this file.
registerBenchmark(toyBenchmark);

const toyData = join(repoRoot, 'test', 'fixtures', 'toy', 'data');
const broken = join(toyData, 'broken.toy.json');
// broken.toy.json: line 4 is `  "goal": 7`, the value at columns 11-12 (1-based).
const goalRange = { start: { line: 3, character: 10 }, end: { line: 3, character: 11 } };

/** A connection that records what the server publishes. */
function recordingConnection(): { connection: Connection; published: Array<{ uri: string; diagnostics: Array<{ code?: unknown; range: unknown }> }> } {
  const published: Array<{ uri: string; diagnostics: Array<{ code?: unknown; range: unknown }> }> = [];
  const connection = {
    sendDiagnostics: (params: { uri: string; diagnostics: Array<{ code?: unknown; range: unknown }> }) => {
      published.push(params);
      return Promise.resolve();
    },
  } as unknown as Connection;
  return { connection, published };
}

describe('a toy benchmark registered through the registry alone', () => {
  it('is listed after the built-ins and its files are recognised by name', () => {
    assert.deepEqual(
      benchmarks().map((benchmark) => benchmark.id),
      ['mango', 'smartplay', 'babyai', 'grasp', 'toy'],
    );
    const found = fileKindOf('levels/corridor.toy.json');
    assert.equal(found?.benchmark.id, 'toy');
    assert.equal(found?.kind.id, TOY_KIND);
    assert.equal(fileKindOf('levels/CORRIDOR.TOY.JSON')?.kind.id, TOY_KIND, 'suffixes ignore case');
    assert.equal(fileKindOf('.toy.json'), null, 'the suffix alone is no file of the kind');
    assert.equal(fileKindOf('levels/corridor.json'), null);
    assert.equal(standaloneKindOf('levels/corridor.toy.json'), TOY_KIND);
  });

  it('validateStandalone gives located diagnostics, strips a BOM and turns a throwing validator into an internal error', () => {
    assert.deepEqual(validateStandalone(TOY_KIND, '{"length": 5, "start": 0, "goal": 4}', 'a.toy.json'), []);
    const text = '{"length": 5, "start": -1, "goal": 4}';
    const [start] = validateStandalone(TOY_KIND, text, 'a.toy.json') ?? [];
    assert.equal(start.code, 'toy/cell');
    assert.deepEqual(start.range, { start: { line: 0, character: 23 }, end: { line: 0, character: 25 } });
    assert.deepEqual(validateStandalone(TOY_KIND, `\ufeff${text}`, 'a.toy.json'), [start], 'no upstream reader: the BOM is stripped without a note');
    const [syntax] = validateStandalone(TOY_KIND, '{"length": 5,', 'a.toy.json') ?? [];
    assert.equal(syntax.code, 'json/syntax');
    assert.equal(validateStandalone('no-such-kind', text, 'a.toy.json'), null);
  });

  it('waypoint validate reports the toy files with located diagnostics and fails on the broken one', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runValidate([toyData, '--json'], (line) => out.push(line), (line) => err.push(line));
    assert.equal(code, 1);
    assert.deepEqual(err, []);
    const report = JSON.parse(out.join('\n')) as { files: Array<{ path: string; kind: string; diagnostics: Diagnostic[] }>; summary: { files: number; errors: number } };
    assert.deepEqual(report.summary, { files: 2, errors: 1, warnings: 0, skipped: 0 });
    const byName = new Map(report.files.map((file) => [file.path.split(/[\\/]/).pop(), file]));
    assert.deepEqual(byName.get('corridor.toy.json')?.diagnostics, []);
    const [goal] = byName.get('broken.toy.json')?.diagnostics ?? [];
    assert.equal(byName.get('broken.toy.json')?.kind, TOY_KIND);
    assert.deepEqual({ code: goal.code, range: goal.range, message: goal.message }, { code: 'toy/cell', range: goalRange, message: 'goal must be a cell of the corridor (0 to 4), not 7.' });

    const lines: string[] = [];
    assert.equal(await runValidate([broken], (line) => lines.push(line), () => {}), 1);
    assert.deepEqual(lines, [`${relative(process.cwd(), broken)}:4:11: error goal must be a cell of the corridor (0 to 4), not 7. [toy/cell]`, '1 file validated: 1 error, 0 warnings, 0 skipped.']);
  });

  it('the language server validates an open toy document and publishes located diagnostics', () => {
    const { connection, published } = recordingConnection();
    const documents = new StandaloneDocuments(connection);
    const uri = pathToFileURL(broken).toString();
    assert.equal(documents.didOpen(uri, 'json', 1, '{"length": 5, "start": 0, "goal": 7}'), true);
    assert.equal(documents.get(uri)?.kind, TOY_KIND);
    assert.equal(published.length, 1);
    assert.equal(published[0].uri, uri);
    assert.deepEqual(
      published[0].diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range]),
      [['toy/cell', { start: { line: 0, character: 34 }, end: { line: 0, character: 35 } }]],
    );
  });

  it("the server's workspace scan finds and validates the toy files", async () => {
    const { connection, published } = recordingConnection();
    const token = { isCancellationRequested: false } as CancellationToken;
    const result = await validateWorkspace(connection, new DocumentStore(), [pathToFileURL(toyData).toString()], { maxFileSizeBytes: 1048576 }, token);
    assert.deepEqual(result, { files: 2, errors: 1, warnings: 0, skipped: [], cancelled: false });
    const brokenDiagnostics = published.find((params) => params.uri === pathToFileURL(broken).toString())?.diagnostics;
    assert.deepEqual(
      brokenDiagnostics?.map((diagnostic) => [diagnostic.code, diagnostic.range]),
      [['toy/cell', goalRange]],
    );
  });

  it('the registry refuses a second benchmark with a taken id or kind, and a standalone kind without a validator', () => {
    assert.throws(() => registerBenchmark(toyBenchmark), /Benchmark toy: a benchmark with this id is already registered/);
    assert.throws(() => registerBenchmark({ ...toyBenchmark, id: 'toy2' }), /the file kind toy-corridor is already declared/);
    const kind = { id: 'toy-other', suffixes: ['.other.json'], validation: 'standalone' as const, examples: ['a.other.json'] };
    assert.throws(() => registerBenchmark({ id: 'toy3', label: 'Toy 3', kinds: [kind] }), /needs the benchmark's validate/);
    assert.throws(() => registerBenchmark({ id: 'toy4', label: 'Toy 4', kinds: [{ ...kind, suffixes: [] }], validate: () => [] }), /neither suffixes nor a pattern/);
    assert.deepEqual(
      benchmarks().map((benchmark) => benchmark.id),
      ['mango', 'smartplay', 'babyai', 'grasp', 'toy'],
      'a refused benchmark is not half-registered',
    );
  });
});
