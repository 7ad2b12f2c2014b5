// Headless Debian chromium through playwright-core, with the flags that work on offline machines.
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { testResultsDir } from './paths';
import { serveRepository } from './staticServer';

type RepositoryServer = Awaited<ReturnType<typeof serveRepository>>;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} not found: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
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
