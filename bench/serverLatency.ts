// Diagnostics latency through the real language server process: a 1,000-step walkthrough in a
// game folder (with edges, so the cross-file checks run too) is edited step by step; the time
// from the change notification to the published diagnostics, minus the server's deliberate
// settle delay, is the server time the DESIGN.md budget (50 ms) is about.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SETTLE_MS } from '../src/server/diagnostics';
import { TestLspClient } from '../test/support/lspClient';
import { generatedMaze } from '../test/support/mazes';
import type { BenchRow } from './simplePathsBench';
import { syntheticWalkthrough } from './syntheticWalkthrough';

export async function benchServerLatency(edits = 60): Promise<BenchRow[]> {
  const workspace = mkdtempSync(join(tmpdir(), 'waypoint-latency-'));
  mkdirSync(join(workspace, 'big'));
  const text = syntheticWalkthrough(1000);
  writeFileSync(join(workspace, 'big', 'big.walkthrough'), text);
  writeFileSync(join(workspace, 'big', 'big.edges.json'), JSON.stringify(generatedMaze(40, 90, 3)));
  const uri = pathToFileURL(join(workspace, 'big', 'big.walkthrough')).toString();
  const client = new TestLspClient();
  try {
    await client.initialize(workspace);
    await client.openDocument(uri, text);
    const line = text.split('\n').indexOf('==>STEP NUM: 500');
    const samples: number[] = [];
    for (let edit = 0; edit < edits; edit++) {
      const version = edit + 2;
      const published = client.nextDiagnostics(uri, (p) => p.version === version);
      const started = performance.now();
      // Alternate a wrong and the right step number: half the edits add a problem, half remove it.
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [
          {
            range: { start: { line, character: 13 }, end: { line, character: 16 } },
            text: edit % 2 === 0 ? '502' : '500',
          },
        ],
      });
      await published;
      samples.push(performance.now() - started - SETTLE_MS);
    }
    samples.sort((a, b) => a - b);
    return [
      {
        name: 'server: edit → diagnostics, 1,000-step walkthrough with its game (median)',
        value: samples[Math.floor(samples.length / 2)],
        unit: 'ms',
      },
      {
        name: 'server: edit → diagnostics, 1,000-step walkthrough with its game (p95)',
        value: samples[Math.floor(samples.length * 0.95)],
        unit: 'ms',
        budget: 50,
      },
    ];
  } finally {
    await client.dispose();
  }
}
