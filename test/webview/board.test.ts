// The board view bundle in headless Chromium behind the test host: GRASP-like and BabyAI-like
// grids (cells, doors by state, the agent's heading, Figure-2 path marks), Hanoi rods, a Bandits
// table and a text observation; timeline stepping by button, slider and keyboard; hover
// coordinates; authoring gestures reported to the host; data inserted as text; export; and
// screenshots in dark, light and high-contrast themes.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type {
  BoardFrame,
  BoardPathMark,
  BoardTimeline,
  GridCell,
  GridScene,
  HostToBoardMessage,
} from '../../src/protocol/board';
import { postToView, useBrowserHost } from '../support/browser';
import { parseEpisodeLog } from '../../src/core/benchmarks/smartplay/episodeLog';
import { smartplayTimelineOfFile } from '../../src/core/benchmarks/smartplay/boardTimeline';
import { graspTimeline as coreGraspTimeline } from '../../src/core/benchmarks/grasp/boardTimeline';
import { greedySearch } from '../../src/core/benchmarks/grasp/baselines';
import { parseGraspGridFile } from '../../src/core/benchmarks/grasp/gridFile';
import { simulate } from '../../src/core/benchmarks/grasp/simulator';
import { refusedMovesTimeline } from '../support/hanoiEpisodes';
import { samplesDir, testResultsDir } from '../support/paths';

interface Sent {
  type: string;
  [key: string]: unknown;
}

// ---- fixtures: hand-built plain data, as the extension would send it --------------------------

/** An 11×11 GRASP-like grid ([row, col] shown as row/col), obstacles and energy. */
function graspCells(taken: ReadonlyArray<[number, number]> = []): GridCell[] {
  const cells: GridCell[] = [];
  for (let y = 0; y < 11; y++) {
    for (let x = 0; x < 11; x++) {
      if ((x === 6 && y === 4) || (x === 2 && y >= 7 && y <= 8) || (x === 8 && y === 1))
        cells.push({ x, y, kind: 'obstacle' });
      else {
        const value = (x * 7 + y * 3) % 5 === 0 ? 0 : ((x + 2 * y) % 4) + (x === 6 && y === 5 ? 2 : 0);
        const minus = taken.filter(([tx, ty]) => tx === x && ty === y).length;
        cells.push({ x, y, kind: 'energy', value: Math.max(0, value - minus) });
      }
    }
  }
  return cells;
}

function graspTimeline(): BoardTimeline {
  const start = { x: 5, y: 5 };
  // Moves: RIGHT, TAKE (ok), UP (blocked by the obstacle at col 6, row 4), TAKE (ok), DOWN, TAKE (empty: fails), LEFT, LEFT, UP
  const script: Array<{
    action: string;
    to: { x: number; y: number };
    mark: BoardPathMark['mark'] | null;
    flags: BoardFrame['flags'];
    take?: boolean;
  }> = [
    { action: 'RIGHT', to: { x: 6, y: 5 }, mark: 'arrow', flags: [] },
    { action: 'TAKE', to: { x: 6, y: 5 }, mark: 'star', flags: ['takeSucceeded'], take: true },
    { action: 'UP', to: { x: 6, y: 5 }, mark: 'cross', flags: ['blocked', 'noop'] },
    { action: 'TAKE', to: { x: 6, y: 5 }, mark: 'star', flags: ['takeSucceeded'], take: true },
    { action: 'DOWN', to: { x: 6, y: 6 }, mark: 'arrow', flags: [] },
    { action: 'TAKE', to: { x: 6, y: 6 }, mark: 'ring', flags: ['takeFailed'] },
    { action: 'LEFT', to: { x: 5, y: 6 }, mark: 'arrow', flags: [] },
    { action: 'JUMP', to: { x: 5, y: 6 }, mark: null, flags: ['invalid'] },
    { action: 'UP', to: { x: 5, y: 5 }, mark: 'arrow', flags: [] },
  ];
  const scene = (at: { x: number; y: number }, taken: Array<[number, number]>): GridScene => ({
    kind: 'grid',
    width: 11,
    height: 11,
    cells: graspCells(taken),
    agent: { x: at.x, y: at.y },
    start,
    coordinateSystem: 'rowcol',
    energyMax: 5,
  });
  const frames: BoardFrame[] = [
    {
      scene: scene(start, []),
      action: null,
      facts: [
        { label: 'carried', value: '0' },
        { label: 'steps left', value: '20' },
        { label: 'score', value: '0' },
      ],
    },
  ];
  const path: BoardPathMark[] = [];
  const taken: Array<[number, number]> = [];
  let at = start;
  script.forEach((step, index) => {
    const frame = index + 1;
    if (step.take) taken.push([at.x, at.y]);
    if (step.mark === 'arrow') path.push({ frame, from: at, to: step.to, mark: 'arrow' });
    else if (step.mark === 'cross') path.push({ frame, from: at, to: { x: at.x, y: at.y - 1 }, mark: 'cross' });
    else if (step.mark) path.push({ frame, from: at, to: at, mark: step.mark });
    at = step.to;
    frames.push({
      scene: scene(at, [...taken]),
      action: step.action,
      flags: step.flags,
      note: step.flags?.includes('invalid') ? 'not an action: ignored' : undefined,
      facts: [
        { label: 'carried', value: String(taken.length) },
        { label: 'steps left', value: String(20 - frame) },
        {
          label: 'score',
          value: (taken.length - 0.3 * frame).toFixed(1),
          tone: taken.length - 0.3 * frame > 0 ? 'good' : 'bad',
        },
      ],
    });
  });
  return { title: 'GRASP grid 17 · o1-mini', frames, path };
}

/** A BabyAI-like 9×7 world: two rooms, doors open/closed/locked, keys, a ball, a box with a key. */
function babyaiScene(agent: GridScene['agent'], extra: Partial<GridScene> = {}): GridScene {
  const cells: GridCell[] = [];
  for (let x = 0; x < 9; x++) {
    cells.push({ x, y: 0, kind: 'wall' }, { x, y: 6, kind: 'wall' });
  }
  for (let y = 1; y < 6; y++) {
    cells.push({ x: 0, y, kind: 'wall' }, { x: 8, y, kind: 'wall' });
    if (y === 2) cells.push({ x: 4, y, kind: 'door', color: 'yellow', state: 'locked' });
    else if (y === 4) cells.push({ x: 4, y, kind: 'door', color: 'green', state: 'open' });
    else if (y === 5) cells.push({ x: 4, y, kind: 'door', color: 'blue', state: 'closed' });
    else cells.push({ x: 4, y, kind: 'wall' });
  }
  cells.push(
    { x: 1, y: 1, kind: 'key', color: 'yellow' },
    { x: 3, y: 4, kind: 'ball', color: 'red' },
    { x: 6, y: 3, kind: 'box', color: 'purple', contains: { kind: 'key', color: 'green' } },
    { x: 7, y: 1, kind: 'ball', color: 'grey' },
    { x: 6, y: 5, kind: 'key', color: 'blue' },
  );
  return {
    kind: 'grid',
    width: 9,
    height: 7,
    cells,
    agent,
    coordinateSystem: 'xy',
    mission: 'pick up the purple box',
    ...extra,
  };
}

function babyaiTimeline(): BoardTimeline {
  const agents: Array<{
    action: string | null;
    agent: NonNullable<GridScene['agent']>;
    flags?: BoardFrame['flags'];
    subgoals: string[];
  }> = [
    { action: null, agent: { x: 2, y: 3, dir: 0 }, subgoals: ['GoNextTo(yellow key)', 'Pickup', 'Open(yellow door)'] },
    {
      action: 'left',
      agent: { x: 2, y: 3, dir: 3 },
      subgoals: ['GoNextTo(yellow key)', 'Pickup', 'Open(yellow door)'],
    },
    {
      action: 'forward',
      agent: { x: 2, y: 2, dir: 3 },
      subgoals: ['GoNextTo(yellow key)', 'Pickup', 'Open(yellow door)'],
    },
    { action: 'left', agent: { x: 2, y: 2, dir: 2 }, subgoals: ['Pickup', 'Open(yellow door)'] },
    { action: 'toggle', agent: { x: 2, y: 2, dir: 2 }, flags: ['noop'], subgoals: ['Pickup', 'Open(yellow door)'] },
    { action: 'left', agent: { x: 2, y: 2, dir: 1 }, subgoals: ['Pickup', 'Open(yellow door)'] },
  ];
  return {
    title: 'BabyAI · BossLevel seed 166 · expert plan',
    frames: agents.map((step, index) => ({
      scene: babyaiScene(step.agent),
      action: step.action,
      flags: step.flags,
      facts: [
        { label: 'carrying', value: 'nothing' },
        { label: 'reward', value: '0' },
        { label: 'mission', value: index === 5 ? 'in progress' : 'not done' },
      ],
      subgoals: step.subgoals,
    })),
  };
}

function hanoiTimeline(): BoardTimeline {
  const states = [
    [[2, 1, 0], [], []],
    [[2, 1], [], [0]],
    [[2], [1], [0]],
    [[2], [1, 0], []],
  ];
  const actions = [
    null,
    'Move the top disk of rod A to the top of rod C',
    'Move the top disk of rod A to the top of rod B',
    'Move the top disk of rod C to the top of rod B',
  ];
  return {
    title: 'Hanoi3Disk · solver',
    frames: states.map((rods, index) => ({
      scene: { kind: 'hanoi', rods, disks: 3 },
      action: actions[index],
      facts: [{ label: 'score', value: (index / 7).toFixed(2) }],
    })),
  };
}

function banditsTimeline(): BoardTimeline {
  const rows: string[][] = [];
  const frames: BoardFrame[] = [
    { scene: { kind: 'table', columns: ['step', 'choice', 'reward', 'score'], rows: [] }, action: null },
  ];
  const choices = ['pull lever 1', 'pull lever 2', 'pull lever 2', 'pull lever 3?'];
  choices.forEach((choice, index) => {
    rows.push([String(index + 1), choice, String(index % 2), String(Math.floor((index + 1) / 2))]);
    frames.push({
      scene: { kind: 'table', columns: ['step', 'choice', 'reward', 'score'], rows: rows.map((row) => [...row]) },
      action: choice,
      flags: index === 3 ? ['invalid'] : [],
      facts: [{ label: 'reward', value: String(index % 2) }],
    });
  });
  return { title: 'BanditTwoArmedHighLowFixed', frames };
}

// ---- harness ------------------------------------------------------------------------------------

const LIGHT = `:root { --vscode-foreground: #3b3b3b; --vscode-editor-background: #ffffff; --vscode-descriptionForeground: #717171; --vscode-panel-border: #e5e5e5; --vscode-list-activeSelectionBackground: #e4e6f1; --vscode-list-activeSelectionForeground: #000; --vscode-button-secondaryBackground: #e5e5e5; --vscode-button-secondaryForeground: #3b3b3b; --vscode-focusBorder: #005fb8; --vscode-charts-blue: #1a85ff; --vscode-charts-red: #e51400; --vscode-charts-green: #388a34; --vscode-charts-orange: #d18616; --vscode-charts-yellow: #bf8803; --vscode-input-background: #fff; --vscode-input-foreground: #3b3b3b; --vscode-input-border: #cecece; }`;
const HIGH_CONTRAST = `:root { --vscode-foreground: #ffffff; --vscode-editor-background: #000000; --vscode-descriptionForeground: #ffffff; --vscode-panel-border: #6fc3df; --vscode-focusBorder: #f38518; --vscode-button-secondaryBackground: #000; --vscode-button-border: #6fc3df; --vscode-list-activeSelectionBackground: #000; --vscode-list-activeSelectionForeground: #fff; }`;

describe('board view webview', function () {
  const host = useBrowserHost();

  async function openBoard(
    message: HostToBoardMessage,
    options: { theme?: 'light' | 'hc'; viewport?: { width: number; height: number } } = {},
  ): Promise<Page> {
    const page = await host.browser.newPage({ viewport: options.viewport ?? { width: 1100, height: 760 } });
    await page.goto(`${host.server.url}/test/webview/host.html`);
    if (options.theme) {
      await page.addStyleTag({ content: options.theme === 'light' ? LIGHT : HIGH_CONTRAST });
      await page.evaluate(
        (kind) => document.body.classList.add(kind === 'light' ? 'vscode-light' : 'vscode-high-contrast'),
        options.theme,
      );
    }
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/board.js` });
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Sent[] }).__sent.some((sent) => sent.type === 'ready'),
    );
    await post(page, message);
    return page;
  }

  const post = (page: Page, message: HostToBoardMessage) => postToView(page, message);
  const sent = (page: Page) => page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent);
  const lastSent = async (page: Page) => (await sent(page)).at(-1);
  const fact = (page: Page, label: string) => page.locator(`.board-facts dd[data-fact="${label}"]`).innerText();
  /** The centre of cell (x, y) on screen. */
  async function cellCentre(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
    return page.evaluate(
      ({ x: cx, y: cy }) => {
        const svg = document.querySelector('svg.board-svg.grid') as SVGSVGElement;
        const board = svg.querySelector('.board') as SVGGElement;
        const point = new DOMPoint((cx + 0.5) * 36, (cy + 0.5) * 36).matrixTransform(board.getScreenCTM() as DOMMatrix);
        return { x: point.x, y: point.y };
      },
      { x, y },
    );
  }

  it('draws a GRASP grid with energy, obstacles and start, and the Figure 2 path as it steps', async () => {
    const timeline = graspTimeline();
    const page = await openBoard({ type: 'timeline', timeline });
    assert.equal(await page.locator('g.cell').count(), 121);
    assert.equal(await page.locator('g.cell[data-kind="obstacle"]').count(), 4);
    assert.equal(await page.locator('.start-mark[data-x="5"][data-y="5"]').count(), 1);
    assert.equal(await page.locator('svg.grid g.agent.undirected').count(), 1);
    assert.equal(await page.locator('#timeline-step').innerText(), 'Start · 9 steps');
    assert.equal(await page.locator('svg.grid .path-mark').count(), 0, 'no marks before the first step');

    await page.locator('#timeline-last').click();
    assert.equal(await page.locator('#timeline-step').innerText(), 'Step 9 of 9');
    assert.equal(await page.locator('svg.grid .path-mark.mark-arrow').count(), 4);
    assert.equal(await page.locator('svg.grid .path-mark.mark-star').count(), 2);
    assert.equal(await page.locator('svg.grid .path-mark.mark-cross').count(), 1);
    assert.equal(await page.locator('svg.grid .path-mark.mark-ring').count(), 1);
    assert.equal(await fact(page, 'carried'), '2');
    assert.deepEqual(await lastSent(page), { type: 'frame', index: 9 });
    // The cross sits on the border between (6, 5) and the obstacle above it.
    const cross = await page.locator('svg.grid .mark-cross').boundingBox();
    const blocked = await cellCentre(page, 6, 5);
    const obstacle = await cellCentre(page, 6, 4);
    assert.ok(
      cross &&
        Math.abs(cross.x + cross.width / 2 - blocked.x) < 2 &&
        Math.abs(cross.y + cross.height / 2 - (blocked.y + obstacle.y) / 2) < 2,
    );
    assert.equal(
      await page.locator('.board-legend li[data-symbol="agent"] .agent.undirected').count(),
      1,
      'a disc, as on the grid',
    );
    assert.deepEqual(
      await page
        .locator('.board-legend li')
        .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.symbol)),
      ['agent', 'energy', 'obstacle', 'start', 'arrow', 'star', 'ring', 'cross'],
    );
    await page.locator('.timeline-chip[data-frame="9"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(testResultsDir, 'webview-board-grasp.png') });

    // Step back to frame 3 with the keyboard: the blocked UP is current and flagged.
    for (let index = 0; index < 6; index++) await page.keyboard.press('ArrowLeft');
    assert.equal(await page.locator('#timeline-step').innerText(), 'Step 3 of 9');
    assert.match(await page.locator('#timeline-action').innerText(), /UP\s*blocked\s*no-op/);
    assert.equal(await page.locator('svg.grid .path-mark.mark-cross.current').count(), 1);
    assert.equal(await page.locator('svg.grid .path-mark.mark-star').count(), 1);
    assert.equal(await fact(page, 'carried'), '1');
    assert.equal(await fact(page, 'steps left'), '17');
    assert.deepEqual(
      (await sent(page)).filter((message) => message.type === 'frame').map((message) => message.index),
      [9, 8, 7, 6, 5, 4, 3],
    );
    assert.ok(
      await page.locator('.timeline-chip[data-frame="8"]').evaluate((chip) => chip.classList.contains('flag-invalid')),
    );
    // The chip styles are explained under the strip, for the flags this run has, in the same style.
    assert.deepEqual(await page.locator('#timeline-key .key-chip').allInnerTexts(), [
      'invalid',
      'no-op',
      'blocked',
      'take succeeded',
      'take failed',
    ]);
    const style = (selector: string) =>
      page
        .locator(selector)
        .evaluate((element) => [
          getComputedStyle(element).textDecorationLine,
          getComputedStyle(element).borderLeftColor,
        ]);
    assert.deepEqual(
      await style('#timeline-key .key-chip.flag-invalid'),
      await style('.timeline-chip[data-frame="8"]'),
    );

    await page.keyboard.press('Home');
    assert.equal(await page.locator('#timeline-step').innerText(), 'Start · 9 steps');
    assert.ok(await page.locator('#timeline-prev').isDisabled());
    await page.keyboard.press('End');
    assert.equal(await page.locator('#timeline-step').innerText(), 'Step 9 of 9');
    await page.locator('#timeline-slider').fill('4');
    assert.equal(await page.locator('#timeline-step').innerText(), 'Step 4 of 9');
    assert.deepEqual(await lastSent(page), { type: 'frame', index: 4 });

    // Hover: GRASP coordinates are row/col; the agent disc repeats the cell's energy.
    const hover = await cellCentre(page, 6, 4);
    await page.mouse.move(hover.x, hover.y);
    assert.equal(await page.locator('#board-status').innerText(), 'row 4, col 6 · obstacle');
    const home = await cellCentre(page, 5, 5);
    await page.mouse.move(home.x, home.y);
    assert.match(await page.locator('#board-status').innerText(), /^row 5, col 5 · energy \d+ · start$/);
    await page.close();
  });

  it('follows the host: select moves the frame without echoing it', async () => {
    const page = await openBoard({ type: 'timeline', timeline: graspTimeline(), frame: 2 });
    assert.equal(await page.locator('#timeline-step').innerText(), 'Step 2 of 9');
    await post(page, { type: 'select', frame: 6 });
    assert.equal(await page.locator('#timeline-step').innerText(), 'Step 6 of 9');
    assert.equal((await sent(page)).filter((message) => message.type === 'frame').length, 0);
    await page.close();
  });

  it('draws a BabyAI world: walls, doors by state, keys, ball, box, and the agent pointing its way', async () => {
    const page = await openBoard({ type: 'timeline', timeline: babyaiTimeline() });
    assert.equal(await page.locator('g.cell[data-kind="wall"]').count(), 30);
    assert.deepEqual(
      await page
        .locator('g.cell[data-kind="door"]')
        .evaluateAll((doors) =>
          doors.map((door) => `${(door as SVGGElement).dataset.color}:${(door as SVGGElement).dataset.state}`).sort(),
        ),
      ['blue:closed', 'green:open', 'yellow:locked'],
    );
    assert.equal(await page.locator('svg.grid .sym.key').count(), 3, 'two keys on the floor and one in the box');
    assert.equal(await page.locator('svg.grid .sym.box .contents.key').count(), 1);
    assert.equal(await page.locator('svg.grid .sym.ball').count(), 2);
    assert.equal(await page.locator('.mission-text').innerText(), 'pick up the purple box');
    assert.equal(
      await page.locator('.board-mission .mission-label').textContent(),
      'Mission',
      "BabyAI's text is its mission",
    );
    assert.equal(await page.locator('.board-subgoals li').first().innerText(), 'GoNextTo(yellow key)');
    await page.screenshot({ path: join(testResultsDir, 'webview-board-babyai.png') });

    // The triangle's tip points east, north, west, south as the agent turns.
    const tip = () =>
      page.evaluate(() => {
        const polygon = document.querySelector('.agent polygon') as SVGPolygonElement;
        const cell = document.querySelector('.agent-cell') as SVGGElement;
        const matrix = polygon.getScreenCTM() as DOMMatrix;
        const point = new DOMPoint(polygon.points.getItem(1).x, polygon.points.getItem(1).y).matrixTransform(matrix);
        const box = cell.getBoundingClientRect();
        const dx = point.x - (box.x + box.width / 2);
        const dy = point.y - (box.y + box.height / 2);
        return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'east' : 'west') : dy > 0 ? 'south' : 'north';
      });
    assert.equal(await tip(), 'east');
    await page.locator('#timeline-next').click();
    assert.equal(await tip(), 'north');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await tip(), 'west');
    assert.equal(await page.locator('.board-subgoals li.top').innerText(), 'Pickup');
    await page.keyboard.press('ArrowRight');
    assert.match(await page.locator('#timeline-action').innerText(), /toggle\s*no-op/);
    assert.ok(await page.locator('.timeline-chip.current').evaluate((chip) => chip.classList.contains('flag-noop')));
    await page.keyboard.press('End');
    assert.equal(await tip(), 'south');
    assert.equal(await fact(page, 'mission'), 'in progress');

    const door = await cellCentre(page, 4, 2);
    await page.mouse.move(door.x, door.y);
    assert.equal(await page.locator('#board-status').innerText(), '(4, 2) · locked yellow door');
    const box = await cellCentre(page, 6, 3);
    await page.mouse.move(box.x, box.y);
    assert.equal(await page.locator('#board-status').innerText(), '(6, 3) · purple box holding a green key');
    const agent = await cellCentre(page, 2, 2);
    await page.mouse.move(agent.x, agent.y);
    assert.equal(await page.locator('#board-status').innerText(), '(2, 2) · empty · agent facing south');
    await page.close();
  });

  it('draws Tower of Hanoi rods and steps through the moves', async () => {
    const page = await openBoard({ type: 'timeline', timeline: hanoiTimeline() });
    const rods = () =>
      page
        .locator('g.rod')
        .evaluateAll((groups) =>
          groups.map((group) =>
            [...group.querySelectorAll<SVGGElement>('.disk')].map((disk) => Number(disk.dataset.size)),
          ),
        );
    assert.deepEqual(await rods(), [[2, 1, 0], [], []]);
    const widths = await page
      .locator('.disk rect')
      .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('width'))));
    assert.ok(widths[0] > widths[1] && widths[1] > widths[2], 'bigger disks are wider');
    await page.locator('#timeline-last').click();
    assert.deepEqual(await rods(), [[2], [1, 0], []]);
    assert.equal(await page.locator('.action-name').innerText(), 'Move the top disk of rod C to the top of rod B');
    assert.equal(await page.locator('.timeline-chip[data-frame="3"]').innerText(), '3. Move the top disk of rod C…');
    assert.equal(
      await page.locator('.timeline-chip[data-frame="3"]').getAttribute('title'),
      'Move the top disk of rod C to the top of rod B',
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-board-hanoi.png') });
    await page.close();
  });

  it('labels every Hanoi step with its whole move, destination rod included, nothing clipped', async () => {
    // The episode as the extension sends it: core's timeline of the sample solver log.
    const parsed = parseEpisodeLog(readFileSync(join(samplesDir, 'smartplay/hanoi3-solver.episode.jsonl'), 'utf8'));
    const timeline = smartplayTimelineOfFile(parsed.log, 'Hanoi3Disk · solver');
    assert.ok(timeline);
    // 340 px: the board beside two editors, as in the e2e screenshot.
    for (const width of [1100, 340]) {
      const page = await openBoard({ type: 'timeline', timeline }, { viewport: { width, height: 700 } });
      const chips = await page.locator('.timeline-chip').evaluateAll((elements) =>
        elements.map((chip) => ({
          text: (chip as HTMLElement).innerText,
          title: chip.getAttribute('title'),
          scroll: chip.scrollWidth,
          client: chip.clientWidth,
        })),
      );
      assert.deepEqual(
        chips.map((chip) => chip.text),
        ['start', '1. A → C', '2. A → B', '3. C → B', '4. A → C', '5. B → A', '6. B → C', '7. A → C'],
      );
      for (const chip of chips)
        assert.ok(
          chip.scroll <= chip.client && !chip.text.includes('…'),
          `chip "${chip.text}" is clipped at ${width} px`,
        );
      assert.equal(chips[1].title, 'Move the top disk of rod A to the top of rod C');
      // The chips strip scrolls sideways: each chip can be brought fully into view.
      await page.locator('#timeline-last').click();
      const last = await page.locator('.timeline-chip.current').boundingBox();
      const strip = await page.locator('.timeline-strip').boundingBox();
      assert.ok(
        last && strip && last.x >= strip.x - 0.5 && last.x + last.width <= strip.x + strip.width + 0.5,
        'the current chip is inside the strip',
      );
      // The action line keeps the whole sentence too, wrapping rather than cutting it.
      const action = await page.locator('.timeline-action .action-name').evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          text: (element as HTMLElement).innerText,
          scroll: element.scrollWidth,
          client: element.clientWidth,
          right: box.right,
          viewport: window.innerWidth,
        };
      });
      assert.equal(action.text, 'Move the top disk of rod A to the top of rod C');
      assert.ok(
        action.scroll <= action.client && action.right <= action.viewport,
        `the action line is cut at ${width} px: ${JSON.stringify(action)}`,
      );
      const [svg, png] = await Promise.all(['#export-svg', '#export-png'].map((id) => page.locator(id).boundingBox()));
      assert.ok(svg && png && Math.abs(svg.y - png.y) < 1, 'the export buttons stay on one row');
      // The disk numbers and rod letters stay readable in the narrow panel: the drawing is only as
      // wide as its widest disk needs (at 618 layout units it drew them 7 px high at 340 px).
      const heights = await page
        .locator('svg.hanoi :is(.disk text, .rod-label)')
        .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
      assert.ok(
        heights.length === 6 && Math.min(...heights) >= 11,
        `disk and rod labels are ${heights.map((h) => h.toFixed(1)).join(', ')} px high at ${width} px`,
      );
      await page.screenshot({ path: join(testResultsDir, `webview-board-hanoi-labels-${width}.png`) });
      await page.close();
    }
  });

  it('marks the Hanoi moves the game refused on the step strip, with the reason on the step', async () => {
    // Core's timeline of an episode the real game played: two refused moves, a legal one, and an
    // answer that named no action (action 0 taken, refused as well).
    const page = await openBoard(
      { type: 'timeline', timeline: await refusedMovesTimeline() },
      { viewport: { width: 720, height: 640 } },
    );
    const chips = await page.locator('.timeline-chip').evaluateAll((elements) =>
      elements.map((chip) => ({
        text: (chip as HTMLElement).innerText,
        invalid: chip.classList.contains('flag-invalid'),
        title: chip.getAttribute('title') ?? '',
      })),
    );
    assert.deepEqual(
      chips.map((chip) => chip.text),
      ['start', '1. A → C', '2. A → C', '3. B → A', '4. A → B', '5. A → B'],
    );
    assert.deepEqual(
      chips.map((chip) => chip.invalid),
      [false, false, true, true, false, true],
    );
    assert.match(
      chips[3].title,
      /^Move the top disk of rod B to the top of rod A · invalid · illegal move: rod B is empty/,
    );
    // The marked chip looks unlike a legal one, and the key under the strip names the style.
    const style = (frame: number) =>
      page.locator(`.timeline-chip[data-frame="${frame}"]`).evaluate((chip) => {
        const css = getComputedStyle(chip);
        return `${css.textDecorationLine} ${css.borderColor} ${css.color}`;
      });
    assert.notEqual(await style(2), await style(1));
    assert.deepEqual(await page.locator('#timeline-key .key-chip').allInnerTexts(), ['invalid']);
    // On the refused step, the action line says so and why, and the rods have not moved.
    await page.locator('.timeline-chip[data-frame="2"]').click();
    assert.deepEqual(await page.locator('.timeline-action .flag-badge').allInnerTexts(), ['invalid']);
    assert.equal(
      await page.locator('.timeline-action .action-note').innerText(),
      'illegal move: disk 1 cannot go onto the smaller disk 0; the disks stay where they were (reward −1)',
    );
    const rods = () =>
      page
        .locator('g.rod')
        .evaluateAll((groups) =>
          groups.map((group) =>
            [...group.querySelectorAll<SVGGElement>('.disk')].map((disk) => Number(disk.dataset.size)),
          ),
        );
    assert.deepEqual(await rods(), [[2, 1], [], [0]]);
    await page.screenshot({ path: join(testResultsDir, 'webview-board-hanoi-refused.png') });
    await page.close();
  });

  it("says what the numbers mean: the GRASP score in its mode and the movement set μ2, a bandit's score and reward", async () => {
    // A GRASP answer (the greedy baseline with diagonals) as core draws it for the board.
    const file = parseGraspGridFile(
      readFileSync(join(samplesDir, 'grasp/outer_spiral_block.jsonl'), 'utf8'),
      'outer_spiral_block.jsonl',
    );
    const settings = { moves: 8, carryLimit: 2, stepCost: 0.3 } as const;
    const { grid } = file.entries[0];
    const timeline = coreGraspTimeline(
      grid,
      simulate(grid, greedySearch(grid, settings, 1), settings, { mode: 'faithful' }),
      'greedy · outer_spiral_block.jsonl #0 · μ2 (8 moves), carry 2, cost 0.3',
    );
    const page = await openBoard({ type: 'timeline', timeline }, { viewport: { width: 900, height: 720 } });
    const terms = page.locator('.board-terms');
    await terms.locator('dt').first().waitFor();
    assert.equal(await terms.locator('h2').textContent(), 'Terms');
    assert.deepEqual(await terms.locator('dt').allInnerTexts(), ['score', 'energy on start', 'carried', 'μ2']);
    assert.equal(
      await terms.locator('dd').nth(0).innerText(),
      'energy dropped on the start cell minus 0.3 for every step submitted (scoring mode faithful).',
    );
    assert.equal(
      await terms.locator('dd').nth(3).innerText(),
      'Movement set μ2: 8 moves, μ1 plus the diagonals UPLEFT, UPRIGHT, DOWNLEFT and DOWNRIGHT.',
    );
    // The facts themselves carry the meaning as a tooltip, and look like it.
    const scoreTerm = page.locator('.board-facts dt').filter({ hasText: /^score$/ });
    assert.match((await scoreTerm.getAttribute('title')) ?? '', /^score: energy dropped on the start cell minus 0\.3/);
    assert.equal(await scoreTerm.evaluate((term) => getComputedStyle(term).cursor), 'help');
    await page.screenshot({ path: join(testResultsDir, 'webview-board-terms-grasp.png') });
    await page.close();

    // A Bandits log: its score counts pulls of the better machine, its reward is the payout.
    const parsed = parseEpisodeLog(
      readFileSync(join(samplesDir, 'smartplay/bandit-highlow-random.episode.jsonl'), 'utf8'),
    );
    const bandits = smartplayTimelineOfFile(parsed.log, 'BanditTwoArmedHighLowFixed · random');
    assert.ok(bandits);
    const banditPage = await openBoard(
      { type: 'timeline', timeline: bandits },
      { viewport: { width: 900, height: 720 } },
    );
    await banditPage.locator('.board-terms dt').first().waitFor();
    await banditPage.keyboard.press('End');
    const meaning = (term: string) =>
      banditPage
        .locator('.board-terms dt')
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .innerText();
    assert.match(
      await meaning('score'),
      /^How many times the player pulled the machine with the higher expected payout, one point each whatever it paid/,
    );
    assert.equal(await meaning('reward'), 'This pull: +1 when the machine paid, −1 when it did not.');
    assert.match(
      (await banditPage
        .locator('.board-facts dt')
        .filter({ hasText: /^reward$/ })
        .getAttribute('title')) ?? '',
      /^reward: This pull/,
    );
    await banditPage.screenshot({ path: join(testResultsDir, 'webview-board-terms-bandits.png') });
    await banditPage.close();
  });

  it('shows Bandits as a running table, and a text observation verbatim', async () => {
    const page = await openBoard({ type: 'timeline', timeline: banditsTimeline() });
    assert.equal(await page.locator('table.board-table tbody tr').count(), 0);
    await page.keyboard.press('End');
    assert.equal(await page.locator('table.board-table tbody tr').count(), 4);
    assert.equal(await page.locator('table.board-table tr.current td').nth(1).innerText(), 'pull lever 3?');
    assert.ok(
      await page.locator('.timeline-chip[data-frame="4"]').evaluate((chip) => chip.classList.contains('flag-invalid')),
    );
    assert.deepEqual(await page.locator('#timeline-key .key-chip').allInnerTexts(), ['invalid']);
    assert.ok(await page.locator('#export-svg').evaluate((button) => button.hasAttribute('disabled')));
    assert.ok(await page.locator('#export-svg').isHidden(), 'no export buttons for a table');
    await page.screenshot({ path: join(testResultsDir, 'webview-board-bandits.png') });
    const observation = 'You see:\n - a goal 3 steps to your north\n - an enemy <b>here</b>';
    await post(page, { type: 'scene', scene: { kind: 'text', text: observation }, title: 'Messenger step 4' });
    assert.equal(await page.locator('pre.board-text').innerText(), observation);
    assert.equal(await page.locator('pre.board-text b').count(), 0);
    assert.ok(await page.locator('.board-timeline').isHidden());
    await page.close();
  });

  it('offers a long palette (every object in every colour) as one drop-down', async () => {
    const colours = ['red', 'green', 'blue', 'purple', 'yellow', 'grey'];
    const tools = [
      { id: 'agent', label: 'Agent' },
      ...colours.flatMap((colour) => [
        { id: `key:${colour}`, label: `${colour} key` },
        { id: `ball:${colour}`, label: `${colour} ball` },
      ]),
      { id: 'delete', label: 'Delete' },
    ];
    const page = await openBoard({
      type: 'scene',
      scene: babyaiScene({ x: 2, y: 3, dir: 0 }),
      title: 'many-tools.level.json',
      editable: true,
      tools,
    });
    assert.equal(await page.locator('.tool-button').count(), 0);
    assert.equal(await page.locator('select.tool-select option').count(), tools.length + 1);
    await page.locator('select.tool-select').selectOption('ball:purple');
    const point = await cellCentre(page, 3, 2);
    await page.mouse.click(point.x, point.y);
    assert.equal((await lastSent(page))?.tool, 'ball:purple');
    await page.close();
  });

  it('reports authoring gestures and never edits the scene itself', async () => {
    const scene = babyaiScene({ x: 2, y: 3, dir: 0 });
    const tools = [
      { id: 'wall', label: 'Wall' },
      { id: 'key:red', label: 'Red key' },
    ];
    const page = await openBoard({ type: 'scene', scene, title: 'two-rooms.level.json', editable: true, tools });
    const click = async (x: number, y: number, options: Parameters<Page['mouse']['click']>[2] = {}) => {
      const point = await cellCentre(page, x, y);
      await page.mouse.click(point.x, point.y, options);
    };
    await click(3, 2);
    assert.deepEqual(await lastSent(page), {
      type: 'cellClick',
      x: 3,
      y: 2,
      modifiers: { shift: false, ctrl: false, alt: false, meta: false },
      button: 'primary',
      tool: null,
    });
    await click(4, 5);
    assert.deepEqual(await lastSent(page), { type: 'toggleDoor', x: 4, y: 5 });
    await click(1, 5, { button: 'right' });
    assert.deepEqual(await lastSent(page), {
      type: 'cellClick',
      x: 1,
      y: 5,
      modifiers: { shift: false, ctrl: false, alt: false, meta: false },
      button: 'secondary',
      tool: null,
    });
    await page.keyboard.down('Shift');
    await click(5, 1);
    await page.keyboard.up('Shift');
    assert.deepEqual((await lastSent(page))?.modifiers, { shift: true, ctrl: false, alt: false, meta: false });

    await page.locator('.tool-button[data-tool="key:red"]').click();
    assert.equal(await page.locator('.tool-button[aria-pressed="true"]').innerText(), 'Red key');
    await click(4, 5);
    assert.deepEqual(await lastSent(page), {
      type: 'cellClick',
      x: 4,
      y: 5,
      modifiers: { shift: false, ctrl: false, alt: false, meta: false },
      button: 'primary',
      tool: 'key:red',
    });

    const from = await cellCentre(page, 2, 3);
    const to = await cellCentre(page, 5, 2);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    assert.equal(await page.locator('.drop-target').count(), 1);
    await page.mouse.up();
    assert.deepEqual(await lastSent(page), { type: 'cellDrag', from: { x: 2, y: 3 }, to: { x: 5, y: 2 } });
    assert.equal(
      await page.locator('.agent-cell').getAttribute('data-x'),
      '2',
      'the agent stays until the host sends the new scene',
    );

    await page.locator('#mission input').fill('open the yellow door');
    await page.locator('#mission input').press('Enter');
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Sent[] }).__sent.some((message) => message.type === 'editMission'),
    );
    assert.deepEqual((await sent(page)).filter((message) => message.type === 'editMission').at(-1), {
      type: 'editMission',
      text: 'open the yellow door',
    });
    await page.screenshot({ path: join(testResultsDir, 'webview-board-authoring.png') });

    await post(page, {
      type: 'scene',
      scene: babyaiScene({ x: 5, y: 2, dir: 1 }, { mission: 'open the yellow door' }),
      title: 'two-rooms.level.json',
      editable: true,
      tools,
    });
    assert.equal(await page.locator('.agent-cell').getAttribute('data-x'), '5');
    assert.equal(
      await page.locator('.tool-button[aria-pressed="true"]').innerText(),
      'Red key',
      'the tool survives a redraw',
    );
    await page.close();
  });

  it('does not report clicks on a read-only board', async () => {
    const page = await openBoard({ type: 'scene', scene: babyaiScene({ x: 2, y: 3, dir: 0 }), title: 'level' });
    const point = await cellCentre(page, 4, 5);
    await page.mouse.click(point.x, point.y);
    assert.deepEqual(
      (await sent(page)).map((message) => message.type),
      ['ready'],
    );
    assert.ok(await page.locator('#mission').isHidden());
    await page.close();
  });

  it('inserts text from data as text, never as markup', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const frames: BoardFrame[] = [
      {
        scene: { kind: 'table', columns: [hostile], rows: [[hostile]] },
        action: hostile,
        note: hostile,
        facts: [{ label: hostile, value: hostile }],
        subgoals: [hostile],
      },
      { scene: { ...babyaiScene({ x: 1, y: 2, dir: 0 }), mission: hostile }, action: hostile },
    ];
    const page = await openBoard({ type: 'timeline', timeline: { title: hostile, frames } });
    await page.keyboard.press('End');
    assert.equal(await page.locator('.board-toolbar h1').innerText(), hostile);
    assert.equal(await page.locator('.mission-text').innerText(), hostile);
    assert.equal(await page.locator('img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    await page.close();
  });

  it('exports the drawn grid as SVG and PNG through the host', async () => {
    const page = await openBoard({ type: 'timeline', timeline: graspTimeline(), frame: 9 });
    await page.locator('#export-svg').click();
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Sent[] }).__sent.some((message) => message.type === 'export'),
    );
    const svg = (await sent(page)).find((message) => message.type === 'export') as Sent;
    assert.equal(svg.fileName, 'GRASP-grid-17-o1-mini-step-9.svg');
    assert.match(String(svg.data), /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    await page.locator('#export-png').click();
    await page.waitForFunction(
      () =>
        (window as unknown as { __sent: Sent[] }).__sent.filter((message) => message.type === 'export').length === 2,
    );
    const png = (await sent(page)).filter((message) => message.type === 'export')[1] as Sent;
    assert.equal(Buffer.from(String(png.data), 'base64').subarray(1, 4).toString(), 'PNG');
    await page.close();
  });

  it('reads well in the light and high-contrast themes and in a narrow panel', async () => {
    for (const theme of ['light', 'hc'] as const) {
      const page = await openBoard({ type: 'timeline', timeline: babyaiTimeline() }, { theme });
      await page.screenshot({ path: join(testResultsDir, `webview-board-babyai-${theme}.png`) });
      await post(page, { type: 'timeline', timeline: graspTimeline(), frame: 9 });
      await page.screenshot({ path: join(testResultsDir, `webview-board-grasp-${theme}.png`) });
      await page.close();
    }
    const narrow = await openBoard(
      { type: 'timeline', timeline: graspTimeline(), frame: 5 },
      { viewport: { width: 480, height: 820 } },
    );
    const box = await narrow.locator('svg.board-svg.grid').boundingBox();
    assert.ok(box && box.width > 300, 'the grid keeps most of a narrow panel');
    await narrow.screenshot({ path: join(testResultsDir, 'webview-board-narrow.png') });
    await narrow.close();
    // A short side panel (the e2e layout: the board beside two editors, the Problems panel below):
    // the grid, not the legend, gets the height, so an energy number stays readable.
    const short = await openBoard(
      { type: 'timeline', timeline: graspTimeline(), frame: 5 },
      { viewport: { width: 340, height: 520 } },
    );
    await short.screenshot({ path: join(testResultsDir, 'webview-board-short.png') });
    const floor = await short.locator('svg.board-svg.grid .floor').first().boundingBox();
    const rows = Number(await short.locator('svg.board-svg.grid').getAttribute('data-rows'));
    assert.ok(
      floor && floor.height / rows >= 22,
      `a cell is ${((floor?.height ?? 0) / rows).toFixed(1)} px high in a 340×520 panel`,
    );
    // Below the grid, the state and legend are scrolled to, not cut off.
    await short.locator('.board-legend').scrollIntoViewIfNeeded();
    assert.ok(await short.locator('.board-legend li').last().isVisible());
    await short.close();
  });
});
