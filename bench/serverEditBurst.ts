// Issue 29: the language server under a burst of 10,000 rapid edits of a 5 MB walkthrough, through
// the real server process with its heap capped at 256 MB (the old server copied the whole text on
// every edit and kept each copy alive: 4.17 GB and dead after ~1,700 edits; requests waited 2-3 s).
// Edits are written back to back as a client sends them, with an inlay-hint request (what VS Code
// asks after edits, for the visible lines) every 250 edits; each request's wait is measured. The
// memory test (test/server/editBurst.test.ts) asserts the heap bound; the times are here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { editBurst, largeWalkthrough } from '../test/support/editBurst';
import { TestLspClient } from '../test/support/lspClient';
import type { BenchRow } from './simplePathsBench';

const EDITS = 10_000;
const REQUEST_EVERY = 250;
const HEAP_CAP_MB = 256;

export async function benchServerEditBurst(): Promise<BenchRow[]> {
  const workspace = mkdtempSync(join(tmpdir(), 'waypoint-burst-'));
  mkdirSync(join(workspace, 'big'));
  const text = largeWalkthrough(5 * 1024 * 1024);
  const megabytes = Buffer.byteLength(text) / 1048576;
  writeFileSync(join(workspace, 'big', 'big.walkthrough'), text);
  const uri = pathToFileURL(join(workspace, 'big', 'big.walkthrough')).toString();
  const client = new TestLspClient({ nodeArgs: [`--max-old-space-size=${HEAP_CAP_MB}`], heapProbe: true });
  const mb = (bytes: number) => bytes / 1048576;
  try {
    await client.initialize(workspace);
    await client.openDocument(uri, text);
    const afterOpen = await client.heapAfterGc();

    const lines = text.split('\n');
    const waits: Array<Promise<number>> = [];
    const started = performance.now();
    let version = 1;
    for (const edit of editBurst(lines, EDITS)) {
      version++;
      void client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [edit],
      });
      if (version % REQUEST_EVERY === 0) {
        const line = edit.range.start.line;
        const sent = performance.now();
        waits.push(
          client.connection
            .sendRequest('textDocument/inlayHint', {
              textDocument: { uri },
              range: { start: { line: Math.max(0, line - 30), character: 0 }, end: { line: line + 30, character: 0 } },
            })
            .then(() => performance.now() - sent),
        );
      }
      // A client hands its writes to the pipe between events; so does this one, every 25 edits.
      if (version % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const settled = await client.nextDiagnostics(uri, (p) => p.version === version);
    const burstMs = performance.now() - started;
    const sorted = (await Promise.all(waits)).sort((a, b) => a - b);
    const afterEdits = await client.heapAfterGc();
    if (client.exit) throw new Error(`the server exited during the burst: ${JSON.stringify(client.exit)}`);
    const label = `${EDITS.toLocaleString('en')} edits of a ${megabytes.toFixed(1)} MB walkthrough`;
    return [
      {
        name: `server: ${label}, burst to settled diagnostics`,
        value: burstMs,
        unit: 'ms',
        note: `${settled.diagnostics.length} problems at the end`,
      },
      {
        name: `server: ${label}, request wait during the burst (median)`,
        value: sorted[sorted.length >> 1],
        unit: 'ms',
      },
      {
        name: `server: ${label}, request wait during the burst (max)`,
        value: sorted[sorted.length - 1],
        unit: 'ms',
        budget: 1000,
      },
      { name: `server: ${label}, heap after GC once opened`, value: mb(afterOpen.heapUsed), unit: 'MB' },
      {
        name: `server: ${label}, heap growth after GC`,
        value: mb(afterEdits.heapUsed - afterOpen.heapUsed),
        unit: 'MB',
        // Flat: at most one more copy of the document, whatever the number of edits.
        budget: Math.round(megabytes),
      },
      { name: `server: ${label}, RSS after the burst`, value: mb(afterEdits.rss), unit: 'MB' },
    ];
  } finally {
    await client.dispose();
    rmSync(workspace, { recursive: true, force: true });
  }
}
