// `waypoint report <run.jsonl>... [--by F,...] [--where F=V,...] [--json|--csv|--markdown|--latex|--html FILE]`
// (runs.md §4). The files are merged (the shards of a run, runs of several models); the report is
// computed in core/runs and printed in the asked format. Records answered from a cut (`truncated`,
// `context_truncated`) are left out of the means unless --include-truncated; every format says
// which. With --html, --grids/--games/--levels name where the grid, game and level files are, for
// the drill-down's replays (core/runs/replays.ts). A line that is not a run record is named on
// stderr and the exit code is 1, after the report of the readable records. A --where that keeps no
// record is named on stderr (with the values its field takes) and there is no report: exit 1.
// Questions without a correct answer at their cutoff are reported in rows of their own, out of the
// headline means, unless --include-unanswerable.
import { promises as fs } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildReport, headlineRows, whereMatchesNothing } from '../../core/runs/report';
import { ReportUsageError } from '../../core/runs/records';
import { reportCsv, reportMarkdown, reportText } from '../../core/runs/format';
import { reportHtml } from '../../core/runs/html';
import { LATEX_PREAMBLE_NOTE, paperTableBy, reportLatex } from '../../core/runs/latex';
import { writeReportPlots } from './reportPlots';
import { buildReplays, ReplayBuilder } from '../../core/runs/replays';
import type { RunRecord } from '../../core/eval/types';
import { describeFsError } from '../../core/util/walk';
import { parseArgs, UsageError } from '../args';
import { nodeQuestionFiles } from './nodeQuestionFiles';
import { readRunFiles } from './runFileReader';
import { pageOfRows, type RowPage } from './reportPage';

type Output = (text: string) => void;

const gzip = (data: Uint8Array) => gzipSync(data);

/** A multi-line rendering through the CLI's writer (control characters from records escaped). */
export const printBlock = (out: Output, text: string) => out(text.replace(/\n$/, ''));

const USAGE =
  'usage: waypoint report <run.jsonl>... [--by FIELD,...] [--where FIELD=VALUE,...] [--include-truncated|--exclude-truncated] [--include-unanswerable] [--json|--csv|--markdown|--latex|--html FILE [--grids DIR] [--games DIR] [--levels DIR]] [--plots DIR]';

/**
 * `--include-truncated` (true) or `--exclude-truncated` (false); neither: undefined, each scoring
 * mode's own treatment (cut records left out, except in modes defined over them: GRASP paper).
 */
export function truncatedOption(flags: ReadonlySet<string>): boolean | undefined {
  if (flags.has('include-truncated') && flags.has('exclude-truncated'))
    throw new UsageError('choose --include-truncated or --exclude-truncated, not both');
  if (flags.has('include-truncated')) return true;
  return flags.has('exclude-truncated') ? false : undefined;
}

/** Runs `waypoint report ...`; returns the exit code. */
export async function runReport(argv: readonly string[], out: Output, err: Output): Promise<number> {
  try {
    return await report(argv, out, err);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ReportUsageError)) throw error;
    err(`waypoint report: ${error.message}`);
    err(USAGE);
    return 2;
  }
}

/** The report's arguments, checked: one output format, the replay folders only with --html. */
function reportArgs(argv: readonly string[]) {
  const args = parseArgs(
    argv,
    ['json', 'csv', 'markdown', 'latex', 'include-truncated', 'exclude-truncated', 'include-unanswerable'],
    ['by', 'where', 'html', 'grids', 'games', 'levels', 'plots'],
  );
  if (args.positionals.length === 0) throw new UsageError('report needs at least one run file');
  const formats = ['json', 'csv', 'markdown', 'latex']
    .filter((name) => args.flags.has(name))
    .concat(args.options.has('html') ? ['html'] : []);
  if (formats.length > 1)
    throw new UsageError(`choose one output format, not ${formats.map((name) => `--${name}`).join(' and ')}`);
  const sourceFlags = ['grids', 'games', 'levels'].filter((name) => args.options.has(name));
  if (sourceFlags.length > 0 && !args.options.has('html'))
    throw new UsageError(`--${sourceFlags[0]} names files for the replays of --html FILE`);
  return { args, sourceFlags };
}

type ReportArgs = ReturnType<typeof reportArgs>['args'];
type ReadRuns = NonNullable<Awaited<ReturnType<typeof readRunFiles>>>;

/**
 * The run files read and reported. For --html the page's rows come from the fast read of records
 * without their text; each row's text is read after (reportPage.ts). Its stderr waits: if a line
 * turns out to be no record when read whole, everything is read whole instead, and only that read speaks.
 */
async function readAndBuild(args: ReportArgs, err: Output) {
  const htmlPath = args.options.get('html');
  const held: string[] = [];
  let read = await readRunFiles(args.positionals, htmlPath === undefined ? err : (line) => held.push(line), {
    offsets: htmlPath !== undefined,
  });
  const reportOf = (set: ReadRuns['set']) =>
    buildReport(set, {
      by: args.options.get('by'),
      where: args.options.get('where'),
      includeTruncated: truncatedOption(args.flags),
      includeUnanswerable: args.flags.has('include-unanswerable'),
    });
  let built = read ? reportOf(read.set) : null;
  let page: RowPage | null = null;
  if (htmlPath !== undefined && read && built) {
    // A file that changed or vanished since the first read: the whole read below says what it finds.
    page = await pageOfRows(built.rows, read.places, replayBuilder(args), gzip).catch(() => null);
    if (!page) {
      held.length = 0;
      read = await readRunFiles(args.positionals, err, { keepText: true });
      built = read ? reportOf(read.set) : null;
    }
  }
  for (const line of held) err(line);
  return read && built ? { read, built, page } : null;
}

const replayBuilder = (args: ReportArgs) =>
  new ReplayBuilder(
    { grids: args.options.get('grids'), games: args.options.get('games'), levels: args.options.get('levels') },
    nodeQuestionFiles,
  );

/** Writes the HTML report; false (said on stderr) when the file cannot be written. */
async function writeHtml(
  htmlPath: string,
  args: ReportArgs,
  { read, built, page }: NonNullable<Awaited<ReturnType<typeof readAndBuild>>>,
  err: Output,
): Promise<boolean> {
  const { json, rows } = built;
  try {
    const replays =
      page?.replays ??
      (await buildReplays(
        rows.map((row) => row.record as RunRecord),
        replayBuilder(args),
      ));
    await fs.writeFile(htmlPath, reportHtml(json, rows, read.set.report, { gzip, replays, texts: page?.texts }));
    return true;
  } catch (error) {
    err(`${htmlPath}: ${describeFsError(error)}`);
    return false;
  }
}

/**
 * `--latex`: the benchmark's paper tables (each a report grouped by the table's fields), or with
 * `--by` (or no declared layout) one table of the report's groups.
 */
function latexOf(args: ReportArgs, set: ReadRuns['set'], json: ReturnType<typeof buildReport>['json']): string {
  const tables = set.report.paperTables ?? [];
  if (args.options.has('by') || tables.length === 0) return `${LATEX_PREAMBLE_NOTE}\n${reportLatex(json)}`;
  const rendered = tables.map((table) => {
    const built = buildReport(set, {
      by: paperTableBy(table),
      where: args.options.get('where'),
      includeTruncated: truncatedOption(args.flags),
      includeUnanswerable: args.flags.has('include-unanswerable'),
    });
    return reportLatex(built.json, table);
  });
  return `${LATEX_PREAMBLE_NOTE}\n${rendered.join('\n')}`;
}

async function report(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const { args, sourceFlags } = reportArgs(argv);
  if (!(await replayFoldersExist(args.options, sourceFlags, err))) return 1;
  const done = await readAndBuild(args, err);
  if (!done) return 1;
  const { json, rows } = done.built;
  // A filter that keeps nothing is almost always a typo: say which condition and what the field
  // takes, and print no report (as for a file without records), rather than empty tables and exit 0.
  const unmatched = rows.length === 0 ? whereMatchesNothing(done.read.set, args.options.get('where')) : [];
  if (unmatched.length > 0) {
    for (const line of unmatched) err(line);
    return 1;
  }
  const plotsDir = args.options.get('plots');
  // The figures are over the headline's rows, as the tables are (unanswerable questions apart unless counted).
  const plotted = headlineRows(rows, args.flags.has('include-unanswerable'));
  if (plotsDir !== undefined && !(await writeReportPlots(plotsDir, done.read.set, plotted, err))) return 1;
  const htmlPath = args.options.get('html');
  if (htmlPath !== undefined) {
    if (!(await writeHtml(htmlPath, args, done, err))) return 1;
    out(`${htmlPath}: ${json.records} records, ${json.groups.length} groups`);
  } else if (args.flags.has('json')) out(JSON.stringify(json));
  else if (args.flags.has('csv')) printBlock(out, reportCsv(json));
  else if (args.flags.has('markdown')) printBlock(out, reportMarkdown(json));
  else if (args.flags.has('latex')) printBlock(out, latexOf(args, done.read.set, json));
  else printBlock(out, reportText(json));
  return done.read.failed ? 1 : 0;
}

/**
 * Whether each folder of --grids, --games, --levels exists (a mistyped one would only show as "not found" notes inside
 * the HTML: said here, before any work).
 */
async function replayFoldersExist(
  options: ReadonlyMap<string, string>,
  sourceFlags: readonly string[],
  err: Output,
): Promise<boolean> {
  for (const name of sourceFlags) {
    const folder = options.get(name) as string;
    const problem = await fs.stat(folder).then(
      (stats) => (stats.isDirectory() ? null : 'not a directory'),
      (error: unknown) => describeFsError(error),
    );
    if (problem) {
      err(`${folder}: ${problem} (--${name} names the folder of the files the replays need)`);
      return false;
    }
  }
  return true;
}
