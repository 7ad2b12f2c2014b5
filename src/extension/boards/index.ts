// The board commands, bundled apart (dist/boards.js) and loaded on first use: the BabyAI, GRASP
// and SmartPlay cores are not needed to activate Waypoint.
import * as vscode from 'vscode';
import { standaloneKindOf } from '../../core/fileKinds';
import { BoardPanel } from './boardPanel';
import { showGraspGrid, showLevel } from './gridCommands';
import { showEpisode } from './smartplayCommands';

export { runBabyaiQuestion, runGraspBaseline } from './gridCommands';
export { playSmartplay } from './smartplayCommands';
export { BoardPanel } from './boardPanel';

/** "Waypoint: Show Board": the grid view of a level or GRASP grid, or an episode's timeline. */
export async function showBoard(context: vscode.ExtensionContext, uri?: vscode.Uri): Promise<BoardPanel | undefined> {
  const editor = vscode.window.activeTextEditor;
  const target = uri ?? editor?.document.uri;
  const kind = target ? standaloneKindOf(target.path) : null;
  if (!target || kind === null) {
    void vscode.window.showInformationMessage('Waypoint: open a BabyAI level (*.level.json), a GRASP grid file or a SmartPlay episode log (*.episode.jsonl) to show it on the board.');
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(target);
  if (kind === 'babyai-level') return showLevel(context, document);
  if (kind === 'grasp-grids') return showGraspGrid(context, document, editor?.document.uri.toString() === target.toString() ? editor.selection.active.line : undefined);
  return showEpisode(context, document);
}
