// Board timelines packed for the HTML report's replays. The board view's scenes are rich (sparse
// cells with colours and states, Hanoi rods, running tables); the report's small renderer draws
// only two kinds, so each frame keeps a grid as rows of glyph/style character pairs and every
// other scene as text. Two characters per cell keep a 40,000-record report's replays compact and
// let gzip find the repeats between frames.
import type { BoardFrame, BoardScene, BoardTimeline, GridCell, GridScene } from '../benchmark/board';
import { CREATURE_GLYPHS, TERRAIN_GLYPHS } from '../benchmark/board';

export interface PackedFrame {
  /** The action that led here (null: the initial state). */
  a: string | null;
  /**
   * Grid scenes: one string per row, two characters per cell: the glyph, then its style, shared with
   * the page script: `.` nothing, `W` wall or obstacle, `A` the agent, `S` the start cell, and the
   * BabyAI colours r g b p y e (grey).
   */
  g?: string[];
  /** Other scenes: the text shown in a <pre>. */
  x?: string;
  /** Facts: [label, value, tone ('good'|'bad'|'')]. */
  f?: Array<[string, string, string]>;
  /** A note explaining the step. */
  n?: string;
  /** Flags (invalid, noop, blocked, ...). */
  fl?: string[];
  /** The subgoal stack, current first. */
  sg?: string[];
}

export interface PackedReplay {
  /** Title of the replay. */
  t: string;
  /** Above the grid: the BabyAI mission. */
  m?: string;
  fr: PackedFrame[];
}

/** A record's replay, or why it has none (`omitted`: the host stopped building replays past the size budget). */
export type ReplayResult = { replay: PackedReplay } | { note: string } | { omitted: true };

const COLOR_STYLE: Record<string, string> = { red: 'r', green: 'g', blue: 'b', purple: 'p', yellow: 'y', grey: 'e' };
/** Agent headings 0 east, 1 south, 2 west, 3 north. */
const AGENT_GLYPHS = ['▶', '▼', '◀', '▲'];

function cellGlyph(cell: GridCell): [string, string] {
  switch (cell.kind) {
    case 'wall':
    case 'obstacle':
      return [' ', 'W'];
    case 'energy':
      return [cell.value > 9 ? '+' : String(cell.value), '.'];
    case 'door':
      return [cell.state === 'open' ? '_' : cell.state === 'locked' ? 'L' : 'D', COLOR_STYLE[cell.color]];
    case 'key':
      return ['K', COLOR_STYLE[cell.color]];
    case 'ball':
      return ['●', COLOR_STYLE[cell.color]];
    case 'box':
      return ['B', COLOR_STYLE[cell.color]];
    case 'terrain':
      return [cell.creature ? (CREATURE_GLYPHS[cell.creature] ?? '?') : (TERRAIN_GLYPHS[cell.material] ?? '?'), '.'];
  }
}

function gridRows(scene: GridScene): string[] {
  const glyphs: string[][] = Array.from({ length: scene.height }, () => Array(scene.width).fill(' '));
  const styles: string[][] = Array.from({ length: scene.height }, () => Array(scene.width).fill('.'));
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < scene.width && y < scene.height;
  if (scene.start && inside(scene.start.x, scene.start.y)) styles[scene.start.y][scene.start.x] = 'S';
  for (const cell of scene.cells) {
    if (!inside(cell.x, cell.y)) continue;
    const [glyph, style] = cellGlyph(cell);
    glyphs[cell.y][cell.x] = glyph;
    if (style !== '.' || styles[cell.y][cell.x] !== 'S') styles[cell.y][cell.x] = style;
  }
  const agent = scene.agent;
  if (agent && inside(agent.x, agent.y)) {
    // A GRASP agent (no heading) keeps the cell's energy visible; a BabyAI agent shows its heading.
    const here = glyphs[agent.y][agent.x];
    glyphs[agent.y][agent.x] = agent.dir !== undefined ? AGENT_GLYPHS[agent.dir] : here === ' ' ? '●' : here;
    styles[agent.y][agent.x] = 'A';
  }
  return glyphs.map((row, y) => row.map((glyph, x) => glyph + styles[y][x]).join(''));
}

function sceneText(scene: Exclude<BoardScene, GridScene>): string {
  if (scene.kind === 'text') return scene.text;
  if (scene.kind === 'hanoi') {
    const labels = scene.rodLabels ?? scene.rods.map((_, index) => String.fromCharCode(65 + index));
    return (
      scene.rods.map((rod, index) => `${labels[index]}: ${rod.length ? rod.join(' ') : '—'}`).join('\n') +
      `\n(disks bottom to top; 0 is the smallest of ${scene.disks})`
    );
  }
  const widths = scene.columns.map((column, index) =>
    Math.max(column.length, ...scene.rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => (cell ?? '').padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  return [line(scene.columns), ...scene.rows.map(line)].join('\n');
}

function packFrame(frame: BoardFrame): PackedFrame {
  const packed: PackedFrame = { a: frame.action };
  if (frame.scene.kind === 'grid') packed.g = gridRows(frame.scene);
  else packed.x = sceneText(frame.scene);
  if (frame.facts?.length) packed.f = frame.facts.map((fact) => [fact.label, fact.value, fact.tone ?? '']);
  if (frame.note) packed.n = frame.note;
  if (frame.flags?.length) packed.fl = [...frame.flags];
  if (frame.subgoals?.length) packed.sg = [...frame.subgoals];
  return packed;
}

/** A board timeline as the report embeds it. */
export function packTimeline(timeline: BoardTimeline): PackedReplay {
  const first = timeline.frames[0]?.scene;
  const mission = first?.kind === 'grid' ? first.mission : undefined;
  return { t: timeline.title, ...(mission ? { m: mission } : {}), fr: timeline.frames.map(packFrame) };
}
