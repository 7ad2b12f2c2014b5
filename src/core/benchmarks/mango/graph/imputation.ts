// Evaluation-time reverse edges (spec mango.md §3, "Evaluation (G_eval)"): the released evaluator
// adds (v, u, opposite(a)) for every edge (u, v, a) whose action is exactly a direction name,
// unless v -> u already carries that action. It is naive: nothing checks that the game allows the
// move back, and the walkthrough cutoff is ignored. Generation-time reverses (Jericho-checked) are
// already inside edges.json as `seen_in_reversed` and are not this module's concern.
import { DEFAULT_REVERSE_PAIRS, reverseActionMap, type ReversePair } from '../walkthrough/directions';
import { MangoGraph, type MangoEdge } from './graph';

export { DEFAULT_REVERSE_PAIRS, reverseActionMap, type ReversePair } from '../walkthrough/directions';

/**
 * The naive reverse edges G_eval adds to a graph, marked `explicit: false`. Edges are visited in
 * networkx's `G.edges()` order and each added reverse counts as existing for later ones, as in the
 * evaluator; matching is exact (case-sensitive), as its dictionary lookup is. Extra pairs such as
 * enter/exit are a Waypoint extension and make the result differ from the reference.
 */
export function imputeReverseEdges(
  graph: MangoGraph,
  pairs: readonly ReversePair[] = DEFAULT_REVERSE_PAIRS,
): MangoEdge[] {
  const reverses = reverseActionMap(pairs);
  const added: MangoEdge[] = [];
  const addedKeys = new Set<string>();
  for (const edge of graph.edgesByNode()) {
    const reverseAction = reverses.get(edge.action);
    if (reverseAction === undefined) continue;
    const key = JSON.stringify([edge.dst, reverseAction, edge.src]);
    if (graph.hasEdge(edge.dst, reverseAction, edge.src) || addedKeys.has(key)) continue;
    addedKeys.add(key);
    added.push({ src: edge.dst, action: reverseAction, dst: edge.src, explicit: false, record: null, reverseOf: edge });
  }
  return added;
}

/** The evaluation graph G_eval: the edges plus their naive reverses, appended after them. */
export function evaluationGraph(graph: MangoGraph, pairs: readonly ReversePair[] = DEFAULT_REVERSE_PAIRS): MangoGraph {
  return graph.withEdges(imputeReverseEdges(graph, pairs));
}
