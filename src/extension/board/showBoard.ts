// Show Board and reopening a recorded run on the board, by each benchmark's hooks. Part of the
// boards bundle (src/bundles/boards.ts), loaded on first use.
import * as vscode from 'vscode';
import { findBenchmark, findKind } from '../../core/benchmarks';
import type { RunRecord } from '../../core/eval/types';
import { isUnreadableRow } from '../../core/eval/unreadableRow';
import type { BabyaiQuestion } from '../../core/benchmarks/babyai/questionSchema';
import type { GraspQuestion } from '../../core/benchmarks/grasp/questionSchema';
import { standaloneKindOf } from '../../core/benchmark/standaloneValidation';
import { BoardPanel } from './boardPanel';
import type { BoardEvalDeps } from './evalDeps';
import { showLiveBoard } from './gridCommands';
import { reopenBabyaiEpisode, reopenGraspEpisode } from '../play/episodeReplay';
import { reopenBabyaiRun } from './babyaiQuestion';
import { reopenGraspRun } from './graspQuestion';

/** A BabyAI run reopened against its level as it is now: a question re-scored, a played episode stepped again. */
export function reopenBabyaiRecord(
  deps: BoardEvalDeps,
  record: RunRecord & { question: BabyaiQuestion },
): Promise<boolean> {
  return record.question.play ? reopenBabyaiEpisode(deps, record) : reopenBabyaiRun(deps, record);
}

/** A GRASP run reopened against its grid as it is now: a question re-scored, a played episode stepped again. */
export function reopenGraspRecord(
  deps: BoardEvalDeps,
  record: RunRecord & { question: GraspQuestion },
): Promise<boolean> {
  return record.question.play ? reopenGraspEpisode(deps, record) : reopenGraspRun(deps, record);
}

/**
 * "Waypoint: Show Board": the grid view of a level, an LLM-BabyBench record or a GRASP grid, an
 * episode's timeline, or the row of a GRASP response file scored and stepped on its grid.
 */
export async function showBoard(deps: BoardEvalDeps, uri?: vscode.Uri): Promise<BoardPanel | undefined> {
  const { context } = deps;
  const editor = vscode.window.activeTextEditor;
  const target = uri ?? editor?.document.uri;
  const kind = target ? standaloneKindOf(target.path) : null;
  if (!target || kind === null) {
    void vscode.window.showInformationMessage(
      'Waypoint: open a BabyAI level (*.level.json) or record file, a GRASP grid or response file, or a SmartPlay episode log (*.episode.jsonl) to show it on the board.',
    );
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(target);
  const cursorLine = editor?.document.uri.toString() === target.toString() ? editor.selection.active.line : undefined;
  const found = findKind(kind);
  // The kind's own command (a GRASP response row, scored on a grid the host finds in the workspace).
  const command = found?.kind.boardCommand;
  if (command)
    return (await vscode.commands.executeCommand(command, { uri: target, line: cursorLine ?? 0 }))
      ? BoardPanel.active
      : undefined;
  const benchmark = found?.benchmark;
  // A file drawn live (a BabyAI level): the server's scene, redrawn on each edit, edited by gesture.
  const live = benchmark?.liveBoard;
  if (live?.kinds.includes(kind)) return showLiveBoard(context, deps.client(), document, kind, live);
  const path = vscode.workspace.asRelativePath(target);
  // The scene at the cursor (a GRASP grid, an LLM-BabyBench record's level).
  const scene = benchmark?.fileScene?.(kind, document.getText(), path, cursorLine) ?? null;
  if (scene && 'problem' in scene) {
    void vscode.window.showErrorMessage(`Waypoint: ${scene.problem}.`);
    return undefined;
  }
  if (scene) {
    const board = BoardPanel.show(context);
    board.showScene(scene.scene, scene.title);
    return board;
  }
  // Any other kind (a SmartPlay episode log, a registered benchmark's file): what its fileTimeline
  // hook draws, titled with the path as the user sees it.
  const timeline = benchmark?.fileTimeline?.(kind, document.getText(), path) ?? null;
  if (!timeline) {
    void vscode.window.showInformationMessage(
      `Waypoint: the board does not draw ${kind} files${benchmark?.fileTimeline ? ' that do not validate' : ' yet'}.`,
    );
    return undefined;
  }
  const board = BoardPanel.show(context);
  board.showTimeline(timeline);
  return board;
}

/**
 * Reopens a recorded run: a benchmark with a reopenCommand (BabyAI, GRASP) re-scores it against its
 * level or grid as it is now, the answer with its diagnostics and the board stepping it; any other
 * registered benchmark's run is drawn as its timeline hook draws the record. False when the file is
 * gone; null for a benchmark the board does not draw runs of.
 */
export async function reopenRun(deps: BoardEvalDeps, record: RunRecord): Promise<boolean | null> {
  const { question } = record;
  // An unreadable row's record names no question to draw.
  if (isUnreadableRow(question)) return null;
  const benchmark = findBenchmark(question.benchmark);
  // Re-scoring against the file as it is now, which the timeline hook does not (yet) do.
  if (benchmark?.reopenCommand)
    return (await vscode.commands.executeCommand<boolean | undefined>(benchmark.reopenCommand, record)) ?? false;
  const timeline = benchmark?.timeline?.(question, record) ?? null;
  if (!timeline) return null;
  BoardPanel.show(deps.context).showTimeline(timeline);
  return true;
}
