// "Waypoint: Show Maze": the maze of the active game beside the editor. The graph comes from the
// language server (built by core); the webview lays it out. Clicking a room or an edge reveals its
// step or record; moving the cursor in the game's files highlights the matching room or edge. It
// redraws when the server pushes that its game changed (an edit, a save, a change on disk).
import * as vscode from 'vscode';
import { reversePairsSetting, setting } from '../settings';
import { evaluatorGraphNote } from '../../core/maze/mazeView';
import type { LanguageClient } from 'vscode-languageclient/node';
import { mangoGameOf } from '../../core/benchmarks/mango/fileKinds';
import { expectedRoute } from '../../core/benchmarks/mango/maze/expectedRoute';
import type { AnswerParseMode } from '../../core/benchmarks/mango/scoring/answers';
import type { LayoutEngineName } from '../../core/maze/layoutEngines';
import {
  mazeToHostMessage,
  type HostToMazeMessage,
  type RouteQuestion,
  type ShownQuestion,
  type Trajectory,
} from '../../protocol/maze';
import { MazeSession, type AnswerOnMap } from './mazeSession';
import { ANSWER_SCHEME } from '../eval/answerDocuments';
import { RUN_TRAJECTORY_SCHEME } from '../eval/compareRuns';
import {
  AcceptImputedEdgesRequest,
  AnswerTrajectoryRequest,
  CutoffStatsRequest,
  GameChangedNotification,
  MazeGraphRequest,
  MazeRevealRequest,
  MazeSelectionRequest,
} from '../../protocol/lsp';
import { onNotification, sendRequest } from '../lspRequests';
import { changeConcerns } from './gameChanges';
import { companionColumn, tabShows } from './tabGroups';
import { receiveMessage } from './webviewMessages';
import { webviewHtml, webviewOptions } from './webviewHtml';

export type { AnswerOnMap } from './mazeSession';

/** Documents of answers: a model's reply, or one side of a comparison's diff. */
const isAnswer = (uri: vscode.Uri) => uri.scheme === ANSWER_SCHEME || uri.scheme === RUN_TRAJECTORY_SCHEME;

/**
 * Where a new maze opens: in the group that already holds answers or a comparison of two (maze and
 * answer as tabs of one group beside the editor), unless the user's file is in front there; else
 * beside the active group. Never a third column.
 */
function mazeColumn(): vscode.ViewColumn {
  return companionColumn((tab) => tabShows(tab, isAnswer));
}

function gameKey(uri: vscode.Uri): string | null {
  const game = mangoGameOf(uri.path);
  return game ? `${uri.scheme}:${game.directory}${game.game}` : null;
}

export class MazePanel implements vscode.Disposable {
  static readonly viewType = 'waypoint.maze';
  private static current: MazePanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;
  /** What is on show, and the order of the posts that change it (late server replies never win). */
  private readonly session: MazeSession;
  /** Last layout report from the webview, for tests and the output channel. */
  lastLayout: { engine: LayoutEngineName; milliseconds: number; nodes: number; edges: number } | undefined;

  static show(context: vscode.ExtensionContext, client: LanguageClient, gameFile: vscode.Uri): MazePanel {
    if (MazePanel.current) {
      // Revealed where it is: "Beside" would move it one group further right of the active editor.
      MazePanel.current.panel.reveal(MazePanel.current.panel.viewColumn, true);
      MazePanel.current.track(gameFile);
      return MazePanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      MazePanel.viewType,
      'Maze',
      { viewColumn: mazeColumn(), preserveFocus: true },
      { ...webviewOptions(context.extensionUri), retainContextWhenHidden: true },
    );
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
    // The ELK worker's script is only fetched when the view lays out with ELK (webview/maze/layout.ts).
    const elkWorker = panel.webview
      .asWebviewUri(vscode.Uri.joinPath(context.extensionUri, 'dist/webview/elk-worker.js'))
      .toString();
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, 'maze.js', 'Maze', {
      layout: setting('maze.layout'),
      'elk-worker': elkWorker,
    });
    this.session = new MazeSession({
      graph: () =>
        sendRequest(this.client, MazeGraphRequest, {
          uri: this.gameFile.toString(),
          extraPairs: reversePairsSetting(),
        }),
      check: (answer) => this.check(answer),
      route: async (question, cutoff) => (await this.routeFor(question, cutoff)).question,
      post: (message) => this.post(message),
      drawing: (graph) => {
        this.panel.title = `Maze · ${graph.game}`;
      },
      noGraph: () =>
        void vscode.window.showInformationMessage(
          'Waypoint: this game has no valid edges.json yet, so there is no maze to draw.',
        ),
      live: () => !this.disposed,
    });
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => void this.onMessage(message)),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && gameKey(editor.document.uri)) this.track(editor.document.uri);
      }),
      onNotification(client, GameChangedNotification, (change) => {
        if (changeConcerns(change, this.gameFile.toString())) void this.refresh();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('waypoint.maze.layout'))
          this.post({ type: 'layoutEngine', engine: setting('maze.layout') });
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (gameKey(event.textEditor.document.uri) === gameKey(this.gameFile))
          void this.highlightAt(event.textEditor.document.uri, event.selections[0].active);
      }),
    );
  }

  /**
   * Checks an answer against this game's maze (in the server) and steps through it in the view;
   * with `question`, the view also draws the expected route.
   */
  async showTrajectory(
    response: unknown,
    title: string,
    start: string | null,
    cutoff: number | null,
    question?: RouteQuestion,
  ): Promise<Trajectory | null> {
    const [trajectory] = await this.session.show([{ response, title, start, cutoff }], question);
    return trajectory ?? null;
  }

  /**
   * A played episode's walk (episodeRouteAnswer) from `start`: Play's live map and a play record's
   * replay. With no move yet the view shows the start and says so, never a parse error. `follow`
   * (Play's live map): the walk is the one on show grown by a move, so the view stays on its newest step.
   */
  async showEpisode(
    walk: string,
    title: string,
    start: string,
    cutoff: number | null,
    question?: RouteQuestion,
    options: { follow?: boolean } = {},
  ): Promise<Trajectory | null> {
    const [trajectory] = await this.session.show(
      [{ response: walk, title, start, cutoff, episode: true }],
      question,
      options,
    );
    return trajectory ?? null;
  }

  /**
   * Steps through a trajectory already walked (a run's, as its scoring walked it on the evaluator's
   * graph), titled for the view; with `question`, the view also draws the expected route. Nothing is
   * walked again, so the maze shows exactly the walk the scores were computed on, until an edit to
   * the game: then `reply` is walked again on the changed graph (read in `mode`, as scoring read it).
   */
  async showWalk(
    trajectory: Trajectory,
    title: string,
    question?: RouteQuestion,
    reply?: { response: unknown; mode: AnswerParseMode },
  ): Promise<Trajectory> {
    const shown: Trajectory = {
      ...trajectory,
      title,
      graph: { ...trajectory.graph, note: evaluatorGraphNote(reversePairsSetting()) },
    };
    await this.session.showWalked(
      shown,
      question,
      reply
        ? { response: reply.response, title, start: trajectory.start, cutoff: trajectory.cutoff, mode: reply.mode }
        : undefined,
    );
    return shown;
  }

  /** Two answers to one question on one map (the results view's A ↔ B): `a` is stepped, `b` drawn beside it. */
  async showTrajectories(a: AnswerOnMap, b: AnswerOnMap): Promise<[Trajectory | null, Trajectory | null]> {
    const [first, second] = await this.session.show([a, b], a.question);
    return [first ?? null, second ?? null];
  }

  /**
   * The question with core's expected route on the evaluator's graph (the one answers are checked on),
   * so the view draws the oracle's route, not one of its own; {} without a question or a maze.
   */
  private async routeFor(question: RouteQuestion, cutoff: number | null): Promise<{ question?: ShownQuestion }> {
    const graph = await sendRequest(this.client, MazeGraphRequest, { uri: this.gameFile.toString(), extraPairs: [] });
    return graph ? { question: { ...question, expected: expectedRoute(graph, question, cutoff) } } : {};
  }

  private check(answer: AnswerOnMap): Promise<Trajectory | null> {
    return sendRequest(this.client, AnswerTrajectoryRequest, {
      uri: this.gameFile.toString(),
      response: answer.response,
      title: answer.title,
      start: answer.start,
      cutoff: answer.cutoff,
      extraPairs: reversePairsSetting(),
      ...(answer.mode ? { mode: answer.mode } : {}),
      ...(answer.episode ? { episode: true } : {}),
    });
  }

  /** Accept or reject, from the graph, one reverse edge the evaluator would impute. */
  private async offerImputedEdge(source: string, action: string, destination: string): Promise<void> {
    const choice = await vscode.window.showInformationMessage(
      `Imputed reverse edge: ${source} —${action}→ ${destination}. MANGO's evaluator adds it; write it into edges.json as a reverse-only edge?`,
      'Accept',
      'Reject',
    );
    if (choice !== 'Accept') return;
    const result = await sendRequest(this.client, AcceptImputedEdgesRequest, {
      uri: this.gameFile.toString(),
      extraPairs: reversePairsSetting(),
      accept: [{ source, action, destination }],
    });
    if (result.edit)
      await vscode.workspace.applyEdit(await this.client.protocol2CodeConverter.asWorkspaceEdit(result.edit));
  }

  private async saveExport(format: 'svg' | 'png', fileName: string, data: string): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
      filters: format === 'svg' ? { 'SVG image': ['svg'] } : { 'PNG image': ['png'] },
    });
    if (!target) return;
    const bytes = format === 'svg' ? new TextEncoder().encode(data) : Uint8Array.from(Buffer.from(data, 'base64'));
    await vscode.workspace.fs.writeFile(target, bytes);
    vscode.window.setStatusBarMessage(`Waypoint: maze saved to ${vscode.workspace.asRelativePath(target)}`, 5000);
  }

  private track(file: vscode.Uri): void {
    const changedGame = gameKey(file) !== gameKey(this.gameFile);
    this.gameFile = file;
    if (!changedGame) return;
    this.session.forget();
    void this.refresh();
  }

  private post(message: HostToMazeMessage): void {
    void this.panel.webview.postMessage(message);
  }

  /**
   * The graph again, then what is on show walked on it (see MazeSession.refresh). Never rejects:
   * a failed server request or a stopped client is logged, and the view keeps what it drew.
   */
  private async refresh(viewLoaded = false): Promise<void> {
    if (this.disposed) return;
    try {
      await this.session.refresh(viewLoaded);
    } catch (error) {
      const line = `Maze: cannot refresh ${this.gameFile.toString(true)}: ${error instanceof Error ? error.message : String(error)}`;
      const channel = this.client.outputChannel;
      if ('error' in channel && typeof channel.error === 'function') (channel as vscode.LogOutputChannel).error(line);
      else channel.appendLine(line);
    }
  }

  private async highlightAt(uri: vscode.Uri, position: vscode.Position): Promise<void> {
    const selection = await sendRequest(this.client, MazeSelectionRequest, {
      uri: uri.toString(),
      line: position.line,
      character: position.character,
    });
    this.post({ type: 'highlight', nodes: selection.nodes, edges: selection.edges });
  }

  private async onMessage(raw: unknown): Promise<void> {
    const message = receiveMessage(mazeToHostMessage, raw, 'maze');
    if (!message) return;
    switch (message.type) {
      case 'ready':
        return this.refresh(true);
      case 'cutoff': {
        const stats = await sendRequest(this.client, CutoffStatsRequest, {
          uri: this.gameFile.toString(),
          cutoff: message.step,
        });
        if (stats) this.post({ type: 'stats', stats });
        return;
      }
      case 'layout':
        this.lastLayout = {
          engine: message.engine,
          milliseconds: message.milliseconds,
          nodes: message.nodes,
          edges: message.edges,
        };
        return;
      case 'imputedEdge':
        return this.offerImputedEdge(message.source, message.action, message.destination);
      case 'export':
        return this.saveExport(message.format, message.fileName, message.data);
      case 'mapDiffDrawn':
        // Map diffs open in their own panel (mapDiffPanel.ts), which keeps what they drew.
        return;
      default: {
        const target = await sendRequest(this.client, MazeRevealRequest, {
          uri: this.gameFile.toString(),
          ...(message.type === 'revealNode' ? { node: message.name } : { edge: message.id }),
        });
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
    this.disposed = true;
    MazePanel.current = undefined;
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}
