#!/usr/bin/env node
// The counts issue 27 tracks, measured the same way before and after a restructure:
//   node scripts/code-metrics.mjs [--json]
// - imports from the engine (core/eval, core/runs, core/benchmark, core/util) and the webview into
//   a benchmark package (core/benchmarks/<b>/);
// - functions longer than 50 and 80 lines, counted by biome's noExcessiveLinesPerFunction (code lines,
//   so the figure is the one `npm run lint` can enforce);
// - lines longer than 120 characters;
// - the folders holding the most files.
// Reads src/ and webview/ only: tests and benches are not the product's layering.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const roots = ['src', 'webview'];
const BENCHMARK_PACKAGE = /^src\/core\/benchmarks\/[^/]+(\/|$)/;
const ENGINE = /^(src\/core\/(eval|runs|benchmark|util)\/|webview\/)/;
// Static and dynamic imports and re-exports with a relative specifier (the project writes one per statement).
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g;

function tsFiles(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...tsFiles(path));
    else if (name.endsWith('.ts')) found.push(path);
  }
  return found;
}

/** Functions over `maxLines` lines as biome's noExcessiveLinesPerFunction counts them (the rule lint can enforce). */
function functionsOver(maxLines) {
  const folder = mkdtempSync(join(tmpdir(), 'waypoint-metrics-'));
  try {
    const rule = { level: 'error', options: { maxLines } };
    writeFileSync(join(folder, 'biome.json'), JSON.stringify({ files: { includes: ['**/*.ts'] }, formatter: { enabled: false }, assist: { enabled: false }, linter: { rules: { recommended: false, complexity: { noExcessiveLinesPerFunction: rule } } } }));
    const biome = join(root, 'node_modules', '.bin', 'biome');
    let output;
    try {
      output = execFileSync(biome, ['lint', `--config-path=${folder}`, '--reporter=json', '--max-diagnostics=none', ...roots], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
    } catch (error) {
      output = error.stdout; // biome exits 1 when it found any
    }
    // Only the rule's own findings: with one rule on, suppressions of the repo's other rules read as unused.
    return JSON.parse(output)
      .diagnostics.filter((diagnostic) => diagnostic.category === 'lint/complexity/noExcessiveLinesPerFunction')
      .map((diagnostic) => ({ file: diagnostic.location.path, line: diagnostic.location.start.line, message: diagnostic.message }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const files = roots.flatMap((folder) => tsFiles(join(root, folder))).map((path) => relative(root, path));
const engineImports = [];
let longLines = 0;
const filesPerFolder = new Map();

for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  filesPerFolder.set(dirname(file), (filesPerFolder.get(dirname(file)) ?? 0) + 1);
  longLines += text.split('\n').filter((line) => line.length > 120).length;
  if (!ENGINE.test(file)) continue;
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const target = relative(root, resolve(root, dirname(file), match[1]));
    if (BENCHMARK_PACKAGE.test(target)) engineImports.push(`${file} → ${target}`);
  }
}

const longFunctions = functionsOver(50);
const biggestFolders = [...filesPerFolder].sort((a, b) => b[1] - a[1]).slice(0, 8);
const summary = {
  files: files.length,
  engineImportsIntoBenchmarks: engineImports.length,
  functionsOver50Lines: longFunctions.length,
  functionsOver80Lines: functionsOver(80).length,
  linesOver120Chars: longLines,
  biggestFolders: Object.fromEntries(biggestFolders),
};
if (process.argv.includes('--json')) console.log(JSON.stringify({ ...summary, engineImports, longFunctions }, null, 2));
else {
  console.log(`files                                 ${summary.files}`);
  console.log(`imports from engine into benchmarks   ${summary.engineImportsIntoBenchmarks}`);
  console.log(`functions over 50 lines (biome)       ${summary.functionsOver50Lines} (over 80: ${summary.functionsOver80Lines})`);
  console.log(`lines over 120 characters             ${summary.linesOver120Chars}`);
  console.log('folders with the most files:');
  for (const [folder, count] of biggestFolders) console.log(`  ${String(count).padStart(3)}  ${folder}`);
}
