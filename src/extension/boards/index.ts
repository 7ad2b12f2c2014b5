// The board commands, bundled apart (dist/boards.js) and loaded on first use: the BabyAI, GRASP
// and SmartPlay cores are not needed to activate Waypoint.
import * as vscode from 'vscode';
import { findBenchmark, findKind } from '../../core/benchmarks';
import type { RunRecord } from '../../core/eval/types';
import { standaloneKindOf } from '../../core/standaloneValidation';
import { BoardPanel } from './boardPanel';
import type { BoardEvalDeps } from './evalDeps';
import { showGraspGrid, showLevel, showRecordLevel } from './gridCommands';
import { reopenBabyaiRun } from './babyaiQuestion';
import { reopenGraspRun, scoreGraspResponse } from './graspQuestion';
import { reopenBabyaiEpisode, reopenGraspEpisode } from '../play/episodeReplay';

export { runBabyaiQuestion } from './babyaiQuestion';
export { runGraspQuestion, scoreGraspResponse } from './graspQuestion';
export { playSmartplay } from './smartplayCommands';
export { playEpisode, PlayPanel } from '../play/playCommand';
export { BoardPanel } from './boardPanel';
export { useWebviewMessageLog } from '../views/webviewMessages';

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
    void vscode.window.showInformationMessage('Waypoint: open a BabyAI level (*.level.json) or record file, a GRASP grid or response file, or a SmartPlay episode log (*.episode.jsonl) to show it on the board.');
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(target);
  const cursorLine = editor?.document.uri.toString() === target.toString() ? editor.selection.active.line : undefined;
  switch (kind) {
    case 'babyai-level':
      return showLevel(context, deps.client(), document);
    case 'babyai-records':
      return showRecordLevel(context, document, cursorLine);
    case 'grasp-grids':
      return showGraspGrid(context, document, cursorLine);
    case 'grasp-results':
      return (await scoreGraspResponse(deps, { uri: target, line: cursorLine ?? 0 })) ? BoardPanel.active : undefined;
    default: {
      // Any other kind (a SmartPlay episode log, a registered benchmark's file): what its fileTimeline
      // hook draws, titled with the path as the user sees it.
      const timeline = findKind(kind)?.benchmark.fileTimeline?.(kind, document.getText(), vscode.workspace.asRelativePath(target)) ?? null;
      if (!timeline) {
        void vscode.window.showInformationMessage(`Waypoint: the board does not draw ${kind} files${findKind(kind)?.benchmark.fileTimeline ? ' that do not validate' : ' yet'}.`);
        return undefined;
      }
      const board = BoardPanel.show(context);
      board.showTimeline(timeline);
      return board;
    }
  }
}

/**
 * Reopens a recorded run: BabyAI and GRASP runs re-scored against their level or grid as it is
 * now, the answer with its diagnostics and the board stepping it; any other registered benchmark's
 * run as its timeline hook draws the record. False when the file is gone; null for a benchmark the
 * board does not draw runs of.
 */
export async function reopenRun(deps: BoardEvalDeps, record: RunRecord): Promise<boolean | null> {
  const { question } = record;
  // These two re-score against the file as it is now, which the timeline hook does not (yet) do;
  // a played episode is its transcript and the episode stepped on the level or grid as it is now.
  if (question.benchmark === 'babyai') return question.play ? reopenBabyaiEpisode(deps, { ...record, question }) : reopenBabyaiRun(deps, { ...record, question });
  if (question.benchmark === 'grasp') return question.play ? reopenGraspEpisode(deps, { ...record, question }) : reopenGraspRun(deps, { ...record, question });
  const timeline = findBenchmark(question.benchmark)?.timeline?.(question, record) ?? null;
  if (!timeline) return null;
  BoardPanel.show(deps.context).showTimeline(timeline);
  return true;
}
