// The board commands, bundled apart (dist/boards.js) and loaded on first use: the BabyAI, GRASP
// and SmartPlay cores are not needed to activate Waypoint.
import * as vscode from 'vscode';
import { standaloneKindOf } from '../../core/fileKinds';
import { BoardPanel } from './boardPanel';
import type { BoardEvalDeps } from './evalDeps';
import { showGraspGrid, showLevel, showRecordLevel } from './gridCommands';
import { scoreGraspResponse } from './graspQuestion';
import { showEpisode } from './smartplayCommands';

export { reopenBabyaiRun, runBabyaiQuestion } from './babyaiQuestion';
export { reopenGraspRun, runGraspQuestion, scoreGraspResponse } from './graspQuestion';
export { playSmartplay } from './smartplayCommands';
export { BoardPanel } from './boardPanel';

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
      return showLevel(context, document);
    case 'babyai-records':
      return showRecordLevel(context, document, cursorLine);
    case 'grasp-grids':
      return showGraspGrid(context, document, cursorLine);
    case 'grasp-results':
      return (await scoreGraspResponse(deps, { uri: target, line: cursorLine ?? 0 })) ? BoardPanel.active : undefined;
    case 'smartplay-episode':
      return showEpisode(context, document);
  }
}
