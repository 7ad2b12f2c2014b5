// "Waypoint: Show Maze": the maze of the active game beside the editor. The graph comes from the
// language server (built by core); the webview lays it out. Clicking a room or an edge reveals its
// step or record; moving the cursor in the game's files highlights the matching room or edge.
import * as vscode from 'vscode';
import { reversePairsSetting } from '../settings';
import { evaluatorGraphNote } from '../../core/mango/mazeView';
import type { LanguageClient } from 'vscode-languageclient/node';
import { mangoGameOf } from '../../core/fileKinds';
import { expectedRoute } from '../../core/mango/expectedRoute';
import type { AnswerParseMode } from '../../core/mango/answers';
import { mazeToHostMessage, type HostToMazeMessage, type RouteQuestion, type ShownQuestion, type Trajectory } from '../../protocol/maze';
import { ANSWER_SCHEME } from '../eval/answerDocuments';
import { RUN_TRAJECTORY_SCHEME } from '../eval/compareRuns';
import {
  AcceptImputedEdgesRequest,
  AnswerTrajectoryRequest,
  CutoffStatsRequest,
  MazeGraphRequest,
  MazeRevealRequest,
  MazeSelectionRequest,
} from '../../protocol/lsp';
import { sendRequest } from '../lspRequests';
import { columnHolding, tabShows } from './tabGroups';
import { receiveMessage } from './webviewMessages';
import { webviewHtml, webviewOptions } from './webviewHtml';

const REFRESH_DELAY_MS = 300;

/** One answer to draw: the raw reply, how to title it, and the question it answers (for the expected route). */
export interface AnswerOnMap {
  response: unknown;
  title: string;
  start: string | null;
  cutoff: number | null;
  question?: RouteQuestion;
  /** How the reply is read (a reference-mode run's as the released evaluator reads it); faithful when absent. */
  mode?: AnswerParseMode;
}

/** Documents of answers: a model's reply, or one side of a comparison's diff. */
const isAnswer = (uri: vscode.Uri) => uri.scheme === ANSWER_SCHEME || uri.scheme === RUN_TRAJECTORY_SCHEME;

/**
 * Where a new maze opens: in the group that already holds answers or a comparison of two (maze and
 * answer as tabs of one group beside the editor), else beside the active editor. Never a third column.
 */
function mazeColumn(): vscode.ViewColumn {
  return columnHolding((tab) => tabShows(tab, isAnswer)) ?? vscode.ViewColumn.Beside;
}

function gameKey(uri: vscode.Uri): string | null {
  const game = mangoGameOf(uri.path);
  return game ? `${uri.scheme}:${game.directory}${game.game}` : null;
}

export class MazePanel implements vscode.Disposable {
  static readonly viewType = 'waypoint.maze';
  private static current: MazePanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private refreshTimer: NodeJS.Timeout | undefined;
  /** The question whose expected route is on show, and its cutoff: recomputed when the graph is refreshed. */
  private shownRoute: { question: RouteQuestion; cutoff: number | null } | undefined;
  /** The answer(s) on show (a comparison's two): walked again when the graph is refreshed. */
  private shownAnswers: AnswerOnMap[] | undefined;
  /** Last layout report from the webview, for tests and the output channel. */
  lastLayout: { milliseconds: number; nodes: number; edges: number } | undefined;

  static show(context: vscode.ExtensionContext, client: LanguageClient, gameFile: vscode.Uri): MazePanel {
    if (MazePanel.current) {
      // Revealed where it is: "Beside" would move it one group further right of the active editor.
      MazePanel.current.panel.reveal(MazePanel.current.panel.viewColumn, true);
      MazePanel.current.track(gameFile);
      return MazePanel.current;
    }
    const panel = vscode.window.createWebviewPanel(MazePanel.viewType, 'Maze', { viewColumn: mazeColumn(), preserveFocus: true }, { ...webviewOptions(context.extensionUri), retainContextWhenHidden: true });
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icons', 'walkthrough.svg');
    MazePanel.current = new MazePanel(panel, context, client, gameFile);
    return MazePanel.current;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private gameFile: vscode.Uri,
  ) {
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, 'maze.js', 'Maze');
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => void this.onMessage(message)),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && gameKey(editor.document.uri)) this.track(editor.document.uri);
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (gameKey(event.document.uri) === gameKey(this.gameFile)) this.scheduleRefresh();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (gameKey(event.textEditor.document.uri) === gameKey(this.gameFile)) void this.highlightAt(event.textEditor.document.uri, event.selections[0].active);
      }),
    );
  }

  /**
   * Checks an answer against this game's maze (in the server) and steps through it in the view;
   * with `question`, the view also draws the expected route.
   */
  async showTrajectory(response: unknown, title: string, start: string | null, cutoff: number | null, question?: RouteQuestion): Promise<Trajectory | null> {
    const answer: AnswerOnMap = { response, title, start, cutoff };
    this.shownAnswers = [answer];
    const trajectory = await this.check(answer);
    if (trajectory && this.shownAnswers?.[0] === answer) this.post({ type: 'trajectory', trajectory, ...(await this.withRoute(question, trajectory.cutoff)) });
    return trajectory;
  }

  /**
   * Steps through a trajectory already walked (a run's, as its scoring walked it on the evaluator's
   * graph), titled for the view; with `question`, the view also draws the expected route. Nothing is
   * walked again, so the maze shows exactly the walk the scores were computed on, until an edit to
   * the game: then `reply` is walked again on the changed graph (read in `mode`, as scoring read it).
   */
  async showWalk(trajectory: Trajectory, title: string, question?: RouteQuestion, reply?: { response: unknown; mode: AnswerParseMode }): Promise<Trajectory> {
    this.shownAnswers = reply ? [{ response: reply.response, title, start: trajectory.start, cutoff: trajectory.cutoff, mode: reply.mode }] : undefined;
    const shown: Trajectory = { ...trajectory, title, graph: { ...trajectory.graph, note: evaluatorGraphNote(reversePairsSetting()) } };
    this.post({ type: 'trajectory', trajectory: shown, ...(await this.withRoute(question, trajectory.cutoff)) });
    return shown;
  }

  /** Two answers to one question on one map (the results view's A ↔ B): `a` is stepped, `b` drawn beside it. */
  async showTrajectories(a: AnswerOnMap, b: AnswerOnMap): Promise<[Trajectory | null, Trajectory | null]> {
    const answers = [a, b];
    this.shownAnswers = answers;
    const [first, second] = await Promise.all([this.check(a), this.check(b)]);
    if (first && this.shownAnswers === answers) this.post({ type: 'trajectory', trajectory: first, ...(second ? { compare: second } : {}), ...(await this.withRoute(a.question, first.cutoff)) });
    return [first, second];
  }

  /**
   * The question with core's expected route on the evaluator's graph (the one answers are checked on),
   * so the view draws the oracle's route, not one of its own; {} without a question or a maze.
   */
  private async withRoute(question: RouteQuestion | undefined, cutoff: number | null): Promise<{ question?: ShownQuestion }> {
    this.shownRoute = question ? { question, cutoff } : undefined;
    return question ? this.routeFor(question, cutoff) : {};
  }

  private async routeFor(question: RouteQuestion, cutoff: number | null): Promise<{ question?: ShownQuestion }> {
    const graph = await sendRequest(this.client, MazeGraphRequest, { uri: this.gameFile.toString(), extraPairs: [] });
    return graph ? { question: { ...question, expected: expectedRoute(graph, question, cutoff) } } : {};
  }

  private check(answer: AnswerOnMap): Promise<Trajectory | null> {
    return sendRequest(this.client, AnswerTrajectoryRequest, { uri: this.gameFile.toString(), response: answer.response, title: answer.title, start: answer.start, cutoff: answer.cutoff, extraPairs: reversePairsSetting(), ...(answer.mode ? { mode: answer.mode } : {}) });
  }

  /** Accept or reject, from the graph, one reverse edge the evaluator would impute. */
  private async offerImputedEdge(source: string, action: string, destination: string): Promise<void> {
    const choice = await vscode.window.showInformationMessage(`Imputed reverse edge: ${source} —${action}→ ${destination}. MANGO's evaluator adds it; write it into edges.json as a reverse-only edge?`, 'Accept', 'Reject');
    if (choice !== 'Accept') return;
    const result = await sendRequest(this.client, AcceptImputedEdgesRequest, { uri: this.gameFile.toString(), extraPairs: reversePairsSetting(), accept: [{ source, action, destination }] });
    if (result.edit) await vscode.workspace.applyEdit(await this.client.protocol2CodeConverter.asWorkspaceEdit(result.edit));
  }

  private async saveExport(format: 'svg' | 'png', fileName: string, data: string): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({ defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined, filters: format === 'svg' ? { 'SVG image': ['svg'] } : { 'PNG image': ['png'] } });
    if (!target) return;
    const bytes = format === 'svg' ? new TextEncoder().encode(data) : Uint8Array.from(Buffer.from(data, 'base64'));
    await vscode.workspace.fs.writeFile(target, bytes);
    vscode.window.setStatusBarMessage(`Waypoint: maze saved to ${vscode.workspace.asRelativePath(target)}`, 5000);
  }


  private track(file: vscode.Uri): void {
    const changedGame = gameKey(file) !== gameKey(this.gameFile);
    this.gameFile = file;
    if (!changedGame) return;
    this.shownRoute = undefined;
    this.shownAnswers = undefined;
    void this.refresh();
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => void this.refresh(), REFRESH_DELAY_MS);
  }

  private post(message: HostToMazeMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private async refresh(): Promise<void> {
    const graph = await sendRequest(this.client, MazeGraphRequest, { uri: this.gameFile.toString(), extraPairs: reversePairsSetting() });
    if (!graph) {
      void vscode.window.showInformationMessage('Waypoint: this game has no valid edges.json yet, so there is no maze to draw.');
      return;
    }
    this.panel.title = `Maze · ${graph.game}`;
    this.post({ type: 'graph', graph });
    // The route and the answers on show name edges by their index in edges.json, which an edit
    // shifts: send them again computed on this graph (the view also skips a step whose edge no
    // longer joins its rooms, until they arrive).
    await Promise.all([this.rerouteShown(), this.rewalkShown()]);
  }

  private async rerouteShown(): Promise<void> {
    const shown = this.shownRoute;
    if (!shown) return;
    const { question } = await this.routeFor(shown.question, shown.cutoff);
    if (question && this.shownRoute === shown) this.post({ type: 'route', question });
  }

  private async rewalkShown(): Promise<void> {
    const shown = this.shownAnswers;
    if (!shown) return;
    const [trajectory, compare] = await Promise.all(shown.map((answer) => this.check(answer)));
    if (trajectory && this.shownAnswers === shown) this.post({ type: 'rewalk', trajectory, ...(compare ? { compare } : {}) });
  }

  private async highlightAt(uri: vscode.Uri, position: vscode.Position): Promise<void> {
    const selection = await sendRequest(this.client, MazeSelectionRequest, { uri: uri.toString(), line: position.line, character: position.character });
    this.post({ type: 'highlight', nodes: selection.nodes, edges: selection.edges });
  }

  private async onMessage(raw: unknown): Promise<void> {
    const message = receiveMessage(mazeToHostMessage, raw, 'maze');
    if (!message) return;
    switch (message.type) {
      case 'ready':
        return this.refresh();
      case 'cutoff': {
        const stats = await sendRequest(this.client, CutoffStatsRequest, { uri: this.gameFile.toString(), cutoff: message.step });
        if (stats) this.post({ type: 'stats', stats });
        return;
      }
      case 'layout':
        this.lastLayout = { milliseconds: message.milliseconds, nodes: message.nodes, edges: message.edges };
        return;
      case 'imputedEdge':
        return this.offerImputedEdge(message.source, message.action, message.destination);
      case 'export':
        return this.saveExport(message.format, message.fileName, message.data);
      case 'mapDiffDrawn':
        // Map diffs open in their own panel (mapDiffPanel.ts), which keeps what they drew.
        return;
      default: {
        const target = await sendRequest(this.client, MazeRevealRequest, { uri: this.gameFile.toString(), ...(message.type === 'revealNode' ? { node: message.name } : { edge: message.id }) });
        if (!target) return;
        const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(target.uri));
        const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
        const position = new vscode.Position(target.line, 0);
        editor.selection = new vscode.Selection(position, position);
        editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      }
    }
  }

  dispose(): void {
    MazePanel.current = undefined;
    clearTimeout(this.refreshTimer);
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
