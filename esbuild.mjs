// Builds every bundle: extension, language server and CLI for Node (each from its entry file,
// src/bundles/<name>.ts -> dist/<name>.js); the webview app and the ELK
// layout worker for the browser; with --tests also the test and bench bundles.
// Flags: --production (minify, no source maps), --watch, --tests.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const withTests = process.argv.includes('--tests') || watch;

const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
  // docs/diagnostics.md is the agent tools' glossary of codes (core/tools/explain.ts), bundled as text.
  loader: { '.md': 'text' },
};

// 'module' first: jsonc-parser's UMD main build hides its requires from the bundler.
const nodeCommon = { ...common, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], mainFields: ['module', 'main'] };
const browserCommon = { ...common, platform: 'browser', format: 'iife', target: 'es2022' };

function findFiles(dir, suffix) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findFiles(path, suffix));
    else if (name.endsWith(suffix)) found.push(path);
  }
  return found;
}

/** Node bundles by name: dist/<name>.js is built from its entry file src/bundles/<name>.ts. */
const entries = (...names) => Object.fromEntries(names.map((name) => [name, `src/bundles/${name}.ts`]));

const builds = [
  // dist/extension.js only times loading dist/extension-core.js (see src/extension/timedLoad.ts).
  { ...nodeCommon, entryPoints: entries('extension'), outdir: 'dist', external: ['vscode', './extension-core.js'] },
  { ...nodeCommon, entryPoints: entries('extension-core', 'languageClient', 'runFileWorker', 'server', 'evaluation', 'boards', 'runSummaries', 'agentTools'), outdir: 'dist' },
  // dist/cli.js only picks one of the CLI bundles (see src/cli/bin.ts).
  { ...nodeCommon, entryPoints: entries('cli'), outdir: 'dist', banner: { js: '#!/usr/bin/env node' }, external: ['./cli-main.js', './cli-skeletons.js', './cli-import-grasp.js', './cli-mcp.js'] },
  // resvg is a native module (report --plots' PNG): loaded from node_modules, never bundled.
  { ...nodeCommon, entryPoints: entries('cli-main', 'cli-skeletons', 'cli-import-grasp', 'cli-mcp'), outdir: 'dist', external: ['@resvg/resvg-js'] },
  { ...browserCommon, entryPoints: { overview: 'webview/overview/main.ts', maze: 'webview/maze/main.ts', board: 'webview/board/main.ts', results: 'webview/results/main.ts', play: 'webview/play/main.ts' }, outdir: 'dist/webview' },
];

// ELK's layout worker (the maze view's second layout), elkjs's own minified worker script as is: a
// web worker in the view (started from a blob URL), and in Node (the CLI's --engine elk) the same
// file exports elkjs's in-process worker (src/host/elkInProcess.ts). Nothing to bundle, one copy.
const ELK_WORKER = 'dist/webview/elk-worker.js';
mkdirSync('dist/webview', { recursive: true });
copyFileSync(createRequire(import.meta.url).resolve('elkjs/lib/elk-worker.min.js'), ELK_WORKER);

// What the extension and the CLI load at run time: every output of the builds above, and ELK's
// worker. Written to dist/runtime-files.json (with the schemas, below) so that packaging can be
// checked against the build itself (scripts/e2e.mjs on the installed .vsix,
// test/unit/packaging.test.ts with vsce ls).
const runtimeFiles = [...builds.flatMap((build) => Object.keys(build.entryPoints).map((name) => `${build.outdir}/${name}.js`)), ELK_WORKER];

if (withTests) {
  const testEntries = Object.fromEntries(
    ['test/unit', 'test/server', 'test/webview']
      .flatMap((dir) => findFiles(dir, '.test.ts'))
      .map((file) => [file.replace(/\.ts$/, ''), file]),
  );
  // Test-only dependencies stay external: mocha and playwright are loaded from node_modules.
  const testExternal = ['vscode', 'mocha', 'playwright-core', 'fast-check'];
  builds.push(
    { ...nodeCommon, entryPoints: testEntries, outdir: 'dist', external: testExternal },
    { ...nodeCommon, entryPoints: { 'test/e2e/suite': 'test/e2e/suite/index.ts', 'test/e2e/startPersistence': 'test/e2e/startPersistence.ts' }, outdir: 'dist', external: testExternal },
    { ...nodeCommon, entryPoints: { 'bench/run': 'bench/run.ts', 'bench/killResumeProbe': 'bench/killResumeProbe.ts' }, outdir: 'dist', external: testExternal },
  );
}

if (watch) {
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('[esbuild] watching for changes');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}

// JSON Schemas for jsonValidation, generated from the zod schemas (run once, also in watch mode).
await esbuild.build({ ...nodeCommon, sourcemap: false, minify: false, entryPoints: ['scripts/json-schemas.ts'], outfile: 'dist/json-schemas.cjs' });
execFileSync(process.execPath, ['dist/json-schemas.cjs', 'dist/schemas']);
const schemaFiles = readdirSync('dist/schemas').filter((name) => name.endsWith('.schema.json')).map((name) => `dist/schemas/${name}`);
writeFileSync('dist/runtime-files.json', `${JSON.stringify({ files: [...runtimeFiles, ...schemaFiles].sort() }, null, 2)}\n`);

// package.json's "bin": executable, so `npm link` (waypoint on PATH) and `./dist/cli.js` run it even
// after a clean build. In watch mode the first build may not have written it yet: chmod what exists.
if (existsSync('dist/cli.js')) chmodSync('dist/cli.js', 0o755);

// V8's code cache of the CLI bundle (src/cli/bin.ts loadBundle): one command run to write it.
if (!watch) execFileSync(process.execPath, ['dist/cli.js', '--help'], { env: { ...process.env, WAYPOINT_WRITE_COMPILE_CACHE: '1' }, stdio: 'ignore' });
