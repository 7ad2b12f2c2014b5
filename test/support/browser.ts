// Headless Debian chromium through playwright-core, with the flags that work on offline machines.
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { testResultsDir } from './paths';
import { serveRepository } from './staticServer';

type RepositoryServer = Awaited<ReturnType<typeof serveRepository>>;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long a page waits for a condition (a selector, a function, a click target) before the test
 * fails. Generous on purpose: every wait ends on its condition, and a machine busy with other work
 * must only make a test slower, never fail it. Speed is measured by `npm run bench`, not here.
 */
export const PAGE_WAIT_CAP_MS = 120_000;

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`${chromiumPath} not found: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // Playwright's own default (30 s) is one place where a loaded machine could fail a wait: every
  // page the tests open gets the generous cap instead.
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.setDefaultTimeout(PAGE_WAIT_CAP_MS);
    return page;
  };
  return browser;
}

/**
 * Posts `message` to the webview app as its host does, and resolves once the app has handled it:
 * a marker posted after it comes back to this listener only after every earlier message was
 * dispatched (window messages arrive in order; the apps drop the marker, which no schema accepts).
 * The apps render synchronously in their message handlers, so the view is up to date then.
 */
export function postToView(page: Page, message: unknown): Promise<void> {
  return page.evaluate(
    (data) =>
      new Promise<void>((resolve) => {
        const marker = `waypoint-test-delivered-${Math.random()}`;
        const delivered = (event: MessageEvent) => {
          if (event.data !== marker) return;
          window.removeEventListener('message', delivered);
          resolve();
        };
        window.addEventListener('message', delivered);
        window.postMessage(data, '*');
        window.postMessage(marker, '*');
      }),
    message,
  );
}

/**
 * Mocha hooks for a browser test suite: headless chromium and the repository's static server
 * (the webview bundles and test/webview/host.html) started before it and closed after it.
 */
export function useBrowserHost(): { readonly browser: Browser; readonly server: RepositoryServer } {
  const host = {} as { browser: Browser; server: RepositoryServer };
  before(async () => {
    host.browser = await launchChromium();
    host.server = await serveRepository();
    mkdirSync(testResultsDir, { recursive: true });
  });
  after(async () => {
    await host.browser?.close();
    await host.server?.close();
  });
  return host;
}
