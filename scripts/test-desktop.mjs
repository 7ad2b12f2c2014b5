// `npm run test:desktop`: the extension-host suite in desktop VS Code via @vscode/test-electron.
// It downloads VS Code, so it needs internet access; the offline path is `npm test` (code-server).
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspace = join(mkdtempSync(join(tmpdir(), 'waypoint-desktop-')), 'workspace');
cpSync(join(repo, 'samples'), workspace, { recursive: true });
try {
  await runTests({
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(repo, 'dist', 'test', 'e2e', 'suite.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
  });
} catch (error) {
  console.error(`desktop tests failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
