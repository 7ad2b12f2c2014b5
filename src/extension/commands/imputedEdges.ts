// "Waypoint: Preview Imputed Edges": lists the naive reverse edges the evaluator would add to the
// active game, flags those that contradict an explicit edge, and writes the ones the user keeps
// into edges.json as one undoable edit. Nothing is written before the user accepts.
import * as vscode from 'vscode';
import { reversePairsSetting } from '../settings';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AcceptImputedEdgesRequest, ImputedEdgesRequest, type ImputedEdgeCandidate } from '../../protocol/lsp';
import { sendRequest } from '../lspRequests';

type CandidateItem = vscode.QuickPickItem & { candidate: ImputedEdgeCandidate };

/** Shows the candidates; with `acceptAll` (tests, scripts) accepts every conflict-free one without asking. */
export async function previewImputedEdges(
  client: LanguageClient,
  uri?: vscode.Uri,
  acceptAll = false,
): Promise<number> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) {
    void vscode.window.showInformationMessage(
      'Waypoint: open a file of a MANGO game (walkthrough or edges.json) first.',
    );
    return 0;
  }
  const pairs = reversePairsSetting();
  const { candidates } = await sendRequest(client, ImputedEdgesRequest, { uri: target.toString(), extraPairs: pairs });
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage(
      'Waypoint: every reverse the evaluator would add is already in edges.json.',
    );
    return 0;
  }
  const items: CandidateItem[] = candidates.map((candidate) => ({
    label: `${candidate.source} —${candidate.action}→ ${candidate.destination}`,
    description: `reverses step ${candidate.reversesStep}`,
    detail: candidate.conflictsWith
      ? `$(warning) edges.json already sends '${candidate.action}' from '${candidate.source}' to '${candidate.conflictsWith}'`
      : undefined,
    picked: candidate.conflictsWith === null,
    candidate,
  }));
  const chosen = acceptAll
    ? items.filter((item) => item.picked)
    : await vscode.window.showQuickPick(items, {
        canPickMany: true,
        title: `Imputed reverse edges (${items.length}): keep the ones to write into edges.json`,
        matchOnDescription: true,
      });
  if (!chosen || chosen.length === 0) return 0;
  const result = await sendRequest(client, AcceptImputedEdgesRequest, {
    uri: target.toString(),
    extraPairs: pairs,
    accept: chosen.map(({ candidate }) => ({
      source: candidate.source,
      action: candidate.action,
      destination: candidate.destination,
    })),
  });
  if (!result.edit) return 0;
  const applied = await vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(result.edit));
  if (applied) vscode.window.setStatusBarMessage(`Waypoint: ${result.message}`, 5000);
  return applied ? chosen.length : 0;
}
