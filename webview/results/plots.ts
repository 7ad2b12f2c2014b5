// The Plots tab: the benchmark's paper figures, the very SVG text `waypoint report --plots` writes
// (core's figureSvg over the headline's rows, sent in the model), each with Save SVG and Save PNG;
// and SmartPlay's normalised scores per game as a capability radar (one polygon per model, 1 = the
// human baseline), which no paper figure shows.
import type { PlotData, ResultsModel } from '../../src/protocol/results';
import { el, glossaryLegend, heading, keyText, num, svg } from './dom';
import { paperFigure, type SaveFigure } from './paperFigure';

const SERIES_COLOURS = 10;

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

export function renderPlots(model: ResultsModel, save: SaveFigure): HTMLElement {
  const section = el('section', 'results-plots');
  const figures = Array.isArray(model.figures) ? model.figures : [];
  if (figures.length === 0)
    section.append(el('p', 'empty', 'No plots: no record has the metrics this benchmark plots.'));
  for (const figure of figures) section.append(paperFigure(figure, save));
  // The radar is a view of its own (SmartPlay's capability profile), not one of the papers' figures.
  for (const plot of model.plots) {
    const radar = plot.radar ? radarChart(plot) : null;
    if (!radar) continue;
    const figure = el('figure', 'plot plot-radar');
    figure.dataset.title = `${plot.title} (radar)`;
    figure.append(
      heading(`${plot.title}: capability radar`, `mean ${plot.metric} per ${plot.x}; 1 = the human baseline`),
      legend(plot.bars, barClasses(plot)),
      radar,
    );
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
