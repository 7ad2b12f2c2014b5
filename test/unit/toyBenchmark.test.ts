// A benchmark added through the registry alone (test/fixtures/toy/benchmark.ts, registered here and
// nowhere else) is recognised by name and validated with located diagnostics by the same host code
// the CLI and the language server run: `waypoint validate`, the server's open documents and its
// workspace scan; and its questions get the server's code lenses, an offline answer through the
// evaluation pipeline, a scored run record, run labels and a board timeline. No host file names the
// toy benchmark.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { runValidate } from '../../src/cli/validate';
import { benchmarks, fileKindOf, findKind, registerBenchmark } from '../../src/core/benchmarks';
import { answerQuestion } from '../../src/core/eval/pipeline';
import { questionGroup, questionLabel, runDocumentName, runSucceeded } from '../../src/core/eval/runLabels';
import type { ModelProfile, ModelReply, RunRecord } from '../../src/core/eval/types';
import { compareRuns } from '../../src/core/runs/compare';
import { mergeRunFiles } from '../../src/core/runs/records';
import { ReplayBuilder } from '../../src/core/runs/replays';
import { buildReport } from '../../src/core/runs/report';
import { buildResultsModel } from '../../src/core/runs/resultsModel';
import { readRunFile } from '../../src/host/runFileReader';
import { hostToBoardMessage } from '../../src/protocol/board';
import { standaloneKindOf, validateStandalone } from '../../src/core/benchmark/standaloneValidation';
import type { Diagnostic } from '../../src/core/util/text';
import { DocumentStore } from '../../src/server/documents';
import { StandaloneDocuments } from '../../src/server/standaloneDocuments';
import { standaloneLenses } from '../../src/server/standaloneLenses';
import { validateWorkspace } from '../../src/server/workspaceValidation';
import { TOY_KIND, type ToyQuestion, toyBenchmark } from '../fixtures/toy/benchmark';
import { repoRoot } from '../support/paths';

// Each bundled test file has its own registry, so this registration stays inside this file.
registerBenchmark(toyBenchmark);

const toyData = join(repoRoot, 'test', 'fixtures', 'toy', 'data');
const broken = join(toyData, 'broken.toy.json');
// broken.toy.json: line 4 is `  "goal": 7`, the value at columns 11-12 (1-based).
const goalRange = { start: { line: 3, character: 10 }, end: { line: 3, character: 11 } };

/** A connection that records what the server publishes. */
function recordingConnection(): {
  connection: Connection;
  published: Array<{ uri: string; diagnostics: Array<{ code?: unknown; range: unknown }> }>;
} {
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
    assert.deepEqual(
      validateStandalone(TOY_KIND, `\ufeff${text}`, 'a.toy.json'),
      [start],
      'no upstream reader: the BOM is stripped without a note',
    );
    const [syntax] = validateStandalone(TOY_KIND, '{"length": 5,', 'a.toy.json') ?? [];
    assert.equal(syntax.code, 'json/syntax');
    assert.equal(validateStandalone('no-such-kind', text, 'a.toy.json'), null);
  });

  it('waypoint validate reports the toy files with located diagnostics and fails on the broken one', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runValidate(
      [toyData, '--json'],
      (line) => out.push(line),
      (line) => err.push(line),
    );
    assert.equal(code, 1);
    assert.deepEqual(err, []);
    const report = JSON.parse(out.join('\n')) as {
      files: Array<{ path: string; kind: string; diagnostics: Diagnostic[] }>;
      summary: { files: number; errors: number };
    };
    assert.deepEqual(report.summary, { files: 2, errors: 1, warnings: 0, skipped: 0 });
    const byName = new Map(report.files.map((file) => [file.path.split(/[\\/]/).pop(), file]));
    assert.deepEqual(byName.get('corridor.toy.json')?.diagnostics, []);
    const [goal] = byName.get('broken.toy.json')?.diagnostics ?? [];
    assert.equal(byName.get('broken.toy.json')?.kind, TOY_KIND);
    assert.deepEqual(
      { code: goal.code, range: goal.range, message: goal.message },
      { code: 'toy/cell', range: goalRange, message: 'goal must be a cell of the corridor (0 to 4), not 7.' },
    );

    const lines: string[] = [];
    assert.equal(
      await runValidate(
        [broken],
        (line) => lines.push(line),
        () => {},
      ),
      1,
    );
    assert.deepEqual(lines, [
      `${relative(process.cwd(), broken)}:4:11: error goal must be a cell of the corridor (0 to 4), not 7. [toy/cell]`,
      '1 file validated: 1 error, 0 warnings, 0 skipped.',
    ]);
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
    const result = await validateWorkspace(
      connection,
      new DocumentStore(),
      [pathToFileURL(toyData).toString()],
      { maxFileSizeBytes: 1048576 },
      token,
    );
    assert.deepEqual(result, { files: 2, errors: 1, warnings: 0, skipped: [], cancelled: false });
    const brokenDiagnostics = published.find((params) => params.uri === pathToFileURL(broken).toString())?.diagnostics;
    assert.deepEqual(
      brokenDiagnostics?.map((diagnostic) => [diagnostic.code, diagnostic.range]),
      [['toy/cell', goalRange]],
    );
  });

  const profile = (provider: ModelProfile['provider']): ModelProfile => ({
    id: `toy-${provider}`,
    provider,
    temperature: 0,
    maxTokens: 100,
    timeoutMs: 1000,
    retries: 0,
  });
  const corridorUri = pathToFileURL(join(toyData, 'corridor.toy.json')).toString();
  const corridorText = '{"length": 5, "start": 0, "goal": 4}';
  const question = (): ToyQuestion => {
    const entry = toyBenchmark.questions?.(TOY_KIND, corridorText, 'data/corridor.toy.json')[0];
    assert.ok(entry?.question);
    return entry.question;
  };

  // The server's lens function runs in-process with the toy registered in this bundle's registry: the
  // server bundle (dist/server.js) has its own registry, which a test-only registration cannot reach.
  it("the server's code lenses offer the toy's question, with the file's URI in the command argument", () => {
    const lenses = standaloneLenses(TOY_KIND, corridorUri, corridorText);
    assert.deepEqual(lenses, [
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        command: {
          title: '▶ Walk 0 → 4',
          command: 'waypoint.runToyQuestion',
          arguments: [{ uri: corridorUri, start: 0, goal: 4 }],
        },
      },
    ]);
    assert.deepEqual(
      standaloneLenses(TOY_KIND, corridorUri, '{"length": 5, "start": 0, "goal": 7}'),
      [],
      'an invalid corridor offers no question',
    );
  });

  it('Show Board on a toy file draws what the registered fileTimeline hook gives, a frame the board accepts', () => {
    // The board command's fallback for registered kinds (src/extension/boards/index.ts) looks the hook up this way.
    const timeline = findKind(TOY_KIND)?.benchmark.fileTimeline?.(TOY_KIND, corridorText, 'data/corridor.toy.json');
    assert.deepEqual(timeline, {
      title: 'corridor.toy.json',
      frames: [{ scene: { kind: 'text', text: '[A . . . G]' }, action: null }],
    });
    assert.equal(hostToBoardMessage.safeParse({ type: 'timeline', timeline }).success, true);
    assert.equal(findKind(TOY_KIND)?.benchmark.fileTimeline?.(TOY_KIND, '{"length": 1}', 'bad.toy.json'), null);
  });

  it('the pipeline answers a toy question offline, scores it, records the run and gives the board a timeline', async () => {
    const oracle = await answerQuestion(toyBenchmark, question(), profile('oracle'));
    assert.equal(oracle.record.rawAnswer, 'right\nright\nright\nright');
    assert.deepEqual(oracle.record.parsedAnswer, ['right', 'right', 'right', 'right']);
    assert.deepEqual(oracle.record.scores, { success: 1, moves: 4, optimal: 4 });
    assert.equal(oracle.record.question.sampleId, 'corridor.toy.json-0-4');
    assert.equal(oracle.record.mode, 'faithful');
    assert.equal(oracle.record.messages[1].content.includes('[A . . . G]'), true, 'the prompt is recorded');
    assert.deepEqual(oracle.diagnostics, []);
    assert.ok(oracle.timeline);
    assert.deepEqual(
      oracle.timeline.frames.map((frame) => [
        frame.action,
        frame.scene.kind === 'text' ? frame.scene.text : frame.scene.kind,
      ]),
      [
        [null, '[A . . . G]'],
        ['right', '[. A . . G]'],
        ['right', '[. . A . G]'],
        ['right', '[. . . A G]'],
        ['right', '[. . . . A]'],
      ],
    );
    assert.equal(
      hostToBoardMessage.safeParse({ type: 'timeline', timeline: oracle.timeline }).success,
      true,
      "the board accepts the timeline as it accepts the built-ins'",
    );

    const random = await answerQuestion(toyBenchmark, question(), profile('random'));
    assert.deepEqual(random.record.scores, { success: 0, moves: 4, optimal: 4 });
    assert.deepEqual(
      random.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line]),
      [
        ['toy/wall', 0],
        ['toy/wall', 1],
        ['toy/wall', 2],
        ['toy/wall', 3],
      ],
    );
  });

  it('a model reply is scored with diagnostics on the reply, through a given source and the cache', async () => {
    const cache = new Map<string, ModelReply>();
    let calls = 0;
    const source = {
      reply: () => {
        calls++;
        return Promise.resolve({
          text: 'right\nup\nright',
          promptTokens: 10,
          completionTokens: 3,
          latencyMs: 5,
          cached: false,
        });
      },
    };
    const store = {
      get: (key: string) => Promise.resolve(cache.get(key)),
      set: (key: string, reply: ModelReply) => Promise.resolve(void cache.set(key, reply)),
    };
    const model: ModelProfile = { ...profile('openai-compatible'), model: 'm', baseUrl: 'http://localhost:1' };
    const first = await answerQuestion(toyBenchmark, question(), model, { source, cache: store, mode: 'reference' });
    assert.deepEqual(first.record.scores, { success: 0, moves: 2, optimal: 4 });
    assert.equal(first.record.mode, 'reference');
    assert.deepEqual(
      first.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range]),
      [['toy/move', { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } }]],
    );
    const again = await answerQuestion(toyBenchmark, question(), model, { source, cache: store });
    assert.equal(again.record.cached, true);
    assert.equal(calls, 1);
    await assert.rejects(answerQuestion(toyBenchmark, question(), model), /no reply source was given/);
  });

  it('runs of the toy are grouped, named and judged by its own hooks', async () => {
    const { record } = await answerQuestion(toyBenchmark, question(), profile('oracle'));
    assert.equal(questionGroup(record.question), 'Toy · corridor.toy.json');
    assert.equal(questionLabel(record.question), 'walk 0 → 4');
    assert.equal(runDocumentName(record), 'corridor-walk-toy-oracle');
    assert.equal(runSucceeded(record), true);
    assert.equal(runSucceeded({ ...record, scores: { success: 0 } }), false);
    const stranger = { benchmark: 'unregistered', sampleId: 'abc' };
    assert.deepEqual(
      [questionGroup(stranger), questionLabel(stranger), runSucceeded({ question: stranger, scores: { success: 1 } })],
      ['unregistered', 'abc', false],
      'a run of an unregistered benchmark is still listed',
    );
  });

  it('run records of the toy are written, read back by its own schema, reported, compared, replayed and shown in the results view model', async () => {
    // Two corridors, each answered by the oracle and by `random` (which always walks left).
    const short: ToyQuestion = {
      ...question(),
      sampleId: 'short.toy.json-1-2',
      file: 'short.toy.json',
      length: 3,
      start: 1,
      goal: 2,
    };
    const records: RunRecord<ToyQuestion>[] = [];
    for (const provider of ['oracle', 'random'] as const)
      for (const asked of [question(), short])
        records.push((await answerQuestion(toyBenchmark, asked, profile(provider))).record);
    const folder = mkdtempSync(join(tmpdir(), 'waypoint-toy-runs-'));
    try {
      const file = join(folder, 'toy.jsonl');
      const badQuestion = { ...records[0], question: { ...records[0].question, length: 'five' } };
      writeFileSync(file, `${[...records, badQuestion].map((record) => JSON.stringify(record)).join('\n')}\n`);
      const read = await readRunFile(file);
      assert.deepEqual(
        read.records.map((record) => record.question),
        records.map((record) => record.question),
        'every toy record reads back, its question whole',
      );
      assert.equal(read.problems.length, 1);
      assert.match(
        read.problems[0],
        /toy\.jsonl:5:\d+: `question\.length`/,
        "the toy's own schema rejects a question it cannot read, located",
      );

      const set = mergeRunFiles([{ file, records: read.records }]);
      const { json } = buildReport(set, { by: 'model' });
      assert.equal(json.benchmark, 'toy');
      assert.deepEqual(
        json.groups.map((group) => [group.key.model, group.n, group.metrics.success.mean]),
        [
          ['toy-oracle', 2, 1],
          ['toy-random', 2, 0],
        ],
      );
      const oracleOnly = mergeRunFiles([
        { file, records: read.records.filter((record) => record.model.id === 'toy-oracle') },
      ]);
      const randomOnly = mergeRunFiles([
        { file, records: read.records.filter((record) => record.model.id === 'toy-random') },
      ]);
      const compared = compareRuns(oracleOnly, randomOnly);
      assert.equal(compared.paired, 2);
      assert.deepEqual([compared.metrics.success.a, compared.metrics.success.b], [1, 0]);
      assert.equal(compared.flips_metric, 'success');

      // The HTML report reads records whole (keepText) to replay their replies.
      const whole = await readRunFile(file, { keepText: true });
      const replayed = await new ReplayBuilder(
        {},
        { readText: () => Promise.reject(new Error('no file is read')), list: () => Promise.resolve(null) },
      ).replay(whole.records[0]);
      assert.ok('replay' in replayed, "the report's drill-down comes from the toy's replay hook");
      assert.deepEqual(
        replayed.replay.fr.map((frame) => frame.x),
        ['[A . . . G]', '[. A . . G]', '[. . A . G]', '[. . . A G]', '[. . . . A]'],
      );

      const { model } = buildResultsModel(set, [file], 'toy runs');
      assert.deepEqual(
        [model.benchmark, model.models, model.primary, model.rows.length],
        ['toy', ['toy-oracle', 'toy-random'], 'success', 4],
      );
      assert.deepEqual(model.report, buildReport(set).json, 'the view shows what `waypoint report --json` says');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the registry refuses a second benchmark with a taken id or kind, and a standalone kind without a validator', () => {
    assert.throws(
      () => registerBenchmark(toyBenchmark),
      /Benchmark toy: a benchmark with this id is already registered/,
    );
    assert.throws(
      () => registerBenchmark({ ...toyBenchmark, id: 'toy2' }),
      /the file kind toy-corridor is already declared/,
    );
    const kind = {
      id: 'toy-other',
      suffixes: ['.other.json'],
      validation: 'standalone' as const,
      examples: ['a.other.json'],
    };
    assert.throws(
      () => registerBenchmark({ id: 'toy3', label: 'Toy 3', kinds: [kind] }),
      /needs the benchmark's validate/,
    );
    assert.throws(
      () => registerBenchmark({ id: 'toy4', label: 'Toy 4', kinds: [{ ...kind, suffixes: [] }], validate: () => [] }),
      /neither suffixes nor a pattern/,
    );
    assert.deepEqual(
      benchmarks().map((benchmark) => benchmark.id),
      ['mango', 'smartplay', 'babyai', 'grasp', 'toy'],
      'a refused benchmark is not half-registered',
    );
  });
});
