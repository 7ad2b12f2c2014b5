// Skeleton generation through the real server: exact upstream lines, progress, and cancellation
// that stops a long enumeration while the server keeps answering.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { runSkeletons } from '../../src/cli/mango/skeletons';
import { skeletonFileOptions } from '../../src/core/benchmarks/mango/skeletons/skeletonMerge';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import {
  CutoffStatsRequest,
  GenerateSkeletonsRequest,
  ImputedEdgesRequest,
  MazeGraphRequest,
  MazeRevealRequest,
  MazeSelectionRequest,
  SkeletonProgressNotification,
  type SkeletonProgressParams,
} from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

/** A complete directed graph: its simple paths explode combinatorially (about 10^9 for 13 nodes). */
function completeGraph(size: number): EdgeRecord[] {
  const names = Array.from({ length: size }, (_, index) => `room ${index}`);
  return names.flatMap((src, i) =>
    names
      .filter((dst) => dst !== src)
      .map((dst) => ({
        src_node: src,
        dst_node: dst,
        action: `go to ${dst}`,
        seen_in_forward: i + 1,
        seen_in_reversed: 9999,
        edge_min_step: i + 1,
        seen_in_forward_answerable: i + 1,
        seen_in_reversed_answerable: 9999,
        edge_min_step_answerable: i + 1,
      })),
  );
}

describe('language server: skeleton generation', () => {
  let client: TestLspClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-skeletons-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    mkdirSync(join(workspace, 'clique'));
    writeFileSync(join(workspace, 'clique', 'clique.edges.json'), JSON.stringify(completeGraph(13)));
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('streams DF and RF lines identical to the sample game files', async () => {
    for (const [task, suffix] of [
      ['df', '.all2all.jsonl'],
      ['rf', '.all_pairs.jsonl'],
    ] as const) {
      const outputPath = join(workspace, `out-${task}.jsonl`);
      const uri = pathToFileURL(join(workspace, 'lighthouse', 'lighthouse.edges.json')).toString();
      const result = await client.request(GenerateSkeletonsRequest, { uri, task, outputPath });
      assert.ok(result, 'the server answered null');
      assert.equal(result.pairs, 156);
      assert.equal(result.targetUri, pathToFileURL(join(workspace, 'lighthouse', `lighthouse${suffix}`)).toString());
      assert.equal(
        readFileSync(outputPath, 'utf8'),
        readFileSync(join(samplesDir, 'mango/lighthouse', `lighthouse${suffix}`), 'utf8'),
      );
    }
  });

  it('writes a limited run as the CLI does: same bytes, "truncated": true on the pairs it cut', async () => {
    const game = join(workspace, 'lighthouse');
    for (const task of ['df', 'rf'] as const) {
      const outputPath = join(workspace, `limited-${task}.jsonl`);
      const result = await client.request(GenerateSkeletonsRequest, {
        uri: pathToFileURL(join(game, 'lighthouse.edges.json')).toString(),
        task,
        outputPath,
        limitPerPair: 1,
      });
      assert.ok(result, 'the server answered null');
      let cli = '';
      const stdout = new Writable({
        write(chunk: Buffer, _encoding, done) {
          cli += chunk.toString('utf8');
          done();
        },
      });
      const errors: string[] = [];
      assert.equal(
        await runSkeletons([game, '--task', task, '--limit', '1'], (line) => errors.push(line), stdout),
        0,
        errors.join('\n'),
      );
      const written = readFileSync(outputPath, 'utf8');
      assert.equal(written, cli, `${task}: the editor's file is the CLI's`);
      const markers = written.split('\n').filter((line) => line.includes('"truncated": true')).length;
      assert.ok(result.truncatedPairs > 0, `${task}: the limit cut some pairs`);
      assert.equal(markers, result.truncatedPairs, `${task}: one marker per cut pair`);
      assert.equal(skeletonFileOptions(task, written).limitPerPair, 1, `${task}: a merge reads the limit back`);
    }
  });

  it('reports progress, stays responsive and stops when cancelled', async () => {
    const updates: SkeletonProgressParams[] = [];
    client.onNotification(SkeletonProgressNotification, (update) => {
      updates.push(update);
    });
    const source = new CancellationTokenSource();
    const outputPath = join(workspace, 'clique.jsonl');
    const pending = client.request(
      GenerateSkeletonsRequest,
      { uri: pathToFileURL(join(workspace, 'clique', 'clique.edges.json')).toString(), task: 'df', outputPath },
      source.token,
    );
    let answered = false;
    const settled = () => {
      answered = true;
    };
    pending.then(settled, settled);
    // Under way once it reports progress with lines written (the clique's DF paths take far longer
    // than this test: only Cancel ends the generation). Then another request is answered before it.
    for (const cap = Date.now() + 120_000; !updates.some((update) => update.lines > 0); ) {
      assert.ok(Date.now() < cap, 'no progress with lines written within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.request(ImputedEdgesRequest, {
      uri: pathToFileURL(join(workspace, 'lighthouse', 'lighthouse.edges.json')).toString(),
      extraPairs: [],
    });
    assert.equal(answered, false, 'another request is answered while the generation runs');
    source.cancel();
    const result = await pending;
    assert.ok(result, 'the server answered null');
    assert.equal(result.cancelled, true, 'the generation stopped because it was cancelled');
    assert.ok(result.lines > 0);
    assert.ok(updates.some((update) => update.totalPairs === 156 && update.lines > 0));
  });
});

describe('language server: maze data', () => {
  let client: TestLspClient;
  let workspace: string;
  const uri = (suffix: string) => pathToFileURL(join(workspace, 'lighthouse', `lighthouse${suffix}`)).toString();

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-maze-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('builds the maze graph of a game with its start and last step', async () => {
    const graph = await client.request(MazeGraphRequest, { uri: uri('.edges.json'), extraPairs: [] });
    assert.ok(graph, 'the server answered null');
    assert.deepEqual(
      [graph.game, graph.start, graph.lastStep, graph.nodes.length, graph.edges.length],
      ['lighthouse', 'harbour road', 39, 13, 25],
    );
  });

  it('counts answerable, easy and hard questions at a cutoff from the skeleton labels', async () => {
    const stats = await client.request(CutoffStatsRequest, { uri: uri('.edges.json'), cutoff: 12 });
    assert.ok(stats, 'the server answered null');
    const lines = readFileSync(join(workspace, 'lighthouse', 'lighthouse.all2all.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { min_step_total_answerable: number; min_step_forward_answerable: number });
    const answerable = lines.filter((line) => line.min_step_total_answerable <= 12).length;
    const easy = lines.filter((line) => line.min_step_forward_answerable <= 12).length;
    assert.deepEqual(stats.df, { total: lines.length, answerable, easy, hard: answerable - easy });
  });

  it('maps the cursor in a DF line to its path, and a maze click back to the files', async () => {
    const text = readFileSync(join(workspace, 'lighthouse', 'lighthouse.all2all.jsonl'), 'utf8');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri('.all2all.jsonl'), languageId: 'jsonl', version: 1, text },
    });
    const selection = await client.request(MazeSelectionRequest, { uri: uri('.all2all.jsonl'), line: 1, character: 5 });
    assert.deepEqual(selection.nodes, ['harbour road', 'net loft', 'fish market']);
    assert.equal(selection.edges.length, 2);
    const reveal = await client.request(MazeRevealRequest, { uri: uri('.edges.json'), node: 'net loft' });
    assert.ok(reveal, 'the server answered null');
    assert.equal(reveal.uri, uri('.walkthrough'));
    assert.equal(
      readFileSync(join(workspace, 'lighthouse', 'lighthouse.walkthrough'), 'utf8').split('\n')[reveal.line],
      '==>STEP NUM: 4',
    );
  });
  it('puts a "▶ Run" lens on every skeleton line, carrying the game, task and id for Run Question', async () => {
    for (const [task, suffix] of [
      ['df', '.all2all.jsonl'],
      ['rf', '.all_pairs.jsonl'],
    ] as const) {
      const path = join(workspace, 'lighthouse', `lighthouse${suffix}`);
      const uri = pathToFileURL(path).toString();
      const text = readFileSync(path, 'utf8');
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'jsonl', version: 1, text },
      });
      const lenses = (await client.connection.sendRequest('textDocument/codeLens', {
        textDocument: { uri },
      })) as Array<{
        range: { start: { line: number } };
        command: { title: string; command: string; arguments: Array<{ game: string; task: string; sampleId: string }> };
      }>;
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      assert.equal(lenses.length, lines.length, `${task}: one lens per line`);
      for (const lens of [lenses[0], lenses[lenses.length - 1]]) {
        const line = JSON.parse(lines[lens.range.start.line]) as { id: string; src_node: string; dst_node: string };
        assert.equal(lens.command.command, 'waypoint.runQuestion');
        assert.equal(lens.command.title, `▶ Run ${task.toUpperCase()} ${line.src_node} → ${line.dst_node}`);
        assert.deepEqual(lens.command.arguments, [{ game: uri, task, sampleId: line.id }]);
      }
    }
  });
});
