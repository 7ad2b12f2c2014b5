// The board view's message protocol: one webview app that draws benchmark states
// (BabyAI / GRASP grids, Tower of Hanoi rods, SmartPlay tables and text observations) and steps
// through trajectories. The scenes and timelines it draws are core's (core/boardScene.ts): plain
// data the extension or core builds; the webview never simulates anything.

import type { BoardPoint, BoardScene, BoardTimeline } from '../core/boardScene';

export type { BoardPoint, BoardColor, DoorState, BoardObject, GridCell, GridCellKind, BoardDirection, GridAgent, BoardLegendSymbol, BoardLegendEntry, GridScene, HanoiScene, TableScene, TextScene, BoardScene, BoardFrameFlag, BoardFact, BoardFrame, BoardPathMark, BoardTimeline } from '../core/boardScene';
export { BOARD_COLORS } from '../core/boardScene';

/** An authoring tool offered as a palette; its id comes back in `cellClick`. */
export interface BoardTool {
  id: string;
  label: string;
}

export interface BoardModifiers {
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
}

export type HostToBoardMessage =
  /** Shows a timeline at `frame` (default 0). */
  | { type: 'timeline'; timeline: BoardTimeline; frame?: number }
  /** Shows one static scene; `editable` turns authoring on (the host applies every edit and
   *  sends the resulting scene back: the webview never changes a scene itself). */
  | { type: 'scene'; scene: BoardScene; title: string; editable?: boolean; tools?: BoardTool[] }
  /** Moves the current timeline to `frame` (not echoed back as a `frame` message). */
  | { type: 'select'; frame: number };

export type BoardToHostMessage =
  | { type: 'ready' }
  /** The user moved to another frame. */
  | { type: 'frame'; index: number }
  /** Authoring: a click on a cell (not a door click without a tool, see toggleDoor). `tool` is the
   *  palette tool selected, if any; `button` is 'secondary' for a right click. */
  | { type: 'cellClick'; x: number; y: number; modifiers: BoardModifiers; button: 'primary' | 'secondary'; tool: string | null }
  /** Authoring: the agent or an object dragged from one cell to another. */
  | { type: 'cellDrag'; from: BoardPoint; to: BoardPoint }
  /** Authoring: a click on a door with no tool selected. */
  | { type: 'toggleDoor'; x: number; y: number }
  /** Authoring: the mission text, on Enter or when the field loses focus. */
  | { type: 'editMission'; text: string }
  /** Export of a drawn grid or Hanoi scene: `data` is SVG text, or a PNG as base64. */
  | { type: 'export'; format: 'svg' | 'png'; fileName: string; data: string };
