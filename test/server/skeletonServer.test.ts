// Skeleton generation through the real server: exact upstream lines, progress, and cancellation
// that stops a long enumeration while the server keeps answering.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { EdgeRecord } from '../../src/core/mango/types';
import type { GenerateSkeletonsResult, SkeletonProgressParams } from '../../src/protocol/requests';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

/** A complete directed graph: its simple paths explode combinatorially (about 10^9 for 13 nodes). */
function completeGraph(size: number): EdgeRecord[] {
  const names = Array.from({ length: size }, (_, index) => `room ${index}`);
  return names.flatMap((src, i) => names.filter((dst) => dst !== src).map((dst) => ({
    src_node: src, dst_node: dst, action: `go to ${dst}`,
    seen_in_forward: i + 1, seen_in_reversed: 9999, edge_min_step: i + 1,
    seen_in_forward_answerable: i + 1, seen_in_reversed_answerable: 9999, edge_min_step_answerable: i + 1,
  })));
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
    for (const [task, suffix] of [['df', '.all2all.jsonl'], ['rf', '.all_pairs.jsonl']] as const) {
      const outputPath = join(workspace, `out-${task}.jsonl`);
      const uri = pathToFileURL(join(workspace, 'lighthouse', 'lighthouse.edges.json')).toString();
      const result = (await client.connection.sendRequest('waypoint/generateSkeletons', { uri, task, outputPath })) as GenerateSkeletonsResult;
      assert.equal(result.pairs, 156);
      assert.equal(result.targetUri, pathToFileURL(join(workspace, 'lighthouse', `lighthouse${suffix}`)).toString());
      assert.equal(readFileSync(outputPath, 'utf8'), readFileSync(join(samplesDir, 'mango/lighthouse', `lighthouse${suffix}`), 'utf8'));
    }
  });

  it('reports progress, stays responsive and stops when cancelled', async () => {
    const updates: SkeletonProgressParams[] = [];
    client.connection.onNotification('waypoint/skeletonProgress', (update: SkeletonProgressParams) => {
      updates.push(update);
    });
    const source = new CancellationTokenSource();
    const outputPath = join(workspace, 'clique.jsonl');
    const started = Date.now();
    const pending = client.connection.sendRequest('waypoint/generateSkeletons', { uri: pathToFileURL(join(workspace, 'clique', 'clique.edges.json')).toString(), task: 'df', outputPath }, source.token) as Promise<GenerateSkeletonsResult>;
    await new Promise((resolve) => setTimeout(resolve, 700));
    const probeStarted = Date.now();
    await client.connection.sendRequest('waypoint/imputedEdges', { uri: pathToFileURL(join(workspace, 'lighthouse', 'lighthouse.edges.json')).toString(), extraPairs: [] });
    assert.ok(Date.now() - probeStarted < 500, 'another request is answered during generation');
    source.cancel();
    const result = await pending;
    assert.equal(result.cancelled, true);
    assert.ok(Date.now() - started < 5000, `cancellation took effect after ${Date.now() - started} ms`);
    assert.ok(result.lines > 0);
    assert.ok(updates.some((update) => update.totalPairs === 156 && update.lines > 0));
  });
});
