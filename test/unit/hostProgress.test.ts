// The extension-host runner reads the suite's progress file while the suite appends to it: a last
// line caught half-written must not abort the run (it is read again on the next poll).
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../support/paths';

type ReadProgress = (file: string) => Array<{ title: string }>;

describe('extension-host runner: reading the progress file', () => {
  let dir: string;
  let readProgress: ReadProgress;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-progress-'));
    ({ readProgress } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'lib', 'hostSuite.mjs')).href)) as {
      readProgress: ReadProgress;
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('skips a last line still being written and returns the finished ones; reads it once complete', () => {
    const file = join(dir, 'progress.jsonl');
    writeFileSync(file, '{"title":"first","passed":true}\n{"title":"sec');
    assert.deepEqual(
      readProgress(file).map((record) => record.title),
      ['first'],
    );
    writeFileSync(file, '{"title":"first","passed":true}\n{"title":"second","passed":true}\n');
    assert.deepEqual(
      readProgress(file).map((record) => record.title),
      ['first', 'second'],
    );
  });

  it('names the file and line of a broken record that is not the last', () => {
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, '{"title":"first"}\nnot json\n{"title":"third"}\n');
    assert.throws(
      () => readProgress(file),
      (error: Error) => error.message.startsWith(`${file}:2: not a JSON record`),
    );
  });

  it('a missing file is no progress yet', () => {
    assert.deepEqual(readProgress(join(dir, 'absent.jsonl')), []);
  });
});
