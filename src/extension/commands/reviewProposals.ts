// "Waypoint: Review Annotation Proposals": a keyboard review queue over `mango annotate`'s
// proposals for the open walkthrough. One proposal at a time (the step is revealed in the editor), a
// QuickPick with its confidence and evidence: Enter accepts (written through Mark Step as Move, one
// undoable WorkspaceEdit per move), or rename / merge a room (the new name holds for the rest of the
// queue), or reject; Escape ends the review.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AnnotationProposalsRequest, type AnnotationProposalItem } from '../../protocol/lsp';
import { sendRequest } from '../lspRequests';
import { WALKTHROUGH_LANGUAGE } from '../documentSelectors';
import { markStepAsMove } from './annotate';

type Decision = 'accept' | 'reject' | 'rename-source' | 'rename-destination' | 'merge-source' | 'merge-destination';

interface DecisionItem extends vscode.QuickPickItem {
  decision: Decision;
}

/** Counts of what the review did, for the status message (and callers such as tests). */
export interface ReviewSummary {
  accepted: number;
  rejected: number;
  remaining: number;
}

function describe(proposal: AnnotationProposalItem, rename: ReadonlyMap<string, string>): { source: string; destination: string } {
  return { source: rename.get(proposal.source) ?? proposal.source, destination: rename.get(proposal.destination) ?? proposal.destination };
}

async function choose(proposal: AnnotationProposalItem, names: { source: string; destination: string }, index: number, total: number): Promise<Decision | undefined> {
  const move = `${names.source} --${proposal.action}--> ${names.destination}`;
  const evidence = proposal.evidence.join(' · ');
  const items: DecisionItem[] = [
    { decision: 'accept', label: '$(check) Accept', description: move, detail: evidence },
    { decision: 'reject', label: '$(close) Reject', description: 'leave this step unannotated' },
    { decision: 'rename-destination', label: '$(edit) Rename destination…', description: names.destination },
    { decision: 'rename-source', label: '$(edit) Rename source…', description: names.source },
    { decision: 'merge-destination', label: '$(merge) Merge destination into a known location…', description: names.destination },
    { decision: 'merge-source', label: '$(merge) Merge source into a known location…', description: names.source },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: `Proposal ${index + 1}/${total} · step ${proposal.step} · confidence ${proposal.confidence.toFixed(2)} · ${proposal.reason}`,
    placeHolder: `${move}   (Enter accepts, Escape ends the review)`,
    matchOnDescription: true,
    ignoreFocusOut: true,
  });
  return picked?.decision;
}

async function askName(current: string, locations: readonly string[], merge: boolean): Promise<string | undefined> {
  if (merge) {
    const picked = await vscode.window.showQuickPick(locations.filter((name) => name !== current), { title: `Merge '${current}' into`, placeHolder: 'A known location' });
    return picked;
  }
  const typed = await vscode.window.showInputBox({ title: `Rename '${current}'`, value: current, prompt: 'The location name as locations.json will hold it (lower-case)' });
  return typed?.trim().toLowerCase() || undefined;
}

function reveal(uri: string, line: number): void {
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document.uri.toString() === uri);
  if (!editor) return;
  const position = new vscode.Position(line, 0);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

export async function reviewAnnotationProposals(client: LanguageClient, target?: vscode.Uri): Promise<ReviewSummary | undefined> {
  const editor = vscode.window.activeTextEditor;
  const uri = target?.toString() ?? (editor?.document.languageId === WALKTHROUGH_LANGUAGE ? editor.document.uri.toString() : undefined);
  if (!uri) {
    void vscode.window.showInformationMessage('Waypoint: open a .walkthrough file to review annotation proposals.');
    return undefined;
  }
  const result = await sendRequest(client, AnnotationProposalsRequest, { uri });
  if (!result) {
    void vscode.window.showInformationMessage('Waypoint: this walkthrough is not part of a MANGO game folder.');
    return undefined;
  }
  const queue = result.proposals.filter((proposal) => !proposal.annotated).sort((a, b) => a.step - b.step);
  if (queue.length === 0) {
    void vscode.window.showInformationMessage('Waypoint: every proposed move is already annotated.');
    return { accepted: 0, rejected: 0, remaining: 0 };
  }
  const locations = [...result.locations];
  const rename = new Map<string, string>();
  const summary: ReviewSummary = { accepted: 0, rejected: 0, remaining: queue.length };
  for (let index = 0; index < queue.length; ) {
    const proposal = queue[index];
    reveal(uri, proposal.line);
    const names = describe(proposal, rename);
    const decision = await choose(proposal, names, index, queue.length);
    if (decision === undefined) break;
    if (decision === 'accept' || decision === 'reject') {
      if (decision === 'accept' && (await markStepAsMove(client, uri, proposal.line, { ...names, action: proposal.action }))) summary.accepted++;
      else if (decision === 'reject') summary.rejected++;
      summary.remaining--;
      index++;
      continue;
    }
    // Rename or merge: the proposed name maps to the chosen one for the rest of the queue, then the
    // same proposal is shown again with its new names.
    const end = decision.endsWith('source') ? 'source' : 'destination';
    const original = proposal[end];
    const chosen = await askName(names[end], locations, decision.startsWith('merge'));
    if (!chosen) continue;
    rename.set(original, chosen);
    if (!locations.includes(chosen)) locations.push(chosen);
  }
  vscode.window.setStatusBarMessage(`Waypoint: ${summary.accepted} proposals accepted, ${summary.rejected} rejected, ${summary.remaining} left.`, 8000);
  return summary;
}
