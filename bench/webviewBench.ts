// The webviews' speed in headless Chromium, on the same bundles and inputs their tests use (the
// tests check what these views do; how fast they do it is measured here, where a busy machine
// makes a number worse instead of failing a test):
//  - maze pan and zoom on 500 rooms: frame times while the gesture of test/support/mazeGesture.ts
//    runs (DESIGN.md: pan/zoom stays smooth). Headless Chromium rasterises on the CPU; frames come
//    at vsync multiples (16.7, 33.3, 50 ms), and the budget allows one missed vsync at p95.
//  - the results view drawing 40,000 GRASP records (two runs of 20,000), and two filter changes;
//  - the walkthrough overview listing 100,000 steps.
import type { Page } from 'playwright-core';
import '../src/core/benchmarks';
import { buildMazeGraph } from '../src/core/benchmarks/mango/maze/maze';
import { mergeRunFiles } from '../src/core/runs/records';
import { buildResultsModel } from '../src/core/runs/resultsModel';
import { launchChromium } from '../test/support/browser';
import { panAndZoom } from '../test/support/mazeGesture';
import { generatedMaze } from '../test/support/mazes';
import { serveRepository } from '../test/support/staticServer';
import type { BenchRow } from './simplePathsBench';
import { syntheticGraspRecords } from './syntheticRuns';

type Server = Awaited<ReturnType<typeof serveRepository>>;

/** A page with `bundle` loaded behind the test host (test/webview/host.html), as the tests open it. */
async function openView(page: Page, server: Server, bundle: string): Promise<void> {
  await page.goto(`${server.url}/test/webview/host.html`);
  await page.addScriptTag({ url: `${server.url}/dist/webview/${bundle}.js` });
}

const sentSome = (page: Page, type: string) =>
  page.waitForFunction(
    (kind) =>
      (window as unknown as { __sent: Array<{ type: string }> }).__sent.some((message) => message.type === kind),
    type,
  );

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function mazeFrames(page: Page, server: Server): Promise<BenchRow[]> {
  const graph = buildMazeGraph('generated', generatedMaze(500, 1000, 9), [], { start: 'room 0', lastStep: 999 });
  await page.setViewportSize({ width: 1100, height: 760 });
  await openView(page, server, 'maze');
  await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
  await sentSome(page, 'layout');
  await page.getByRole('button', { name: 'Show all rooms' }).click();
  await page.waitForFunction((count) => document.querySelectorAll('[data-node]').length === count, graph.nodes.length);
  // Every frame's timestamp while the gesture runs.
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { __frames: number[] }).__frames = frames;
    const tick = (time: number) => {
      frames.push(time);
      if (frames.length < 100_000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const ends: Array<[string, number]> = [];
  await panAndZoom(page, async (phase) => {
    ends.push([phase, await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.length)]);
  });
  const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.slice());
  const deltas = (times: number[]) =>
    times
      .slice(1)
      .map((time, index) => time - times[index])
      .sort((a, b) => a - b);
  const all = deltas(frames);
  let from = 0;
  const perPhase = ends.map(([phase, end]) => {
    const part = deltas(frames.slice(from, end));
    from = end;
    return `${phase} p95 ${quantile(part, 0.95).toFixed(1)}`;
  });
  const name = `maze pan and zoom, 500 rooms, ${graph.edges.length} edges: frame time`;
  const note = `${all.length} frames, max ${all.at(-1)?.toFixed(1)} ms (${perPhase.join(', ')} ms)`;
  return [
    { name: `${name} (median)`, value: quantile(all, 0.5), unit: 'ms' },
    { name: `${name} (p95)`, value: quantile(all, 0.95), unit: 'ms', budget: 34, note },
  ];
}

async function resultsView(page: Page, server: Server): Promise<BenchRow[]> {
  const first = syntheticGraspRecords(20_000, 'gpt-4o');
  const second = syntheticGraspRecords(20_000, 'o1-mini').map((record, i) =>
    i % 7 === 0 ? { ...record, scores: { ...record.scores, score: -1 } } : record,
  );
  const set = mergeRunFiles([
    { file: 'gpt-4o.jsonl', records: first },
    { file: 'o1-mini.jsonl', records: second },
  ]);
  const { model } = buildResultsModel(set, ['gpt-4o.jsonl', 'o1-mini.jsonl'], 'GRASP · 40,000 records');
  await page.setViewportSize({ width: 1280, height: 820 });
  await openView(page, server, 'results');
  await sentSome(page, 'ready');
  // The model is put in the page first: the time measured is the view's (postMessage included), not the driver's transfer.
  await page.evaluate((data) => {
    (window as unknown as { __model: unknown }).__model = data;
  }, model);
  const inPage = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const w = window as unknown as { __sent: Array<{ type: string }>; __model: unknown };
        const started = performance.now();
        window.postMessage({ type: 'results', model: w.__model }, '*');
        const poll = () =>
          w.__sent.some((message) => message.type === 'rendered')
            ? resolve(performance.now() - started)
            : setTimeout(poll, 2);
        poll();
      }),
  );
  const rendered = await page.evaluate(() =>
    (window as unknown as { __sent: Array<{ type: string; milliseconds?: number }> }).__sent.find(
      (message) => message.type === 'rendered',
    ),
  );
  await page.locator('#tab-questions').click();
  const filterStarted = performance.now();
  await page.locator('#filter-wrong').check();
  await page.locator('#filter-wrong').uncheck();
  const filterMs = performance.now() - filterStarted;
  return [
    {
      name: 'results view: 40,000 GRASP records drawn (message to drawn, in the page)',
      value: inPage,
      unit: 'ms',
      budget: 2000,
      note: `the view reports ${rendered?.milliseconds} ms`,
    },
    {
      name: 'results view: two filter changes on 40,000 records (clicks included)',
      value: filterMs,
      unit: 'ms',
      budget: 1000,
    },
  ];
}

async function overview(page: Page, server: Server): Promise<BenchRow[]> {
  await page.setViewportSize({ width: 720, height: 480 });
  await openView(page, server, 'overview');
  await sentSome(page, 'ready');
  // Built inside the page: shipping 100,000 objects through the driver would dominate the time.
  const renderMs = await page.evaluate(() => {
    const steps = Array.from({ length: 100_000 }, (_, index) => ({
      number: index,
      action: index % 2 ? 'north' : 'south',
      location: `Room ${index % 97}`,
      line: index * 5,
    }));
    const started = performance.now();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'steps', fileName: 'huge', steps } }));
    return performance.now() - started;
  });
  return [{ name: 'walkthrough overview: 100,000 steps listed', value: renderMs, unit: 'ms', budget: 250 }];
}

export async function benchWebviews(): Promise<BenchRow[]> {
  const browser = await launchChromium();
  const server = await serveRepository();
  const rows: BenchRow[] = [];
  try {
    for (const measure of [mazeFrames, resultsView, overview]) {
      const page = await browser.newPage();
      try {
        rows.push(...(await measure(page, server)));
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}
