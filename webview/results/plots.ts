// The benchmark's plots (PlotData from core: a row per x value, a bar per model and series) as SVG
// grouped horizontal bar charts with labels, values, a legend and an axis; SmartPlay's normalised
// scores per game also as a capability radar (one polygon per model, 1 = the human baseline).
import type { PlotData, ResultsModel } from '../../src/protocol/results';
import { count, el, fixed, glossaryLegend, heading, keyText, num, svg } from './dom';

const WIDTH = 760;
const BAR = 14;
const BAR_GAP = 3;
const GROUP_GAP = 14;
const SERIES_COLOURS = 10;

/** Round tick steps (1, 2, 5 × 10^k) covering [lo, hi]. */
function ticks(lo: number, hi: number): number[] {
  const span = hi - lo || 1;
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.round(t / step) * step);
  return out;
}

/**
 * Colour classes per bar: with a series (bars named "model · value") one hue per model and a
 * lighter shade per series value, so a model's easy and hard bars read as one model.
 */
function barClasses(plot: PlotData): string[] {
  if (!plot.series) return plot.bars.map((_, bi) => `series-${bi % SERIES_COLOURS}`);
  const models: string[] = [];
  const values: string[] = [];
  return plot.bars.map((bar) => {
    const cut = bar.lastIndexOf(' · ');
    const [model, value] = cut < 0 ? [bar, ''] : [bar.slice(0, cut), bar.slice(cut + 3)];
    if (!models.includes(model)) models.push(model);
    if (!values.includes(value)) values.push(value);
    return `series-${models.indexOf(model) % SERIES_COLOURS} shade-${Math.min(2, values.indexOf(value))}`;
  });
}

function legend(bars: readonly string[], classes: readonly string[]): HTMLElement {
  const list = el('ul', 'plot-legend');
  bars.forEach((bar, bi) => {
    const item = el('li');
    item.append(el('span', `swatch ${classes[bi]}`), document.createTextNode(bar));
    list.append(item);
  });
  return list;
}

/** One bar at height `y`, its mean (and count) beside it. */
function drawBar(
  chart: SVGSVGElement,
  names: { bar: string; label: string; className: string; x: string },
  [, , mean, n]: PlotData['cells'][number],
  y: number,
  scale: (value: number) => number,
): void {
  const { bar, label } = names;
  const rect = svg('rect', {
    x: scale(Math.min(0, mean)),
    y,
    width: Math.max(1, Math.abs(scale(mean) - scale(0))),
    height: BAR,
    rx: 2,
    class: `bar ${names.className}`,
    'data-x': label,
    'data-bar': bar,
    'data-mean': mean,
  });
  rect.append(svg('title', {}, `${bar} · ${names.x} ${label}: ${num(mean)} over ${count(n)} records`));
  chart.append(rect);
  const end = scale(Math.max(0, mean));
  // Three decimals, as the tables print the same means: "0.5" beside "0.375" read as different precision.
  chart.append(svg('text', { x: end + 5, y: y + BAR - 3, class: 'plot-value' }, `${fixed(mean)}  n=${count(n)}`));
}

function barChart(plot: PlotData): SVGSVGElement {
  const { xs, bars, cells } = plot;
  const classes = barClasses(plot);
  const means = cells.map((cell) => cell[2]);
  const unit = means.every((mean) => mean >= 0 && mean <= 1);
  let lo = Math.min(0, ...means);
  let hi = unit ? 1 : Math.max(0, ...means);
  const marks = ticks(lo, hi);
  lo = Math.min(lo, marks[0]);
  hi = Math.max(hi, marks[marks.length - 1]);
  const longest = Math.max(4, ...xs.map((x) => keyText(x).length));
  const left = Math.min(230, Math.max(70, longest * 7 + 16));
  const right = WIDTH - 96;
  const scale = (value: number) => left + ((value - lo) / (hi - lo || 1)) * (right - left);
  const groupHeight = bars.length * (BAR + BAR_GAP) - BAR_GAP;
  const top = 8;
  const height = top + xs.length * (groupHeight + GROUP_GAP) + 34;
  const chart = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${height}`,
    class: 'plot-svg bars',
    role: 'img',
    'aria-label': plot.title,
  });
  chart.style.maxWidth = `${WIDTH}px`;
  const axisY = height - 30;
  for (const tick of marks) {
    const x = scale(tick);
    chart.append(svg('line', { x1: x, x2: x, y1: top - 4, y2: axisY, class: tick === 0 ? 'plot-zero' : 'plot-grid' }));
    chart.append(svg('text', { x, y: axisY + 14, class: 'plot-tick', 'text-anchor': 'middle' }, num(tick)));
  }
  chart.append(
    svg(
      'text',
      { x: (left + right) / 2, y: axisY + 28, class: 'plot-axis-title', 'text-anchor': 'middle' },
      plot.metric,
    ),
  );
  const byCell = new Map(cells.map((cell) => [cell[0] * bars.length + cell[1], cell]));
  xs.forEach((x, xi) => {
    const y0 = top + xi * (groupHeight + GROUP_GAP);
    const label = keyText(x);
    const text = svg(
      'text',
      { x: left - 8, y: y0 + groupHeight / 2 + 4, class: 'plot-label', 'text-anchor': 'end' },
      label.length > 30 ? `${label.slice(0, 29)}…` : label,
    );
    text.append(svg('title', {}, `${plot.x} = ${label}`));
    chart.append(text);
    bars.forEach((bar, bi) => {
      const cell = byCell.get(xi * bars.length + bi);
      if (cell)
        drawBar(chart, { bar, label, className: classes[bi], x: plot.x }, cell, y0 + bi * (BAR + BAR_GAP), scale);
    });
  });
  return chart;
}

/** Radar for SmartPlay: an axis per game, a polygon per model; needs three axes or more. */
function radarChart(plot: PlotData): SVGSVGElement | null {
  const { xs, bars, cells } = plot;
  if (xs.length < 3) return null;
  // Wide enough for game names at the left and right ends of the axes.
  const width = 700;
  const height = 440;
  const centre = width / 2;
  const middle = height / 2;
  const radius = 150;
  const max = Math.max(1, ...cells.map((cell) => cell[2]));
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'plot-svg radar',
    role: 'img',
    'aria-label': `${plot.title} (radar)`,
  });
  chart.style.maxWidth = `${width}px`;
  const point = (axis: number, value: number): [number, number] => {
    const angle = -Math.PI / 2 + (axis * 2 * Math.PI) / xs.length;
    const r = (Math.max(0, value) / max) * radius;
    return [centre + r * Math.cos(angle), middle + r * Math.sin(angle)];
  };
  // The ring values go on top of the polygons, with a halo: the first axis carries both, and a
  // model's line through "0.75" or "1 (human)" made the scale unreadable where it matters.
  const ticks: SVGElement[] = [];
  for (const ring of [0.25, 0.5, 0.75, 1, ...(max > 1 ? [max] : [])]) {
    const points = xs.map((_, axis) => point(axis, ring).join(',')).join(' ');
    chart.append(svg('polygon', { points, class: ring === 1 ? 'radar-ring human' : 'radar-ring' }));
    const [, y] = point(0, ring);
    ticks.push(
      svg('text', { x: centre + 6, y: y + 11, class: 'plot-tick radar-tick' }, ring === 1 ? '1 (human)' : num(ring)),
    );
  }
  xs.forEach((x, axis) => {
    const [ex, ey] = point(axis, max);
    chart.append(svg('line', { x1: centre, y1: middle, x2: ex, y2: ey, class: 'plot-grid' }));
    const [lx, ly] = point(axis, max * 1.1);
    const anchor = Math.abs(lx - centre) < 8 ? 'middle' : lx > centre ? 'start' : 'end';
    const below = ly > middle + 8 ? 10 : ly < middle - 8 ? -4 : 4;
    chart.append(svg('text', { x: lx, y: ly + below, class: 'plot-label', 'text-anchor': anchor }, keyText(x)));
  });
  const byCell = new Map(cells.map((cell) => [cell[0] * bars.length + cell[1], cell]));
  bars.forEach((_, bi) => chart.append(radarSeries(plot, bi, byCell, point)));
  chart.append(...ticks);
  return chart;
}

/** Model `bi`'s polygon over the axes, a dot with its value on each (0, "not played", where it has none). */
function radarSeries(
  { xs, bars }: PlotData,
  bi: number,
  byCell: ReadonlyMap<number, PlotData['cells'][number]>,
  point: (axis: number, value: number) => [number, number],
): SVGElement {
  const bar = bars[bi];
  const values = xs.map((_, xi) => byCell.get(xi * bars.length + bi)?.[2] ?? 0);
  const group = svg('g', { class: `radar-series series-${bi % SERIES_COLOURS}`, 'data-bar': bar });
  group.append(svg('polygon', { points: values.map((value, axis) => point(axis, value).join(',')).join(' ') }));
  values.forEach((value, axis) => {
    const [cx, cy] = point(axis, value);
    const dot = svg('circle', { cx, cy, r: 3.5 });
    dot.append(
      svg(
        'title',
        {},
        `${bar} · ${keyText(xs[axis])}: ${byCell.has(axis * bars.length + bi) ? num(value) : 'not played'}`,
      ),
    );
    group.append(dot);
  });
  return group;
}

export function renderPlots(model: ResultsModel): HTMLElement {
  const section = el('section', 'results-plots');
  if (model.plots.length === 0)
    section.append(el('p', 'empty', 'No plots: no record has the metrics this benchmark plots.'));
  for (const plot of model.plots) {
    const figure = el('figure', 'plot');
    figure.dataset.title = plot.title;
    const series = plot.series ? ` and ${plot.series}` : '';
    figure.append(
      heading(plot.title, `mean ${plot.metric} per ${plot.x}${series}`),
      legend(plot.bars, barClasses(plot)),
    );
    const radar = plot.radar ? radarChart(plot) : null;
    const charts = el('div', 'plot-charts');
    if (radar) charts.append(radar);
    charts.append(barChart(plot));
    figure.append(charts);
    section.append(figure);
  }
  // The plotted metrics, and terms in the axis labels (GRASP's settings: μ1, μ2).
  const plotted = model.plots.flatMap((plot) => [plot.metric, plot.x, ...(plot.series ? [plot.series] : [])]);
  const onAxes = (Array.isArray(model.glossary) ? model.glossary : [])
    .filter((entry) => model.plots.some((plot) => plot.xs.some((x) => String(x).includes(entry.term))))
    .map((entry) => entry.term);
  const terms = glossaryLegend(model.glossary, [...plotted, ...onAxes]);
  if (terms) section.append(terms);
  return section;
}
