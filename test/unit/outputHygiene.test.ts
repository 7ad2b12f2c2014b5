// Output hygiene (issue 12, defect 11): untrusted names and messages cannot forge CLI lines or
// reach the terminal as escapes, and a UTF-8 BOM is accepted with one clear note about upstream.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateStandalone } from '../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../src/core/benchmarks';
import { escapeControls } from '../../src/core/util/text';
import { distDir, repoRoot, samplesDir } from '../support/paths';

function waypoint(...args: string[]) {
  const result = spawnSync(process.execPath, [join(distDir, 'cli.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface ValidateJson {
  files: Array<{
    path: string;
    kind: string;
    diagnostics: Array<{
      severity: string;
      code: string;
      message: string;
      range: { start: { line: number; character: number } };
    }>;
  }>;
}

describe('output hygiene', () => {
  it('escapes control characters JSON-style, keeping line breaks only when asked', () => {
    assert.equal(
      escapeControls('a\nb\r\tc\u001b[31md\u0000\u009b\u2028\u202e'),
      'a\\nb\\r\\tc\\u001b[31md\\u0000\\u009b\\u2028\\u202e',
    );
    assert.equal(escapeControls('line 1\n\tline 2\r\u001b[2J', true), 'line 1\n\tline 2\\r\\u001b[2J');
    assert.equal(
      JSON.parse(`"${escapeControls('x\ny\u001b')}"`),
      'x\ny\u001b',
      'the escapes are valid JSON string escapes',
    );
  });

  it('a file name with a newline and an ANSI escape cannot forge validate lines or colour the terminal', () => {
    const directory = mkdtempSync(join(tmpdir(), 'waypoint-hygiene-'));
    const evil = 'x.walkthrough:1:1: error forged [fake]\n\u001b[31mred.walkthrough';
    writeFileSync(join(directory, evil), 'not a walkthrough\n');
    symlinkSync(join(directory, 'gone'), join(directory, 'dangling\u001b[2J\nz.walkthrough'));
    const { stdout, stderr } = waypoint('validate', directory);
    for (const output of [stdout, stderr]) assert.doesNotMatch(output, /\u001b/, 'no raw escape reaches the terminal');
    const lines = stdout.trim().split('\n');
    assert.match(lines.pop() ?? '', /^1 file validated: \d+ errors?/);
    assert.ok(lines.length > 0);
    for (const line of lines)
      assert.ok(
        line.includes('x.walkthrough:1:1: error forged [fake]\\n\\u001b[31mred.walkthrough:'),
        `every problem line names the one file, escaped: ${line}`,
      );
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
    assert.match(stderr, /dangling\\u001b\[2J\\nz\.walkthrough: dangling symbolic link/);
  });

  it('accepts a BOM in every file kind: the same problems at the same places, plus one note where upstream would reject it', () => {
    const plain = mkdtempSync(join(tmpdir(), 'waypoint-nobom-'));
    const withBom = mkdtempSync(join(tmpdir(), 'waypoint-bom-'));
    for (const folder of ['mango/broken', 'mango/lighthouse', 'grasp', 'babyai', 'smartplay'])
      cpSync(join(samplesDir, folder), join(plain, folder.replace('/', '-')), { recursive: true });
    cpSync(plain, withBom, { recursive: true });
    const addBom = (directory: string) => {
      for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        writeFileSync(path, `\ufeff${readFileSync(path, 'utf8')}`);
      }
    };
    addBom(withBom);
    const report = (directory: string) => JSON.parse(waypoint('validate', directory, '--json').stdout) as ValidateJson;
    const before = report(plain);
    const after = report(withBom);
    assert.equal(after.files.length, before.files.length);
    assert.equal(after.files.length, 21);
    for (const file of after.files) {
      const name = file.path.slice(file.path.lastIndexOf('/') + 1);
      const original = before.files.find(
        (candidate) => candidate.path.endsWith(`/${name}`) && candidate.kind === file.kind,
      );
      assert.ok(original, name);
      const notes = file.diagnostics.filter((d) => d.code === 'file/bom');
      const rest = file.diagnostics.filter((d) => d.code !== 'file/bom');
      assert.deepEqual(rest, original.diagnostics, `${name}: the BOM changes nothing else`);
      const upstreamReadsJson =
        /\.(edges|actions|locations)\.json$|\.all2all\.jsonl$|\.all_pairs\.jsonl$|^(inner|outer)_|_output\.jsonl$/.test(
          name,
        );
      if (upstreamReadsJson) {
        assert.equal(notes.length, 1, name);
        assert.equal(notes[0].severity, 'warning');
        assert.match(
          notes[0].message,
          /^The file starts with a UTF-8 byte order mark \(BOM\), which Python's json module rejects/,
        );
      } else if (name.endsWith('.walkthrough')) {
        assert.equal(notes.length, 1, name);
        assert.equal(notes[0].severity, 'information');
      } else assert.equal(notes.length, 0, `${name}: Waypoint's own formats and CSV records take a BOM silently`);
    }
  });

  it('keeps positions on the first line as the editor shows them', () => {
    const text = '{"index": "x"}\n';
    const [plain] = validateStandalone('grasp-grids', text, 'inner_cluster_free.jsonl') ?? [];
    const [note, shifted] = validateStandalone('grasp-grids', `\ufeff${text}`, 'inner_cluster_free.jsonl') ?? [];
    assert.equal(note.code, 'file/bom');
    assert.deepEqual(shifted, plain);
  });
});
