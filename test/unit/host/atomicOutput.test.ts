// host/atomicOutput.ts: the target appears whole on commit or not at all, text reaches the disk
// while it is written (not all at the end), and a target that appeared meanwhile is never replaced.
import { strict as assert } from 'node:assert';
import {
  chmodSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AtomicOutput,
  OutputExistsError,
  OutputFileError,
  writeOutputAtomically,
} from '../../../src/host/atomicOutput';

describe('AtomicOutput (write a file whole or not at all, streaming)', () => {
  const root = mkdtempSync(join(tmpdir(), 'waypoint-atomic-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  const folder = () => {
    const dir = join(root, String(count++));
    return dir;
  };

  it('streams to a temporary file beside the target, which appears only on commit', async () => {
    const dir = folder();
    const target = join(dir, 'deep', 'out.csv');
    const output = await AtomicOutput.open(target);
    assert.equal(
      readdirSync(join(dir, 'deep')).length,
      1,
      'the temporary file is made (with its folders) before any text',
    );
    const line = `${'x'.repeat(999)}\n`;
    for (let i = 0; i < 1000; i++) await output.write(line);
    // A million characters were written: most of them are on disk already, not held in memory.
    assert.ok(statSync(output.temp).size >= 750_000, `${statSync(output.temp).size} bytes on disk before commit`);
    assert.deepEqual(readdirSync(join(dir, 'deep')), [output.temp.slice(join(dir, 'deep').length + 1)]);
    await output.commit();
    assert.equal(readFileSync(target, 'utf8'), line.repeat(1000));
    assert.deepEqual(readdirSync(join(dir, 'deep')), ['out.csv']);
  });

  it('refuses an existing target before any work', async () => {
    const dir = folder();
    const target = join(dir, 'out.csv');
    await AtomicOutput.open(join(dir, 'make-the-folder')).then((output) => output.abort());
    writeFileSync(target, 'theirs');
    await assert.rejects(AtomicOutput.open(target), OutputExistsError);
    assert.deepEqual(readdirSync(dir), ['out.csv']);
  });

  it('never replaces a target that appeared while it was written, and removes its temporary file', async () => {
    const dir = folder();
    const target = join(dir, 'out.csv');
    const output = await AtomicOutput.open(target);
    await output.write('ours\n');
    writeFileSync(target, 'theirs');
    await assert.rejects(output.commit(), OutputExistsError);
    assert.equal(readFileSync(target, 'utf8'), 'theirs');
    assert.deepEqual(readdirSync(dir), ['out.csv']);
  });

  it('abort removes the temporary file and leaves no target', async () => {
    const dir = folder();
    const output = await AtomicOutput.open(join(dir, 'out.csv'));
    await output.write('partial\n');
    await output.abort();
    await output.abort();
    assert.deepEqual(readdirSync(dir), []);
    await assert.rejects(output.write('more'), /after it was committed or aborted/);
  });

  it('fails at open, with the file system error, when the folder cannot be made', async () => {
    const dir = folder();
    await AtomicOutput.open(join(dir, 'placeholder')).then((output) => output.abort());
    writeFileSync(join(dir, 'file'), '');
    await assert.rejects(
      AtomicOutput.open(join(dir, 'file', 'sub', 'out.csv')),
      (error: NodeJS.ErrnoException) => error.code === 'EEXIST' || error.code === 'ENOTDIR',
    );
  });
});

describe('writeOutputAtomically (replace a file whole) keeps what --out names', () => {
  const root = mkdtempSync(join(tmpdir(), 'waypoint-replace-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const bytes = (text: string) => async (write: (chunk: Uint8Array) => void) => write(Buffer.from(text));

  it('writes through a symlinked --out to its target: the link stays a link', async () => {
    const dir = mkdtempSync(join(root, 'link-'));
    mkdirSync(join(dir, 'runs'));
    const real = join(dir, 'runs', 'run.jsonl');
    writeFileSync(real, 'old\n');
    const link = join(dir, 'latest.jsonl');
    symlinkSync(join('runs', 'run.jsonl'), link);
    await writeOutputAtomically(link, bytes('new\n'));
    assert.ok(lstatSync(link).isSymbolicLink(), 'the link was replaced by a regular file');
    assert.equal(readFileSync(real, 'utf8'), 'new\n');
    assert.deepEqual(readdirSync(join(dir, 'runs')), ['run.jsonl'], 'no temporary file left beside the target');
    // A chain of links, and a dangling one (its target is created, as `>` would).
    const chain = join(dir, 'chain.jsonl');
    symlinkSync(link, chain);
    await writeOutputAtomically(chain, bytes('newer\n'));
    assert.ok(lstatSync(chain).isSymbolicLink() && lstatSync(link).isSymbolicLink());
    assert.equal(readFileSync(real, 'utf8'), 'newer\n');
    const dangling = join(dir, 'dangling.jsonl');
    symlinkSync(join('runs', 'next.jsonl'), dangling);
    await writeOutputAtomically(dangling, bytes('first\n'));
    assert.ok(lstatSync(dangling).isSymbolicLink());
    assert.equal(readFileSync(join(dir, 'runs', 'next.jsonl'), 'utf8'), 'first\n');
  });

  it("refuses to follow another user's link in a sticky world-writable folder (/tmp's rule), and leaves its target alone", async function () {
    // Making a link owned by someone else needs root (lchown); as another user there is nothing to set up.
    if (process.platform === 'win32' || process.getuid?.() !== 0) {
      console.log('      skipped: planting a link owned by another user needs root (lchown)');
      this.skip();
    }
    const shared = mkdtempSync(join(root, 'shared-'));
    chmodSync(shared, 0o1777);
    const victim = join(root, 'victim.txt');
    writeFileSync(victim, 'mine\n');
    const planted = join(shared, 'run.jsonl');
    symlinkSync(victim, planted);
    lchownSync(planted, 65534, 65534);
    await assert.rejects(
      writeOutputAtomically(planted, bytes('overwritten\n')),
      (error: Error) =>
        error instanceof OutputFileError && /refusing to follow a symbolic link another user owns/.test(error.message),
    );
    assert.equal(readFileSync(victim, 'utf8'), 'mine\n');
    assert.deepEqual(readdirSync(shared), ['run.jsonl']);
    // The same link owned by the follower (root here) is followed, as the kernel would.
    lchownSync(planted, 0, 0);
    await writeOutputAtomically(planted, bytes('followed\n'));
    assert.equal(readFileSync(victim, 'utf8'), 'followed\n');
  });

  it("keeps the replaced file's permissions (the target's, through a link)", async function () {
    if (process.platform === 'win32') this.skip();
    const dir = mkdtempSync(join(root, 'mode-'));
    const file = join(dir, 'run.jsonl');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o640);
    await writeOutputAtomically(file, bytes('new\n'));
    assert.equal(statSync(file).mode & 0o7777, 0o640);
    chmodSync(file, 0o600);
    const link = join(dir, 'link.jsonl');
    symlinkSync(file, link);
    await writeOutputAtomically(link, bytes('newer\n'));
    assert.equal(statSync(file).mode & 0o7777, 0o600);
    assert.equal(readFileSync(file, 'utf8'), 'newer\n');
  });
});
