// The papers' figures as numbers: for each plot a benchmark declares (BenchmarkReport.plots), the
// mean of its metric per x value and series (a model, or a model and a `series` value), with the
// same 95% interval the report's tables give (a clustered bootstrap: questions of one game, level or
// grid file are not independent), split into one panel per value of the plot's `panel` field.
// figureSvg.ts draws them; `report --plots` writes them as files.
import type { BenchmarkReport, ReportPlot } from '../benchmark/registry';
import { fieldValue } from './records';
import { compareKeyValues, type KeyValue, type ReportRow } from './report';
import { clusteredBootstrap } from './stats';

export interface FigurePoint {
  x: KeyValue;
  mean: number;
  /** The 95% interval; null when there is only one value (nothing to resample). */
  ci95: [number, number] | null;
  n: number;
}

export interface FigureSeries {
  name: string;
  points: FigurePoint[];
}

export interface FigurePanel {
  /** The panel field's value (`RF`, `easy`); null when the plot has one panel. */
  title: string | null;
  series: FigureSeries[];
}

export interface Figure {
  /** File-name stem: `<benchmark>-<plot title in kebab case>`. */
  name: string;
  title: string;
  benchmark: string;
  x: string;
  metric: string;
  /** What the interval's bootstrap resamples (`game`, `level`, `file`). */
  clusterName: string;
  /** `lines` when x is an ordered number (path length): a line and a band a series; else bars with whiskers. */
  kind: 'lines' | 'bars';
  /** A success metric lies in [0, 1], and the axis shows the whole range. */
  unitRange: boolean;
  panelField?: string;
  panels: FigurePanel[];
}

/** Values of one (panel, series, x) cell, with their clusters. */
type Cells = Map<string, Map<string, Map<KeyValue, Array<{ cluster: string; value: number }>>>>;

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Each counted row's value of the plot's metric, grouped by panel, series and x; a success metric missing counts 0 (as in the tables). */
function collect(report: BenchmarkReport, rows: readonly ReportRow[], plot: ReportPlot): Cells {
  const zero = report.success.includes(plot.metric);
  const cells: Cells = new Map();
  for (const row of rows) {
    if (!row.inMeans || !(plot.metric in row.metrics)) continue;
    const value = row.metrics[plot.metric] ?? (zero ? 0 : null);
    if (value === null) continue;
    const x = fieldValue(row.record, row.fields, plot.x);
    // A line needs a number on its axis: a question without one (a map question has no route) is not on it.
    if (plot.kind === 'lines' && typeof x !== 'number') continue;
    const panel = plot.panel ? String(fieldValue(row.record, row.fields, plot.panel) ?? '—') : '';
    const series = seriesName(row, plot);
    let ofPanel = cells.get(panel);
    if (!ofPanel) cells.set(panel, (ofPanel = new Map()));
    let ofSeries = ofPanel.get(series);
    if (!ofSeries) ofPanel.set(series, (ofSeries = new Map()));
    let values = ofSeries.get(x);
    if (!values) ofSeries.set(x, (values = []));
    values.push({ cluster: row.cluster, value });
  }
  return cells;
}

/**
 * A mark's series: the model, and the plot's series field's value; neither when the axis or the
 * panels already show it (a legend entry repeating every panel's title says nothing).
 */
function seriesName(row: ReportRow, plot: ReportPlot): string {
  const parts: string[] = [];
  if (plot.x !== 'model') parts.push(row.record.model.id);
  if (plot.series && plot.series !== plot.panel)
    parts.push(String(fieldValue(row.record, row.fields, plot.series) ?? '—'));
  return parts.join(' · ') || plot.metric;
}

function point(x: KeyValue, values: ReadonlyArray<{ cluster: string; value: number }>): FigurePoint {
  const mean = values.reduce((total, entry) => total + entry.value, 0) / values.length;
  return { x, mean, ci95: values.length > 1 ? clusteredBootstrap(values).ci95 : null, n: values.length };
}

/** One declared plot of a benchmark over the report's rows; null when no row has its metric. */
export function figureData(
  benchmark: string,
  report: BenchmarkReport,
  rows: readonly ReportRow[],
  plot: ReportPlot,
): Figure | null {
  const cells = collect(report, rows, plot);
  if (cells.size === 0) return null;
  const panels: FigurePanel[] = [...cells.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((panel) => {
      const ofPanel = cells.get(panel) as NonNullable<ReturnType<Cells['get']>>;
      const series = [...ofPanel.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, byX]) => ({
          name,
          points: [...byX.keys()].sort(compareKeyValues).map((x) => point(x, byX.get(x) ?? [])),
        }));
      return { title: plot.panel ? panel : null, series };
    });
  return {
    name: `${benchmark}-${kebab(plot.title)}`,
    title: plot.title,
    benchmark,
    x: plot.x,
    metric: plot.metric,
    clusterName: report.clusterName,
    kind: plot.kind ?? 'bars',
    unitRange: report.success.includes(plot.metric) || report.binary.includes(plot.metric),
    ...(plot.panel ? { panelField: plot.panel } : {}),
    panels,
  };
}

/** Every declared plot of the benchmark that has data. */
export function figuresOf(benchmark: string, report: BenchmarkReport, rows: readonly ReportRow[]): Figure[] {
  return report.plots.flatMap((plot) => figureData(benchmark, report, rows, plot) ?? []);
}
