// The board view's message protocol, one zod schema per direction; both sides use the inferred
// types and the receiving side parses every message with the schema. The drawn data (scenes,
// frames, timelines) is plain data built by core: declared in src/core/benchmark/board.ts, re-exported here.
import * as z from 'zod/mini';
import type { BoardColor, BoardScene, BoardTimeline } from '../core/benchmark/board';
import { exportMessage } from './webviewMessage';

export type * from '../core/benchmark/board';

// A Record keyed by the core union: a colour added to or missing from BoardColor fails to compile.
const COLORS: Record<BoardColor, true> = { red: true, green: true, blue: true, purple: true, yellow: true, grey: true };
/** The six BabyAI/MiniGrid colours, in MiniGrid's order. */
export const BOARD_COLORS = Object.keys(COLORS) as readonly BoardColor[];

// Scenes are checked as far as choosing a renderer needs: the renderers still treat every field
// defensively (clamped sizes, text inserted as text), so this only keeps obviously wrong data out.
// A plain predicate, not a zod schema: a timeline can hold thousands of frames, and zod without its
// compiled checks (the webview's CSP forbids them) took ~10 µs a frame against well under 1 µs here.
function isScene(value: unknown): value is BoardScene {
  if (typeof value !== 'object' || value === null) return false;
  const scene = value as Record<string, unknown>;
  switch (scene.kind) {
    case 'grid':
      return typeof scene.width === 'number' && typeof scene.height === 'number' && Array.isArray(scene.cells);
    case 'hanoi':
      return Array.isArray(scene.rods);
    case 'table':
      return Array.isArray(scene.columns) && Array.isArray(scene.rows);
    case 'text':
      return typeof scene.text === 'string';
    default:
      return false;
  }
}

function isTimeline(value: unknown): value is BoardTimeline {
  if (typeof value !== 'object' || value === null) return false;
  const frames = (value as { frames?: unknown }).frames;
  return (
    Array.isArray(frames) &&
    frames.every(
      (frame: unknown) => typeof frame === 'object' && frame !== null && isScene((frame as { scene?: unknown }).scene),
    )
  );
}

const scene = z.custom<BoardScene>(isScene);
const timeline = z.custom<BoardTimeline>(isTimeline);

/** An authoring tool offered as a palette; its id comes back in `cellClick`. */
const boardTool = z.object({ id: z.string(), label: z.string() });
export type BoardTool = z.infer<typeof boardTool>;

const boardPoint = z.object({ x: z.int(), y: z.int() });

export const hostToBoardMessage = z.discriminatedUnion('type', [
  /** Shows a timeline at `frame` (default 0). */
  z.object({ type: z.literal('timeline'), timeline, frame: z.optional(z.number()) }),
  /** Shows one static scene; `editable` turns authoring on (the host applies every edit and
   *  sends the resulting scene back: the webview never changes a scene itself). */
  z.object({
    type: z.literal('scene'),
    scene,
    title: z.string(),
    editable: z.optional(z.boolean()),
    tools: z.optional(z.array(boardTool)),
  }),
  /** Moves the current timeline to `frame` (not echoed back as a `frame` message). */
  z.object({ type: z.literal('select'), frame: z.number() }),
]);
export type HostToBoardMessage = z.infer<typeof hostToBoardMessage>;

export const boardToHostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The user moved to another frame. */
  z.object({ type: z.literal('frame'), index: z.int() }),
  /** Authoring: a click on a cell (not a door click without a tool, see toggleDoor). `tool` is the
   *  palette tool selected, if any; `button` is 'secondary' for a right click. */
  z.object({
    type: z.literal('cellClick'),
    x: z.int(),
    y: z.int(),
    button: z.enum(['primary', 'secondary']),
    tool: z.nullable(z.string()),
    modifiers: z.object({ shift: z.boolean(), ctrl: z.boolean(), alt: z.boolean(), meta: z.boolean() }),
  }),
  /** Authoring: the agent or an object dragged from one cell to another. */
  z.object({ type: z.literal('cellDrag'), from: boardPoint, to: boardPoint }),
  /** Authoring: a click on a door with no tool selected. */
  z.object({ type: z.literal('toggleDoor'), x: z.int(), y: z.int() }),
  /** Authoring: the mission text, on Enter or when the field loses focus. */
  z.object({ type: z.literal('editMission'), text: z.string() }),
  exportMessage,
]);
export type BoardToHostMessage = z.infer<typeof boardToHostMessage>;
