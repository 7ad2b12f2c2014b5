// Debian packages the tests and `npm start` need: chromium (browser for webview and e2e tests) and
// libkrb5-dev (headers for code-server's native `kerberos` module, built once at install). When
// they are missing and we are root on Debian, install them; otherwise say exactly what to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const checks = {
  chromium: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  'libkrb5-dev': () => existsSync('/usr/include/gssapi/gssapi.h'),
};

/** Ensures the named Debian packages are present; throws with the command to run when it cannot. */
export function ensureSystemPackages(names) {
  const missing = names.filter((name) => !checks[name]());
  if (missing.length === 0) return;
  const command = `apt-get install -y ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`missing system packages: ${missing.join(', ')}. Install them with: sudo ${command}`);
  }
  console.log(`installing system packages: ${missing.join(' ')}`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemPackages(process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(checks));
