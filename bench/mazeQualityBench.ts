// Maze layout quality and time in Node (core's layout, the code the view runs): per shared game the
// figures of layoutQuality, and the layout time of generated mazes of 230 rooms (budget 1 s cold)
// and 500 rooms (budget 3 s).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutQuality } from '../src/core/mango/layoutQuality';
import { buildMazeGraph } from '../src/core/mango/maze';
import { layoutMaze } from '../src/core/mango/mazeLayout';
import type { EdgeRecord } from '../src/core/mango/types';
import { generatedMaze } from '../test/support/mazes';
import { sharedDataDir } from '../test/support/paths';
import type { BenchRow } from './simplePathsBench';

const GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];

export function benchMazeQuality(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const game of GAMES) {
    const file = join(sharedDataDir, 'mango', game, `${game}.edges.json`);
    if (!existsSync(file)) continue;
    const layout = layoutMaze(buildMazeGraph(game, JSON.parse(readFileSync(file, 'utf8')) as EdgeRecord[], []));
    const q = layoutQuality(layout.nodes, layout.edges);
    rows.push({ name: `maze quality ${game}: edges through rooms`, value: q.edgesThroughRooms, unit: '', budget: 0 });
    rows.push({ name: `maze quality ${game}: label overlaps (label–label + label–room)`, value: q.labelLabelOverlaps + q.labelRoomOverlaps, unit: '', budget: 0 });
    rows.push({ name: `maze quality ${game}: room overlaps`, value: q.roomOverlaps, unit: '', budget: 0 });
    rows.push({ name: `maze quality ${game}: compass consistency (${q.compassConsistent}/${q.compassEdges})`, value: q.compassShare * 100, unit: '%' });
    rows.push({ name: `maze quality ${game}: edge crossings`, value: q.crossings, unit: '' });
  }
  for (const [rooms, edges, budget] of [[230, 470, 1000], [500, 1000, 3000]]) {
    const graph = buildMazeGraph('generated', generatedMaze(rooms, edges, 7), []);
    const started = performance.now();
    const layout = layoutMaze(graph);
    const ms = performance.now() - started;
    const q = layoutQuality(layout.nodes, layout.edges);
    rows.push({ name: `maze layout (Node, cold), generated ${rooms} rooms, ${graph.edges.length} edges`, value: ms, unit: 'ms', budget });
    rows.push({ name: `  its crossings (through rooms ${q.edgesThroughRooms}, label overlaps ${q.labelLabelOverlaps + q.labelRoomOverlaps})`, value: q.crossings, unit: '' });
  }
  return rows;
}
