// Scoring one MANGO answer in faithful mode (spec mango.md §8 and the faithful column of §9): the
// paper's definitions over the evaluation graph G_eval (edges plus the evaluator's naive
// reverses), with deterministic tie-breaking. DF success checks the answer's final room against
// where the asked actions really lead; RF success walks the answer's actions; reasoning accepts
// any valid route with the exact endpoints.
import type { MangoQuestion } from '../questionSchema';
import { parseMangoAnswer, type AnswerStep } from './answers';
import { editDistance } from './confusion';
import { MangoGraph } from '../graph/graph';
import { evaluationGraph } from '../graph/imputation';
import type { EdgeRecord } from '../types';

export interface MangoScore {
  parse_error: boolean;
  success_strict: number;
  success_loose: number;
  reasoning: number;
  mode: 'faithful';
  note?: string;
}

/** Upstream's similarity: 1 − edit distance / longer length, lower-cased; 0 when both are empty. */
export function nameSimilarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 0 : 1 - editDistance([...x], [...y]) / longest;
}

/** Every room reachable by following `actions` (case-insensitive), all branches. */
function destinations(graph: MangoGraph, src: string, actions: readonly string[]): string[] {
  let frontier = [src];
  for (const action of actions) {
    const wanted = action.toLowerCase();
    frontier = frontier.flatMap((room) =>
      graph
        .outEdges(graph.indexOf(room))
        .filter((edge) => edge.action.toLowerCase() === wanted)
        .map((edge) => edge.dst),
    );
    if (frontier.length === 0) break;
  }
  return frontier;
}

/** The evaluator's exact path check: endpoints unstripped, each edge (stripped) present, steps chained. */
export function isValidPath(graph: MangoGraph, steps: readonly AnswerStep[], src: string, dst: string): boolean {
  if (steps.length === 0 || steps[0].location_before !== src || steps[steps.length - 1].location_after !== dst)
    return false;
  return steps.every((step, index) => {
    const before = step.location_before.trim();
    const after = step.location_after.trim();
    const u = graph.indexOf(before);
    const v = graph.indexOf(after);
    const edgeExists = u >= 0 && v >= 0 && graph.edgesBetween(u, v).some((edge) => edge.action === step.action.trim());
    return edgeExists && (index === 0 || steps[index - 1].location_after === step.location_before);
  });
}

/** Scores one answer in faithful mode. */
export function scoreMangoFaithful(
  records: readonly EdgeRecord[],
  question: MangoQuestion,
  response: unknown,
): MangoScore {
  return faithfulScorer(records)(question, response);
}

/** A scorer over one game's G_eval, built once for many answers. */
export function faithfulScorer(
  records: readonly EdgeRecord[],
): (question: MangoQuestion, response: unknown) => MangoScore {
  const graph = evaluationGraph(MangoGraph.fromRecords(records));
  return (question, response) => scoreWithGraph(graph, question, response);
}

function scoreWithGraph(graph: MangoGraph, question: MangoQuestion, response: unknown): MangoScore {
  const parsed = parseMangoAnswer(response);
  if (!parsed.ok)
    return {
      parse_error: true,
      success_strict: 0,
      success_loose: 0,
      reasoning: 0,
      mode: 'faithful',
      note: parsed.error,
    };
  const steps = parsed.steps;
  if (question.task === 'df') {
    const reached = destinations(graph, question.src, question.actionList);
    const final = steps[steps.length - 1].location_after;
    const sameActions =
      steps.length === question.actionList.length &&
      steps.every((step, index) => step.action === question.actionList[index]);
    return {
      parse_error: false,
      success_strict: reached.some((room) => room.toLowerCase() === final.toLowerCase()) ? 1 : 0,
      success_loose: Math.max(0, ...reached.map((room) => nameSimilarity(final, room))),
      reasoning: sameActions && reached.some((room) => isValidPath(graph, steps, question.src, room)) ? 1 : 0,
      mode: 'faithful',
    };
  }
  // RF. Loose mapping: each answer action to the most similar action of G_eval, ties broken by
  // G_eval's edge order (deterministic, unlike the reference's set order).
  const knownActions = [...new Set(graph.edges.map((edge) => edge.action.toLowerCase()))];
  const mapped = steps.map((step) =>
    knownActions.reduce(
      (best, action) => (nameSimilarity(step.action, action) > nameSimilarity(step.action, best) ? action : best),
      knownActions[0] ?? '',
    ),
  );
  const reaches = (actions: readonly string[]) =>
    destinations(graph, question.src, actions).some((room) => room.toLowerCase() === question.dst.toLowerCase());
  return {
    parse_error: false,
    success_strict: reaches(steps.map((step) => step.action)) ? 1 : 0,
    success_loose: reaches(mapped) ? 1 : 0,
    reasoning: isValidPath(graph, steps, question.src, question.dst) ? 1 : 0,
    mode: 'faithful',
  };
}
