// `waypoint import grasp <file-or-folder>... --out run.jsonl --grids DIR [--mode M] [--indices A-B]
// [--model-name NAME] [--extraction recommended|every-word] [--json]` (runs.md §3): o1-mini rows,
// Batch API output rows and the greedy/random baseline files, scored against the grids of --grids
// (found by file name) into run records. Folders are searched recursively for `*_output.jsonl` and
// `<x>_results/*.jsonl`. Rows whose grid is missing, and rows that cannot be read at all, become
// records with `error` and the exit code is 1. Rows are scored and written as they are read (importWorkers.ts); --workers N shares them out.
// --out is replaced only when the import got through (atomicOutput.ts).
import { promises as fs } from 'node:fs';
import { join, relative } from 'node:path';
import { extractionRuleLabel } from '../../core/benchmarks/grasp/answers';
import {
  graspImportKindOf,
  type GraspImportKind,
  type GraspImportOptions,
} from '../../core/benchmarks/grasp/importRows';
import {
  graspModeOf,
  isGridFileName,
  parseExtractionOption,
  parseIndicesOption,
} from '../../core/benchmarks/grasp/questionSet';
import { QuestionOptionError } from '../../core/benchmark/registry';
import { walkFiles, type WalkFs } from '../../core/util/walk';
import { newRunId } from '../../core/runs/runId';
import { parseArgs, UsageError } from '../args';
import { OutputFileError, writeOutputAtomically } from '../../host/atomicOutput';
import { scoreImportJobs, type ImportJob, type ScoredShare } from '../runs/importWorkers';
import { nodeQuestionFiles } from '../runs/nodeQuestionFiles';
import { tryReadInputText } from '../input';

type Output = (text: string) => void;

const nodeWalkFs: WalkFs = {
  lstat: fs.lstat,
  stat: fs.stat,
  readdir: (path) => fs.readdir(path),
  realpath: fs.realpath,
};

/** Runs `waypoint import grasp ...`; returns the exit code. Usage errors are thrown as UsageError. */
export async function runImportGrasp(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['out', 'grids', 'mode', 'indices', 'model-name', 'extraction', 'workers']);
  const { outPath, gridsDir, options, workers } = importSettings(args);
  const grids = await readGrids(gridsDir, err);
  if (grids === null) return 1;
  const found = await findResultsFiles(args.positionals, err);
  if (found.jobs.length === 0) {
    err('waypoint import grasp: no results file found in the given paths');
    return 1;
  }
  const jobs = found.jobs;
  // Written as scored, in chunks of a few MB, through a temporary file renamed onto --out only when
  // every row is scored and written: a failed import leaves a previous run file as it was.
  let scored: ScoredShare;
  try {
    scored = await writeOutputAtomically(
      outPath,
      (write) => scoreImportJobs(jobs, grids.texts, options, write, { threads: workers }),
      (line) => err(`waypoint import grasp: ${line}`),
    );
  } catch (error) {
    if (!(error instanceof OutputFileError)) throw error;
    err(error.message);
    return 1;
  }
  reportScored(scored, err);
  printSummary(scored, jobs, options, outPath, args.flags.has('json'), out);
  return grids.failed || found.failed || scored.errorCount > 0 || scored.problems.length > 0 ? 1 : 0;
}

/** The command's options, checked before any file is read (a usage error costs no I/O). */
function importSettings(args: ReturnType<typeof parseArgs>): {
  outPath: string;
  gridsDir: string;
  options: GraspImportOptions;
  workers: number | undefined;
} {
  if (args.positionals.length === 0) throw new UsageError('import grasp needs at least one results file or folder');
  const outPath = args.options.get('out');
  if (!outPath) throw new UsageError('import grasp needs --out <run.jsonl>');
  const gridsDir = args.options.get('grids');
  if (!gridsDir) throw new UsageError('import grasp needs --grids DIR (the grid files the rows are scored against)');
  const modelName = args.options.get('model-name');
  if (modelName === '') throw new UsageError('--model-name must not be empty');
  let options: GraspImportOptions;
  try {
    options = {
      mode: graspModeOf(args.options.get('mode') ?? 'faithful'),
      rule: parseExtractionOption(args.options.get('extraction')),
      indices: parseIndicesOption(args.options.get('indices')),
      ...(modelName ? { modelName } : {}),
      runId: newRunId('import'),
      time: new Date().toISOString(),
    };
  } catch (error) {
    if (error instanceof QuestionOptionError) throw new UsageError(error.message);
    throw error;
  }
  const workersOption = args.options.get('workers');
  if (workersOption !== undefined && !/^\d+$/.test(workersOption))
    throw new UsageError(`--workers must be a non-negative integer, not '${workersOption}'`);
  return { outPath, gridsDir, options, workers: workersOption === undefined ? undefined : Number(workersOption) };
}

/**
 * The grid files of --grids (a folder, or a single grid file): null when there is none to score against;
 * `failed` when some could not be read (the others still score their rows).
 */
async function readGrids(
  gridsDir: string,
  err: Output,
): Promise<{ texts: Array<{ path: string; text: string }>; failed: boolean } | null> {
  const gridNames = await nodeQuestionFiles.list(gridsDir).catch((error: Error) => {
    err(`${gridsDir}: ${error.message}`);
    return undefined;
  });
  if (gridNames === undefined) return null;
  // A single grid file may be named too.
  const gridPaths =
    gridNames === null
      ? [gridsDir]
      : gridNames
          .filter(isGridFileName)
          .sort()
          .map((name) => join(gridsDir, name));
  if (gridPaths.length === 0) {
    err(
      `${gridsDir}: no GRASP grid file (*.grids.jsonl or <inner|outer>_<distribution>_<free|block>.jsonl) in this folder`,
    );
    return null;
  }
  const texts: Array<{ path: string; text: string }> = [];
  let failed = false;
  for (const path of gridPaths) {
    const read = await tryReadInputText(path);
    if (read.ok) texts.push({ path, text: read.value });
    else {
      err(read.message);
      failed = true;
    }
  }
  return { texts, failed };
}

/**
 * The results files under the given paths, read and told apart by kind; `failed` when one was
 * unreadable or not results.
 */
async function findResultsFiles(
  roots: readonly string[],
  err: Output,
): Promise<{ jobs: ImportJob[]; failed: boolean }> {
  const jobs: ImportJob[] = [];
  let failed = false;
  for (const root of roots) {
    for await (const item of walkFiles(root, nodeWalkFs, { join, wanted: (name) => name.endsWith('.jsonl') })) {
      if (item.type === 'problem') {
        err(`${item.path}: ${item.reason}`);
        failed = true;
        continue;
      }
      if (item.type === 'skipped') continue;
      const named = graspImportKindOf(item.path, '');
      // A folder holds grid and request files too: only results files are imported from it.
      if (named === null && item.path !== root) continue;
      const read = await tryReadInputText(item.path);
      if (!read.ok) {
        err(read.message);
        failed = true;
        continue;
      }
      const text = read.value;
      const kind: GraspImportKind | null = named ?? graspImportKindOf(item.path, text);
      if (kind === null) {
        err(
          `${item.path}: not a GRASP results file (o1-mini or Batch API output rows with "custom_id", or baseline rows with "baseline" and "answer")`,
        );
        failed = true;
        continue;
      }
      jobs.push({ path: relative(process.cwd(), item.path) || item.path, kind, text });
    }
  }
  return { jobs, failed };
}

function reportScored(scored: ScoredShare, err: Output): void {
  for (const problem of scored.problems) err(problem);
  // One line per missing grid file or record, not one per row.
  // One line per results file and reason, at its first row, so a user can open the file there.
  for (const rows of scored.errors.values())
    err(
      `${rows.path}:${rows.firstLine + 1}: ${rows.reason}${rows.count === 1 ? '' : ` (${rows.count} rows of this file; the first is here)`}`,
    );
}

function printSummary(
  scored: ScoredShare,
  jobs: readonly ImportJob[],
  options: GraspImportOptions,
  outPath: string,
  json: boolean,
  out: Output,
): void {
  const summary = {
    records: scored.records,
    errors: scored.errorCount,
    skipped: scored.skipped,
    files: jobs.map((job) => ({ path: job.path, kind: job.kind })),
    mode: options.mode,
    extraction: options.rule,
    extraction_rule: extractionRuleLabel(options.rule),
    run_id: options.runId,
    out: outPath,
  };
  if (json) out(JSON.stringify(summary));
  else {
    const skipped = scored.skipped > 0 ? `, ${scored.skipped} outside --indices skipped` : '';
    out(
      `${scored.records} records (${scored.errorCount} with error${skipped}) from ${jobs.length} file${jobs.length === 1 ? '' : 's'} → ${outPath} · mode ${options.mode} · extraction: ${extractionRuleLabel(options.rule)} · run_id ${options.runId}`,
    );
  }
}
