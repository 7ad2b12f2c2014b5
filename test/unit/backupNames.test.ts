// Backup names for replacing a large skeleton file: never an existing one.
import { strict as assert } from 'node:assert';
import { freeBackupPath } from '../../src/core/util/backupNames';

const taken =
  (...paths: string[]) =>
  async (candidate: string) =>
    paths.includes(candidate);

describe('backup names', () => {
  it('uses .bak, then .bak.1, .bak.2, … skipping every existing backup', async () => {
    assert.equal(await freeBackupPath('/g/x.jsonl', taken()), '/g/x.jsonl.bak');
    assert.equal(await freeBackupPath('/g/x.jsonl', taken('/g/x.jsonl.bak')), '/g/x.jsonl.bak.1');
    assert.equal(
      await freeBackupPath('/g/x.jsonl', taken('/g/x.jsonl.bak', '/g/x.jsonl.bak.1', '/g/x.jsonl.bak.2')),
      '/g/x.jsonl.bak.3',
    );
    assert.equal(
      await freeBackupPath('/g/x.jsonl', taken('/g/x.jsonl.bak.1')),
      '/g/x.jsonl.bak',
      'a gap is used only for .bak itself',
    );
  });

  it('refuses, with a clear message, rather than overwrite when every name is taken', async () => {
    await assert.rejects(
      freeBackupPath('/g/x.jsonl', async () => true, 5),
      /already has 5 backups/,
    );
  });
});
