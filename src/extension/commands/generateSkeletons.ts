// "Waypoint: Generate Skeletons": streams DF or RF skeleton lines for the active game into a
// temporary file (server side, with progress and cancellation), then places it: a new file is
// created; an existing one is compared and, after a diff and a confirmation, replaced through an
// undoable edit. Existing skeletons are never overwritten silently.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { fileKindOf } from '../../core/fileKinds';
import {
  GenerateSkeletonsRequest,
  SkeletonProgressNotification,
  type GenerateSkeletonsParams,
  type GenerateSkeletonsResult,
  type SkeletonProgressParams,
} from '../../protocol/requests';

/** Files above this size are replaced by copy (with a .bak) rather than as an editor edit. */
const MAX_EDITABLE_BYTES = 64 * 1048576;

export interface GenerateSkeletonsOutcome extends Partial<GenerateSkeletonsResult> {
  action: 'created' | 'unchanged' | 'replaced' | 'cancelled' | 'declined' | 'failed';
}

export interface GenerateSkeletonsOptions {
  task?: 'df' | 'rf';
  /** Skip the confirmation (tests, scripts): replace a differing file. */
  replace?: boolean;
}

async function chooseTask(): Promise<'df' | 'rf' | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Destination finding (DF)', description: '<game>.all2all.jsonl: every simple path', task: 'df' as const },
      { label: 'Route finding (RF)', description: '<game>.all_pairs.jsonl: every ordered pair', task: 'rf' as const },
    ],
    { title: 'Generate MANGO skeletons' },
  );
  return picked?.task;
}

async function readIfExists(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch {
    return undefined;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

async function place(generated: vscode.Uri, target: vscode.Uri, options: GenerateSkeletonsOptions): Promise<GenerateSkeletonsOutcome['action']> {
  const existing = await readIfExists(target);
  const fresh = await vscode.workspace.fs.readFile(generated);
  if (!existing) {
    await vscode.workspace.fs.writeFile(target, fresh);
    return 'created';
  }
  if (sameBytes(existing, fresh)) return 'unchanged';
  if (!options.replace) {
    await vscode.commands.executeCommand('vscode.diff', target, generated, `${vscode.workspace.asRelativePath(target)} ↔ generated`, { preview: true });
    const choice = await vscode.window.showWarningMessage(`Replace ${vscode.workspace.asRelativePath(target)} with the generated skeletons?`, { modal: true, detail: 'The diff is open. Replacing is an edit you can undo until you save.' }, 'Replace');
    if (choice !== 'Replace') return 'declined';
  }
  if (existing.length > MAX_EDITABLE_BYTES) {
    await vscode.workspace.fs.copy(target, target.with({ path: `${target.path}.bak` }), { overwrite: true });
    await vscode.workspace.fs.writeFile(target, fresh);
    return 'replaced';
  }
  const document = await vscode.workspace.openTextDocument(target);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(target, new vscode.Range(0, 0, document.lineCount, 0), new TextDecoder().decode(fresh));
  return (await vscode.workspace.applyEdit(edit)) ? 'replaced' : 'failed';
}

export async function generateSkeletonsCommand(client: LanguageClient, uri?: vscode.Uri, options: GenerateSkeletonsOptions = {}): Promise<GenerateSkeletonsOutcome> {
  const source = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!source || !fileKindOf(source.path)) {
    void vscode.window.showInformationMessage('Waypoint: open a file of a MANGO game (its walkthrough or edges.json) first.');
    return { action: 'failed' };
  }
  const task = options.task ?? (await chooseTask());
  if (!task) return { action: 'declined' };
  const outputPath = join(tmpdir(), `waypoint-skeletons-${randomBytes(6).toString('hex')}.jsonl`);
  const limit = vscode.workspace.getConfiguration('waypoint').get<number>('mango.skeletonPathLimit', 0);
  const params: GenerateSkeletonsParams = { uri: source.toString(), task, outputPath, ...(limit > 0 ? { limitPerPair: limit } : {}) };
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Waypoint: generating ${task.toUpperCase()} skeletons`, cancellable: true },
    async (progress, token) => {
      let reported = 0;
      const listener = client.onNotification(SkeletonProgressNotification, (update: SkeletonProgressParams) => {
        if (update.outputPath !== outputPath || update.totalPairs === 0) return;
        const percent = (100 * update.pairs) / update.totalPairs;
        progress.report({ increment: percent - reported, message: `${update.pairs}/${update.totalPairs} pairs, ${update.lines} lines` });
        reported = percent;
      });
      try {
        return await client.sendRequest<GenerateSkeletonsResult | null>(GenerateSkeletonsRequest, params, token);
      } finally {
        listener.dispose();
      }
    },
  );
  const generated = vscode.Uri.file(outputPath);
  try {
    if (!result) {
      void vscode.window.showErrorMessage('Waypoint: this game has no valid edges.json to generate skeletons from.');
      return { action: 'failed' };
    }
    if (result.cancelled) return { ...result, action: 'cancelled' };
    const action = await place(generated, vscode.Uri.parse(result.targetUri), options);
    const truncated = result.truncatedPairs > 0 ? ` (${result.truncatedPairs} pairs cut at ${limit} paths)` : '';
    const summary = { created: 'written to', unchanged: 'identical to', replaced: 'replaced in', declined: 'not written to', failed: 'could not be written to', cancelled: '' }[action];
    void vscode.window.showInformationMessage(`Waypoint: ${result.lines} ${task.toUpperCase()} skeletons${truncated} ${summary} ${vscode.workspace.asRelativePath(vscode.Uri.parse(result.targetUri))}.`);
    return { ...result, action };
  } finally {
    // After a diff was shown its editor still reads the temporary file: leave that one to the OS.
    const diffShown = !options.replace && (await readIfExists(generated)) !== undefined && vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.fsPath === generated.fsPath));
    if (!diffShown) await vscode.workspace.fs.delete(generated).then(undefined, () => undefined);
  }
}
