// `waypoint report --latex`: booktabs tables in each benchmark's paper layout, as its report
// declaration gives them (`paperTables`: a pivot of report groups), else one table of the report's
// groups. Numbers take the form every rendering gives them (numbers.ts); values from records
// (model ids, labels) are escaped for LaTeX. Benchmark-blind: the layouts come from the registry.
import type { PaperTable } from '../benchmark/registry';
import type { KeyValue, ReportGroup, ReportJson } from './reportTypes';
import { metricColumns } from './format';
import { formatInterval, formatMetricValue } from './numbers';

/** Characters LaTeX gives a meaning, and a few non-ASCII ones pdflatex's default fonts lack. */
const LATEX_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '→': '$\\rightarrow$',
  μ: '$\\mu$',
  '−': '$-$',
  '—': '---',
  '–': '--',
  '·': '$\\cdot$',
  '×': '$\\times$',
  '≥': '$\\geq$',
  '≤': '$\\leq$',
};

/** Text as LaTeX typesets it literally. */
export function escapeLatex(text: string): string {
  return text.replace(/[\\&%$#_{}~^→μ−—–·×≥≤]/g, (char) => LATEX_ESCAPES[char]).replace(/[\r\n]+/g, ' ');
}

const keyText = (value: KeyValue | undefined) => (value === null || value === undefined ? '—' : String(value));
const keyOf = (group: ReportGroup, fields: readonly string[]) => fields.map((name) => keyText(group.key[name]));

/** Distinct value combinations of `fields` in the groups' order (the report's own sorting). */
function combinations(groups: readonly ReportGroup[], fields: readonly string[]): string[][] {
  const seen = new Map<string, string[]>();
  for (const group of groups) {
    const key = keyOf(group, fields);
    seen.set(JSON.stringify(key), key);
  }
  return [...seen.values()];
}

/** Column keys ordered field by field, each value where it first appears, so a spanning head is never split. */
function sortedByLevel(keys: readonly string[][]): string[][] {
  const order = (level: number) => [...new Set(keys.map((key) => key[level]))];
  const orders = (keys[0] ?? []).map((_, level) => order(level));
  return [...keys].sort((a, b) => {
    for (let level = 0; level < orders.length; level++) {
      const diff = orders[level].indexOf(a[level]) - orders[level].indexOf(b[level]);
      if (diff !== 0) return diff;
    }
    return 0;
  });
}

/** A mean and its interval; the interval smaller, as papers set it. */
function cellText(group: ReportGroup | undefined, metric: string): string {
  const summary = group?.metrics[metric];
  if (!summary || summary.mean === null) return '--';
  const interval = formatInterval(summary.ci95);
  // A minus sign, not a hyphen: -1.475 sets as $-$1.475.
  return `${formatMetricValue(summary.mean)}${interval ? ` {\\scriptsize ${interval}}` : ''}`.replace(
    /-(?=\d)/g,
    '$-$',
  );
}

/** Data columns a table may have before it is scaled to the text width. */
const WIDE_TABLE_COLUMNS = 6;

/** One booktabs table: rows by `table.rows`, column groups by `table.columns`, a column per metric within each; `caption` is LaTeX. */
function pivotTable(groups: readonly ReportGroup[], table: PaperTable, caption: string): string {
  const metrics = table.metrics.filter((name) => groups.some((group) => group.metrics[name]?.mean != null));
  const rowKeys = combinations(groups, table.rows);
  const columnKeys = table.columns.length > 0 ? sortedByLevel(combinations(groups, table.columns)) : [[]];
  const byKey = new Map(
    groups.map((group) => [JSON.stringify([keyOf(group, table.rows), keyOf(group, table.columns)]), group]),
  );
  const width = Math.max(1, metrics.length);
  // Past six columns of means with intervals (GRASP's five models × energy and length) a table is
  // wider than any page: it is scaled to the text width, as papers set wide tables.
  const scaled = columnKeys.length * width > WIDE_TABLE_COLUMNS;
  const lines = [
    '\\begin{table}[ht]',
    '\\centering',
    `\\caption{${caption}}`,
    ...(scaled ? ['\\resizebox{\\textwidth}{!}{%'] : []),
    `\\begin{tabular}{${'l'.repeat(table.rows.length)}${'r'.repeat(columnKeys.length * width)}}`,
    '\\toprule',
  ];
  // With one metric (named in the caption) the last column field's line heads the rows too.
  const metricLine = metrics.length !== 1 || table.columns.length === 0;
  if (table.columns.length > 0) {
    // One header line per column field, cells spanning the metrics (and the deeper fields) below.
    for (let level = 0; level < table.columns.length; level++) {
      const last = level === table.columns.length - 1;
      const lead = table.rows.map((name) => (last && !metricLine ? escapeLatex(name) : ''));
      const spans: Array<{ label: string; count: number }> = [];
      for (const key of columnKeys) {
        const label = key.slice(0, level + 1).join('\u0000');
        const last = spans[spans.length - 1];
        if (last && last.label === label) last.count += width;
        else spans.push({ label, count: width });
      }
      const cells = spans.map(
        (span) => `\\multicolumn{${span.count}}{c}{${escapeLatex(span.label.split('\u0000')[level])}}`,
      );
      lines.push(`${[...lead, ...cells].join(' & ')} \\\\`);
      if (last && !metricLine) break;
      let column = table.rows.length + 1;
      const rules = spans.map((span) => {
        const rule = `\\cmidrule(lr){${column}-${column + span.count - 1}}`;
        column += span.count;
        return rule;
      });
      lines.push(rules.join(' '));
    }
  }
  const metricHeads = columnKeys.flatMap(() => metrics.map(escapeLatex));
  if (metricLine) lines.push(`${[...table.rows.map(escapeLatex), ...metricHeads].join(' & ')} \\\\`);
  lines.push('\\midrule');
  for (const rowKey of rowKeys) {
    const cells = columnKeys.flatMap((columnKey) =>
      metrics.map((metric) => cellText(byKey.get(JSON.stringify([rowKey, columnKey])), metric)),
    );
    lines.push(`${[...rowKey.map(escapeLatex), ...cells].join(' & ')} \\\\`);
  }
  lines.push('\\bottomrule', '\\end{tabular}', ...(scaled ? ['}'] : []), '\\end{table}');
  return lines.join('\n');
}

/** What the caption says of every table: how the numbers were made. */
function methodText(json: ReportJson): string {
  return `Mean {[}95\\% bootstrap interval, clustered by ${escapeLatex(json.bootstrap.cluster)}, seed ${json.bootstrap.seed}, ${json.bootstrap.resamples} resamples{]}; rounded half to even.`;
}

/** The fields a paper table groups by, for `buildReport`'s `--by`. */
export function paperTableBy(table: PaperTable): string {
  return [...new Set([...table.rows, ...table.columns, ...(table.split ? [table.split] : [])])].join(',');
}

/**
 * The tables of one report: `table` pivots its groups (one table per value of `table.split`);
 * without one, a row per group with the report's `by` fields and a column per metric.
 */
export function reportLatex(json: ReportJson, table?: PaperTable): string {
  const layout: PaperTable = table ?? {
    caption: `${json.benchmark}: ${json.records} records`,
    rows: json.by,
    columns: [],
    metrics: metricColumns(json.groups),
  };
  const splits = layout.split ? combinations(json.groups, [layout.split]).map((key) => key[0]) : [null];
  const tables = splits.map((value) => {
    const groups =
      value === null || !layout.split
        ? json.groups
        : json.groups.filter((group) => keyText(group.key[layout.split as string]) === value);
    const title = `${value === null ? '' : `${layout.split} ${value}: `}${layout.caption}.`;
    return pivotTable(groups, layout, `${escapeLatex(title)} ${methodText(json)}`);
  });
  return `${tables.join('\n\n')}\n`;
}

/** The preamble the tables need, as a comment the output starts with. */
export const LATEX_PREAMBLE_NOTE =
  '% waypoint report --latex: needs \\usepackage{booktabs} and \\usepackage{graphicx} (wide tables are scaled) in the preamble';
