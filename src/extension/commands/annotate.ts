// "Mark Step as Move" / "Unmark Step Move": the author's main annotation loop. The server proposes
// the move and computes the edit; the edit is applied as one WorkspaceEdit, so Undo reverts it.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  MarkMoveRequest,
  MoveSuggestionRequest,
  UnmarkMoveRequest,
  type GameEditResult,
  type MarkMoveParams,
  type MoveSuggestionResult,
} from '../../protocol/lsp';
import { sendRequest } from '../lspRequests';
import { WALKTHROUGH_LANGUAGE } from '../documentSelectors';

interface StepTarget {
  uri: string;
  line: number;
}

/** Prefilled answers, so tests and other extensions can mark a move without prompts. */
export interface MoveAnswers {
  source: string;
  action: string;
  destination: string;
}

function targetFrom(uri: unknown, line: unknown): StepTarget | undefined {
  if (typeof uri === 'string' && typeof line === 'number') return { uri, line };
  const editor = vscode.window.activeTextEditor;
  if (editor?.document.languageId !== WALKTHROUGH_LANGUAGE) return undefined;
  return { uri: editor.document.uri.toString(), line: editor.selection.active.line };
}

/** A quick pick over known names that also accepts a new name typed by the user. */
function pickName(
  title: string,
  suggested: string | null,
  known: readonly string[],
  suggestionNote: string,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick();
    pick.title = title;
    pick.placeholder = 'Choose a location or type a new name';
    const ordered = suggested ? [suggested, ...known.filter((name) => name !== suggested)] : [...known];
    const baseItems: vscode.QuickPickItem[] = ordered.map((name) => ({
      label: name,
      description: name === suggested ? suggestionNote : known.includes(name) ? undefined : 'new location',
    }));
    pick.items = baseItems;
    pick.onDidChangeValue((value) => {
      const typed = value.trim().toLowerCase();
      pick.items =
        typed && !ordered.includes(typed) ? [{ label: typed, description: 'new location' }, ...baseItems] : baseItems;
    });
    let accepted = false;
    pick.onDidAccept(() => {
      accepted = true;
      resolve(pick.selectedItems[0]?.label ?? (pick.value.trim().toLowerCase() || undefined));
      pick.hide();
    });
    pick.onDidHide(() => {
      if (!accepted) resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

async function askForMove(suggestion: MoveSuggestionResult): Promise<MoveAnswers | undefined> {
  const source = await pickName(
    `Step ${suggestion.step}: where does the move start?`,
    suggestion.source,
    suggestion.locations,
    'where you were before this step',
  );
  if (!source) return undefined;
  const action = await vscode.window.showInputBox({
    title: `Step ${suggestion.step}: action`,
    value: suggestion.action,
    prompt: 'The action as it appears in actions.json (lower-case)',
  });
  if (!action) return undefined;
  const destination = await pickName(
    `Step ${suggestion.step}: where does '${action}' lead?`,
    suggestion.destination,
    suggestion.locations,
    "the room this step's observation shows",
  );
  if (!destination) return undefined;
  return { source, action, destination };
}

export async function applyGameEdit(client: LanguageClient, result: GameEditResult): Promise<boolean> {
  if (!result.edit) {
    void vscode.window.showInformationMessage(`Waypoint: ${result.message}`);
    return false;
  }
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result.edit);
  const applied = await vscode.workspace.applyEdit(edit);
  if (applied) vscode.window.setStatusBarMessage(`Waypoint: ${result.message}`, 5000);
  else
    void vscode.window.showErrorMessage('Waypoint: the annotation could not be written (a file changed meanwhile?).');
  return applied;
}

export async function markStepAsMove(
  client: LanguageClient,
  uri?: unknown,
  line?: unknown,
  answers?: MoveAnswers,
): Promise<boolean> {
  const target = targetFrom(uri, line);
  if (!target) {
    void vscode.window.showInformationMessage(
      'Waypoint: put the cursor in a step of a .walkthrough file to mark it as a move.',
    );
    return false;
  }
  const suggestion = await sendRequest(client, MoveSuggestionRequest, target);
  if (!suggestion) return false;
  const move = answers ?? (await askForMove(suggestion));
  if (!move) return false;
  const params: MarkMoveParams = { uri: target.uri, step: suggestion.step, ...move };
  return applyGameEdit(client, await sendRequest(client, MarkMoveRequest, params));
}

export async function unmarkStepMove(client: LanguageClient, uri?: unknown, line?: unknown): Promise<boolean> {
  const target = targetFrom(uri, line);
  if (!target) return false;
  const suggestion = await sendRequest(client, MoveSuggestionRequest, target);
  if (!suggestion) return false;
  return applyGameEdit(
    client,
    await sendRequest(client, UnmarkMoveRequest, { uri: target.uri, step: suggestion.step }),
  );
}
