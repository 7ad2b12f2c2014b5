// The CLI as a user runs it: the built dist/cli.js in a child process, checked against cli.md.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, repoRoot, sharedDataDir, sharedDataMissingReason } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface ValidateJson {
  files: Array<{
    path: string;
    kind: string;
    diagnostics: Array<{ severity: string; code: string; range: { start: { line: number; character: number } } }>;
  }>;
  summary: { files: number; errors: number; warnings: number; skipped: number };
}

describe('waypoint validate (CLI)', () => {
  it('reports the sample workspace per the JSON contract and exits 1 for its broken file', () => {
    const { code, stdout } = waypoint('validate', 'samples', '--json');
    assert.equal(code, 1);
    const report = JSON.parse(stdout) as ValidateJson;
    const broken = report.files.find((file) => file.path.endsWith('lighthouse-typos.walkthrough'));
    const good = report.files.find((file) => file.path.endsWith('lighthouse.walkthrough'));
    assert.ok(broken && good);
    assert.equal(good.kind, 'mango-walkthrough');
    assert.deepEqual(good.diagnostics, []);
    assert.deepEqual(
      broken.diagnostics.map((d) => d.code),
      [
        'walkthrough/act-missing',
        'walkthrough/step-sequence',
        'walkthrough/separator-malformed',
        'walkthrough/step-duplicate',
      ],
    );
    assert.deepEqual(broken.diagnostics[1].range.start, { line: 38, character: 13 });
    assert.equal(report.summary.errors, 7);
    const brokenEdges = report.files.find((file) => file.path.endsWith('lighthouse-typos.edges.json'));
    assert.deepEqual(
      brokenEdges?.diagnostics.map((d) => d.code),
      ['mango/unknown-location', 'mango/imputation-conflict', 'mango/step-label', 'mango/duplicate-edge'],
    );
    // 10 MANGO files, 3 GRASP grid files, 1 GRASP response file, 4 BabyAI levels, 1 LLM-BabyBench
    // record file, 2 SmartPlay episode logs.
    assert.equal(report.files.length, 21);
  });

  it('prints compiler-style lines without --json and exits 0 for a clean file', () => {
    const clean = waypoint('validate', 'samples/mango/lighthouse/lighthouse.walkthrough');
    assert.equal(clean.code, 0);
    assert.match(clean.stdout, /1 file validated: 0 errors, 0 warnings/);
    const broken = waypoint('validate', 'samples/mango/broken');
    assert.match(
      broken.stdout,
      /lighthouse-typos\.walkthrough:39:14: error Step numbers must go up by one: expected 6, found 7\. \[walkthrough\/step-sequence\]/,
    );
  });

  it('gives one clear line for a missing path and exit 2 for usage errors', () => {
    const missing = waypoint('validate', 'no/such/dir');
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.trim(), 'no/such/dir: no such file or directory');
    assert.equal(waypoint('validate').code, 2);
    assert.equal(waypoint('validate', '--colour').code, 2);
    assert.equal(waypoint('frobnicate').code, 2);
  });

  it('survives a binary file with a walkthrough name', () => {
    const directory = mkdtempSync(join(tmpdir(), 'waypoint-cli-'));
    writeFileSync(
      join(directory, 'noise.walkthrough'),
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)),
    );
    writeFileSync(join(directory, 'notes.txt'), 'not a benchmark file');
    writeFileSync(join(directory, 'noise.edges.json'), '[{"src_node": "a",');
    const { code, stdout, stderr } = waypoint('validate', directory, '--json');
    assert.equal(code, 1);
    assert.equal(stderr, '');
    const report = JSON.parse(stdout) as ValidateJson;
    assert.equal(
      report.files.find((file) => file.kind === 'mango-walkthrough')?.diagnostics[0].code,
      'walkthrough/content-outside-step',
    );
    assert.equal(report.files.find((file) => file.kind === 'mango-edges')?.diagnostics[0].code, 'json/syntax');
    assert.equal(report.summary.skipped, 1, 'notes.txt is listed as skipped');
  });

  it('validates the six shared games with zero errors', function () {
    if (!existsSync(join(sharedDataDir, 'mango'))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const { code, stdout } = waypoint('validate', join(sharedDataDir, 'mango'), '--json');
    const report = JSON.parse(stdout) as ValidateJson;
    assert.equal(code, 0);
    assert.equal(report.files.filter((file) => file.kind === 'mango-walkthrough').length, 6);
    assert.equal(report.summary.errors, 0);
  });
});
