// The overview webview bundle in headless Chromium behind the test host: the same bundle VS Code
// loads, spoken to through the same message protocol.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { HostToOverviewMessage } from '../../src/protocol/overview';
import type { StepSummary } from '../../src/protocol/overview';
import { launchChromium, postToView } from '../support/browser';
import { distDir, repoRoot, testResultsDir } from '../support/paths';

const hostUrl = pathToFileURL(join(repoRoot, 'test/webview/host.html')).toString();

const sampleSteps: StepSummary[] = [
  { number: 0, action: 'Init', location: 'Harbour Road', line: 1 },
  { number: 1, action: 'north', location: 'Fish Market', line: 12 },
  { number: 2, action: 'buy herring', location: null, line: 18 },
  { number: 3, action: 'up', location: 'Net Loft', line: 23 },
  { number: 4, action: '<img src=x onerror="window.__pwned=1">', location: '<b>Attic</b>', line: 29 },
];

async function openOverview(page: Page): Promise<void> {
  await page.goto(hostUrl);
  await page.addScriptTag({ path: join(distDir, 'webview/overview.js') });
  await page.waitForFunction(() => (window as unknown as { __sent: unknown[] }).__sent.length > 0);
}

function send(page: Page, message: HostToOverviewMessage): Promise<void> {
  return postToView(page, message);
}

function sent(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __sent: unknown[] }).__sent);
}

describe('walkthrough overview webview', () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 720, height: 480 } });
    await openOverview(page);
  });
  afterEach(() => page.close());

  it('says it is ready, then lists the steps the host sends', async () => {
    assert.deepEqual(await sent(page), [{ type: 'ready' }]);
    assert.equal(await page.locator('.empty').innerText(), 'Loading steps…');
    assert.equal(await page.locator('#step-count').isVisible(), false);
    await send(page, { type: 'steps', fileName: 'samples/lighthouse.walkthrough', steps: sampleSteps });
    const rows = await page.locator('.virtual-spacer .step-row:not([hidden])').allInnerTexts();
    assert.equal(rows.length, 5);
    assert.deepEqual(rows[1].split(/\s+/), ['1', 'north', 'Fish', 'Market']);
    assert.equal(await page.locator('h1').innerText(), 'samples/lighthouse.walkthrough');
    assert.equal(await page.locator('#step-count').innerText(), '5');
    assert.equal(await page.locator('.empty').isVisible(), false);
    mkdirSync(testResultsDir, { recursive: true });
    await page.screenshot({ path: join(testResultsDir, 'webview-overview.png') });
  });

  it('inserts file text as text, never as HTML', async () => {
    await send(page, { type: 'steps', fileName: 'x', steps: sampleSteps });
    const row = page.locator('.virtual-spacer .step-row[data-step="4"]');
    assert.equal(await row.locator('span').nth(1).innerText(), '<img src=x onerror="window.__pwned=1">');
    assert.equal(await row.locator('img, b').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
  });

  it('filters by action or location', async () => {
    await send(page, { type: 'steps', fileName: 'x', steps: sampleSteps });
    await page.locator('#filter').click();
    await page.keyboard.type('market');
    await page.waitForFunction(() => document.querySelectorAll('.virtual-spacer .step-row:not([hidden])').length === 1);
    assert.equal(await page.locator('#step-count').innerText(), '1/5');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('zzz');
    await page.waitForFunction(() => document.querySelectorAll('.virtual-spacer .step-row:not([hidden])').length === 0);
    assert.equal(await page.locator('.empty').innerText(), 'No step matches the filter.');
    // Several words: each must match, in the action or the location, in any order.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('market NORTH');
    await page.waitForFunction(() => document.querySelectorAll('.virtual-spacer .step-row:not([hidden])').length === 1);
    assert.equal(await page.locator('.virtual-spacer .step-row:not([hidden])').getAttribute('data-step'), '1');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('market up');
    await page.waitForFunction(() => document.querySelectorAll('.virtual-spacer .step-row:not([hidden])').length === 0);
  });

  it('asks the host to reveal a clicked step and highlights the active step', async () => {
    await send(page, { type: 'steps', fileName: 'x', steps: sampleSteps });
    await page.locator('.virtual-spacer .step-row[data-step="3"]').click();
    assert.deepEqual((await sent(page)).at(-1), { type: 'revealStep', line: 23 });
    await send(page, { type: 'activeStep', number: 1 });
    assert.equal(await page.locator('.step-row.active').getAttribute('data-step'), '1');
  });

  it('ignores malformed messages', async () => {
    await page.evaluate(() => {
      window.postMessage({ type: 'steps', steps: 'not a list' }, '*');
      window.postMessage({ type: 'unknown' }, '*');
      window.postMessage('text', '*');
    });
    await send(page, { type: 'steps', fileName: 'x', steps: sampleSteps.slice(0, 2) });
    assert.equal(await page.locator('.virtual-spacer .step-row:not([hidden])').count(), 2);
  });

  it('keeps the DOM small for 100,000 steps and scrolls to the active one', async () => {
    // How long the 100,000 steps take to render is measured by `npm run bench` (bench/webviewBench.ts).
    // Built inside the page: shipping 100,000 objects through the test driver would dominate the time.
    await page.evaluate(() => {
      const steps = Array.from({ length: 100_000 }, (_, index) => ({
        number: index,
        action: index % 2 ? 'north' : 'south',
        location: `Room ${index % 97}`,
        line: index * 5,
      }));
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'steps', fileName: 'huge', steps } }));
    });
    assert.ok((await page.locator('.virtual-spacer .step-row').count()) < 80);
    await send(page, { type: 'activeStep', number: 75_000 });
    await page.waitForSelector('.step-row.active[data-step="75000"]');
    assert.equal(await page.locator('#step-count').innerText(), '100000');
  });
});
