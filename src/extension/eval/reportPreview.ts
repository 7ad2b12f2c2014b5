// A shared HTML report shown in a VS Code tab, for windows where the browser cannot open a file of
// the extension host's disk (code-server, a remote window): the page is the report file itself,
// under its own strict Content-Security-Policy (no request leaves it; only its own script, by hash,
// runs), in a webview that may load nothing from disk.
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import * as vscode from 'vscode';

const open = new Map<string, vscode.WebviewPanel>();

/** Shows (or refreshes) the report at `path` in a tab beside the active one. */
export async function showReportPreview(path: string, iconPath?: vscode.Uri): Promise<vscode.WebviewPanel> {
  const html = await fs.readFile(path, 'utf8');
  let panel = open.get(path);
  if (panel) panel.reveal(undefined, false);
  else {
    panel = vscode.window.createWebviewPanel('waypoint.reportPreview', `Report: ${basename(path)}`, vscode.ViewColumn.Beside, { enableScripts: true, enableCommandUris: false, localResourceRoots: [] });
    if (iconPath) panel.iconPath = iconPath;
    open.set(path, panel);
    const shown = panel;
    panel.onDidDispose(() => {
      if (open.get(path) === shown) open.delete(path);
    });
  }
  panel.webview.html = html;
  return panel;
}
