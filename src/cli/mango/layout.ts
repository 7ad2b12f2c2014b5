// `waypoint mango layout <gameDir> [--engine compass|elk] [--cutoff N] [--reverse none|naive] [--json] [--svg FILE]`
// (spec runs.md §7): the maze view's own layouts, computed here in Node: compass (core's
// mazeLayout.ts, the default) or ELK layered (elkLayout.ts, elkjs in this thread). The maze is all
// of edges.json's edges; --cutoff keeps those with edge_min_step <= N and the rooms they touch;
// --reverse naive (the default) adds the evaluator's imputed reverses of what is kept.
import { existsSync, writeFileSync } from 'node:fs';
import { layoutMazeWithElk } from '../../core/maze/elkLayout';
import {
  DEFAULT_LAYOUT_ENGINE,
  isLayoutEngineName,
  LAYOUT_ENGINES,
  type LayoutEngineName,
} from '../../core/maze/layoutEngines';
import { layoutQuality } from '../../core/maze/layoutQuality';
import { buildMazeGraph } from '../../core/benchmarks/mango/maze/maze';
import { layoutMaze, type MazeLayout } from '../../core/maze/mazeLayout';
import { mazeSvg } from '../../core/benchmarks/mango/maze/mazeSvg';
import { basename, join, resolve } from 'node:path';
import { elkInProcess } from '../../host/elkInProcess';
import { nonNegativeInteger, parseArgs, UsageError } from '../args';
import { readGameEdges } from './input';

type Output = (text: string) => void;

/** JSON shape of `mango layout --json` (spec runs.md §7). */
export interface LayoutJson {
  /** The layout that drew it: `compass` (the default) or `elk`. */
  engine: LayoutEngineName;
  nodes: Array<{ id: string; x: number; y: number; width: number; height: number }>;
  edges: Array<{
    src: string;
    action: string;
    dst: string;
    explicit: boolean;
    points: Array<[number, number]>;
    label: { x: number; y: number; width: number; height: number };
  }>;
}

export async function runLayout(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['cutoff', 'reverse', 'svg', 'engine']);
  if (args.positionals.length !== 1)
    throw new UsageError(`mango layout needs exactly one game directory, got ${args.positionals.length}`);
  const gameDir = args.positionals[0];
  const cutoff = args.options.has('cutoff') ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff') : null;
  const reverse = args.options.get('reverse') ?? 'naive';
  if (reverse !== 'none' && reverse !== 'naive')
    throw new UsageError(`--reverse must be none or naive, not '${reverse}'`);
  const engine = args.options.get('engine') ?? DEFAULT_LAYOUT_ENGINE;
  if (!isLayoutEngineName(engine))
    throw new UsageError(`--engine must be ${LAYOUT_ENGINES.join(' or ')}, not '${engine}'`);
  const svgPath = args.options.get('svg');
  if (svgPath === '') throw new UsageError('--svg needs a file name');
  const records = await readGameEdges(gameDir);
  if (!records.ok) {
    err(records.message);
    return 1;
  }
  const game = basename(resolve(gameDir));
  const kept = cutoff === null ? records.value : records.value.filter((record) => record.edge_min_step <= cutoff);
  const full = buildMazeGraph(game, kept, []);
  const graph = reverse === 'none' ? { ...full, edges: full.edges.filter((edge) => edge.explicit) } : full;
  // The ELK script sits beside the CLI's bundle, in the maze view's folder (esbuild.mjs copies it there).
  const elkScript = join(__dirname, 'webview/elk-worker.js');
  if (engine === 'elk' && !existsSync(elkScript)) {
    err(`${elkScript}: missing, so --engine elk cannot run (rebuild with node esbuild.mjs)`);
    return 1;
  }
  const layout = engine === 'elk' ? await layoutMazeWithElk(graph, elkInProcess(elkScript)) : layoutMaze(graph);
  if (svgPath !== undefined) {
    const title = `Maze of ${game}${cutoff === null ? '' : ` at step ${cutoff}`}: ${layout.nodes.length} rooms, ${layout.edges.length} edges${engine === 'elk' ? ' (ELK layered layout)' : ''}`;
    try {
      writeFileSync(svgPath, mazeSvg(layout, title, start(kept)));
    } catch (error) {
      err(`${svgPath}: cannot write the SVG (${error instanceof Error ? error.message : String(error)})`);
      return 1;
    }
  }
  if (args.flags.has('json')) {
    out(JSON.stringify(layoutJson(engine, layout)));
    return 0;
  }
  const quality = layoutQuality(layout.nodes, layout.edges);
  out(
    `${game}: ${layout.nodes.length} rooms, ${layout.edges.length} edges (${layout.edges.filter((edge) => !edge.explicit).length} imputed), ${Math.round(layout.width)} × ${Math.round(layout.height)} px, ${engine === 'elk' ? 'ELK layered' : 'compass'} layout`,
  );
  out(
    `edges through a room ${quality.edgesThroughRooms}, label overlaps ${quality.labelLabelOverlaps + quality.labelRoomOverlaps}, room overlaps ${quality.roomOverlaps}, compass consistency ${quality.compassConsistent}/${quality.compassEdges} (rooms in the move's direction ${quality.compassByPosition}), crossings ${quality.crossings}`,
  );
  if (svgPath !== undefined) out(`wrote ${svgPath}`);
  return 0;
}

/** The layout as `--json` prints it: each room's box and each edge's points and label, nothing else. */
function layoutJson(engine: LayoutEngineName, layout: MazeLayout): LayoutJson {
  return {
    engine,
    nodes: layout.nodes.map(({ id, x, y, width, height }) => ({ id, x, y, width, height })),
    edges: layout.edges.map(({ src, action, dst, explicit, points, label }) => ({
      src,
      action,
      dst,
      explicit,
      points,
      label,
    })),
  };
}

/** The walkthrough's first room: the source of the earliest-known edge. */
function start(records: ReadonlyArray<{ src_node: string; edge_min_step: number }>): string | null {
  let best: { src_node: string; edge_min_step: number } | null = null;
  for (const record of records) if (!best || record.edge_min_step < best.edge_min_step) best = record;
  return best?.src_node ?? null;
}
