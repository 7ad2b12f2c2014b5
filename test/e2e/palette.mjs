// Runs VS Code commands the way a person does, through the command palette; shared by the UI
// scenario (ui.mjs) and the `npm start` check (startPersistence.ts). Plain ESM with no
// import.meta, so esbuild can bundle it into the CommonJS test bundles as well.

// Every wait ends on its condition; these caps are generous so that a busy machine only makes the
// scenario slower. ATTEMPT bounds one try inside `retry` (which then tries again until TIMEOUT).
export const TIMEOUT = 120_000;
export const ATTEMPT = 10_000;

export async function retry(description, action, timeoutMs = TIMEOUT) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      return await action();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`${description}: ${lastError?.message ?? 'timed out'}`);
}

/** Runs a command by its palette title; re-opens the palette until the title is listed. */
export async function runCommand(page, title) {
  await retry(`command "${title}" in the palette`, async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: ATTEMPT });
    // One attempt, not the whole cap: a modal that makes the workbench inert (an open-external
    // prompt) is dismissed by the next attempt's Escape, which a fill waiting the cap would never reach.
    await input.fill(`>${title}`, { timeout: ATTEMPT });
    const row = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${title}"]`).first();
    await row.waitFor({ timeout: ATTEMPT });
    // The row itself, not Enter: the palette's fuzzy match also lists similar titles, and a recently
    // used one ("Play SmartPlay Episode…" for "Play Episode…") is put on top, where Enter would run it.
    await page.mouse.move(0, 0);
    await row.click({ timeout: ATTEMPT });
  });
}
