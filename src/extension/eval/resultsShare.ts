// Where the results view's Share HTML and Export CSV write, and how they say so. The default is
// beside the (first) run file, named after it (several files: benchmark, models and the run's
// start), or the workspace folder when that folder cannot be written (a read-only data set). The
// view's buttons ask with a save dialog starting there (it also asks before replacing a file); the
// notification afterwards names the file and offers to open it (HTML: in the browser when the
// browser runs on this machine, else in a tab of VS Code) and to reveal it.
import { constants, promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { batchRunStart } from '../../core/runs/batchRun';
import { companionColumn } from '../views/tabGroups';
import { ReportPreview } from './reportPreview';

export type ShareFormat = 'html' | 'csv';

const LABELS: Record<ShareFormat, { what: string; filter: string }> = {
  html: { what: 'HTML report', filter: 'HTML report' },
  csv: { what: 'CSV of the report', filter: 'CSV' },
};

/** The file name Share proposes for `files`' report in `format`. */
export function shareFileName(
  files: readonly string[],
  benchmark: string,
  models: readonly string[],
  format: ShareFormat,
): string {
  // Several files: named by benchmark and models, and by the run's start when the files share it
  // (Run Benchmark's `<benchmark>-<profile>-<date>.jsonl`), so two runs' reports do not collide.
  const starts = new Set(files.map(batchRunStart));
  const [start] = starts;
  const stem =
    files.length === 1
      ? basename(files[0], '.jsonl')
      : `${benchmark}-${models.join('+')}${starts.size === 1 && start ? `-${start}` : ''}`;
  return `${stem}.report.${format}`;
}

async function writable(folder: string): Promise<boolean> {
  return fs.access(folder, constants.W_OK).then(
    () => true,
    () => false,
  );
}

/** Beside the first run file when its folder can be written, else in the first workspace folder (else beside anyway: the write then says why not). */
export async function defaultShareTarget(files: readonly string[], name: string): Promise<string> {
  const beside = dirname(files[0]);
  if (await writable(beside)) return join(beside, name);
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
  return workspace?.scheme === 'file' && (await writable(workspace.fsPath))
    ? join(workspace.fsPath, name)
    : join(beside, name);
}

/** The save dialog of the view's buttons, starting at the default; undefined when cancelled. */
export async function askShareTarget(format: ShareFormat, proposed: string): Promise<string | undefined> {
  const uri = await vscode.window.showSaveDialog({
    title:
      format === 'html'
        ? 'Share HTML: save the self-contained report (one file, opens offline in any browser)'
        : 'Export CSV: save every group of the report as CSV',
    defaultUri: vscode.Uri.file(proposed),
    saveLabel: format === 'html' ? 'Save Report' : 'Export CSV',
    filters: format === 'html' ? { [LABELS.html.filter]: ['html'] } : { [LABELS.csv.filter]: ['csv'] },
  });
  return uri?.fsPath;
}

/** A browser runs on this machine: a desktop window that is not remote can hand it a file. */
function browserSeesThisDisk(): boolean {
  return vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined;
}

/** Opens what Share wrote: the HTML in the browser where it can read the file, else in a VS Code tab; the CSV in the editor. */
export async function openShared(format: ShareFormat, path: string, iconPath?: vscode.Uri): Promise<void> {
  const uri = vscode.Uri.file(path);
  if (format === 'csv') {
    await vscode.window.showTextDocument(uri, { preview: true, viewColumn: companionColumn() });
    return;
  }
  if (browserSeesThisDisk() && (await vscode.env.openExternal(uri))) return;
  await ReportPreview.show(path, iconPath);
}

/** What the notification said and offered (kept for the tests that cannot click it). */
export interface ShareNotice {
  text: string;
  actions: string[];
}

/**
 * Says where the file went and offers Open and a way to find the file: the Explorer for a file of
 * the workspace, the system's file manager for another on this machine, its path on the clipboard
 * otherwise (a remote or web window's browser cannot show the server's folders).
 */
export function announceShared(format: ShareFormat, path: string, iconPath?: vscode.Uri): ShareNotice {
  const uri = vscode.Uri.file(path);
  const inWorkspace = vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  const reveal = inWorkspace ? 'Reveal in Explorer' : browserSeesThisDisk() ? 'Show in Folder' : 'Copy Path';
  const where = inWorkspace ? vscode.workspace.asRelativePath(uri) : path;
  const about = format === 'html' ? ': one self-contained file that opens offline in any browser' : '';
  const text = `Waypoint: wrote the ${LABELS[format].what} to ${where}${about}.`;
  const actions = ['Open', reveal];
  void vscode.window.showInformationMessage(text, ...actions).then(async (choice) => {
    if (choice === 'Open') await openShared(format, path, iconPath);
    else if (choice === 'Reveal in Explorer') await vscode.commands.executeCommand('revealInExplorer', uri);
    else if (choice === 'Show in Folder') await vscode.commands.executeCommand('revealFileInOS', uri);
    else if (choice === 'Copy Path') await vscode.env.clipboard.writeText(path);
  });
  return { text, actions };
}
