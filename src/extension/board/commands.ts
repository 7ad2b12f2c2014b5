// The board's commands: Show Board, the grid and game benchmarks' question and episode commands,
// and reopening their recorded runs. All of them run in the boards bundle, loaded on first use.
import * as vscode from 'vscode';
import type { BabyaiQuestion } from '../../core/benchmarks/babyai/questionSchema';
import type { GraspQuestion } from '../../core/benchmarks/grasp/questionSchema';
import type { RunRecord } from '../../core/eval/types';
import { boardDeps, type CommandTable } from '../commandContext';
import type { BabyaiRunOptions } from './babyaiQuestion';
import type { GraspRunOptions, ScoreResponseOptions } from './graspQuestion';
import type { PlayOptions } from './smartplayCommands';

export const boardCommands = {
  // From the editor title (a Uri) or from a lens (`{ uri }` as a string, as the server sends it).
  'waypoint.showBoard': (ctx) => (target?: vscode.Uri | { uri: string }) =>
    ctx.bundles
      .boards()
      .showBoard(boardDeps(ctx), target && !(target instanceof vscode.Uri) ? vscode.Uri.parse(target.uri) : target),
  'waypoint.runGraspQuestion': (ctx) => (options?: GraspRunOptions) =>
    ctx.bundles.boards().runGraspQuestion(boardDeps(ctx), options),
  'waypoint.scoreGraspResponse': (ctx) => (options?: ScoreResponseOptions) =>
    ctx.bundles.boards().scoreGraspResponse(boardDeps(ctx), options),
  'waypoint.runBabyaiQuestion': (ctx) => (options?: BabyaiRunOptions) =>
    ctx.bundles.boards().runBabyaiQuestion(boardDeps(ctx), options),
  'waypoint.playSmartplay': (ctx) => (options?: PlayOptions) =>
    ctx.bundles.boards().playSmartplay(boardDeps(ctx), options),
  // Test-only: what the board shows, read without loading the boards bundle.
  'waypoint.boardState': (ctx) => () => {
    const board = ctx.bundles.loadedBoards()?.BoardPanel.active;
    return board
      ? {
          title: board.panel.title,
          frame: board.frame,
          frames: board.timeline?.frames.length ?? 0,
          timeline: board.timeline,
          scene: board.scene,
        }
      : undefined;
  },
} satisfies CommandTable;

/** Called by code, not by a person (so not in package.json). */
export const boardInternalCommands = {
  // Named by the BabyAI and GRASP declarations' reopenCommand: a run re-scored against its file as it is now.
  'waypoint.reopenBabyaiRun': (ctx) => (record: RunRecord & { question: BabyaiQuestion }) =>
    ctx.bundles.boards().reopenBabyaiRecord(boardDeps(ctx), record),
  'waypoint.reopenGraspRun': (ctx) => (record: RunRecord & { question: GraspQuestion }) =>
    ctx.bundles.boards().reopenGraspRecord(boardDeps(ctx), record),
} satisfies CommandTable;
