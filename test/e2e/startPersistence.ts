// `npm start` twice, as a person uses it: start, add a model profile and its key through the
// editor's own prompts, stop with Ctrl+C, start again, and the profile and the key are still there
// (Test Connection against a server that wants the key says OK). Also what does NOT keep a key: a
// browser that never saw it (code-server keeps SecretStorage in the browser's localStorage, sealed
// with a key half in the profile) and `npm start -- --reset`. Run by scripts/e2e.mjs as its third
// part (bundled to dist/test/e2e/startPersistence.js), or alone: node dist/test/e2e/startPersistence.js
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { startFakeOpenAi } from '../support/fakeOpenAi';
import { repoRoot, samplesDir, testResultsDir } from '../support/paths';
// The palette as ui.mjs drives it: the matching row is clicked, never Enter on whatever row is first.
import { runCommand } from './palette.mjs';

const KEY = 'sk-start-persist-key-1618';
const PROFILE = 'persist-llama';
const SERVED = 'persisted-model-q4.gguf';
/** Test Connection's verdict for the profile: OK, the latency, the model the server serves. */
const OK_LINE = new RegExp(
  `${PROFILE}: OK in \\d+ ms: '${SERVED.replace(/[.]/g, '\\.')}' answered \\(asked for 'default'\\)\\.`,
);
const WAIT = 60_000;
/**
 * From `npm start` to its URL: a build, `vsce package` and a code-server start, mostly silent, so
 * no progress to follow; generous for a busy machine, and the wait ends at once on the URL or an exit.
 */
const START_CAP = 10 * 60_000;
/** From Ctrl+C to the process group's exit (a code-server stop): then it is killed and the check fails. */
const STOP_CAP = 120_000;
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const INSTALLED = `waypoint-bench.waypoint-${version}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface CheckResult {
  name: string;
  passed: boolean;
  ms: number;
  error?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  url: string;
  output: () => string;
  /** Ctrl+C, as a person stops it: SIGINT to the whole process group; resolves when the port is free again. */
  stop(): Promise<void>;
}

/** `npm start -- [args] <folder>` in its own process group; resolves when it prints its URL. */
async function npmStart(args: string[], env: Record<string, string>, port: number): Promise<Started> {
  const child: ChildProcess = spawn('npm', ['start', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, WAYPOINT_PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // already gone
    }
  };
  // Packaging on a busy machine takes minutes: the wait ends on the URL line, on exit, or at the cap.
  const startedAt = Date.now();
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      // Its last start line too: the URL and the profile line are separate writes, read in chunks.
      const found = /Waypoint is running in VS Code at (http:\/\/\S+)/.exec(output);
      if (found && output.includes('Press Ctrl+C to stop.')) {
        clearInterval(timer);
        resolve(found[1]);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start exited with ${child.exitCode}:\n${output}`));
      } else if (Date.now() - startedAt > START_CAP) {
        clearInterval(timer);
        killGroup('SIGKILL');
        reject(new Error(`npm start printed no URL within ${START_CAP / 60_000} min (killed):\n${output}`));
      }
    }, 200);
  });
  return {
    url,
    output: () => output,
    async stop() {
      killGroup('SIGINT');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_CAP).unref()),
      ]);
      if (!stopped) {
        killGroup('SIGKILL');
        await exited;
        throw new Error(`npm start did not exit within ${STOP_CAP / 1000} s of Ctrl+C (killed):\n${output}`);
      }
      for (let tries = 0; tries < 300; tries++) {
        const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          () => true,
          () => false,
        );
        if (!answered) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`port ${port} still answers after npm start stopped`);
    },
  };
}

/** Waits for the input box titled `...: <step>`, types `value` and presses Enter. */
async function answerInput(page: Page, step: string, value: string): Promise<void> {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: `: ${step}` }).waitFor({ timeout: WAIT });
  const input = page.locator('.quick-input-widget input').first();
  await input.fill(value);
  await page.keyboard.press('Enter');
}

async function pick(page: Page, label: string): Promise<void> {
  const row = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${label}"]`).first();
  await row.waitFor({ timeout: WAIT });
  await page.mouse.move(0, 0);
  await row.click();
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
}

/** A screenshot once the "testing …" progress toast has gone, so it does not cover the verdict. */
async function shotOfVerdict(page: Page, name: string): Promise<void> {
  await toast(page, 'Waypoint: testing').waitFor({ state: 'hidden', timeout: WAIT });
  await page.screenshot({ path: join(testResultsDir, name) });
}

async function openWorkbench(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
  await page.locator('.explorer-folders-view').waitFor({ timeout: WAIT });
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

export async function runStartPersistence(): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'waypoint-start-'));
  const workspace = join(scratch, 'workspace');
  cpSync(samplesDir, workspace, { recursive: true });
  const profileRoot = join(scratch, 'start-profile');
  const browserProfile = join(scratch, 'browser');
  mkdirSync(testResultsDir, { recursive: true });
  const fake = await startFakeOpenAi();
  fake.apiKey = KEY;
  fake.servedModel = SERVED;
  const port = await freePort();
  const env = { WAYPOINT_START_PROFILE: profileRoot };
  const userSettings = join(profileRoot, 'user-data', 'User', 'settings.json');
  const installedCore = join(profileRoot, 'extensions', INSTALLED, 'dist', 'extension-core.js');
  // What is running now, for the failure screenshot and the clean-up (assigned inside the checks).
  const live: { started?: Started; context?: BrowserContext } = {};
  const closeBrowser = async () => {
    await live.context?.close();
    live.context = undefined;
  };
  const stopStart = async () => {
    await live.started?.stop();
    live.started = undefined;
  };
  const persistentBrowser = () =>
    chromium.launchPersistentContext(browserProfile, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      viewport: { width: 1400, height: 900 },
    });

  async function check(name: string, body: () => Promise<void>): Promise<boolean> {
    const startedAt = Date.now();
    try {
      await body();
      results.push({ name, passed: true, ms: Date.now() - startedAt });
      console.log(`  ✔ ${name} (${Date.now() - startedAt} ms)`);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.push({ name, passed: false, ms: Date.now() - startedAt, error: message });
      console.log(`  ✘ ${name}: ${message}`);
      const page = live.context?.pages()[0];
      await page
        ?.screenshot({ path: join(testResultsDir, `e2e-start-failure-${results.length}.png`) })
        .catch(() => undefined);
      return false;
    }
  }

  try {
    const added = await check(
      "npm start: a model profile and its key added through the editor's prompts, checked by Test Connection",
      async () => {
        live.started = await npmStart([workspace], env, port);
        live.context = await persistentBrowser();
        const page = live.context.pages()[0] ?? (await live.context.newPage());
        await openWorkbench(page, live.started.url);
        await runCommand(page, 'Waypoint: Add Model Profile…');
        // A chat endpoint pasted as the base URL is refused as typed, with the root to use instead.
        await page
          .locator('.quick-input-widget .quick-input-title', { hasText: ': base URL' })
          .waitFor({ timeout: WAIT });
        await page.locator('.quick-input-widget input').first().fill(`${fake.url}/v1/chat/completions`);
        await page
          .locator('.quick-input-widget .quick-input-message', { hasText: `not the API root: use ${fake.url}/v1` })
          .waitFor({ timeout: WAIT });
        await page.screenshot({ path: join(testResultsDir, 'e2e-start-add-profile-url.png') });
        await answerInput(page, 'base URL', `${fake.url}/v1`);
        await answerInput(page, 'model', 'default');
        await answerInput(page, 'profile id', PROFILE);
        await answerInput(page, 'API key', KEY);
        await answerInput(page, 'prices (optional)', '');
        await pick(page, 'User settings');
        const saved = toast(page, `model profile '${PROFILE}' saved in user settings, key in SecretStorage.`);
        await saved.waitFor({ timeout: WAIT });
        await saved.locator('.monaco-button', { hasText: 'Test Connection' }).click();
        await toast(page, OK_LINE).waitFor({ timeout: WAIT });
        await shotOfVerdict(page, 'e2e-start-test-connection-ok.png');
        const settings = readFileSync(userSettings, 'utf8');
        if (!settings.includes(`"id": "${PROFILE}"`))
          throw new Error(`the user settings have no profile ${PROFILE}:\n${settings}`);
        if (settings.includes(KEY)) throw new Error('the key was written to settings.json');
        if (!existsSync(join(profileRoot, 'user-data', 'serve-web-key-half')))
          throw new Error('code-server wrote no serve-web-key-half: the browser had nothing to seal the key with');
      },
    );
    await closeBrowser();
    await stopStart();

    if (added) {
      // A mark in the installed copy: the next start must replace the whole extension with the new .vsix.
      writeFileSync(join(profileRoot, 'extensions', INSTALLED, 'STALE-INSTALL'), 'from the first start');
      await check(
        'npm start again: the freshly built .vsix replaces the installed copy; profile and key are still there',
        async () => {
          live.started = await npmStart([workspace], env, port);
          if (!/Profile: .* \(kept from the last start;/.test(live.started.output()))
            throw new Error(`npm start did not say it kept the profile:\n${live.started.output()}`);
          if (existsSync(join(profileRoot, 'extensions', INSTALLED, 'STALE-INSTALL')))
            throw new Error('the installed extension was not replaced');
          if (sha256(installedCore) !== sha256(join(repoRoot, 'dist', 'extension-core.js')))
            throw new Error('the installed extension is not the one just built');
          live.context = await persistentBrowser();
          const page = live.context.pages()[0] ?? (await live.context.newPage());
          await openWorkbench(page, live.started.url);
          const chats = fake.requests.length;
          await runCommand(page, 'Waypoint: Test Connection');
          await pick(page, PROFILE);
          await toast(page, OK_LINE).waitFor({ timeout: WAIT });
          await shotOfVerdict(page, 'e2e-start-after-restart.png');
          const sent = fake.requests.slice(chats).filter((request) => request.path === '/v1/chat/completions');
          if (sent.length !== 1 || sent[0].authorization !== `Bearer ${KEY}`)
            throw new Error(
              `the restarted editor did not send the stored key (${sent.map((request) => request.authorization).join(', ')})`,
            );
        },
      );
      await closeBrowser();

      await check('another browser on the same npm start sees the profile but no key, and is told so', async () => {
        const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
        try {
          const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
          await openWorkbench(page, (live.started as Started).url);
          await runCommand(page, 'Waypoint: Test Connection');
          await pick(page, PROFILE);
          await toast(
            page,
            `${PROFILE}: no API key is set for this profile, and the server at ${fake.url}/v1 needs one (HTTP 401: Invalid API Key). Set it with "Waypoint: Set API Key…".`,
          ).waitFor({ timeout: WAIT });
          await shotOfVerdict(page, 'e2e-start-other-browser-no-key.png');
        } finally {
          await browser.close();
        }
      });
      await stopStart();
    }

    await check('npm start -- --reset starts from an empty profile and leaves other files in its folder', async () => {
      // A file of the person's beside the profile the earlier starts made: --reset is not rm -rf.
      if (!existsSync(join(profileRoot, '.waypoint-start-profile')))
        throw new Error('the earlier starts left no marked profile to reset');
      const ownFile = join(profileRoot, 'notes.txt');
      writeFileSync(ownFile, 'not part of the profile');
      live.started = await npmStart(['--reset', workspace], env, port);
      if (!existsSync(ownFile)) throw new Error('--reset deleted a file that is not part of the profile');
      if (!existsSync(join(profileRoot, '.waypoint-start-profile')))
        throw new Error('the profile has no .waypoint-start-profile mark');
      if (!/Profile: .* \(reset;/.test(live.started.output()))
        throw new Error(`npm start did not say it reset the profile:\n${live.started.output()}`);
      const settings = readFileSync(userSettings, 'utf8');
      if (settings.includes(PROFILE)) throw new Error('the reset profile still has the model profile');
    });
  } finally {
    await live.context?.close().catch(() => undefined);
    await live.started?.stop().catch(() => undefined);
    await fake.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return results;
}

if (require.main === module) {
  void runStartPersistence().then((results) => {
    const failed = results.filter((result) => !result.passed).length;
    console.log(`${results.length - failed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
  });
}
