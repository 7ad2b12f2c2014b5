// Text renderings of reports and comparisons: CSV (one row per group, one column per number), a
// Markdown table in the papers' style (mean with its interval per metric), and the aligned table the
// CLI prints by default. Values from records (model names, game names) are escaped for each format.
import type { CompareJson } from './compare';
import type { KeyValue, ReportGroup, ReportJson } from './report';
import { spreadsheetLine } from '../util/csv';
import { betterOf, SIGNIFICANCE } from './better';
import { formatUsd } from './recordCost';
import { formatMeanInterval, formatMetricValue, plainNumber } from './numbers';
import { failureTables } from './failureTables';

/** The metrics that occur in any group, in the order the groups list them. */
export function metricColumns(groups: readonly ReportGroup[]): string[] {
  const names: string[] = [];
  for (const group of groups)
    for (const name of Object.keys(group.metrics)) if (!names.includes(name)) names.push(name);
  return names;
}

const keyText = (value: KeyValue | undefined) => (value === null || value === undefined ? '—' : String(value));

/** A number as the tables show it (numbers.ts): fixed decimals, half to even; `—` for none. */
export const formatNumber = formatMetricValue;

/** A metric's mean and interval in one cell, the same digits every rendering shows. */
export function metricCell(group: ReportGroup, name: string): string {
  const metric = group.metrics[name];
  if (!metric) return '';
  return formatMeanInterval(metric.mean, metric.ci95);
}

/**
 * Header and cells of the report table (shared by Markdown and the terminal). `errors` (failed
 * model calls: no answer, never a parse error) always has its column; `truncated` (replies cut at
 * the token limit) has one when some record is.
 */
function reportTable(
  json: ReportJson,
  groups: readonly ReportGroup[] = json.groups,
): { header: string[]; rows: string[][] } {
  const metrics = metricColumns(groups);
  const cuts = cutColumns(groups);
  const cost = hasCostColumn(groups);
  const header = [...json.by, 'n', 'valid', 'errors', ...cuts, ...metrics, ...(cost ? ['cost'] : [])];
  const rows = groups.map((group) => [
    ...json.by.map((name) => keyText(group.key[name])),
    String(group.n),
    String(group.valid),
    String(group.errors),
    ...cuts.map((name) => String(group[name] ?? 0)),
    ...metrics.map((name) => metricCell(group, name)),
    ...(cost ? [costCell(group)] : []),
  ]);
  return { header, rows };
}

/**
 * Whether the tables show a cost column (last, so the columns before keep their places): when some
 * group cost something or its cost is unknown; runs of built-in agents alone cost nothing to show.
 */
export function hasCostColumn(groups: readonly ReportGroup[]): boolean {
  return groups.some((group) => group.cost_usd !== 0 && group.cost_usd !== undefined);
}

/** A group's cost: its dollars, or `unknown` with how many records' costs nobody knows (never a 0 that hides them). */
export function costCell(group: ReportGroup): string {
  return group.cost_usd === null ? `unknown (${group.cost_unknown} of ${group.n})` : formatUsd(group.cost_usd);
}

/** The columns of cut records some group has: replies cut at the token limit, prompts the server cut. */
export function cutColumns(groups: readonly ReportGroup[]): Array<'truncated' | 'context_truncated'> {
  return (['truncated', 'context_truncated'] as const).filter((name) => groups.some((group) => (group[name] ?? 0) > 0));
}

/**
 * One line per group: the key fields, counts, and per metric mean, interval bounds and n; then the
 * cut records and how the means treated them (last, so the columns before keep their places).
 */
export function reportCsv(json: ReportJson): string {
  const metrics = metricColumns(json.groups);
  const header = [
    ...json.by,
    'n',
    'valid',
    'errors',
    ...metrics.flatMap((name) => [`${name}_mean`, `${name}_ci95_low`, `${name}_ci95_high`, `${name}_n`]),
    'truncated',
    'context_truncated',
    'truncated_treatment',
    'cost_usd',
    'cost_unknown',
    'questions',
  ];
  const lines = [spreadsheetLine(header)];
  // The last column says which rows the headline means are over: `answerable` (or `all` with
  // --include-unanswerable), or `unanswerable`, the questions reported apart.
  const headline = json.unanswerable_treatment === 'included' ? 'all' : 'answerable';
  const tagged = [
    ...json.groups.map((group) => [group, headline] as const),
    ...(json.unanswerable_groups ?? []).map((group) => [group, 'unanswerable'] as const),
  ];
  for (const [group, questions] of tagged) {
    const numbers = metrics.flatMap((name) => {
      const metric = group.metrics[name];
      if (!metric) return ['', '', '', ''];
      // Full precision for spreadsheets, without binary noise (-3.4, not -3.3999999999999995).
      return [plainNumber(metric.mean), plainNumber(metric.ci95?.[0]), plainNumber(metric.ci95?.[1]), String(metric.n)];
    });
    const key = json.by.map((name) => (group.key[name] === null ? '' : String(group.key[name])));
    // An unknown cost is an empty cell, never 0; cost_unknown says how many records made it so.
    const cost = [
      group.cost_usd === null || group.cost_usd === undefined ? '' : plainNumber(group.cost_usd),
      String(group.cost_unknown ?? 0),
    ];
    lines.push(
      spreadsheetLine([
        ...key,
        String(group.n),
        String(group.valid),
        String(group.errors),
        ...numbers,
        String(group.truncated ?? 0),
        String(group.context_truncated ?? 0),
        treatmentOf(json),
        ...cost,
        questions,
      ]),
    );
  }
  return `${lines.join('\n')}\n`;
}

const markdownCell = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');

function markdownTable(header: readonly string[], rows: readonly string[][]): string[] {
  return [
    `| ${header.map(markdownCell).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(markdownCell).join(' | ')} |`),
  ];
}

/** `excluded` for reports written before the treatment was stated: they had no cut records to treat. */
const treatmentOf = (json: Pick<ReportJson, 'truncated_treatment'>) => json.truncated_treatment ?? 'excluded';

/** Scoring modes in words: `scoring mode paper`, `scoring modes a and b`. */
const modesText = (modes: readonly string[]) => `scoring mode${modes.length === 1 ? '' : 's'} ${modes.join(' and ')}`;

/** Which treatment made the means, in words (and why, when a scoring mode decided): every rendering says it. */
export function treatmentSentence(json: Pick<ReportJson, 'truncated_treatment' | 'truncated_included_modes'>): string {
  const byMode = json.truncated_included_modes ?? [];
  if (treatmentOf(json) === 'included') {
    if (byMode.length > 0)
      return `Means include truncated records: ${modesText(byMode)} is defined over every answer, replies cut at the token limit scored as given; --exclude-truncated leaves them out.`;
    return 'Means include truncated records (--include-truncated): replies cut at the token limit and prompts the server cut are scored as given.';
  }
  if (byMode.length > 0)
    return `Means exclude truncated records (replies cut at the token limit, prompts the server cut; counted in their own columns), except those of ${modesText(byMode)}, which is defined over every answer; --include-truncated counts them all, --exclude-truncated none.`;
  return 'Means exclude truncated records (replies cut at the token limit, prompts the server cut; counted in their own columns); --include-truncated counts them.';
}

/** How the headline treats questions without a correct answer at their cutoff, when there are some; '' when none. */
export function unanswerableSentence(json: Pick<ReportJson, 'unanswerable' | 'unanswerable_treatment'>): string {
  const count = json.unanswerable ?? 0;
  if (count === 0) return '';
  const records = `${count} record${count === 1 ? '' : 's'}`;
  return json.unanswerable_treatment === 'included'
    ? `Means include ${records} whose question has no correct answer at its cutoff (--include-unanswerable).`
    : `${records} whose question has no correct answer at its cutoff ${count === 1 ? 'is' : 'are'} left out of the means and reported in their own rows; --include-unanswerable counts them.`;
}

function caption(json: ReportJson): string {
  const modes = Object.entries(json.modes)
    .map(([mode, count]) => `${mode} ${count}`)
    .join(', ');
  const truncated = `${json.truncated ? `, ${json.truncated} truncated at the token limit` : ''}${json.context_truncated ? `, ${json.context_truncated} with the prompt cut by the server` : ''}`;
  const unanswerable = unanswerableSentence(json);
  return `${json.benchmark}: ${json.records} records (${json.errors} errors${truncated}; scoring mode ${modes || 'none'}). Mean [95% bootstrap interval, clustered by ${json.bootstrap.cluster}, seed ${json.bootstrap.seed}, ${json.bootstrap.resamples} resamples]. ${treatmentSentence(json)}${unanswerable ? ` ${unanswerable}` : ''}`;
}

/** Error examples in tables are cut here: the records keep them whole. */
const EXAMPLE_LENGTH = 120;

/** The errors by reason as table rows: kind, HTTP status, server type, records, an example message. */
function errorKindRows(json: ReportJson): { header: string[]; rows: string[][] } {
  const header = ['kind', 'status', 'type', 'records', 'example'];
  const rows = (json.errors_by_kind ?? []).map((entry) => {
    const example = entry.example.replace(/\s+/g, ' ');
    return [
      entry.kind,
      entry.status === undefined ? '—' : String(entry.status),
      entry.type ?? '—',
      String(entry.records),
      example.length > EXAMPLE_LENGTH ? `${example.slice(0, EXAMPLE_LENGTH)}…` : example,
    ];
  });
  return { header, rows };
}

/** Heading of the reliability table (runs with repeats, `--epochs`). */
const REPEATS_HEADING =
  'Repeats (--epochs): mean@K, and for 0/1 metrics pass@k and pass^k at k = K, intervals resampling questions:';

/** A repeat entry's mean and interval, '' when the metric has none (pass@k of a non-0/1 metric). */
const repeatCell = (entry: { mean: number; ci95: [number, number] | null } | undefined) =>
  entry ? formatMeanInterval(entry.mean, entry.ci95) : '';

/** One row per group and metric with repeats: the key fields, K, questions, mean@K, pass@K, pass^K; none when no run repeats. */
function repeatsTable(json: ReportJson): { header: string[]; rows: string[][] } {
  const header = [...json.by, 'metric', 'K', 'questions', 'mean@K', 'pass@K', 'pass^K'];
  const rows: string[][] = [];
  for (const group of json.groups)
    for (const [name, metric] of Object.entries(group.metrics)) {
      if (!metric['mean@k']) continue;
      rows.push([
        ...json.by.map((field) => keyText(group.key[field])),
        name,
        String(metric['mean@k'].k),
        String(metric.repeats?.questions ?? ''),
        repeatCell(metric['mean@k']),
        repeatCell(metric['pass@k']),
        repeatCell(metric['pass^k']),
      ]);
    }
  return { header, rows };
}

/** Heading of the table of questions without a correct answer at their cutoff. */
const UNANSWERABLE_HEADING = 'Unanswerable at the cutoff (no correct answer; not in the means above):';

export function reportMarkdown(json: ReportJson): string {
  const { header, rows } = reportTable(json);
  const lines = [`**${markdownCell(caption(json))}**`, '', ...markdownTable(header, rows)];
  const repeats = repeatsTable(json);
  if (repeats.rows.length > 0)
    lines.push('', `*${REPEATS_HEADING}*`, '', ...markdownTable(repeats.header, repeats.rows));
  if ((json.unanswerable_groups ?? []).length > 0) {
    const apart = reportTable(json, json.unanswerable_groups);
    lines.push('', `*${UNANSWERABLE_HEADING}*`, '', ...markdownTable(apart.header, apart.rows));
  }
  if ((json.errors_by_kind ?? []).length > 0) {
    const errors = errorKindRows(json);
    lines.push('', ...markdownTable(errors.header, errors.rows));
  }
  for (const table of failureTables(json))
    lines.push(
      '',
      `*${markdownCell(table.title)}*`,
      ...(table.rows.length > 0 ? ['', ...markdownTable(table.header, table.rows)] : []),
    );
  return `${lines.join('\n')}\n`;
}

/** Columns padded to their widest cell. */
function alignedTable(header: readonly string[], rows: readonly string[][]): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

export function reportText(json: ReportJson): string {
  const { header, rows } = reportTable(json);
  const lines = [caption(json), '', ...alignedTable(header, rows)];
  const repeats = repeatsTable(json);
  if (repeats.rows.length > 0) lines.push('', REPEATS_HEADING, ...alignedTable(repeats.header, repeats.rows));
  if ((json.unanswerable_groups ?? []).length > 0) {
    const apart = reportTable(json, json.unanswerable_groups);
    lines.push('', UNANSWERABLE_HEADING, ...alignedTable(apart.header, apart.rows));
  }
  if (json.superseded > 0)
    lines.push(
      '',
      `${json.superseded} records superseded by a later answer to the same question (same model and mode).`,
    );
  if ((json.errors_by_kind ?? []).length > 0) {
    const errors = errorKindRows(json);
    lines.push(
      '',
      'Errors (failed model calls) by kind, HTTP status and server type:',
      ...alignedTable(errors.header, errors.rows),
    );
  }
  for (const table of failureTables(json))
    lines.push('', table.title, ...(table.rows.length > 0 ? alignedTable(table.header, table.rows) : []));
  return `${lines.join('\n')}\n`;
}

/** The `better` cell: the run a significant difference favours by the metric's declared direction; blank when not significant. */
function betterCell(json: CompareJson, name: string): string {
  const metric = json.metrics[name];
  if (metric.favours) return metric.favours.toUpperCase();
  if (!(metric.p_value < SIGNIFICANCE) || metric.diff === 0) return '';
  return (json.better[name] ?? null) === null ? 'no direction' : '';
}

function comparisonRows(json: CompareJson): { header: string[]; rows: string[][] } {
  const header = ['metric', 'n', 'a', 'b', 'diff (b − a)', '95% interval', 'p', 'test', `better (p < ${SIGNIFICANCE})`];
  const rows = Object.entries(json.metrics).map(([name, metric]) => [
    name,
    String(metric.n),
    formatNumber(metric.a),
    formatNumber(metric.b),
    formatNumber(metric.diff),
    metric.ci95 ? `[${formatNumber(metric.ci95[0])}, ${formatNumber(metric.ci95[1])}]` : '—',
    metric.p_value < 0.001 ? metric.p_value.toExponential(2) : formatNumber(metric.p_value),
    metric.test,
    betterCell(json, name),
  ]);
  return { header, rows };
}

/** How the flips split: to whose favour by the flips metric's direction (higher in B or A where it has none). */
function flipsLine(json: CompareJson): string {
  const metric = json.flips_metric ?? '';
  const direction = json.better[metric] ?? null;
  const toB = json.flips.filter((flip) =>
    direction === null ? flip.b > flip.a : betterOf(flip.a, flip.b, direction) === 'b',
  ).length;
  const toA = json.flips.length - toB;
  const split =
    direction === null
      ? `${toB} higher in B, ${toA} higher in A`
      : `${toB} to B's favour, ${toA} to A's (${metric}: ${direction} is better)`;
  return `${json.flips.length} questions flip on ${metric}: ${split}.`;
}

/**
 * The questions both runs have that are not pairs, and why, and how answers from cuts were
 * treated: the same records the report scores as errors or leaves out of its means.
 */
function droppedSentence(json: CompareJson): string {
  const dropped = json.dropped ?? { errors: 0, truncated: 0 };
  const reasons = [
    dropped.errors > 0 ? `${dropped.errors} for errors (a failed model call on either side)` : '',
    dropped.truncated > 0 ? `${dropped.truncated} for truncation (an answer from a cut reply or prompt)` : '',
  ].filter(Boolean);
  const pairs =
    reasons.length > 0 ? `Pairs dropped: ${reasons.join(', ')}.` : 'No pair dropped for errors or truncation.';
  const byMode = json.truncated_included_modes ?? [];
  const treatment =
    (json.truncated_treatment ?? 'excluded') === 'included'
      ? byMode.length > 0
        ? `Answers from cuts are paired as given (${modesText(byMode)} is defined over every answer); --exclude-truncated drops them.`
        : 'Answers from cuts are paired as given (--include-truncated).'
      : byMode.length > 0
        ? `Answers from cuts are not paired, except those of ${modesText(byMode)}; --include-truncated pairs them all.`
        : 'Answers from cuts are not paired; --include-truncated pairs them.';
  return `${pairs} ${treatment}`;
}

/** What each run cost, when either cost something or is unknown: a cost nobody knows says so, with how many records. */
function costSentence(json: CompareJson): string {
  const { cost_usd: cost, cost_unknown: unknown } = json;
  if (!cost || (cost.a === 0 && cost.b === 0)) return '';
  const side = (usd: number | null, records: number) =>
    usd === null ? `unknown (${records} records of unknown cost)` : formatUsd(usd);
  return ` Cost: A ${side(cost.a, unknown.a)}, B ${side(cost.b, unknown.b)}.`;
}

function compareCaption(json: CompareJson): string {
  return `${json.benchmark}: ${json.paired} paired questions (A ${json.models.a.join(', ')}; B ${json.models.b.join(', ')}); unpaired: ${json.unpaired.a} only in A, ${json.unpaired.b} only in B${json.errors && json.errors.a + json.errors.b > 0 ? `; left out as errors (failed model calls): ${json.errors.a} in A, ${json.errors.b} in B` : ''}. ${droppedSentence(json)}${costSentence(json)}`;
}

/** Flips listed by name in the text output; `--json` has them all. */
const FLIPS_LISTED = 20;

/** The first flips, each named by its question's label (else its sample id), with A's and B's values. */
function flipRows(json: CompareJson): string[][] {
  return json.flips
    .slice(0, FLIPS_LISTED)
    .map((flip) => [flip.label ?? flip.sampleId, formatNumber(flip.a), formatNumber(flip.b), flip.sampleId]);
}

export function compareText(json: CompareJson): string {
  const { header, rows } = comparisonRows(json);
  const lines = [compareCaption(json), '', ...alignedTable(header, rows)];
  if (json.flips_metric) lines.push('', flipsLine(json));
  if (json.flips.length > 0) {
    lines.push('', ...alignedTable(['question', 'a', 'b', 'sample id'], flipRows(json)));
    if (json.flips.length > FLIPS_LISTED)
      lines.push(`(first ${FLIPS_LISTED} of ${json.flips.length}; --json lists them all)`);
  }
  return `${lines.join('\n')}\n`;
}

export function compareMarkdown(json: CompareJson): string {
  const { header, rows } = comparisonRows(json);
  const lines = [`**${markdownCell(compareCaption(json))}**`, '', ...markdownTable(header, rows)];
  if (json.flips_metric && json.flips.length > 0) {
    lines.push('', flipsLine(json), '', ...markdownTable(['question', 'a', 'b', 'sample id'], flipRows(json)));
    if (json.flips.length > FLIPS_LISTED)
      lines.push('', `(first ${FLIPS_LISTED} of ${json.flips.length}; --json lists them all)`);
  }
  return `${lines.join('\n')}\n`;
}
