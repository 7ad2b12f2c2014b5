// `waypoint validate` on trees with bad entries (issue 12, defect 7): each bad path is one error
// line and the rest is still validated. Real files in a temp folder where the state can be made for
// root (the tests run as root, for whom chmod 000 does not stop readdir); the unreadable folder is
// made by injecting a failing readdir into the shared walker instead.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walkFiles, type WalkFs, type WalkItem, type WalkStats } from '../../src/core/util/walk';
import { distDir, repoRoot, samplesDir } from '../support/paths';

function waypoint(...args: string[]) {
  // The timeout turns the old FIFO hang into a failure instead of a stuck suite.
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, timedOut: result.error !== undefined };
}

interface ValidateJson {
  files: Array<{ path: string; kind: string; diagnostics: Array<{ code: string }> }>;
  skippedFiles: string[];
  summary: { files: number; errors: number; warnings: number; skipped: number };
}

/** A folder with one good walkthrough and the given bad entries beside it. */
function treeWith(build: (directory: string) => void): string {
  const directory = mkdtempSync(join(tmpdir(), 'waypoint-walk-'));
  copyFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), join(directory, 'good.walkthrough'));
  build(directory);
  return directory;
}

function assertGoodStillValidated(stdout: string): ValidateJson {
  const report = JSON.parse(stdout) as ValidateJson;
  const good = report.files.find((file) => file.path.endsWith('good.walkthrough'));
  assert.ok(good, 'the good file beside the bad entry is validated');
  assert.deepEqual(good.diagnostics, []);
  return report;
}

describe('waypoint validate on bad entries', () => {
  it('reports a dangling symlink and goes on', () => {
    const directory = treeWith((dir) =>
      symlinkSync(join(dir, 'gone.walkthrough'), join(dir, 'a-dangling.walkthrough')),
    );
    const { code, stdout, stderr } = waypoint('validate', directory, '--json');
    assert.equal(code, 1);
    assertGoodStillValidated(stdout);
    assert.match(stderr, /a-dangling\.walkthrough: dangling symbolic link \(its target does not exist\)\n$/);
  });

  it('reports a file symlink loop and a folder symlink loop once each and goes on', () => {
    const directory = treeWith((dir) => {
      symlinkSync(join(dir, 'loop-b.walkthrough'), join(dir, 'loop-a.walkthrough'));
      symlinkSync(join(dir, 'loop-a.walkthrough'), join(dir, 'loop-b.walkthrough'));
      mkdirSync(join(dir, 'sub'));
      symlinkSync(dir, join(dir, 'sub', 'up'));
    });
    const { code, stdout, stderr } = waypoint('validate', directory, '--json');
    assert.equal(code, 1);
    const report = assertGoodStillValidated(stdout);
    assert.equal(report.files.length, 1, 'the folder reached again through sub/up is not walked twice');
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 3, stderr);
    assert.match(lines[0], /loop-a\.walkthrough: symbolic link loop$/);
    assert.match(lines[1], /loop-b\.walkthrough: symbolic link loop$/);
    assert.match(lines[2], /sub\/up: symbolic link loop: leads back to .*, not followed$/);
  });

  it('never opens a FIFO with a benchmark name (it used to hang)', function () {
    const directory = treeWith((dir) => {
      const made = spawnSync('mkfifo', [join(dir, 'x.walkthrough')]);
      if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
    });
    const { code, stdout, stderr, timedOut } = waypoint('validate', directory, '--json');
    assert.equal(timedOut, false, 'validate returned');
    assert.equal(code, 1);
    assertGoodStillValidated(stdout);
    assert.match(stderr, /x\.walkthrough: not a regular file \(a FIFO, socket or device\), not read\n$/);
  });

  it('reports a file over the size limit as one located error without reading it, and goes on', () => {
    const directory = treeWith((dir) => {
      const fd = openSync(join(dir, 'huge.grids.jsonl'), 'w');
      ftruncateSync(fd, 65 * 1048576); // sparse: no disk space used
      closeSync(fd);
    });
    const { code, stdout, stderr } = waypoint('validate', directory, '--json');
    assert.equal(code, 1);
    const report = assertGoodStillValidated(stdout);
    const huge = report.files.find((file) => file.path.endsWith('huge.grids.jsonl'));
    assert.deepEqual(
      huge?.diagnostics.map((diagnostic) => diagnostic.code),
      ['file/unreadable'],
    );
    assert.match(stderr, /huge\.grids\.jsonl: file is 65 MB, over the 64 MB limit\n$/);
  });

  it('validates a file whose name holds %zz (it used to throw "URI malformed")', () => {
    const directory = treeWith((dir) => {
      copyFileSync(join(samplesDir, 'grasp/inner_cluster_free.jsonl'), join(dir, '100%zz.grids.jsonl'));
    });
    const { code, stdout, stderr } = waypoint('validate', directory, '--json');
    assert.equal(stderr, '');
    assert.equal(code, 0);
    const report = assertGoodStillValidated(stdout);
    assert.equal(report.files.find((file) => file.path.endsWith('100%zz.grids.jsonl'))?.kind, 'grasp-grids');
  });

  it('lists a FIFO or dangling link of no known kind as skipped, not as an error', () => {
    const directory = treeWith((dir) => {
      symlinkSync(join(dir, 'gone'), join(dir, 'notes.txt'));
      writeFileSync(join(dir, 'readme.md'), 'hi');
    });
    const { code, stdout, stderr } = waypoint('validate', directory, '--json');
    assert.equal(code, 0);
    assert.equal(stderr, '');
    assert.equal(assertGoodStillValidated(stdout).summary.skipped, 2);
  });
});

describe('the shared walker', () => {
  const stats = (kind: 'file' | 'directory'): WalkStats => ({
    isFile: () => kind === 'file',
    isDirectory: () => kind === 'directory',
    isSymbolicLink: () => false,
  });
  /** root/{a.walkthrough, locked/, z.walkthrough} where reading `locked` fails as EACCES does. */
  const injected: WalkFs = {
    lstat: async (path) => stats(path.endsWith('.walkthrough') ? 'file' : 'directory'),
    stat: async (path) => stats(path.endsWith('.walkthrough') ? 'file' : 'directory'),
    realpath: async (path) => path,
    readdir: async (path) => {
      if (path === 'root') return ['z.walkthrough', 'locked', 'a.walkthrough'];
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), { code: 'EACCES' });
    },
  };

  it('reports an unreadable folder as one problem and walks its siblings', async () => {
    const items: WalkItem[] = [];
    for await (const item of walkFiles('root', injected, { join: (a, b) => `${a}/${b}`, wanted: () => true }))
      items.push(item);
    assert.deepEqual(items, [
      { type: 'file', path: 'root/a.walkthrough' },
      { type: 'problem', path: 'root/locked', reason: 'cannot read folder: permission denied' },
      { type: 'file', path: 'root/z.walkthrough' },
    ]);
  });
});
