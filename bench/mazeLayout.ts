// Maze view layout time in headless Chromium, for a generated 230-location maze (DESIGN.md budget:
// under 1 s, for the default compass layout) and the largest shared game: the webview bundle running
// core's grid layout, and the same page switched to ELK layered (its web worker, started from a blob
// URL on first use, as in VS Code).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildMazeGraph } from '../src/core/benchmarks/mango/maze/maze';
import type { EdgeRecord } from '../src/core/benchmarks/mango/types';
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

type Sent = { type: string; engine?: string; milliseconds?: number; engineStartMs?: number };

/** Opens the view on `graph` in a fresh page and returns its layout reports: compass, then (with `elk`) ELK's. */
async function layoutReports(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  url: string,
  graph: MazeGraph,
  elk: boolean,
): Promise<{ compass: Sent; elk?: Sent; coldElkMs?: number }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await page.goto(`${url}/test/webview/host.html`);
    await page.evaluate((worker) => {
      (document.getElementById('app') as HTMLElement).dataset.elkWorker = worker;
    }, `${url}/dist/webview/elk-worker.js`);
    await page.addScriptTag({ url: `${url}/dist/webview/maze.js` });
    await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
    const reports = (engine: string) =>
      page.evaluate(
        (wanted) =>
          (window as unknown as { __sent: Sent[] }).__sent.filter(
            (message) => message.type === 'layout' && message.engine === wanted,
          ),
        engine,
      );
    await page.waitForFunction(
      () => (window as unknown as { __sent: Sent[] }).__sent.some((message) => message.type === 'layout'),
      undefined,
      { timeout: 30_000 },
    );
    const [compass] = await reports('compass');
    if (!elk) return { compass };
    // From the user's switch to the drawing: fetch the worker, compile ELK in it, lay out.
    const switched = performance.now();
    await page.locator('#layout-engine').selectOption('elk');
    await page.waitForFunction(
      () =>
        (window as unknown as { __sent: Sent[] }).__sent.some(
          (message) => message.type === 'layout' && message.engine === 'elk',
        ),
      undefined,
      { timeout: 600_000 },
    );
    const coldElkMs = performance.now() - switched;
    // Again, the worker running: ELK's own time.
    await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
    await page.waitForFunction(
      () =>
        (window as unknown as { __sent: Sent[] }).__sent.filter(
          (message) => message.type === 'layout' && message.engine === 'elk',
        ).length === 2,
      undefined,
      { timeout: 600_000 },
    );
    return { compass, elk: (await reports('elk'))[1], coldElkMs };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median layout time over a few runs per graph, each in a fresh page (a cold view, as a user opens it). */
export async function benchMazeLayout(runs = 3): Promise<BenchRow[]> {
  const browser = await launchChromium();
  const server = await serveRepository();
  const rows: BenchRow[] = [];
  try {
    const graphs: Array<[string, MazeGraph, number | undefined]> = [
      ['generated maze', buildMazeGraph('generated', generatedMaze(230, 470, 7), [], { lastStep: 999 }), 1000],
    ];
    const shared = largestSharedGame();
    if (shared) graphs.push([`largest shared game (${shared.game})`, shared, undefined]);
    for (const [name, graph, budget] of graphs) {
      const compass: number[] = [];
      for (let run = 0; run < runs; run++)
        compass.push((await layoutReports(browser, server.url, graph, false)).compass.milliseconds ?? Number.NaN);
      rows.push({
        name: `maze layout, ${name}: ${graph.nodes.length} locations, ${graph.edges.length} edges (median of ${runs})`,
        value: median(compass),
        unit: 'ms',
        budget,
      });
      // ELK once per graph: seconds on the generated maze, and a second layout is not the budget's subject.
      const elk = await layoutReports(browser, server.url, graph, true);
      rows.push({
        name: `  ELK layered in its web worker, the same graph (worker running)`,
        value: elk.elk?.milliseconds ?? Number.NaN,
        unit: 'ms',
      });
      rows.push({
        name: `  ELK layered, cold: switch to drawn (fetch, start worker, lay out)`,
        value: elk.coldElkMs ?? Number.NaN,
        unit: 'ms',
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}
