// The server side of re-checking a recorded MANGO answer (a run reopened or compared) and of stepping
// an answer in the maze: it has the game's files, loads them, and hands plain data to core
// (core/benchmarks/mango/scoring/evaluation.ts), the same code the CLI's `mango score` runs. Every answer is checked on
// the evaluator's graph. (Run Question itself prepares and scores through core's question set and
// pipeline in the extension, as `waypoint run mango` does.)
import { createMangoScorer } from '../../core/benchmarks/mango/scoring/evaluation';
import { evaluatorGraphNote, type Trajectory } from '../../core/maze/mazeView';
import { answerTrajectory } from '../../core/benchmarks/mango/maze/trajectory';
import type { AnswerTrajectoryParams, ScoreAnswerParams, ScoreAnswerResult } from '../../protocol/lsp';
import { mangoGameData, type LoadedGame } from './games';
import { mazeGraphOf } from './mazeData';

export function scoreAnswer(game: LoadedGame, params: ScoreAnswerParams): ScoreAnswerResult {
  const { scores, diagnostics, trajectory } = createMangoScorer(mangoGameData(game)).evaluate(
    params.question,
    params.response,
    params.mode,
  );
  return { scores, diagnostics, trajectory };
}

/**
 * An answer stepped through in the maze ("Show in Maze", a result file, a run): checked on the
 * evaluator's graph, the one scoring uses, never on the user's reverse pairs the view may also
 * draw; when there are such pairs the trajectory says so, so a dashed user edge the answer walks is
 * not mistaken for a move the evaluator accepts.
 */
export function answerTrajectoryOf(game: LoadedGame, params: AnswerTrajectoryParams): Trajectory {
  const trajectory = answerTrajectory(
    mazeGraphOf(game, []),
    params.response,
    params.title,
    params.start,
    params.cutoff,
    params.mode ?? 'faithful',
    params.episode ?? false,
  );
  return { ...trajectory, graph: { ...trajectory.graph, note: evaluatorGraphNote(params.extraPairs) } };
}
