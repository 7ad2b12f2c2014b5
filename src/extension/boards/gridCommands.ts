// Grid benchmarks in the board view: a BabyAI level file (editable, follows text edits) and a GRASP
// grid (the record under the cursor). Questions on them are in babyaiQuestion.ts and graspQuestion.ts.
import * as vscode from 'vscode';
import type { Edit } from 'jsonc-parser';
import type { LanguageClient } from 'vscode-languageclient/node';
import { babyaiScene } from '../../core/babyai/boardTimeline';
import { BabyAIEnv } from '../../core/babyai/env';
import { LEVEL_TOOLS, missionEdits, moveEdits, toggleDoorEdits, toolEdits } from '../../core/babyai/levelEdits';
import { readRecordFile, recordAtLine } from '../../core/babyai/recordFiles';
import { loadRecord } from '../../core/babyai/records';
import { graspScene } from '../../core/grasp/boardTimeline';
import { parseGraspGridFile, type GraspGridEntry } from '../../core/grasp/gridFile';
import { GridStateRequest } from '../../protocol/lsp';
import { sendRequest } from '../lspRequests';
import { BoardPanel, type AuthoringHandler } from './boardPanel';

let levelFollower: vscode.Disposable | undefined;

function documentEdit(document: vscode.TextDocument, edits: readonly Edit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const change of edits) edit.replace(document.uri, new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length)), change.content);
  return edit;
}

/**
 * Shows a level file in the grid view; gestures edit the file (undoable), text edits redraw it. The
 * level comes from the language server, which parses and validates level files anyway: the
 * extension host does not parse the file again on every edit.
 */
export async function showLevel(context: vscode.ExtensionContext, client: LanguageClient, document: vscode.TextDocument): Promise<BoardPanel> {
  const board = BoardPanel.show(context);
  const title = `Level: ${vscode.workspace.asRelativePath(document.uri)}`;
  const onEdit: AuthoringHandler = (message) => {
    const text = document.getText();
    let edits: Edit[] = [];
    if (message.type === 'cellDrag') edits = moveEdits(text, message.from, message.to);
    else if (message.type === 'toggleDoor') edits = toggleDoorEdits(text, message.x, message.y);
    else if (message.type === 'editMission') edits = missionEdits(text, message.text);
    else if (message.type === 'cellClick') edits = toolEdits(text, message.button === 'secondary' ? 'delete' : message.tool ?? '', message.x, message.y);
    if (edits.length > 0) void vscode.workspace.applyEdit(documentEdit(document, edits));
  };
  // Never rejects: a failed request or an unplayable level shows in the panel's title.
  const render = async () => {
    try {
      const { level: spec } = await sendRequest(client, GridStateRequest, { uri: document.uri.toString() });
      if (!spec) {
        board.panel.title = `${title} (has errors: see Problems)`;
        return;
      }
      board.showScene(babyaiScene(new BabyAIEnv(spec)), title, onEdit, [...LEVEL_TOOLS]);
    } catch (error) {
      board.panel.title = `${title} (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  levelFollower?.dispose();
  let timer: NodeJS.Timeout | undefined;
  levelFollower = vscode.workspace.onDidChangeTextDocument((event) => {
    if (event.document !== document || !board.scene) return;
    clearTimeout(timer);
    timer = setTimeout(() => void render(), 100);
  });
  context.subscriptions.push(levelFollower);
  await render();
  return board;
}

/** The grid record with "index" `index`, else the one on `line`, else the first. */
export function graspEntryAt(document: vscode.TextDocument, index: number | undefined, line: number | undefined): GraspGridEntry | undefined {
  const { entries } = parseGraspGridFile(document.getText(), document.uri.path.split('/').pop());
  if (index !== undefined) return entries.find((entry) => entry.record.index === index);
  return entries.find((entry) => entry.line === line) ?? entries[0];
}

/** Shows the grid record under the cursor (or the first). */
export async function showGraspGrid(context: vscode.ExtensionContext, document: vscode.TextDocument, line?: number): Promise<BoardPanel | undefined> {
  const entry = graspEntryAt(document, undefined, line);
  if (!entry) {
    void vscode.window.showErrorMessage('Waypoint: no readable grid in this file (see Problems).');
    return undefined;
  }
  const board = BoardPanel.show(context);
  board.showScene(graspScene(entry.grid, entry.grid.start), `GRASP ${vscode.workspace.asRelativePath(document.uri)} #${entry.record.index}`);
  return board;
}

/** Shows the level of the LLM-BabyBench record under the cursor (or the first), rebuilt from its description. */
export function showRecordLevel(context: vscode.ExtensionContext, document: vscode.TextDocument, line?: number): BoardPanel | undefined {
  const { records } = readRecordFile(document.uri.path, document.getText());
  const index = Math.max(0, line === undefined ? 0 : recordAtLine(records, line));
  const loaded = records[index] ? loadRecord(records[index]) : null;
  if (!loaded?.spec) {
    void vscode.window.showErrorMessage('Waypoint: no readable LLM-BabyBench record here (see Problems).');
    return undefined;
  }
  const board = BoardPanel.show(context);
  board.showScene(babyaiScene(new BabyAIEnv(loaded.spec)), `${loaded.record.levelName || 'record'} · record ${index + 1} of ${vscode.workspace.asRelativePath(document.uri)}`);
  return board;
}
