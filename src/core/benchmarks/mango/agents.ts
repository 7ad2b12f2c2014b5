// Built-in offline agents for MANGO, the default models: `oracle` answers from the maze itself (the
// upper bound a perfect mapper would reach), `random` walks the maze at random (a floor). Both
// answer in the format the prompt asks for (a Python list of dicts), so their answers go through
// the same parser and scorer as a real model's.
import { MangoGraph } from './graph/graph';
import { formatMap } from './scoring/mapTask';
import { seededRandom } from '../../util/random';
import { type RouteStep, shortestRoute } from './graph/shortestRoute';
import type { EdgeRecord } from './types';
import type { MangoQuestion } from './questionSchema';

type Step = RouteStep;

/** The steps in the prompt's format: the same Python list of dicts a map answer uses (mapTask.formatMap). */
function format(steps: readonly Step[]): string {
  return formatMap(steps.map((step) => ({ src: step.before, action: step.action, dst: step.after })));
}

/** Follows the given actions from `src`, taking the first matching edge each time. */
function follow(graph: MangoGraph, src: string, actions: readonly string[]): Step[] {
  const steps: Step[] = [];
  let here = src;
  for (const action of actions) {
    const edge = graph.outEdges(graph.indexOf(here)).find((candidate) => candidate.action === action);
    if (!edge) break;
    steps.push({ before: here, action, after: edge.dst });
    here = edge.dst;
  }
  return steps;
}

/** The oracle's answer: the true route (RF) or the true trajectory (DF). */
export function oracleAnswer(records: readonly EdgeRecord[], question: MangoQuestion): string {
  const graph = MangoGraph.fromRecords(records);
  const steps =
    question.task === 'rf'
      ? shortestRoute(graph, question.src, question.dst)
      : follow(graph, question.src, question.actionList);
  return steps && steps.length > 0 ? format(steps) : '[]';
}

/** A seeded random walk of the question's length (DF) or up to 8 moves (RF): the floor. */
export function randomAnswer(records: readonly EdgeRecord[], question: MangoQuestion, seed: number): string {
  const graph = MangoGraph.fromRecords(records);
  const next = seededRandom(seed).next;
  const length = question.task === 'df' ? question.actionList.length : 1 + Math.floor(next() * 8);
  const steps: Step[] = [];
  let here = question.src;
  for (let index = 0; index < length; index++) {
    const options = graph.outEdges(graph.indexOf(here));
    if (options.length === 0) break;
    const edge = options[Math.floor(next() * options.length)];
    steps.push({ before: here, action: edge.action, after: edge.dst });
    here = edge.dst;
  }
  return steps.length > 0 ? format(steps) : '[]';
}
