// The server side of "Run Question" and of stepping an answer in the maze: it has the game's files,
// loads them, and hands plain data to core (core/mango/evaluation.ts), the same code the CLI's
// `mango score` runs. Every answer is checked on the evaluator's graph; the extension only calls the model.
import { createMangoScorer, prepareMangoQuestion } from '../core/mango/evaluation';
import type { Trajectory } from '../core/mango/mazeView';
import { answerTrajectory } from '../core/mango/trajectory';
import type { AnswerTrajectoryParams, PrepareQuestionParams, PrepareQuestionResult, ScoreAnswerParams, ScoreAnswerResult } from '../protocol/lsp';
import type { DocumentStore } from './documents';
import { mangoGameData, memberText, type LoadedGame } from './games';
import { mazeGraphOf } from './mazeData';
import { listQuestions } from './questions';

export async function prepareQuestion(game: LoadedGame, documents: DocumentStore, params: PrepareQuestionParams): Promise<PrepareQuestionResult | null> {
  const list = await listQuestions(game, documents, params.task, params.cutoff, Number.MAX_SAFE_INTEGER);
  const summary = list.questions.find((question) => question.sampleId === params.sampleId);
  const walkthrough = await memberText(game, documents, 'mango-walkthrough');
  if (!summary || walkthrough === undefined) return null;
  return prepareMangoQuestion({
    game: list.game,
    walkthrough,
    actions: game.model.actions?.names.map((name) => name.value) ?? [],
    locations: game.model.locations?.names.map((name) => name.value) ?? [],
    question: summary,
    cutoff: params.cutoff,
    template: params.template,
  });
}

export function scoreAnswer(game: LoadedGame, params: ScoreAnswerParams): ScoreAnswerResult {
  const { scores, diagnostics, trajectory } = createMangoScorer(mangoGameData(game)).evaluate(params.question, params.response, params.mode);
  return { scores, diagnostics, trajectory };
}

/**
 * An answer stepped through in the maze ("Show in Maze", a result file, a run): checked on the
 * evaluator's graph, the one scoring uses, never on the user's reverse pairs the view may also
 * draw; when there are such pairs the trajectory says so, so a dashed user edge the answer walks is
 * not mistaken for a move the evaluator accepts.
 */
export function answerTrajectoryOf(game: LoadedGame, params: AnswerTrajectoryParams): Trajectory {
  const trajectory = answerTrajectory(mazeGraphOf(game, []), params.response, params.title, params.start, params.cutoff);
  return { ...trajectory, graph: { ...trajectory.graph, note: evaluatorGraphNote(params.extraPairs) } };
}

/** What the view says when it draws more reverse edges than the evaluator imputes; null when it does not. */
export function evaluatorGraphNote(extraPairs: ReadonlyArray<readonly [string, string]>): string | null {
  if (extraPairs.length === 0) return null;
  const pairs = extraPairs.map(([a, b]) => `${a}/${b}`).join(', ');
  return `Drawn on the evaluator's graph: your reverse pair${extraPairs.length > 1 ? 's' : ''} ${pairs} (waypoint.mango.reversePairs) only add dashed edges to the view; the evaluator does not accept moves along them.`;
}
