// A board scene as a standalone SVG document (the `render` tool): the board view draws scenes with
// the DOM in its webview (webview/board/gridRender.ts), which a tool cannot run, so this draws the
// same plain data (core/benchmark/board.ts) as text. Styles inline, white background, every text
// from a file escaped, like the maze's SVG (core/benchmarks/mango/maze/mazeSvg.ts).
import {
  type BoardColor,
  type BoardFrame,
  type BoardPathMark,
  type BoardScene,
  CREATURE_GLYPHS,
  type GridScene,
  type HanoiScene,
  type TableScene,
  TERRAIN_GLYPHS,
  type TerrainMaterial,
} from '../benchmark/board';
import { escapeHtml } from '../runs/plots';

const CELL = 28;
const MARGIN = 24;

const COLORS: Readonly<Record<BoardColor, string>> = {
  red: '#d1242f',
  green: '#1a7f37',
  blue: '#0969da',
  purple: '#8250df',
  yellow: '#bf8700',
  grey: '#6e7781',
};

const TERRAIN: Readonly<Record<TerrainMaterial, string>> = {
  water: '#9cc9f5',
  grass: '#b9e3a1',
  stone: '#b7b7b7',
  path: '#e8dcc2',
  sand: '#f2e3a5',
  tree: '#5f9e50',
  lava: '#f08a4b',
  coal: '#555555',
  iron: '#c9a38f',
  diamond: '#a3f0ee',
  table: '#b58b57',
  furnace: '#8d6e63',
};

/** XML text: escaped, without the control characters XML 1.0 forbids. */
function xml(text: string): string {
  return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '\ufffd'));
}

function document(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${xml(title)}</title>`,
    '<style>text{font:12px sans-serif;fill:#1f2328}.mono{font:12px monospace}.glyph{font:15px sans-serif;text-anchor:middle;dominant-baseline:central}</style>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
  ].join('\n');
}

/** The frame's scene, with the path marks made up to it and the frame's action as the caption. */
export function frameSvg(frame: BoardFrame, title: string, path: readonly BoardPathMark[] = [], index = 0): string {
  const marks = path.filter((mark) => mark.frame <= index);
  return sceneSvg(frame.scene, frame.action === null ? title : `${title} — after ${frame.action}`, marks);
}

export function sceneSvg(scene: BoardScene, title: string, path: readonly BoardPathMark[] = []): string {
  switch (scene.kind) {
    case 'grid':
      return gridSvg(scene, title, path);
    case 'hanoi':
      return hanoiSvg(scene, title);
    case 'table':
      return tableSvg(scene, title);
    case 'text':
      return textSvg(scene.text.split(/\r?\n/), title);
  }
}

const centre = (value: number) => MARGIN + value * CELL + CELL / 2;

// Over 50 lines: one flat case per cell kind of the scene, drawn in order; pieces would only pass `body` around.
function gridSvg(scene: GridScene, title: string, path: readonly BoardPathMark[]): string {
  const top = MARGIN + (scene.mission ? 20 : 0);
  const width = scene.width * CELL + 2 * MARGIN;
  const height = scene.height * CELL + MARGIN + top;
  const body: string[] = [];
  if (scene.mission)
    body.push(
      `<text x="${MARGIN}" y="${MARGIN + 4}">${xml(`${scene.missionLabel ?? 'Mission'}: ${scene.mission}`)}</text>`,
    );
  body.push(`<g transform="translate(0 ${top - MARGIN})">`);
  for (let y = 0; y < scene.height; y++)
    for (let x = 0; x < scene.width; x++)
      body.push(
        `<rect x="${MARGIN + x * CELL}" y="${MARGIN + y * CELL}" width="${CELL}" height="${CELL}" fill="#fafbfc" stroke="#d0d7de"/>`,
      );
  const energyMax =
    scene.energyMax ?? Math.max(1, ...scene.cells.map((cell) => (cell.kind === 'energy' ? cell.value : 0)));
  for (const cell of scene.cells) {
    const x = MARGIN + cell.x * CELL;
    const y = MARGIN + cell.y * CELL;
    const box = `x="${x}" y="${y}" width="${CELL}" height="${CELL}"`;
    const glyph = (text: string, fill = '#1f2328') =>
      `<text class="glyph" x="${x + CELL / 2}" y="${y + CELL / 2}" fill="${fill}">${xml(text)}</text>`;
    switch (cell.kind) {
      case 'wall':
        body.push(`<rect ${box} fill="#57606a"/>`);
        break;
      case 'door':
        body.push(
          `<rect ${box} fill="${cell.state === 'open' ? '#ffffff' : COLORS[cell.color]}" stroke="${COLORS[cell.color]}" stroke-width="3"/>`,
          cell.state === 'locked' ? glyph('🔒') : '',
        );
        break;
      case 'key':
        body.push(glyph('⚷', COLORS[cell.color]));
        break;
      case 'ball':
        body.push(`<circle cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="${CELL / 3}" fill="${COLORS[cell.color]}"/>`);
        break;
      case 'box':
        body.push(
          `<rect x="${x + 5}" y="${y + 5}" width="${CELL - 10}" height="${CELL - 10}" fill="none" stroke="${COLORS[cell.color]}" stroke-width="3"/>`,
        );
        break;
      case 'energy':
        body.push(
          `<rect ${box} fill="#1a7f37" fill-opacity="${cell.value === 0 ? 0 : (0.15 + (0.6 * cell.value) / energyMax).toFixed(2)}"/>`,
          glyph(String(cell.value)),
        );
        break;
      case 'obstacle':
        body.push(`<rect ${box} fill="#24292f"/>`);
        break;
      case 'terrain':
        body.push(
          `<rect ${box} fill="${TERRAIN[cell.material]}"/>`,
          glyph(cell.creature ? CREATURE_GLYPHS[cell.creature] : TERRAIN_GLYPHS[cell.material]),
        );
        break;
    }
  }
  if (scene.start)
    body.push(
      `<rect x="${MARGIN + scene.start.x * CELL + 2}" y="${MARGIN + scene.start.y * CELL + 2}" width="${CELL - 4}" height="${CELL - 4}" fill="none" stroke="#0969da" stroke-width="2" stroke-dasharray="4 3"/>`,
    );
  for (const mark of path) body.push(markSvg(mark));
  const agent = scene.agent;
  if (agent) {
    const cx = centre(agent.x);
    const cy = centre(agent.y);
    if (agent.dir === undefined) body.push(`<circle cx="${cx}" cy="${cy}" r="${CELL / 3}" fill="#cf222e"/>`);
    else {
      const r = CELL / 2.6;
      body.push(
        `<polygon points="${r},0 ${-r * 0.8},${r * 0.75} ${-r * 0.8},${-r * 0.75}" fill="#cf222e" transform="translate(${cx} ${cy}) rotate(${agent.dir * 90})"/>`,
      );
    }
  }
  body.push('</g>');
  return document(width, height, title, body);
}

function markSvg(mark: BoardPathMark): string {
  const [x1, y1, x2, y2] = [centre(mark.from.x), centre(mark.from.y), centre(mark.to.x), centre(mark.to.y)];
  switch (mark.mark) {
    case 'arrow':
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#0969da" stroke-width="2" stroke-opacity="0.7"/>`;
    case 'star':
      return `<text class="glyph" x="${x1}" y="${y1 - 8}" fill="#bf8700">★</text>`;
    case 'ring':
      return `<circle cx="${x1}" cy="${y1}" r="${CELL / 2.5}" fill="none" stroke="#cf222e" stroke-width="2"/>`;
    case 'cross':
      return `<text class="glyph" x="${(x1 + x2) / 2}" y="${(y1 + y2) / 2}" fill="#cf222e">✕</text>`;
  }
}

function hanoiSvg(scene: HanoiScene, title: string): string {
  const rodWidth = 40 + scene.disks * 20;
  const height = 60 + scene.disks * 18;
  const width = scene.rods.length * rodWidth + 2 * MARGIN;
  const body: string[] = [];
  scene.rods.forEach((rod, index) => {
    const cx = MARGIN + index * rodWidth + rodWidth / 2;
    body.push(`<rect x="${cx - 3}" y="${MARGIN}" width="6" height="${height - MARGIN - 20}" fill="#8c959f"/>`);
    rod.forEach((disk, level) => {
      const w = 24 + disk * 18;
      body.push(
        `<rect x="${cx - w / 2}" y="${height - 20 - (level + 1) * 16}" width="${w}" height="14" rx="4" fill="#0969da"/>`,
      );
    });
    body.push(
      `<text x="${cx}" y="${height - 4}" text-anchor="middle">${xml(scene.rodLabels?.[index] ?? String.fromCharCode(65 + index))}</text>`,
    );
  });
  return document(width, height, title, body);
}

function tableSvg(scene: TableScene, title: string): string {
  const rows = [scene.columns, ...scene.rows];
  const widths = scene.columns.map(
    (_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length), 3) * 8 + 16,
  );
  const current = (scene.currentRow ?? scene.rows.length - 1) + 1;
  const body: string[] = [];
  rows.forEach((row, index) => {
    let x = MARGIN;
    const y = MARGIN + index * 20;
    if (index === current)
      body.push(
        `<rect x="${MARGIN}" y="${y - 14}" width="${widths.reduce((a, b) => a + b, 0)}" height="20" fill="#ddf4ff"/>`,
      );
    row.forEach((cell, column) => {
      body.push(`<text class="mono" x="${x}" y="${y}"${index === 0 ? ' font-weight="bold"' : ''}>${xml(cell)}</text>`);
      x += widths[column] ?? 0;
    });
  });
  return document(widths.reduce((a, b) => a + b, 0) + 2 * MARGIN, rows.length * 20 + 2 * MARGIN, title, body);
}

function textSvg(lines: readonly string[], title: string): string {
  const width = Math.max(...lines.map((line) => line.length), 20) * 7.3 + 2 * MARGIN;
  const body = lines.map(
    (line, index) =>
      `<text class="mono" x="${MARGIN}" y="${MARGIN + index * 16}" xml:space="preserve">${xml(line)}</text>`,
  );
  return document(Math.ceil(width), lines.length * 16 + 2 * MARGIN, title, body);
}
