// `waypoint compare <runA.jsonl> <runB.jsonl> [--json|--markdown] [--where F=V,...] [--model-a NAME]
// [--model-b NAME]` (runs.md §5).
// Each side may be several files joined by commas (the shards of one run); the two sides are
// paired by question in core/runs/compare, which drops pairs with an error or (unless
// --include-truncated) an answer from a cut, as the report's means do, and says how many.
import * as z from 'zod/mini';
import { compareRuns } from '../../core/runs/compare';
import { compareMarkdown, compareText } from '../../core/runs/format';
import { labelFlips } from '../../core/runs/questionLabels';
import { ReportUsageError } from '../../core/runs/records';
import { answerableSet, reportRows, whereMatchesNothing } from '../../core/runs/report';
import { parseArgs, UsageError } from '../args';
import { printBlock, truncatedOption } from './report';
import { readRunFiles } from './runFileReader';
import { readInputJson } from '../input';

type Output = (text: string) => void;

const USAGE =
  'usage: waypoint compare <runA.jsonl>[,shard...] <runB.jsonl>[,shard...] [--model-a NAME] [--model-b NAME] [--where FIELD=VALUE,...] [--pairs GAME.reskin.json] [--include-truncated|--exclude-truncated] [--include-unanswerable] [--json|--markdown]';

/** `--pairs FILE`: a re-skin's `<game>.reskin.json` ({"sample_ids": {B id: A id}}); null (said on stderr) when unreadable. */
async function readPairs(path: string, err: Output): Promise<Map<string, string> | null> {
  const read = await readInputJson(path, z.unknown());
  if (!read.ok) {
    err(read.message);
    return null;
  }
  const parsed = read.value;
  const ids = (parsed as { sample_ids?: unknown } | null)?.sample_ids;
  if (typeof ids !== 'object' || ids === null || Object.values(ids).some((value) => typeof value !== 'string')) {
    err(
      `${path}: not a pairing file (expected {"sample_ids": {"<run B id>": "<run A id>", ...}}, as mango reskin writes)`,
    );
    return null;
  }
  return new Map(Object.entries(ids as Record<string, string>));
}

/** Runs `waypoint compare ...`; returns the exit code. */
export async function runCompare(argv: readonly string[], out: Output, err: Output): Promise<number> {
  try {
    const args = parseArgs(
      argv,
      ['json', 'markdown', 'include-truncated', 'exclude-truncated', 'include-unanswerable'],
      ['where', 'model-a', 'model-b', 'pairs'],
    );
    if (args.positionals.length !== 2)
      throw new UsageError(`compare needs exactly two runs, got ${args.positionals.length}`);
    if (args.flags.has('json') && args.flags.has('markdown'))
      throw new UsageError('choose one output format, not --json and --markdown');
    const [a, b] = await Promise.all(args.positionals.map((side) => readRunFiles(side.split(','), err)));
    if (!a || !b) return 1;
    const pairsFile = args.options.get('pairs');
    const pairsB = pairsFile === undefined ? undefined : await readPairs(pairsFile, err);
    if (pairsB === null) return 1;
    // A --where that keeps no record of a run is almost always a typo (runs.md: never empty tables and exit 0).
    const unmatched = [a, b].flatMap((side, index) =>
      whereMatchesNothing(side.set, args.options.get('where')).map(
        (line) => `run ${'AB'[index]} (${args.positionals[index]}): ${line}`,
      ),
    );
    if (unmatched.length > 0) {
      for (const line of unmatched) err(line);
      return 1;
    }
    // Questions without a correct answer at their cutoff are out of the pairs, as out of report's headline.
    const unanswerable = args.flags.has('include-unanswerable');
    const compared = compareRuns(answerableSet(a.set, unanswerable), answerableSet(b.set, unanswerable), {
      where: args.options.get('where'),
      modelA: args.options.get('model-a'),
      modelB: args.options.get('model-b'),
      pairsB,
      includeTruncated: truncatedOption(args.flags),
    });
    // Flips name their question as run A words it (a re-skin's B questions are A's under new names).
    const json = labelFlips(compared, reportRows(a.set));
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
