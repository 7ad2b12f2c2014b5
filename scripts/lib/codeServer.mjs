// Starts and stops an isolated code-server (a real VS Code in the browser) on 127.0.0.1: its own
// user-data, extensions and config directories, so nothing touches the user's ~/.config.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureCodeServerTools } from '../code-server-tools.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const userSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.colorTheme': 'Default Dark Modern',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'window.commandCenter': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * Prepares an isolated profile; with `vsix`, installs that extension into it, replacing an installed
 * copy (same version or not). `keepUserSettings` leaves an existing settings.json as the user left it
 * (npm start's kept profile); otherwise the test defaults are written.
 */
export function prepareProfile(root, { vsix, keepUserSettings = false } = {}) {
  const tools = ensureCodeServerTools();
  const dirs = { root, userData: join(root, 'user-data'), extensions: join(root, 'extensions'), config: join(root, 'config.yaml') };
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  mkdirSync(dirs.extensions, { recursive: true });
  const settingsFile = join(dirs.userData, 'User', 'settings.json');
  if (!keepUserSettings || !existsSync(settingsFile)) writeFileSync(settingsFile, JSON.stringify(userSettings, null, 2));
  writeFileSync(dirs.config, 'auth: none\ncert: false\n');
  if (vsix) {
    execFileSync(tools.node, [tools.entry, '--config', dirs.config, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--install-extension', vsix, '--force'], { stdio: ['ignore', 'pipe', 'inherit'] });
  }
  return { tools, dirs };
}

/** Starting code-server is called stuck when it prints nothing for this long and is not ready yet. */
const START_STALL_MS = 3 * 60_000;
/** However steadily it prints, a start that takes longer than this has failed. */
const START_CAP_MS = 10 * 60_000;

/** Starts code-server for `folder`; resolves once /healthz answers. */
export async function startCodeServer({ tools, dirs }, folder, { port, env = {}, smokeTestDriver = false, log = () => {} } = {}) {
  const chosenPort = port ?? (await freePort());
  const args = [
    tools.entry, '--config', dirs.config, '--auth', 'none', '--bind-addr', `127.0.0.1:${chosenPort}`,
    '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    folder,
  ];
  const child = spawn(tools.node, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  // The wait for readiness follows progress: each line code-server prints while it starts restarts
  // the stall clock, so a busy machine gets the time it needs and a hung start still ends.
  let lastOutput = Date.now();
  const output = (chunk) => {
    lastOutput = Date.now();
    log(chunk.toString());
  };
  child.stdout.on('data', output);
  child.stderr.on('data', output);
  const url = `http://127.0.0.1:${chosenPort}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode} before it was ready`);
    try {
      // One attempt is bounded, so a connection that hangs is retried and the limits above apply.
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - lastOutput > START_STALL_MS) throw new Error(`code-server printed nothing for ${START_STALL_MS / 60_000} min and is not ready`);
    if (Date.now() - started > START_CAP_MS) throw new Error(`code-server was not ready after ${START_CAP_MS / 60_000} min`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    port: chosenPort,
    child,
    stop() {
      // code-server forks its extension host and file watcher: end the whole process group.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
