// Simple-path enumeration against networkx's `all_simple_paths` on the very same graphs, in the same
// run (DESIGN.md §6: at least 10x faster, streaming with bounded memory, counting without
// materialising). Both sides get identical node numbering and successor order, so they walk the
// same DFS tree and must report the same number of paths; a mismatch fails the bench.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MangoGraph } from '../src/core/benchmarks/mango/graph/graph';
import { SimplePathFinder } from '../src/core/benchmarks/mango/graph/paths';
import type { EdgeRecord } from '../src/core/benchmarks/mango/types';
import { mazeGraph, samplePairs, type BenchGraph } from './mazeGraphs';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** The value must stay at or below this. */
  budget?: number;
  /** The value must reach at least this (ratios where higher is better). */
  minimum?: number;
  note?: string;
}

const SPEEDUP_MINIMUM = 10;
/** Waypoint's own bound for "bounded memory": far below what materialising the paths would take. */
const STREAMING_HEAP_BUDGET_MB = 64;

interface Workload extends BenchGraph {
  pairs: Array<[number, number]>;
}

// Times only the enumeration loops; imports and graph construction are outside the clock.
const NETWORKX_TIMER = `
import json, sys, time
import networkx as nx
spec = json.load(open(sys.argv[1]))
results = []
for g in spec:
    G = nx.DiGraph()
    G.add_nodes_from(range(g['nodeCount']))
    for u, successors in enumerate(g['successors']):
        for v in successors:
            G.add_edge(u, v)
    count = 0
    start = time.perf_counter()
    for s, t in g['pairs']:
        for _ in nx.all_simple_paths(G, s, t):
            count += 1
    results.append({'seconds': time.perf_counter() - start, 'paths': count})
json.dump(results, sys.stdout)
`;

function adjacencyOf(graph: BenchGraph) {
  const offsets = new Int32Array(graph.nodeCount + 1);
  graph.successors.forEach((list, u) => (offsets[u + 1] = offsets[u] + list.length));
  return { nodeCount: graph.nodeCount, offsets, targets: Int32Array.from(graph.successors.flat()) };
}

/** Milliseconds of the second of two runs (the first warms the JIT), and the run's result. */
function timeWarm(body: () => number): { ms: number; result: number } {
  body();
  const started = performance.now();
  const result = body();
  return { ms: performance.now() - started, result };
}

function enumerateAll(finder: SimplePathFinder, pairs: ReadonlyArray<[number, number]>): number {
  let paths = 0;
  let nodes = 0;
  // A fresh array per path, as networkx yields a fresh list: the like-for-like comparison.
  for (const [source, target] of pairs) {
    for (const path of finder.paths(source, target)) {
      nodes += path.length;
      paths++;
    }
  }
  return nodes > 0 ? paths : 0;
}

function countAll(finder: SimplePathFinder, pairs: ReadonlyArray<[number, number]>): number {
  let paths = 0;
  for (const [source, target] of pairs) paths += finder.count(source, target);
  return paths;
}

/** The node graph of a game's edges.json (parallel edges collapsed), every ordered pair. */
function gameWorkload(game: string, records: readonly EdgeRecord[]): Workload {
  const graph = MangoGraph.fromRecords(records);
  const successors = graph.nodes.map((_, u) => graph.successors(u));
  return { name: game, nodeCount: graph.nodes.length, successors, pairs: samplePairs(graph.nodes.length, Infinity, 0) };
}

function runNetworkx(workloads: readonly Workload[]): Array<{ seconds: number; paths: number }> | string {
  const directory = mkdtempSync(join(tmpdir(), 'waypoint-bench-'));
  try {
    const file = join(directory, 'graphs.json');
    writeFileSync(
      file,
      JSON.stringify(workloads.map(({ nodeCount, successors, pairs }) => ({ nodeCount, successors, pairs }))),
    );
    const output = execFileSync('python3', ['-c', NETWORKX_TIMER, file], {
      encoding: 'utf8',
      timeout: 150_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return JSON.parse(output) as Array<{ seconds: number; paths: number }>;
  } catch (error) {
    return `networkx reference unavailable: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Peak heap growth while streaming every path of the pairs, sampled every 4,096 paths. */
function streamingPeakHeapMB(
  finder: SimplePathFinder,
  pairs: ReadonlyArray<[number, number]>,
): { peakMB: number; paths: number; nodes: number } {
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  let paths = 0;
  let nodes = 0;
  for (const [source, target] of pairs) {
    for (const path of finder.paths(source, target)) {
      nodes += path.length;
      if (++paths % 4096 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
    }
  }
  return { peakMB: Math.max(peak, process.memoryUsage().heapUsed - baseline) / 1048576, paths, nodes };
}

/** Appends the simple-path rows: generated mazes, the shared games, and streaming memory. */
export function benchSimplePaths(rows: BenchRow[], mangoDir: string): void {
  const workloads: Workload[] = [
    // Two-way mazes (strongly connected, as MANGO maps mostly are): nothing to prune, so both
    // sides walk exactly the same DFS tree and the ratio is pure enumeration speed.
    { ...mazeGraph(20, 14, 1020, 1), pairs: samplePairs(20, Infinity, 0) },
    { ...mazeGraph(50, 22, 1050, 1), pairs: samplePairs(50, 60, 57) },
    { ...mazeGraph(100, 22, 1100, 1), pairs: samplePairs(100, 30, 107) },
    { ...mazeGraph(230, 38, 1230, 1), pairs: samplePairs(230, 12, 237) },
    // Some one-way corridors: networkx also walks branches that cannot reach the target.
    { ...mazeGraph(100, 40, 1100), pairs: samplePairs(100, 20, 107) },
  ];
  workloads[4].name += ', 15% one-way';
  const games = existsSync(mangoDir)
    ? readdirSync(mangoDir)
        .filter((game) => existsSync(join(mangoDir, game, `${game}.edges.json`)))
        .sort()
    : [];
  const gameWorkloads = games.map((game) =>
    gameWorkload(game, JSON.parse(readFileSync(join(mangoDir, game, `${game}.edges.json`), 'utf8')) as EdgeRecord[]),
  );

  const reference = runNetworkx([...workloads, ...gameWorkloads]);
  const measure = (
    label: string,
    group: readonly Workload[],
    referenceResults: Array<{ seconds: number; paths: number }> | undefined,
  ) => {
    let enumerateMs = 0;
    let countMs = 0;
    let paths = 0;
    for (const workload of group) {
      const finder = new SimplePathFinder(adjacencyOf(workload));
      const enumerated = timeWarm(() => enumerateAll(finder, workload.pairs));
      const counted = timeWarm(() => countAll(finder, workload.pairs));
      if (enumerated.result !== counted.result)
        throw new Error(`${workload.name}: enumeration found ${enumerated.result} paths, counting ${counted.result}`);
      enumerateMs += enumerated.ms;
      countMs += counted.ms;
      paths += counted.result;
    }
    const pairs = group.reduce((sum, workload) => sum + workload.pairs.length, 0);
    rows.push({
      name: `paths: ${label} — enumerate`,
      value: enumerateMs,
      unit: 'ms',
      note: `${paths.toLocaleString('en')} paths, ${pairs} pairs`,
    });
    rows.push({ name: `paths: ${label} — count only`, value: countMs, unit: 'ms' });
    if (referenceResults === undefined) return;
    const pythonMs = referenceResults.reduce((sum, result) => sum + result.seconds * 1000, 0);
    const pythonPaths = referenceResults.reduce((sum, result) => sum + result.paths, 0);
    if (pythonPaths !== paths) throw new Error(`${label}: networkx found ${pythonPaths} paths, Waypoint ${paths}`);
    rows.push({ name: `paths: ${label} — networkx all_simple_paths`, value: pythonMs, unit: 'ms' });
    rows.push({
      name: `paths: ${label} — speedup enumerate`,
      value: pythonMs / enumerateMs,
      unit: 'x',
      minimum: SPEEDUP_MINIMUM,
    });
    rows.push({
      name: `paths: ${label} — speedup count`,
      value: pythonMs / countMs,
      unit: 'x',
      minimum: SPEEDUP_MINIMUM,
    });
  };
  const referenceFor = (index: number, length = 1) =>
    typeof reference === 'string' ? undefined : reference.slice(index, index + length);
  workloads.forEach((workload, index) => measure(workload.name, [workload], referenceFor(index)));
  if (gameWorkloads.length > 0)
    measure(
      `${gameWorkloads.length} shared games, all pairs`,
      gameWorkloads,
      referenceFor(workloads.length, gameWorkloads.length),
    );
  else
    rows.push({
      name: 'paths: shared MANGO games',
      value: Number.NaN,
      unit: 'ms',
      note: `skipped: ${mangoDir} not found`,
    });
  if (typeof reference === 'string')
    rows.push({ name: 'paths: speedup against networkx', value: Number.NaN, unit: 'x', note: `skipped: ${reference}` });

  // Memory: stream a heavier workload than networkx could finish here and watch the heap.
  const heavy = { ...mazeGraph(230, 45, 1230, 1), pairs: samplePairs(230, 20, 237) };
  const streamed = streamingPeakHeapMB(new SimplePathFinder(adjacencyOf(heavy)), heavy.pairs);
  const materialisedMB = (streamed.nodes * 8) / 1048576;
  rows.push({
    name: `paths: peak heap growth streaming ${streamed.paths.toLocaleString('en')} paths`,
    value: streamed.peakMB,
    unit: 'MB',
    budget: STREAMING_HEAP_BUDGET_MB,
    note: `(holding them would take ≥ ${materialisedMB.toFixed(0)} MB)`,
  });
}
