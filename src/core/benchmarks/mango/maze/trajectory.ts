// A model's answer as a walk through the maze: each step checked against a stated graph (explicit
// edges and imputed reverses), so the maze view can colour it. Callers pass the evaluator's graph
// (core/benchmarks/mango/scoring/evaluation.ts), so the walk shown is the one scored. Names are compared after
// trimming, as the released evaluator's edge check does.
import type { MazeGraph, Trajectory, TrajectoryStep } from '../../../maze/mazeView';
import { parseMangoAnswer, type AnswerParseMode, type AnswerStep } from '../scoring/answers';

/** Classifies every step of an answer against a maze graph. */
export function classifyTrajectory(graph: MazeGraph, steps: readonly AnswerStep[]): TrajectoryStep[] {
  const known = new Set(graph.nodes.map((node) => node.name));
  return steps.map((step, index) => {
    const from = step.location_before.trim();
    const action = step.action.trim();
    const to = step.location_after.trim();
    const chained = index === 0 || steps[index - 1].location_after === step.location_before;
    const base = { index, from, action, to, chained };
    const unknown = [from, to].filter((name) => !known.has(name));
    if (unknown.length > 0) {
      return {
        ...base,
        verdict: 'unknown-location',
        edgeId: null,
        message: `${unknown.map((name) => `'${name}'`).join(' and ')} ${unknown.length === 1 ? 'is not a location' : 'are not locations'} of this maze.`,
      };
    }
    const edge = graph.edges.find(
      (candidate) => candidate.src === from && candidate.dst === to && candidate.action === action,
    );
    if (!edge) {
      return {
        ...base,
        verdict: 'hallucinated-edge',
        edgeId: null,
        message: `There is no '${action}' move from '${from}' to '${to}'.`,
      };
    }
    return edge.explicit
      ? { ...base, verdict: 'valid', edgeId: edge.id, message: `'${from}' —${action}→ '${to}' is in the maze.` }
      : {
          ...base,
          verdict: 'imputed',
          edgeId: edge.id,
          message: `'${from}' —${action}→ '${to}' is only an imputed reverse; the evaluator accepts it.`,
        };
  });
}

/** A walk with no move: `[]` as episodeRouteAnswer writes it, or an empty list. */
function isEmptyWalk(response: unknown): boolean {
  return (
    (Array.isArray(response) && response.length === 0) || (typeof response === 'string' && response.trim() === '[]')
  );
}

/**
 * Parses a raw answer and classifies it: what the maze view steps through. With `episode`, the
 * answer is a played episode's walk (core/benchmarks/mango/play/episodeRoute.ts): one with no move yet (the start
 * of a Play episode, or only refused commands) is a walk that stands at its start, not an answer
 * that could not be parsed, as an empty list from a model is.
 */
export function answerTrajectory(
  graph: MazeGraph,
  response: unknown,
  title: string,
  start: string | null,
  cutoff: number | null,
  mode: AnswerParseMode = 'faithful',
  episode = false,
): Trajectory {
  const checkedOn = { reversePairs: graph.reversePairs.map(([a, b]): [string, string] => [a, b]), note: null };
  if (episode && isEmptyWalk(response)) return { title, start, cutoff, steps: [], error: null, graph: checkedOn };
  const parsed = parseMangoAnswer(response, mode);
  if (!parsed.ok)
    return {
      title,
      start,
      cutoff,
      steps: [],
      error: `The answer could not be parsed: ${parsed.error}.`,
      graph: checkedOn,
    };
  return { title, start, cutoff, steps: classifyTrajectory(graph, parsed.steps), error: null, graph: checkedOn };
}
