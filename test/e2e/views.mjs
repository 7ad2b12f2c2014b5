// Every webview Waypoint creates, checked in the packaged extension as a user opens it: the view's
// own document (the frame that loads dist/webview/<script>) must render content, show no error
// banner, and log no error to the console. The list of webviews is read from the extension's source
// (each createWebviewPanel's viewType and the script and title its webviewHtml loads) and
// package.json (custom editors, webview views), so a new view the UI scenario never opens fails
// the scenario's last check instead of shipping unseen.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The webviews the extension can open: `{ viewType, script, title }` where `title` is the start of
 * the document title webviewHtml gives it (a template's text before its first `${`).
 */
export function extensionWebviews(repo) {
  const views = [];
  const root = join(repo, 'src');
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(join(root, file), 'utf8');
    if (/register(CustomEditorProvider|WebviewViewProvider)\(/.test(text)) {
      throw new Error(`src/${file} registers a custom editor or webview view: teach test/e2e/views.mjs to find its viewType and script`);
    }
    if (!text.includes('createWebviewPanel(')) continue;
    const viewType = text.match(/static readonly viewType = '([\w.-]+)'/)?.[1];
    const pages = [...text.matchAll(/webviewHtml\([^;]*?'([\w.-]+\.js)',\s*(['`])(.*?)\2/g)];
    // A panel showing a page of its own (the shared HTML report) declares that page's title instead.
    const pageTitle = text.match(/static readonly pageTitle = '([^']+)'/)?.[1];
    if (viewType && pages.length === 0 && pageTitle) {
      views.push({ viewType, script: null, title: pageTitle });
      continue;
    }
    if (!viewType || pages.length !== 1) throw new Error(`src/${file}: expected one viewType and one webviewHtml(…, 'x.js', 'Title') beside createWebviewPanel, found ${viewType ?? 'no viewType'} and ${pages.length}`);
    const [, script, , title] = pages[0];
    views.push({ viewType, script, title: title.split('${')[0] });
  }
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  const contributed = [...(manifest.contributes.customEditors ?? []).map((editor) => editor.viewType), ...Object.values(manifest.contributes.views ?? {}).flat().filter((view) => view.type === 'webview').map((view) => view.id)];
  for (const viewType of contributed) if (!views.some((view) => view.viewType === viewType)) views.push({ viewType, script: null, title: null });
  return views;
}

/** What shows that a view failed even though it rendered: an error line, or a maze that could not read its answer. */
const ERROR_SIGNS = [
  { selector: '.error-line' },
  { selector: '.play-end-error' },
  { selector: '.trajectory:not([hidden]) .trajectory-detail', text: /could not be parsed/ },
];

/**
 * Checks of webviews for the UI scenario: from the call on, console errors of webview documents
 * (their URLs hold /webview/ or a vscode-resource host) are collected; `expect` finds a view's
 * frame, waits until it renders, fails on an error sign or console error, and screenshots it as
 * test-results/e2e-view-<name>.png; `opened` holds the viewTypes checked so far.
 */
export function webviewChecks(page, { repo, screenshotsDir, retry }) {
  const views = extensionWebviews(repo);
  const consoleErrors = [];
  /** Errors before this index were blamed on a view already checked. */
  let blamedUpTo = 0;
  const opened = new Set();
  const fromWebview = (url) => /\/webview\/|vscode-resource|vscode-cdn|vscode-webview/.test(url ?? '');
  page.on('console', (message) => {
    if (message.type() === 'error' && fromWebview(message.location()?.url)) consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => {
    if (fromWebview(error.stack ?? '')) consoleErrors.push(String(error.stack ?? error));
  });

  /** Whether the frame is on screen: every iframe that holds it is visible (a hidden panel keeps its document). */
  async function onScreen(frame) {
    for (let current = frame; current.parentFrame(); current = current.parentFrame()) {
      const element = await current.frameElement().catch(() => null);
      if (!element || !(await element.isVisible())) return false;
    }
    return true;
  }

  /** The document of a view on screen: the frame whose script is dist/webview/<script> and whose title starts with the view's. */
  async function viewFrame(view) {
    for (const frame of page.frames()) {
      const found = await frame.evaluate(({ script, title }) => (script === null || [...document.scripts].some((element) => element.src.endsWith(`/dist/webview/${script}`))) && title !== null && document.title.startsWith(title), view).catch(() => false);
      if (found && (await onScreen(frame))) return frame;
    }
    return undefined;
  }

  return {
    views,
    opened,
    /**
     * Checks the open view of `viewType`: rendered (its #app holds visible text and has a size),
     * no error sign, no webview console error since the last check; then screenshots the workbench.
     */
    async expect(viewType, name, { ready } = {}) {
      const view = views.find((candidate) => candidate.viewType === viewType);
      if (!view) throw new Error(`the extension creates no webview ${viewType} (it has ${views.map((candidate) => candidate.viewType).join(', ')})`);
      const frame = await retry(`the ${viewType} view rendered`, async () => {
        const candidate = await viewFrame(view);
        if (!candidate) throw new Error(`no visible document loading dist/webview/${view.script} titled "${view.title}…"`);
        const rendered = await candidate.evaluate(() => {
          const app = document.getElementById('app') ?? document.body;
          const box = app?.getBoundingClientRect();
          return { text: (app?.innerText ?? '').trim().length, elements: app?.querySelectorAll('*').length ?? 0, width: box?.width ?? 0, height: box?.height ?? 0 };
        });
        if (rendered.text === 0 || rendered.elements < 3 || rendered.width < 50 || rendered.height < 50) throw new Error(`blank: #app has ${rendered.text} characters, ${rendered.elements} elements, ${Math.round(rendered.width)}×${Math.round(rendered.height)} px`);
        if (ready && !(await ready(candidate))) throw new Error('not ready yet');
        return candidate;
      });
      for (const sign of ERROR_SIGNS) {
        for (const text of await frame.locator(sign.selector).filter({ visible: true }).allInnerTexts()) {
          if (!sign.text || sign.text.test(text)) throw new Error(`the ${viewType} view shows an error: ${text.slice(0, 300)}`);
        }
      }
      // Errors since the last check: logged while this view opened (or since, by any view).
      const errors = consoleErrors.slice(blamedUpTo);
      blamedUpTo = consoleErrors.length;
      if (errors.length > 0) throw new Error(`the ${viewType} view logged errors: ${errors.join(' | ').slice(0, 600)}`);
      opened.add(viewType);
      await page.screenshot({ path: join(screenshotsDir, `e2e-view-${name}.png`) });
      return frame;
    },
    /** Console errors any webview logged during the whole scenario. */
    consoleErrors,
  };
}
