// The maze in a half-width editor panel (700 × 900), in headless Chromium: the drawing fills the
// panel, every room's name lies inside its box at every zoom, and boxes never overlap; a replay
// opens at its first step framed on its route. Run over the sample game and every real MANGO game
// in ../shared/data (skipped, with the reason, when absent).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { answerTrajectory } from '../../src/core/benchmarks/mango/maze/trajectory';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
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
  const edges = JSON.parse(
    readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
  ) as EdgeRecord[];
  const locations = JSON.parse(
    readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.locations.json'), 'utf8'),
  ) as string[];
  return buildMazeGraph('lighthouse', edges, locations, { start: 'harbour road', lastStep: 39 });
}

function realGraph(game: string): MazeGraph | null {
  const file = join(sharedDataDir, 'mango', game, `${game}.edges.json`);
  if (!existsSync(file)) return null;
  const records = JSON.parse(readFileSync(file, 'utf8')) as EdgeRecord[];
  const locations = JSON.parse(
    readFileSync(join(sharedDataDir, 'mango', game, `${game}.locations.json`), 'utf8'),
  ) as string[];
  // Started where the walkthrough starts, as the extension draws it: the start is a key room.
  return buildMazeGraph(game, records, locations, { start: records[0]?.src_node ?? null, lastStep: 9999 });
}

/**
 * A model's answer walking `steps` explicit edges from the start to rooms not visited before (the
 * first such walk in edges.json order), as JSON, which is a Python literal too.
 */
function walkFromStart(graph: MazeGraph, steps: number): string {
  const walk = (path: MazeGraph['edges']): MazeGraph['edges'] | null => {
    if (path.length === steps) return path;
    const here = path.at(-1)?.dst ?? (graph.start as string);
    const visited = new Set([graph.start, ...path.map((edge) => edge.dst)]);
    for (const edge of graph.edges.filter(
      (candidate) => candidate.explicit && candidate.src === here && !visited.has(candidate.dst),
    )) {
      const found = walk([...path, edge]);
      if (found) return found;
    }
    return null;
  };
  const path = walk([]) ?? [];
  return JSON.stringify(
    path.map((edge) => ({ location_before: edge.src, action: edge.action, location_after: edge.dst })),
  );
}

describe('maze view in a half-width panel', function () {
  this.timeout(120_000);
  const host = useBrowserHost();

  async function openMaze(graph: MazeGraph): Promise<Page> {
    const page = await host.browser.newPage({ viewport: HALF_WIDTH_PANEL });
    await page.goto(`${host.server.url}/test/webview/host.html`);
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/maze.js` });
    await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
    await page.waitForFunction(
      () =>
        (window as unknown as { __sent: Array<{ type: string }> }).__sent.some((message) => message.type === 'layout'),
      undefined,
      { timeout: 60_000 },
    );
    await settle(page);
    return page;
  }

  /** Two animation frames: the view applies its transform in the next one. */
  const settle = (page: Page) =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  /** Every room's box and (when drawn) its name's box, on screen. */
  const roomBoxes = (page: Page): Promise<RoomBoxes[]> =>
    page.evaluate(() =>
      [...document.querySelectorAll<SVGGElement>('svg.maze [data-node]')].map((node) => {
        const edges = (element: Element) => {
          const box = element.getBoundingClientRect();
          return { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
        };
        const text = node.querySelector('text') as SVGTextElement;
        const drawn =
          getComputedStyle(text).display !== 'none' &&
          getComputedStyle(text).visibility !== 'hidden' &&
          text.getBoundingClientRect().width > 0;
        return {
          name: node.dataset.node ?? '',
          box: edges(node.querySelector('rect') as SVGRectElement),
          label: drawn ? edges(text) : null,
        };
      }),
    );

  /** The drawing's extent (rooms and edge lines) and the drawing area, on screen. */
  const drawingAndCanvas = (page: Page) =>
    page.evaluate(() => {
      const parts = [...document.querySelectorAll('svg.maze [data-node] rect, svg.maze .edge-line')].map((element) =>
        element.getBoundingClientRect(),
      );
      const canvas = (document.querySelector('.maze-canvas') as HTMLElement).getBoundingClientRect();
      return {
        drawing: {
          left: Math.min(...parts.map((box) => box.left)),
          top: Math.min(...parts.map((box) => box.top)),
          right: Math.max(...parts.map((box) => box.right)),
          bottom: Math.max(...parts.map((box) => box.bottom)),
        },
        canvas: { left: canvas.left, top: canvas.top, right: canvas.right, bottom: canvas.bottom },
      };
    });

  /** Turns the wheel at the drawing's centre until the zoom changed by about `factor`. */
  async function zoomBy(page: Page, factor: number): Promise<void> {
    const canvas = (await page.locator('.maze-canvas').boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    // panZoom.ts: one wheel event scales by exp(-deltaY · 0.0015).
    const total = -Math.log(factor) / 0.0015;
    const turns = Math.ceil(Math.abs(total) / 200);
    for (let turn = 0; turn < turns; turn++) await page.mouse.wheel(0, total / turns);
    // The zoom is previewed as a CSS transform and committed once the wheel rests.
    await page.waitForFunction(() => !document.querySelector('svg.maze')?.classList.contains('moving'), undefined, {
      timeout: 30_000,
    });
    await settle(page);
  }

  const inside = (inner: Box, outer: Box, slack = 0.5) =>
    inner.left >= outer.left - slack &&
    inner.top >= outer.top - slack &&
    inner.right <= outer.right + slack &&
    inner.bottom <= outer.bottom + slack;
  const overlap = (a: Box, b: Box) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

  function assertNamesInBoxes(rooms: RoomBoxes[], what: string): void {
    const outside = rooms
      .filter((room) => room.label && !inside(room.label, room.box))
      .map(
        (room) =>
          `${room.name} (label ${Math.round((room.label as Box).right - (room.label as Box).left)} px wide in a ${Math.round(room.box.right - room.box.left)} px box)`,
      );
    assert.deepEqual(outside, [], `${what}: names outside their boxes`);
  }

  function assertNoOverlap(rooms: RoomBoxes[], what: string): void {
    const clashes = rooms.flatMap((a, index) =>
      rooms
        .slice(index + 1)
        .filter((b) => overlap(a.box, b.box))
        .map((b) => `${a.name} / ${b.name}`),
    );
    assert.deepEqual(clashes, [], `${what}: overlapping room boxes`);
  }

  async function checkGame(graph: MazeGraph, screenshot: string): Promise<void> {
    const page = await openMaze(graph);
    await page.screenshot({ path: join(testResultsDir, screenshot) });
    const { drawing, canvas } = await drawingAndCanvas(page);
    const fillX = (drawing.right - drawing.left) / (canvas.right - canvas.left);
    const fillY = (drawing.bottom - drawing.top) / (canvas.bottom - canvas.top);
    console.log(
      `      ${graph.game}: ${graph.nodes.length} rooms fill ${Math.round(fillX * 100)}% × ${Math.round(fillY * 100)}% of the drawing area`,
    );
    assert.ok(
      Math.max(fillX, fillY) >= 0.6,
      `${graph.game}: the maze fills ${Math.round(fillX * 100)}% × ${Math.round(fillY * 100)}% of a half-width panel`,
    );
    assert.ok(inside(drawing, canvas, 1), `${graph.game}: the fitted maze is cut off`);
    const atFit = await roomBoxes(page);
    assert.equal(atFit.length, graph.nodes.length);
    console.log(
      `      ${graph.game}: ${atFit.filter((room) => room.label).length} of ${atFit.length} names drawn at fit`,
    );
    assertNamesInBoxes(atFit, `${graph.game} at fit`);
    assertNoOverlap(atFit, `${graph.game} at fit`);
    for (const [factor, what] of [
      [2.5, 'zoomed in'],
      [1 / 2.5, 'zoomed back out'],
      [0.6, 'zoomed out below fit'],
      [4, 'zoomed far in'],
    ] as const) {
      await zoomBy(page, factor);
      if (what === 'zoomed in')
        await page.screenshot({ path: join(testResultsDir, screenshot.replace('.png', '-zoomed.png')) });
      const rooms = await roomBoxes(page);
      assertNamesInBoxes(rooms, `${graph.game} ${what}`);
      assertNoOverlap(rooms, `${graph.game} ${what}`);
    }
    await page.close();
  }

  it('fills the panel with the sample game, every name inside its box at every zoom', async () => {
    await checkGame(sampleGraph(), 'webview-maze-half-lighthouse.png');
  });

  /** The screen box around the rooms of the routes on show. */
  const routeBox = (page: Page) =>
    page.evaluate(() => {
      const boxes = [...document.querySelectorAll('svg.maze [data-node].on-path rect')].map((rect) =>
        rect.getBoundingClientRect(),
      );
      return {
        left: Math.min(...boxes.map((box) => box.left)),
        top: Math.min(...boxes.map((box) => box.top)),
        right: Math.max(...boxes.map((box) => box.right)),
        bottom: Math.max(...boxes.map((box) => box.bottom)),
      };
    });

  async function checkReplay(graph: MazeGraph, screenshot: string): Promise<void> {
    const page = await openMaze(graph);
    const answer = walkFromStart(graph, 3);
    const trajectory = answerTrajectory(graph, answer, 'replay', graph.start, null);
    assert.ok(
      trajectory.steps.length >= 2 && trajectory.steps.every((step) => step.verdict === 'valid'),
      `${graph.game}: a walk of valid steps (${answer})`,
    );
    // Fitted to the whole maze first, for comparison: the on-screen distance between the route's ends.
    const ends = [graph.start as string, trajectory.steps[trajectory.steps.length - 1].to];
    const spread = () =>
      page.evaluate((names) => {
        const [a, b] = names.map((name) =>
          (document.querySelector(`[data-node="${CSS.escape(name)}"] rect`) as SVGRectElement).getBoundingClientRect(),
        );
        // Centres: a room grown with its name grows about its centre.
        return Math.hypot(a.left + a.width / 2 - (b.left + b.width / 2), a.top + a.height / 2 - (b.top + b.height / 2));
      }, ends);
    const atFit = await spread();
    await page.evaluate((data) => window.postMessage({ type: 'trajectory', trajectory: data }, '*'), trajectory);
    await page.waitForSelector('.trajectory:not([hidden]) .chip');
    await settle(page);
    await page.screenshot({ path: join(testResultsDir, screenshot) });
    assert.match(
      await page.locator('.trajectory-detail').innerText(),
      new RegExp(`^Start at .* · ${trajectory.steps.length} steps`),
      `${graph.game}: the replay opens at its start`,
    );
    assert.equal(await page.locator('[data-node].current').getAttribute('data-node'), graph.start);
    const { canvas } = await drawingAndCanvas(page);
    const route = await routeBox(page);
    const share = Math.max(
      (route.right - route.left) / (canvas.right - canvas.left),
      (route.bottom - route.top) / (canvas.bottom - canvas.top),
    );
    console.log(
      `      ${graph.game}: the ${trajectory.steps.length}-step route spans ${Math.round(share * 100)}% of the panel`,
    );
    assert.ok(inside(route, canvas, 1), `${graph.game}: the route is cut off`);
    assert.ok(share >= 0.4, `${graph.game}: the route spans ${Math.round(share * 100)}% of the panel`);
    // Zoomed to the route, not the whole maze: Fit shows the route smaller.
    await page.locator('#fit').click();
    await settle(page);
    const fitted = await routeBox(page);
    assert.ok(
      route.right - route.left > 1.2 * (fitted.right - fitted.left),
      `${graph.game}: the route is framed closer than the whole maze (${Math.round(route.right - route.left)} vs ${Math.round(fitted.right - fitted.left)} px)`,
    );
    const framed = (route.right - route.left) / (fitted.right - fitted.left);
    console.log(`      ${graph.game}: framed ${framed.toFixed(1)}× closer than the whole maze`);
    // Fit shows the whole maze again (the answer's bar above it leaves it a little less room than before).
    const whole = await drawingAndCanvas(page);
    assert.ok(inside(whole.drawing, whole.canvas, 1), `${graph.game}: Fit cuts the maze off`);
    const spreadAfterFit = await spread();
    assert.ok(
      spreadAfterFit <= atFit + 1 && spreadAfterFit >= 0.7 * atFit,
      `${graph.game}: Fit shows the maze at ${spreadAfterFit.toFixed(0)} px between the route's ends, ${atFit.toFixed(0)} px before the replay`,
    );
    await page.close();
  }

  it('opens a replay of the sample game at its first step, framed on its route', async () => {
    await checkReplay(sampleGraph(), 'webview-maze-half-replay-lighthouse.png');
  });

  it('a replay framed on its route stays framed when the panel resizes, until the user moves it; a Play episode follows its newest step', async () => {
    const graph = sampleGraph();
    const page = await openMaze(graph);
    const longer = walkFromStart(graph, 3);
    const firstTwo = JSON.stringify((JSON.parse(longer) as unknown[]).slice(0, 2));
    // As Play sends its route: after every move, with `follow`.
    await page.evaluate(
      (data) => window.postMessage({ type: 'trajectory', trajectory: data, follow: true }, '*'),
      answerTrajectory(graph, firstTwo, 'Play · lighthouse', graph.start, null),
    );
    await page.waitForSelector('.trajectory:not([hidden]) .chip');
    await page.setViewportSize({ width: 900, height: 700 });
    await page.waitForFunction(
      () => (document.querySelector('.maze-canvas')?.getBoundingClientRect().width ?? 0) > 800,
    );
    // The resize observer's refit is applied in the next frame.
    await settle(page);
    await settle(page);
    const { canvas } = await drawingAndCanvas(page);
    const route = await routeBox(page);
    assert.ok(inside(route, canvas, 1), 'the route is still in view after a resize');
    const centre = { x: (route.left + route.right) / 2, y: (route.top + route.bottom) / 2 };
    const middle = { x: (canvas.left + canvas.right) / 2, y: (canvas.top + canvas.bottom) / 2 };
    assert.ok(
      Math.abs(centre.x - middle.x) < 3 && Math.abs(centre.y - middle.y) < 3,
      `the route is centred again after a resize (${JSON.stringify(centre)} vs ${JSON.stringify(middle)})`,
    );
    // The same episode one move longer: the view follows to its newest step.
    const grown = answerTrajectory(graph, longer, 'Play · lighthouse', graph.start, null);
    assert.ok(grown.steps.length === 3);
    await page.evaluate(
      (data) => window.postMessage({ type: 'trajectory', trajectory: data, follow: true }, '*'),
      grown,
    );
    await page.waitForFunction(() => document.querySelectorAll('.trajectory-chips .chip').length === 3);
    assert.match(await page.locator('.trajectory-detail').innerText(), /^Step 3\/3/);
    assert.equal(await page.locator('[data-node].current').getAttribute('data-node'), grown.steps[2].to);
    // Another answer starts at its start again.
    await page.evaluate(
      (data) => window.postMessage({ type: 'trajectory', trajectory: data }, '*'),
      answerTrajectory(graph, longer, 'oracle', graph.start, null),
    );
    await page.waitForFunction(() => document.querySelector('.trajectory strong')?.textContent === 'oracle');
    assert.match(await page.locator('.trajectory-detail').innerText(), /^Start at /);
    await page.close();
  });

  it('the same replay shown again opens at its first step, framed on its route again (only Play follows its newest step)', async () => {
    const graph = sampleGraph();
    const page = await openMaze(graph);
    const replay = answerTrajectory(graph, walkFromStart(graph, 3), 'replay', graph.start, null);
    const post = () =>
      page.evaluate((data) => window.postMessage({ type: 'trajectory', trajectory: data }, '*'), replay);
    await post();
    await page.waitForSelector('.trajectory:not([hidden]) .chip');
    await settle(page);
    const framedFirst = await routeBox(page);
    // The person steps to the last move and zooms out to the whole maze.
    await page.locator('.trajectory-chips .chip').last().click();
    await page.waitForFunction(
      (steps) => document.querySelector('.trajectory-detail')?.textContent?.startsWith(`Step ${steps}/${steps}`),
      replay.steps.length,
    );
    await page.locator('#fit').click();
    await settle(page);
    const fitted = await routeBox(page);
    assert.ok(
      framedFirst.right - framedFirst.left > 1.2 * (fitted.right - fitted.left),
      'Fit shows the route smaller than the framing did',
    );
    // The same answer again (Show Answer run twice, a results row opened again): a fresh start.
    await post();
    await page.waitForFunction(() => document.querySelector('.trajectory-detail')?.textContent?.startsWith('Start at'));
    assert.equal(await page.locator('[data-node].current').getAttribute('data-node'), graph.start);
    await settle(page);
    await settle(page);
    const { canvas } = await drawingAndCanvas(page);
    const again = await routeBox(page);
    assert.ok(inside(again, canvas, 1), 'the route is in view');
    assert.ok(
      Math.abs(again.right - again.left - (framedFirst.right - framedFirst.left)) < 2,
      `framed on the route again (${Math.round(again.right - again.left)} px wide, ${Math.round(framedFirst.right - framedFirst.left)} px the first time, ${Math.round(fitted.right - fitted.left)} px fitted)`,
    );
    await page.close();
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

  for (const game of ['zork1', 'omniquest']) {
    it(`opens a replay on the real game ${game} at its first step, framed on its route`, async function () {
      const graph = realGraph(game);
      if (!graph) {
        console.log(`      skipped: ${sharedDataMissingReason}`);
        this.skip();
      }
      await checkReplay(graph as MazeGraph, `webview-maze-half-replay-${game}.png`);
    });
  }
});
