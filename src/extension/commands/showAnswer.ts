// "Waypoint: Step Through Answer in Maze": opens a MANGO result file (upstream's
// result_sample_id_*.json: game_name, src_node, dst_node, response or answer), finds its game in
// the workspace, and steps through the model's answer on the maze.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { editorText } from '../documentText';
import { mangoResultFileSchema } from '../../core/benchmarks/mango/walkthrough/resultSchema';
import { describeProblem, parseJsonWith } from '../../core/util/schema/parse';
import type { Trajectory } from '../../protocol/maze';
import { MazePanel } from '../views/mazePanel';

export async function showAnswerInMaze(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  uri?: vscode.Uri,
): Promise<Trajectory | null> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) {
    void vscode.window.showInformationMessage('Waypoint: open a MANGO result file (result_sample_id_*.json) first.');
    return null;
  }
  let text: string;
  try {
    text = await editorText(target);
  } catch (error) {
    void vscode.window.showErrorMessage(
      `Waypoint: cannot read ${vscode.workspace.asRelativePath(target)}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
  // Names the file, the position and the field: "result.json:1:2: `game_name` is missing".
  const parsed = parseJsonWith(text, mangoResultFileSchema);
  if (!parsed.ok) {
    void vscode.window.showErrorMessage(
      `Waypoint: ${describeProblem(vscode.workspace.asRelativePath(target), parsed.diagnostics)} (a MANGO result file needs "game_name" to find its game).`,
    );
    return null;
  }
  const result = parsed.value;
  const [edgesFile] = await vscode.workspace.findFiles(`**/${result.game_name}.edges.json`, '**/node_modules/**', 1);
  if (!edgesFile) {
    void vscode.window.showErrorMessage(
      `Waypoint: no ${result.game_name}.edges.json in this workspace to check the answer against.`,
    );
    return null;
  }
  // The evaluator reads "response"; upstream's inference writes "answer" (spec §2.6): accept either.
  const response = result.response ?? result.answer ?? '';
  const task = result.task === 'route_finding' ? 'RF' : result.task === 'desti_finding' ? 'DF' : 'Answer';
  const src = result.src_node ?? null;
  const title = `${task} ${src ?? '?'} → ${result.dst_node ?? '?'}`;
  const panel = MazePanel.show(context, client, edgesFile);
  const cutoff = result.model_cutoff_num ?? null;
  return panel.showTrajectory(response, title, src, cutoff);
}
