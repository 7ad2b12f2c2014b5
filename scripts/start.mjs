// `npm start`: build and package Waypoint, install it into its own code-server profile and open the
// sample workspace on 127.0.0.1. Prints the URL; Ctrl+C stops the server and its children.
//
// The profile is kept between starts, so settings, model profiles and API keys stay; only the
// extension is replaced by the .vsix just built. `npm start -- --reset` deletes the profile's own
// parts first (user-data/, extensions/, config.yaml), and refuses in a folder that is not a profile.
// WAYPOINT_PORT picks the port (default 8123, or a free one if taken); WAYPOINT_START_PROFILE the
// profile's folder (default ~/.cache/waypoint-tools/start-profile); a folder argument opens that
// folder instead of samples/.
//
// Where the keys are: code-server keeps SecretStorage in the BROWSER (localStorage of the page's
// origin, e.g. http://127.0.0.1:8123), sealed with AES-GCM under a key half that the server keeps in
// the profile (user-data/serve-web-key-half). So a key survives a restart when the profile is kept
// and the same browser opens the same address; another port, `localhost` instead of 127.0.0.1,
// another browser or a private window, or --reset (a new key half) show no keys.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, prepareProfile, startCodeServer } from './lib/codeServer.mjs';
import { markStartProfile, resetRefusal, resetStartProfile } from './lib/startProfile.mjs';
import { ensureSystemPackages } from './system-deps.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--reset');
if (unknown.length > 0 || args.filter((arg) => !arg.startsWith('-')).length > 1) {
  console.error(`npm start: unknown ${unknown.length > 0 ? `option ${unknown[0]}` : 'second folder'}. Usage: npm start [-- [--reset] [folder]]`);
  process.exit(2);
}
const reset = args.includes('--reset');
const folder = resolve(args.find((arg) => !arg.startsWith('-')) ?? join(repo, 'samples'));
const profileRoot = resolve(process.env.WAYPOINT_START_PROFILE ?? join(process.env.WAYPOINT_TOOLS_DIR ?? join(homedir(), '.cache', 'waypoint-tools'), 'start-profile'));
// Before the build: a refused --reset should not cost a minute of packaging first.
const refusal = reset ? resetRefusal(profileRoot) : null;
if (refusal) {
  console.error(`npm start: ${refusal}`);
  process.exit(2);
}

ensureSystemPackages(['libkrb5-dev']);
console.log('Building and packaging Waypoint…');
execSync('npm run --silent package', { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });

const existed = existsSync(join(profileRoot, 'user-data'));
if (reset) resetStartProfile(profileRoot);
// Kept: user-data (settings, SecretStorage's key half, state). Replaced: the extension, by the .vsix just built.
const profile = prepareProfile(profileRoot, { vsix: join(repo, 'dist', 'waypoint.vsix'), keepUserSettings: true });
markStartProfile(profileRoot);

const wanted = Number(process.env.WAYPOINT_PORT ?? 8123);
async function choosePort() {
  try {
    await fetch(`http://127.0.0.1:${wanted}/healthz`);
    return freePort(); // something already answers there
  } catch {
    return wanted;
  }
}

const port = await choosePort();
const server = await startCodeServer(profile, folder, { port, log: (text) => process.env.WAYPOINT_VERBOSE && process.stdout.write(text) });
console.log(`\nWaypoint is running in VS Code at ${server.url}/?folder=${encodeURIComponent(folder)}`);
console.log(`Profile: ${profileRoot} (${reset ? 'reset' : existed ? 'kept from the last start' : 'new'}; \`npm start -- --reset\` starts afresh).`);
if (port !== wanted) console.log(`Port ${wanted} is taken, so this runs on ${port}: API keys saved at http://127.0.0.1:${wanted} are kept by the browser for that address only and are not visible here.`);
console.log('Open it in a browser. Press Ctrl+C to stop.\n');

const stop = () => {
  server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.child.on('exit', (code) => {
  console.log(`code-server exited (${code}).`);
  process.exit(code ?? 1);
});
