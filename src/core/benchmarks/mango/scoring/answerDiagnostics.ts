// Diagnostics on a model's raw answer text: each wrong step is marked on its own dict, so the
// author sees exactly where the answer went wrong; hovers carry what was expected.
import { OffsetMapper } from '../../../util/locatedJson';
import type { Diagnostic } from '../../../util/text';
import type { MazeGraph, TrajectoryStep } from '../../../maze/mazeView';
import { answerStepSpans, parseMangoAnswer, type AnswerParseMode } from './answers';
import { nameSimilarity } from './scoring';
import { classifyTrajectory } from '../maze/trajectory';

export const AnswerCodes = {
  parseError: 'answer/parse-error',
  hallucinatedEdge: 'answer/hallucinated-edge',
  unknownLocation: 'answer/unknown-location',
  imputedEdge: 'answer/imputed-edge',
  brokenChain: 'answer/broken-chain',
  wrongStart: 'answer/wrong-start',
  wrongDestination: 'answer/wrong-destination',
  /** DF: a step's action is not the one the question gives at that position. */
  wrongAction: 'answer/wrong-action',
  /** DF: the answer has more or fewer steps than the question gives actions. */
  actionCount: 'answer/action-count',
} as const;

interface AnswerDiagnosticOptions {
  /** DF: the actions the question gives; each step must take the action at its position. */
  actionList?: readonly string[];
  /** How the answer is read: reference mode folds constant expressions (spec §9 item 4). */
  mode?: AnswerParseMode;
}

/** Diagnostics for an answer to a question from `src` whose right destination is `dst`. */
export function answerDiagnostics(
  response: string,
  graph: MazeGraph,
  src: string,
  dst: string,
  options: AnswerDiagnosticOptions = {},
): Diagnostic[] {
  const mapper = new OffsetMapper(response);
  const parsed = parseMangoAnswer(response, options.mode);
  if (!parsed.ok) {
    const at = Math.min(parsed.offset, Math.max(0, response.length - 1));
    return [
      {
        severity: 'error',
        code: AnswerCodes.parseError,
        message: `Unparseable answer: ${parsed.error}.`,
        range: mapper.range(at, response.length > 0 ? 1 : 0),
      },
    ];
  }
  const spans =
    answerStepSpans(response, parsed) ?? parsed.steps.map(() => ({ start: parsed.sliceStart, end: parsed.sliceEnd }));
  const steps = classifyTrajectory(graph, parsed.steps);
  const diagnostics: Diagnostic[] = [];
  const at = (index: number) => mapper.range(spans[index].start, spans[index].end - spans[index].start);
  if (steps[0] && steps[0].from !== src) {
    diagnostics.push({
      severity: 'error',
      code: AnswerCodes.wrongStart,
      message: `The answer starts at '${steps[0].from}', not at '${src}'.`,
      range: at(0),
      data: { expected: `Start at '${src}'. ${movesFrom(graph, src)}` },
    });
  }
  diagnostics.push(...stepDiagnostics(graph, steps, at));
  if (options.actionList)
    diagnostics.push(
      ...actionListDiagnostics(
        parsed.steps.map((step) => step.action),
        options.actionList,
        at,
      ),
    );
  const last = steps[steps.length - 1];
  if (last && last.to !== dst) {
    diagnostics.push({
      severity: 'error',
      code: AnswerCodes.wrongDestination,
      message: `The answer ends at '${last.to}'; the right destination is '${dst}'.`,
      range: at(last.index),
      data: { expected: shortestRouteText(graph, src, dst) },
    });
  }
  return diagnostics;
}

/** Each step's own verdict (an edge the maze has not, an unknown room, an imputed edge) and each break in the chain. */
function stepDiagnostics(
  graph: MazeGraph,
  steps: readonly TrajectoryStep[],
  at: (index: number) => Diagnostic['range'],
): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const step of steps) {
    if (step.verdict === 'hallucinated-edge')
      found.push({
        severity: 'error',
        code: AnswerCodes.hallucinatedEdge,
        message: `Step ${step.index + 1}: ${step.message}`,
        range: at(step.index),
        data: { expected: movesFrom(graph, step.from) },
      });
    else if (step.verdict === 'unknown-location')
      found.push({
        severity: 'error',
        code: AnswerCodes.unknownLocation,
        message: `Step ${step.index + 1}: ${step.message}`,
        range: at(step.index),
        data: { expected: closestNames(graph, [step.from, step.to]) },
      });
    else if (step.verdict === 'imputed')
      found.push({
        severity: 'information',
        code: AnswerCodes.imputedEdge,
        message: `Step ${step.index + 1}: ${step.message}`,
        range: at(step.index),
      });
    if (!step.chained)
      found.push({
        severity: 'warning',
        code: AnswerCodes.brokenChain,
        message: `Step ${step.index + 1} starts at '${step.from}', but the previous step ended at '${steps[step.index - 1].to}'.`,
        range: at(step.index),
      });
  }
  return found;
}

/**
 * DF answers must take the question's actions in order (paper-era reasoning, spec §8: the same
 * length and the same actions as asked, compared exactly); a valid path by other actions is still
 * a wrong answer to "perform these actions".
 */
function actionListDiagnostics(
  taken: readonly string[],
  asked: readonly string[],
  at: (index: number) => Diagnostic['range'],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const listed = `The question's actions: ${asked.map((action, index) => `${index + 1}. ${action}`).join(', ')}.`;
  taken.slice(0, asked.length).forEach((action, index) => {
    if (action === asked[index]) return;
    const caseOnly =
      action.toLowerCase() === asked[index].toLowerCase()
        ? ' (they differ only in case; the reasoning score compares actions exactly)'
        : '';
    diagnostics.push({
      severity: 'error',
      code: AnswerCodes.wrongAction,
      message: `Step ${index + 1} takes '${action}', but the question's action ${index + 1} is '${asked[index]}'${caseOnly}.`,
      range: at(index),
      data: { expected: listed },
    });
  });
  if (taken.length > asked.length) {
    for (let index = asked.length; index < taken.length; index++) {
      diagnostics.push({
        severity: 'error',
        code: AnswerCodes.actionCount,
        message: `Step ${index + 1} ('${taken[index]}') is beyond the ${asked.length} action${asked.length === 1 ? '' : 's'} the question gives.`,
        range: at(index),
        data: { expected: listed },
      });
    }
  } else if (taken.length < asked.length && taken.length > 0) {
    const missing = asked
      .slice(taken.length)
      .map((action) => `'${action}'`)
      .join(', ');
    diagnostics.push({
      severity: 'error',
      code: AnswerCodes.actionCount,
      message: `The answer stops after ${taken.length} step${taken.length === 1 ? '' : 's'}; the question gives ${asked.length} actions (missing: ${missing}).`,
      range: at(taken.length - 1),
      data: { expected: listed },
    });
  }
  return diagnostics;
}

/** "From 'x': north → 'y'; up → 'z'." — what the maze allows where a step went wrong. */
function movesFrom(graph: MazeGraph, from: string): string {
  const moves = graph.edges
    .filter((edge) => edge.src === from)
    .map((edge) => `${edge.action} → '${edge.dst}'${edge.explicit ? '' : ' (imputed)'}`);
  return moves.length ? `Moves from '${from}': ${moves.join('; ')}.` : `The maze has no moves from '${from}'.`;
}

/** The maze's names nearest to each unknown one, by the evaluator's edit similarity. */
function closestNames(graph: MazeGraph, names: readonly string[]): string {
  const known = graph.nodes.map((node) => node.name);
  return names
    .filter((name) => !known.includes(name))
    .map((name) => {
      const nearest = [...known].sort((a, b) => nameSimilarity(name, b) - nameSimilarity(name, a)).slice(0, 3);
      return `'${name}' is not a location; nearest: ${nearest.map((candidate) => `'${candidate}'`).join(', ')}.`;
    })
    .join(' ');
}

/** A shortest route by breadth-first search over the maze view's edges (imputed ones included). */
function shortestRouteText(graph: MazeGraph, src: string, dst: string): string {
  const previous = new Map<string, { from: string; action: string }>();
  const queue = [src];
  const seen = new Set([src]);
  while (queue.length > 0 && !seen.has(dst)) {
    const room = queue.shift() as string;
    for (const edge of graph.edges) {
      if (edge.src !== room || seen.has(edge.dst)) continue;
      seen.add(edge.dst);
      previous.set(edge.dst, { from: room, action: edge.action });
      queue.push(edge.dst);
    }
  }
  if (!seen.has(dst)) return `The maze has no route from '${src}' to '${dst}'.`;
  const route: string[] = [];
  for (let room = dst; room !== src; ) {
    const step = previous.get(room) as { from: string; action: string };
    route.unshift(step.action);
    room = step.from;
  }
  return `A shortest route from '${src}' to '${dst}': ${route.join(', ')}.`;
}
