// A shortest route between two rooms: breadth-first over the graph's out-edges in edges.json order,
// so ties go to the edge listed first and the same game always gives the same route. The MANGO
// oracle answers RF questions with it, and the text adventure's oracle walks it.
import type { MangoGraph } from './graph';

export interface RouteStep {
  before: string;
  action: string;
  after: string;
}

/** The moves of a shortest route from `from` to `to`; [] when they are the same room, null when unreachable or unknown. */
export function shortestRoute(graph: MangoGraph, from: string, to: string): RouteStep[] | null {
  const start = graph.indexOf(from);
  const goal = graph.indexOf(to);
  if (start < 0 || goal < 0) return null;
  const previous = new Map<number, { from: number; action: string }>();
  const queue = [start];
  const seen = new Set([start]);
  for (let head = 0; head < queue.length && !seen.has(goal); head++) {
    for (const edge of graph.outEdges(queue[head])) {
      const next = graph.indexOf(edge.dst);
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, { from: queue[head], action: edge.action });
      queue.push(next);
    }
  }
  if (!seen.has(goal)) return null;
  const steps: RouteStep[] = [];
  for (let at = goal; at !== start; ) {
    const link = previous.get(at) as { from: number; action: string };
    steps.unshift({ before: graph.nodes[link.from], action: link.action, after: graph.nodes[at] });
    at = link.from;
  }
  return steps;
}
