// The maze view's layouts, the same code `waypoint mango layout` runs in Node, so what the CLI
// measures is what the view draws: compass (core's grid layout, src/core/maze/mazeLayout.ts, run
// here at once) or ELK layered (src/core/maze/elkLayout.ts, run in a web worker started on first
// use). Both lay out rooms sized to their names as drawn (roomLabels.ts); the result is converted to
// the view's shape (room centres, edge geometry by edge id).
import ELK from 'elkjs/lib/elk-api.js';
import { type ElkEngine, layoutMazeWithElk } from '../../src/core/maze/elkLayout';
import type { LayoutEngineName } from '../../src/core/maze/layoutEngines';
import { layoutMaze as computeLayout, type LayoutEdge, type MazeLayout } from '../../src/core/maze/mazeLayout';
import type { MazeGraph } from '../../src/protocol/maze';
import { type RoomLabel, roomLabels, textMeasurer } from './roomLabels';

export interface PlacedNode {
  name: string;
  /** The box's centre. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Layout {
  engine: LayoutEngineName;
  nodes: Map<string, PlacedNode>;
  /** Each edge's drawn polyline and label box, by edge id. */
  edges: Map<string, LayoutEdge>;
  /** Each room's name as drawn (its lines) and its box size, which the layout used. */
  labels: Map<string, RoomLabel>;
  width: number;
  height: number;
  /** Time to lay this graph out (for ELK: from the request to the worker's answer; a new worker compiles ELK first). */
  milliseconds: number;
  /** Time spent fetching the ELK worker's script before that (0 once fetched, and for compass). */
  engineStartMs: number;
}

/** Every room's name as drawn; edge ends too: core places a room an edge names even when the location list lacks it. */
function labelsOf(graph: MazeGraph, measure: (text: string) => number): Map<string, RoomLabel> {
  return roomLabels(
    [...graph.nodes.map((node) => node.name), ...graph.edges.flatMap((edge) => [edge.src, edge.dst])],
    measure,
  );
}

function toView(
  engine: LayoutEngineName,
  computed: MazeLayout,
  labels: Map<string, RoomLabel>,
  milliseconds: number,
  engineStartMs: number,
): Layout {
  const nodes = new Map<string, PlacedNode>();
  for (const node of computed.nodes)
    nodes.set(node.id, {
      name: node.id,
      x: node.x + node.width / 2,
      y: node.y + node.height / 2,
      width: node.width,
      height: node.height,
    });
  const edges = new Map(computed.edges.map((edge) => [edge.id, edge]));
  return { engine, nodes, edges, labels, width: computed.width, height: computed.height, milliseconds, engineStartMs };
}

/** The compass layout, at once: 500 rooms take tens of milliseconds. Node positions are centres. */
export function layoutMaze(graph: MazeGraph): Layout {
  const started = performance.now();
  const layout = layoutWithLabels(graph, textMeasurer());
  return { ...layout, milliseconds: performance.now() - started };
}

/** The compass layout with room names measured by `measure` (layout units), without the clock: testable in Node. */
export function layoutWithLabels(graph: MazeGraph, measure: (text: string) => number): Layout {
  const labels = labelsOf(graph, measure);
  return toView('compass', computeLayout(graph, { roomSize: (name) => labels.get(name) as RoomLabel }), labels, 0, 0);
}

interface ElkWorker {
  engine: ElkEngine & { terminateWorker(): void };
  /** Rejects when the worker fails (it could not start, or threw): elkjs's own promise would wait forever. */
  failure: Promise<never>;
}

let workerSource: Promise<string> | null = null;
let running: ElkWorker | null = null;
/** Layouts asked of the running worker and not yet answered, and the most rooms among them. */
let pending = 0;
let pendingRooms = 0;
/**
 * From this many rooms ELK takes seconds: a newer drawing ends such a layout rather than wait for
 * it. A smaller one is left to finish (its answer is dropped), since a new worker compiles ELK again.
 */
const LONG_LAYOUT_ROOMS = 100;

/**
 * ELK in a web worker: its script (dist/webview/elk-worker.js, elkjs's own worker) is fetched once
 * from the extension and started from a blob URL, since a webview cannot start a worker from its
 * resource origin (CSP: `connect-src` the extension's files, `worker-src blob:`).
 */
function elkWorker(workerUrl: string): Promise<ElkWorker> {
  if (running) return Promise.resolve(running);
  workerSource ??= fetch(workerUrl).then((response) => {
    if (!response.ok)
      throw new Error(
        `the ELK worker script could not be loaded (${response.status} ${response.statusText || 'error'} for ${workerUrl})`,
      );
    return response.blob().then((blob) => URL.createObjectURL(new Blob([blob], { type: 'text/javascript' })));
  });
  const source = workerSource;
  // A failed fetch is tried again on the next layout rather than remembered.
  source.catch(() => {
    if (workerSource === source) workerSource = null;
  });
  return source.then((blobUrl) => {
    if (running) return running;
    let fail: (error: Error) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => {
      fail = reject;
    });
    // Reported through the layout that waits on it; a failure nobody waits for is not an error.
    failure.catch(() => undefined);
    const engine = new ELK({
      workerFactory: () => {
        const worker = new Worker(blobUrl, { name: 'elk-layout' });
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          fail(
            new Error(
              event.message
                ? `the ELK worker stopped: ${event.message}`
                : 'the ELK worker could not start (the page must allow workers from blob: URLs)',
            ),
          );
        });
        return worker;
      },
    });
    const started: ElkWorker = { engine, failure };
    // A failed worker is not used again: the next layout starts a new one.
    failure.catch(() => {
      if (running === started) running = null;
    });
    running = started;
    return started;
  });
}

/**
 * Stops a layout still running in the ELK worker when its answer is no longer wanted: always for
 * a switch to compass (`nextEngine`), for a newer ELK drawing only when the running one is long.
 * The worker is ended, and the next ELK layout starts a fresh one.
 */
export function cancelElkLayout(nextEngine: LayoutEngineName): void {
  if (pending === 0 || (nextEngine === 'elk' && pendingRooms < LONG_LAYOUT_ROOMS)) return;
  running?.engine.terminateWorker();
  running = null;
  // The ended worker never answers: its layouts' promises stay pending, unawaited by anyone.
  pending = 0;
  pendingRooms = 0;
}

/** The ELK layered layout of rooms sized as compass sizes them, computed in the worker (started on first use). */
export async function elkLayout(graph: MazeGraph, workerUrl: string): Promise<Layout> {
  const labels = labelsOf(graph, textMeasurer());
  const waiting = performance.now();
  const worker = await elkWorker(workerUrl);
  const started = performance.now();
  pending++;
  pendingRooms = Math.max(pendingRooms, graph.nodes.length);
  let computed: MazeLayout;
  try {
    computed = await Promise.race([
      layoutMazeWithElk(graph, worker.engine, (name) => labels.get(name) as RoomLabel),
      worker.failure,
    ]);
  } finally {
    pending = Math.max(0, pending - 1);
    if (pending === 0) pendingRooms = 0;
  }
  return toView('elk', computed, labels, performance.now() - started, started - waiting);
}
