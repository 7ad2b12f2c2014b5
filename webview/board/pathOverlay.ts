// A trajectory drawn over a grid in the style of the GRASP paper's Figure 2: an arrow per move
// across the cell border (back-and-forth moves side by side), a star where a TAKE succeeded, a
// ring where one failed and a cross on the border a blocked move ran into. Marks appear from the
// frame that made them; the current frame's marks are emphasised.
import type { BoardPathMark } from '../../src/protocol/board';
import { starPoints, svgElement } from './svg';

/** Gap between an arrow and the cell centres, as a share of the cell. */
const INSET = 0.27;
/** Sideways shift so that A→B and B→A arrows do not overlap. */
const SHIFT = 0.11;

function centre(point: { x: number; y: number }, size: number): [number, number] {
  return [(point.x + 0.5) * size, (point.y + 0.5) * size];
}

function arrow(mark: BoardPathMark, size: number, current: boolean): SVGElement {
  const [x1, y1] = centre(mark.from, size);
  const [x2, y2] = centre(mark.to, size);
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  // Right-hand side of the direction of travel.
  const sx = -uy * SHIFT * size;
  const sy = ux * SHIFT * size;
  const inset = Math.min(INSET * size, length / 3);
  return svgElement('line', {
    x1: (x1 + ux * inset + sx).toFixed(2),
    y1: (y1 + uy * inset + sy).toFixed(2),
    x2: (x2 - ux * inset + sx).toFixed(2),
    y2: (y2 - uy * inset + sy).toFixed(2),
    'marker-end': current ? 'url(#board-arrowhead-current)' : 'url(#board-arrowhead)',
  });
}

function cross(mark: BoardPathMark, size: number): SVGElement {
  const [x1, y1] = centre(mark.from, size);
  const [x2, y2] = centre(mark.to, size);
  const same = mark.from.x === mark.to.x && mark.from.y === mark.to.y;
  const cx = same ? x1 : (x1 + x2) / 2;
  const cy = same ? y1 : (y1 + y2) / 2;
  const r = 0.14 * size;
  return svgElement('path', {
    d: `M ${cx - r} ${cy - r} L ${cx + r} ${cy + r} M ${cx - r} ${cy + r} L ${cx + r} ${cy - r}`,
  });
}

export function drawPath(path: readonly BoardPathMark[], currentFrame: number, size: number): SVGGElement {
  const layer = svgElement('g', { class: 'path-layer' });
  const defs = svgElement('defs');
  for (const [id, cls] of [
    ['board-arrowhead', 'arrowhead'],
    ['board-arrowhead-current', 'arrowhead current'],
  ]) {
    const marker = svgElement('marker', {
      id,
      viewBox: '0 0 10 10',
      refX: 7,
      refY: 5,
      markerWidth: 4.2,
      markerHeight: 4.2,
      orient: 'auto',
      markerUnits: 'strokeWidth',
    });
    marker.append(svgElement('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: cls }));
    defs.append(marker);
  }
  layer.append(defs);
  const takesPerCell = new Map<string, number>();
  for (const mark of path) {
    if (!(mark.frame <= currentFrame)) continue;
    let drawn: SVGElement;
    if (mark.mark === 'arrow') drawn = arrow(mark, size, mark.frame === currentFrame);
    else if (mark.mark === 'cross') drawn = cross(mark, size);
    else if (mark.mark === 'ring') {
      const [cx, cy] = centre(mark.from, size);
      drawn = svgElement('circle', { cx, cy, r: 0.43 * size });
    } else {
      // Stars sit in the cell's top-right corner (the amount stays readable); repeats step left.
      const key = `${mark.from.x},${mark.from.y}`;
      const count = takesPerCell.get(key) ?? 0;
      takesPerCell.set(key, count + 1);
      const [cx, cy] = centre(mark.from, size);
      drawn = svgElement('polygon', {
        points: starPoints(cx + (0.33 - Math.min(count, 3) * 0.19) * size, cy - 0.31 * size, 0.16 * size),
      });
    }
    drawn.setAttribute('class', `path-mark mark-${mark.mark}${mark.frame === currentFrame ? ' current' : ''}`);
    drawn.setAttribute('data-frame', String(mark.frame));
    layer.append(drawn);
  }
  return layer;
}
