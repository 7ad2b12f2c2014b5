// `waypoint report` at whole-benchmark scale, as a user runs it (node start-up included): 40,000
// GRASP-shaped and 40,000 MANGO-shaped records (bench/syntheticRuns.ts), timed for `--json` and
// `--html`, with the HTML file's size (the contract allows 20 MB) and how soon the GRASP page is
// ready in headless Chromium (its first 200 rows listed; budget 3 s).
// The built-ins registered, as every host registers them (the engine only asks the registry).
import '../src/core/benchmarks';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import type { RunRecord } from '../src/core/eval/types';
import { mergeRunFiles } from '../src/core/runs/records';
import { buildResultsModel } from '../src/core/runs/resultsModel';
import { readRunFile } from '../src/host/runFileReader';
import { launchChromium } from '../test/support/browser';
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

/**
 * What the editor does before the results view can draw a run (src/extension/eval/resultsPanel.ts):
 * read the file without prompts and answers (the skeleton read, host/recordSkeleton.ts), merge, build the
 * view's model, and serialise it as postMessage does. The view's own drawing is timed in
 * bench/webviewBench.ts; the two together are the 2 s budget of opening a 40,000-record run.
 */
async function resultsViewHost(runFile: string): Promise<{ ms: number; modelMegabytes: number }> {
  const started = performance.now();
  const read = await readRunFile(runFile, {
    workerScript: resolve(__dirname, '..', 'runFileWorker.js'),
    offsets: true,
  });
  const { model } = buildResultsModel(mergeRunFiles([{ file: runFile, records: read.records }]), [runFile], 'bench');
  const size = JSON.stringify(model).length;
  return { ms: performance.now() - started, modelMegabytes: size / 1048576 };
}

/** From navigation to the report's first rows listed ("Showing 200 of N matching"), in a fresh page. */
async function htmlReadyMs(browser: Browser, htmlFile: string, records: number): Promise<number> {
  const page = await browser.newPage();
  try {
    const started = performance.now();
    await page.goto(pathToFileURL(htmlFile).toString());
    await page.waitForFunction(
      (total) =>
        new RegExp(`Showing \\d+ of ${total} matching`).test(document.getElementById('count')?.textContent ?? ''),
      records,
    );
    return performance.now() - started;
  } finally {
    await page.close();
  }
}

export async function benchReport(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const directory = mkdtempSync(join(tmpdir(), 'waypoint-report-bench-'));
  const browser = await launchChromium();
  try {
    for (const [name, make] of [
      ['GRASP', syntheticGraspRecords],
      ['MANGO', syntheticMangoRecords],
    ] as const) {
      const runFile = join(directory, `${name}.jsonl`);
      writeRecords(runFile, make(40_000));
      const megabytes = statSync(runFile).size / 1048576;
      rows.push({
        name: `report --json, 40,000 ${name} records (${megabytes.toFixed(0)} MB run file, node start-up included)`,
        value: timed(['report', runFile, '--json']),
        unit: 'ms',
        budget: 2000,
      });
      const host = await resultsViewHost(runFile);
      rows.push({
        name: `results view, host side: read, report and model of 40,000 ${name} records (${host.modelMegabytes.toFixed(1)} MB to the view)`,
        value: host.ms,
        unit: 'ms',
        budget: 1500,
      });
      const htmlFile = join(directory, `${name}.html`);
      rows.push({
        name: `report --html, 40,000 ${name} records`,
        value: timed(['report', runFile, '--html', htmlFile]),
        unit: 'ms',
      });
      rows.push({
        name: `report --html file size, 40,000 ${name} records`,
        value: statSync(htmlFile).size / 1048576,
        unit: 'MB',
        budget: 20,
      });
      if (name === 'GRASP')
        rows.push({
          name: 'report --html, 40,000 GRASP records: page ready in headless Chromium',
          value: await htmlReadyMs(browser, htmlFile, 40_000),
          unit: 'ms',
          budget: 3000,
        });
      writeFileSync(runFile, '');
    }
  } finally {
    await browser.close();
    rmSync(directory, { recursive: true, force: true });
  }
  return rows;
}
