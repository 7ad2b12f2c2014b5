// `npm test`: every layer, in order of cost. Type-check, lint, build, then unit, server, webview (mocha
// in Node, the webview in headless chromium) and e2e (a real VS Code). Prints each layer's counts
// and one closing "N passed, N failed[, N skipped]" line; exits non-zero if anything failed.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './system-deps.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);

function run(command, args, { capture = false } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code) => resolveRun({ code, output: capture ? output : '' }));
  });
}

const count = (output, word) => Number(output.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
const layers = [];

async function mochaLayer(name) {
  const { code, output } = await run('npx', ['mocha', '--config', 'test/.mocharc.json', `dist/test/${name}/**/*.test.js`], { capture: true });
  layers.push({ name, passed: count(output, 'passing'), failed: count(output, 'failing') + (code !== 0 && !/failing/.test(output) ? 1 : 0), skipped: count(output, 'pending') });
}

ensureSystemPackages(['chromium', 'libkrb5-dev']);
const typecheck = await run('npx', ['tsc', '-p', '.', '--noEmit']);
if (typecheck.code !== 0) {
  console.log('type check failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
// Lint is one check: the layer rules, import cycles and formatter (biome.json) and the per-layer
// type checks (core without DOM, Node or vscode types). A failure is counted, not fatal, so the
// tests still run and report.
if (only.length === 0 || only.includes('lint')) {
  const lint = await run('npm', ['run', '--silent', 'lint']);
  layers.push({ name: 'lint', passed: lint.code === 0 ? 1 : 0, failed: lint.code === 0 ? 0 : 1, skipped: 0 });
}
const build = await run('node', ['esbuild.mjs', '--tests']);
if (build.code !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
for (const layer of ['unit', 'server', 'webview']) if (only.length === 0 || only.includes(layer)) await mochaLayer(layer);
if (only.length === 0 || only.includes('e2e')) {
  const { code, output } = await run('node', ['scripts/e2e.mjs'], { capture: true });
  const [, passed = '0', failed = '1'] = output.match(/^(\d+) passed, (\d+) failed$/m) ?? [];
  layers.push({ name: 'e2e', passed: Number(passed), failed: Number(failed) + (code !== 0 && failed === '0' ? 1 : 0), skipped: 0 });
}

console.log('\nlayer      passed  failed  skipped');
for (const layer of layers) console.log(`${layer.name.padEnd(10)} ${String(layer.passed).padStart(6)}  ${String(layer.failed).padStart(6)}  ${String(layer.skipped).padStart(7)}`);
const total = (key) => layers.reduce((sum, layer) => sum + layer[key], 0);
const skipped = total('skipped');
console.log(`${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(total('failed') === 0 && total('passed') > 0 ? 0 : 1);
