// Importing and scoring the whole shared GRASP results set as ONE command, node start-up included
// (`node dist/cli.js import grasp <results> --grids <dir> --mode paper`), against upstream's way of
// scoring the same rows in Python (bench/grasp_import_reference.py: a GridEnvironment, Agent and
// check_energy_result per answer, as upstream's main.py). The two must agree: the sum of the
// scores of the rows with a grid is compared before any time is reported. Issue 14: at least 10x,
// start-up included. That line keeps its budget; beside it, measured in the same run, the ratio
// with each side's bare start-up subtracted (`node -e 0`; `python3 -c 'import json, os, re, sys,
// time, numpy'`, the reference's imports) and each side's rows per second, because 10x of the
// reference's time is below what Node needs to start at all. The floor line makes that a
// measurement rather than an argument: a Node process that only reads and JSON-parses the same
// input lines (no scoring, no output) bounds the ratio ANY Node command over these rows can reach.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchRow } from './simplePathsBench';

const SPEEDUP_MINIMUM = 10;
/** Reads every grid and result line and parses it, nothing else: the least any importer must do. Prints the result rows read. */
const READ_AND_PARSE_ONLY = `const fs = require('fs'), path = require('path');
const [gridsDir, ...files] = process.argv.slice(1);
const lines = (file) => fs.readFileSync(file, 'utf8').split('\\n').filter((line) => line !== '').map((line) => JSON.parse(line));
for (const name of fs.readdirSync(gridsDir)) if (name.endsWith('.jsonl')) lines(path.join(gridsDir, name));
let rows = 0;
for (const file of files) rows += lines(file).length;
process.stdout.write(String(rows));`;
const RUNS = 3;

/** Wall time of one process. Import exits 1 here by design: rows of the 16 grid files not shared are error records. */
function wallMs(command: string, args: string[]): { ms: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 300_000,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - started;
  if (run.error || (run.status !== 0 && run.status !== 1))
    throw new Error(
      `${command} ${args[0]}: ${run.error?.message ?? `exit ${run.status}: ${run.stderr.split('\n')[0]}`}`,
    );
  return { ms, stdout: run.stdout };
}

/** Fastest of RUNS: the machine's other load only ever adds time. */
function best(command: string, args: string[]): { ms: number; stdout: string } {
  const runs = Array.from({ length: RUNS }, () => wallMs(command, args));
  return runs.reduce((a, b) => (b.ms < a.ms ? b : a));
}

export function benchGraspImport(repoRoot = resolve(__dirname, '..', '..')): BenchRow[] {
  const graspDir = resolve(repoRoot, '..', 'shared', 'data', 'grasp');
  const resultsDir = join(graspDir, 'results');
  const name = 'GRASP: import + score the shared results set, one command';
  if (!existsSync(resultsDir))
    return [{ name, value: Number.NaN, unit: 'x', note: `skipped: ${resultsDir} not found` }];
  const files = [
    ...readdirSync(resultsDir)
      .filter((file) => file.endsWith('_output.jsonl'))
      .map((file) => join(resultsDir, file)),
    ...['greedy_results', 'random_results'].flatMap((folder) =>
      readdirSync(join(resultsDir, folder)).map((file) => join(resultsDir, folder, file)),
    ),
  ];
  const scratch = mkdtempSync(join(tmpdir(), 'waypoint-bench-import-'));
  const out = join(scratch, 'run.jsonl');
  try {
    const ours = best('node', [
      join(repoRoot, 'dist', 'cli.js'),
      'import',
      'grasp',
      ...files,
      '--grids',
      graspDir,
      '--out',
      out,
      '--mode',
      'paper',
      '--json',
    ]).ms;
    let sum = 0;
    let scored = 0;
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      if (line === '') continue;
      const record = JSON.parse(line) as { error?: string; scores: { score?: number } };
      if (record.error !== undefined) continue;
      sum += record.scores.score ?? Number.NaN;
      scored++;
    }
    let python: { ms: number; stdout: string };
    try {
      python = best('python3', [join(repoRoot, 'bench', 'grasp_import_reference.py'), graspDir, ...files]);
    } catch (error) {
      return [
        {
          name,
          value: Number.NaN,
          unit: 'x',
          note: `skipped: python3 with numpy is needed (${(error as Error).message.split('\n')[0]})`,
        },
      ];
    }
    const reference = JSON.parse(python.stdout) as { rows: number; sum: number };
    if (Math.abs(reference.sum - sum) > 1e-6)
      throw new Error(`GRASP import: Python scores sum to ${reference.sum}, Waypoint's to ${sum}`);
    // Bare start-ups, best of RUNS like the commands, so the same load shapes both.
    const nodeStart = best('node', ['-e', '0']).ms;
    const readOnly = best('node', ['-e', READ_AND_PARSE_ONLY, graspDir, ...files]);
    if (Number(readOnly.stdout) !== reference.rows)
      throw new Error(`GRASP import floor: read ${readOnly.stdout.trim()} rows, Python ${reference.rows}`);
    const pythonStart = best('python3', ['-c', 'import json, os, re, sys, time, numpy']).ms;
    const oursWork = ours - nodeStart;
    const pythonWork = python.ms - pythonStart;
    const ratio = python.ms / ours;
    return [
      {
        name: `GRASP import: node dist/cli.js import grasp (${reference.rows} rows, ${scored} with a grid)`,
        value: ours,
        unit: 'ms',
      },
      { name: 'GRASP import: Python, upstream-style scoring of the same rows', value: python.ms, unit: 'ms' },
      {
        name: 'GRASP import: speedup over Python (wall, start-up included)',
        value: ratio,
        unit: 'x',
        minimum: SPEEDUP_MINIMUM,
        ...(ratio >= SPEEDUP_MINIMUM
          ? {}
          : {
              note: `(10x means under ${(python.ms / SPEEDUP_MINIMUM).toFixed(0)} ms; node -e 0 alone takes ${nodeStart.toFixed(0)} ms)`,
            }),
      },
      { name: 'GRASP import: bare start-up, node -e 0', value: nodeStart, unit: 'ms' },
      {
        name: 'GRASP import: floor, a node process that only reads and parses the same lines',
        value: readOnly.ms,
        unit: 'ms',
        note: `(so no Node command over these rows can pass ${(python.ms / readOnly.ms).toFixed(1)}x)`,
      },
      {
        name: 'GRASP import: bare start-up, python3 -c "import json, os, re, sys, time, numpy"',
        value: pythonStart,
        unit: 'ms',
      },
      {
        name: 'GRASP import: speedup over Python, each bare start-up subtracted',
        value: pythonWork / oursWork,
        unit: 'x',
        note: `(${oursWork.toFixed(0)} ms against ${pythonWork.toFixed(0)} ms)`,
      },
      {
        name: 'GRASP import: Waypoint rows/s (wall, start-up included)',
        value: reference.rows / (ours / 1000),
        unit: 'row/s',
        note: `(${(reference.rows / (oursWork / 1000)).toFixed(0)} without start-up)`,
      },
      {
        name: 'GRASP import: Python rows/s (wall, start-up included)',
        value: reference.rows / (python.ms / 1000),
        unit: 'row/s',
        note: `(${(reference.rows / (pythonWork / 1000)).toFixed(0)} without start-up)`,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
