// `npm start`: build and package Waypoint, install it into an isolated code-server profile and
// open the sample workspace on 127.0.0.1. Prints the URL; Ctrl+C stops the server and its children.
// WAYPOINT_PORT picks the port (default: 8123, or a free one if taken); a folder argument opens
// that folder instead of samples/.
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, prepareProfile, startCodeServer } from './lib/codeServer.mjs';
import { ensureSystemPackages } from './system-deps.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const folder = resolve(process.argv[2] ?? join(repo, 'samples'));

ensureSystemPackages(['libkrb5-dev']);
console.log('Building and packaging Waypoint…');
execSync('npm run --silent package', { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });

// A fresh profile each start, so the installed .vsix is always the one just built.
const profileRoot = join(process.env.WAYPOINT_TOOLS_DIR ?? join(homedir(), '.cache', 'waypoint-tools'), 'start-profile');
rmSync(profileRoot, { recursive: true, force: true });
mkdirSync(profileRoot, { recursive: true });
const profile = prepareProfile(profileRoot, { vsix: join(repo, 'dist', 'waypoint.vsix') });

async function choosePort() {
  const wanted = Number(process.env.WAYPOINT_PORT ?? 8123);
  try {
    await fetch(`http://127.0.0.1:${wanted}/healthz`);
    return freePort(); // something already answers there
  } catch {
    return wanted;
  }
}

const server = await startCodeServer(profile, folder, { port: await choosePort(), log: (text) => process.env.WAYPOINT_VERBOSE && process.stdout.write(text) });
console.log(`\nWaypoint is running in VS Code at ${server.url}/?folder=${encodeURIComponent(folder)}`);
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
