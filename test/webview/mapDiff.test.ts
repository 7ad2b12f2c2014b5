// The map diff overlay (issue 17) in headless Chromium on zork1's real maze: a crafted map (two
// moves dropped, a move that does not exist, a typo'd room name, a wrong action, and a ghost room
// whose name is markup) drawn over the maze at step 70. The drawn counts must equal core's overlay,
// names stay text, the legend and summary are there; screenshots for one model and two side by side.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { diffMap, type MapMove, mazeAtCutoff } from '../../src/core/benchmarks/mango/scoring/mapDiff';
import { expectedMapDiffCounts, type MapDiffPane, mapDiffPane } from '../../src/core/benchmarks/mango/maze/mapDiffView';
import { answerTrajectory } from '../../src/core/benchmarks/mango/maze/trajectory';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import type { MazeGraph } from '../../src/protocol/maze';
import { useBrowserHost } from '../support/browser';
import { sharedDataDir, sharedDataMissingReason, testResultsDir } from '../support/paths';

interface Sent {
  type: string;
  [key: string]: unknown;
}

const CUTOFF = 70;
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

/** The true map at the cutoff, edited as the brief says: each change is checked to have its effect. */
function craftedMap(truth: readonly MapMove[]): MapMove[] {
  const moves = truth.map((move) => ({ ...move }));
  // A wrong action on a pair of rooms joined by one move only.
  const single = moves.findIndex(
    (move) =>
      moves.filter((other) => other.src === move.src && other.dst === move.dst).length === 1 && move.src !== 'kitchen',
  );
  moves[single] = { ...moves[single], action: 'jump' };
  // Two moves dropped (neither the wrong-action one nor one into the typo'd room).
  const dropped = moves
    .flatMap((move, index) => (index !== single && move.src !== 'kitchen' && move.dst !== 'kitchen' ? [index] : []))
    .slice(-2);
  const kept = moves.filter((_, index) => !dropped.includes(index));
  // One room's name with a typo everywhere it is written.
  const typoed = kept.map((move) => ({
    src: move.src === 'kitchen' ? 'kitchn' : move.src,
    action: move.action,
    dst: move.dst === 'kitchen' ? 'kitchn' : move.dst,
  }));
  // A move between two rooms the maze does not join, and one to a room that does not exist.
  typoed.push(
    { src: 'attic', action: 'east', dst: 'round room' },
    { src: 'west of house', action: 'south', dst: HOSTILE },
  );
  return typoed;
}

describe('map diff overlay on the maze view', function () {
  const host = useBrowserHost();
  const dir = join(sharedDataDir, 'mango', 'zork1');
  let graph: MazeGraph;
  let records: EdgeRecord[];

  before(function () {
    if (!existsSync(join(dir, 'zork1.edges.json'))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    records = JSON.parse(readFileSync(join(dir, 'zork1.edges.json'), 'utf8')) as EdgeRecord[];
    const locations = JSON.parse(readFileSync(join(dir, 'zork1.locations.json'), 'utf8')) as string[];
    graph = buildMazeGraph('zork1', records, locations, { lastStep: CUTOFF });
  });

  const sent = (page: Page) => page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent);

  async function openDiff(
    panes: MapDiffPane[],
    viewport: { width: number; height: number },
  ): Promise<{ page: Page; drawn: Array<{ model: string; counts: Record<string, number> }> }> {
    const page = await host.browser.newPage({ viewport });
    await page.goto(`${host.server.url}/test/webview/host.html`);
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/maze.js` });
    await page.evaluate((data) => window.postMessage({ type: 'graph', graph: data }, '*'), graph);
    await page.evaluate((data) => window.postMessage({ type: 'mapDiff', panes: data }, '*'), panes);
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Sent[] }).__sent.some((message) => message.type === 'mapDiffDrawn'),
    );
    const drawn = (
      (await sent(page)).find((message) => message.type === 'mapDiffDrawn') as unknown as {
        panes: Array<{ model: string; counts: Record<string, number> }>;
      }
    ).panes;
    return { page, drawn };
  }

  it("draws a crafted zork1 map's diff with core's counts, names as text, a legend and a summary", async function () {
    if (!records) this.skip();
    const truth = mazeAtCutoff(records, CUTOFF);
    const diff = diffMap(truth, craftedMap(truth), CUTOFF);
    // The crafted changes have the effects they were made for.
    assert.equal(diff.edges.missing, 3, 'two dropped moves, and the true move under the wrong action');
    assert.equal(diff.edges.wrongAction, 1);
    assert.equal(diff.modelEdges.filter((edge) => edge.status === 'hallucinated').length, 2);
    assert.deepEqual(
      diff.alignment.find((entry) => entry.model === 'kitchn'),
      { model: 'kitchn', truth: 'kitchen', rule: 'edit', distance: 1 },
    );
    const pane = mapDiffPane(diff, `gpt-4o ${HOSTILE}`, 'map.txt');
    const { page, drawn } = await openDiff([pane], { width: 1400, height: 1000 });
    const expected = expectedMapDiffCounts(pane.overlay);
    assert.deepEqual(drawn, [{ model: pane.model, counts: expected }]);
    // Counted again on the page, by what a reader sees.
    const onMap = (selector: string) => page.locator(`.mapdiff-panes ${selector}`);
    assert.equal(await onMap('g.edge.diff-missing').count(), 2);
    assert.equal(await onMap('g.edge.diff-wrong-action').count(), 1, 'the true move under the wrong action');
    assert.equal(
      await onMap('g.edge.diff-missing .edge-line').evaluateAll(
        (lines) => lines.filter((line) => getComputedStyle(line).strokeDasharray !== 'none').length,
      ),
      2,
      'missing edges are dashed',
    );
    assert.equal(await onMap('.diff-hallucinated').count(), 2);
    assert.equal(
      await onMap('.diff-hallucinated .diff-cross').count(),
      2,
      'hallucinated moves carry a cross, not only a colour',
    );
    assert.equal(await onMap('.diff-wrong-mark').count(), 1);
    const wrong = diff.modelEdges.find((edge) => edge.status === 'wrong-action');
    assert.equal(await onMap('.diff-wrong-mark text').textContent(), `jump ≠ ${wrong?.trueActions?.join('/')}`);
    assert.match((await onMap('.diff-wrong-mark title').textContent()) ?? '', /by (north|south|east|west|up|down|\w+)/);
    assert.equal(await onMap('.diff-ghost-room').count(), 1);
    assert.equal(await onMap('.diff-ghost-room text').textContent(), HOSTILE);
    assert.equal(await page.locator('svg img, svg foreignObject, .mapdiff img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(await page.locator('.mapdiff-model').textContent(), pane.model);
    assert.equal(await page.locator('.mapdiff-legend .mapdiff-legend-item').count(), 9);
    const summary = await page.locator('.mapdiff-summary').innerText();
    assert.match(summary, new RegExp(`F1 ${(diff.edges.f1 * 100).toFixed(1)}%`));
    assert.match(summary, /kitchn → kitchen \(edit 1\)/);
    assert.match(summary, /31 correct · 2 missing · 1 wrong action · 2 hallucinated/);
    assert.match(summary, /maze at step 70 · faithful/);
    // Only the maze at the cutoff is drawn: zork1's later rooms would shrink the ones that matter.
    assert.equal(
      await page.locator('.mapdiff [data-node]').count(),
      new Set(truth.flatMap((move) => [move.src, move.dst])).size,
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-map-diff-zork1.png') });
    await page.close();
  });

  it('draws two models side by side, each with its own overlay and name', async function () {
    if (!records) this.skip();
    const truth = mazeAtCutoff(records, CUTOFF);
    const first = mapDiffPane(diffMap(truth, craftedMap(truth), CUTOFF), 'gpt-4o', 'maps.jsonl');
    // A sparser map that writes one room two ways ("templ", a typo, leaving it, "temple" entering it): a
    // split room (a change of case alone would be the same room).
    const sparse = truth
      .filter((_, index) => index % 3 !== 0)
      .map((move) => (move.src === 'temple' ? { ...move, src: 'templ' } : move));
    const second = mapDiffPane(diffMap(truth, sparse, CUTOFF), 'claude-3', 'maps.jsonl');
    const { page, drawn } = await openDiff([first, second], { width: 1800, height: 950 });
    assert.deepEqual(drawn, [
      { model: 'gpt-4o', counts: expectedMapDiffCounts(first.overlay) },
      { model: 'claude-3', counts: expectedMapDiffCounts(second.overlay) },
    ]);
    assert.equal(await page.locator('.mapdiff-pane').count(), 2);
    assert.deepEqual(await page.locator('.mapdiff-model').allTextContents(), ['gpt-4o', 'claude-3']);
    const [left, right] = await page
      .locator('.mapdiff-pane')
      .evaluateAll((panes) => panes.map((pane) => pane.getBoundingClientRect().x));
    assert.ok(right > left + 500, 'the panes sit side by side');
    assert.equal(
      await page.locator('.mapdiff-pane').nth(1).locator('g.edge.diff-missing').count(),
      expectedMapDiffCounts(second.overlay).missing,
    );
    assert.equal(await page.locator('.mapdiff-pane').nth(1).locator('.diff-badge-split').count(), 1);
    assert.match(
      (await page.locator('.mapdiff-pane').nth(1).locator('.diff-badge-split title').textContent()) ?? '',
      /temple is named (templ and temple|temple and templ)/,
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-map-diff-side-by-side.png') });
    await page.close();
  });

  it('stacks the two models in a narrow panel, where side by side would be unreadable', async function () {
    if (!records) this.skip();
    const truth = mazeAtCutoff(records, CUTOFF);
    const pane = (model: string) => mapDiffPane(diffMap(truth, truth, CUTOFF), model, 'maps.jsonl');
    const { page } = await openDiff([pane('a'), pane('b')], { width: 700, height: 1000 });
    const boxes = await page
      .locator('.mapdiff-pane')
      .evaluateAll((panes) =>
        panes
          .map((element) => element.getBoundingClientRect())
          .map((box) => ({ x: box.x, y: box.y, height: box.height })),
      );
    assert.equal(boxes[0].x, boxes[1].x);
    assert.ok(boxes[1].y >= boxes[0].y + boxes[0].height, 'the second pane sits under the first');
    assert.ok(boxes[1].height > 250, `each pane keeps a usable height (${boxes[1].height} px)`);
    await page.screenshot({ path: join(testResultsDir, 'webview-map-diff-narrow.png') });
    await page.close();
  });

  it('leaves the map diff when an answer is stepped on the maze', async function () {
    if (!records) this.skip();
    const truth = mazeAtCutoff(records, CUTOFF);
    const { page } = await openDiff([mapDiffPane(diffMap(truth, truth, CUTOFF), 'oracle', 'map.txt')], {
      width: 1100,
      height: 760,
    });
    assert.equal(await page.locator('.mapdiff-panes g.edge.diff-missing').count(), 0);
    assert.equal(await page.locator('.mapdiff-panes g.edge.diff-correct').count(), truth.length);
    const trajectory = answerTrajectory(
      graph,
      "[{'location_before': 'west of house', 'action': 'north', 'location_after': 'north of house'}]",
      'RF',
      'west of house',
      CUTOFF,
    );
    await page.evaluate((data) => window.postMessage({ type: 'trajectory', trajectory: data }, '*'), trajectory);
    await page.waitForFunction(() => document.querySelectorAll('.mapdiff-pane').length === 0);
    assert.ok(await page.locator('.maze-canvas').first().isVisible());
    await page.close();
  });
});
