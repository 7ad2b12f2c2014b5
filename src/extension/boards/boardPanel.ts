// The board view: one panel drawing BabyAI and GRASP grids, Tower of Hanoi rods and SmartPlay
// tables, stepping through timelines. The webview draws; this side only sends scenes and
// timelines built by core, and turns authoring gestures into undoable edits through a handler.
import * as vscode from 'vscode';
import {
  boardToHostMessage,
  type BoardScene,
  type BoardTimeline,
  type BoardTool,
  type BoardToHostMessage,
  type HostToBoardMessage,
} from '../../protocol/board';
import { companionColumn } from '../views/tabGroups';
import { receiveMessage } from '../views/webviewMessages';
import { webviewHtml, webviewOptions } from '../views/webviewHtml';

export type AuthoringHandler = (message: Exclude<BoardToHostMessage, { type: 'ready' | 'frame' | 'export' }>) => void;

export class BoardPanel implements vscode.Disposable {
  static readonly viewType = 'waypoint.board';
  private static current: BoardPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  /** The latest content, re-sent when the webview (re)loads. */
  private content: HostToBoardMessage | undefined;
  private authoring: AuthoringHandler | undefined;
  /** For tests and the output channel: what is shown and where the user is. */
  timeline: BoardTimeline | undefined;
  scene: BoardScene | undefined;
  frame = 0;

  static show(context: vscode.ExtensionContext): BoardPanel {
    if (BoardPanel.current) {
      // Revealed where it is: "Beside" would move it one group further right of the active editor.
      BoardPanel.current.panel.reveal(BoardPanel.current.panel.viewColumn, true);
      return BoardPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      BoardPanel.viewType,
      'Board',
      { viewColumn: companionColumn(), preserveFocus: true },
      { ...webviewOptions(context.extensionUri), retainContextWhenHidden: true },
    );
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icons', 'walkthrough.svg');
    BoardPanel.current = new BoardPanel(panel, context);
    return BoardPanel.current;
  }

  static get active(): BoardPanel | undefined {
    return BoardPanel.current;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    context: vscode.ExtensionContext,
  ) {
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, 'board.js', 'Board');
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => void this.onMessage(message)),
    );
  }

  showTimeline(timeline: BoardTimeline, frame = 0): void {
    this.panel.title = timeline.title;
    this.timeline = timeline;
    this.scene = undefined;
    this.frame = frame;
    this.authoring = undefined;
    this.send({ type: 'timeline', timeline, frame });
  }

  /** A static scene; with `onEdit`, authoring is on and each gesture goes to the handler. */
  showScene(scene: BoardScene, title: string, onEdit?: AuthoringHandler, tools?: BoardTool[]): void {
    this.panel.title = title;
    this.scene = scene;
    this.timeline = undefined;
    this.authoring = onEdit;
    this.send({ type: 'scene', scene, title, editable: onEdit !== undefined, tools });
  }

  select(frame: number): void {
    this.frame = frame;
    if (this.ready) void this.panel.webview.postMessage({ type: 'select', frame } satisfies HostToBoardMessage);
  }

  private send(message: HostToBoardMessage): void {
    this.content = message;
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private async onMessage(raw: unknown): Promise<void> {
    const message = receiveMessage(boardToHostMessage, raw, 'board');
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.content) void this.panel.webview.postMessage(this.content);
        return;
      case 'frame':
        this.frame = message.index;
        return;
      case 'export': {
        const target = await vscode.window.showSaveDialog({
          defaultUri: vscode.Uri.joinPath(
            vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('.'),
            message.fileName,
          ),
          filters: message.format === 'svg' ? { SVG: ['svg'] } : { PNG: ['png'] },
        });
        if (target)
          await vscode.workspace.fs.writeFile(
            target,
            message.format === 'svg' ? new TextEncoder().encode(message.data) : Buffer.from(message.data, 'base64'),
          );
        return;
      }
      default:
        this.authoring?.(message);
    }
  }

  dispose(): void {
    if (BoardPanel.current === this) BoardPanel.current = undefined;
    this.panel.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
