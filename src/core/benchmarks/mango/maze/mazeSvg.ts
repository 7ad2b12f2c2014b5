// A maze layout as a standalone SVG document (`waypoint mango layout --svg`): styles inline, a white
// background, so it reads the same in a browser, a paper or a README. Drawn like the maze view:
// rooms as rounded boxes, edges with arrowheads, imputed reverses dashed, up/down and other moves in
// their own colours, each edge's action in the label box the layout placed.
import { escapeHtml } from '../../../runs/plots';
import type { MazeLayout } from '../../../maze/mazeLayout';

const STYLE = `
.room rect { fill: #f4f6fa; stroke: #44546a; stroke-width: 1.3; }
.room.start rect { stroke: #1a7f37; stroke-width: 2.4; }
.room text { font: 12px sans-serif; fill: #1f2328; }
.edge { fill: none; stroke: #57606a; stroke-width: 1.4; }
.edge.vertical { stroke: #8250df; }
.edge.other { stroke: #bc4c00; }
.edge.imputed { stroke: #0969da; stroke-dasharray: 6 5; stroke-opacity: 0.8; }
.label { font: 10.5px sans-serif; fill: #57606a; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; }
.arrow { fill: #57606a; }
.arrow.imputed { fill: #0969da; }`;

const VERTICAL = new Set(['up', 'down']);
const COMPASS = new Set(['north', 'south', 'east', 'west', 'northeast', 'northwest', 'southeast', 'southwest']);

/** XML text: escaped, and without the control characters XML 1.0 forbids. */
function xmlText(text: string): string {
  return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '\ufffd'));
}

const round = (value: number) => Math.round(value * 10) / 10;

export function mazeSvg(layout: MazeLayout, title: string, start: string | null = null): string {
  const width = Math.ceil(layout.width);
  const height = Math.ceil(layout.height);
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${xmlText(title)}</title>`,
    `<style>${STYLE}</style>`,
    '<defs>',
    ...['arrow', 'arrow-imputed'].map(
      (id) =>
        `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" class="${id === 'arrow' ? 'arrow' : 'arrow imputed'}"/></marker>`,
    ),
    '</defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    '<g class="edges">',
  ];
  for (const edge of layout.edges) {
    const kind = VERTICAL.has(edge.action) ? ' vertical' : COMPASS.has(edge.action) ? '' : ' other';
    const d = edge.points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'} ${round(x)} ${round(y)}`).join(' ');
    lines.push(
      `<path class="edge${kind}${edge.explicit ? '' : ' imputed'}" d="${d}" marker-end="url(#${edge.explicit ? 'arrow' : 'arrow-imputed'})"><title>${xmlText(`${edge.src} —${edge.action}→ ${edge.dst}${edge.explicit ? '' : ' (imputed reverse)'}`)}</title></path>`,
    );
  }
  lines.push('</g>', '<g class="labels">');
  for (const edge of layout.edges) {
    const { x, y, width: w, height: h } = edge.label;
    lines.push(
      `<text class="label" x="${round(x + w / 2)}" y="${round(y + h / 2)}" text-anchor="middle" dominant-baseline="central">${xmlText(edge.action)}</text>`,
    );
  }
  lines.push('</g>', '<g class="rooms">');
  for (const node of layout.nodes) {
    lines.push(
      `<g class="room${node.id === start ? ' start' : ''}"><rect x="${round(node.x)}" y="${round(node.y)}" width="${round(node.width)}" height="${round(node.height)}" rx="8" ry="8"/><text x="${round(node.x + node.width / 2)}" y="${round(node.y + node.height / 2)}" text-anchor="middle" dominant-baseline="central">${xmlText(node.id)}</text></g>`,
    );
  }
  lines.push('</g>', '</svg>', '');
  return lines.join('\n');
}
