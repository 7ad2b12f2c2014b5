// The language server stays responsive while it works on something long, through the real server
// process (the server tests check that it answers in between; how soon is measured here):
//  - a request sent while a 3.9 MB skeleton file (the shared omniquest DF file) is checked in slices;
//  - a request sent while skeletons of a complete 13-room graph are generated (until cancelled);
//  - a rename on a game whose DF file is too large to regenerate, answered in place.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { skeletonTextChunks } from '../src/core/benchmarks/mango/skeletons/skeletonText';
import type { EdgeRecord } from '../src/core/benchmarks/mango/types';
import {
  GenerateSkeletonsRequest,
  ImputedEdgesRequest,
  SkeletonProgressNotification,
  type SkeletonProgressParams,
} from '../src/protocol/lsp';
import { TestLspClient } from '../test/support/lspClient';
import { samplesDir, sharedDataDir } from '../test/support/paths';
import type { BenchRow } from './simplePathsBench';

const edge = (src: string, dst: string, action: string, step: number): EdgeRecord => ({
  src_node: src,
  dst_node: dst,
  action,
  seen_in_forward: step,
  seen_in_reversed: 9999,
  edge_min_step: step,
  seen_in_forward_answerable: step,
  seen_in_reversed_answerable: 9999,
  edge_min_step_answerable: step,
});

async function timed(body: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await body();
  return performance.now() - started;
}

export async function benchServerResponsiveness(): Promise<BenchRow[]> {
  const workspace = mkdtempSync(join(tmpdir(), 'waypoint-responsive-'));
  cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
  // Every room joined to every other: DF enumeration explodes (generation runs until cancelled).
  const clique = Array.from({ length: 13 }, (_, index) => `room ${index}`);
  mkdirSync(join(workspace, 'clique'));
  writeFileSync(
    join(workspace, 'clique', 'clique.edges.json'),
    JSON.stringify(
      clique.flatMap((src, i) =>
        clique.filter((dst) => dst !== src).map((dst) => edge(src, dst, `go to ${dst}`, i + 1)),
      ),
    ),
  );
  // As test/server/locationRename.test.ts builds it: 'r9b' a second name for r9 in a dense maze.
  const rooms = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r9b'];
  const dense: EdgeRecord[] = [];
  for (const src of rooms)
    for (const dst of rooms)
      if (src !== dst && !(src.startsWith('r9') && dst.startsWith('r9')))
        dense.push(edge(src, dst, `to ${dst.replace('r9b', 'r9')}`, dense.length + 1));
  mkdirSync(join(workspace, 'dense'));
  writeFileSync(join(workspace, 'dense', 'dense.locations.json'), `${JSON.stringify(rooms, null, 4)}\n`);
  writeFileSync(join(workspace, 'dense', 'dense.edges.json'), `${JSON.stringify(dense, null, 4)}\n`);
  writeFileSync(
    join(workspace, 'dense', 'dense.all2all.jsonl'),
    [...skeletonTextChunks('df', dense, { limitPerPair: 3, labelsAtCutoff: 70 })].join(''),
  );
  const omniquest = join(sharedDataDir, 'mango', 'omniquest');
  if (existsSync(omniquest)) cpSync(omniquest, join(workspace, 'omniquest'), { recursive: true });

  const lighthouse = (suffix: string) => pathToFileURL(join(workspace, 'lighthouse', `lighthouse${suffix}`)).toString();
  const probe = () => client.request(ImputedEdgesRequest, { uri: lighthouse('.edges.json'), extraPairs: [] });
  const rows: BenchRow[] = [];
  const client = new TestLspClient();
  try {
    await client.initialize(workspace);

    if (existsSync(omniquest)) {
      const skeletonUri = pathToFileURL(join(workspace, 'omniquest', 'omniquest.all2all.jsonl')).toString();
      const underWay = client.nextDiagnostics(skeletonUri, (p) => p.version === undefined);
      const done = client.nextDiagnostics(skeletonUri, (p) => p.version === 1);
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: {
          uri: skeletonUri,
          languageId: 'jsonl',
          version: 1,
          text: readFileSync(join(workspace, 'omniquest', 'omniquest.all2all.jsonl'), 'utf8'),
        },
      });
      await underWay;
      rows.push({
        name: 'server: a request while a 3.9 MB skeleton file is checked (omniquest DF)',
        value: await timed(() =>
          client.connection.sendRequest('textDocument/documentSymbol', {
            textDocument: { uri: lighthouse('.walkthrough') },
          }),
        ),
        unit: 'ms',
        budget: 250,
      });
      await done;
    } else {
      rows.push({
        name: 'server: a request while a 3.9 MB skeleton file is checked',
        value: Number.NaN,
        unit: 'ms',
        note: `skipped: ${omniquest} not found`,
      });
    }

    const updates: SkeletonProgressParams[] = [];
    client.onNotification(SkeletonProgressNotification, (update) => void updates.push(update));
    const source = new CancellationTokenSource();
    const generation = client.request(
      GenerateSkeletonsRequest,
      {
        uri: pathToFileURL(join(workspace, 'clique', 'clique.edges.json')).toString(),
        task: 'df',
        outputPath: join(workspace, 'clique.jsonl'),
      },
      source.token,
    );
    while (!updates.some((update) => update.lines > 0)) await new Promise((resolve) => setTimeout(resolve, 10));
    rows.push({
      name: 'server: a request while skeletons are generated (13-room complete graph)',
      value: await timed(probe),
      unit: 'ms',
      budget: 500,
    });
    rows.push({
      name: 'server: skeleton generation stopped after Cancel',
      value: await timed(async () => {
        source.cancel();
        await generation;
      }),
      unit: 'ms',
      budget: 5000,
    });

    const denseEdges = pathToFileURL(join(workspace, 'dense', 'dense.edges.json')).toString();
    rows.push({
      name: 'server: merge two room names, game too large to regenerate (in place)',
      value: await timed(() =>
        client.connection.sendRequest('waypoint/renameLocation', {
          uri: denseEdges,
          from: 'r9b',
          to: 'r9',
          merge: true,
        }),
      ),
      unit: 'ms',
      budget: 3000,
    });
  } finally {
    await client.dispose();
    rmSync(workspace, { recursive: true, force: true });
  }
  return rows;
}
