// Run files dropped on the results view (issue 26), in headless Chromium behind the test host: the
// drop events carry what VS Code's Explorer puts in a drag (measured in code-server 4.139: every
// selected file in `application/vnd.code.uri-list`, CRLF-separated, the first one alone in
// `text/uri-list`, all of them as JSON in `ResourceURLs`, `vscode-remote:` URIs in a remote window),
// and the view must post exactly those URIs to its host; a drop of files from outside the browser
// (bytes without a path) posts nothing and says what to do instead.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import '../../src/core/benchmarks';
import { parseRunRecords } from '../../src/core/eval/recordSchemas';
import { mergeRunFiles } from '../../src/core/runs/records';
import { buildResultsModel } from '../../src/core/runs/resultsModel';
import type { HostToResultsMessage, ResultsModel } from '../../src/protocol/results';
import { useBrowserHost } from '../support/browser';
import { testResultsDir } from '../support/paths';
import { jsonl, mangoRecord } from '../unit/runs/fixtures';

interface Sent {
  type: string;
  uris?: string[];
}

/** One model on eight questions of one game, as a CLI run file outside .waypoint/runs would hold. */
function cliRun(): ResultsModel {
  const records = Array.from({ length: 8 }, (_, n) =>
    mangoRecord({ model: 'oracle', game: 'lighthouse', n, strict: 1, reasoning: 1 }),
  );
  const set = mergeRunFiles([
    { file: 'cli-runs/oracle.jsonl', records: parseRunRecords(jsonl(records), 'oracle.jsonl').records },
  ]);
  return buildResultsModel(set, ['cli-runs/oracle.jsonl'], 'oracle').model;
}

/** A drag's payload as the page builds it: string entries by type, and files by name. */
interface Payload {
  strings?: Record<string, string>;
  files?: string[];
}

describe('results view: run files dropped on it', function () {
  this.timeout(120_000);
  const host = useBrowserHost();
  const model = cliRun();

  const post = (page: Page, message: HostToResultsMessage) =>
    page.evaluate((data) => window.postMessage(data, '*'), message);
  const sentOf = async (page: Page, type: string) =>
    (await page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent)).filter(
      (message) => message.type === type,
    );

  async function open(): Promise<Page> {
    const page = await host.browser.newPage({ viewport: { width: 1200, height: 700 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${host.server.url}/test/webview/host.html`);
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/results.js` });
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Sent[] }).__sent.some((message) => message.type === 'ready'),
    );
    await post(page, { type: 'results', model });
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Sent[] }).__sent.some((message) => message.type === 'rendered'),
    );
    assert.deepEqual(problems, []);
    return page;
  }

  /** Dispatches a drag event of `type` carrying `payload` on the element at `selector`. */
  async function drag(
    page: Page,
    type: 'dragenter' | 'dragover' | 'dragleave' | 'drop',
    payload: Payload,
    selector = '#panel-tables',
  ): Promise<boolean> {
    return page.evaluate(
      ({ type, payload, selector }) => {
        const transfer = new DataTransfer();
        for (const [kind, value] of Object.entries(payload.strings ?? {})) transfer.setData(kind, value);
        for (const name of payload.files ?? []) transfer.items.add(new File(['{}\n'], name));
        const target = document.querySelector(selector) as HTMLElement;
        // The return value says whether the view took the event (preventDefault): a drop VS Code must not handle itself.
        return !target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      { type, payload, selector },
    );
  }

  const explorerDrag = (uris: string[]): Payload => ({
    strings: {
      'text/plain': uris.map((uri) => new URL(uri).pathname).join('\n'),
      'text/uri-list': uris[0],
      'application/vnd.code.uri-list': uris.join('\r\n'),
      ResourceURLs: JSON.stringify(uris),
    },
  });

  it('outlines the view and says what a drop does while run files are dragged over it, and posts every selected file on drop', async () => {
    const page = await open();
    const uris = [
      'vscode-remote://127.0.0.1:8123/ws/cli-runs/random.jsonl',
      'vscode-remote://127.0.0.1:8123/ws/cli-runs/oracle%20b.jsonl',
    ];
    assert.match(
      await page.locator('.results-files').innerText(),
      /add runs by dragging their files here from the Explorer with Shift held/,
    );
    await drag(page, 'dragenter', explorerDrag(uris));
    assert.equal(
      await drag(page, 'dragover', explorerDrag(uris)),
      true,
      'dragover is accepted (preventDefault), or the browser refuses the drop',
    );
    assert.equal(await page.locator('.results-app.drop-active').count(), 1);
    assert.ok(await page.locator('.results-drop-note').isVisible(), 'the note shows while dragging');
    assert.equal(await page.locator('.results-drop-note').innerText(), 'Drop run files to add them to this view');
    await page.screenshot({ path: join(testResultsDir, 'webview-results-drop-over.png') });
    // Crossing into a child and back out of it does not end the outline; leaving the view does.
    await drag(page, 'dragenter', explorerDrag(uris), '.results-title');
    await drag(page, 'dragleave', explorerDrag(uris), '.results-title');
    assert.equal(await page.locator('.results-app.drop-active').count(), 1, 'still over the view');
    assert.equal(await drag(page, 'drop', explorerDrag(uris)), true, 'the view handles the drop itself');
    assert.equal(await page.locator('.results-app.drop-active').count(), 0, 'the outline ends with the drop');
    assert.ok(!(await page.locator('.results-drop-note').isVisible()));
    const posted = await sentOf(page, 'openFiles');
    assert.deepEqual(
      posted.map((message) => message.uris),
      [uris],
      'every selected file, from the full list (text/uri-list holds only the first)',
    );
    assert.equal(await page.locator('#results-status').innerText(), 'Adding 2 dropped files…');
    await page.close();
  });

  it('reads a file manager’s text/uri-list (comments skipped) and VS Code’s ResourceURLs alone, each URI once', async () => {
    const page = await open();
    await drag(page, 'drop', {
      strings: {
        'text/uri-list':
          '# dragged from Files\r\nfile:///home/me/runs/a.jsonl\r\nfile:///home/me/runs/b.jsonl\r\nfile:///home/me/runs/a.jsonl\r\n',
      },
    });
    await drag(page, 'drop', {
      strings: { ResourceURLs: JSON.stringify(['file:///w/x.jsonl', 42, 'file:///w/x.jsonl']) },
    });
    assert.deepEqual(
      (await sentOf(page, 'openFiles')).map((message) => message.uris),
      [['file:///home/me/runs/a.jsonl', 'file:///home/me/runs/b.jsonl'], ['file:///w/x.jsonl']],
    );
    assert.equal(await page.locator('#results-status').innerText(), 'Adding the dropped file…');
    await page.close();
  });

  it('refuses files dropped from outside VS Code (no path the host could read), saying what works instead', async () => {
    const page = await open();
    await drag(page, 'drop', { files: ['run.jsonl'] });
    assert.deepEqual(await sentOf(page, 'openFiles'), [], 'nothing is posted');
    const status = await page.locator('#results-status').innerText();
    assert.match(
      status,
      /^run\.jsonl came from outside VS Code, without a path the extension can read: drag run files from VS Code's Explorer \(holding Shift\), or use "Waypoint: Show Results…" → "Open a run file…"\.$/,
    );
    // A drag of text (no file, no URI) is not the view's: it is left to VS Code.
    assert.equal(await drag(page, 'dragover', { strings: { 'text/plain': 'hello' } }), false);
    assert.equal(await page.locator('.results-app.drop-active').count(), 0);
    await page.close();
  });

  it('after the host adds the dropped file, the header names both files', async () => {
    const page = await open();
    await drag(page, 'drop', explorerDrag(['file:///ws/cli-runs/random.jsonl']));
    const both = { ...model, files: ['cli-runs/oracle.jsonl', 'cli-runs/random.jsonl'], title: 'mango: 2 run files' };
    await post(page, { type: 'results', model: both });
    await post(page, { type: 'status', text: 'Added cli-runs/random.jsonl: the view now shows 2 run files.' });
    await page.waitForFunction(() => document.querySelector('.results-title')?.textContent === 'mango: 2 run files');
    assert.match(
      await page.locator('.results-files').innerText(),
      /^2 files cli-runs\/oracle\.jsonl, cli-runs\/random\.jsonl/,
    );
    assert.equal(
      await page.locator('#results-status').innerText(),
      'Added cli-runs/random.jsonl: the view now shows 2 run files.',
    );
    // At half a screen's width the header wraps; nothing of it may be cut off or overlap.
    await page.setViewportSize({ width: 640, height: 600 });
    const overflow = await page
      .locator('.results-header')
      .evaluate((header) =>
        [...header.querySelectorAll('*')]
          .filter(
            (element) =>
              element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflow !== 'hidden',
          )
          .map((element) => element.className),
      );
    assert.deepEqual(overflow, [], 'header elements wider than their box');
    await page.screenshot({ path: join(testResultsDir, 'webview-results-drop-added-narrow.png') });
    await page.close();
  });
});
