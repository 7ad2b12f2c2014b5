// The maze view as a map to read and move around, in headless Chromium:
// it opens fitted and refits on resize, labels follow their on-screen size (level of detail), the
// minimap and the search move the view, routes are told apart by shape (not only colour), two
// answers share one map, the toolbar stays on one row, and pan and zoom on 500 rooms (their frame
// times are measured by `npm run bench`).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectedRoute } from '../../src/core/benchmarks/mango/maze/expectedRoute';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { answerTrajectory } from '../../src/core/benchmarks/mango/maze/trajectory';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import type { MazeGraph, RouteQuestion, Trajectory } from '../../src/protocol/maze';
import { useBrowserHost } from '../support/browser';
import { canvasCentre, PAN_RELEASE, panAndZoom } from '../support/mazeGesture';
import { generatedMaze } from '../support/mazes';
import { samplesDir, testResultsDir } from '../support/paths';

const sampleEdges = JSON.parse(
  readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
) as EdgeRecord[];
const sampleLocations = JSON.parse(
  readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.locations.json'), 'utf8'),
) as string[];
const lighthouse = () =>
  buildMazeGraph('lighthouse', sampleEdges, sampleLocations, { start: 'harbour road', lastStep: 39 });
/** Harbour road → fish market → net loft, as a model writes it. */
const TWO_STEP_ANSWER =
  "[{'location_before': 'harbour road', 'action': 'north', 'location_after': 'fish market'}, {'location_before': 'fish market', 'action': 'up', 'location_after': 'net loft'}]";
/** The sample with a move inserted at the top of edges.json: every edge id (an index into the file) shifts by one. */
const lighthouseWithEdgeFirst = () =>
  buildMazeGraph(
    'lighthouse',
    [{ ...sampleEdges[0], src_node: 'net loft', action: 'jump', dst_node: 'harbour road' }, ...sampleEdges],
    sampleLocations,
    { start: 'harbour road', lastStep: 39 },
  );
/** The drawn line (path data) of each edge id, null where no such edge is drawn. */
const edgeLines = (page: Page, ids: string[]) =>
  page.evaluate(
    (wanted) =>
      wanted.map(
        (id) => document.querySelector(`g[data-edge="${CSS.escape(id)}"] .edge-line`)?.getAttribute('d') ?? null,
      ),
    ids,
  );

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

describe('maze view navigation and routes', function () {
  const host = useBrowserHost();

  async function openMaze(graph: MazeGraph, viewport = { width: 1100, height: 760 }, showAll = false): Promise<Page> {
    const page = await host.browser.newPage({ viewport });
    await page.goto(`${host.server.url}/test/webview/host.html`);
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/maze.js` });
    await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Array<{ type: string }> }).__sent.some((message) => message.type === 'layout'),
    );
    if (showAll) {
      await page.getByRole('button', { name: 'Show all rooms' }).click();
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-node]').length === count,
        graph.nodes.length,
      );
    }
    await settle(page);
    return page;
  }

  /** Two animation frames: the view applies its transform in the next one. */
  const settle = (page: Page) =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  /**
   * Resizes the panel and resolves once the view has answered the resize: the drawing has its new
   * size, its ResizeObserver has run (in the frame after the layout) and the view it scheduled is
   * applied (the frame after that), hence three frames, counted from when the new size shows.
   */
  async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
    const before = await page.locator('svg.maze').evaluate((svg) => `${svg.clientWidth}×${svg.clientHeight}`);
    await page.setViewportSize(viewport);
    await page.waitForFunction((size) => {
      const svg = document.querySelector('svg.maze') as SVGSVGElement;
      return `${svg.clientWidth}×${svg.clientHeight}` !== size;
    }, before);
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        ),
    );
  }

  /** The union of the drawn rooms' and edge lines' screen boxes, and the drawing area's. */
  const boxes = (page: Page) =>
    page.evaluate(() => {
      // Edge lines count: an edge that detours past the outermost room must not be cut off either.
      const rooms = [...document.querySelectorAll('[data-node] rect, svg.maze .edge-line')].map((rect) =>
        rect.getBoundingClientRect(),
      );
      const canvas = (document.querySelector('.maze-canvas') as HTMLElement).getBoundingClientRect();
      const union = {
        left: Math.min(...rooms.map((box) => box.left)),
        top: Math.min(...rooms.map((box) => box.top)),
        right: Math.max(...rooms.map((box) => box.right)),
        bottom: Math.max(...rooms.map((box) => box.bottom)),
      };
      return { union, canvas: { left: canvas.left, top: canvas.top, right: canvas.right, bottom: canvas.bottom } };
    });

  function assertFitted({ union, canvas }: { union: Box; canvas: Box }, what: string): void {
    for (const side of ['left', 'top'] as const)
      assert.ok(
        union[side] >= canvas[side] - 1,
        `${what}: rooms cut off at the ${side} (${union[side]} < ${canvas[side]})`,
      );
    for (const side of ['right', 'bottom'] as const)
      assert.ok(union[side] <= canvas[side] + 1, `${what}: rooms cut off at the ${side}`);
    const fillX = (union.right - union.left) / (canvas.right - canvas.left);
    const fillY = (union.bottom - union.top) / (canvas.bottom - canvas.top);
    // The margins are 16 px plus 24 layout units around the rooms, and room for the rooms at the
    // border to grow with their names when zoomed out (lod.ts): one axis fills the panel.
    assert.ok(
      Math.max(fillX, fillY) > 0.8,
      `${what}: the maze fills ${Math.round(fillX * 100)}% × ${Math.round(fillY * 100)}% of the panel`,
    );
  }

  // As the host sends a question: with core's expected route on the graph at the trajectory's cutoff.
  const postTrajectory = (
    page: Page,
    trajectory: Trajectory,
    compare?: Trajectory,
    question?: RouteQuestion,
    graph = lighthouse(),
  ) =>
    page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'trajectory',
      trajectory,
      compare,
      question: question ? { ...question, expected: expectedRoute(graph, question, trajectory.cutoff) } : undefined,
    });

  it('opens fitted to the panel and refits on resize until the user pans or zooms', async () => {
    const page = await openMaze(lighthouse());
    assertFitted(await boxes(page), 'on open');
    await resize(page, { width: 700, height: 900 });
    assertFitted(await boxes(page), 'after a resize');
    await page.mouse.move(350, 500);
    await page.mouse.wheel(0, -400);
    await settle(page);
    const zoomed = await boxes(page);
    await resize(page, { width: 1000, height: 700 });
    const after = await boxes(page);
    assert.ok(
      Math.abs(after.union.right - after.union.left - (zoomed.union.right - zoomed.union.left)) < 1,
      'a resize keeps the zoom the user chose',
    );
    await page.locator('#fit').click();
    await settle(page);
    assertFitted(await boxes(page), 'after Fit');
    await page.close();
  });

  it('keeps room names legible at fit on 150 rooms', async () => {
    const page = await openMaze(
      buildMazeGraph('generated', generatedMaze(150, 300, 3), [], { start: 'room 0', lastStep: 999 }),
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-150-fit.png') });
    const heights = await page
      .locator('[data-node] text')
      .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
    assert.equal(heights.length, 150);
    assert.ok(
      heights.every((height) => height >= 9),
      `the smallest room name is ${Math.min(...heights).toFixed(1)} px high`,
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-150-fit.png') });
    await page.close();
  });

  it('on 400 rooms: labels hidden at fit and shown once zoomed in; the minimap moves the view; search flies to a room', async () => {
    const graph = buildMazeGraph('generated', generatedMaze(400, 800, 5), [], { start: 'room 0', lastStep: 999 });
    const page = await openMaze(graph, { width: 1100, height: 760 }, true);
    assertFitted(await boxes(page), '400 rooms');
    assert.ok(await page.locator('.maze-minimap').isHidden(), 'no minimap while the whole maze is in view');
    assert.ok(await page.locator('.edge-label').first().isHidden(), 'edge labels are hidden at fit');
    assert.ok(await page.locator('[data-node="room 17"] text').isHidden(), 'room names are hidden at fit');
    assert.ok(
      ((await page.locator('[data-node="room 0"] text').boundingBox())?.height ?? 0) >= 9,
      'the start keeps its name, readable',
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-400-fit.png') });

    // Zooming in by the wheel shows the labels.
    const canvas = (await page.locator('.maze-canvas').boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    for (let turn = 0; turn < 6; turn++) await page.mouse.wheel(0, -200);
    await settle(page);
    const centre = await page.evaluate(
      ({ x, y }) =>
        (
          document
            .elementsFromPoint(x, y)
            .find((element) => element.closest('[data-node]'))
            ?.closest('[data-node]') as SVGGElement | undefined
        )?.dataset.node ?? null,
      { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 },
    );
    const shown = page.locator('svg.maze .edge-label').filter({ visible: true });
    assert.ok((await shown.count()) > 0, 'edge labels show when zoomed in');
    assert.ok(
      (await page.locator('[data-node] text').filter({ visible: true }).count()) > 10,
      `room names show when zoomed in (room at the centre: ${centre})`,
    );
    // The wheel previews the zoom by scaling the last raster; the crisp redraw follows once the
    // wheel rests (panZoom.ts REST_MS): the picture shows what the user reads, not the preview.
    await page.waitForFunction(() => !document.querySelector('svg.maze')?.classList.contains('moving'));
    await settle(page);
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-400-zoomed.png') });

    // The minimap (shown once part of the maze is out of view): a click centres the view on that point.
    const minimap = page.locator('.maze-minimap');
    assert.ok(await minimap.isVisible());
    const transform = () => page.locator('svg.maze .viewport').getAttribute('transform');
    const before = await transform();
    const map = (await minimap.boundingBox()) as { x: number; y: number; width: number; height: number };
    const target = { x: map.x + map.width * 0.25, y: map.y + map.height * 0.3 };
    await page.mouse.click(target.x, target.y);
    await settle(page);
    const frame = (await page.locator('.maze-minimap-frame').boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    assert.ok(
      Math.abs(frame.x + frame.width / 2 - target.x) < 2 && Math.abs(frame.y + frame.height / 2 - target.y) < 2,
      'the view is centred where the minimap was clicked',
    );
    assert.notEqual(await transform(), before, 'the maze moved');

    // Search: the first match is centred, big enough to read, and marked.
    await page.locator('#search input').fill('room 321');
    const found = page.locator('[data-node].found');
    await found.waitFor({ state: 'attached' });
    assert.equal(await found.getAttribute('data-node'), 'room 321');
    // The flight is animated (panZoom.ts FLY_MS): it has landed once the view stops moving.
    const foundCentre = async () => {
      const box = (await found.locator('rect').boundingBox()) as {
        x: number;
        y: number;
        width: number;
        height: number;
      };
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    let landed = await foundCentre();
    for (let moved = true; moved; ) {
      await settle(page);
      const now = await foundCentre();
      moved = Math.abs(now.x - landed.x) > 0.01 || Math.abs(now.y - landed.y) > 0.01;
      landed = now;
    }
    assert.ok(
      Math.abs(landed.x - (canvas.x + canvas.width / 2)) < 3 && Math.abs(landed.y - (canvas.y + canvas.height / 2)) < 3,
      'the view flew to the room',
    );
    assert.ok(((await found.locator('text').boundingBox())?.height ?? 0) >= 9, 'its name is readable');
    await page.close();
  });

  it('tells the expected route, the model route and the active step apart by dash and marker, and never fades the path', async () => {
    const graph = lighthouse();
    const answer = TWO_STEP_ANSWER;
    const page = await openMaze(graph);
    // A stale cutoff (4): most rooms of the route are not known yet there.
    await postTrajectory(
      page,
      answerTrajectory(graph, answer, 'RF harbour road → lamp room · oracle', 'harbour road', 4),
      undefined,
      { task: 'rf', src: 'harbour road', dst: 'lamp room', actions: [] },
    );
    // Attached, not 'visible': a straight horizontal or vertical route segment has an empty bounding box.
    await page.waitForSelector('svg.maze .route-expected', { state: 'attached' });
    // The replay opens at its start: one step on, the model's first move is drawn and active.
    await page.keyboard.press('ArrowRight');
    const style = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const computed = getComputedStyle(element);
          return `${computed.strokeDasharray} | ${element.getAttribute('marker-end') ?? 'no marker'} | ${computed.strokeWidth}`;
        });
    const styles = {
      expected: await style('svg.maze .route-expected'),
      model: await style('svg.maze .route-model'),
      active: await style('svg.maze .route-active'),
    };
    assert.equal(new Set(Object.values(styles)).size, 3, `distinct: ${JSON.stringify(styles)}`);
    assert.notEqual(
      styles.expected.split(' | ')[0],
      styles.model.split(' | ')[0],
      'the expected route and the model route differ in dash, not only colour',
    );
    assert.notEqual(styles.model.split(' | ')[1], styles.active.split(' | ')[1], 'the active step has its own marker');
    const expectedSteps = await page.locator('svg.maze .route-expected').count();
    assert.ok(expectedSteps >= 2, `${expectedSteps} expected steps`);
    // Every room on a route is drawn at full strength, even when unknown at the question's cutoff.
    const faded = await page
      .locator('[data-node].unknown')
      .evaluateAll((nodes) =>
        nodes.map((node) => [
          (node as SVGGElement).dataset.node,
          getComputedStyle(node).opacity,
          node.classList.contains('on-path'),
        ]),
      );
    assert.ok(
      faded.some(([, , onPath]) => onPath),
      'some route rooms are unknown at step 4',
    );
    for (const [name, opacity, onPath] of faded)
      assert.equal(Number(opacity) === 1, onPath, `${name}: opacity ${opacity}`);
    assert.ok((await page.locator('.route-legend-item').count()) >= 4, 'a legend for the routes');
    // The edge names are painted over the routes (document order): the expected route's wide dots
    // covered "up" and "down" along the lighthouse stairs.
    assert.ok(
      await page.locator('svg.maze .viewport > .routes').evaluate((routes) => {
        const labels = routes.parentElement?.querySelector(':scope > .edge-labels');
        return !!labels && !!(routes.compareDocumentPosition(labels) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
      'edge labels are drawn above the routes',
    );
    await page.keyboard.press('ArrowRight');
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-routes.png') });
    // DF: the expected route is the walkthrough's actions from the start.
    await postTrajectory(page, answerTrajectory(graph, answer, 'DF', 'harbour road', 39), undefined, {
      task: 'df',
      src: 'harbour road',
      dst: 'net loft',
      actions: ['north', 'up'],
    });
    await page.waitForFunction(() => document.querySelectorAll('svg.maze .route-expected').length === 2);
    assert.match(await page.locator('.route-legend').innerText(), /walkthrough path/);
    await page.close();
  });

  it('keeps the route legend while stepping and when the same answer comes again (a Play episode after each move)', async () => {
    const graph = lighthouse();
    const answer = TWO_STEP_ANSWER;
    const question: RouteQuestion = { task: 'rf', src: 'harbour road', dst: 'net loft', actions: [] };
    const page = await openMaze(graph);
    await postTrajectory(page, answerTrajectory(graph, answer, 'Play', 'harbour road', 39), undefined, question);
    await page.waitForSelector('.route-legend-item.legend-expected');
    // A mark on the legend's entries: gone if they are built again.
    const marked = () =>
      page
        .locator('.route-legend-item')
        .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.probe === 'kept'));
    await page.locator('.route-legend-item').evaluateAll((items) => {
      for (const item of items) (item as HTMLElement).dataset.probe = 'kept';
    });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.trajectory-detail')?.textContent?.startsWith('Step 1/2'));
    assert.ok((await marked()).every(Boolean), 'stepping keeps the legend');
    const longer = answer.replace(
      /\]$/,
      ", {'location_before': 'net loft', 'action': 'down', 'location_after': 'fish market'}]",
    );
    await postTrajectory(page, answerTrajectory(graph, longer, 'Play', 'harbour road', 39), undefined, question);
    await page.waitForFunction(() => document.querySelectorAll('.trajectory-chips .chip').length === 3);
    assert.ok((await marked()).every(Boolean), 'the same answer one move longer keeps the legend');
    // What the legend says changes with a second answer: then it is built again.
    await postTrajectory(
      page,
      answerTrajectory(graph, answer, 'oracle', 'harbour road', 39),
      answerTrajectory(graph, answer, 'random', 'harbour road', 39),
      question,
    );
    await page.waitForSelector('.route-legend-item.legend-compare');
    assert.ok(!(await marked()).some(Boolean), 'a new legend for two answers');
    await page.close();
  });

  it('draws two answers to one question on one map, distinguishably', async () => {
    const graph = lighthouse();
    const a = answerTrajectory(
      graph,
      "[{'location_before': 'harbour road', 'action': 'north', 'location_after': 'fish market'}, {'location_before': 'fish market', 'action': 'up', 'location_after': 'net loft'}]",
      'oracle',
      'harbour road',
      39,
    );
    const b = answerTrajectory(
      graph,
      "[{'location_before': 'harbour road', 'action': 'north', 'location_after': 'fish market'}, {'location_before': 'fish market', 'action': 'fly', 'location_after': 'lamp room'}]",
      'random',
      'harbour road',
      39,
    );
    const page = await openMaze(graph);
    await postTrajectory(page, a, b, { task: 'rf', src: 'harbour road', dst: 'net loft', actions: [] });
    await page.waitForSelector('.trajectory:not([hidden]) .chip');
    await page.keyboard.press('End');
    // Attached, not 'visible': a straight horizontal or vertical route segment has an empty bounding box.
    await page.waitForSelector('svg.maze .route-compare', { state: 'attached' });
    assert.equal(await page.locator('svg.maze .route-model').count(), 2);
    assert.equal(await page.locator('svg.maze .route-compare').count(), 1, "B's valid step");
    assert.equal(await page.locator('svg.maze .route-expected').count(), 2, 'the expected route under both');
    assert.equal(await page.locator('.ghost-edge.ghost-compare').count(), 1, "B's move that does not exist");
    assert.equal(await page.locator('[data-node].current').getAttribute('data-node'), 'net loft');
    assert.equal(await page.locator('[data-node].current-b').getAttribute('data-node'), 'lamp room');
    const [modelDash, compareDash] = await Promise.all(
      ['svg.maze .route-model', 'svg.maze .route-compare'].map((selector) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => `${getComputedStyle(element).strokeDasharray} ${element.getAttribute('marker-end')}`),
      ),
    );
    assert.notEqual(modelDash, compareDash);
    assert.match(await page.locator('.route-legend').innerText(), /B: random/);
    assert.equal(await page.locator('.trajectory-chips.compare .chip').count(), 2);
    await page.screenshot({ path: join(testResultsDir, 'webview-maze-two-answers.png') });
    await page.close();
  });

  it('after an edit to edges.json, draws the expected route along the edges the host recomputed, never along stale edge ids', async () => {
    const before = lighthouse();
    const question: RouteQuestion = { task: 'rf', src: 'harbour road', dst: 'net loft', actions: [] };
    const answer = TWO_STEP_ANSWER;
    const page = await openMaze(before);
    await postTrajectory(
      page,
      answerTrajectory(before, answer, 'oracle', 'harbour road', 39),
      undefined,
      question,
      before,
    );
    await page.waitForSelector('svg.maze .route-expected', { state: 'attached' });
    const after = lighthouseWithEdgeFirst();
    const stale = expectedRoute(before, question, 39).steps;
    const fresh = expectedRoute(after, question, 39).steps;
    assert.notDeepEqual(
      stale.map((step) => step.edgeId),
      fresh.map((step) => step.edgeId),
      "the edit moves the route's edge ids",
    );
    const bands = () =>
      page.locator('svg.maze .route-expected').evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));
    const lines = (ids: string[]) => edgeLines(page, ids);
    await page.evaluate((graph) => window.postMessage({ type: 'graph', graph }, '*'), after);
    await page.waitForFunction(
      (count) => document.querySelectorAll('svg.maze g[data-edge]').length === count,
      after.edges.length,
    );
    // The redraw before the host's new route: a step whose old id now names another edge is not drawn.
    const right = await lines(fresh.map((step) => step.edgeId));
    for (const band of await bands()) assert.ok(right.includes(band), `a band along ${band}, not an edge of the route`);
    // The host sends the route again, computed on the new graph: the band follows the right edges.
    await page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'route',
      question: { ...question, expected: expectedRoute(after, question, 39) },
    });
    await page.waitForFunction(
      (count) => document.querySelectorAll('svg.maze .route-expected').length === count,
      fresh.length,
    );
    assert.deepEqual(await bands(), right);
    assert.ok(right.every((d) => d !== null));
    await page.close();
  });

  /** Answers A and B (the same two steps) drawn over the sample, and the sample after an edit that moves their edge ids. */
  async function twoAnswersBeforeAnEdit(drawnClass: string) {
    const before = lighthouse();
    const question: RouteQuestion = { task: 'rf', src: 'harbour road', dst: 'net loft', actions: [] };
    const walk = (graph: MazeGraph, title: string) =>
      answerTrajectory(graph, TWO_STEP_ANSWER, title, 'harbour road', 39);
    const page = await openMaze(before);
    await postTrajectory(page, walk(before, 'A'), walk(before, 'B'), question, before);
    await page.waitForSelector('.trajectory:not([hidden]) .chip');
    await page.keyboard.press('End');
    await page.waitForSelector(`svg.maze .${drawnClass}`, { state: 'attached' });
    const after = lighthouseWithEdgeFirst();
    return { before, after, walk, page, freshIds: walk(after, 'A').steps.map((step) => step.edgeId as string) };
  }

  it("after an edit to edges.json, draws the model's answers along the edges of the host's new walk, never along stale edge ids", async () => {
    const { before, after, walk, page, freshIds } = await twoAnswersBeforeAnEdit('route-model');
    const staleIds = walk(before, 'A').steps.map((step) => step.edgeId);
    assert.ok(
      freshIds.every((id) => id !== null),
      'the answer walks edges of the maze',
    );
    assert.notDeepEqual(staleIds, freshIds, "the edit moves the answer's edge ids");
    const drawnRoutes = () =>
      page.evaluate(() =>
        Object.fromEntries(
          ['route-model', 'route-compare', 'route-active'].map((name) => [
            name,
            [...document.querySelectorAll(`svg.maze .${name}`)].map((path) => path.getAttribute('d')),
          ]),
        ),
      );
    const marked = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('svg.maze g[data-edge].walk-valid')]
          .map((edge) => edge.getAttribute('data-edge'))
          .sort(),
      );
    const lines = (ids: string[]) => edgeLines(page, ids);
    await page.evaluate((graph) => window.postMessage({ type: 'graph', graph }, '*'), after);
    await page.waitForFunction(
      (count) => document.querySelectorAll('svg.maze g[data-edge]').length === count,
      after.edges.length,
    );
    // The redraw before the host's new walk: a step whose old id now names another edge is not drawn.
    const right = await lines(freshIds);
    for (const [name, paths] of Object.entries(await drawnRoutes()))
      for (const d of paths) assert.ok(right.includes(d), `a ${name} line along ${d}, not an edge the answer walked`);
    for (const id of await marked()) assert.ok(freshIds.includes(id as string), `edge ${id} marked as walked`);
    // The host walks the answers again on the new graph: they follow the right edges, at the same step.
    await page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'rewalk',
      trajectory: walk(after, 'A'),
      compare: walk(after, 'B'),
    });
    await page.waitForFunction(
      (count) => document.querySelectorAll('svg.maze .route-model').length === count,
      freshIds.length,
    );
    assert.deepEqual(await drawnRoutes(), { 'route-model': right, 'route-compare': right, 'route-active': [right[1]] });
    assert.deepEqual(await marked(), [...freshIds].sort());
    assert.ok(right.every((d) => d !== null));
    // A walk of an answer no longer on show is ignored.
    await page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'rewalk',
      trajectory: walk(before, 'another answer'),
    });
    await settle(page);
    assert.deepEqual((await drawnRoutes())['route-model'], right);
    await page.close();
  });

  it("after an edit to edges.json, applies the host's new walk of A when B could not be walked again, and keeps B as drawn", async () => {
    const { before, after, walk, page, freshIds } = await twoAnswersBeforeAnEdit('route-compare');
    const lines = (ids: string[]) => edgeLines(page, ids);
    const drawn = (name: string) =>
      page.evaluate(
        (cls) => [...document.querySelectorAll(`svg.maze .${cls}`)].map((path) => path.getAttribute('d')),
        name,
      );
    const compareChips = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.trajectory-chips.compare > *')].map((chip) => chip.textContent),
      );
    const chipsOfB = await compareChips();
    assert.equal(chipsOfB.length, 2, "B's two steps are listed");
    await page.evaluate((graph) => window.postMessage({ type: 'graph', graph }, '*'), after);
    await page.waitForFunction(
      (count) => document.querySelectorAll('svg.maze g[data-edge]').length === count,
      after.edges.length,
    );
    const right = await lines(freshIds);
    // Before the new walk, A's stale steps are not drawn along the edges their old ids now name.
    assert.ok(
      (await drawn('route-model')).length < freshIds.length,
      "A's stale steps are held back until the host walks it again",
    );
    // The host walked A again but not B: A follows the new edges; B keeps its chips, drawn only where still right.
    await page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'rewalk',
      trajectory: walk(after, 'A'),
    });
    await page.waitForFunction(
      (count) => document.querySelectorAll('svg.maze .route-model').length === count,
      freshIds.length,
    );
    assert.deepEqual(await drawn('route-model'), right);
    assert.deepEqual(await compareChips(), chipsOfB);
    for (const d of await drawn('route-compare'))
      assert.ok(right.includes(d), `B drawn along ${d}, not an edge it walked`);
    // A walk whose B is another answer than the one on show is ignored, A included.
    await page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'rewalk',
      trajectory: walk(before, 'A'),
      compare: walk(before, 'another answer'),
    });
    await settle(page);
    assert.deepEqual(await drawn('route-model'), right);
    await page.close();
  });

  it('keeps the toolbar on one row at 480 px, and a small maze its room names', async () => {
    for (const width of [480, 800]) {
      const page = await openMaze(lighthouse(), { width, height: 600 });
      // Items a narrow panel hides (the layout select, then in the ⋯ menu) take no row.
      const rows = await page
        .locator('.maze-toolbar > *')
        .evaluateAll((items) =>
          items
            .filter((item) => item.getClientRects().length > 0)
            .map((item) => Math.round(item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2)),
        );
      assert.ok(Math.max(...rows) - Math.min(...rows) <= 4, `${width} px: toolbar items centred at ${rows.join(', ')}`);
      const overflow = await page.locator('.maze-toolbar').evaluate((bar) => bar.scrollWidth - bar.clientWidth);
      assert.ok(overflow <= 0, `${width} px: the toolbar overflows by ${overflow} px`);
      // The cutoff slider keeps a usable width, and the label does not run under the Fit button.
      const [slider, label, fit] = await Promise.all(
        ['#cutoff', '.cutoff span', '#fit'].map((selector) => page.locator(selector).boundingBox()),
      );
      assert.ok(slider && slider.width >= 40, `${width} px: the slider is ${slider?.width} px wide`);
      assert.ok(label && fit && label.x + label.width <= fit.x, `${width} px: the cutoff label runs under Fit`);
      // A small maze keeps every room name, even in a narrow panel.
      assert.equal(await page.locator('[data-node] text').filter({ visible: true }).count(), 13);
      if (width === 480) await page.screenshot({ path: join(testResultsDir, 'webview-maze-480.png') });
      await page.close();
    }
  });

  it('pans and zooms a 500-room maze: the wheel zooms about the pointer, a drag moves the map with it', async () => {
    // Frame times during this gesture are measured by `npm run bench` (bench/webviewBench.ts).
    const graph = buildMazeGraph('generated', generatedMaze(500, 1000, 9), [], { start: 'room 0', lastStep: 999 });
    const page = await openMaze(graph, { width: 1100, height: 760 }, true);
    /** The view once the gesture has rested (the wheel's preview committed): translate(x y) scale(k). */
    const view = async () => {
      await page.waitForFunction(() => !document.querySelector('svg.maze')?.classList.contains('moving'));
      await settle(page);
      const transform = (await page.locator('svg.maze .viewport').getAttribute('transform')) ?? '';
      const [x, y, k] = (/translate\(([-\d.e]+) ([-\d.e]+)\) scale\(([-\d.e]+)\)/.exec(transform) ?? [])
        .slice(1)
        .map(Number);
      assert.ok([x, y, k].every(Number.isFinite), `the view's transform: ${transform}`);
      return { x, y, k };
    };
    // The pointer's position in the drawing's own pixels (the view's transform applies there).
    const pointer = await page.evaluate(
      ({ x, y }) => {
        const parent = (document.querySelector('svg.maze') as SVGSVGElement).parentElement as HTMLElement;
        const box = parent.getBoundingClientRect();
        return { x: x - box.left - parent.clientLeft, y: y - box.top - parent.clientTop };
      },
      await canvasCentre(page),
    );
    const underPointer = (at: { x: number; y: number; k: number }) => ({
      x: (pointer.x - at.x) / at.k,
      y: (pointer.y - at.y) / at.k,
    });
    const views: Record<string, { x: number; y: number; k: number }> = { fit: await view() };
    await panAndZoom(page, async (phase) => {
      views[phase] = await view();
    });
    assert.ok(views['zoom in'].k > views.fit.k * 2, `zoomed from ${views.fit.k} to ${views['zoom in'].k}`);
    const [before, after] = [underPointer(views.fit), underPointer(views['zoom in'])];
    assert.ok(
      Math.abs(before.x - after.x) < 0.5 && Math.abs(before.y - after.y) < 0.5,
      `the point under the pointer stays put: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );
    assert.equal(views.pan.k, views['zoom in'].k, 'a drag does not zoom');
    assert.ok(
      Math.abs(views.pan.x - views['zoom in'].x - PAN_RELEASE.dx) < 1 &&
        Math.abs(views.pan.y - views['zoom in'].y - PAN_RELEASE.dy) < 1,
      'the map moved with the drag',
    );
    assert.ok(views['zoom out'].k < views.pan.k / 2, `zoomed back out from ${views.pan.k} to ${views['zoom out'].k}`);
    assert.equal(await page.locator('[data-node]').count(), 500, 'every room is still drawn');
    await page.close();
  });
});
