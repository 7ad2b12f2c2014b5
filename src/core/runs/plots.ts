// The HTML report's plots as inline SVG (no script, no external resource): one grouped horizontal
// bar chart per plot the benchmark declares (BenchmarkReport.plots), a row per value of its `x`
// field and a bar per model (and per `series` value), each bar labelled with its mean and count.
import type { BenchmarkReport, ReportPlot } from '../benchmark/registry';
import { fieldValue } from './records';
import { compareKeyValues, type KeyValue, type ReportRow } from './report';
import type { PlotData } from './reportTypes';

/** Text for HTML and SVG content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const COLOURS = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

interface Cell {
  total: number;
  n: number;
}

/** Mean of the plot's metric per (x, bar) over the rows the means count, with the report's rule for success metrics (missing = 0). */
export function plotData(report: BenchmarkReport, rows: readonly ReportRow[], plot: ReportPlot): PlotData {
  // Cells by x, then by bar, in maps keyed by the values themselves (a Map tells 1 from '1'):
  // nothing to build or search per row of 40,000.
  const byX = new Map<KeyValue, Map<string, Cell>>();
  const xs: KeyValue[] = [];
  const bars: string[] = [];
  const barSeen = new Set<string>();
  const zero = report.success.includes(plot.metric);
  for (const row of rows) {
    if (!row.inMeans || !(plot.metric in row.metrics)) continue;
    const raw = row.metrics[plot.metric];
    const value = raw ?? (zero ? 0 : null);
    if (value === null) continue;
    // fieldValue: `model` and `mode` are fields of every benchmark without being in `fields`.
    const x = fieldValue(row.record, row.fields, plot.x);
    const bar = plot.series
      ? `${row.record.model.id} · ${String(fieldValue(row.record, row.fields, plot.series) ?? '—')}`
      : row.record.model.id;
    let ofX = byX.get(x);
    if (!ofX) {
      byX.set(x, (ofX = new Map()));
      xs.push(x);
    }
    let cell = ofX.get(bar);
    if (!cell) {
      ofX.set(bar, (cell = { total: 0, n: 0 }));
      if (!barSeen.has(bar)) {
        barSeen.add(bar);
        bars.push(bar);
      }
    }
    cell.total += value;
    cell.n += 1;
  }
  xs.sort(compareKeyValues);
  const cells: PlotData['cells'] = [];
  xs.forEach((x, xi) =>
    bars.forEach((bar, bi) => {
      const cell = byX.get(x)?.get(bar);
      if (cell) cells.push([xi, bi, cell.total / cell.n, cell.n]);
    }),
  );
  return {
    title: plot.title,
    x: plot.x,
    metric: plot.metric,
    ...(plot.series ? { series: plot.series } : {}),
    ...(plot.radar ? { radar: true } : {}),
    xs,
    bars,
    cells,
  };
}

const round = (value: number) => String(Math.round(value * 1000) / 1000);

/** The legend: one swatch and name a bar, three to a line. */
function legendSvg(bars: readonly string[]): string {
  return bars
    .map((bar, index) => {
      const x = 10 + (index % 3) * 250;
      const y = 8 + Math.floor(index / 3) * 18;
      return `<rect x="${x}" y="${y}" width="10" height="10" fill="${COLOURS[index % COLOURS.length]}"/><text x="${x + 14}" y="${y + 9}">${escapeHtml(bar)}</text>`;
    })
    .join('');
}

/** One plot as an SVG element (empty string when no record has the metric). */
function plotSvg(report: BenchmarkReport, rows: readonly ReportRow[], plot: ReportPlot): string {
  const { xs, bars, cells } = plotData(report, rows, plot);
  if (xs.length === 0) return '';
  const byPair = new Map(cells.map(([xi, bi, mean, n]) => [`${xi} ${bi}`, { mean, n }]));
  const means = cells.map((cell) => cell[2]);
  const low = Math.min(0, ...means);
  const high = Math.max(low === 0 ? 1e-9 : 0, ...means);
  const barHeight = 11;
  // Wide enough for the longest x label (GRASP's `μ1 (4 moves), no carry limit, cost 0.3`), which
  // a fixed 190 px cut off at the left edge; about 6.5 px a character at 11 px.
  const labelWidth = Math.min(
    420,
    Math.max(190, 12 + Math.ceil(6.5 * Math.max(0, ...xs.map((x) => (x === null ? 1 : String(x).length))))),
  );
  const plotWidth = 460;
  const legendHeight = 18 * Math.ceil(bars.length / 3) + 8;
  const rowHeight = bars.length * barHeight + 10;
  const height = legendHeight + xs.length * rowHeight + 24;
  const scale = (value: number) => labelWidth + ((value - low) / (high - low)) * plotWidth;
  const parts: string[] = [legendSvg(bars)];
  xs.forEach((x, row) => {
    const top = legendHeight + row * rowHeight;
    parts.push(
      `<text x="${labelWidth - 6}" y="${top + rowHeight / 2}" text-anchor="end">${escapeHtml(x === null ? '—' : String(x))}</text>`,
    );
    bars.forEach((bar, index) => {
      const cell = byPair.get(`${row} ${index}`);
      if (!cell) return;
      const mean = cell.mean;
      const start = scale(Math.min(0, mean));
      const width = Math.max(1, Math.abs(scale(mean) - scale(0)));
      const y = top + 4 + index * barHeight;
      parts.push(
        `<rect x="${start.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${barHeight - 2}" fill="${COLOURS[index % COLOURS.length]}"><title>${escapeHtml(`${bar}: ${round(mean)} (n=${cell.n})`)}</title></rect>`,
      );
      parts.push(
        `<text x="${(Math.max(scale(mean), scale(0)) + 3).toFixed(1)}" y="${y + barHeight - 3}" class="v">${round(mean)} (${cell.n})</text>`,
      );
    });
  });
  const axisY = legendHeight + xs.length * rowHeight;
  parts.push(
    `<line x1="${scale(0).toFixed(1)}" y1="${legendHeight}" x2="${scale(0).toFixed(1)}" y2="${axisY}" stroke="#888"/>`,
  );
  parts.push(
    `<text x="${labelWidth}" y="${axisY + 16}">${round(low)}</text><text x="${labelWidth + plotWidth}" y="${axisY + 16}" text-anchor="end">${round(high)}</text>`,
  );
  const title = `${plot.title} (${plot.metric}${plot.series ? ` by ${plot.series}` : ''})`;
  return `<figure><figcaption>${escapeHtml(title)}</figcaption><svg width="${labelWidth + plotWidth + 110}" height="${height}" role="img" aria-label="${escapeHtml(title)}">${parts.join('')}</svg></figure>`;
}

/** Every declared plot of the benchmark. */
export function plotsHtml(report: BenchmarkReport, rows: readonly ReportRow[]): string {
  return report.plots.map((plot) => plotSvg(report, rows, plot)).join('\n');
}
