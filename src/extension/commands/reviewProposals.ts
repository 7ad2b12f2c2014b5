// "Waypoint: Review Annotation Proposals": a keyboard review queue over `mango annotate`'s
// proposals for the open walkthrough. One proposal at a time (the step is revealed in the editor), a
// QuickPick with its confidence and evidence: Enter accepts (written through Mark Step as Move, one
// undoable WorkspaceEdit per move), or rename / merge a room, or reject; Escape ends the review. A
// rename or merge of a room the game's files already name is written to them (edges.json,
// locations.json, skeletons) as one undoable WorkspaceEdit (server: locationRename.ts); a room only
// proposed so far is renamed for the rest of the queue.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AnnotationProposalsRequest, RenameLocationRequest, type AnnotationProposalItem } from '../../protocol/lsp';
import { sendRequest } from '../lspRequests';
import { WALKTHROUGH_LANGUAGE } from '../documentSelectors';
import { applyGameEdit, markStepAsMove } from './annotate';

export type Decision =
  | 'accept'
  | 'reject'
  | 'rename-source'
  | 'rename-destination'
  | 'merge-source'
  | 'merge-destination';

interface DecisionItem extends vscode.QuickPickItem {
  decision: Decision;
}

/** Counts of what the review did, for the status message (and callers such as tests). */
export interface ReviewSummary {
  accepted: number;
  rejected: number;
  /** Renames and merges written to the game's files. */
  renamed: number;
  merged: number;
  remaining: number;
}

/** One answer of the queue, given in advance instead of through the prompts (tests, other extensions). */
export interface ReviewChoice {
  decision: Decision;
  /** The new name for a rename, the known location for a merge. */
  name?: string;
}

export interface ReviewOptions {
  /** Answers in order; when they run out the review ends, as Escape would. */
  choices?: ReviewChoice[];
}

function describe(
  proposal: AnnotationProposalItem,
  rename: ReadonlyMap<string, string>,
): { source: string; destination: string } {
  return {
    source: rename.get(proposal.source) ?? proposal.source,
    destination: rename.get(proposal.destination) ?? proposal.destination,
  };
}

async function choose(
  proposal: AnnotationProposalItem,
  names: { source: string; destination: string },
  index: number,
  total: number,
): Promise<Decision | undefined> {
  const move = `${names.source} --${proposal.action}--> ${names.destination}`;
  const evidence = proposal.evidence.join(' · ');
  const items: DecisionItem[] = [
    { decision: 'accept', label: '$(check) Accept', description: move, detail: evidence },
    { decision: 'reject', label: '$(close) Reject', description: 'leave this step unannotated' },
    { decision: 'rename-destination', label: '$(edit) Rename destination…', description: names.destination },
    { decision: 'rename-source', label: '$(edit) Rename source…', description: names.source },
    {
      decision: 'merge-destination',
      label: '$(merge) Merge destination into a known location…',
      description: names.destination,
    },
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
    const picked = await vscode.window.showQuickPick(
      locations.filter((name) => name !== current),
      { title: `Merge '${current}' into`, placeHolder: 'A known location' },
    );
    return picked;
  }
  const typed = await vscode.window.showInputBox({
    title: `Rename '${current}'`,
    value: current,
    prompt: 'The location name as locations.json will hold it (lower-case)',
  });
  return typed?.trim().toLowerCase() || undefined;
}

function reveal(uri: string, line: number): void {
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document.uri.toString() === uri);
  if (!editor) return;
  const position = new vscode.Position(line, 0);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

export async function reviewAnnotationProposals(
  client: LanguageClient,
  target?: vscode.Uri,
  options: ReviewOptions = {},
): Promise<ReviewSummary | undefined> {
  const scripted = options.choices ? [...options.choices] : undefined;
  const editor = vscode.window.activeTextEditor;
  const uri =
    target?.toString() ??
    (editor?.document.languageId === WALKTHROUGH_LANGUAGE ? editor.document.uri.toString() : undefined);
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
    return { accepted: 0, rejected: 0, renamed: 0, merged: 0, remaining: 0 };
  }
  const locations = [...result.locations];
  const rename = new Map<string, string>();
  const summary: ReviewSummary = { accepted: 0, rejected: 0, renamed: 0, merged: 0, remaining: queue.length };
  for (let index = 0; index < queue.length; ) {
    const proposal = queue[index];
    reveal(uri, proposal.line);
    const names = describe(proposal, rename);
    const choice = scripted ? scripted.shift() : undefined;
    const decision = scripted ? choice?.decision : await choose(proposal, names, index, queue.length);
    if (decision === undefined) break;
    if (decision === 'accept' || decision === 'reject') {
      if (
        decision === 'accept' &&
        (await markStepAsMove(client, uri, proposal.line, { ...names, action: proposal.action }))
      )
        summary.accepted++;
      else if (decision === 'reject') summary.rejected++;
      summary.remaining--;
      index++;
      continue;
    }
    // Rename or merge, then the same proposal is shown again with its new names.
    const end = decision.endsWith('source') ? 'source' : 'destination';
    const merge = decision.startsWith('merge');
    const current = names[end];
    const chosen = scripted ? choice?.name?.trim().toLowerCase() : await askName(current, locations, merge);
    if (!chosen) continue;
    const written = await sendRequest(client, RenameLocationRequest, { uri, from: current, to: chosen, merge });
    if (!written.ok) {
      void vscode.window.showWarningMessage(`Waypoint: ${written.message}`);
      continue;
    }
    if (written.edit) {
      if (!(await applyGameEdit(client, written))) continue;
      if (merge) summary.merged++;
      else summary.renamed++;
      if (written.notice) void vscode.window.showInformationMessage(`Waypoint: ${written.notice}`);
    }
    // Every proposal naming the old room (directly or through an earlier rename) now names the new one.
    for (const [original, renamed] of rename) if (renamed === current) rename.set(original, chosen);
    rename.set(proposal[end], chosen);
    rename.set(current, chosen);
    const at = locations.indexOf(current);
    if (at >= 0) locations.splice(at, 1);
    if (!locations.includes(chosen)) locations.splice(at >= 0 ? at : locations.length, 0, chosen);
  }
  vscode.window.setStatusBarMessage(
    `Waypoint: ${summary.accepted} proposals accepted, ${summary.rejected} rejected, ${summary.renamed + summary.merged} rooms renamed or merged, ${summary.remaining} left.`,
    8000,
  );
  return summary;
}
