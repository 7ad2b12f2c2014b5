// `waypoint export eee|nemo <run.jsonl>... --out DIR [--json]`: run files as Every Eval Ever
// records (core/runs/eeeExport.ts) or NeMo Evaluator results.jsonl files (core/runs/nemoExport.ts).
// As `export inspect`: a line of a run file that is not a record fails the export before anything
// is written, and each file is written whole or not at all under its lock (host/atomicOutput.ts).
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { planEeeRecords } from '../../core/runs/eeeExport';
import { planNemoResults } from '../../core/runs/nemoExport';
import { describeFsError } from '../../core/util/walk';
import { OutputFileError, writeOutputAtomically } from '../../host/atomicOutput';
import { parseArgs, UsageError } from '../args';
import { readAllRecords, waypointVersion } from './exportInspect';

type Output = (text: string) => void;

interface PlannedFile {
  path: string;
  text: string;
}

interface Planned {
  files: PlannedFile[];
  /** What `--json` lists of the output, and the line printed without it. */
  summary: Record<string, unknown>;
  line: string;
  warning?: string;
}

type Planner = (records: Parameters<typeof planEeeRecords>[0], files: readonly string[]) => Planned[];

const planEee: Planner = (records, files) =>
  planEeeRecords(records, { version: waypointVersion(), files }).map((plan) => ({
    files: [
      { path: plan.samplesPath, text: plan.samples },
      { path: plan.aggregatePath, text: `${JSON.stringify(plan.aggregate, null, 2)}\n` },
    ],
    summary: {
      aggregate: plan.aggregatePath,
      samples: plan.samplesPath,
      benchmark: plan.benchmark,
      model: plan.model,
      records: plan.records,
      superseded: plan.superseded,
    },
    line: `${plan.aggregatePath}: ${plan.records} samples (${plan.benchmark}, ${plan.model})`,
  }));

const planNemo: Planner = (records) =>
  planNemoResults(records).map((plan) => ({
    files: [{ path: plan.fileName, text: plan.lines.map((line) => `${JSON.stringify(line)}\n`).join('') }],
    summary: {
      file: plan.fileName,
      benchmark: plan.benchmark,
      model: plan.model,
      run_id: plan.runId,
      mode: plan.mode,
      metric: plan.metric,
      problems: plan.lines.length,
      left_out: plan.leftOut,
      superseded: plan.superseded,
    },
    line: `${plan.fileName}: ${plan.lines.length} problems, reward = ${plan.metric ?? 'none'} (${plan.benchmark}, ${plan.model})`,
    warning:
      plan.leftOut > 0
        ? `${plan.fileName}: ${plan.leftOut} records left out, as the report's headline means leave them out (no correct answer, cut at the token limit, or the metric does not apply)`
        : undefined,
  }));

const FORMATS: Record<string, { planner: Planner; what: string }> = {
  eee: { planner: planEee, what: 'Every Eval Ever records' },
  nemo: { planner: planNemo, what: 'NeMo Evaluator results.jsonl files' },
};

/** `waypoint export eee|nemo`; returns the exit code. */
export async function exportRecords(
  format: 'eee' | 'nemo',
  argv: readonly string[],
  out: Output,
  err: Output,
): Promise<number> {
  const args = parseArgs(argv, ['json'], ['out']);
  if (args.positionals.length === 0) throw new UsageError(`export ${format} needs run files (run.jsonl)`);
  const outDir = args.options.get('out');
  if (!outDir) throw new UsageError(`export ${format} needs --out DIR (the folder the ${FORMATS[format].what} go to)`);
  const records = await readAllRecords(args.positionals, err);
  if (!records) {
    err(`waypoint export ${format}: nothing written: fix or remove the lines above (an export must hold every answer)`);
    return 1;
  }
  if (records.length === 0) return 1;
  const planned = FORMATS[format].planner(records, args.positionals);
  const encoder = new TextEncoder();
  for (const plan of planned)
    for (const file of plan.files) {
      const path = join(outDir, file.path);
      try {
        await fs.mkdir(dirname(path), { recursive: true });
        await writeOutputAtomically(
          path,
          async (write) => write(encoder.encode(file.text)),
          (line) => err(`waypoint export ${format}: ${line}`),
        );
      } catch (error) {
        if (error instanceof OutputFileError) err(error.message);
        else if ((error as NodeJS.ErrnoException).code) err(`${path}: ${describeFsError(error)}`);
        else throw error;
        return 1;
      }
    }
  for (const plan of planned) if (plan.warning) err(plan.warning);
  if (args.flags.has('json')) out(JSON.stringify({ out: outDir, exports: planned.map((plan) => plan.summary) }));
  else for (const plan of planned) out(join(outDir, plan.line));
  return 0;
}
