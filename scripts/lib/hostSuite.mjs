// Runs the extension-host mocha suite (test/e2e/suite, built to dist/test/e2e/suite.js) inside
// code-server: a page opens the workbench with the smoke-test driver, VS Code runs the suite in its
// extension host, and the suite writes its records to a results file.
//
// How long it may take follows its progress, not the clock: the suite appends a line to a progress
// file as each test finishes, and the run is called stuck only when no test has finished for
// `stallMs` (longer than any one test may take: the suite's mocha timeout), with `capMs` as an
// overall limit. A busy machine makes the run slower; it does not fail it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { prepareProfile, startCodeServer } from './codeServer.mjs';

/** No test finished for this long: the suite is stuck (the suite's per-test timeout is 4 minutes). */
export const HOST_STALL_MS = 6 * 60_000;
/** The whole suite, however steadily it progresses. */
export const HOST_CAP_MS = 90 * 60_000;

/**
 * The finished tests the progress file lists. The suite may be appending while this reads: a last
 * line that does not parse yet is one being written, left for the next read. An earlier line that
 * does not parse is a real fault and throws.
 */
export function readProgress(file) {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const records = [];
  for (const [index, line] of lines.entries()) {
    try {
      records.push(JSON.parse(line));
    } catch (error) {
      if (index === lines.length - 1) break;
      throw new Error(`${file}:${index + 1}: not a JSON record (${error.message})`);
    }
  }
  return records;
}

/**
 * Runs the suite on `workspace` with a fresh profile under `scratch`. `grep` runs only the tests
 * whose full title matches; `onRecord` sees each finished test as it is reported. Resolves with the
 * suite's records and metrics; a suite that stalls or never reports is one failed record more.
 */
export async function runHostSuite({ browser, repo, workspace, scratch, log, grep, screenshot, onRecord = () => {}, stallMs = HOST_STALL_MS, capMs = HOST_CAP_MS }) {
  const resultsFile = join(scratch, 'host-results.json');
  const progressFile = join(scratch, 'host-progress.jsonl');
  const development = prepareProfile(join(scratch, 'development'));
  const env = { WAYPOINT_E2E_RESULTS: resultsFile, WAYPOINT_E2E_PROGRESS: progressFile, ...(grep ? { WAYPOINT_E2E_GREP: grep } : {}) };
  const server = await startCodeServer(development, workspace, { log, smokeTestDriver: true, env });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const authority = new URL(server.url).host;
    const payload = [
      ['extensionDevelopmentPath', `vscode-remote://${authority}${repo}`],
      ['extensionTestsPath', `vscode-remote://${authority}${join(repo, 'dist', 'test', 'e2e', 'suite.js')}`],
    ];
    const page = await context.newPage();
    let exitCode;
    const exited = new Promise((resolve) => {
      page.exposeFunction('codeAutomationLog', () => {});
      page.exposeFunction('codeAutomationExit', (code) => {
        exitCode = code;
        resolve();
      });
    });
    page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`).catch(() => {});

    const started = Date.now();
    let lastProgress = started;
    let seen = 0;
    let stopped = null;
    while (exitCode === undefined && stopped === null) {
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
      // A new line in the progress file is a finished test: the stall clock starts again.
      if (existsSync(progressFile) && statSync(progressFile).size > 0) {
        const records = readProgress(progressFile);
        for (const record of records.slice(seen)) onRecord(record);
        if (records.length > seen) lastProgress = Date.now();
        seen = records.length;
      }
      if (exitCode !== undefined) break;
      const now = Date.now();
      if (now - lastProgress > stallMs) stopped = `stalled: no test finished for ${Math.round(stallMs / 60_000)} min`;
      else if (now - started > capMs) stopped = `still running after the ${Math.round(capMs / 60_000)} min cap`;
    }
    if (screenshot) await page.screenshot({ path: screenshot }).catch(() => {});
    if (existsSync(resultsFile)) return JSON.parse(readFileSync(resultsFile, 'utf8'));
    // No results file: the suite did not finish. What did finish still counts, and the rest is one failure.
    const records = readProgress(progressFile);
    for (const record of records.slice(seen)) onRecord(record);
    const last = records.at(-1)?.title;
    const failure = { title: 'extension-host suite ran to the end', passed: false, error: `${stopped ?? `no results (exit ${exitCode})`}${last ? `; the last test to finish: ${last}` : '; no test finished'}` };
    onRecord(failure);
    return { records: [...records, failure], metrics: {} };
  } finally {
    await context.close().catch(() => {});
    server.stop();
  }
}
