// host/atomicOutput.ts: the target appears whole on commit or not at all, text reaches the disk
// while it is written (not all at the end), and a target that appeared meanwhile is never replaced.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AtomicOutput, OutputExistsError } from '../../../src/host/atomicOutput';

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
    assert.equal(readdirSync(join(dir, 'deep')).length, 1, 'the temporary file is made (with its folders) before any text');
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
    await assert.rejects(AtomicOutput.open(join(dir, 'file', 'sub', 'out.csv')), (error: NodeJS.ErrnoException) => error.code === 'EEXIST' || error.code === 'ENOTDIR');
  });
});
