// The HTML report in headless Chromium: 40,000 records (GRASP-shaped, bench/syntheticRuns.ts) open
// in under 3 s with the page's own CSP in force, make no request outside the file, and a raw answer
// holding a <script> shows as text in the drill-down without running.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
import { launchChromium } from '../support/browser';

describe('HTML report in a browser', function () {
  this.timeout(120_000);
  let browser: Browser;
  let path = '';

  before(async () => {
    browser = await launchChromium();
    const records = syntheticGraspRecords(40_000);
    const planted = { ...records[0], question: { ...records[0].question, sampleId: 'planted' }, rawAnswer: '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">' };
    const parsed = parseRunRecords(`${[...records, planted].map((record) => JSON.stringify(record)).join('\n')}\n`, 'run.jsonl').records;
    const set = mergeRunFiles([{ file: 'run.jsonl', records: parsed }]);
    const { json, rows } = buildReport(set);
    path = join(mkdtempSync(join(tmpdir(), 'waypoint-html-')), 'report.html');
    writeFileSync(path, reportHtml(json, rows, set.report, { gzip: (data) => gzipSync(data) }));
  });

  after(async () => {
    await browser?.close();
    if (path) rmSync(dirname(path), { recursive: true, force: true });
  });

  it('opens 40,000 records fast, self-contained, and shows planted markup as text', async () => {
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
    const started = Date.now();
    await page.goto(pathToFileURL(path).toString());
    await page.waitForFunction(() => /Showing 200 of 40001 matching/.test(document.getElementById('count')?.textContent ?? ''));
    const ms = Date.now() - started;
    assert.ok(ms < 3000, `ready after ${ms} ms`);
    await page.fill('#filter', 'planted');
    await page.waitForFunction(() => /of 1 matching/.test(document.getElementById('count')?.textContent ?? ''));
    await page.click('#rows tr');
    const detail = await page.textContent('.detail');
    assert.match(detail ?? '', /<script>window.__pwned = 1<\/script><img src=x/);
    assert.match(detail ?? '', /Settings: μ1 \(4 moves\), no carry limit, cost 0/);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(outside, []);
    assert.deepEqual(problems, []);
    assert.ok(await page.$('svg'));
  });
});
