// `waypoint export inspect <run.jsonl>... --out DIR [--json]`: run files as Inspect AI `.eval`
// logs, one per (benchmark, model, run id, scoring mode) (core/runs/inspectExport.ts builds them,
// host/inspectEvalFile.ts zips them). Each log is written whole or not at all, under the --out lock
// `import` holds (host/atomicOutput.ts), so a failure leaves an earlier log of that name as it was.
// A line of a run file that is not a record fails the export before anything is written: a log
// silently missing answers would report other numbers than the run file.
import { promises as fs } from 'node:fs';
import { version } from '../../../package.json';
import { join } from 'node:path';
import { type InspectLogPlan, planInspectLogs } from '../../core/runs/inspectExport';
import type { RunRecord } from '../../core/eval/types';
import { describeFsError } from '../../core/util/walk';
import { OutputFileError, writeOutputAtomically } from '../../host/atomicOutput';
import { writeEvalZip } from '../../host/inspectEvalFile';
import { readRunFile } from '../../host/runFileReader';
import { parseArgs, UsageError } from '../args';

type Output = (text: string) => void;

const SHOWN_PROBLEMS = 10;
/** Logs with more samples than this say how far they are on stderr. */
const PROGRESS_FROM = 2000;
const PROGRESS_EVERY = 1000;

/** Waypoint's version (the log's `packages`), from the package.json the bundle was built with. */
export function waypointVersion(): string {
  return version;
}

export async function exportInspect(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['out']);
  if (args.positionals.length === 0) throw new UsageError('export inspect needs run files (run.jsonl)');
  const outDir = args.options.get('out');
  if (!outDir) throw new UsageError('export inspect needs --out DIR (the folder the .eval logs go to)');

  const records = await readAllRecords(args.positionals, err);
  if (!records) {
    err('waypoint export inspect: nothing written: fix or remove the lines above (a log must hold every answer)');
    return 1;
  }
  if (records.length === 0) return 1;

  try {
    await fs.mkdir(outDir, { recursive: true });
  } catch (error) {
    err(`${outDir}: ${describeFsError(error)}`);
    return 1;
  }
  const plans = planInspectLogs(records, { version: waypointVersion(), files: args.positionals });
  const written: Array<Record<string, unknown>> = [];
  for (const plan of plans) {
    const log = await writeLog(plan, outDir, err);
    if (!log) return 1;
    written.push(log);
  }
  if (args.flags.has('json')) out(JSON.stringify({ logs: written }));
  else for (const log of written) out(`${log.file}: ${log.samples} samples (${log.benchmark}, ${log.model})`);
  return 0;
}

/** Every record of the run files; undefined when a file cannot be read or holds a line that is not a record (named on stderr). */
export async function readAllRecords(paths: readonly string[], err: Output): Promise<RunRecord[] | undefined> {
  const records: RunRecord[] = [];
  let failed = false;
  for (const path of paths) {
    let read: Awaited<ReturnType<typeof readRunFile>>;
    try {
      read = await readRunFile(path, { keepText: true });
    } catch (error) {
      err(`${path}: ${describeFsError(error)}`);
      failed = true;
      continue;
    }
    for (const problem of read.problems.slice(0, SHOWN_PROBLEMS)) err(problem);
    if (read.problems.length > SHOWN_PROBLEMS)
      err(`${path}: ${read.problems.length - SHOWN_PROBLEMS} more lines are not run records`);
    for (const torn of read.torn.slice(0, SHOWN_PROBLEMS)) err(`warning: ${torn}`);
    if (read.problems.length > 0) failed = true;
    if (read.records.length === 0 && read.problems.length === 0) err(`${path}: no run records (the file is empty)`);
    for (const record of read.records) records.push(record);
  }
  return failed ? undefined : records;
}

/** Writes one log whole or not at all; what `--json` lists of it, or undefined when it could not be written (named on stderr). */
async function writeLog(
  plan: InspectLogPlan,
  outDir: string,
  err: Output,
): Promise<Record<string, unknown> | undefined> {
  const file = join(outDir, plan.fileName);
  const total = plan.records.length;
  try {
    await writeOutputAtomically(
      file,
      async (write) =>
        writeEvalZip(plan, write, (done) => {
          if (total > PROGRESS_FROM && (done % PROGRESS_EVERY === 0 || done === total))
            err(`${file}: ${done}/${total} samples`);
        }),
      (line) => err(`waypoint export inspect: ${line}`),
    );
  } catch (error) {
    if (!(error instanceof OutputFileError)) throw error;
    err(error.message);
    return undefined;
  }
  if (plan.superseded > 0)
    err(`${file}: ${plan.superseded} earlier records of a question were replaced by later ones, as reports merge them`);
  return {
    file,
    benchmark: plan.benchmark,
    model: plan.model,
    run_id: plan.runId,
    samples: total,
    superseded: plan.superseded,
  };
}
