// The HTML report in headless Chromium: 40,000 records (GRASP-shaped, bench/syntheticRuns.ts) open
// with the page's own CSP in force (how fast: `npm run bench`), make no request outside the file, and a raw answer
// holding a <script> shows as text in the drill-down without running. The records play on the
// shared GRASP grids, so rows carry replays (a budget keeps the file under 20 MB): a row opens its
// replay, ▶ steps it, and markup in an answer shows in the replay as text.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { syntheticGraspRecords } from '../../bench/syntheticRuns';
import '../../src/core/benchmarks';
import { parseRunRecords } from '../../src/core/eval/recordSchemas';
import { reportHtml } from '../../src/core/runs/html';
import { mergeRunFiles } from '../../src/core/runs/records';
import { buildReport } from '../../src/core/runs/report';
import { nodeQuestionFiles } from '../../src/cli/runs/nodeQuestionFiles';
import type { RunRecord } from '../../src/core/eval/types';
import type { GraspQuestion } from '../../src/core/benchmarks/grasp/questionSchema';
import { customIdOf } from '../../src/core/benchmarks/grasp/settings';
import { ReplayBuilder, type ReplayResult } from '../../src/core/runs/replays';
import { launchChromium } from '../support/browser';
import { sharedDataDir, sharedDataMissingReason, testResultsDir } from '../support/paths';

const SHARED_GRIDS = [
  'inner_random_free.jsonl',
  'inner_spiral_block.jsonl',
  'outer_cluster_block.jsonl',
  'outer_upDown_free.jsonl',
];

/** The synthetic records moved onto the four shared grid files (100 grids each), so they can be replayed. */
function onSharedGrids(records: RunRecord[]): RunRecord[] {
  return records.map((record, i) => {
    const question = record.question as GraspQuestion;
    const file = SHARED_GRIDS[i % 4];
    const index = Math.floor(i / 32) % 100;
    return {
      ...record,
      question: { ...question, file, index, sampleId: `${customIdOf(file, index, question.settings)}-${i}` },
    };
  });
}

describe('HTML report in a browser', function () {
  let browser: Browser;
  let path = '';
  const gridsDir = join(sharedDataDir, 'grasp');
  const haveGrids = existsSync(join(gridsDir, SHARED_GRIDS[0]));

  before(async () => {
    browser = await launchChromium();
    const synthetic = syntheticGraspRecords(40_000);
    const records = haveGrids ? onSharedGrids(synthetic) : synthetic;
    const planted = {
      ...records[0],
      question: { ...records[0].question, sampleId: 'planted' },
      rawAnswer:
        '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> [UP, <img src=x onerror="window.__pwned=3">, LEFT, TAKE]',
      finish_reason: 'length',
      truncated: true,
    };
    const parsed = parseRunRecords(
      `${[planted, ...records].map((record) => JSON.stringify(record)).join('\n')}\n`,
      'run.jsonl',
    ).records;
    const set = mergeRunFiles([{ file: 'run.jsonl', records: parsed }]);
    const { json, rows } = buildReport(set);
    let replays: Map<RunRecord, ReplayResult> | undefined;
    if (haveGrids) {
      const builder = new ReplayBuilder({ grids: gridsDir }, nodeQuestionFiles);
      replays = new Map();
      for (const row of rows) replays.set(row.record as RunRecord, await builder.replay(row.record as RunRecord));
    }
    path = join(mkdtempSync(join(tmpdir(), 'waypoint-html-')), 'report.html');
    writeFileSync(path, reportHtml(json, rows, set.report, { gzip: (data) => gzipSync(data), replays }));
  });

  after(async () => {
    await browser?.close();
    if (path) rmSync(dirname(path), { recursive: true, force: true });
  });

  it('opens 40,000 records self-contained, and shows planted markup as text', async () => {
    assert.ok(statSync(path).size < 20 * 1048576, `${statSync(path).size} bytes`);
    const page = await browser.newPage();
    const outside: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) outside.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // How soon the page is ready (budget 3 s) is measured by `npm run bench` (bench/reportBench.ts).
    await page.goto(pathToFileURL(path).toString());
    await page.waitForFunction(() =>
      /Showing 200 of 40001 matching/.test(document.getElementById('count')?.textContent ?? ''),
    );
    await page.fill('#filter', 'planted');
    await page.waitForFunction(() => /of 1 matching/.test(document.getElementById('count')?.textContent ?? ''));
    await page.click('#rows tr');
    const detail = await page.textContent('.detail');
    assert.match(detail ?? '', /<script>window.__pwned = 1<\/script><img src=x/);
    assert.match(detail ?? '', /Settings: μ1 \(4 moves\), no carry limit, cost 0/);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    // The planted reply was also cut at the token limit: its row is flagged, its detail says the means leave it out, the filter finds it.
    assert.equal(await page.textContent('#rows tr .flag'), 'truncated');
    assert.match(detail ?? '', /Cuttruncated \(reply cut at the token limit\); not in the means/);
    await page.fill('#filter', 'not in the means');
    await page.waitForFunction(() => /of 1 matching/.test(document.getElementById('count')?.textContent ?? ''));
    assert.deepEqual(outside, []);
    assert.deepEqual(problems, []);
    assert.ok(await page.$('svg'));
  });

  it('explains its columns: a tooltip on each metric and a legend of the terms, μ1 and μ2 included', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(pathToFileURL(path).toString());
    const energy = page
      .locator('table')
      .first()
      .locator('th', { hasText: /^energy$/ });
    assert.match(
      (await energy.getAttribute('title')) ?? '',
      /^energy: The answer's score: the energy delivered to the start cell minus the step cost/,
    );
    const legend = page.locator('dl.glossary');
    assert.ok(await legend.isVisible());
    assert.deepEqual(await legend.locator('dt').allInnerTexts(), ['energy', 'length', 'μ1', 'μ2', 'moves']);
    assert.equal(
      await legend.locator('dd').nth(3).innerText(),
      'Movement set μ2: 8 moves, μ1 plus the diagonals UPLEFT, UPRIGHT, DOWNLEFT and DOWNRIGHT.',
    );
    // The plot's setting labels (the longest: `μ1 (4 moves), no carry limit, cost 0.3`) are whole, not cut at the left edge.
    const clipped = await page
      .locator('figure svg')
      .first()
      .evaluate((svg) => {
        const left = svg.getBoundingClientRect().left;
        return [...svg.querySelectorAll('text[text-anchor="end"]')]
          .filter((text) => text.getBoundingClientRect().left < left - 0.5)
          .map((text) => text.textContent);
      });
    assert.deepEqual(clipped, []);
    await legend.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(testResultsDir, 'report-html-glossary.png') });
    await page.close();
  });

  it("opens a row's replay, steps it with ▶, and shows markup in the answer as text", async function () {
    if (!haveGrids) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(pathToFileURL(path).toString());
    await page.waitForFunction(() => /matching/.test(document.getElementById('count')?.textContent ?? ''));
    // Past the replay budget the page says how many replays it left out.
    assert.match((await page.textContent('body')) ?? '', /\d+ of 40001 replays are left out to keep this file small/);
    await page.fill('#filter', 'planted');
    await page.waitForFunction(() => /of 1 matching/.test(document.getElementById('count')?.textContent ?? ''));
    await page.click('#rows tr');
    await page.waitForSelector('.replay table.grid');
    assert.equal(await page.textContent('.rp-step'), 'step 0 of 4');
    assert.equal(await page.locator('.replay table.grid tr').count(), 11);
    assert.equal(await page.textContent('.rp-action code'), '(start)');
    await page.click('.rp-next');
    assert.equal(await page.textContent('.rp-step'), 'step 1 of 4');
    assert.equal(await page.textContent('.rp-action code'), 'UP');
    await page.click('.rp-next');
    // The unknown token is the model's markup, shown as the step's action text.
    assert.equal(await page.textContent('.rp-action code'), '<img src=x onerror="window.__pwned=3">');
    assert.match((await page.textContent('.rp-action')) ?? '', /invalid/);
    assert.equal(await page.locator('.detail img').count(), 0);
    await page.click('.rp-next');
    await page.locator('.replay').screenshot({ path: join(testResultsDir, 'report-html-replay.png') });
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(problems, []);
    // A row past the budget says so instead of showing a replay.
    await page.fill('#filter', '-39999');
    await page.waitForFunction(() => /of 1 matching/.test(document.getElementById('count')?.textContent ?? ''));
    await page.click('#rows tr');
    assert.match((await page.textContent('.rp-none')) ?? '', /left out to keep the file small/);
  });
});
