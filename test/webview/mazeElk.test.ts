// The maze view's second layout, ELK layered, in headless Chromium under the extension's own CSP
// (webviewCsp, the policy VS Code serves the view with): the layout control switches to ELK, the
// worker script is fetched and run as a real web worker from a blob URL, every room and edge is
// drawn, the choice is kept in the view's state, and no CSP violation is reported. A page whose
// policy forbids blob workers shows why ELK failed, over the compass layout.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { webviewCsp } from '../../src/extension/views/webviewCsp';
import type { MazeGraph } from '../../src/protocol/maze';
import { useBrowserHost } from '../support/browser';
import { generatedMaze } from '../support/mazes';
import { repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason, testResultsDir } from '../support/paths';

interface Sent {
  type: string;
  [key: string]: unknown;
}

interface Watched {
  page: Page;
  /** Console errors and CSP violations, as they happen. */
  problems: string[];
  /** Workers the page started (their script URLs). */
  workers: string[];
  /** URLs the page requested. */
  requests: string[];
}

const NONCE = 'elkTestNonce0123456789';

/**
 * test/webview/host.html (the acquireVsCodeApi stand-in) with the extension's CSP, nonce'd scripts
 * and #app's data as mazePanel.ts writes them: the setting's layout and the ELK worker's URL; `state`
 * is what getState returns (a view restored by VS Code).
 */
function cspHost(origin: string, csp: string, layout: string, state: unknown): string {
  const host = readFileSync(join(repoRoot, 'test/webview/host.html'), 'utf8');
  return host
    .replace('window.__state = undefined;', `window.__state = ${JSON.stringify(state) ?? 'undefined'};`)
    .replace(
      '<meta charset="UTF-8">',
      `<meta charset="UTF-8">\n<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    )
    .replace(
      '<link rel="stylesheet" href="../../media/webview.css">',
      `<link rel="stylesheet" href="${origin}/media/webview.css">`,
    )
    .replace('<script>', `<script nonce="${NONCE}">`)
    .replace(
      '<div id="app"></div>',
      `<div id="app" data-layout="${layout}" data-elk-worker="${origin}/dist/webview/elk-worker.js"></div>\n<script nonce="${NONCE}" src="${origin}/dist/webview/maze.js"></script>`,
    );
}

function readGame(dir: string, game: string): MazeGraph {
  const edges = JSON.parse(readFileSync(join(dir, `${game}.edges.json`), 'utf8')) as EdgeRecord[];
  return buildMazeGraph(game, edges, [], { lastStep: Math.max(...edges.map((edge) => edge.edge_min_step)) });
}

const sent = (page: Page) => page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent);
const layouts = async (page: Page) => (await sent(page)).filter((message) => message.type === 'layout');

describe('maze view webview: the ELK layered layout', function () {
  // Generous: a busy machine compiles ELK's 1.6 MB worker slowly. Waits below end on a condition.
  this.timeout(180_000);
  const host = useBrowserHost();

  async function open(
    options: { csp?: string; layout?: string; state?: unknown; viewport?: { width: number; height: number } } = {},
  ): Promise<Watched> {
    const origin = host.server.url;
    const page = await host.browser.newPage({ viewport: options.viewport ?? { width: 1100, height: 760 } });
    const watched: Watched = { page, problems: [], workers: [], requests: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') watched.problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => watched.problems.push(`page error: ${error.message}`));
    page.on('worker', (worker) => watched.workers.push(worker.url()));
    page.on('request', (request) => watched.requests.push(request.url()));
    await page.exposeFunction('__cspViolation', (text: string) => watched.problems.push(`CSP: ${text}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
          `${event.violatedDirective} blocked ${event.blockedURI}`,
        ),
      );
    });
    const url = `${origin}/test/webview/csp-host.html`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: cspHost(origin, options.csp ?? webviewCsp(origin, NONCE), options.layout ?? 'compass', options.state),
      }),
    );
    await page.goto(url);
    return watched;
  }

  async function showGraph(page: Page, graph: MazeGraph, engine: string, count = 1): Promise<Sent> {
    await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
    return waitForLayout(page, engine, count);
  }

  /** The `count`th layout report by `engine`, once the view sent it. */
  async function waitForLayout(page: Page, engine: string, count = 1): Promise<Sent> {
    await page.waitForFunction(
      ({ engine, count }) =>
        (window as unknown as { __sent: Sent[] }).__sent.filter(
          (message) => message.type === 'layout' && message.engine === engine,
        ).length >= count,
      { engine, count },
      { timeout: 150_000 },
    );
    return (await layouts(page)).filter((message) => message.engine === engine)[count - 1];
  }

  /** Waits (on the condition, with a generous cap) until a worker closed. */
  async function expectWorkerClosed(closed: string[]): Promise<void> {
    for (let waited = 0; closed.length === 0 && waited < 600; waited++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(closed.length, 1, 'the ELK worker was ended');
    assert.match(closed[0], /^blob:/);
  }

  /** Room name → box in the page, and whether any two drawn room boxes overlap. */
  async function drawnRooms(
    page: Page,
  ): Promise<{ boxes: Map<string, { x: number; y: number; width: number; height: number }>; overlaps: string[] }> {
    const boxes = new Map(
      await page.evaluate(() =>
        [...document.querySelectorAll<SVGGElement>('svg.maze [data-node]')].map((node) => {
          const box = (node.querySelector('rect') as SVGRectElement).getBoundingClientRect();
          return [node.dataset.node as string, { x: box.x, y: box.y, width: box.width, height: box.height }] as const;
        }),
      ),
    );
    const list = [...boxes];
    const overlaps: string[] = [];
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const [a, p] = list[i];
        const [b, q] = list[j];
        if (
          p.x + p.width - 0.5 > q.x &&
          q.x + q.width - 0.5 > p.x &&
          p.y + p.height - 0.5 > q.y &&
          q.y + q.height - 0.5 > p.y
        )
          overlaps.push(`${a} / ${b}`);
      }
    return { boxes, overlaps };
  }

  it('switches the sample game to ELK from the layout control: a real worker from a blob URL, every room and edge drawn, no CSP error', async () => {
    const graph = readGame(join(samplesDir, 'mango', 'lighthouse'), 'lighthouse');
    const { page, problems, workers, requests } = await open();
    await showGraph(page, graph, 'compass');
    assert.equal(await page.locator('#layout-engine').inputValue(), 'compass', 'compass is the default');
    assert.ok(
      !requests.some((url) => url.endsWith('/elk-worker.js')),
      'the ELK worker is not fetched until ELK is chosen',
    );
    assert.deepEqual(workers, []);
    const compassBoxes = (await drawnRooms(page)).boxes;
    assert.equal(await page.locator('svg.maze').getAttribute('data-engine'), 'compass');

    await page.locator('#layout-engine').selectOption('elk');
    const report = await waitForLayout(page, 'elk');
    assert.equal(
      await page.locator('svg.maze').getAttribute('data-engine'),
      'elk',
      'the drawing says which engine made it',
    );
    assert.deepEqual([report.nodes, report.edges], [graph.nodes.length, graph.edges.length]);
    assert.ok(
      requests.some((url) => url.endsWith('/dist/webview/elk-worker.js')),
      'the worker script was fetched',
    );
    assert.equal(workers.length, 1, `one worker started: ${workers.join(', ')}`);
    assert.match(workers[0], /^blob:/);
    assert.equal(await page.locator('svg.maze [data-node]').count(), graph.nodes.length);
    assert.equal(await page.locator('svg.maze g[data-edge]').count(), graph.edges.length);
    assert.equal(await page.locator('svg.maze .edge-label').count(), graph.edges.length);
    const { boxes, overlaps } = await drawnRooms(page);
    assert.deepEqual(overlaps, [], 'no two room boxes overlap');
    // Another drawing than compass's: at least one room moved.
    assert.ok(
      [...boxes].some(
        ([name, box]) =>
          Math.abs(box.x - (compassBoxes.get(name)?.x ?? box.x)) > 5 ||
          Math.abs(box.y - (compassBoxes.get(name)?.y ?? box.y)) > 5,
      ),
      'the rooms moved',
    );
    assert.ok(await page.locator('.maze-busy').isHidden(), 'the busy note is gone');
    assert.ok(await page.locator('.maze-layout-notice').isHidden(), 'no failure notice');
    // The choice is kept in the view's state, beside the cutoff.
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __state: unknown }).__state), {
      cutoff: graph.lastStep,
      layout: 'elk',
    });
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-elk-sample.png') });

    // A new graph (an edit) is laid out by ELK again, in the same worker.
    const edited = readGame(join(samplesDir, 'mango', 'lighthouse'), 'lighthouse');
    edited.edges = edited.edges.filter((edge) => edge.action !== 'down');
    await showGraph(page, edited, 'elk', 2);
    assert.equal(await page.locator('svg.maze g[data-edge]').count(), edited.edges.length);
    assert.equal(workers.length, 1, 'the worker is reused');

    // The setting changed to compass: the view follows.
    await page.evaluate(() => window.postMessage({ type: 'layoutEngine', engine: 'compass' }, '*'));
    await waitForLayout(page, 'compass', 2);
    assert.equal(await page.locator('#layout-engine').inputValue(), 'compass');
    assert.equal(await page.locator('svg.maze [data-node]').count(), edited.nodes.length);
    assert.deepEqual(problems, [], 'no console error or CSP violation');
    await page.close();
  });

  it('opens in the layout its state or the setting names', async () => {
    const graph = readGame(join(samplesDir, 'mango', 'lighthouse'), 'lighthouse');
    const restored = await open({ state: { cutoff: 12, layout: 'elk' } });
    await showGraph(restored.page, graph, 'elk');
    assert.equal(await restored.page.locator('#layout-engine').inputValue(), 'elk');
    assert.equal(await restored.page.locator('#cutoff').inputValue(), '12');
    assert.deepEqual(
      await layouts(restored.page).then((all) => all.map((message) => message.engine)),
      ['elk'],
      'no compass drawing first',
    );
    assert.deepEqual(restored.problems, []);
    await restored.page.close();
    const fromSetting = await open({ layout: 'elk' });
    await showGraph(fromSetting.page, graph, 'elk');
    assert.equal(await fromSetting.page.locator('svg.maze [data-node]').count(), graph.nodes.length);
    assert.deepEqual(fromSetting.problems, []);
    await fromSetting.page.close();
  });

  it('draws a real game (zork1) with ELK: every room, no overlap; screenshots of both layouts', async function () {
    const dir = join(sharedDataDir, 'mango', 'zork1');
    if (!existsSync(dir)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const graph = readGame(dir, 'zork1');
    const { page, problems, workers } = await open({ viewport: { width: 1200, height: 900 } });
    await showGraph(page, graph, 'compass');
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-zork1-compass.png') });
    await page.locator('#layout-engine').selectOption('elk');
    await waitForLayout(page, 'elk');
    assert.equal(await page.locator('svg.maze [data-node]').count(), graph.nodes.length);
    assert.equal(await page.locator('svg.maze g[data-edge]').count(), graph.edges.length);
    assert.deepEqual((await drawnRooms(page)).overlaps, []);
    assert.match(workers[0] ?? '', /^blob:/);
    assert.deepEqual(problems, []);
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-zork1-elk.png') });
    await page.close();
  });

  it('draws only the newest graph when two arrive during a layout, and ends a long ELK layout on a switch to compass', async () => {
    const sample = readGame(join(samplesDir, 'mango', 'lighthouse'), 'lighthouse');
    const { page, problems } = await open({ layout: 'elk' });
    const closed: string[] = [];
    page.on('worker', (worker) => worker.on('close', () => closed.push(worker.url())));
    // Two graphs back to back (an edit right after the first): the first answer is dropped.
    const first = { ...sample, edges: sample.edges.filter((edge) => edge.action !== 'down') };
    await page.evaluate(
      ([a, b]) => {
        window.postMessage({ type: 'graph', graph: a }, '*');
        window.postMessage({ type: 'graph', graph: b }, '*');
      },
      [first, sample],
    );
    await waitForLayout(page, 'elk');
    assert.deepEqual(
      (await layouts(page)).map((message) => [message.engine, message.edges]),
      [['elk', sample.edges.length]],
      'one drawing, of the newest graph',
    );
    assert.equal(await page.locator('svg.maze g[data-edge]').count(), sample.edges.length);
    assert.deepEqual(closed, [], 'a short layout is left to finish: the worker is kept');
    // A long ELK layout (250 rooms: seconds), then the user switches to compass a frame after the
    // busy note shows: compass is drawn and the worker, still at work, is ended; ELK never answers.
    const large = buildMazeGraph('generated', generatedMaze(250, 520, 5), [], { lastStep: 999 });
    const busyText = await page.evaluate(
      (data) =>
        new Promise<string>((resolve) => {
          window.postMessage({ type: 'graph', graph: data }, '*');
          const busy = document.querySelector('.maze-busy') as HTMLElement;
          const poll = () => {
            if (busy.hidden) return requestAnimationFrame(poll);
            const text = busy.textContent ?? '';
            requestAnimationFrame(() => {
              const select = document.getElementById('layout-engine') as HTMLSelectElement;
              select.value = 'compass';
              select.dispatchEvent(new Event('change'));
              resolve(text);
            });
          };
          requestAnimationFrame(poll);
        }),
      large,
    );
    assert.equal(busyText, 'ELK is laying out 250 locations…');
    await waitForLayout(page, 'compass');
    await page.waitForFunction(() => document.querySelectorAll('svg.maze [data-node]').length === 250);
    assert.ok(await page.locator('.maze-busy').isHidden());
    await expectWorkerClosed(closed);
    assert.deepEqual(
      (await layouts(page)).map((message) => message.engine),
      ['elk', 'compass'],
      'no late ELK drawing',
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('in a narrow panel offers the layouts in the ⋯ menu instead of the toolbar, which stays on one row', async () => {
    const graph = readGame(join(samplesDir, 'mango', 'lighthouse'), 'lighthouse');
    const { page, problems } = await open({ viewport: { width: 480, height: 600 } });
    await showGraph(page, graph, 'compass');
    assert.ok(await page.locator('#layout-engine').isHidden(), 'no select in a narrow toolbar');
    // One row: every visible item's box spans the same middle line, and none overflows another.
    const boxes = await page.locator('.maze-toolbar > :not(.cutoff), .maze-toolbar .cutoff > *').evaluateAll((items) =>
      items
        .filter((item) => (item as HTMLElement).offsetParent !== null)
        .map(
          (item) =>
            item.getBoundingClientRect().toJSON() as { top: number; bottom: number; left: number; right: number },
        )
        .sort((a, b) => a.left - b.left),
    );
    const middle = (boxes[0].top + boxes[0].bottom) / 2;
    assert.ok(
      boxes.every((box) => box.top <= middle && box.bottom >= middle),
      `toolbar items on one row: ${JSON.stringify(boxes)}`,
    );
    assert.ok(
      boxes.every((box, index) => index === 0 || box.left >= boxes[index - 1].right - 0.5),
      `toolbar items overlap: ${JSON.stringify(boxes)}`,
    );
    await page.locator('#more').click();
    assert.equal(await page.locator('#more').getAttribute('aria-label'), 'Layout and export…');
    assert.deepEqual(
      await page
        .locator('.maze-menu-layout')
        .evaluateAll((items) => items.map((item) => [item.textContent, item.getAttribute('aria-checked')])),
      [
        ['Compass layout', 'true'],
        ['ELK layered layout', 'false'],
      ],
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-elk-480-menu.png') });
    await page.locator('#layout-elk').click();
    await waitForLayout(page, 'elk');
    assert.ok(await page.locator('.maze-menu').isHidden(), 'the menu closes');
    assert.equal(await page.locator('#layout-elk').getAttribute('aria-checked'), 'true');
    assert.equal(await page.locator('svg.maze [data-node]').count(), graph.nodes.length);
    assert.deepEqual(problems, []);
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-elk-480.png') });
    await page.close();
  });

  it('says why when the page does not allow blob workers, and shows the compass layout instead', async () => {
    const graph = readGame(join(samplesDir, 'mango', 'lighthouse'), 'lighthouse');
    const origin = host.server.url;
    // The extension's policy without `worker-src blob:`: workers fall back to script-src (nonce only).
    const strict = webviewCsp(origin, NONCE).replace('; worker-src blob:', '');
    const { page, problems } = await open({ csp: strict });
    await showGraph(page, graph, 'compass');
    await page.locator('#layout-engine').selectOption('elk');
    await waitForLayout(page, 'compass', 2);
    await page.locator('.maze-layout-notice').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#layout-engine').inputValue(), 'compass', 'the control says what is drawn');
    assert.match(
      await page.locator('.maze-layout-notice').innerText(),
      /^The ELK layout failed \(.+\); showing the compass layout\.$/,
    );
    assert.equal(await page.locator('svg.maze [data-node]').count(), graph.nodes.length);
    assert.ok(
      problems.some((problem) => problem.startsWith('CSP: worker-src')),
      `the violation is seen: ${problems.join(' | ')}`,
    );
    await page.close();
  });
});
