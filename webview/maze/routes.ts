// The expected route of a question, found on the graph the view draws: for RF a shortest route
// from src to dst over the edges known at the cutoff (explicit and imputed, as the evaluator
// accepts both), for DF the walkthrough's actions followed from src.
import type { MazeEdge, MazeGraph, RouteQuestion } from '../../src/protocol/maze';

export interface RouteStep {
  from: string;
  action: string;
  to: string;
  edgeId: string;
}

export interface ExpectedRoute {
  steps: RouteStep[];
  /** Why the route stops short (no route at the cutoff, an action with no edge). */
  problem: string | null;
}

const known = (edge: MazeEdge, cutoff: number | null) => cutoff === null || edge.minStep <= cutoff;
const stepOf = (edge: MazeEdge): RouteStep => ({ from: edge.src, action: edge.action, to: edge.dst, edgeId: edge.id });

export function expectedRoute(graph: MazeGraph, question: RouteQuestion, cutoff: number | null): ExpectedRoute {
  if (question.task === 'df') return walkthroughRoute(graph, question.src, question.actions);
  const atCutoff = shortestRoute(graph, question.src, question.dst, cutoff);
  if (atCutoff.problem === null || cutoff === null) return atCutoff;
  // A cutoff that does not match the maze as it is now (an edited game, a record from other data):
  // still show a route, and say it needs moves learnt later.
  const anyTime = shortestRoute(graph, question.src, question.dst, null);
  return anyTime.problem === null ? { steps: anyTime.steps, problem: `needs moves known only after step ${cutoff}` } : atCutoff;
}

/** Breadth-first over outgoing edges; explicit edges first so a tie prefers the recorded move. */
export function shortestRoute(graph: MazeGraph, src: string, dst: string, cutoff: number | null): ExpectedRoute {
  const outgoing = new Map<string, MazeEdge[]>();
  for (const edge of [...graph.edges].sort((a, b) => Number(b.explicit) - Number(a.explicit))) {
    if (known(edge, cutoff)) outgoing.set(edge.src, [...(outgoing.get(edge.src) ?? []), edge]);
  }
  const via = new Map<string, MazeEdge | null>([[src, null]]);
  const queue = [src];
  for (let head = 0; head < queue.length && !via.has(dst); head++) {
    for (const edge of outgoing.get(queue[head]) ?? []) {
      if (via.has(edge.dst)) continue;
      via.set(edge.dst, edge);
      queue.push(edge.dst);
    }
  }
  if (!via.has(dst)) return { steps: [], problem: `no route from ${src} to ${dst}${cutoff === null ? '' : ` at step ${cutoff}`}` };
  const steps: RouteStep[] = [];
  for (let edge = via.get(dst); edge; edge = via.get(edge.src)) steps.unshift(stepOf(edge));
  return { steps, problem: null };
}

/** The DF path: each action taken from where the last one ended. */
export function walkthroughRoute(graph: MazeGraph, src: string, actions: readonly string[]): ExpectedRoute {
  const steps: RouteStep[] = [];
  let here = src;
  for (const action of actions) {
    const wanted = action.trim().toLowerCase();
    const edge = graph.edges.find((candidate) => candidate.src === here && candidate.action.trim().toLowerCase() === wanted);
    if (!edge) return { steps, problem: `no '${action}' move from ${here}` };
    steps.push(stepOf(edge));
    here = edge.dst;
  }
  return { steps, problem: null };
}
