// Draws any scene kind into the canvas and keeps what export, hover and authoring need.
import type { BoardPathMark, BoardScene } from '../../src/protocol/board';
import { drawGrid, type DrawnGrid } from './gridRender';
import { drawHanoi } from './hanoiRender';
import { deriveLegend, drawLegend } from './legend';
import { drawTable, drawText } from './tableRender';

export interface DrawnScene {
  /** Set for SVG scenes (grid, hanoi): what export needs. */
  svg: { element: SVGSVGElement; width: number; height: number } | null;
  grid: DrawnGrid | null;
  legend: HTMLElement | null;
}

export function drawScene(
  canvas: HTMLElement,
  scene: BoardScene,
  path: readonly BoardPathMark[],
  frame: number,
): DrawnScene {
  canvas.dataset.kind = scene.kind;
  if (scene.kind === 'grid') {
    const grid = drawGrid(scene, path, frame);
    canvas.replaceChildren(grid.svg);
    const entries = Array.isArray(scene.legend) ? scene.legend : deriveLegend(scene, path);
    return {
      svg: { element: grid.svg, width: grid.width, height: grid.height },
      grid,
      legend: entries.length > 0 ? drawLegend(entries, scene.agent ?? null) : null,
    };
  }
  if (scene.kind === 'hanoi') {
    const hanoi = drawHanoi(scene);
    canvas.replaceChildren(hanoi.svg);
    return { svg: { element: hanoi.svg, width: hanoi.width, height: hanoi.height }, grid: null, legend: null };
  }
  if (scene.kind === 'table') {
    canvas.replaceChildren(drawTable(scene));
    canvas.querySelector('tr.current')?.scrollIntoView({ block: 'nearest' });
  } else canvas.replaceChildren(drawText(scene));
  return { svg: null, grid: null, legend: null };
}
