// The legend of the routes drawn over the maze: each entry is a small sample drawn with the same
// classes (so the same colour, dash and marker) as on the map; the ghost's sample has its own class
// so that `.ghost-edge` counts only moves drawn on the map.
import type { ExpectedRoute, RouteQuestion } from '../../src/protocol/maze';
import { svgElement } from '../shared/svg';

/** `marker`: the id of the map's marker whose shape and colour the sample ends with. */
function sample(
  cls: string,
  marker: 'route-arrow-model' | 'route-arrow-active' | 'route-diamond-compare' | null,
  ghost = false,
): SVGSVGElement {
  const svg = svgElement('svg', {
    class: 'route-sample',
    viewBox: '0 0 40 12',
    width: 40,
    height: 12,
    'aria-hidden': 'true',
  });
  svg.append(
    ghost
      ? svgElement('line', { x1: 3, y1: 6, x2: 37, y2: 6, class: cls })
      : svgElement('path', { d: 'M 3 6 L 30 6', class: cls }),
  );
  if (marker)
    svg.append(
      svgElement('path', {
        d:
          marker === 'route-diamond-compare' ? 'M 29 6 L 33.5 1.5 L 38 6 L 33.5 10.5 z' : 'M 29 1.5 L 38 6 L 29 10.5 z',
        class: `marker-${marker}`,
      }),
    );
  return svg;
}

function item(svg: SVGSVGElement, text: string, cls: string): HTMLElement {
  const entry = document.createElement('span');
  entry.className = `route-legend-item ${cls}`;
  const label = document.createElement('span');
  label.textContent = text;
  entry.append(svg, label);
  return entry;
}

export function routeLegend(parts: {
  question: RouteQuestion | null;
  expected: ExpectedRoute | null;
  model: string;
  compare: string | null;
}): HTMLElement[] {
  const entries: HTMLElement[] = [];
  if (parts.question && parts.expected) {
    const name = parts.question.task === 'rf' ? 'expected: a shortest route' : 'expected: the walkthrough path';
    entries.push(
      item(
        sample('route route-expected', null),
        parts.expected.problem ? `${name} (${parts.expected.problem})` : name,
        'legend-expected',
      ),
    );
  }
  entries.push(item(sample('route route-model verdict-valid', 'route-arrow-model'), parts.model, 'legend-model'));
  entries.push(
    item(sample('route route-model verdict-imputed', 'route-arrow-model'), 'imputed reverse', 'legend-imputed-step'),
  );
  entries.push(item(sample('route route-active', 'route-arrow-active'), 'active step', 'legend-active'));
  if (parts.compare !== null)
    entries.push(item(sample('route route-compare', 'route-diamond-compare'), `B: ${parts.compare}`, 'legend-compare'));
  entries.push(item(sample('ghost-sample', null, true), 'no such move', 'legend-ghost'));
  return entries;
}
