// The maze view's message protocol, one zod schema per direction; both sides use the inferred types
// and the receiving side parses every message with the schema. The host (extension, or the browser
// test host) sends a MazeGraph built by core; the webview lays it out and draws it, and reports
// clicks back. The drawn data is declared in src/core/maze/mazeView.ts and re-exported here.
import * as z from 'zod/mini';
import type { LayoutEngineName } from '../core/maze/layoutEngines';
import type { MapDiffCounts, MapDiffPane } from '../core/benchmarks/mango/maze/mapDiffView';
import type { CutoffStats, ExpectedRoute, MazeGraph, RouteQuestion, Trajectory } from '../core/maze/mazeView';
import { exportMessage } from './webviewMessage';

export type * from '../core/maze/mazeView';
export type { MapDiffCounts, MapDiffPane } from '../core/benchmarks/mango/maze/mapDiffView';
export type { ModelEdgeDiff } from '../core/benchmarks/mango/scoring/mapDiff';

// Graphs and trajectories are checked as far as the drawing code relies on (it treats the rest
// defensively). Plain predicates: a graph can hold thousands of edges, which zod would walk one by
// one without its compiled checks (the webview's CSP forbids them).
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const graph = z.custom<MazeGraph>(
  (value) => isObject(value) && Array.isArray(value.nodes) && Array.isArray(value.edges),
);
const trajectory = z.custom<Trajectory>(
  (value) => isObject(value) && typeof value.title === 'string' && Array.isArray(value.steps),
);
const stats = z.custom<CutoffStats>(isObject);
const isPane = (value: unknown): value is MapDiffPane =>
  isObject(value) &&
  typeof value.model === 'string' &&
  typeof value.source === 'string' &&
  isObject(value.overlay) &&
  Array.isArray(value.overlay.trueEdges) &&
  Array.isArray(value.overlay.modelEdges) &&
  isObject(value.edges) &&
  isObject(value.rooms) &&
  Array.isArray(value.alignment);
const mapDiffPanes = z.custom<MapDiffPane[]>(
  (value) => Array.isArray(value) && value.length >= 1 && value.length <= 2 && value.every(isPane),
);
const mapDiffCounts = z.custom<MapDiffCounts>(isObject);
// Every engine core names (a Record, so a new one fails to compile here until it is added).
const LAYOUT_ENGINE_NAMES: Readonly<Record<LayoutEngineName, true>> = { compass: true, elk: true };
const layoutEngine = z.custom<LayoutEngineName>(
  (value) => typeof value === 'string' && Object.hasOwn(LAYOUT_ENGINE_NAMES, value),
);

/** A question with the expected route the host computed for it (core's expectedRoute.ts, the oracle's route): the view draws it as sent. */
export interface ShownQuestion extends RouteQuestion {
  expected: ExpectedRoute;
}
const isExpected = (value: unknown): value is ExpectedRoute =>
  isObject(value) && Array.isArray(value.steps) && (value.problem === null || typeof value.problem === 'string');
const routeQuestion = z.custom<ShownQuestion>(
  (value) =>
    isObject(value) &&
    (value.task === 'df' || value.task === 'rf' || value.task === 'map') &&
    typeof value.src === 'string' &&
    typeof value.dst === 'string' &&
    Array.isArray(value.actions) &&
    isExpected(value.expected),
);

export const hostToMazeMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('graph'), graph }),
  /** `compare`: a second answer to the same question drawn on the same map (the results view's A ↔ B). */
  /** `follow`: the answer on show sent again with its newest moves (Play's route after each move): the view stays on its last step instead of opening at the first. */
  z.object({
    type: z.literal('trajectory'),
    trajectory,
    compare: z.optional(trajectory),
    question: z.optional(routeQuestion),
    follow: z.optional(z.boolean()),
  }),
  /** The expected route again, recomputed by the host for the answer on show after the graph changed (edge ids are edges.json indices, so an edit moves them). */
  z.object({ type: z.literal('route'), question: routeQuestion }),
  /** The answer(s) on show walked again by the host on a changed graph (their steps name edges by edges.json index too); `compare` as in `trajectory`, absent when B could not be walked again (the view keeps B as drawn). */
  z.object({ type: z.literal('rewalk'), trajectory, compare: z.optional(trajectory) }),
  z.object({ type: z.literal('highlight'), nodes: z.array(z.string()), edges: z.array(z.string()) }),
  z.object({ type: z.literal('stats'), stats }),
  /** A model's map diffed against the maze (issue 17): drawn over it at the diff's cutoff; two panes side by side for two models. */
  z.object({ type: z.literal('mapDiff'), panes: mapDiffPanes }),
  /** The setting `waypoint.maze.layout` changed: the view redraws with that layout. */
  z.object({ type: z.literal('layoutEngine'), engine: layoutEngine }),
]);
export type HostToMazeMessage = z.infer<typeof hostToMazeMessage>;

export const mazeToHostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('revealNode'), name: z.string() }),
  z.object({ type: z.literal('revealEdge'), id: z.string() }),
  /** A click on a dashed (imputed) edge: the host offers to write it into edges.json. */
  z.object({ type: z.literal('imputedEdge'), source: z.string(), action: z.string(), destination: z.string() }),
  exportMessage,
  z.object({ type: z.literal('cutoff'), step: z.int() }),
  /**
   * `milliseconds`: this graph's layout by `engine` (compass: core's grid layout, in the view; elk:
   * ELK layered in its web worker, the wait for its answer, which on the worker's first use includes
   * compiling ELK). `engineStartMs`: fetching the worker script before that (0 once fetched).
   */
  z.object({
    type: z.literal('layout'),
    engine: layoutEngine,
    milliseconds: z.number(),
    engineStartMs: z.optional(z.number()),
    nodes: z.number(),
    edges: z.number(),
  }),
  /** What the map diff's panes drew, per pane (for tests and the state command). */
  z.object({ type: z.literal('mapDiffDrawn'), panes: z.array(z.object({ model: z.string(), counts: mapDiffCounts })) }),
]);
export type MazeToHostMessage = z.infer<typeof mazeToHostMessage>;
