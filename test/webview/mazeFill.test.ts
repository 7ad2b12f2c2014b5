// The maze in a half-width editor panel (700 × 900), in headless Chromium: the drawing fills the
// panel, every room's name lies inside its box at every zoom, and boxes never overlap. Run over
// the sample game and every real MANGO game in ../shared/data (skipped, with the reason, when absent).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildMazeGraph } from '../../src/core/mango/maze';
import type { EdgeRecord } from '../../src/core/mango/types';
import type { MazeGraph } from '../../src/protocol/maze';
import { useBrowserHost } from '../support/browser';
import { samplesDir, sharedDataDir, sharedDataMissingReason, testResultsDir } from '../support/paths';

const HALF_WIDTH_PANEL = { width: 700, height: 900 };
const REAL_GAMES = ['905', 'zork1', 'night', 'omniquest', 'partyfoul', 'spirit'];

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface RoomBoxes {
  name: string;
  box: Box;
  label: Box | null;
}

function sampleGraph(): MazeGraph {
  const edges = JSON.parse(readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8')) as EdgeRecord[];
  const locations = JSON.parse(readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.locations.json'), 'utf8')) as string[];
  return buildMazeGraph('lighthouse', edges, locations, { start: 'harbour road', lastStep: 39 });
}

function realGraph(game: string): MazeGraph | null {
  const file = join(sharedDataDir, 'mango', game, `${game}.edges.json`);
  if (!existsSync(file)) return null;
  const records = JSON.parse(readFileSync(file, 'utf8')) as EdgeRecord[];
  const locations = JSON.parse(readFileSync(join(sharedDataDir, 'mango', game, `${game}.locations.json`), 'utf8')) as string[];
  return buildMazeGraph(game, records, locations, { lastStep: 9999 });
}

describe('maze view in a half-width panel', function () {
  this.timeout(120_000);
  const host = useBrowserHost();

  async function openMaze(graph: MazeGraph): Promise<Page> {
    const page = await host.browser.newPage({ viewport: HALF_WIDTH_PANEL });
    await page.goto(`${host.server.url}/test/webview/host.html`);
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/maze.js` });
    await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
    await page.waitForFunction(() => (window as unknown as { __sent: Array<{ type: string }> }).__sent.some((message) => message.type === 'layout'), undefined, { timeout: 60_000 });
    await settle(page);
    return page;
  }

  /** Two animation frames: the view applies its transform in the next one. */
  const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  /** Every room's box and (when drawn) its name's box, on screen. */
  const roomBoxes = (page: Page): Promise<RoomBoxes[]> =>
    page.evaluate(() =>
      [...document.querySelectorAll<SVGGElement>('svg.maze [data-node]')].map((node) => {
        const edges = (element: Element) => {
          const box = element.getBoundingClientRect();
          return { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
        };
        const text = node.querySelector('text') as SVGTextElement;
        const drawn = getComputedStyle(text).display !== 'none' && getComputedStyle(text).visibility !== 'hidden' && text.getBoundingClientRect().width > 0;
        return { name: node.dataset.node ?? '', box: edges(node.querySelector('rect') as SVGRectElement), label: drawn ? edges(text) : null };
      }),
    );

  /** The drawing's extent (rooms and edge lines) and the drawing area, on screen. */
  const drawingAndCanvas = (page: Page) =>
    page.evaluate(() => {
      const parts = [...document.querySelectorAll('svg.maze [data-node] rect, svg.maze .edge-line')].map((element) => element.getBoundingClientRect());
      const canvas = (document.querySelector('.maze-canvas') as HTMLElement).getBoundingClientRect();
      return {
        drawing: { left: Math.min(...parts.map((box) => box.left)), top: Math.min(...parts.map((box) => box.top)), right: Math.max(...parts.map((box) => box.right)), bottom: Math.max(...parts.map((box) => box.bottom)) },
        canvas: { left: canvas.left, top: canvas.top, right: canvas.right, bottom: canvas.bottom },
      };
    });

  /** Turns the wheel at the drawing's centre until the zoom changed by about `factor`. */
  async function zoomBy(page: Page, factor: number): Promise<void> {
    const canvas = (await page.locator('.maze-canvas').boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    // panZoom.ts: one wheel event scales by exp(-deltaY · 0.0015).
    const total = -Math.log(factor) / 0.0015;
    const turns = Math.ceil(Math.abs(total) / 200);
    for (let turn = 0; turn < turns; turn++) await page.mouse.wheel(0, total / turns);
    // The zoom is previewed as a CSS transform and committed once the wheel rests.
    await page.waitForFunction(() => !document.querySelector('svg.maze')?.classList.contains('moving'), undefined, { timeout: 30_000 });
    await settle(page);
  }

  const inside = (inner: Box, outer: Box, slack = 0.5) => inner.left >= outer.left - slack && inner.top >= outer.top - slack && inner.right <= outer.right + slack && inner.bottom <= outer.bottom + slack;
  const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

  function assertNamesInBoxes(rooms: RoomBoxes[], what: string): void {
    const outside = rooms.filter((room) => room.label && !inside(room.label, room.box)).map((room) => `${room.name} (label ${Math.round((room.label as Box).right - (room.label as Box).left)} px wide in a ${Math.round(room.box.right - room.box.left)} px box)`);
    assert.deepEqual(outside, [], `${what}: names outside their boxes`);
  }

  function assertNoOverlap(rooms: RoomBoxes[], what: string): void {
    const clashes = rooms.flatMap((a, index) => rooms.slice(index + 1).filter((b) => overlap(a.box, b.box)).map((b) => `${a.name} / ${b.name}`));
    assert.deepEqual(clashes, [], `${what}: overlapping room boxes`);
  }

  async function checkGame(graph: MazeGraph, screenshot: string): Promise<void> {
    const page = await openMaze(graph);
    await page.screenshot({ path: join(testResultsDir, screenshot) });
    const { drawing, canvas } = await drawingAndCanvas(page);
    const fillX = (drawing.right - drawing.left) / (canvas.right - canvas.left);
    const fillY = (drawing.bottom - drawing.top) / (canvas.bottom - canvas.top);
    console.log(`      ${graph.game}: ${graph.nodes.length} rooms fill ${Math.round(fillX * 100)}% × ${Math.round(fillY * 100)}% of the drawing area`);
    assert.ok(Math.max(fillX, fillY) >= 0.6, `${graph.game}: the maze fills ${Math.round(fillX * 100)}% × ${Math.round(fillY * 100)}% of a half-width panel`);
    assert.ok(inside(drawing, canvas, 1), `${graph.game}: the fitted maze is cut off`);
    const atFit = await roomBoxes(page);
    assert.equal(atFit.length, graph.nodes.length);
    console.log(`      ${graph.game}: ${atFit.filter((room) => room.label).length} of ${atFit.length} names drawn at fit`);
    assertNamesInBoxes(atFit, `${graph.game} at fit`);
    assertNoOverlap(atFit, `${graph.game} at fit`);
    for (const [factor, what] of [[2.5, 'zoomed in'], [1 / 2.5, 'zoomed back out'], [0.6, 'zoomed out below fit'], [4, 'zoomed far in']] as const) {
      await zoomBy(page, factor);
      if (what === 'zoomed in') await page.screenshot({ path: join(testResultsDir, screenshot.replace('.png', '-zoomed.png')) });
      const rooms = await roomBoxes(page);
      assertNamesInBoxes(rooms, `${graph.game} ${what}`);
      assertNoOverlap(rooms, `${graph.game} ${what}`);
    }
    await page.close();
  }

  it('fills the panel with the sample game, every name inside its box at every zoom', async () => {
    await checkGame(sampleGraph(), 'webview-maze-half-lighthouse.png');
  });

  for (const game of REAL_GAMES) {
    it(`fills the panel with the real game ${game}, every name inside its box at every zoom`, async function () {
      const graph = realGraph(game);
      if (!graph) {
        console.log(`      skipped: ${sharedDataMissingReason}`);
        this.skip();
      }
      await checkGame(graph as MazeGraph, `webview-maze-half-${game}.png`);
    });
  }
});
