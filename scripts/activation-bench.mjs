// Activation time in a real VS Code (code-server), for `npm run bench` (bench/activationBench.ts):
// the extension-host suite's activation test alone (it reads the extension's own timing of code
// loading plus activate()), run in `runs` fresh profiles. Prints one JSON line:
// {"samples":[{ "activationMs", "activationLoadingMs", "activationCallMs" }, …]} or {"error": "…"}.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './lib/codeServer.mjs';
import { runHostSuite } from './lib/hostSuite.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 3);

if (!existsSync(chromiumPath)) {
  console.log(JSON.stringify({ error: `${chromiumPath} not found` }));
  process.exit(0);
}
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
const samples = [];
const problems = [];
try {
  for (let run = 0; run < runs; run++) {
    const scratch = mkdtempSync(join(tmpdir(), 'waypoint-activation-'));
    try {
      const workspace = join(scratch, 'workspace');
      cpSync(join(repo, 'samples'), workspace, { recursive: true });
      const { records, metrics } = await runHostSuite({ browser, repo, workspace, scratch, log: () => {}, grep: 'times its activation' });
      const failed = records.filter((record) => !record.passed);
      if (records.length === 0 || failed.length > 0 || metrics.activationMs === undefined) problems.push(failed[0]?.error ?? 'the activation test did not run');
      else samples.push({ activationMs: metrics.activationMs, activationLoadingMs: metrics.activationLoadingMs, activationCallMs: metrics.activationCallMs });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(samples.length > 0 ? { samples } : { error: problems[0] ?? 'no activation measured' }));
