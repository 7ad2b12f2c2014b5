// `waypoint gate <run.jsonl>... [--baseline <run.jsonl>...] --policy gate.json [--json]`
// (runs.md §9): run files checked against a release policy for CI. The files may hold several
// benchmarks (one per file); each is merged with the other files of its benchmark, as `report`
// merges shards. The verdict is Markdown a CI job can post (JSON with --json). Exit 0 pass, 1 fail
// (or a run file that cannot be read), 2 usage (a policy that is not one, located file:line:col).
import { evaluateGate } from '../../core/runs/gate';
import { gateMarkdown } from '../../core/runs/gateFormat';
import { type GatePolicy, parseGatePolicy } from '../../core/runs/gatePolicy';
import { mergeRunFiles, type RecordSet } from '../../core/runs/records';
import { parseArgs, UsageError } from '../args';
import { tryReadInputText } from '../input';
import { printBlock } from './report';
import { readRunFiles } from './runFileReader';

type Output = (text: string) => void;

const USAGE =
  'usage: waypoint gate <run.jsonl>... [--baseline <run.jsonl>...] --policy gate.json [--json]   policy: {"<benchmark>": {"<metric>": {"min": 0.5, "max": 0.1, "max_drop": 0.02}}}';

/** `--baseline` takes every file after it up to the next option (and commas within one): the runs are the other positionals. */
function splitBaselines(argv: readonly string[]): { rest: string[]; baselines: string[] | null } {
  const rest: string[] = [];
  let baselines: string[] | null = null;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument !== '--baseline' && !argument.startsWith('--baseline=')) {
      rest.push(argument);
      continue;
    }
    baselines ??= [];
    if (argument.startsWith('--baseline=')) baselines.push(...argument.slice('--baseline='.length).split(','));
    while (index + 1 < argv.length && !argv[index + 1].startsWith('--')) baselines.push(...argv[++index].split(','));
  }
  const named = baselines?.filter((file) => file !== '') ?? null;
  if (named !== null && named.length === 0) throw new UsageError('--baseline needs at least one run file');
  return { rest, baselines: named };
}

/** The policy file, or a usage error located in it. */
async function readPolicy(path: string): Promise<GatePolicy> {
  const read = await tryReadInputText(path);
  if (!read.ok) throw new UsageError(`${read.message} (--policy names the gate's JSON policy file)`);
  const parsed = parseGatePolicy(read.value, path);
  if (!parsed.ok) throw new UsageError(parsed.problem);
  return parsed.policy;
}

/** Each file's records, merged per benchmark; null when a file could not be read (said on stderr). */
async function readByBenchmark(paths: readonly string[], err: Output): Promise<Map<string, RecordSet> | null> {
  const files = new Map<string, Array<{ file: string; records: RecordSet['records'] }>>();
  let failed = false;
  for (const path of paths) {
    const read = await readRunFiles([path], err);
    if (!read || read.failed) failed = true;
    if (!read) continue;
    const list = files.get(read.set.benchmark) ?? [];
    list.push({ file: path, records: read.set.records });
    files.set(read.set.benchmark, list);
  }
  if (failed) return null;
  return new Map([...files].map(([benchmark, list]) => [benchmark, mergeRunFiles(list)]));
}

/** Runs `waypoint gate ...`; returns the exit code. */
export async function runGate(argv: readonly string[], out: Output, err: Output): Promise<number> {
  try {
    const { rest, baselines } = splitBaselines(argv);
    const args = parseArgs(rest, ['json'], ['policy']);
    if (args.positionals.length === 0) throw new UsageError('gate needs at least one run file');
    const policyPath = args.options.get('policy');
    if (policyPath === undefined) throw new UsageError('gate needs --policy gate.json');
    const policy = await readPolicy(policyPath);
    const runs = await readByBenchmark(args.positionals, err);
    const baselineRuns = baselines === null ? null : await readByBenchmark(baselines, err);
    // A gate on a file it cannot read must not pass: say which file, and fail.
    if (!runs || (baselines !== null && !baselineRuns)) {
      err('waypoint gate: FAIL: a run file could not be read (see above)');
      return 1;
    }
    const json = evaluateGate(policy, runs, baselineRuns);
    if (args.flags.has('json')) out(JSON.stringify(json));
    else printBlock(out, gateMarkdown(json));
    return json.verdict === 'pass' ? 0 : 1;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`waypoint gate: ${error.message}`);
    err(USAGE);
    return 2;
  }
}
