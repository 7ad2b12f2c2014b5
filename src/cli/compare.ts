// `waypoint compare <runA.jsonl> <runB.jsonl> [--json|--markdown] [--where F=V,...] [--model-a NAME]
// [--model-b NAME]` (runs.md §5).
// Each side may be several files joined by commas (the shards of one run); the two sides are
// paired by question in core/runs/compare.
import { compareRuns } from '../core/runs/compare';
import { compareMarkdown, compareText } from '../core/runs/format';
import { ReportUsageError } from '../core/runs/records';
import { parseArgs, UsageError } from './args';
import { printBlock } from './report';
import { readRunFiles } from './runFileReader';

type Output = (text: string) => void;

const USAGE = 'usage: waypoint compare <runA.jsonl>[,shard...] <runB.jsonl>[,shard...] [--model-a NAME] [--model-b NAME] [--where FIELD=VALUE,...] [--json|--markdown]';

/** Runs `waypoint compare ...`; returns the exit code. */
export async function runCompare(argv: readonly string[], out: Output, err: Output): Promise<number> {
  try {
    const args = parseArgs(argv, ['json', 'markdown'], ['where', 'model-a', 'model-b']);
    if (args.positionals.length !== 2) throw new UsageError(`compare needs exactly two runs, got ${args.positionals.length}`);
    if (args.flags.has('json') && args.flags.has('markdown')) throw new UsageError('choose one output format, not --json and --markdown');
    const [a, b] = await Promise.all(args.positionals.map((side) => readRunFiles(side.split(','), err)));
    if (!a || !b) return 1;
    const json = compareRuns(a.set, b.set, { where: args.options.get('where'), modelA: args.options.get('model-a'), modelB: args.options.get('model-b') });
    if (args.flags.has('json')) out(JSON.stringify(json));
    else printBlock(out, args.flags.has('markdown') ? compareMarkdown(json) : compareText(json));
    return a.failed || b.failed ? 1 : 0;
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ReportUsageError)) throw error;
    err(`waypoint compare: ${error.message}`);
    err(USAGE);
    return 2;
  }
}
