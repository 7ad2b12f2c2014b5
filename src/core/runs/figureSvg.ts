// A Figure (figures.ts) as one standalone SVG document, the text of the files `report --plots`
// writes: a white page, fonts a renderer without the web's
// fonts still has (resvg draws the PNG from it), every text escaped (model ids and field values are
// data), a <title> on each mark with its exact numbers.
import type { Figure, FigurePanel, FigurePoint } from './figures';
import { escapeHtml } from './plots';

/**
 * Text for the SVG: escaped, and with the control characters XML forbids (a model id could hold
 * one) shown as U+FFFD, so the document stays well-formed for resvg and every SVG reader.
 */
const xmlText = (text: string) =>
  escapeHtml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD'));

const COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f'];
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const WIDTH = 760;
const MARGIN = 16;
/** About 6.6 px a character at 12 px in DejaVu Sans: enough to size label columns without a layout engine. */
const CHAR = 6.6;

const colour = (index: number) => COLOURS[index % COLOURS.length];
const fixed = (value: number) => value.toFixed(3);
const label = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

interface Block {
  height: number;
  svg: (top: number) => string;
}

/** Every series name of the figure in first-seen order: one colour a name across all panels. */
function seriesNames(figure: Figure): string[] {
  const names: string[] = [];
  for (const panel of figure.panels)
    for (const series of panel.series) if (!names.includes(series.name)) names.push(series.name);
  return names;
}

function legend(names: readonly string[]): Block {
  const column = Math.min(WIDTH - 2 * MARGIN, Math.max(160, 24 + CHAR * Math.max(...names.map((name) => name.length))));
  const perLine = Math.max(1, Math.floor((WIDTH - 2 * MARGIN) / column));
  return {
    height: 18 * Math.ceil(names.length / perLine) + 6,
    svg: (top) =>
      names
        .map((name, index) => {
          const x = MARGIN + (index % perLine) * column;
          const y = top + Math.floor(index / perLine) * 18;
          return `<rect x="${x}" y="${y + 2}" width="12" height="12" fill="${colour(index)}"/><text x="${x + 17}" y="${y + 12}">${xmlText(name)}</text>`;
        })
        .join(''),
  };
}

/** Round tick values from low to high, about `count` of them. */
function ticks(low: number, high: number, count: number): number[] {
  const span = high - low || 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw) ?? raw;
  const values: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high + step * 1e-9; value += step)
    values.push(Number(value.toFixed(10)));
  return values;
}

function valueRange(figure: Figure): [number, number] {
  if (figure.unitRange) return [0, 1];
  const values = figure.panels.flatMap((panel) =>
    panel.series.flatMap((series) => series.points.flatMap((p) => [p.mean, ...(p.ci95 ?? [])])),
  );
  const low = Math.min(0, ...values);
  const high = Math.max(low + 1e-9, ...values);
  return [low, high];
}

function pointTitle(series: string, x: unknown, p: FigurePoint): string {
  const interval = p.ci95 ? ` [${fixed(p.ci95[0])}, ${fixed(p.ci95[1])}]` : '';
  return xmlText(`${series}, ${label(x)}: ${fixed(p.mean)}${interval} (n=${p.n})`);
}

/** One panel of lines: x numeric, a band (the 95% interval) and a line with dots a series. */
function linesPanel(figure: Figure, panel: FigurePanel, names: readonly string[], width: number): Block {
  const height = 260;
  const left = 56;
  const plotWidth = width - left - 12;
  const plotTop = panel.title === null ? 8 : 26;
  const plotHeight = height - plotTop - 40;
  const xs = panel.series.flatMap((series) => series.points.map((p) => p.x as number));
  const xLow = Math.min(...xs);
  const xHigh = Math.max(xLow + 1, ...xs);
  const [yLow, yHigh] = valueRange(figure);
  return {
    height,
    svg: (top) => {
      const sx = (x: number) => left + ((x - xLow) / (xHigh - xLow)) * plotWidth;
      const sy = (y: number) => top + plotTop + plotHeight - ((y - yLow) / (yHigh - yLow)) * plotHeight;
      const parts: string[] = [];
      if (panel.title !== null)
        parts.push(`<text x="${left}" y="${top + 16}" font-weight="bold">${xmlText(panel.title)}</text>`);
      for (const value of ticks(yLow, yHigh, 4))
        parts.push(
          `<line x1="${left}" x2="${left + plotWidth}" y1="${sy(value).toFixed(1)}" y2="${sy(value).toFixed(1)}" stroke="#e3e3e3"/><text x="${left - 6}" y="${(sy(value) + 4).toFixed(1)}" text-anchor="end">${value}</text>`,
        );
      for (const value of ticks(xLow, xHigh, Math.min(10, xHigh - xLow)).filter(Number.isInteger))
        parts.push(
          `<line x1="${sx(value).toFixed(1)}" x2="${sx(value).toFixed(1)}" y1="${top + plotTop + plotHeight}" y2="${top + plotTop + plotHeight + 4}" stroke="#666"/><text x="${sx(value).toFixed(1)}" y="${top + plotTop + plotHeight + 17}" text-anchor="middle">${value}</text>`,
        );
      parts.push(
        `<rect x="${left}" y="${top + plotTop}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#888"/>`,
        `<text x="${left + plotWidth / 2}" y="${top + height - 6}" text-anchor="middle">${xmlText(figure.x.replace(/_/g, ' '))}</text>`,
        `<text transform="translate(12 ${top + plotTop + plotHeight / 2}) rotate(-90)" text-anchor="middle">${xmlText(figure.metric.replace(/_/g, ' '))}</text>`,
      );
      for (const series of panel.series) {
        const hue = colour(names.indexOf(series.name));
        const banded = series.points.filter((p) => p.ci95 !== null);
        if (banded.length > 1) {
          const upper = banded.map(
            (p) => `${sx(p.x as number).toFixed(1)},${sy((p.ci95 as [number, number])[1]).toFixed(1)}`,
          );
          const lower = banded.map(
            (p) => `${sx(p.x as number).toFixed(1)},${sy((p.ci95 as [number, number])[0]).toFixed(1)}`,
          );
          parts.push(
            `<polygon points="${[...upper, ...lower.reverse()].join(' ')}" fill="${hue}" fill-opacity="0.16"/>`,
          );
        }
        const line = series.points.map((p) => `${sx(p.x as number).toFixed(1)},${sy(p.mean).toFixed(1)}`).join(' ');
        parts.push(`<polyline points="${line}" fill="none" stroke="${hue}" stroke-width="2"/>`);
        for (const p of series.points)
          parts.push(
            `<circle cx="${sx(p.x as number).toFixed(1)}" cy="${sy(p.mean).toFixed(1)}" r="3" fill="${hue}"><title>${pointTitle(series.name, p.x, p)}</title></circle>`,
          );
      }
      return parts.join('');
    },
  };
}

/** One panel of horizontal bars: a group a category (x value), a bar with its interval's whisker a series. */
function barsPanel(figure: Figure, panel: FigurePanel, names: readonly string[]): Block {
  const categories = [...new Set(panel.series.flatMap((series) => series.points.map((p) => label(p.x))))];
  const bar = 12;
  const group = panel.series.length * bar + 10;
  const labelWidth = Math.min(360, Math.max(110, 14 + CHAR * Math.max(...categories.map((c) => c.length))));
  const plotTop = panel.title === null ? 6 : 26;
  const valueWidth = 150;
  const plotWidth = WIDTH - 2 * MARGIN - labelWidth - valueWidth;
  const [low, high] = valueRange(figure);
  const height = plotTop + categories.length * group + 28;
  return {
    height,
    svg: (top) => {
      const left = labelWidth;
      const sx = (value: number) => left + ((value - low) / (high - low)) * plotWidth;
      const parts: string[] = [];
      if (panel.title !== null)
        parts.push(`<text x="0" y="${top + 16}" font-weight="bold">${xmlText(panel.title)}</text>`);
      const bottom = top + plotTop + categories.length * group;
      for (const value of ticks(low, high, 4))
        parts.push(
          `<line x1="${sx(value).toFixed(1)}" x2="${sx(value).toFixed(1)}" y1="${top + plotTop}" y2="${bottom}" stroke="#e3e3e3"/><text x="${sx(value).toFixed(1)}" y="${bottom + 16}" text-anchor="middle">${value}</text>`,
        );
      categories.forEach((category, row) => {
        const groupTop = top + plotTop + row * group;
        parts.push(
          `<text x="${left - 6}" y="${groupTop + group / 2 + 3}" text-anchor="end">${xmlText(category)}</text>`,
        );
        panel.series.forEach((series, index) => {
          const p = series.points.find((candidate) => label(candidate.x) === category);
          if (!p) return;
          const y = groupTop + 5 + index * bar;
          const start = sx(Math.min(0, p.mean));
          const width = Math.max(1, Math.abs(sx(p.mean) - sx(0)));
          parts.push(
            `<rect x="${start.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${bar - 2}" fill="${colour(names.indexOf(series.name))}"><title>${pointTitle(series.name, p.x, p)}</title></rect>`,
          );
          if (p.ci95)
            parts.push(
              `<line x1="${sx(p.ci95[0]).toFixed(1)}" x2="${sx(p.ci95[1]).toFixed(1)}" y1="${y + bar / 2 - 1}" y2="${y + bar / 2 - 1}" stroke="#222"/>`,
            );
          const end = Math.max(sx(p.ci95?.[1] ?? p.mean), sx(p.mean), sx(0));
          parts.push(
            `<text x="${(end + 4).toFixed(1)}" y="${y + bar - 3}" font-size="10" fill="#444">${fixed(p.mean)} (${p.n})</text>`,
          );
        });
      });
      parts.push(
        `<line x1="${sx(0).toFixed(1)}" x2="${sx(0).toFixed(1)}" y1="${top + plotTop}" y2="${bottom}" stroke="#666"/>`,
      );
      return parts.join('');
    },
  };
}

/** The figure as a standalone SVG document (title, legend, panels two abreast for lines, stacked for bars). */
export function figureSvg(figure: Figure): string {
  const names = seriesNames(figure);
  const caption = figure.title;
  const subtitle = `${figure.metric}: mean with its 95% interval (bootstrap over ${figure.clusterName}s); n = records`;
  const head = legend(names);
  const blocks: Array<Block & { column: number }> = [];
  const twoAbreast = figure.kind === 'lines' && figure.panels.length > 1;
  const panelWidth = twoAbreast ? (WIDTH - 2 * MARGIN) / 2 : WIDTH - 2 * MARGIN;
  figure.panels.forEach((panel, index) => {
    const block =
      figure.kind === 'lines' ? linesPanel(figure, panel, names, panelWidth) : barsPanel(figure, panel, names);
    blocks.push({ ...block, column: twoAbreast ? index % 2 : 0 });
  });
  const parts: string[] = [
    `<text x="${MARGIN}" y="22" font-size="14" font-weight="bold">${xmlText(caption)}</text>`,
    `<text x="${MARGIN}" y="40" fill="#444">${xmlText(subtitle)}</text>`,
  ];
  let top = 52;
  parts.push(head.svg(top));
  top += head.height;
  for (let index = 0; index < blocks.length; index += twoAbreast ? 2 : 1) {
    const row = twoAbreast ? blocks.slice(index, index + 2) : [blocks[index]];
    for (const block of row)
      parts.push(
        `<g transform="translate(${(MARGIN + block.column * panelWidth).toFixed(1)} 0)">${block.svg(top)}</g>`,
      );
    top += Math.max(...row.map((block) => block.height)) + 8;
  }
  const height = Math.ceil(top + MARGIN);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${FONT}" font-size="12" role="img" aria-label="${xmlText(caption)}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
}
