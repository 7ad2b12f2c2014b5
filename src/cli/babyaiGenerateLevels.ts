// `waypoint babyai generate --level L[,L...]|all --seeds A-B --task predict|plan|decompose --out FILE.csv
// [--columns proof|upstream] [--json]`: LLM-BabyBench dataset rows of the exact level port
// (core/babyai/levels): `(level, seed)` is MiniGrid's `reset(seed=seed)`, the row is what
// generate_<task>.py writes, and by default each row also carries the expert's proof columns.
// `all` is the task's upstream list (the 16 Plan levels for plan, the 16 BabyAI levels otherwise).
// Seeds the upstream generator would skip (the expert raised; no red ball for plan) are skipped and
// listed; if every seed is, nothing is written (exit 1). The file is written once, at the end
// (its folder made if missing), and never over an existing one.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BABYAI_LEVEL_NAMES, isExactLevel, PLAN_LEVEL_NAMES } from '../core/babyai/levels/catalog';
import { csvLine, DATASET_TASKS, type DatasetTask, datasetRow, PROOF_COLUMNS, RowGenerationError, UPSTREAM_COLUMNS } from '../core/babyai/levels/rows';
import { parseArgs, UsageError } from './args';

type Output = (text: string) => void;

function seedRange(text: string | undefined): [number, number] {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text ?? '');
  if (!match) throw new UsageError(`--seeds must be A-B or N (non-negative integers), not '${text ?? ''}'`);
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) throw new UsageError('--seeds values are too large');
  if (to < from) throw new UsageError(`--seeds ${text}: the range is empty (${to} < ${from})`);
  return [from, to];
}

/** Runs the `--level` form of `waypoint babyai generate`; returns the exit code. */
export function runExactGenerate(argv: readonly string[], out: Output, err: Output): number {
  const args = parseArgs(argv, ['json'], ['level', 'seeds', 'task', 'out', 'columns']);
  if (args.positionals.length > 0) throw new UsageError(`babyai generate takes no positional arguments, got '${args.positionals[0]}'`);
  const task = args.options.get('task');
  if (!(DATASET_TASKS as readonly string[]).includes(task ?? '')) throw new UsageError(`--task must be predict, plan or decompose, not '${task ?? ''}'`);
  const datasetTask = task as DatasetTask;
  const file = args.options.get('out');
  if (file === undefined || file === '') throw new UsageError('--out FILE.csv is required');
  if (!args.options.has('seeds')) throw new UsageError('babyai generate --level needs --seeds A-B');
  const [from, to] = seedRange(args.options.get('seeds'));
  const columns = args.options.get('columns') ?? 'proof';
  if (columns !== 'proof' && columns !== 'upstream') throw new UsageError(`--columns must be proof or upstream, not '${columns}'`);
  const levelText = args.options.get('level') ?? '';
  const levels = levelText === 'all' ? (datasetTask === 'plan' ? PLAN_LEVEL_NAMES : BABYAI_LEVEL_NAMES) : levelText.split(',').map((name) => name.trim());
  for (const level of levels) {
    if (!isExactLevel(level)) throw new UsageError(`unknown level '${level}'; supported: all, ${[...BABYAI_LEVEL_NAMES, ...PLAN_LEVEL_NAMES].join(', ')}`);
  }
  if (existsSync(file)) {
    err(`${file}: exists (generate does not overwrite a file)`);
    return 1;
  }
  const withProof = columns === 'proof';
  const lines = [csvLine(withProof ? [...UPSTREAM_COLUMNS[datasetTask], ...PROOF_COLUMNS[datasetTask]] : UPSTREAM_COLUMNS[datasetTask])];
  const skipped: Array<{ level: string; seed: number; reason: string }> = [];
  const difficulty: Record<string, number> = {};
  let solved = 0;
  const total = levels.length * (to - from + 1);
  let done = 0;
  let lastReport = Date.now();
  const started = lastReport;
  for (const level of levels) {
    for (let seed = from; seed <= to; seed++) {
      try {
        const row = datasetRow(datasetTask, level, seed);
        lines.push(csvLine(withProof ? [...row.upstream, ...row.proof] : row.upstream));
        if (row.solved) solved++;
        difficulty[row.proof[2]] = (difficulty[row.proof[2]] ?? 0) + 1;
      } catch (error) {
        if (!(error instanceof RowGenerationError)) throw error;
        skipped.push({ level, seed, reason: error.message });
        err(`babyai generate: skipped ${error.message} (upstream's generator skips this seed too)`);
      }
      done++;
      if (Date.now() - lastReport >= 2000) {
        lastReport = Date.now();
        err(`babyai generate: ${done}/${total} rows (${level} seed ${seed}), ${((lastReport - started) / 1000).toFixed(0)} s`);
      }
    }
  }
  const rows = lines.length - 1;
  if (rows === 0) {
    // generate_<task>.py raises "No records generated!" here; nothing is written.
    err(`babyai generate: no rows: every seed was skipped (${skipped[0]?.reason ?? 'no seeds'})`);
    return 1;
  }
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  // Waypoint reads record files by name (core/babyai/declaration.ts), as upstream names them.
  if (!/(?:^|[\\/])llm[-_]babybench[^\\/]*\.csv$/i.test(file)) err(`note: name the file LLM_BABYBENCH_<Task>.csv for 'waypoint validate' and the editor to read it as LLM-BabyBench records`);
  if (args.flags.has('json')) out(JSON.stringify({ file, task: datasetTask, levels, seeds: [from, to], rows, solved, difficulty, skipped }));
  else {
    const tally = Object.entries(difficulty).map(([label, n]) => `${n} ${label}`).join(', ');
    out(`${file}: ${rows} ${datasetTask} rows (${levels.length} level${levels.length === 1 ? '' : 's'} × seeds ${from}-${to}), the expert solved ${solved}${tally ? `; ${tally}` : ''}${skipped.length ? `; ${skipped.length} skipped` : ''}`);
  }
  return 0;
}
