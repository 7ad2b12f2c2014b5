// The user's path through a real VS Code (code-server) with the packaged Waypoint installed:
// open the sample workspace, open a broken walkthrough, read Problems and the Outline, run Waypoint
// commands from the palette, and open every webview the extension has (views.mjs checks each one
// rendered without an error; the last check fails if one was never opened). Each check is reported
// by name and a screenshot is saved for every stage (test-results/e2e-*.png, e2e-view-<name>.png).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ATTEMPT, retry, runCommand, TIMEOUT } from './palette.mjs';
import { webviewChecks } from './views.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Opens a workspace file through Quick Open, as a user would; `relativePath` like mango/x/y.walkthrough. */
async function openFile(page, relativePath) {
  const fileName = relativePath.split('/').pop();
  await retry(`quick open ${relativePath}`, async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: ATTEMPT });
    await input.fill(relativePath, { timeout: ATTEMPT });
    await page.locator(`.quick-input-list .monaco-list-row[aria-label^="${fileName}"]`).first().click({ timeout: ATTEMPT });
    await page.locator(`.tabs-container .tab[aria-label^="${fileName}"]`).first().waitFor({ timeout: ATTEMPT });
  });
}

/**
 * A model endpoint that never answers in time: it records that a chat request arrived and whether
 * the client hung up, which is what cancelling in VS Code must cause.
 */
async function startSlowModelServer() {
  const state = { received: 0, aborted: 0 };
  const server = createServer((request, response) => {
    state.received++;
    request.resume();
    response.on('close', () => {
      if (!response.writableEnded) state.aborted++;
    });
    // Longer than the scenario's waits may take on a busy machine: only Cancel ends it.
    setTimeout(() => response.writableEnded || response.end('{}'), 10 * 60_000).unref();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${server.address().port}/v1`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
  };
}

/** The row of `name` in the Explorer (a folder or file label). */
function explorerRow(page, name) {
  return page.locator(`.explorer-folders-view .monaco-list-row[aria-label^="${name}"]`).first();
}

/**
 * Accepts the save dialog a Share button opened (code-server's own dialog: a path in a quick input)
 * at the path it proposes, replacing the file if it exists; returns that path.
 */
async function saveThroughDialog(page, title) {
  const dialog = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: title }) });
  await dialog.waitFor({ timeout: 30_000 });
  const input = dialog.locator('input').first();
  // The dialog fills its input once it has listed the folder: first the folder, then (on a busy
  // machine noticeably later) the proposed file name after it.
  const path = await retry('the proposed path', async () => {
    const value = await input.inputValue();
    if (!value.startsWith('/') || value.endsWith('/')) throw new Error(`the input says "${value}"`);
    return value;
  });
  await page.keyboard.press('Enter');
  // Either the dialog closes (a new file) or VS Code asks to replace an existing one; on a busy
  // machine that question can take seconds, so wait for one of the two rather than a fixed time.
  const replace = page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Replace' }).first();
  await retry('the save dialog to close or ask to replace', async () => {
    if (await replace.isVisible()) {
      await replace.click();
      return;
    }
    // code-server's own save dialog asks in place: "… already exists. Are you sure you want to overwrite it?"
    const overwrite = page.locator('.quick-input-widget', { hasText: 'already exists' }).locator('.monaco-button', { hasText: 'OK' }).first();
    if (await overwrite.isVisible()) {
      await overwrite.click();
      return;
    }
    // Not the titled dialog: code-server asks its overwrite question in the same widget under
    // another title, so the dialog "closes" by its title before the question shows.
    if (await page.locator('.quick-input-widget').isVisible()) throw new Error('the save dialog is still open');
  });
  return path;
}

/**
 * Opens `path` through code-server's own open dialog titled `title`. The dialog fills its input
 * with the folder once it has listed it, on a busy machine after a noticeable delay, and that fill
 * would overwrite a path typed before it: so type only after it, and again while the dialog is open.
 */
async function openThroughDialog(page, title, path) {
  const dialog = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: title }) });
  await dialog.waitFor({ timeout: 30_000 });
  const input = dialog.locator('input').first();
  await retry('the dialog listing its folder', async () => {
    const value = await input.inputValue();
    if (!value.startsWith('/')) throw new Error(`the input says "${value}"`);
  });
  await retry(`the open dialog accepting ${path}`, async () => {
    if (!(await dialog.isVisible())) return;
    await input.fill(path);
    const value = await input.inputValue();
    if (value !== path) throw new Error(`the input says "${value}"`);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
  });
}

/** The notification Share shows: it names the file it wrote and offers Open and a way to find it. Returns the toast. */
async function shareNotice(page, what, shownPath) {
  const text = `wrote the ${what} to ${shownPath}`;
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await retry(`the notification "${text}"`, async () => {
    if ((await toast.count()) === 0) throw new Error(`toasts say: ${(await page.locator('.notifications-toasts').innerText()).slice(0, 300)}`);
    const buttons = await toast.locator('.monaco-button').allInnerTexts();
    if (!buttons.includes('Open') || !buttons.includes('Reveal in Explorer')) throw new Error(`its buttons: ${buttons.join(', ')}`);
  }, 120_000);
  return toast;
}

/** Hides the bottom panel if it shows: the palette lists "View: Hide Panel" only while it does. */
async function hidePanel(page) {
  if (await page.locator('.part.panel.bottom').isVisible()) await runCommand(page, 'View: Hide Panel');
}

/** Clicks the quick-pick row whose label starts with `label`. */
async function pickQuickItem(page, label) {
  const row = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${label}"]`).first();
  await row.waitFor({ timeout: TIMEOUT });
  // The pointer left over the previous list's row would show the hover of the row now under it,
  // which can cover the row to click (as it covered "random" under "oracle"): move it off first.
  await page.mouse.move(0, 0);
  await row.click();
}

/** The editor tabs' labels without white space: a narrow tab wraps its label (name and extension on two lines). */
async function tabLabels(page) {
  return (await page.locator('.tabs-container .tab').allInnerTexts()).map(squeezed);
}

/** `text` without white space, to compare with tabLabels. */
function squeezed(text) {
  return text.replace(/\s+/g, '');
}

async function frameWith(page, selector) {
  return retry(`webview frame with ${selector}`, async () => {
    for (const frame of page.frames()) {
      if ((await frame.locator(selector).count().catch(() => 0)) > 0) return frame;
    }
    throw new Error('not yet rendered');
  });
}

/** Clicks the quick-pick row whose label is exactly `label` (a prefix would also match `lighthouse-typos`). */
async function pickExactItem(page, label) {
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) }).first();
  await row.waitFor({ timeout: 10_000 });
  await page.mouse.move(0, 0);
  await row.click();
}

export async function runUiScenario({ page, baseUrl, workspace, screenshotsDir }) {
  page.setDefaultTimeout(TIMEOUT);
  const results = [];
  const views = webviewChecks(page, { repo, screenshotsDir, retry });
  const shot = (name) => page.screenshot({ path: join(screenshotsDir, `e2e-${name}.png`) });
  async function check(name, body) {
    const started = Date.now();
    try {
      await body();
      results.push({ name, passed: true, ms: Date.now() - started });
      console.log(`  ✔ ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      results.push({ name, passed: false, ms: Date.now() - started, error: String(error?.message ?? error) });
      console.log(`  ✘ ${name}: ${error?.message ?? error}`);
      // What the window said when it failed: an error toast often names the cause the wait could not see.
      const toasts = await page.locator('.notifications-toasts').innerText({ timeout: 2000 }).catch(() => '');
      if (toasts.trim()) console.log(`    notifications: ${toasts.replace(/\s+/g, ' ').slice(0, 600)}`);
      await shot(`failure-${results.length}`).catch(() => {});
    }
  }

  await check('workbench opens the sample workspace', async () => {
    await page.goto(`${baseUrl}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: TIMEOUT });
    await page.locator('.explorer-folders-view').waitFor({ timeout: TIMEOUT });
  });

  await check('a broken walkthrough opens with syntax colouring', async () => {
    await openFile(page, 'mango/broken/lighthouse-typos.walkthrough');
    await retry('language mode is MANGO Walkthrough', async () => {
      const mode = await page.locator('.statusbar-item[id="status.editor.mode"]').innerText();
      if (!mode.includes('MANGO Walkthrough')) throw new Error(`status bar says ${mode}`);
    });
  });

  await check('Problems lists the walkthrough errors with codes and positions', async () => {
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    await retry('problems panel text', async () => {
      const text = await page.locator('.markers-panel').innerText();
      for (const expected of ['walkthrough/step-sequence', 'expected 6, found 7', 'walkthrough/act-missing', 'walkthrough/separator-malformed', '[Ln 39, Col 14]', "'fish markt' is not in locations.json", 'mango/duplicate-edge']) {
        if (!text.includes(expected)) throw new Error(`missing "${expected}" in: ${text.slice(0, 300)}`);
      }
    });
    await shot('problems');
  });

  await check('the Outline shows one entry per step with its location', async () => {
    await runCommand(page, 'Explorer: Focus on Outline View');
    await retry('outline rows', async () => {
      const outline = page.locator('.pane:has(.pane-header[aria-label^="Outline"]) .monaco-list-rows');
      const text = await outline.innerText();
      for (const expected of ['2 · north → Fish Market', '3 · buy herring', '4 · (no action) → Net Loft']) {
        if (!text.includes(expected)) throw new Error(`outline lacks "${expected}": ${text.slice(0, 200)}`);
      }
    });
    await shot('outline');
  });

  await check('"Waypoint: Show Walkthrough Overview" renders the steps in a webview', async () => {
    await openFile(page, 'mango/lighthouse/lighthouse.walkthrough');
    await runCommand(page, 'Waypoint: Show Walkthrough Overview');
    const frame = await frameWith(page, '.virtual-spacer .step-row');
    await retry('overview rows', async () => {
      const rows = await frame.locator('.virtual-spacer .step-row:not([hidden])').allInnerTexts();
      if (rows.length < 20) throw new Error(`only ${rows.length} rows`);
      if (!rows.some((row) => row.includes('Fish Market'))) throw new Error('no Fish Market row');
      const count = await frame.locator('#step-count').innerText();
      if (count.trim() !== '40') throw new Error(`badge says ${count}`);
    });
    await shot('overview');
    await views.expect('waypoint.walkthroughOverview', 'overview');
  });

  await check('annotated moves show as code lenses and inline hints', async () => {
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, 'mango/lighthouse/lighthouse.walkthrough');
    await retry('code lenses', async () => {
      const lenses = await page.locator('.monaco-editor .codelens-decoration').allInnerTexts();
      if (!lenses.some((text) => text.includes('Unmark move'))) throw new Error(`lenses: ${lenses.join(' | ')}`);
    });
    await retry('inlay hint', async () => {
      // Monaco renders inlay hints with no-break spaces.
      const text = await page.locator('.monaco-editor .view-lines').evaluate((element) => (element.textContent ?? '').replace(/\u00a0/g, ' '));
      if (!text.includes('harbour road —north→ fish market')) throw new Error('no move hint on step 2');
    });
    await shot('annotations');
  });

  await check('"Waypoint: Show Maze" draws the game, and clicking a room reveals its step', async () => {
    await openFile(page, 'mango/lighthouse/lighthouse.walkthrough');
    await runCommand(page, 'Waypoint: Show Maze');
    const frame = await frameWith(page, '[data-node="lamp room"]');
    const nodes = await frame.locator('[data-node]').count();
    if (nodes !== 13) throw new Error(`${nodes} rooms drawn`);
    await shot('maze');
    await views.expect('waypoint.maze', 'maze');
    await frame.locator('[data-node="lamp room"] text').click();
    const lines = readFileSync(join(workspace, 'mango/lighthouse/lighthouse.walkthrough'), 'utf8').split('\n');
    const expected = `Ln ${lines.indexOf('==>STEP NUM: 31') + 1},`;
    await retry('cursor on the lamp room step', async () => {
      const position = await page.locator('.statusbar-item[id="status.editor.selection"]').innerText();
      if (!position.includes(expected)) throw new Error(`status bar says ${position}, expected ${expected}`);
    });
    await shot('maze-reveal');
  });

  await check('The maze view switches to ELK layered (its worker script from the .vsix) and back to compass', async () => {
    const frame = await frameWith(page, '#layout-engine');
    // The toolbar's select, or in a narrow panel (the maze beside the editor here) the ⋯ menu's items.
    const chooseLayout = async (engine) => {
      if (await frame.locator('#layout-engine').isVisible()) return frame.locator('#layout-engine').selectOption(engine);
      await frame.locator('#more').click();
      await frame.locator(`#layout-${engine}`).click();
    };
    // Which engine drew the maze (the svg says so; positions alone cannot tell, as each drawing is
    // also shaped to the panel, whose proportions change when the ⋯ menu or a notice shows).
    const drawnBy = () => frame.locator('svg.maze').first().getAttribute('data-engine');
    if ((await drawnBy()) !== 'compass') throw new Error(`the maze opened drawn by ${await drawnBy()}, not compass`);
    await chooseLayout('elk');
    // Generous: the worker compiles ELK's 1.6 MB first; the wait ends as soon as the drawing is there.
    await retry('the ELK drawing', async () => {
      const notice = frame.locator('.maze-layout-notice');
      if (await notice.isVisible()) throw new Error(await notice.innerText());
      if (await frame.locator('.maze-busy').isVisible()) throw new Error('ELK is still laying out');
      if ((await drawnBy()) !== 'elk') throw new Error('still the compass drawing');
      const nodes = await frame.locator('svg.maze [data-node]').count();
      if (nodes !== 13) throw new Error(`${nodes} rooms drawn`);
    }, 120_000);
    await shot('maze-elk');
    await chooseLayout('compass');
    await retry('the compass drawing again', async () => {
      if ((await drawnBy()) !== 'compass') throw new Error('not the compass drawing');
      const nodes = await frame.locator('svg.maze [data-node]').count();
      if (nodes !== 13) throw new Error(`${nodes} rooms drawn`);
    });
  });

  await check('"Waypoint: Step Through Answer in Maze" shows a model answer on the map', async () => {
    await openFile(page, 'mango/answers/result_sample_id_lighthouse_rf_demo.json');
    await runCommand(page, 'Waypoint: Step Through Answer in Maze');
    const frame = await frameWith(page, '.trajectory:not([hidden]) .chip');
    // The replay opens at its start, framed on its route; its last chip steps to the end, where the
    // impossible fourth move shows as a ghost edge.
    await shot('maze-answer-start');
    await frame.locator('.trajectory .chip').last().click();
    await retry('trajectory chips and ghost edge', async () => {
      const chips = await frame.locator('.trajectory .chip').count();
      const ghosts = await frame.locator('.ghost-edge').count();
      if (chips !== 5 || ghosts !== 1) throw new Error(`${chips} chips, ${ghosts} ghost edges`);
    });
    await shot('maze-answer');
  });

  await check('"Waypoint: Generate Skeletons" regenerates the sample RF skeletons', async () => {
    await openFile(page, 'mango/lighthouse/lighthouse.edges.json');
    await runCommand(page, 'Waypoint: Generate Skeletons');
    const option = page.locator('.quick-input-list .monaco-list-row[aria-label^="Route finding (RF)"]');
    await option.waitFor({ timeout: TIMEOUT });
    await option.click();
    await retry('generation message', async () => {
      const text = await page.locator('.notifications-toasts').innerText();
      if (!text.includes('156 RF skeletons identical to mango/lighthouse/lighthouse.all_pairs.jsonl')) throw new Error(`toasts say: ${text.slice(0, 200)}`);
    });
    await shot('generate-skeletons');
  });

  await check('"Waypoint: Run Question…" with the offline agents: scores and answer diagnostics', async () => {
    const pick = (label) => pickQuickItem(page, label);
    for (const model of ['oracle', 'random']) {
      await openFile(page, 'mango/lighthouse/lighthouse.edges.json');
      await runCommand(page, 'Waypoint: Run Question…');
      await pick('Route finding (RF)');
      // Several words, out of order and across label and description: all must match.
      await page.locator('.quick-input-widget input').fill('lamp harbour easy');
      await pick('harbour road → lamp room');
      await pick(model);
      await retry(`${model} result message`, async () => {
        const text = await page.locator('.notifications-toasts').innerText();
        if (!text.includes(`${model} on RF harbour road → lamp room`)) throw new Error(`toasts say: ${text.slice(0, 200)}`);
        if (model === 'oracle' && !text.includes('success_strict 1.00')) throw new Error(`oracle did not succeed: ${text.slice(0, 300)}`);
      });
    }
    // The random walker's "Show in Maze": its route on the map with the expected (shortest) route.
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'random on RF harbour road → lamp room' }).first().locator('.monaco-button', { hasText: 'Show in Maze' }).first().click();
    const maze = await frameWith(page, '.trajectory:not([hidden]) .chip');
    await retry('the expected route on the maze', async () => {
      const legend = await maze.locator('.trajectory:not([hidden])').innerText();
      if (!legend.includes('expected: a shortest route') || !legend.includes('random')) throw new Error(`the maze's legend: ${legend.slice(0, 300)}`);
      if ((await maze.locator('svg.maze .route-expected').count()) === 0) throw new Error('no expected route drawn');
    });
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    await shot('run-question');
  });

  await check('cancelling a slow model request from the progress notification aborts the HTTP request', async () => {
    const slow = await startSlowModelServer();
    const settingsFile = join(workspace, '.vscode', 'settings.json');
    mkdirSync(join(workspace, '.vscode'), { recursive: true });
    const settings = JSON.stringify({ 'waypoint.models': [{ id: 'slow-local', provider: 'openai-compatible', baseUrl: slow.url, model: 'slow', retries: 0, timeoutMs: 10 * 60_000 }] }, null, 2);
    writeFileSync(settingsFile, settings);
    try {
      const pick = (label) => pickQuickItem(page, label);
      let attempts = 0;
      await retry('the slow-local profile in the model picker', async () => {
        // Written again, changed by a trailing newline, on each later attempt: on a busy machine the
        // workbench has missed the first change to a settings file it already had open.
        if (attempts++ > 0) writeFileSync(settingsFile, attempts % 2 ? settings : `${settings}\n`);
        await openFile(page, 'mango/lighthouse/lighthouse.edges.json');
        await runCommand(page, 'Waypoint: Run Question…');
        await pick('Route finding (RF)');
        await page.locator('.quick-input-widget input').fill('lamp room');
        await pick('harbour road → lamp room');
        // One attempt's wait, not the whole cap: the next attempt writes the settings again.
        const row = page.locator('.quick-input-list .monaco-list-row[aria-label^="slow-local"]').first();
        try {
          await row.waitFor({ timeout: ATTEMPT * 3 });
        } catch {
          const shown = await page.locator('.quick-input-list .monaco-list-row').allInnerTexts().catch(() => []);
          throw new Error(`the model picker lists ${shown.map(squeezed).join(', ') || 'nothing'} (attempt ${attempts})`);
        }
        await pick('slow-local');
      }, TIMEOUT * 3);
      await retry('the request reaching the slow server', async () => {
        if (slow.state.received === 0) throw new Error('no request yet');
      });
      const progress = page.locator('.notifications-toasts .notification-toast', { hasText: 'asking slow-local' }).first();
      await progress.waitFor({ timeout: TIMEOUT });
      await shot('run-question-slow');
      await progress.locator('.monaco-button', { hasText: 'Cancel' }).first().click();
      await retry('the HTTP request aborted by Cancel', async () => {
        if (slow.state.aborted === 0) throw new Error(`received ${slow.state.received}, aborted ${slow.state.aborted}`);
      });
      if (slow.state.received !== 1) throw new Error(`expected one request (no retry after cancel), saw ${slow.state.received}`);
    } finally {
      writeFileSync(settingsFile, '{}\n');
      await slow.close();
    }
  });

  await check('"Waypoint: Run Benchmark…" runs the sample MANGO game with both offline agents into two run files', async () => {
    const pick = (label) => pickQuickItem(page, label);
    /** Ticks a row of a multi-select quick pick (the row holding `text`), then checks the selection count. */
    const tick = async (text, count) => {
      await page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first().click();
      await retry(`${count} selected`, async () => {
        const shown = await page.locator('.quick-input-widget .quick-input-count').innerText();
        if (!shown.includes(String(count))) throw new Error(`count says ${shown}`);
      }, 5000);
    };
    await runCommand(page, 'Waypoint: Run Benchmark…');
    await pick('MANGO');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'MANGO sources' }).waitFor({ timeout: TIMEOUT });
    await page.locator('.quick-input-widget input').fill('lighthouse');
    await tick('mango/lighthouse', 1);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Continue with these options' }).first().click();
    await pick('faithful');
    await tick('oracle', 1);
    await tick('random', 2);
    await page.keyboard.press('Enter');
    // Concurrency: the default 4. The profiles pick's input stays on screen while it gives way to
    // the input box, so wait for the box's own title before Enter (an Enter in between is lost).
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Run Benchmark: concurrency' }).waitFor({ timeout: TIMEOUT });
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: TIMEOUT });
    const text = await dialog.innerText();
    for (const expected of ['oracle: 364 questions', 'random: 364 questions', 'prompt tokens', 'cost at most unknown']) {
      if (!text.includes(expected)) throw new Error(`the confirm lacks "${expected}": ${text.slice(0, 400)}`);
    }
    await shot('run-benchmark-confirm');
    await dialog.locator('.monaco-button', { hasText: 'Run 728 questions' }).first().click();
    await retry('the Run Benchmark summary', async () => {
      const toasts = await page.locator('.notifications-toasts').innerText();
      if (!toasts.includes('MANGO (faithful scoring)') || !toasts.includes('random: 364 answered')) throw new Error(`toasts say: ${toasts.slice(0, 300)}`);
    }, 120_000);
    await shot('run-benchmark-summary');
    const folder = join(workspace, '.waypoint', 'runs', 'batch');
    const files = readdirSync(folder).filter((name) => name.endsWith('.jsonl'));
    const means = {};
    for (const model of ['oracle', 'random']) {
      const name = files.find((file) => file.startsWith(`mango-${model}-`));
      if (!name) throw new Error(`no run file of ${model} in ${files.join(', ')}`);
      const records = readFileSync(join(folder, name), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
      if (records.length !== 364) throw new Error(`${name}: ${records.length} records, expected 364`);
      if (records.some((record) => record.model.id !== model || record.mode !== 'faithful' || record.error !== undefined)) throw new Error(`${name}: a record of another model, mode, or with an error`);
      means[model] = records.reduce((sum, record) => sum + (record.scores.success_strict ?? 0), 0) / records.length;
    }
    if (!(means.oracle > means.random)) throw new Error(`mean success_strict: oracle ${means.oracle}, random ${means.random}`);
    // The summary's report button writes `waypoint report --html` beside the run files (the results view's Share).
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'MANGO (faithful scoring)' }).first().locator('.monaco-button', { hasText: 'Open HTML Report' }).first().click();
    await retry('the HTML report file', async () => {
      const html = readdirSync(folder).find((name) => name.startsWith('mango-oracle+random-') && name.endsWith('.report.html'));
      if (!html) throw new Error(`no report in ${readdirSync(folder).join(', ')}`);
      if (!readFileSync(join(folder, html), 'utf8').includes('<html')) throw new Error(`${html} is not an HTML page`);
    });
  });

  await check('the results view of that run: tables, plots, a failure bar opens its questions, a question its answer and replay, two models compare, the shared HTML matches `waypoint report --json`', async () => {
    const folder = join(workspace, '.waypoint', 'runs', 'batch');
    const runFiles = readdirSync(folder).filter((name) => name.endsWith('.jsonl')).map((name) => join(folder, name));
    const cli = JSON.parse(execFileSync(process.execPath, [join(repo, 'dist', 'cli.js'), 'report', ...runFiles, '--json'], { encoding: 'utf8' }));
    // Run Benchmark opened the view by itself. A researcher reading tables gives them the room:
    // the panel hidden and the view's editor group maximized (opening an answer beside undoes it).
    const frame = await frameWith(page, '.results-app #tab-tables');
    await hidePanel(page);
    await page.locator('.tabs-container .tab', { hasText: 'Results:' }).first().click();
    await runCommand(page, 'View: Toggle Maximize Editor Group');
    const tables = await retry('the report tables', async () => {
      const text = await frame.locator('#panel-tables').innerText();
      if (!text.includes('oracle') || !text.includes('random')) throw new Error(`tables say: ${text.slice(0, 200)}`);
      return text;
    });
    // Every group of `waypoint report --json` is a row with its success_strict mean and interval.
    for (const group of cli.groups) {
      const metric = group.metrics.success_strict;
      const shown = `${Math.round(metric.mean * 1000) / 1000}`;
      if (!tables.includes(shown)) throw new Error(`the tables lack ${shown} of group ${JSON.stringify(group.key)}`);
    }
    await shot('results-tables');
    await views.expect('waypoint.results', 'results');
    await frame.locator('#tab-plots').click();
    await retry('the plots', async () => {
      if ((await frame.locator('#panel-plots svg').count()) === 0) throw new Error('no plot drawn');
    });
    await shot('results-plots');
    // A failure bar opens the questions behind it: the matrix then counts exactly that code's records.
    await frame.locator('#tab-failures').click();
    const bar = frame.locator('.failure-bar').first();
    const code = await bar.getAttribute('data-code');
    const failure = cli.failures.find((entry) => entry.code === code);
    if (!failure) throw new Error(`the first bar's code ${code} is not among the report's failures`);
    await shot('results-failures');
    await bar.click();
    await retry('the matrix filtered to the bar', async () => {
      const records = await frame.locator('#matrix-summary').getAttribute('data-records');
      if (Number(records) !== failure.records) throw new Error(`matrix shows ${records} records, ${code} has ${failure.records}`);
    });
    // A question opens its detail, its answer in the editor and its replay on the maze.
    await frame.locator('.matrix-cell[data-row]').first().click();
    await retry('the detail pane', async () => {
      if ((await frame.locator('#detail #open-answer').count()) === 0) throw new Error('no detail yet');
    });
    const model = (await frame.locator('#detail .detail-model').innerText()).trim();
    await shot('results-detail');
    await frame.locator('#detail #open-answer').click();
    await retry('the answer tab', async () => {
      const tabs = await tabLabels(page);
      if (!tabs.some((tab) => tab.includes(squeezed(`-${model}`)))) throw new Error(`tabs: ${tabs.join(' | ')}`);
    });
    const results = page.locator('.tabs-container .tab', { hasText: 'Results:' }).first();
    await results.click();
    const again = await frameWith(page, '.results-app #detail #open-replay');
    await again.locator('#detail #open-replay').click();
    const maze = await frameWith(page, '.trajectory:not([hidden]) .chip');
    await retry('the replay on the maze', async () => {
      const text = await maze.locator('.trajectory:not([hidden])').innerText();
      if (!text.includes(model)) throw new Error(`the maze's trajectory is not ${model}'s: ${text.slice(0, 200)}`);
    });
    await shot('results-replay');
    // Compare the two models: the paired statistics of `waypoint compare`.
    await results.click();
    const view = await frameWith(page, '.results-app #tab-compare');
    await view.locator('#tab-compare').click();
    await view.locator('#compare-a').selectOption('oracle');
    await view.locator('#compare-b').selectOption('random');
    await view.locator('#compare-run').click();
    const compared = JSON.parse(execFileSync(process.execPath, [join(repo, 'dist', 'cli.js'), 'compare', ...['oracle', 'random'].map((name) => runFiles.find((file) => file.includes(`mango-${name}-`))), '--json'], { encoding: 'utf8' }));
    await retry('the comparison', async () => {
      const text = await view.locator('#compare-output').innerText();
      if (!text.includes('mcnemar') || !text.includes(String(compared.flips.length))) throw new Error(`compare shows: ${text.slice(0, 300)}; the CLI has ${compared.flips.length} flips`);
    });
    await shot('results-compare');
    // A flipped question's two answers side by side in the diff editor.
    await view.locator('#flip-list .flip-both').first().click();
    await retry('the side-by-side diff', async () => {
      const tabs = await tabLabels(page);
      if (!tabs.some((tab) => tab.includes(squeezed('oracle ↔ random')))) throw new Error(`tabs: ${tabs.join(' | ')}`);
    });
    await shot('results-flip-diff');
    await results.click();
    await frameWith(page, '.results-app #share-html');
    // Share: the self-contained HTML report beside the run files, opened offline in chromium.
    // Share asks where to save, starting beside the run files; Run Benchmark's "Open HTML Report" wrote that file already.
    await view.locator('#share-html').click();
    const saved = await saveThroughDialog(page, 'Share HTML');
    if (dirname(saved) !== folder || !/^mango-oracle\+random-.*\.report\.html$/.test(basename(saved))) throw new Error(`the save dialog proposed ${saved}`);
    await shareNotice(page, 'HTML report', `.waypoint/runs/batch/${basename(saved)}`);
    const html = saved;
    await shot('results-share-notice');
    const reportPage = await page.context().newPage();
    const requests = [];
    reportPage.on('request', (request) => { if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) requests.push(request.url()); });
    await reportPage.goto(pathToFileURL(html).href);
    const overall = await reportPage.locator('table').first().innerText();
    for (const group of cli.groups) {
      const shown = `${Math.round(group.metrics.success_strict.mean * 1000) / 1000}`;
      if (!(await reportPage.locator('body').innerText()).includes(shown)) throw new Error(`the HTML report lacks ${shown}`);
    }
    if (!overall.includes('oracle') || !overall.includes('random')) throw new Error(`the report's overall table: ${overall.slice(0, 200)}`);
    if (requests.length > 0) throw new Error(`the report made requests: ${requests.join(', ')}`);
    await reportPage.screenshot({ path: join(screenshotsDir, 'e2e-results-shared-html.png'), fullPage: false });
    await reportPage.close();
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  });

  await check('run files the CLI wrote outside .waypoint/runs: opened from the Explorer menu, a second one Shift-dropped on the view, a file that is not one refused by its line, and Share saying where it wrote', async () => {
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'View: Show Explorer');
    const cliRuns = join(workspace, 'cli-runs');
    mkdirSync(cliRuns, { recursive: true });
    for (const agent of ['oracle', 'random']) {
      execFileSync(process.execPath, [join(repo, 'dist', 'cli.js'), 'run', 'mango', join(workspace, 'mango', 'lighthouse'), '--agent', agent, '--out', join(cliRuns, `${agent}.jsonl`)], { encoding: 'utf8' });
    }
    await retry('the cli-runs folder in the Explorer', async () => {
      const folderRow = explorerRow(page, 'cli-runs');
      if ((await folderRow.getAttribute('aria-expanded', { timeout: 2000 })) === 'false') await folderRow.click({ timeout: 2000 });
      await explorerRow(page, 'oracle.jsonl').waitFor({ timeout: 2000 });
      await explorerRow(page, 'random.jsonl').waitFor({ timeout: 2000 });
    });
    // The Explorer's context menu on a .jsonl run file.
    await explorerRow(page, 'oracle.jsonl').click({ button: 'right' });
    await page.locator('.context-view .action-label', { hasText: 'Open in Results View' }).first().click({ timeout: 10_000 });
    const view = await frameWith(page, '.results-app #tab-tables');
    await retry('the run file\'s records in the view', async () => {
      if ((await view.locator('.results-title').innerText()) !== 'oracle') throw new Error(`title ${await view.locator('.results-title').innerText()}`);
      const overall = await view.locator('#panel-tables .results-table').first().locator('tbody tr').allInnerTexts();
      if (overall.length !== 1 || !/^oracle\s+364\s+364\s+0\s+1\.000/.test(overall[0])) throw new Error(`overall rows: ${overall.join(' | ')}`);
      if (!(await view.locator('.results-files').innerText()).includes('cli-runs/oracle.jsonl')) throw new Error('the file is not named');
    });
    await shot('results-cli-file');
    // A second run file dragged from the Explorer with Shift held (VS Code hands a webview drags only then).
    const source = await explorerRow(page, 'random.jsonl').boundingBox();
    const target = await page.locator('iframe.webview.ready').first().boundingBox();
    await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(source.x + source.width / 2 + 30, source.y + source.height / 2 + 10, { steps: 3 });
    await page.keyboard.down('Shift');
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await retry('the dropped file added to the view', async () => {
      const status = await view.locator('#results-status').innerText();
      if (status !== 'Added cli-runs/random.jsonl: the view now shows 2 run files.') throw new Error(`status: ${status}`);
      const overall = await view.locator('#panel-tables .results-table').first().locator('tbody tr').allInnerTexts();
      if (overall.length !== 2 || !overall[1].startsWith('random')) throw new Error(`overall rows: ${overall.join(' | ')}`);
    });
    await shot('results-cli-drop');
    // Share HTML and Export CSV: a save dialog beside the run files, then a notification naming the file.
    await view.locator('#share-html').click();
    const html = await saveThroughDialog(page, 'Share HTML');
    if (html !== join(cliRuns, 'mango-oracle+random.report.html')) throw new Error(`the save dialog proposed ${html}`);
    const htmlToast = await shareNotice(page, 'HTML report', 'cli-runs/mango-oracle+random.report.html');
    await shot('results-cli-share-notice');
    await htmlToast.locator('.monaco-button', { hasText: 'Open' }).first().click();
    // A web window's browser cannot open the server's file: the report opens in a tab of VS Code.
    await views.expect('waypoint.reportPreview', 'report-preview', {
      ready: async (report) => {
        const tabs = await tabLabels(page);
        const text = await report.locator('body').innerText();
        return tabs.some((tab) => tab.includes(squeezed('Report: mango-oracle+random.report.html'))) && text.includes('728 records') && text.includes('random');
      },
    });
    await page.locator('.tabs-container .tab', { hasText: 'Results:' }).first().click();
    await view.locator('#share-csv').click();
    const csv = await saveThroughDialog(page, 'Export CSV');
    const csvToast = await shareNotice(page, 'CSV of the report', `cli-runs/${basename(csv)}`);
    const expected = execFileSync(process.execPath, [join(repo, 'dist', 'cli.js'), 'report', join(cliRuns, 'oracle.jsonl'), join(cliRuns, 'random.jsonl'), '--csv'], { encoding: 'utf8' });
    if (readFileSync(csv, 'utf8').trim() !== expected.trim()) throw new Error('the CSV differs from `waypoint report --csv`');
    await csvToast.locator('.monaco-button', { hasText: 'Reveal in Explorer' }).first().click();
    await retry('the CSV selected in the Explorer', async () => {
      const selected = await page.locator('.explorer-folders-view .monaco-list-row.selected').allInnerTexts();
      if (!selected.some((name) => name.includes(basename(csv)))) throw new Error(`selected: ${selected.join(' | ')}`);
    });
    // Show Results from the palette: "Open a run file…" and the files opened before; a file that
    // is not a run file is refused by its first line, and "Open File" goes there.
    await runCommand(page, 'Waypoint: Show Results…');
    const browse = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open a run file…' }).first();
    await browse.waitFor({ timeout: 10_000 });
    const rows = (await page.locator('.quick-input-list .monaco-list-row').allInnerTexts()).join(' | ');
    for (const expectedRow of ['Benchmark runs in this workspace', 'Opened before', 'cli-runs/oracle.jsonl', 'cli-runs/random.jsonl']) {
      if (!rows.includes(expectedRow)) throw new Error(`the picker lacks "${expectedRow}": ${rows}`);
    }
    await shot('results-picker');
    await browse.click();
    await page.keyboard.press('Enter');
    await openThroughDialog(page, 'Show Results: open run files', join(workspace, 'mango', 'lighthouse', 'lighthouse.all_pairs.jsonl'));
    const refusal = page.locator('.notifications-toasts .notification-toast', { hasText: 'lighthouse.all_pairs.jsonl is not a run file: line 1, column 1' }).first();
    await retry('the refusal naming the file and line', async () => {
      if ((await refusal.count()) === 0) throw new Error(`toasts say: ${(await page.locator('.notifications-toasts').innerText()).slice(0, 300)}`);
    });
    await shot('results-not-a-run-file');
    await refusal.locator('.monaco-button', { hasText: 'Open File' }).first().click();
    await retry('the file open at its first line', async () => {
      const tabs = await tabLabels(page);
      if (!tabs.some((tab) => tab.includes('lighthouse.all_pairs.jsonl'))) throw new Error(`tabs: ${tabs.join(' | ')}`);
      const position = await page.locator('.statusbar-item[id="status.editor.selection"]').innerText();
      if (!position.includes('Ln 1, Col 1')) throw new Error(`status bar says ${position}`);
    });
    await runCommand(page, 'View: Close All Editors');
  });

  await check('"Waypoint: Show Board" draws a BabyAI level in the grid view', async () => {
    await openFile(page, 'babyai/locked-door-key-in-box.level.json');
    await runCommand(page, 'Waypoint: Show Board (Grid or Episode)');
    const frame = await frameWith(page, 'svg.board-svg.grid');
    const doors = await frame.locator('g.cell-door').count();
    if (doors !== 1) throw new Error(`expected the locked door, found ${doors} doors`);
    const locked = await frame.locator('g.cell-door[data-state="locked"]').count();
    if (locked !== 1) throw new Error('the door is not drawn locked');
    await shot('board-level');
    await views.expect('waypoint.board', 'board-babyai');
  });

  await check('"Waypoint: Play SmartPlay Episode…" plays Hanoi with the solver and steps it on the board', async () => {
    const pick = (label) => pickQuickItem(page, label);
    await runCommand(page, 'Waypoint: Play SmartPlay Episode…');
    await pick('Hanoi3Disk');
    await pick('hanoi-solver');
    await retry('the episode result message', async () => {
      const text = await page.locator('.notifications-toasts').innerText();
      if (!text.includes('Hanoi3Disk with hanoi-solver: done after 7 steps') || !text.includes('normalised 1')) throw new Error(`toasts say: ${text.slice(0, 200)}`);
    });
    await frameWith(page, 'svg.board-svg');
    await shot('board-hanoi');
    await views.expect('waypoint.board', 'board-smartplay');
  });

  await check('"Waypoint: Run BabyAI Question…" runs Plan with the built-in oracle and steps it on the board', async () => {
    const pick = (label) => pickQuickItem(page, label);
    await openFile(page, 'babyai/goto-red-ball.level.json');
    await runCommand(page, 'Waypoint: Run BabyAI Question…');
    await pick('Plan');
    await pick('Zero-shot');
    await pick('oracle');
    await retry('the Plan result message', async () => {
      const text = await page.locator('.notifications-toasts').innerText();
      if (!text.includes('Plan success 1')) throw new Error(`toasts say: ${text.slice(0, 200)}`);
    });
    await frameWith(page, 'svg.board-svg.grid');
    await shot('babyai-plan');
  });

  await check('the "▶ Score and step" lens scores a GRASP response row and draws it on the board', async () => {
    await openFile(page, 'grasp/results/waypoint_sample_output.jsonl');
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: '▶ Score and step' }).first();
    await retry('the response lens', () => lens.click({ timeout: ATTEMPT }));
    await retry('the GRASP score message', async () => {
      const text = await page.locator('.notifications-toasts').innerText();
      if (!text.includes('inner_cluster_free.jsonl-0-0-0-0')) throw new Error(`toasts say: ${text.slice(0, 200)}`);
    });
    await frameWith(page, 'svg.board-svg.grid');
    await shot('grasp-response');
    await views.expect('waypoint.board', 'board-grasp');
  });

  await check('"Waypoint: Play Episode…": you play lighthouse in the Play panel, the maze beside it from "no moves yet" to your first move', async () => {
    const pick = (label) => pickQuickItem(page, label);
    await runCommand(page, 'View: Close All Editors');
    // The views beside each other get the window's height.
    await hidePanel(page);
    await runCommand(page, 'Waypoint: Play Episode…');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Play Episode: what to play?' }).waitFor({ timeout: 10_000 });
    await pick('mango/lighthouse/lighthouse');
    await pickExactItem(page, 'harbour road');
    await pickExactItem(page, 'lamp room');
    await pick('You (type the commands)');
    const play = await views.expect('waypoint.play', 'play', { ready: async (frame) => !(await frame.locator('#play-input').isDisabled()) });
    // Before any move: the start, said plainly (it once said "The answer could not be parsed").
    const maze = await views.expect('waypoint.maze', 'play-maze-start', { ready: async (frame) => (await frame.locator('.trajectory:not([hidden]) .trajectory-detail').innerText().catch(() => '')).trim() !== '' });
    const before = await maze.locator('.trajectory-detail').innerText();
    if (before !== 'Start at harbour road · no moves yet') throw new Error(`before the first move the maze says: ${before}`);
    await play.locator('#play-input').fill('east');
    await play.locator('#play-input').press('Enter');
    await retry('the move in the transcript and on the maze', async () => {
      const transcript = await play.locator('#play-transcript').innerText();
      if (!/quay/i.test(transcript)) throw new Error(`the transcript: ${transcript.slice(-300)}`);
      const chips = await maze.locator('.trajectory .chip').allInnerTexts();
      if (chips.length !== 1 || !chips[0].includes('east')) throw new Error(`the maze's steps: ${chips.join(' | ')}`);
    });
    await shot('play-moved');
    await play.locator('.play-stop').click();
    await retry('the episode stopped', async () => {
      const ending = await play.locator('#play-end').innerText();
      if (!ending.startsWith('Stopped')) throw new Error(`the panel says: ${ending}`);
    });
  });

  await check('"Waypoint: Play Episode…" lists the SmartPlay games: Hanoi4Disk played by the solver on the board', async () => {
    // The Play panel of the check before focuses its input when it settles, which would close the
    // pickers below on a busy machine: it is done with.
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Waypoint: Play Episode…');
    // Listed in Play Episode's own pick (not Play SmartPlay Episode's, which lists only games).
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Play Episode: what to play?' }).waitFor({ timeout: 10_000 });
    await page.locator('.quick-input-widget input').fill('Hanoi4Disk');
    await pickExactItem(page, 'Hanoi4Disk');
    await pickQuickItem(page, 'hanoi-solver');
    await retry('the episode result message', async () => {
      const text = await page.locator('.notifications-toasts').innerText();
      if (!text.includes('Hanoi4Disk with hanoi-solver: done after 15 steps')) throw new Error(`toasts say: ${text.slice(0, 200)}`);
    });
    await views.expect('waypoint.board', 'board-smartplay-from-play-episode', { ready: async (frame) => (await frame.locator('svg.board-svg').count()) > 0 });
  });

  await check('"Waypoint: Show Map Diff…" draws a map a model wrote over the maze', async () => {
    const answer = join(workspace, 'mango', 'answers', 'lighthouse-map.txt');
    writeFileSync(answer, ['harbour road --north--> fish market', 'harbour road --east--> quay', 'quay --swim--> lamp room', ''].join('\n'));
    try {
      await openFile(page, 'mango/answers/lighthouse-map.txt');
      await runCommand(page, 'Waypoint: Show Map Diff…');
      // Two games in the workspace: the one the map is of.
      await pickExactItem(page, 'lighthouse');
      const diff = await views.expect('waypoint.mapDiff', 'map-diff', { ready: async (frame) => (await frame.locator('[data-node]').count()) > 0 });
      // Two moves of the maze and one made up (no swim from the quay).
      const text = await diff.locator('#app').innerText();
      if (!/edges: 2 correct · .* · 1 hallucinated/.test(text)) throw new Error(`the map diff's counts: ${text.slice(0, 400)}`);
    } finally {
      await runCommand(page, 'View: Close All Editors').catch(() => {});
      rmSync(answer, { force: true });
    }
  });

  await check('the Waypoint Runs view lists the runs of this session', async () => {
    await runCommand(page, 'Explorer: Focus on Waypoint Runs View');
    // Room for the view: the folder tree and the Outline above it folded.
    for (const section of ['Explorer Section', 'Outline Section']) {
      const header = page.locator(`.pane-header[aria-label^="${section}"][aria-expanded="true"]`).first();
      if ((await header.count()) > 0) await header.click();
    }
    await retry('rows of the Runs view', async () => {
      const text = await page.locator('.pane:has(.pane-header[aria-label^="Waypoint Runs"]) .monaco-list-rows').innerText();
      // Grouped by game: the latest SmartPlay episode (revealed when it was recorded) and the episode you played.
      for (const expected of ['SmartPlay · Hanoi4Disk', 'lighthouse', 'PLAY harbour road → lamp room', 'human']) if (!text.includes(expected)) throw new Error(`the Runs view lacks ${expected}: ${text.slice(0, 400)}`);
    });
    await page.screenshot({ path: join(screenshotsDir, 'e2e-view-runs.png') });
  });

  await check('"Waypoint: Validate Workspace" reports every file on disk', async () => {
    await runCommand(page, 'Waypoint: Validate Workspace');
    await retry('validation toast', async () => {
      const text = await page.locator('.notifications-toasts').innerText();
      if (!text.includes('21 files validated: 7 errors, 2 warnings')) throw new Error(`toasts say: ${text.slice(0, 200)}`);
    });
    await shot('validate-workspace');
  });

  await check('every webview the extension creates was opened from the packaged .vsix, rendered, without an error', async () => {
    const missed = views.views.filter((view) => !views.opened.has(view.viewType)).map((view) => `${view.viewType} (${view.script ?? 'contributed in package.json'})`);
    if (missed.length > 0) throw new Error(`never opened in this scenario: ${missed.join(', ')}`);
    if (views.consoleErrors.length > 0) throw new Error(`webviews logged errors: ${views.consoleErrors.join(' | ').slice(0, 600)}`);
  });

  return results;
}
