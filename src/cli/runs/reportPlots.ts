// `waypoint report ... --plots DIR`: the benchmark's paper figures (figures.ts) as `<name>.svg` and
// `<name>.png` files in DIR, beside whatever the report prints. The PNG is drawn from the same SVG by
// resvg (@resvg/resvg-js, a native renderer with the system's fonts, loaded only here); where it
// cannot load, the SVG is written alone and the reason is said.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { figureSvg } from '../../core/runs/figureSvg';
import { figuresOf } from '../../core/runs/figures';
import type { RecordSet } from '../../core/runs/records';
import type { ReportRow } from '../../core/runs/report';
import { describeFsError } from '../../core/util/walk';
type Output = (text: string) => void;

type Rasterise = (svg: string) => Uint8Array;

/** The PNG renderer, or why there is none. */
function pngRenderer(): Rasterise | string {
  try {
    // require, not import(): the CLI bundles are CommonJS, loaded in a way that has no dynamic-import hook.
    const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
    // Twice the SVG's size: sharp enough for a slide or a paper at the SVG's layout.
    return (svg) =>
      new Resvg(svg, {
        fitTo: { mode: 'zoom', value: 2 },
        font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
      })
        .render()
        .asPng();
  } catch (error) {
    return `PNG not written: the renderer @resvg/resvg-js did not load (${(error as Error).message.split('\n')[0]})`;
  }
}

/** Writes the figures; false (and said on stderr) when the folder or a file cannot be written. */
export async function writeReportPlots(
  dir: string,
  set: RecordSet,
  rows: readonly ReportRow[],
  err: Output,
): Promise<boolean> {
  const figures = figuresOf(set.benchmark, set.report, rows);
  if (figures.length === 0) {
    err(`${dir}: no figure written: no record has the metric of any of ${set.benchmark}'s plots`);
    return true;
  }
  try {
    await fs.mkdir(dir, { recursive: true });
    const png = pngRenderer();
    if (typeof png === 'string') err(png);
    for (const figure of figures) {
      const svg = figureSvg(figure);
      const stem = join(dir, figure.name);
      await fs.writeFile(`${stem}.svg`, svg);
      if (typeof png !== 'string') await fs.writeFile(`${stem}.png`, png(svg));
      err(`${stem}.svg${typeof png === 'string' ? '' : ', .png'}: ${figure.title}`);
    }
    return true;
  } catch (error) {
    err(`${dir}: ${describeFsError(error)}`);
    return false;
  }
}
