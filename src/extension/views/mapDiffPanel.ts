// The map diff view (issue 17): the maze view's bundle in its own panel, drawing one model's map
// (or two side by side) over the maze at the diff's cutoff. Its own panel, not the Maze panel, so a
// diff stays open beside the maze an answer is stepped on. The graph comes from the language server
// (as for the Maze panel); the overlay from core's mapDiff, computed by the command.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { MapDiffCounts } from '../../core/benchmarks/mango/maze/mapDiffView';
import { MazeGraphRequest } from '../../protocol/lsp';
import { type HostToMazeMessage, type MapDiffPane, mazeToHostMessage } from '../../protocol/maze';
import { sendRequest } from '../lspRequests';
import { reversePairsSetting } from '../settings';
import { companionColumn } from './tabGroups';
import { receiveMessage } from './webviewMessages';
import { webviewHtml, webviewOptions } from './webviewHtml';

export class MapDiffPanel implements vscode.Disposable {
  static readonly viewType = 'waypoint.mapDiff';
  static active: MapDiffPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  /** What the view reported drawing, per pane (the state command's answer, for tests). */
  drawn: Array<{ model: string; counts: MapDiffCounts }> | undefined;

  static show(
    context: vscode.ExtensionContext,
    client: LanguageClient,
    gameFile: vscode.Uri,
    panes: MapDiffPane[],
  ): MapDiffPanel {
    if (MapDiffPanel.active) {
      MapDiffPanel.active.panel.reveal(MapDiffPanel.active.panel.viewColumn, true);
      void MapDiffPanel.active.update(gameFile, panes);
      return MapDiffPanel.active;
    }
    const panel = vscode.window.createWebviewPanel(
      MapDiffPanel.viewType,
      'Map diff',
      { viewColumn: companionColumn(), preserveFocus: true },
      { ...webviewOptions(context.extensionUri), retainContextWhenHidden: true },
    );
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icons', 'walkthrough.svg');
    MapDiffPanel.active = new MapDiffPanel(panel, context, client, gameFile, panes);
    return MapDiffPanel.active;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private gameFile: vscode.Uri,
    public panes: MapDiffPane[],
  ) {
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, 'maze.js', 'Map diff');
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => void this.onMessage(message)),
    );
  }

  private async update(gameFile: vscode.Uri, panes: MapDiffPane[]): Promise<void> {
    this.gameFile = gameFile;
    this.panes = panes;
    this.drawn = undefined;
    if (this.ready) await this.send();
  }

  private post(message: HostToMazeMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private async send(): Promise<void> {
    const graph = await sendRequest(this.client, MazeGraphRequest, {
      uri: this.gameFile.toString(),
      extraPairs: reversePairsSetting(),
    });
    if (!graph) {
      void vscode.window.showWarningMessage(
        'Waypoint: this game has no valid edges.json, so there is no maze to draw the map diff on.',
      );
      return;
    }
    this.panel.title = `Map diff · ${graph.game} · ${this.panes.map((pane) => pane.model).join(' ↔ ')}`;
    this.post({ type: 'graph', graph });
    this.post({ type: 'mapDiff', panes: this.panes });
  }

  private async onMessage(raw: unknown): Promise<void> {
    const message = receiveMessage(mazeToHostMessage, raw, 'map diff');
    if (!message) return;
    if (message.type === 'ready') {
      this.ready = true;
      await this.send();
    } else if (message.type === 'mapDiffDrawn') {
      this.drawn = message.panes;
    }
    // Clicks, cutoff and layout reports are the Maze panel's business: the diff is fixed at its cutoff.
  }

  dispose(): void {
    if (MapDiffPanel.active === this) MapDiffPanel.active = undefined;
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
