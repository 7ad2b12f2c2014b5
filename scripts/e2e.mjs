// End-to-end tests in a real VS Code without downloading one: code-server from the npm registry,
// driven by playwright-core and Debian's chromium. Two parts:
//  1. UI: the packaged .vsix installed into an isolated profile, a user's path through the workbench.
//  2. Extension host: the mocha suite in test/e2e/suite run inside code-server's extension host.
//  3. `npm start` twice on one profile: a model profile and its key survive (test/e2e/startPersistence.ts).
// Prints "N passed, N failed" and exits non-zero on any failure.
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, prepareProfile, startCodeServer } from './lib/codeServer.mjs';
import { runHostSuite } from './lib/hostSuite.mjs';
import { missingRuntimeFiles } from './lib/installedFiles.mjs';
import { runUiScenario } from '../test/e2e/ui.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(repo, 'test-results');
const started = Date.now();
mkdirSync(resultsDir, { recursive: true });

if (!existsSync(chromiumPath)) {
  console.error(`e2e: ${chromiumPath} not found; install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

console.log('e2e: building and packaging the extension');
execSync('npm run --silent package', { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
execSync('node esbuild.mjs --tests', { cwd: repo, stdio: 'inherit' });
const vsix = join(repo, 'dist', 'waypoint.vsix');
const vsixKiB = Math.round(statSync(vsix).size / 1024);

const scratch = mkdtempSync(join(tmpdir(), 'waypoint-e2e-'));
const workspace = join(scratch, 'workspace');
cpSync(join(repo, 'samples'), workspace, { recursive: true });
const serverLog = [];
const log = (text) => serverLog.push(text);

const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
const servers = [];
const packaging = [];
let uiResults = [];
let hostResults = { records: [], metrics: {} };
let startResults = [];
try {
  // Part 1: the packaged extension, as a user installs it.
  console.log('e2e: UI scenario with the packaged .vsix');
  const installed = prepareProfile(join(scratch, 'installed'), { vsix });
  // Before any view is opened: every bundle, worker and schema the build made for run time is in
  // the extension as installed (a webview whose script was left out of the .vsix opens blank).
  const missing = missingRuntimeFiles(repo, installed.dirs.extensions);
  const complete = { name: 'the installed .vsix holds every run-time file the build made (dist/runtime-files.json)', passed: missing.length === 0, ...(missing.length ? { error: `missing: ${missing.join(', ')}` } : {}) };
  packaging.push(complete);
  console.log(`  ${complete.passed ? '✔' : '✘'} ${complete.name}${complete.error ? `: ${complete.error}` : ''}`);
  const uiServer = await startCodeServer(installed, workspace, { log });
  servers.push(uiServer);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  uiResults = await runUiScenario({ page, baseUrl: uiServer.url, workspace, screenshotsDir: resultsDir });
  await context.close();
  uiServer.stop();

  // Part 2: the mocha suite inside the extension host, on a fresh copy of the samples. Its time
  // limit follows its progress (scripts/lib/hostSuite.mjs): each finished test is printed as it comes.
  console.log('e2e: extension-host suite');
  const hostWorkspace = join(scratch, 'host-workspace');
  cpSync(join(repo, 'samples'), hostWorkspace, { recursive: true });
  const printRecord = (record) => console.log(`  ${record.passed ? '✔' : '✘'} ${record.title}${record.error ? `: ${record.error}` : ''}`);
  hostResults = await runHostSuite({ browser, repo, workspace: hostWorkspace, scratch, log, screenshot: join(resultsDir, 'e2e-extension-host.png'), onRecord: printRecord });

  // Part 3: `npm start` twice on one profile (it packages again): model profiles and keys survive.
  console.log('e2e: npm start keeps profiles and keys');
  const { runStartPersistence } = createRequire(import.meta.url)(join(repo, 'dist', 'test', 'e2e', 'startPersistence.js'));
  startResults = await runStartPersistence();
} finally {
  await browser.close().catch(() => {});
  for (const server of servers) server.stop();
  writeFileSync(join(resultsDir, 'code-server.log'), serverLog.join(''));
}

const all = [
  ...packaging.map((r) => ({ title: r.name, passed: r.passed })),
  ...uiResults.map((r) => ({ title: r.name, passed: r.passed })),
  ...hostResults.records,
  ...startResults.map((r) => ({ title: r.name, passed: r.passed, error: r.error })),
];
const passed = all.filter((r) => r.passed).length;
const failed = all.length - passed;
const summary = { passed, failed, wallSeconds: Math.round((Date.now() - started) / 100) / 10, vsixKiB, ...hostResults.metrics };
writeFileSync(join(resultsDir, 'e2e-summary.json'), JSON.stringify({ summary, packaging, ui: uiResults, host: hostResults.records, start: startResults }, null, 2));
console.log(`e2e: wall ${summary.wallSeconds} s, .vsix ${vsixKiB} KiB, activation ${hostResults.metrics.activationMs?.toFixed?.(1) ?? '?'} ms (loading ${hostResults.metrics.activationLoadingMs?.toFixed?.(1) ?? '?'} ms + activate ${hostResults.metrics.activationCallMs?.toFixed?.(1) ?? '?'} ms; VS Code's context wait ${hostResults.metrics.activationHostWaitMs?.toFixed?.(1) ?? '?'} ms not counted)`);
rmSync(scratch, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && all.length > 0 ? 0 : 1);
