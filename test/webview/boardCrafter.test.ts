// Crafter's local view on the board in headless Chromium: the timeline core builds from a seeded
// wood-collector episode, drawn as terrain tiles with glyphs, creature badges and the facing
// player, with the step's text observation; screenshots in the dark and light themes.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { BoardTimeline, HostToBoardMessage } from '../../src/protocol/board';
import { smartplayTimeline } from '../../src/core/benchmarks/smartplay/boardTimeline';
import { ACTION_TEXTS } from '../../src/core/benchmarks/smartplay/crafter/data';
import { CrafterEnv } from '../../src/core/benchmarks/smartplay/crafter/env';
import { crafterWoodAction } from '../../src/core/benchmarks/smartplay/crafter/scripted';
import { postToView, useBrowserHost } from '../support/browser';
import { testResultsDir } from '../support/paths';

// The light theme's variables as board.test.ts sets them.
const LIGHT = `:root { --vscode-foreground: #3b3b3b; --vscode-editor-background: #ffffff; --vscode-descriptionForeground: #717171; --vscode-panel-border: #e5e5e5; --vscode-list-activeSelectionBackground: #e4e6f1; --vscode-list-activeSelectionForeground: #000; --vscode-button-secondaryBackground: #e5e5e5; --vscode-button-secondaryForeground: #3b3b3b; --vscode-focusBorder: #005fb8; --vscode-charts-blue: #1a85ff; --vscode-charts-red: #e51400; --vscode-charts-green: #388a34; --vscode-charts-orange: #d18616; --vscode-charts-yellow: #bf8803; --vscode-input-background: #fff; --vscode-input-foreground: #3b3b3b; --vscode-input-border: #cecece; }`;

/** Seed 1, the scripted wood collector for `count` steps: it places a table at step 8. */
function crafterTimeline(count: number): BoardTimeline {
  const env = new CrafterEnv(1);
  const reset = env.reset().obs;
  let observation = reset;
  const steps = [];
  for (let t = 0; t < count; t++) {
    const action = (ACTION_TEXTS as readonly string[]).indexOf(crafterWoodAction(observation, t));
    const result = env.step(action);
    steps.push({ step: t + 1, observation, action, reward: result.reward, done: result.done, score: result.score });
    observation = result.obs;
  }
  return smartplayTimeline(
    { header: { game: 'Crafter', seed: 1, actionList: ACTION_TEXTS, reset: { observation: reset, score: 0 } }, steps },
    'Crafter · crafter-wood · seed 1',
    observation,
  );
}

describe('board view webview: Crafter', function () {
  const host = useBrowserHost();

  async function openBoard(message: HostToBoardMessage, light = false): Promise<Page> {
    const page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${host.server.url}/test/webview/host.html`);
    if (light) {
      await page.addStyleTag({ content: LIGHT });
      await page.evaluate(() => document.body.classList.add('vscode-light'));
    }
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/board.js` });
    await page.waitForFunction(() =>
      (window as unknown as { __sent: { type: string }[] }).__sent.some((sent) => sent.type === 'ready'),
    );
    await postToView(page, message);
    return page;
  }

  it("draws the 9×7 view: tiles by material and glyph, the player facing its way, the step's text", async () => {
    const timeline = crafterTimeline(12);
    const page = await openBoard({ type: 'timeline', timeline });
    const svg = page.locator('svg.board-svg.grid');
    assert.deepEqual([await svg.getAttribute('data-columns'), await svg.getAttribute('data-rows')], ['9', '7']);
    await page.locator('#timeline-last').click();
    const last = timeline.frames[12].scene;
    assert.ok(last.kind === 'grid');
    // Every tile the scene holds is drawn with its material (and creature) and a glyph.
    const drawn = await page
      .locator('g.cell[data-kind="terrain"]')
      .evaluateAll((cells) =>
        cells.map((cell) => [
          Number((cell as SVGGElement).dataset.x),
          Number((cell as SVGGElement).dataset.y),
          (cell as SVGGElement).dataset.material,
          (cell as SVGGElement).dataset.creature ?? null,
          cell.querySelector('.terrain-glyph')?.textContent,
        ]),
      );
    assert.equal(drawn.length, last.cells.length);
    for (const cell of last.cells) {
      assert.ok(cell.kind === 'terrain');
      assert.ok(
        drawn.some(
          ([x, y, material, creature, glyph]) =>
            x === cell.x && y === cell.y && material === cell.material && creature === (cell.creature ?? null) && glyph,
        ),
        `cell ${JSON.stringify(cell)}`,
      );
    }
    // The table the agent placed is on the board, with its glyph; the agent points its way.
    assert.ok(drawn.some(([, , material, , glyph]) => material === 'table' && glyph === 'T'));
    const agent = page.locator('.agent-cell');
    assert.deepEqual(
      [
        await agent.getAttribute('data-x'),
        await agent.getAttribute('data-y'),
        await agent.locator('.sym.agent').getAttribute('data-dir'),
      ],
      ['4', '3', String(last.agent?.dir)],
    );
    // The observation the model was shown after this step is shown as text.
    assert.equal((await page.locator('.board-mission .mission-text').innerText()).trim(), (last.mission ?? '').trim());
    assert.equal(
      await page.locator('.board-mission .mission-label').textContent(),
      'Observation',
      'labelled as the observation it is, not a mission',
    );
    // The label sits on the observation's first line (the text is many lines), not centred beside it.
    const [label, text, lineHeight] = await page.evaluate(() => {
      const box = (selector: string) => (document.querySelector(selector) as HTMLElement).getBoundingClientRect();
      const observation = document.querySelector('.board-mission .mission-text') as HTMLElement;
      return [
        box('.board-mission .mission-label'),
        box('.board-mission .mission-text'),
        Number.parseFloat(getComputedStyle(observation).lineHeight) || 20,
      ];
    });
    assert.ok(text.height > 3 * lineHeight, `the observation is several lines (${text.height} px)`);
    // Plain weight, and at most a third of the panel high (it scrolls): the board stays in view.
    const [weight, viewportHeight] = await page.evaluate(() => [
      getComputedStyle(document.querySelector('.board-mission .mission-text') as Element).fontWeight,
      window.innerHeight,
    ]);
    assert.equal(weight, '400');
    assert.ok(text.height <= viewportHeight / 3 + 1, `the observation takes ${text.height} of ${viewportHeight} px`);
    assert.ok(
      label.top >= text.top - 1 && label.bottom <= text.top + lineHeight + 1,
      `the label (${label.top}–${label.bottom}) is on the first line (${text.top}–${text.top + lineHeight})`,
    );
    // The legend names each material present with the same tile.
    const legend = await page
      .locator('.board-legend li')
      .evaluateAll((items) =>
        items.map((item) => (item as HTMLElement).dataset.material ?? (item as HTMLElement).dataset.symbol),
      );
    assert.equal(legend[0], 'agent');
    // The legend's player points the way it faces, as on the grid (its label says which way).
    const facing = ['east', 'south', 'west', 'north'][last.agent?.dir ?? -1];
    assert.ok(facing, 'the player has a heading');
    const swatch = page.locator('.board-legend li[data-symbol="agent"]');
    assert.match(await swatch.innerText(), new RegExp(`facing ${facing}`));
    assert.equal(await swatch.locator('.sym.agent').getAttribute('data-dir'), String(last.agent?.dir));
    const angle = async (body: ReturnType<Page['locator']>) =>
      (await body.getAttribute('transform'))?.match(/^rotate\((-?\d+)/)?.[1];
    assert.equal(
      await angle(swatch.locator('.agent-body')),
      await angle(agent.locator('.agent-body')),
      "the same rotation as the grid's player",
    );
    assert.ok(legend.includes('table') && legend.includes('grass'));
    // Hover: the status line names the tile.
    const table = last.cells.find((cell) => cell.kind === 'terrain' && cell.material === 'table');
    assert.ok(table);
    const box = await page.locator(`g.cell[data-x="${table.x}"][data-y="${table.y}"]`).boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Axes, hover and legend all speak world coordinates (the 9×7 window's own 0…8 contradicted
    // the legend's "at (35, 28) of the 64×64 world").
    const origin = last.origin;
    assert.ok(origin, 'the Crafter scene says where its window lies in the world');
    assert.equal(
      await page.locator('#board-status').innerText(),
      `(${origin.x + table.x}, ${origin.y + table.y}) · table`,
    );
    const axis = await page.locator('svg.board-svg.grid .axes text').allTextContents();
    assert.deepEqual(
      axis.slice(0, 9),
      Array.from({ length: 9 }, (_, x) => String(origin.x + x)),
    );
    assert.match(
      await swatch.innerText(),
      new RegExp(`at \\(${origin.x + (last.agent?.x ?? 0)}, ${origin.y + (last.agent?.y ?? 0)}\\) of the 64×64 world`),
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-board-crafter.png') });
    await page.close();
    const light = await openBoard({ type: 'timeline', timeline }, true);
    await light.locator('#timeline-last').click();
    await light.screenshot({ path: join(testResultsDir, 'webview-board-crafter-light.png') });
    await light.close();
  });
});
