// The maze as the maze view draws it: locations with the step they become known, explicit edges
// from edges.json and the naive reverses the evaluator would add (dashed in the view), each with
// the step it becomes known, so the view can show the map as it stands at any cutoff.
import type { MazeDirection, MazeEdge, MazeGraph, MazeNode } from '../../../maze/mazeView';
import { OPPOSITE_DIRECTIONS } from '../walkthrough/directions';
import { MangoGraph } from '../graph/graph';
import { DEFAULT_REVERSE_PAIRS, imputeReverseEdges, type ReversePair } from '../graph/imputation';
import { NEVER, type EdgeRecord } from '../types';

function directionOf(action: string): MazeDirection | null {
  return action in OPPOSITE_DIRECTIONS ? (action as MazeDirection) : null;
}

/** Builds the view's graph from edges.json records (and the location list, for isolated rooms). */
export function buildMazeGraph(
  game: string,
  records: readonly EdgeRecord[],
  locations: readonly string[],
  options: { start?: string | null; lastStep?: number; extraPairs?: readonly ReversePair[] } = {},
): MazeGraph {
  const graph = MangoGraph.fromRecords(records);
  const edges: MazeEdge[] = graph.edges.map((edge, index) => ({
    id: String(index),
    src: edge.src,
    dst: edge.dst,
    action: edge.action,
    direction: directionOf(edge.action),
    explicit: true,
    minStep: edge.record?.edge_min_step ?? NEVER,
    forwardStep: edge.record?.seen_in_forward ?? NEVER,
  }));
  const extraPairs = options.extraPairs ?? [];
  // The evaluator's reverses first, then those only user pairs add (see MazeEdge.id).
  const evaluatorReverses = imputeReverseEdges(graph, DEFAULT_REVERSE_PAIRS);
  const keyOf = (edge: { src: string; action: string; dst: string }) =>
    JSON.stringify([edge.src, edge.action, edge.dst]);
  const evaluatorKeys = new Set(evaluatorReverses.map(keyOf));
  const userReverses =
    extraPairs.length > 0
      ? imputeReverseEdges(graph, [...DEFAULT_REVERSE_PAIRS, ...extraPairs]).filter(
          (edge) => !evaluatorKeys.has(keyOf(edge)),
        )
      : [];
  [...evaluatorReverses, ...userReverses].forEach((edge, index) => {
    edges.push({
      id: `imputed:${index}`,
      src: edge.src,
      dst: edge.dst,
      action: edge.action,
      direction: directionOf(edge.action),
      explicit: false,
      minStep: edge.reverseOf?.record?.edge_min_step ?? NEVER,
      forwardStep: NEVER,
    });
  });
  const firstStep = new Map<string, number>();
  const note = (name: string, step: number) => firstStep.set(name, Math.min(firstStep.get(name) ?? NEVER, step));
  if (options.start) note(options.start, 0);
  for (const edge of edges)
    if (edge.explicit) {
      note(edge.dst, edge.minStep);
      note(edge.src, edge.minStep);
    }
  const names = [...new Set([...locations, ...graph.nodes])];
  const nodes: MazeNode[] = names.map((name) => ({ name, firstStep: firstStep.get(name) ?? NEVER }));
  const lastStep =
    options.lastStep ?? Math.max(0, ...edges.map((edge) => edge.minStep).filter((step) => step !== NEVER));
  const reversePairs = [...DEFAULT_REVERSE_PAIRS, ...extraPairs].map(([a, b]): [string, string] => [a, b]);
  return { game, start: options.start ?? null, lastStep, nodes, edges, reversePairs };
}
