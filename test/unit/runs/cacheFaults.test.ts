// A response cache that cannot be written (issue 29: with `.waypoint/` read-only or the disk full,
// every answer became an "internal error" record, 364 of 364, and 364 empty .tmp files stayed
// behind, even with --agent oracle). Now the reply is still answered and recorded, the failure is
// said once (then counted), and no temporary file is left: through the store with injected file
// system errors (a full disk after the temporary file exists, a read-only rename, a folder that
// cannot be made), and through the built CLI with a `.waypoint/cache` that is not a folder.
import { strict as assert } from 'node:assert';
import { promises as fs, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkspaceStore } from '../../../src/core/eval/workspaceStore';
import type { ModelReply } from '../../../src/core/eval/types';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';

const reply: ModelReply = { text: 'north', promptTokens: 3, completionTokens: 1, latencyMs: 5, cached: false };
const fsError = (code: string) => Object.assign(new Error(`${code}: injected`), { code });

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe('response cache under file system faults', function () {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'waypoint-cache-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  for (const [name, fault, reason] of [
    [
      'a full disk after the temporary file is made',
      {
        writeFile: async (path: string) => {
          await fs.writeFile(path, '');
          throw fsError('ENOSPC');
        },
      },
      'no space left on device',
    ],
    [
      'a rename the file system refuses',
      { rename: async () => Promise.reject(fsError('EROFS')) },
      'read-only file system',
    ],
    [
      'a cache folder that cannot be made',
      { mkdir: async () => Promise.reject(fsError('EACCES')) },
      'permission denied',
    ],
  ] as const) {
    it(`${name}: no answer lost, said once, no temporary file left`, async function () {
      const log: string[] = [];
      const store = new WorkspaceStore(root, (line) => log.push(line), { ...fs, ...fault });
      for (const key of ['a', 'b', 'c']) await store.set(key, reply);
      assert.equal(store.unwritten, 3);
      assert.equal(store.unwrittenBecause, reason);
      assert.equal(log.length, 1);
      assert.match(
        log[0],
        new RegExp(`cannot write .*\\.waypoint/cache \\(${reason}\\); answers still go to their run records`),
      );
      assert.deepEqual(store.pendingTemporaries(), []);
      assert.deepEqual(
        filesUnder(root).filter((file) => file.endsWith('.tmp')),
        [],
      );
      assert.equal(await store.get('a'), undefined);
    });
  }

  it('names the temporary file of a write in flight, for the host to remove at exit', async function () {
    let release: (() => void) | null = null;
    const store = new WorkspaceStore(root, () => {}, {
      ...fs,
      writeFile: async (path: string, data: string) => {
        await fs.writeFile(path, data);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    const writing = store.set('k', reply);
    // Until the write is held in the middle (its temporary file written, not yet renamed).
    while (release === null) await new Promise((resolve) => setImmediate(resolve));
    const [temporary] = store.pendingTemporaries();
    assert.match(temporary, /\.waypoint\/cache\/k\.json\.\w+\.tmp$/);
    (release as () => void)();
    await writing;
    assert.deepEqual(store.pendingTemporaries(), []);
    assert.deepEqual((await store.get('k'))?.text, 'north');
  });

  it('waypoint run with a cache that cannot be written answers every question, once warned', async function () {
    mkdirSync(join(root, '.waypoint'));
    // Not a folder: every write of the cache fails, as on a read-only .waypoint/.
    writeFileSync(join(root, '.waypoint', 'cache'), '');
    const out = join(root, 'run.jsonl');
    const run = await runWaypoint(
      [
        'run',
        'mango',
        join(samplesDir, 'mango', 'lighthouse'),
        '--agent',
        'oracle',
        '--limit',
        '20',
        '--out',
        out,
        '--json',
      ],
      root,
    );
    assert.equal(run.code, 0, run.stderr);
    const summary = JSON.parse(run.stdout) as { answered: number; errors: number };
    assert.deepEqual([summary.answered, summary.errors], [20, 0]);
    assert.equal(run.stderr.match(/Response cache: cannot write/g)?.length, 1, run.stderr);
    assert.match(run.stderr, /20 answers were not cached \(.+\); .*run\.jsonl has every one/);
    const records = parseRunRecords(await fs.readFile(out, 'utf8'), out).records;
    assert.equal(records.filter((record) => record.error === undefined).length, 20);
    assert.deepEqual(
      filesUnder(root).filter((file) => file.endsWith('.tmp')),
      [],
    );
  });
});
