// `waypoint mango layout <gameDir> [--cutoff N] [--reverse none|naive] [--json] [--svg FILE]`
// (spec runs.md §7): the maze view's own layout (core's mazeLayout.ts), computed here in Node. The
// maze is all of edges.json's edges; --cutoff keeps those with edge_min_step <= N and the rooms
// they touch; --reverse naive (the default) adds the evaluator's imputed reverses of what is kept.
import { writeFileSync } from 'node:fs';
import { layoutQuality } from '../core/mango/layoutQuality';
import { buildMazeGraph } from '../core/mango/maze';
import { layoutMaze } from '../core/mango/mazeLayout';
import { mazeSvg } from '../core/mango/mazeSvg';
import { basename, resolve } from 'node:path';
import { nonNegativeInteger, parseArgs, UsageError } from './args';
import { readGameEdges } from './mangoInput';

type Output = (text: string) => void;

/** JSON shape of `mango layout --json` (spec runs.md §7). */
export interface LayoutJson {
  nodes: Array<{ id: string; x: number; y: number; width: number; height: number }>;
  edges: Array<{ src: string; action: string; dst: string; explicit: boolean; points: Array<[number, number]>; label: { x: number; y: number; width: number; height: number } }>;
}

export async function runLayout(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['cutoff', 'reverse', 'svg']);
  if (args.positionals.length !== 1) throw new UsageError(`mango layout needs exactly one game directory, got ${args.positionals.length}`);
  const gameDir = args.positionals[0];
  const cutoff = args.options.has('cutoff') ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff') : null;
  const reverse = args.options.get('reverse') ?? 'naive';
  if (reverse !== 'none' && reverse !== 'naive') throw new UsageError(`--reverse must be none or naive, not '${reverse}'`);
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
  const layout = layoutMaze(graph);
  if (svgPath !== undefined) {
    const title = `Maze of ${game}${cutoff === null ? '' : ` at step ${cutoff}`}: ${layout.nodes.length} rooms, ${layout.edges.length} edges`;
    try {
      writeFileSync(svgPath, mazeSvg(layout, title, start(kept)));
    } catch (error) {
      err(`${svgPath}: cannot write the SVG (${error instanceof Error ? error.message : String(error)})`);
      return 1;
    }
  }
  if (args.flags.has('json')) {
    const json: LayoutJson = {
      nodes: layout.nodes.map(({ id, x, y, width, height }) => ({ id, x, y, width, height })),
      edges: layout.edges.map(({ src, action, dst, explicit, points, label }) => ({ src, action, dst, explicit, points, label })),
    };
    out(JSON.stringify(json));
    return 0;
  }
  const quality = layoutQuality(layout.nodes, layout.edges);
  out(`${game}: ${layout.nodes.length} rooms, ${layout.edges.length} edges (${layout.edges.filter((edge) => !edge.explicit).length} imputed), ${Math.round(layout.width)} × ${Math.round(layout.height)} px`);
  out(`edges through a room ${quality.edgesThroughRooms}, label overlaps ${quality.labelLabelOverlaps + quality.labelRoomOverlaps}, room overlaps ${quality.roomOverlaps}, compass consistency ${quality.compassConsistent}/${quality.compassEdges}, crossings ${quality.crossings}`);
  if (svgPath !== undefined) out(`wrote ${svgPath}`);
  return 0;
}

/** The walkthrough's first room: the source of the earliest-known edge. */
function start(records: ReadonlyArray<{ src_node: string; edge_min_step: number }>): string | null {
  let best: { src_node: string; edge_min_step: number } | null = null;
  for (const record of records) if (!best || record.edge_min_step < best.edge_min_step) best = record;
  return best?.src_node ?? null;
}
