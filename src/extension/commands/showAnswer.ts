// "Waypoint: Step Through Answer in Maze": opens a MANGO result file (upstream's
// result_sample_id_*.json: game_name, src_node, dst_node, response or answer), finds its game in
// the workspace, and steps through the model's answer on the maze.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { Trajectory } from '../../protocol/maze';
import { MazePanel } from '../views/mazePanel';

interface ResultFile {
  game_name?: unknown;
  task?: unknown;
  src_node?: unknown;
  dst_node?: unknown;
  action_list?: unknown;
  model_cutoff_num?: unknown;
  response?: unknown;
  answer?: unknown;
}

export async function showAnswerInMaze(context: vscode.ExtensionContext, client: LanguageClient, uri?: vscode.Uri): Promise<Trajectory | null> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) {
    void vscode.window.showInformationMessage('Waypoint: open a MANGO result file (result_sample_id_*.json) first.');
    return null;
  }
  let result: ResultFile;
  try {
    result = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(target))) as ResultFile;
  } catch (error) {
    void vscode.window.showErrorMessage(`Waypoint: ${vscode.workspace.asRelativePath(target)} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (typeof result.game_name !== 'string') {
    void vscode.window.showErrorMessage(`Waypoint: ${vscode.workspace.asRelativePath(target)} has no "game_name", so its game cannot be found.`);
    return null;
  }
  const [edgesFile] = await vscode.workspace.findFiles(`**/${result.game_name}.edges.json`, '**/node_modules/**', 1);
  if (!edgesFile) {
    void vscode.window.showErrorMessage(`Waypoint: no ${result.game_name}.edges.json in this workspace to check the answer against.`);
    return null;
  }
  // The evaluator reads "response"; upstream's inference writes "answer" (spec §2.6): accept either.
  const response = result.response ?? result.answer ?? '';
  const task = result.task === 'route_finding' ? 'RF' : result.task === 'desti_finding' ? 'DF' : 'Answer';
  const src = typeof result.src_node === 'string' ? result.src_node : null;
  const title = `${task} ${src ?? '?'} → ${typeof result.dst_node === 'string' ? result.dst_node : '?'}`;
  const panel = MazePanel.show(context, client, edgesFile);
  const cutoff = typeof result.model_cutoff_num === 'number' && Number.isInteger(result.model_cutoff_num) ? result.model_cutoff_num : null;
  return panel.showTrajectory(response, title, src, cutoff);
}
