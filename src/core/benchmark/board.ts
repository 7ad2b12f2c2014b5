// What the board view draws: benchmark states (BabyAI / GRASP grids, Tower of Hanoi rods, SmartPlay
// tables and text observations) and timelines through them. Plain data only and benchmark-neutral:
// each benchmark's core builds these shapes, src/protocol/board.ts carries them to the webview (it
// re-exports these types; core never imports protocol).
import type { GlossaryEntry } from '../runs/glossary';

export type { GlossaryEntry } from '../runs/glossary';

/** A cell of a grid. `x` is the column and `y` the row, both 0-based from the top-left corner,
 *  whatever the scene's `coordinateSystem` (that only decides how coordinates are shown). */
export interface BoardPoint {
  x: number;
  y: number;
}

/** The six BabyAI/MiniGrid colours. */
export type BoardColor = 'red' | 'green' | 'blue' | 'purple' | 'yellow' | 'grey';

export type DoorState = 'open' | 'closed' | 'locked';

/** An object that can be carried or sit in a box. */
export interface BoardObject {
  kind: 'key' | 'ball' | 'box';
  color: BoardColor;
}

/** One non-empty cell of a sparse grid; at most one entry per (x, y). */
export type GridCell =
  | { x: number; y: number; kind: 'wall' }
  | { x: number; y: number; kind: 'door'; color: BoardColor; state: DoorState }
  | { x: number; y: number; kind: 'key' | 'ball'; color: BoardColor }
  | { x: number; y: number; kind: 'box'; color: BoardColor; contains?: BoardObject | null }
  /** A GRASP cell holding `value` units of energy (0 is drawn as an empty cell with a 0). */
  | { x: number; y: number; kind: 'energy'; value: number }
  | { x: number; y: number; kind: 'obstacle' }
  /** A Crafter tile: its material, and the creature standing on it (the player is the agent). */
  | { x: number; y: number; kind: 'terrain'; material: TerrainMaterial; creature?: Creature | null };

/** Crafter's materials (data.yaml), each drawn as a coloured tile with its own glyph. */
export type TerrainMaterial =
  | 'water'
  | 'grass'
  | 'stone'
  | 'path'
  | 'sand'
  | 'tree'
  | 'lava'
  | 'coal'
  | 'iron'
  | 'diamond'
  | 'table'
  | 'furnace';

/** Crafter's non-player objects, drawn as a lettered badge over the tile. */
export type Creature = 'cow' | 'zombie' | 'skeleton' | 'arrow' | 'plant';

/** Each material's glyph (the board and the results page's replays both draw it): tiles differ by symbol, not only by colour. */
export const TERRAIN_GLYPHS: Readonly<Record<TerrainMaterial, string>> = {
  water: '~',
  grass: '"',
  stone: '#',
  path: '·',
  sand: ':',
  tree: '♣',
  lava: '≈',
  coal: 'c',
  iron: 'i',
  diamond: '◆',
  table: 'T',
  furnace: 'F',
};

/** Each creature's badge letter. */
export const CREATURE_GLYPHS: Readonly<Record<Creature, string>> = {
  cow: 'C',
  zombie: 'Z',
  skeleton: 'S',
  arrow: '➜',
  plant: 'P',
};

/** 0 east, 1 south, 2 west, 3 north (MiniGrid's agent_dir). */
export type BoardDirection = 0 | 1 | 2 | 3;

export interface GridAgent {
  x: number;
  y: number;
  /** Omitted for agents without a heading (GRASP): drawn as a disc instead of a triangle. */
  dir?: BoardDirection;
  carrying?: BoardObject | null;
}

/** Symbols the legend can show; the same drawing code draws the grid and the legend. */
export type BoardLegendSymbol =
  | 'wall'
  | 'door-open'
  | 'door-closed'
  | 'door-locked'
  | 'key'
  | 'ball'
  | 'box'
  | 'energy'
  | 'obstacle'
  | 'start'
  | 'agent'
  | 'arrow'
  | 'star'
  | 'cross'
  | 'ring'
  | 'terrain'
  | 'creature';

export interface BoardLegendEntry {
  symbol: BoardLegendSymbol;
  label: string;
  color?: BoardColor;
  /** The tile a `terrain` entry shows. */
  material?: TerrainMaterial;
  /** The badge a `creature` entry shows. */
  creature?: Creature;
}

export interface GridScene {
  kind: 'grid';
  width: number;
  height: number;
  cells: GridCell[];
  agent?: GridAgent | null;
  /** A start cell to mark (GRASP's `start`). */
  start?: BoardPoint | null;
  /** 'xy' shows "(x, y)" (BabyAI); 'rowcol' shows "row y, col x" (GRASP stores [row, col]). */
  coordinateSystem: 'xy' | 'rowcol';
  /** Coordinates of cell (0, 0) in a larger world, when the grid is a window onto one (Crafter's
   *  9×7 view of its 64×64 world): axis numbers and hover positions then show world coordinates. */
  origin?: BoardPoint;
  /** Shown above the grid, and editable in authoring mode. */
  mission?: string;
  /** What that text is, when it is not a mission (SmartPlay shows the model's observation there); `Mission` when absent. */
  missionLabel?: string;
  /** Energy that gets the strongest shading; defaults to the largest value in the scene. Keep it
   *  constant over a timeline so shading does not jump between frames. */
  energyMax?: number;
  /** Omitted: the webview derives a legend from what the scene and the path contain. */
  legend?: BoardLegendEntry[];
}

/** Tower of Hanoi: disk sizes per rod, bottom to top; 0 is the smallest disk (SmartPlay's numbering). */
export interface HanoiScene {
  kind: 'hanoi';
  rods: number[][];
  disks: number;
  /** Defaults to A, B, C, ... */
  rodLabels?: string[];
}

/** A running table (Bandits, Rock-Paper-Scissors): one row per step so far. */
export interface TableScene {
  kind: 'table';
  columns: string[];
  rows: string[][];
  /** The row to emphasise (usually the latest); defaults to the last row. */
  currentRow?: number;
}

/** A text observation (Minecraft, and Messenger or Crafter logs that cannot be re-played), shown verbatim in a monospace block. */
export interface TextScene {
  kind: 'text';
  text: string;
}

export type BoardScene = GridScene | HanoiScene | TableScene | TextScene;

/** How a step went: invalid (not an action of the game), noop (valid but changed nothing), ... */
export type BoardFrameFlag = 'invalid' | 'noop' | 'blocked' | 'takeSucceeded' | 'takeFailed';

/** A line of the side panel: carried object or energy, reward, score, steps left, mission status. */
export interface BoardFact {
  label: string;
  value: string;
  tone?: 'good' | 'bad';
}

export interface BoardFrame {
  /** The full state after `action` (no deltas). */
  scene: BoardScene;
  /** The action that led here; null for the initial state (frame 0). */
  action: string | null;
  /**
   * A short form of the action for the timeline strip, shown whole (e.g. `A → C` for a Hanoi move,
   * whose long sentence would be cut before its destination); the tooltip keeps the full action.
   */
  label?: string;
  flags?: BoardFrameFlag[];
  /** One line explaining the step, e.g. "blocked by an obstacle" or the raw model token. */
  note?: string;
  facts?: BoardFact[];
  /** Subgoal stack at this step, the current subgoal first. */
  subgoals?: string[];
}

/** A mark of a grid path in the style of the GRASP paper's Figure 2. `arrow`: a move from → to;
 *  `star`: a successful TAKE at `from`; `ring`: a failed TAKE at `from`; `cross`: a blocked move
 *  from `from` towards `to` (which may lie outside the grid), drawn between the two cells. */
export interface BoardPathMark {
  /** The frame whose action made the mark: it shows from that frame on. */
  frame: number;
  from: BoardPoint;
  to: BoardPoint;
  mark: 'arrow' | 'star' | 'cross' | 'ring';
}

export interface BoardTimeline {
  title: string;
  /**
   * What this timeline's facts and terms mean (a game's score, GRASP's μ2): listed under the facts
   * and shown as each fact's tooltip, so a number is never left unexplained.
   */
  glossary?: GlossaryEntry[];
  /** frames[0] is the initial state; frames[i] the state after the i-th action. */
  frames: BoardFrame[];
  /** Path overlay for grid scenes. */
  path?: BoardPathMark[];
}

/** An authoring tool the board offers as a palette while a file is edited on it; its id comes back in a `cellClick` gesture. */
export interface BoardToolDeclaration {
  id: string;
  label: string;
}

/** A gesture on an editable board (the webview's authoring messages, as the host hands them to the file's benchmark). */
export type BoardGesture =
  | { type: 'cellClick'; x: number; y: number; button: 'primary' | 'secondary'; tool: string | null }
  | { type: 'cellDrag'; from: BoardPoint; to: BoardPoint }
  | { type: 'toggleDoor'; x: number; y: number }
  | { type: 'editMission'; text: string };

/** One replacement in a file's text: `length` characters at `offset` become `content`. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}
