// A MANGO game whose walkthrough lies about being one (empty, a git-lfs pointer left by a clone
// without `git lfs pull`, a symbolic link out of the game folder) is named before any question is
// asked, and `run` exits 1 (cli.md: the input has errors); it was asked with an empty walkthrough,
// exit 0 (issue 29). Links that stay inside the game, and a linked game folder, still run.
import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const lighthouse = join(samplesDir, 'mango', 'lighthouse');
const LFS_POINTER =
  'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';

describe('MANGO game files that are not what they claim (run)', function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(function () {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-game-files-'));
  });
  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the sample game under `<dir>/<parent>/lighthouse`, its walkthrough path returned. */
  function game(parent = 'games'): { folder: string; walkthrough: string } {
    const folder = join(dir, parent, 'lighthouse');
    mkdirSync(join(dir, parent), { recursive: true });
    cpSync(lighthouse, folder, { recursive: true });
    return { folder, walkthrough: join(folder, 'lighthouse.walkthrough') };
  }

  function run(source: string, out = join(dir, 'run.jsonl')) {
    return runWaypoint(
      ['run', 'mango', source, '--agent', 'oracle', '--task', 'df', '--limit', '2', '--out', out],
      dir,
    );
  }

  async function refused(source: string, file: string, reason: RegExp) {
    const out = join(dir, 'run.jsonl');
    const result = await run(source, out);
    assert.equal(result.code, 1, result.stderr);
    const line = result.stderr.split('\n').find((text) => text.startsWith(`${file}: `));
    assert.ok(line, `the file is named:\n${result.stderr}`);
    assert.match(line, reason);
    assert.match(line, /the game's questions are skipped/);
    assert.equal(existsSync(out) ? readFileSync(out, 'utf8') : '', '', 'no question was asked');
  }

  it('refuses an empty walkthrough', async function () {
    const { folder, walkthrough } = game();
    writeFileSync(walkthrough, '');
    await refused(folder, walkthrough, /the walkthrough has no steps/);
  });

  it('refuses a walkthrough of blank lines', async function () {
    const { folder, walkthrough } = game();
    writeFileSync(walkthrough, '\n\n  \n');
    await refused(folder, walkthrough, /the walkthrough has no steps/);
  });

  it('refuses a git-lfs pointer, for the walkthrough and for any other member', async function () {
    const { folder, walkthrough } = game();
    writeFileSync(walkthrough, LFS_POINTER);
    await refused(folder, walkthrough, /a git-lfs pointer, not the file itself \(fetch it with `git lfs pull`\)/);
    cpSync(lighthouse, folder, { recursive: true });
    const edges = join(folder, 'lighthouse.edges.json');
    writeFileSync(edges, LFS_POINTER);
    await refused(folder, edges, /a git-lfs pointer/);
  });

  it('refuses a walkthrough linked to a file outside the game folder, naming the target', async function () {
    const { folder, walkthrough } = game();
    const elsewhere = join(dir, 'secret.txt');
    writeFileSync(elsewhere, readFileSync(walkthrough, 'utf8'));
    rmSync(walkthrough);
    symlinkSync(elsewhere, walkthrough);
    await refused(folder, walkthrough, /a symbolic link to .*secret\.txt, outside the game folder/);
  });

  it('asks the other games, and still exits 1', async function () {
    const { walkthrough } = game();
    writeFileSync(walkthrough, LFS_POINTER);
    cpSync(lighthouse, join(dir, 'games', 'lighthouse2'), { recursive: true });
    for (const name of [
      'actions.json',
      'all2all.jsonl',
      'all_pairs.jsonl',
      'edges.json',
      'locations.json',
      'walkthrough',
    ])
      cpSync(join(lighthouse, `lighthouse.${name}`), join(dir, 'games', 'lighthouse2', `lighthouse2.${name}`));
    const out = join(dir, 'run.jsonl');
    const result = await run(join(dir, 'games'), out);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /lighthouse\.walkthrough: a git-lfs pointer/);
    const records = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(records.length, 2);
    assert.ok(
      records.every((record) => record.question.game === 'lighthouse2'),
      JSON.stringify(records),
    );
  });

  it('runs a game whose members link inside it, and a game folder that is itself a link', async function () {
    const { folder, walkthrough } = game('real');
    const kept = join(folder, 'walkthrough.txt');
    writeFileSync(kept, readFileSync(walkthrough, 'utf8'));
    rmSync(walkthrough);
    symlinkSync('walkthrough.txt', walkthrough);
    mkdirSync(join(dir, 'linked'));
    symlinkSync(folder, join(dir, 'linked', 'lighthouse'));
    const result = await run(join(dir, 'linked', 'lighthouse'));
    assert.equal(result.code, 0, result.stderr);
    assert.equal(readFileSync(join(dir, 'run.jsonl'), 'utf8').trim().split('\n').length, 2);
  });
});
