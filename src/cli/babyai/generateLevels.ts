// `waypoint babyai generate --level L[,L...]|all --seeds A-B --task predict|plan|decompose --out FILE.csv
// [--columns proof|upstream] [--json]`: LLM-BabyBench dataset rows of the exact level port
// (core/benchmarks/babyai/levels): `(level, seed)` is MiniGrid's `reset(seed=seed)`, the row is what
// generate_<task>.py writes, and by default each row also carries the expert's proof columns.
// `all` is the task's upstream list (the 16 Plan levels for plan, the 16 BabyAI levels otherwise).
// Seeds the upstream generator would skip (the expert raised; no red ball for plan) are skipped and
// listed; if every seed is, nothing is written (exit 1). A level named twice is generated once.
// Rows are streamed to a temporary file beside --out (memory stays flat for any range) that becomes
// --out only when every row is written, and never over a file, even one that appeared meanwhile
// (host/atomicOutput.ts). On a file-system error or Ctrl+C the temporary file is removed and
// nothing is written.
import { BABYAI_LEVEL_NAMES, isExactLevel, PLAN_LEVEL_NAMES } from '../../core/benchmarks/babyai/levels/catalog';
import {
  DATASET_TASKS,
  type DatasetTask,
  datasetRow,
  PROOF_COLUMNS,
  RowGenerationError,
  UPSTREAM_COLUMNS,
} from '../../core/benchmarks/babyai/levels/rows';
import { csvLine } from '../../core/util/csv';
import { parseInclusiveRange } from '../../core/util/ranges';
import { AtomicOutput, type InterruptWatch, OutputExistsError, watchInterrupts } from '../../host/atomicOutput';
import { parseArgs, UsageError } from '../args';

type Output = (text: string) => void;

/** A file-system failure (errno code), reported as one `file: message` line rather than an internal error. */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    typeof (error as NodeJS.ErrnoException).syscall === 'string'
  );
}

/** Lets signals in between rows: a row is milliseconds of synchronous work, and Ctrl+C is handled only when the event loop turns. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The checked flags of the `--level` form. */
interface ExactGenerateOptions {
  readonly task: DatasetTask;
  readonly file: string;
  /** Distinct, in the order first named. */
  readonly levels: readonly string[];
  readonly from: number;
  readonly to: number;
  readonly withProof: boolean;
  readonly json: boolean;
}

/** What the rows came to: the summary line and `--json` report it. */
interface RowTally {
  rows: number;
  solved: number;
  difficulty: Record<string, number>;
  skipped: Array<{ level: string; seed: number; reason: string }>;
}

/** Runs the `--level` form of `waypoint babyai generate`; returns the exit code. */
export async function runExactGenerate(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const options = parseExactGenerateArgs(argv);
  const { file } = options;
  let output: AtomicOutput;
  try {
    // Before any work: a folder that cannot be made, or a file already there, fails now, not after the run.
    output = await AtomicOutput.open(file);
  } catch (error) {
    if (error instanceof OutputExistsError) err(`${file}: exists (generate does not overwrite a file)`);
    else if (isFileSystemError(error)) err(`${file}: ${error.message}`);
    else throw error;
    return 1;
  }
  const interrupts = watchInterrupts(output, (signal) =>
    err(`babyai generate: ${signal} again: stopped; nothing was written to ${file}`),
  );
  try {
    const tally = await writeRows(output, options, interrupts, err);
    if (tally === 'interrupted') return interrupts.exitCode;
    if (tally.rows === 0) {
      // generate_<task>.py raises "No records generated!" here; nothing is written.
      await output.abort();
      err(`babyai generate: no rows: every seed was skipped (${tally.skipped[0]?.reason ?? 'no seeds'})`);
      return 1;
    }
    await output.commit();
    // Waypoint reads record files by name (core/benchmarks/babyai/declaration.ts), as upstream names them.
    if (!/(?:^|[\\/])llm[-_]babybench[^\\/]*\.csv$/i.test(file))
      err(
        `note: name the file LLM_BABYBENCH_<Task>.csv for 'waypoint validate' and the editor to read it as LLM-BabyBench records`,
      );
    out(generatedReport(options, tally));
    return 0;
  } catch (error) {
    await output.abort();
    if (error instanceof OutputExistsError) {
      err(
        `${file}: exists: it appeared while generate ran, and generate does not overwrite a file; nothing was written`,
      );
      return 1;
    }
    if (isFileSystemError(error)) {
      err(`${file}: ${error.message}; nothing was written`);
      return 1;
    }
    throw error;
  } finally {
    interrupts.dispose();
  }
}

/** The flags, checked in the order the usage errors have always been raised. */
function parseExactGenerateArgs(argv: readonly string[]): ExactGenerateOptions {
  const args = parseArgs(argv, ['json'], ['level', 'seeds', 'task', 'out', 'columns']);
  if (args.positionals.length > 0)
    throw new UsageError(`babyai generate takes no positional arguments, got '${args.positionals[0]}'`);
  const task = args.options.get('task');
  if (!(DATASET_TASKS as readonly string[]).includes(task ?? ''))
    throw new UsageError(`--task must be predict, plan or decompose, not '${task ?? ''}'`);
  const datasetTask = task as DatasetTask;
  const file = args.options.get('out');
  if (file === undefined || file === '') throw new UsageError('--out FILE.csv is required');
  const seedsText = args.options.get('seeds');
  if (seedsText === undefined) throw new UsageError('babyai generate --level needs --seeds A-B');
  const { from, to } = parseInclusiveRange(seedsText, '--seeds', (message) => new UsageError(message));
  const columns = args.options.get('columns') ?? 'proof';
  if (columns !== 'proof' && columns !== 'upstream')
    throw new UsageError(`--columns must be proof or upstream, not '${columns}'`);
  const levelText = args.options.get('level') ?? '';
  // A level named twice would repeat its (level, seed) rows: keep the first mention.
  const levels = [
    ...new Set(
      levelText === 'all'
        ? datasetTask === 'plan'
          ? PLAN_LEVEL_NAMES
          : BABYAI_LEVEL_NAMES
        : levelText.split(',').map((name) => name.trim()),
    ),
  ];
  for (const level of levels) {
    if (!isExactLevel(level))
      throw new UsageError(
        `unknown level '${level}'; supported: all, ${[...BABYAI_LEVEL_NAMES, ...PLAN_LEVEL_NAMES].join(', ')}`,
      );
  }
  return { task: datasetTask, file, levels, from, to, withProof: columns === 'proof', json: args.flags.has('json') };
}

/**
 * Writes the header and one row per (level, seed), reporting progress on stderr every 2 s. A first
 * Ctrl+C aborts the output and gives 'interrupted'.
 */
async function writeRows(
  output: AtomicOutput,
  options: ExactGenerateOptions,
  interrupts: InterruptWatch,
  err: Output,
): Promise<RowTally | 'interrupted'> {
  const { task, file, levels, from, to, withProof } = options;
  await output.write(
    `${csvLine(withProof ? [...UPSTREAM_COLUMNS[task], ...PROOF_COLUMNS[task]] : UPSTREAM_COLUMNS[task])}\n`,
  );
  const tally: RowTally = { rows: 0, solved: 0, difficulty: {}, skipped: [] };
  const total = levels.length * (to - from + 1);
  let done = 0;
  let lastReport = Date.now();
  const started = lastReport;
  let lastTurn = lastReport;
  for (const level of levels) {
    for (let seed = from; seed <= to; seed++) {
      try {
        const row = datasetRow(task, level, seed);
        await output.write(`${csvLine(withProof ? [...row.upstream, ...row.proof] : row.upstream)}\n`);
        tally.rows++;
        if (row.solved) tally.solved++;
        tally.difficulty[row.proof[2]] = (tally.difficulty[row.proof[2]] ?? 0) + 1;
      } catch (error) {
        if (!(error instanceof RowGenerationError)) throw error;
        tally.skipped.push({ level, seed, reason: error.message });
        err(`babyai generate: skipped ${error.message} (upstream's generator skips this seed too)`);
      }
      done++;
      const now = Date.now();
      if (now - lastTurn >= 20) {
        lastTurn = now;
        await nextTurn();
      }
      if (interrupts.signal) {
        await output.abort();
        err(
          `babyai generate: ${interrupts.signal} after ${done}/${total} rows: stopped; nothing was written to ${file}`,
        );
        return 'interrupted';
      }
      if (now - lastReport >= 2000) {
        lastReport = now;
        err(`babyai generate: ${done}/${total} rows (${level} seed ${seed}), ${((now - started) / 1000).toFixed(0)} s`);
      }
    }
  }
  return tally;
}

/** The line on stdout: the `--json` object, or one sentence. */
function generatedReport(options: ExactGenerateOptions, tally: RowTally): string {
  const { file, task, levels, from, to } = options;
  const { rows, solved, difficulty, skipped } = tally;
  if (options.json) return JSON.stringify({ file, task, levels, seeds: [from, to], rows, solved, difficulty, skipped });
  const counts = Object.entries(difficulty)
    .map(([label, n]) => `${n} ${label}`)
    .join(', ');
  return `${file}: ${rows} ${task} rows (${levels.length} level${levels.length === 1 ? '' : 's'} × seeds ${from}-${to}), the expert solved ${solved}${counts ? `; ${counts}` : ''}${skipped.length ? `; ${skipped.length} skipped` : ''}`;
}
