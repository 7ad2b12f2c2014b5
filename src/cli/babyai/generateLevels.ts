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
import { AtomicOutput, OutputExistsError, watchInterrupts } from '../../host/atomicOutput';
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

/** Runs the `--level` form of `waypoint babyai generate`; returns the exit code. */
export async function runExactGenerate(argv: readonly string[], out: Output, err: Output): Promise<number> {
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
    const withProof = columns === 'proof';
    await output.write(
      `${csvLine(withProof ? [...UPSTREAM_COLUMNS[datasetTask], ...PROOF_COLUMNS[datasetTask]] : UPSTREAM_COLUMNS[datasetTask])}\n`,
    );
    const skipped: Array<{ level: string; seed: number; reason: string }> = [];
    const difficulty: Record<string, number> = {};
    let rows = 0;
    let solved = 0;
    const total = levels.length * (to - from + 1);
    let done = 0;
    let lastReport = Date.now();
    const started = lastReport;
    let lastTurn = lastReport;
    for (const level of levels) {
      for (let seed = from; seed <= to; seed++) {
        try {
          const row = datasetRow(datasetTask, level, seed);
          await output.write(`${csvLine(withProof ? [...row.upstream, ...row.proof] : row.upstream)}\n`);
          rows++;
          if (row.solved) solved++;
          difficulty[row.proof[2]] = (difficulty[row.proof[2]] ?? 0) + 1;
        } catch (error) {
          if (!(error instanceof RowGenerationError)) throw error;
          skipped.push({ level, seed, reason: error.message });
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
          return interrupts.exitCode;
        }
        if (now - lastReport >= 2000) {
          lastReport = now;
          err(
            `babyai generate: ${done}/${total} rows (${level} seed ${seed}), ${((now - started) / 1000).toFixed(0)} s`,
          );
        }
      }
    }
    if (rows === 0) {
      // generate_<task>.py raises "No records generated!" here; nothing is written.
      await output.abort();
      err(`babyai generate: no rows: every seed was skipped (${skipped[0]?.reason ?? 'no seeds'})`);
      return 1;
    }
    await output.commit();
    // Waypoint reads record files by name (core/benchmarks/babyai/declaration.ts), as upstream names them.
    if (!/(?:^|[\\/])llm[-_]babybench[^\\/]*\.csv$/i.test(file))
      err(
        `note: name the file LLM_BABYBENCH_<Task>.csv for 'waypoint validate' and the editor to read it as LLM-BabyBench records`,
      );
    if (args.flags.has('json'))
      out(JSON.stringify({ file, task: datasetTask, levels, seeds: [from, to], rows, solved, difficulty, skipped }));
    else {
      const tally = Object.entries(difficulty)
        .map(([label, n]) => `${n} ${label}`)
        .join(', ');
      out(
        `${file}: ${rows} ${datasetTask} rows (${levels.length} level${levels.length === 1 ? '' : 's'} × seeds ${from}-${to}), the expert solved ${solved}${tally ? `; ${tally}` : ''}${skipped.length ? `; ${skipped.length} skipped` : ''}`,
      );
    }
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
