// Previewing and accepting imputed reverse edges through the real server.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { AcceptImputedEdgesRequest, ImputedEdgesRequest } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';

describe('language server: imputed reverse edges', () => {
  let client: TestLspClient;
  let edgesPath: string;
  let uri: string;

  before(async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'waypoint-impute-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    edgesPath = join(workspace, 'lighthouse', 'lighthouse.edges.json');
    // Forget that the player ever walked south from the fish market: only the reverse of step 2 implies it.
    const edges = (JSON.parse(readFileSync(edgesPath, 'utf8')) as EdgeRecord[]).filter(
      (edge) => !(edge.src_node === 'fish market' && edge.action === 'south'),
    );
    writeFileSync(edgesPath, JSON.stringify(edges, null, 4));
    uri = pathToFileURL(edgesPath).toString();
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('lists the reverses the evaluator would add, with the step they reverse', async () => {
    const { candidates } = await client.request(ImputedEdgesRequest, { uri, extraPairs: [] });
    assert.deepEqual(candidates, [
      { source: 'fish market', action: 'south', destination: 'harbour road', reversesStep: 2, conflictsWith: null },
    ]);
  });

  it('adds user reverse pairs from settings', async () => {
    const { candidates } = await client.request(ImputedEdgesRequest, { uri, extraPairs: [['enter', 'exit']] });
    assert.ok(
      candidates.some(
        (candidate) =>
          candidate.source === 'quay' &&
          candidate.action === 'enter' &&
          candidate.destination === 'rowing boat' &&
          candidate.reversesStep === 15,
      ),
    );
  });

  it('writes accepted edges as reverse-only records', async () => {
    const result = await client.request(AcceptImputedEdgesRequest, {
      uri,
      extraPairs: [],
      accept: [{ source: 'fish market', action: 'south', destination: 'harbour road' }],
    });
    const [change] = (result.edit as { documentChanges: Array<{ edits: Parameters<typeof applyTextEdits>[1] }> })
      .documentChanges;
    const edges = JSON.parse(applyTextEdits(readFileSync(edgesPath, 'utf8'), change.edits)) as EdgeRecord[];
    assert.deepEqual(edges[edges.length - 1], {
      src_node: 'fish market',
      dst_node: 'harbour road',
      action: 'south',
      seen_in_forward: 9999,
      seen_in_reversed: 2,
      edge_min_step: 2,
      seen_in_forward_answerable: 9999,
      seen_in_reversed_answerable: 2,
      edge_min_step_answerable: 2,
    });
    assert.equal(result.message, '1 reverse edge added to edges.json.');
  });
});
