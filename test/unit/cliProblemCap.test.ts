// Issue 29: a 3 MB file of a million `{}` lines gave `validate` 8 million diagnostics (3.4 GB, 220 s)
// and `run --dry-run` a million stderr lines (1.2 GB). The built CLI, its heap capped far below
// that, shows the first 1,000 problems of the file as the editor does, says how many more, and
// still counts them all.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWaypoint } from '../support/cli';
import { samplesDir } from '../support/paths';

const LINES = 1_000_000;
const HEAP_CAP = { NODE_OPTIONS: '--max-old-space-size=128' };
const FILE = 'lighthouse/lighthouse.all_pairs.jsonl';

describe('CLI: a file of a million broken lines', () => {
  let workspace: string;

  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-million-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    // Every line misses the eight fields of an RF skeleton: eight errors a line.
    writeFileSync(join(workspace, FILE), '{}\n'.repeat(LINES));
  });

  after(() => rmSync(workspace, { recursive: true, force: true }));

  it('validate shows the first 1,000 problems, says how many more, and counts all 8 million', async () => {
    const run = await runWaypoint(['validate', 'lighthouse'], workspace, HEAP_CAP);
    assert.equal(run.code, 1, run.stderr.slice(0, 500));
    const lines = run.stdout.trimEnd().split('\n');
    const ofFile = lines.filter((line) => line.startsWith(`${FILE}:`));
    assert.equal(ofFile.length, 1001);
    assert.equal(
      ofFile[1000],
      `${FILE}:126:1: information 7999000 more problems in this file are not shown. [waypoint/too-many-problems]`,
    );
    assert.equal(ofFile[0], `${FILE}:1:1: error \`src_node\` is missing. [json/schema]`);
    assert.equal(lines[lines.length - 1], '6 files validated: 8000000 errors, 0 warnings, 0 skipped.');
  });

  it('validate --json holds the same capped list, the counts in the marker and the summary', async () => {
    const run = await runWaypoint(['validate', 'lighthouse', '--json'], workspace, HEAP_CAP);
    assert.equal(run.code, 1, run.stderr.slice(0, 500));
    const result = JSON.parse(run.stdout) as {
      files: Array<{ path: string; diagnostics: Array<{ code: string; data?: Record<string, number> }> }>;
      summary: { errors: number };
    };
    const file = result.files.find((candidate) => candidate.path === FILE);
    assert.equal(file?.diagnostics.length, 1001);
    assert.deepEqual(file?.diagnostics[1000], {
      severity: 'information',
      code: 'waypoint/too-many-problems',
      message: '7999000 more problems in this file are not shown.',
      range: { start: { line: 125, character: 0 }, end: { line: 125, character: 2 } },
      data: { error: 7999000, warning: 0, information: 0, hint: 0 },
    });
    assert.equal(result.summary.errors, 8_000_000);
  });

  it('run --dry-run prints the first 1,000 problem lines of the file and how many more', async () => {
    const run = await runWaypoint(
      ['run', 'mango', 'lighthouse', '--task', 'rf', '--agent', 'oracle', '--dry-run'],
      workspace,
      HEAP_CAP,
    );
    assert.equal(run.code, 1, run.stderr.slice(-500));
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1001, lines.slice(-3).join('\n'));
    assert.equal(lines[0], `${FILE}:1:1: \`src_node\` is missing.`);
    assert.equal(lines[1000], `${FILE}: ${LINES - 1000} more problems in this file are not shown.`);
    assert.match(run.stdout, /^0 questions, /);
  });
});
