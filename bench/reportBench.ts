// `waypoint report` at whole-benchmark scale, as a user runs it (node start-up included): 40,000
// GRASP-shaped and 40,000 MANGO-shaped records (bench/syntheticRuns.ts), timed for `--json` and
// `--html`, with the HTML file's size (the contract allows 20 MB).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunRecord } from '../src/core/eval/types';
import type { BenchRow } from './simplePathsBench';
import { syntheticGraspRecords, syntheticMangoRecords } from './syntheticRuns';

const cli = resolve(__dirname, '..', 'cli.js');

function timed(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 256 * 1048576 });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`waypoint ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

/** Written a line at a time: a MANGO file of 40,000 prompts is larger than one string may be. */
function writeRecords(path: string, records: readonly RunRecord[]): void {
  const fd = openSync(path, 'w');
  for (const record of records) writeSync(fd, `${JSON.stringify(record)}\n`);
  closeSync(fd);
}

export function benchReport(): BenchRow[] {
  const rows: BenchRow[] = [];
  const directory = mkdtempSync(join(tmpdir(), 'waypoint-report-bench-'));
  try {
    for (const [name, make] of [['GRASP', syntheticGraspRecords], ['MANGO', syntheticMangoRecords]] as const) {
      const runFile = join(directory, `${name}.jsonl`);
      writeRecords(runFile, make(40_000));
      const megabytes = statSync(runFile).size / 1048576;
      rows.push({ name: `report --json, 40,000 ${name} records (${megabytes.toFixed(0)} MB run file, node start-up included)`, value: timed(['report', runFile, '--json']), unit: 'ms', budget: 2000 });
      const htmlFile = join(directory, `${name}.html`);
      rows.push({ name: `report --html, 40,000 ${name} records`, value: timed(['report', runFile, '--html', htmlFile]), unit: 'ms' });
      rows.push({ name: `report --html file size, 40,000 ${name} records`, value: statSync(htmlFile).size / 1048576, unit: 'MB', budget: 20 });
      writeFileSync(runFile, '');
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return rows;
}
