// `mango annotate`'s proposals through the real server: the review queue's request, and the one-key
// quick fix on `mango/unannotated-move` ("Accept proposal: …"), whose command, run as the extension
// runs it (Mark Step as Move with the proposal filled in), writes the move into edges.json.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import type { AnnotationProposalsResult, GameEditResult } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';

interface Action {
  title: string;
  isPreferred?: boolean;
  command?: { command: string; arguments: [string, number, { source: string; action: string; destination: string }] };
}

describe('language server: annotation proposals', () => {
  let client: TestLspClient;
  let gameDir: string;
  const uri = (suffix: string) => pathToFileURL(join(gameDir, `lighthouse${suffix}`)).toString();
  let edgesText: string;

  before(async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'waypoint-proposals-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    gameDir = join(workspace, 'lighthouse');
    client = new TestLspClient();
    await client.initialize(workspace);
    // The move of step 7 is forgotten: its edge and the reverse it made known.
    const edges = (JSON.parse(readFileSync(join(gameDir, 'lighthouse.edges.json'), 'utf8')) as EdgeRecord[]).filter(
      (edge) => edge.seen_in_forward !== 7 && edge.seen_in_reversed !== 7,
    );
    edgesText = `${JSON.stringify(edges, null, 2)}\n`;
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri('.edges.json'), languageId: 'json', version: 1, text: edgesText },
    });
  });
  after(() => client.dispose());

  it('lists the proposals with names of the game, marking the moves edges.json already has', async () => {
    const result = (await client.connection.sendRequest('waypoint/annotationProposals', {
      uri: uri('.walkthrough'),
    })) as AnnotationProposalsResult;
    const step7 = result.proposals.find((proposal) => proposal.step === 7);
    assert.deepEqual(step7 && [step7.source, step7.action, step7.destination, step7.annotated], [
      'fish market',
      'northwest',
      'chapel ruins',
      false,
    ]);
    assert.match(step7?.evidence[0] ?? '', /^step 7, line \d+: Chapel Ruins/);
    const step2 = result.proposals.find((proposal) => proposal.step === 2);
    assert.equal(step2?.annotated, true);
    assert.ok(result.locations.includes('chapel ruins'));
  });

  it('offers "Accept proposal" on the unannotated move, and accepting it writes the edge', async () => {
    const published = client.nextDiagnostics(uri('.walkthrough'), (p) =>
      p.diagnostics.some((d) => d.code === 'mango/unannotated-move'),
    );
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: uri('.walkthrough'),
        languageId: 'mango-walkthrough',
        version: 1,
        text: readFileSync(join(gameDir, 'lighthouse.walkthrough'), 'utf8'),
      },
    });
    const diagnostic = (await published).diagnostics.find((d) => d.code === 'mango/unannotated-move');
    assert.ok(diagnostic);
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri('.walkthrough') },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    })) as Action[];
    const accept = actions[0];
    assert.equal(accept.title, 'Accept proposal: fish market --northwest--> chapel ruins');
    assert.equal(accept.isPreferred, true);
    assert.equal(accept.command?.command, 'waypoint.markStepAsMove');
    const [target, line, answers] = accept.command?.arguments ?? [];
    assert.equal(target, uri('.walkthrough'));
    assert.equal(line, diagnostic.range.start.line);
    const result = (await client.connection.sendRequest('waypoint/markMove', {
      uri: target,
      step: 7,
      ...answers,
    })) as GameEditResult;
    const changes = (result.edit?.documentChanges ?? []) as Array<{
      textDocument?: { uri: string };
      edits?: Parameters<typeof applyTextEdits>[1];
    }>;
    const change = changes.find((c) => c.textDocument?.uri === uri('.edges.json'));
    assert.ok(change?.edits, result.message);
    const written = JSON.parse(applyTextEdits(edgesText, change.edits)) as EdgeRecord[];
    assert.ok(
      written.some(
        (edge) =>
          edge.src_node === 'fish market' &&
          edge.action === 'northwest' &&
          edge.dst_node === 'chapel ruins' &&
          edge.seen_in_forward === 7,
      ),
    );
  });
});
