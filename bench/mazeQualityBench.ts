// Maze layout quality and time in Node, for both layouts the view and `waypoint mango layout` offer:
// compass (core's mazeLayout.ts, the default) and ELK layered (elkLayout.ts, elkjs in this thread, as
// the CLI runs it). Per shared game the figures of layoutQuality for each, side by side, and the
// layout times; generated mazes of 230 rooms (compass budget 1 s cold) and 500 rooms (3 s).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { layoutMazeWithElk } from '../src/core/maze/elkLayout';
import { type LayoutQuality, layoutQuality } from '../src/core/maze/layoutQuality';
import { buildMazeGraph } from '../src/core/benchmarks/mango/maze/maze';
import { layoutMaze, type MazeLayout } from '../src/core/maze/mazeLayout';
import type { MazeGraph } from '../src/core/maze/mazeView';
import type { EdgeRecord } from '../src/core/benchmarks/mango/types';
import { elkInProcess } from '../src/host/elkInProcess';
import { generatedMaze } from '../test/support/mazes';
import { sharedDataDir } from '../test/support/paths';
import type { BenchRow } from './simplePathsBench';

const GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];
/** Runs per game and engine after a warm-up; the median is reported. */
const RUNS = 3;

/** The worker script esbuild.mjs copies for the view, which the CLI loads in Node too. */
const elkScript = resolve(__dirname, '../webview/elk-worker.js');

interface Measured {
  quality: LayoutQuality;
  /** Median of RUNS, after one warm-up run. */
  ms: number;
}

async function measure(layout: () => MazeLayout | Promise<MazeLayout>): Promise<Measured> {
  let result = await layout();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    result = await layout();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { quality: layoutQuality(result.nodes, result.edges), ms: times[Math.floor(times.length / 2)] };
}

/** Rows of one game for one engine; the figures that must stay 0 carry budget 0 for both engines. */
function qualityRows(game: string, engine: string, { quality: q, ms }: Measured): BenchRow[] {
  return [
    { name: `maze quality ${game}, ${engine}: edges through rooms`, value: q.edgesThroughRooms, unit: '', budget: 0 },
    {
      name: `maze quality ${game}, ${engine}: label overlaps (label–label + label–room)`,
      value: q.labelLabelOverlaps + q.labelRoomOverlaps,
      unit: '',
      budget: 0,
    },
    { name: `maze quality ${game}, ${engine}: room overlaps`, value: q.roomOverlaps, unit: '', budget: 0 },
    {
      name: `maze quality ${game}, ${engine}: compass consistency (${q.compassConsistent}/${q.compassEdges})`,
      value: q.compassShare * 100,
      unit: '%',
    },
    {
      name: `maze quality ${game}, ${engine}: rooms in the move's direction (${q.compassByPosition}/${q.compassEdges})`,
      value: q.compassEdges === 0 ? 100 : (q.compassByPosition / q.compassEdges) * 100,
      unit: '%',
    },
    { name: `maze quality ${game}, ${engine}: edge crossings`, value: q.crossings, unit: '' },
    { name: `maze layout ${game}, ${engine} (Node, median of ${RUNS} warm)`, value: ms, unit: 'ms' },
  ];
}

const cell = (compass: number | string, elk: number | string) => `${compass} | ${elk}`.padEnd(14);

/** The two layouts' figures side by side, one line per game (printed above the bench table). */
function sideBySide(measured: ReadonlyArray<{ game: string; compass: Measured; elk: Measured }>): string {
  const lines = [
    'maze layouts on the same games, compass | ELK layered (layoutQuality; time: Node, median warm)',
    `${'game'.padEnd(10)} ${'through rooms'.padEnd(14)} ${'label overlaps'.padEnd(14)} ${'room overlaps'.padEnd(14)} ${'compass moves'.padEnd(20)} ${'rooms in direction'.padEnd(20)} ${'crossings'.padEnd(14)} ms`,
  ];
  for (const { game, compass: c, elk: e } of measured) {
    const labels = (q: LayoutQuality) => q.labelLabelOverlaps + q.labelRoomOverlaps;
    const share = (q: LayoutQuality) => `${q.compassConsistent}/${q.compassEdges}`;
    const placed = (q: LayoutQuality) => `${q.compassByPosition}/${q.compassEdges}`;
    lines.push(
      `${game.padEnd(10)} ${cell(c.quality.edgesThroughRooms, e.quality.edgesThroughRooms)} ${cell(labels(c.quality), labels(e.quality))} ${cell(c.quality.roomOverlaps, e.quality.roomOverlaps)} ${`${share(c.quality)} | ${share(e.quality)}`.padEnd(20)} ${`${placed(c.quality)} | ${placed(e.quality)}`.padEnd(20)} ${cell(c.quality.crossings, e.quality.crossings)} ${c.ms.toFixed(1)} | ${e.ms.toFixed(1)}`,
    );
  }
  return lines.join('\n');
}

export async function benchMazeQuality(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // ELK's script loads (compiles) once, on the first use: measured apart from the layouts.
  const loadStarted = performance.now();
  const elk = elkInProcess(elkScript);
  await elk.layout({ id: 'warm-up', children: [{ id: 'a', width: 10, height: 10 }] });
  rows.push({
    name: 'ELK in Node: load elkjs and its first (tiny) layout, cold',
    value: performance.now() - loadStarted,
    unit: 'ms',
  });
  const measured: Array<{ game: string; compass: Measured; elk: Measured }> = [];
  for (const game of GAMES) {
    const file = join(sharedDataDir, 'mango', game, `${game}.edges.json`);
    if (!existsSync(file)) continue;
    const graph = buildMazeGraph(game, JSON.parse(readFileSync(file, 'utf8')) as EdgeRecord[], []);
    const compass = await measure(() => layoutMaze(graph));
    const elkMeasured = await measure(() => layoutMazeWithElk(graph, elk));
    measured.push({ game, compass, elk: elkMeasured });
    rows.push(...qualityRows(game, 'compass', compass), ...qualityRows(game, 'ELK layered', elkMeasured));
  }
  if (measured.length > 0) console.log(`\n${sideBySide(measured)}\n`);
  for (const [rooms, edges, budget] of [
    [230, 470, 1000],
    [500, 1000, 3000],
  ]) {
    const graph = buildMazeGraph('generated', generatedMaze(rooms, edges, 7), []);
    const started = performance.now();
    const layout = layoutMaze(graph);
    const ms = performance.now() - started;
    const q = layoutQuality(layout.nodes, layout.edges);
    rows.push({
      name: `maze layout (Node, cold), generated ${rooms} rooms, ${graph.edges.length} edges`,
      value: ms,
      unit: 'ms',
      budget,
    });
    rows.push({
      name: `  its crossings (through rooms ${q.edgesThroughRooms}, label overlaps ${q.labelLabelOverlaps + q.labelRoomOverlaps})`,
      value: q.crossings,
      unit: '',
    });
  }
  rows.push(...(await elkGenerated(elk)));
  return rows;
}

/**
 * ELK layered on the generated 230-room maze, once (no budget: ELK is the second layout; its time
 * grows much faster than compass's, which is why the view starts mazes over 300 rooms on a
 * neighbourhood). 500 rooms are left out: minutes, not seconds.
 */
async function elkGenerated(elk: ReturnType<typeof elkInProcess>): Promise<BenchRow[]> {
  const graph: MazeGraph = buildMazeGraph('generated', generatedMaze(230, 470, 7), []);
  const started = performance.now();
  const layout = await layoutMazeWithElk(graph, elk);
  const ms = performance.now() - started;
  const q = layoutQuality(layout.nodes, layout.edges);
  return [
    {
      name: `maze layout (Node), ELK layered, generated 230 rooms, ${graph.edges.length} edges`,
      value: ms,
      unit: 'ms',
    },
    {
      name: `  its crossings (through rooms ${q.edgesThroughRooms}, label overlaps ${q.labelLabelOverlaps + q.labelRoomOverlaps}, compass ${q.compassConsistent}/${q.compassEdges})`,
      value: q.crossings,
      unit: '',
    },
  ];
}
