// Maze view layout time in headless Chromium (the webview bundle running core's grid layout), for
// a generated 230-location maze (DESIGN.md budget: under 1 s) and the largest shared game.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildMazeGraph } from '../src/core/mango/maze';
import type { EdgeRecord } from '../src/core/mango/types';
import type { MazeGraph } from '../src/protocol/maze';
import { launchChromium } from '../test/support/browser';
import { generatedMaze } from '../test/support/mazes';
import { sharedDataDir } from '../test/support/paths';
import type { BenchRow } from './simplePathsBench';
import { serveRepository } from '../test/support/staticServer';

function largestSharedGame(): MazeGraph | null {
  const mangoDir = join(sharedDataDir, 'mango');
  if (!existsSync(mangoDir)) return null;
  let best: MazeGraph | null = null;
  for (const game of readdirSync(mangoDir)) {
    const file = join(mangoDir, game, `${game}.edges.json`);
    if (!existsSync(file)) continue;
    const graph = buildMazeGraph(game, JSON.parse(readFileSync(file, 'utf8')) as EdgeRecord[], [], { lastStep: 70 });
    if (!best || graph.nodes.length > best.nodes.length) best = graph;
  }
  return best;
}

/** Median layout time over a few runs per graph, each in a fresh page (cold worker, as a user opens the view). */
export async function benchMazeLayout(runs = 3): Promise<BenchRow[]> {
  const browser = await launchChromium();
  const server = await serveRepository();
  const rows: BenchRow[] = [];
  try {
    const graphs: Array<[string, MazeGraph, number | undefined]> = [['generated maze', buildMazeGraph('generated', generatedMaze(230, 470, 7), [], { lastStep: 999 }), 1000]];
    const shared = largestSharedGame();
    if (shared) graphs.push([`largest shared game (${shared.game})`, shared, undefined]);
    for (const [name, graph, budget] of graphs) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
        await page.goto(`${server.url}/test/webview/host.html`);
        await page.addScriptTag({ url: `${server.url}/dist/webview/maze.js` });
        await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
        await page.waitForFunction(() => (window as unknown as { __sent: Array<{ type: string }> }).__sent.some((message) => message.type === 'layout'), undefined, { timeout: 30_000 });
        const layout = await page.evaluate(() => (window as unknown as { __sent: Array<{ type: string; milliseconds?: number }> }).__sent.find((message) => message.type === 'layout'));
        times.push(layout?.milliseconds ?? Number.NaN);
        await page.close();
      }
      times.sort((a, b) => a - b);
      rows.push({ name: `maze layout, ${name}: ${graph.nodes.length} locations, ${graph.edges.length} edges (median of ${runs})`, value: times[Math.floor(times.length / 2)], unit: 'ms', budget });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}
