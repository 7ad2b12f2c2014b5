// Validate Workspace through the real server on a tree with bad entries (issue 12, defect 7): the
// scan shares the CLI's walker, lists each bad path with its reason and validates everything else.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidateWorkspaceRequest } from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';

describe('language server: Validate Workspace on bad entries', () => {
  let client: TestLspClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-scan-'));
    copyFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), join(workspace, 'good.walkthrough'));
    copyFileSync(join(samplesDir, 'grasp/inner_cluster_free.jsonl'), join(workspace, '100%zz.grids.jsonl'));
    symlinkSync(join(workspace, 'gone.walkthrough'), join(workspace, 'dangling.walkthrough'));
    mkdirSync(join(workspace, 'sub'));
    symlinkSync(workspace, join(workspace, 'sub', 'up'));
    const made = spawnSync('mkfifo', [join(workspace, 'fifo.walkthrough')]);
    if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('validates the good files and lists each bad path with its reason', async () => {
    const result = await client.request(ValidateWorkspaceRequest, { maxFileSizeBytes: 64 * 1048576 });
    assert.equal(result.cancelled, false);
    assert.equal(result.files, 2, 'good.walkthrough and 100%zz.grids.jsonl');
    assert.equal(result.errors, 0);
    const reasons = Object.fromEntries(
      result.skipped.map(({ path, reason }) => [path.slice(workspace.length + 1), reason]),
    );
    assert.deepEqual(reasons, {
      'dangling.walkthrough': 'dangling symbolic link (its target does not exist)',
      'fifo.walkthrough': 'not a regular file (a FIFO, socket or device), not read',
      'sub/up': `symbolic link loop: leads back to ${workspace}, not followed`,
    });
  });
});
