// A recorded run reopened from the Runs view or the results view: its answer in an answer
// document, re-checked against the benchmark files as they are now; its replay on the maze (a run
// whose benchmark's runView hook says so: MANGO) or on the board (the boards bundle); a map-task
// answer as a map diff.
import * as vscode from 'vscode';
import type { MangoQuestion } from '../../core/benchmarks/mango/questionSchema';
import { replaysOnMaze } from '../../core/benchmarks/mango/maze/runView';
import { episodeRouteAnswer } from '../../core/benchmarks/mango/play/episodeRoute';
import type { EpisodeAnswer } from '../../core/eval/episodeQuestions';
import { runDocumentName } from '../../core/eval/runLabels';
import type { RunRecord } from '../../core/eval/types';
import { ScoreAnswerRequest, type ScoreAnswerResult } from '../../protocol/lsp';
import { boardDeps, type CommandContext, mapDeps } from '../commandContext';
import { sendRequest } from '../lspRequests';
import { type AnswerOnMap, MazePanel } from '../views/mazePanel';

/** A MANGO game's edges file in the workspace (it stands for the game in server requests). */
async function gameEdgesOf(game: string): Promise<vscode.Uri | undefined> {
  return (await vscode.workspace.findFiles(`**/${game}.edges.json`, '**/node_modules/**', 1))[0];
}

/** The question of a run the maze replays (its benchmark's runView), else null: that run steps on the board. */
function mangoQuestionOf(record: RunRecord): MangoQuestion | null {
  return replaysOnMaze(record.question) ? record.question : null;
}

/** A MANGO run re-checked against its game as it is now; null when the game is gone. */
export async function rescoreMangoRun(ctx: CommandContext, record: RunRecord): Promise<ScoreAnswerResult | null> {
  const question = mangoQuestionOf(record);
  // 'pre2025' is GRASP's scoring mode: a MANGO record never has it, and the server cannot score in it.
  // A played episode's rawAnswer is its transcript, not a route answer: nothing to re-score.
  if (!question || record.mode === 'pre2025' || question.play) return null;
  const edges = await gameEdgesOf(question.game);
  return edges
    ? sendRequest(ctx.client(), ScoreAnswerRequest, {
        uri: edges.toString(),
        question,
        response: record.rawAnswer,
        mode: record.mode,
      })
    : null;
}

/**
 * A run's answer in an answer document, re-checked against the benchmark files as they are now so
 * the diagnostics match today's maze, level or grid; a run whose files are gone still shows its answer.
 */
export async function openRunAnswer(ctx: CommandContext, record: RunRecord): Promise<unknown> {
  if (mangoQuestionOf(record)) {
    const scored = await rescoreMangoRun(ctx, record);
    return ctx.answers.show(runDocumentName(record), record.rawAnswer, scored?.diagnostics ?? []);
  }
  return (
    (await ctx.bundles.boards().reopenRun(boardDeps(ctx), record)) ||
    ctx.answers.show(runDocumentName(record), record.rawAnswer, [])
  );
}

async function mangoGameOrWarn(question: MangoQuestion): Promise<vscode.Uri | undefined> {
  const edges = await gameEdgesOf(question.game);
  if (!edges)
    void vscode.window.showWarningMessage(
      `Waypoint: the game ${question.game} is not in this workspace (no ${question.game}.edges.json), so its maze cannot be drawn.`,
    );
  return edges;
}

/** A MANGO run as the maze draws it: its answer, titled, with the question for the expected route. */
function answerOnMap(record: RunRecord, question: MangoQuestion): AnswerOnMap {
  // A played episode is drawn as the route it walked (refused commands are no edge).
  const played = question.play && Array.isArray((record.parsedAnswer as EpisodeAnswer | null)?.steps);
  return {
    response: played
      ? episodeRouteAnswer(question.src, (record.parsedAnswer as EpisodeAnswer).steps)
      : record.rawAnswer,
    ...(played ? { episode: true } : {}),
    title: `${question.task.toUpperCase()} ${question.src} → ${question.dst} · ${record.model.id}`,
    start: question.src,
    cutoff: question.cutoff,
    question: { task: question.task, src: question.src, dst: question.dst, actions: question.actionList },
  };
}

/** A run's answer stepped on the maze (MANGO) or the board (the grid benchmarks); a map-task answer as a map diff. */
export async function replayRun(ctx: CommandContext, record: RunRecord): Promise<unknown> {
  const question = mangoQuestionOf(record);
  if (!question) {
    const shown = await ctx.bundles.boards().reopenRun(boardDeps(ctx), record);
    if (!shown)
      void vscode.window.showWarningMessage(
        `Waypoint: no replay for ${record.question.sampleId}: ${shown === null ? 'the board does not draw this benchmark' : 'the file it was asked on is gone'}.`,
      );
    return shown;
  }
  if (question.task === 'map') return ctx.bundles.boards().showMapRecords(mapDeps(ctx), [{ ...record, question }]);
  const edges = await mangoGameOrWarn(question);
  if (!edges) return null;
  const answer = answerOnMap(record, question);
  const maze = MazePanel.show(ctx.context, ctx.client(), edges);
  // A played episode is a walk: one with no move (stopped at once, or only refused commands) shows its start.
  if (answer.episode)
    return maze.showEpisode(answer.response as string, answer.title, question.src, answer.cutoff, answer.question);
  return maze.showTrajectory(answer.response, answer.title, answer.start, answer.cutoff, answer.question);
}

/** Two MANGO answers to one question on one map (the results view's A ↔ B); other benchmarks: nothing. */
export async function replayRunPair(ctx: CommandContext, a: RunRecord, b: RunRecord): Promise<unknown> {
  const [first, second] = [mangoQuestionOf(a), mangoQuestionOf(b)];
  if (!first || !second) return null;
  if (first.task === 'map' && second.task === 'map')
    return ctx.bundles.boards().showMapRecords(mapDeps(ctx), [
      { ...a, question: first },
      { ...b, question: second },
    ]);
  const edges = await mangoGameOrWarn(first);
  return edges
    ? MazePanel.show(ctx.context, ctx.client(), edges).showTrajectories(answerOnMap(a, first), answerOnMap(b, second))
    : null;
}
