// Every command reads the files a user names through one reader (src/cli/input.ts): the size cap,
// a FIFO on disk refused, a pipe the shell opened read, the BOM stripped, failures one line. The
// commands that read with readFileSync (mango annotate, map-diff, reskin) hung on a FIFO and read a
// file of any size; they are run here as a user runs them (dist/cli.js), with a time limit so a
// hang fails instead of stalling the run.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { distDir, repoRoot, samplesDir } from '../support/paths';

const cli = join(distDir, 'cli.js');
const lighthouse = join(samplesDir, 'mango', 'lighthouse');

function waypoint(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('CLI input: one reader for every file a command reads', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-input-'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    // Sparse: 65 MB by its size, nothing written.
    writeFileSync(join(dir, 'huge.walkthrough'), '');
    truncateSync(join(dir, 'huge.walkthrough'), 65 * 1048576);
  });

  it('mango annotate and map-diff refuse a FIFO with one line instead of waiting for a writer forever', () => {
    const annotate = waypoint(dir, 'mango', 'annotate', 'fifo');
    assert.equal(annotate.code, 1, annotate.stderr);
    assert.match(annotate.stderr, /^fifo: not a regular file/);
    const mapDiff = waypoint(dir, 'mango', 'map-diff', lighthouse, '--answer', 'fifo');
    assert.equal(mapDiff.code, 1, mapDiff.stderr);
    assert.match(mapDiff.stderr, /^fifo: not a regular file/);
  });

  it('mango annotate refuses a file over the size cap before reading it', () => {
    const result = waypoint(dir, 'mango', 'annotate', 'huge.walkthrough');
    assert.equal(result.code, 1);
    assert.equal(result.stderr.trim(), 'huge.walkthrough: file is 65 MB, over the 64 MB limit');
  });

  it('mango reskin says which game file is missing, as before', () => {
    const game = join(dir, 'half');
    mkdirSync(game);
    copyFileSync(join(lighthouse, 'lighthouse.walkthrough'), join(game, 'half.walkthrough'));
    const result = waypoint(dir, 'mango', 'reskin', game, '--rotate', '90', '--out', join(dir, 'out'));
    assert.equal(result.code, 1);
    assert.equal(
      result.stderr.trim(),
      `${join(game, 'half.edges.json')}: no such file (a game folder holds <name>.walkthrough and <name>.edges.json)`,
    );
  });

  it('a pipe the shell opened is read by the mango commands too', () => {
    const map = `[{"location_before": "harbour road", "action": "north", "location_after": "fish market"}]`;
    const piped = spawnSync(
      'bash',
      [
        '-c',
        `printf '%s' '${map}' | "${process.execPath}" "${cli}" mango map-diff "${lighthouse}" --answer /dev/stdin --json`,
      ],
      { cwd: dir, encoding: 'utf8', timeout: 120_000 },
    );
    assert.ok(piped.status === 0 || piped.status === 1, piped.stderr);
    assert.doesNotMatch(piped.stderr, /not a regular file/);
    assert.equal(
      (JSON.parse(piped.stdout) as { edges: { correct: number } }).edges.correct,
      1,
      'the piped map was read',
    );
  });

  it('a BOM is stripped: a walkthrough with one annotates as the same file without', () => {
    const text = readFileSync(join(lighthouse, 'lighthouse.walkthrough'), 'utf8');
    writeFileSync(join(dir, 'bom.walkthrough'), `\ufeff${text}`);
    writeFileSync(join(dir, 'plain.walkthrough'), text);
    const withBom = waypoint(dir, 'mango', 'annotate', 'bom.walkthrough', '--json');
    const plain = waypoint(dir, 'mango', 'annotate', 'plain.walkthrough', '--json');
    assert.equal(withBom.code, 0, withBom.stderr);
    assert.equal(withBom.stdout, plain.stdout);
  });

  it('src/cli reads files only through src/cli/input.ts', () => {
    // bin.ts loads its own bundle and code cache; runFiles.ts is the run file `run` appends to and resumes;
    // results.ts streams skeleton files line by line (megabytes).
    const allowed = new Set([
      'src/cli/input.ts',
      'src/cli/bin.ts',
      'src/cli/runs/runFiles.ts',
      'src/cli/mango/results.ts',
    ]);
    const offenders = sourceFiles(join(repoRoot, 'src', 'cli'))
      .map((path) => relative(repoRoot, path).replaceAll('\\', '/'))
      .filter((path) => !allowed.has(path))
      .filter((path) =>
        /\b(readFileSync|readTextFile|stripBom|createReadStream)\b|\.readFile\(/.test(
          readFileSync(join(repoRoot, path), 'utf8'),
        ),
      );
    assert.deepEqual(
      offenders,
      [],
      'read a named file with readInputText, tryReadInputText or readInputJson (src/cli/input.ts)',
    );
  });
});
