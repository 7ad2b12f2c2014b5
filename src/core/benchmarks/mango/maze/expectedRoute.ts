// The expected route the maze view draws beside a model's answer, computed by core so the view
// shows the oracle's route: RF uses shortestRoute.ts (the oracle's BFS, ties broken in edges.json
// order) over the explicit edges, the edges the oracle answers from; DF follows the walkthrough's
// actions from `src`. The view used to run its own BFS over explicit and imputed edges, so at equal
// length it could draw a route the oracle never gives.
import { MangoGraph, type MangoEdge } from '../graph/graph';
import type { ExpectedRoute, ExpectedRouteStep, MazeEdge, MazeGraph, RouteQuestion } from '../../../maze/mazeView';
import { shortestRoute } from '../graph/shortestRoute';

const known = (edge: MazeEdge, cutoff: number | null) => cutoff === null || edge.minStep <= cutoff;
const stepOf = (edge: MazeEdge): ExpectedRouteStep => ({
  from: edge.src,
  action: edge.action,
  to: edge.dst,
  edgeId: edge.id,
});

/** The route to draw for `question` on `graph`, at the question's cutoff (null: the whole maze). */
export function expectedRoute(graph: MazeGraph, question: RouteQuestion, cutoff: number | null): ExpectedRoute {
  if (question.task === 'df') return walkthroughRoute(graph, question.src, question.actions);
  const atCutoff = oracleRoute(graph, question.src, question.dst, cutoff);
  if (atCutoff.problem === null || cutoff === null) return atCutoff;
  // A cutoff that does not match the maze as it is now (an edited game, a record from other data):
  // still show a route, and say it needs moves learnt later.
  const anyTime = oracleRoute(graph, question.src, question.dst, null);
  return anyTime.problem === null
    ? { steps: anyTime.steps, problem: `needs moves known only after step ${cutoff}` }
    : atCutoff;
}

/**
 * The oracle's RF route over the maze's explicit edges known at `cutoff`. The maze graph lists its
 * explicit edges in edges.json order (ids are those indices), so the BFS sees them as the oracle does.
 */
function oracleRoute(graph: MazeGraph, src: string, dst: string, cutoff: number | null): ExpectedRoute {
  const explicit = graph.edges.filter((edge) => edge.explicit && known(edge, cutoff));
  const byKey = new Map(explicit.map((edge) => [JSON.stringify([edge.src, edge.action, edge.dst]), edge]));
  const edges: MangoEdge[] = explicit.map((edge) => ({
    src: edge.src,
    action: edge.action,
    dst: edge.dst,
    explicit: true,
    record: null,
  }));
  const route = shortestRoute(MangoGraph.fromEdges(edges), src, dst);
  if (route === null)
    return { steps: [], problem: `no route from ${src} to ${dst}${cutoff === null ? '' : ` at step ${cutoff}`}` };
  return {
    steps: route.map((step) => stepOf(byKey.get(JSON.stringify([step.before, step.action, step.after])) as MazeEdge)),
    problem: null,
  };
}

/** The DF path: each action taken from where the last one ended. */
function walkthroughRoute(graph: MazeGraph, src: string, actions: readonly string[]): ExpectedRoute {
  const steps: ExpectedRouteStep[] = [];
  let here = src;
  for (const action of actions) {
    const wanted = action.trim().toLowerCase();
    const edge = graph.edges.find(
      (candidate) => candidate.src === here && candidate.action.trim().toLowerCase() === wanted,
    );
    if (!edge) return { steps, problem: `no '${action}' move from ${here}` };
    steps.push(stepOf(edge));
    here = edge.dst;
  }
  return { steps, problem: null };
}
