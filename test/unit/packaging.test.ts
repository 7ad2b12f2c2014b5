// What the installed extension loads must be in the .vsix. Play Episode once opened a blank panel
// because .vscodeignore listed the bundles one by one and dist/webview/play.js was not among them.
// The expected files come from the build itself (dist/runtime-files.json, which esbuild.mjs writes
// from its own run-time entry points and the schemas it generates), never from a list kept here;
// scripts/e2e.mjs checks the same list against the .vsix as code-server installed it.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, repoRoot } from '../support/paths';

const runtimeFiles = (): string[] =>
  (JSON.parse(readFileSync(join(distDir, 'runtime-files.json'), 'utf8')) as { files: string[] }).files;

/** The extension's and the CLI's TypeScript sources (the code that names bundles to load). */
function sources(): Array<{ file: string; text: string }> {
  const root = join(repoRoot, 'src');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file: `src/${file}`, text: readFileSync(join(root, file), 'utf8') }));
}

/**
 * Every bundle the code loads by name, as the path it has in the extension: a webview's script
 * (webviewHtml's third argument, under dist/webview/), `dist/x.js` and `dist/webview/x.js` (the
 * maze view's ELK worker) as written, and `./x.js` or
 * `x.js` beside the loading bundle in dist/.
 */
function bundlesTheCodeLoads(): Map<string, string> {
  const loaded = new Map<string, string>();
  for (const { file, text } of sources()) {
    const webviewScripts = new Set(
      [...text.matchAll(/webviewHtml\([^;]*?'([\w.-]+\.js)'/g)].map(([, script]) => script),
    );
    for (const script of webviewScripts) loaded.set(`dist/webview/${script}`, file);
    for (const [, literal] of text.matchAll(/['"`]((?:\.\/|dist\/(?:webview\/)?)?[\w.-]+\.js)['"`]/g)) {
      if (!webviewScripts.has(literal))
        loaded.set(literal.startsWith('dist/') ? literal : `dist/${literal.replace(/^\.\//, '')}`, file);
    }
  }
  return loaded;
}

describe('packaging: the .vsix holds every file the code loads', () => {
  it('every bundle the code loads by name is a run-time output of esbuild.mjs, and every webview bundle built is loaded by a panel', () => {
    const built = new Set(runtimeFiles());
    const loaded = bundlesTheCodeLoads();
    // The scan must see the loads this bug was about, or it proves nothing.
    for (const expected of [
      'dist/webview/play.js',
      'dist/webview/maze.js',
      'dist/server.js',
      'dist/boards.js',
      'dist/runFileWorker.js',
      'dist/webview/elk-worker.js',
    ])
      assert.ok(loaded.has(expected), `the scan of src/ missed ${expected}`);
    const unbuilt = [...loaded]
      .filter(([path]) => !built.has(path))
      .map(([path, file]) => `${path} (loaded in ${file})`);
    assert.deepEqual(unbuilt, [], `loaded but not built by esbuild.mjs's run-time builds: ${unbuilt.join(', ')}`);
    const unusedWebviews = [...built].filter((path) => path.startsWith('dist/webview/') && !loaded.has(path));
    assert.deepEqual(unusedWebviews, [], 'webview bundles no panel loads');
  });

  it('package.json names only built files: its main entry and every jsonValidation schema', () => {
    const built = new Set(runtimeFiles());
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      main: string;
      contributes: { jsonValidation: Array<{ url: string }> };
    };
    const named = [manifest.main, ...manifest.contributes.jsonValidation.map((entry) => entry.url)].map((path) =>
      path.replace(/^\.\//, ''),
    );
    assert.ok(named.length > 1);
    assert.deepEqual(
      named.filter((path) => !built.has(path)),
      [],
    );
  });

  it('`vsce ls` (what `npm run package` puts in the .vsix) lists every run-time file, and no test, bench, source map or code cache', function () {
    this.timeout(180_000);
    const listed = execFileSync(
      process.execPath,
      [join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'],
      { cwd: repoRoot, encoding: 'utf8' },
    )
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const packaged = new Set(listed);
    const expected = runtimeFiles();
    assert.ok(expected.length >= 10, `dist/runtime-files.json lists ${expected.length} files`);
    assert.deepEqual(
      expected.filter((path) => !packaged.has(path)),
      [],
      'built for run time but left out of the .vsix (.vscodeignore)',
    );
    for (const path of ['package.json', 'README.md', 'LICENSE', 'media/webview.css'])
      assert.ok(packaged.has(path), `${path} is not packaged`);
    assert.deepEqual(
      listed.filter((path) => /^dist\/(test|bench)\/|\.map$|\.v8cache$|^dist\/runtime-files\.json$/.test(path)),
      [],
      'test or build-only files in the .vsix',
    );
  });
});
