// A shared HTML report shown in a VS Code tab, for windows where the browser cannot open a file of
// the extension host's disk (code-server, a remote window): the page is the report file itself,
// under its own strict Content-Security-Policy (no request leaves it; only its own script, by hash,
// runs), in a webview that may load nothing from disk.
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { companionColumn } from '../views/tabGroups';

export class ReportPreview {
  static readonly viewType = 'waypoint.reportPreview';
  /** The start of the page's own title (core/runs/html.ts), by which the e2e scenario finds it. */
  static readonly pageTitle = 'Waypoint report';
  private static readonly open = new Map<string, vscode.WebviewPanel>();

  /** Shows (or refreshes) the report at `path` in a tab beside the results view (never a third column). */
  static async show(path: string, iconPath?: vscode.Uri): Promise<vscode.WebviewPanel> {
    const html = await fs.readFile(path, 'utf8');
    let panel = ReportPreview.open.get(path);
    if (panel) panel.reveal(undefined, false);
    else {
      panel = vscode.window.createWebviewPanel(ReportPreview.viewType, `Report: ${basename(path)}`, companionColumn(), {
        enableScripts: true,
        enableCommandUris: false,
        localResourceRoots: [],
      });
      if (iconPath) panel.iconPath = iconPath;
      ReportPreview.open.set(path, panel);
      const shown = panel;
      panel.onDidDispose(() => {
        if (ReportPreview.open.get(path) === shown) ReportPreview.open.delete(path);
      });
    }
    panel.webview.html = html;
    return panel;
  }
}
