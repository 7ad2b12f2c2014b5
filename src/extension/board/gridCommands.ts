// Files in the board view by their benchmark's hooks: a file drawn live (liveBoard, e.g. a BabyAI
// level: editable, follows text edits), and the GRASP grid under the cursor for GRASP's question
// commands. Questions on them are in babyaiQuestion.ts and graspQuestion.ts.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { TextEdit } from '../../core/benchmark/board';
import { parseGraspGridFile, type GraspGridEntry } from '../../core/benchmarks/grasp/gridFile';
import type { LiveBoard } from '../../core/benchmark/registry';
import { GridStateChangedNotification, GridStateRequest } from '../../protocol/lsp';
import { onNotification, sendRequest } from '../lspRequests';
import { BoardPanel, type AuthoringHandler } from './boardPanel';

let liveFollower: vscode.Disposable | undefined;

function documentEdit(document: vscode.TextDocument, edits: readonly TextEdit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const change of edits)
    edit.replace(
      document.uri,
      new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length)),
      change.content,
    );
  return edit;
}

/**
 * Shows a file of a kind its benchmark draws live (`kind`, one of `live.kinds`) in the grid view;
 * gestures edit the file (undoable), text edits redraw it. The scene comes from the language server,
 * which parses and validates such files anyway: the extension host does not parse the file again on
 * every edit, and the server says when an edit has settled (waypoint/gridStateChanged).
 */
export async function showLiveBoard(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  document: vscode.TextDocument,
  kind: string,
  live: LiveBoard,
): Promise<BoardPanel> {
  const board = BoardPanel.show(context);
  const title = live.title(vscode.workspace.asRelativePath(document.uri));
  const onEdit: AuthoringHandler = (message) => {
    const edits = live.edits(kind, document.getText(), message);
    if (edits.length > 0) void vscode.workspace.applyEdit(documentEdit(document, edits));
  };
  // Never rejects: a failed request or an unplayable level shows in the panel's title.
  const render = async () => {
    try {
      const { scene } = await sendRequest(client, GridStateRequest, { uri: document.uri.toString() });
      if (!scene) {
        board.panel.title = `${title} (has errors: see Problems)`;
        return;
      }
      board.showScene(scene, title, onEdit, [...live.tools]);
    } catch (error) {
      board.panel.title = `${title} (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  liveFollower?.dispose();
  const shown = document.uri.toString();
  liveFollower = onNotification(client, GridStateChangedNotification, (change) => {
    if (change.uri === shown && board.scene) void render();
  });
  context.subscriptions.push(liveFollower);
  await render();
  return board;
}

/** The grid record with "index" `index`, else the one on `line`, else the first. */
export function graspEntryAt(
  document: vscode.TextDocument,
  index: number | undefined,
  line: number | undefined,
): GraspGridEntry | undefined {
  const { entries } = parseGraspGridFile(document.getText(), document.uri.path.split('/').pop());
  if (index !== undefined) return entries.find((entry) => entry.record.index === index);
  return entries.find((entry) => entry.line === line) ?? entries[0];
}
