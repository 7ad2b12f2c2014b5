// "Waypoint: Show Walkthrough Overview": a webview beside the editor listing every step of the
// active walkthrough (number, action, location). Clicking a step reveals it in the editor; moving
// the cursor highlights the step under it. The step list comes from the language server, asked
// again when the server pushes that the walkthrough changed (it coalesces a burst of typing).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { overviewToHostMessage, type HostToOverviewMessage, type StepSummary } from '../../protocol/overview';
import { GameChangedNotification, WalkthroughStepsRequest } from '../../protocol/lsp';
import { onNotification, sendRequest } from '../lspRequests';
import { changeNames } from './gameChanges';
import { WALKTHROUGH_LANGUAGE } from '../documentSelectors';
import { companionColumn } from './tabGroups';
import { receiveMessage } from './webviewMessages';
import { webviewHtml, webviewOptions } from './webviewHtml';

export class WalkthroughOverviewPanel implements vscode.Disposable {
  static readonly viewType = 'waypoint.walkthroughOverview';
  private static current: WalkthroughOverviewPanel | undefined;

  private readonly disposables: vscode.Disposable[] = [];
  private document: vscode.TextDocument | undefined;
  private steps: StepSummary[] = [];

  /** Opens the overview (or brings it forward) for the given walkthrough. */
  static show(
    context: vscode.ExtensionContext,
    client: LanguageClient,
    document: vscode.TextDocument,
  ): WalkthroughOverviewPanel {
    if (WalkthroughOverviewPanel.current) {
      WalkthroughOverviewPanel.current.panel.reveal(WalkthroughOverviewPanel.current.panel.viewColumn, true);
      WalkthroughOverviewPanel.current.track(document);
      return WalkthroughOverviewPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      WalkthroughOverviewPanel.viewType,
      'Walkthrough Overview',
      { viewColumn: companionColumn(), preserveFocus: true },
      webviewOptions(context.extensionUri),
    );
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icons', 'walkthrough.svg');
    WalkthroughOverviewPanel.current = new WalkthroughOverviewPanel(panel, context, client, document);
    return WalkthroughOverviewPanel.current;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    document: vscode.TextDocument,
  ) {
    this.document = document;
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, 'overview.js', 'Walkthrough Overview');
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => this.onMessage(message)),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor?.document.languageId === WALKTHROUGH_LANGUAGE) this.track(editor.document);
      }),
      onNotification(client, GameChangedNotification, (change) => {
        if (this.document && changeNames(change, this.document.uri.toString())) void this.refresh();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document === this.document) this.postActiveStep(event.selections[0].active.line);
      }),
    );
  }

  private track(document: vscode.TextDocument): void {
    if (document === this.document) return;
    this.document = document;
    void this.refresh();
  }

  private async refresh(): Promise<void> {
    const document = this.document;
    if (!document) return;
    const result = await sendRequest(this.client, WalkthroughStepsRequest, { uri: document.uri.toString() });
    if (!result || document !== this.document) return;
    this.steps = result.steps;
    this.post({ type: 'steps', fileName: vscode.workspace.asRelativePath(document.uri), steps: result.steps });
  }

  private postActiveStep(line: number): void {
    // Steps are in line order: the active one is the last whose header is at or above the cursor.
    let low = 0;
    let high = this.steps.length - 1;
    let found: StepSummary | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.steps[middle].line <= line) {
        found = this.steps[middle];
        low = middle + 1;
      } else high = middle - 1;
    }
    this.post({ type: 'activeStep', number: found?.number ?? null });
  }

  private onMessage(raw: unknown): void {
    const message = receiveMessage(overviewToHostMessage, raw, 'walkthrough overview');
    if (!message) return;
    if (message.type === 'ready') void this.refresh();
    else void this.reveal(message.line);
  }

  private async reveal(line: number): Promise<void> {
    if (!this.document) return;
    const editor = await vscode.window.showTextDocument(this.document, {
      viewColumn: vscode.ViewColumn.One,
      preserveFocus: false,
    });
    const position = new vscode.Position(Math.min(line, this.document.lineCount - 1), 0);
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.AtTop);
  }

  private post(message: HostToOverviewMessage): void {
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    WalkthroughOverviewPanel.current = undefined;
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
