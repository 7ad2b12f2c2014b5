// Issue 29: the language server's memory followed the edit history of a large walkthrough (every
// edit of a 5 MB document kept a 5 MB copy alive: dead of heap exhaustion after ~1,700 edits) and
// each edit copied the whole text. Here the real server process, with its heap capped, takes
// thousands of rapid edits of a multi-MB walkthrough: it must live, its heap after a full GC must
// stay within a bound set by the document's size, and its parse must match a fresh one.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WalkthroughDocument } from '../../src/core/benchmarks/mango/walkthrough/walkthroughDocument';
import { WalkthroughStepsRequest } from '../../src/protocol/lsp';
import { editBurst, largeWalkthrough } from '../support/editBurst';
import { TestLspClient } from '../support/lspClient';

const DOCUMENT_BYTES = 2 * 1024 * 1024;
const EDITS = 4000;
/** Far below what the old server needed (one document copy per edit: ~8 GB for these edits). */
const HEAP_CAP_MB = 160;

const stepsOf = (text: string) =>
  WalkthroughDocument.parse(text)
    .steps()
    .map((step) => ({
      number: step.number,
      action: step.action,
      location: step.location,
      line: step.headerRange.start.line,
    }));

describe('language server: memory under an edit burst', () => {
  let workspace: string;
  let client: TestLspClient;

  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-burst-'));
    mkdirSync(join(workspace, 'big'));
  });

  after(async () => {
    await client?.dispose();
    rmSync(workspace, { recursive: true, force: true });
  });

  it(`lives through ${EDITS} rapid edits of a 2 MB walkthrough with its heap capped at ${HEAP_CAP_MB} MB, memory bounded by the document`, async () => {
    const text = largeWalkthrough(DOCUMENT_BYTES);
    writeFileSync(join(workspace, 'big', 'big.walkthrough'), text);
    const uri = pathToFileURL(join(workspace, 'big', 'big.walkthrough')).toString();
    client = new TestLspClient({ nodeArgs: [`--max-old-space-size=${HEAP_CAP_MB}`], heapProbe: true });
    await client.initialize(workspace);
    const idle = await client.heapAfterGc();

    assert.deepEqual((await client.openDocument(uri, text)).diagnostics, []);
    const afterOpen = await client.heapAfterGc();

    const lines = text.split('\n');
    let version = 1;
    let midBurst: Promise<{ version: number; steps: unknown[] } | null> | undefined;
    let stepsAtMidBurst = 0;
    for (const edit of editBurst(lines, EDITS)) {
      version++;
      // Not awaited: the edits queue up in the server as a burst does.
      client.connection
        .sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit] })
        .catch(() => undefined); // a server that died fails the requests below
      if (version === EDITS / 2) {
        midBurst = client.request(WalkthroughStepsRequest, { uri });
        stepsAtMidBurst = stepsOf(lines.join('\n')).length;
      }
    }
    const settled = client.nextDiagnostics(uri, (p) => p.version === version);
    // The request sent halfway answers with the text as it was then (requests keep their place in the stream).
    const answered = await midBurst;
    assert.equal(answered?.version, EDITS / 2);
    assert.equal(answered?.steps.length, stepsAtMidBurst);
    assert.deepEqual((await settled).diagnostics, []);

    const final = await client.request(WalkthroughStepsRequest, { uri });
    assert.equal(final?.version, version);
    assert.deepEqual(final?.steps, stepsOf(lines.join('\n')), 'the incremental parse matches a fresh one');

    const afterEdits = await client.heapAfterGc();
    assert.equal(client.exit, undefined, 'the server is alive');
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
    const note = `idle ${mb(idle.heapUsed)}, open ${mb(afterOpen.heapUsed)}, after ${EDITS} edits ${mb(afterEdits.heapUsed)}`;
    // The open document (its lines, parse and the text as received) costs a small multiple of its
    // size; the edits add at most one more copy (lines rebuilt as they are typed in), whatever their number.
    assert.ok(afterOpen.heapUsed - idle.heapUsed < 12 * DOCUMENT_BYTES, note);
    assert.ok(afterEdits.heapUsed - afterOpen.heapUsed < 2 * DOCUMENT_BYTES, note);
    console.log(`      ${note}`);
  });
});
