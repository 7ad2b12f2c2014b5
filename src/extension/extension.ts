// Activation: start the language client and register commands. Everything heavy (parsing,
// validation) lives in the server process; webview code loads only when a view opens.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import '../host/declareBuiltIns';
import { fileKindOf } from '../core/benchmarks/mango/fileKinds';
import { ScoreAnswerRequest, ValidateWorkspaceRequest, type ScoreAnswerResult } from '../protocol/lsp';
import { sendRequest } from './lspRequests';
import { WALKTHROUGH_LANGUAGE } from './documentSelectors';
import { markStepAsMove, unmarkStepMove, type MoveAnswers } from './commands/annotate';
import { reviewAnnotationProposals, type ReviewOptions } from './commands/reviewProposals';
import { generateSkeletonsCommand, type GenerateSkeletonsOptions } from './commands/generateSkeletons';
import { previewImputedEdges } from './commands/imputedEdges';
import { showAnswerInMaze } from './commands/showAnswer';
import { ANSWER_SCHEME, AnswerDocuments } from './eval/answerDocuments';
import { runDocumentName } from '../core/eval/runLabels';
import { replaysOnMaze } from '../core/benchmarks/mango/maze/runView';
import type { RunRecord } from '../core/eval/types';
import type { BabyaiQuestion } from '../core/benchmarks/babyai/questionSchema';
import type { GraspQuestion } from '../core/benchmarks/grasp/questionSchema';
import type { MangoQuestion } from '../core/benchmarks/mango/questionSchema';
import type { EpisodeAnswer } from '../core/eval/episodeQuestions';
import { episodeRouteAnswer } from '../core/benchmarks/mango/play/episodeRoute';
import type { RunQuestionOptions } from './eval/runQuestion';
import { compareRuns, RUN_TRAJECTORY_SCHEME, RunTrajectoryDocuments } from './eval/compareRuns';
import { RunsView } from './eval/runsView';
import { setApiKeyCommand } from './eval/secrets';
import { validateWorkspaceCommand } from './commands/validateWorkspace';
import type { MapDiffDeps, ShowMapDiffOptions } from './commands/showMapDiff';
import { MazePanel, type AnswerOnMap } from './views/mazePanel';
import { WalkthroughOverviewPanel } from './views/overviewPanel';
import { setting } from './settings';
import { useWebviewMessageLog } from './views/webviewMessages';

let client: LanguageClient | undefined;

/** A batch run's file in the editor; a run over several files (shards, profiles) asks which. */
async function openRunFile(files: readonly string[]): Promise<vscode.TextEditor | undefined> {
  const file =
    files.length <= 1
      ? files[0]
      : (
          await vscode.window.showQuickPick(
            files.map((path) => ({ label: vscode.workspace.asRelativePath(path, false), path })),
            { title: 'Open Run File: which file of the run?' },
          )
        )?.path;
  return file ? vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true }) : undefined;
}

type EvaluationModule = typeof import('./eval/runQuestion');
let evaluationModule: EvaluationModule | undefined;

/**
 * The model-calling code (with the openai client) is its own bundle, dist/evaluation.js, loaded on
 * the first Run Question: it would otherwise double what every activation has to evaluate.
 */
function loadEvaluation(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): EvaluationModule {
  if (!evaluationModule) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    evaluationModule = require(context.asAbsolutePath('dist/evaluation.js')) as EvaluationModule;
    // Model errors go to the one "Waypoint" channel, not a second one of the same name.
    evaluationModule.useOutputChannel(output);
  }
  return evaluationModule;
}

type BoardsModule = typeof import('./boards/index');
let boardsModule: BoardsModule | undefined;

/** The board view and the grid and game benchmarks' commands: dist/boards.js, loaded on first use. */
function loadBoards(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): BoardsModule {
  if (!boardsModule) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    boardsModule = require(context.asAbsolutePath('dist/boards.js')) as BoardsModule;
    // The bundle has its own copy of the webview message helper: point it at the one channel too.
    boardsModule.useWebviewMessageLog((line) => output.warn(line));
  }
  return boardsModule;
}

type ClientModule = typeof import('./client');

/**
 * The language client library is most of what the extension would otherwise load at activation, and
 * the client starts only after activate() returns: dist/languageClient.js, loaded on that first use.
 */
function loadClientModule(context: vscode.ExtensionContext): ClientModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(context.asAbsolutePath('dist/languageClient.js')) as ClientModule;
}

/** How long loading took, measured by the entry (src/extension/main.ts) around its require. */
export interface LoadTimes {
  codeLoadingMs: number;
  /** Between loading and activate(): VS Code preparing the ExtensionContext. */
  hostWaitMs: number;
}

/** What activate() returns: used by the integration tests and by other extensions. */
export interface WaypointApi {
  /** As VS Code's Running Extensions view counts it: code loading plus the activate() call. */
  activationMs: number;
  activationPhases: LoadTimes & { activateMs: number };
  /** Where VS Code keeps the "Waypoint" log channel's text (the API offers no way to read a channel). */
  logFile: vscode.Uri;
  languageClient: () => LanguageClient | undefined;
}

export async function activate(
  context: vscode.ExtensionContext,
  loadTimes: LoadTimes = { codeLoadingMs: 0, hostWaitMs: 0 },
): Promise<WaypointApi> {
  const activateStarted = performance.now();
  const output = vscode.window.createOutputChannel('Waypoint', { log: true });
  useWebviewMessageLog((line) => output.warn(line));
  // The client (and the server process) start right after activation returns; a command that
  // runs before that creates it on the spot.
  const getClient = (): LanguageClient => (client ??= loadClientModule(context).createLanguageClient(context, output));

  const answers = new AnswerDocuments();
  const boardDeps = (): import('./boards/evalDeps').BoardEvalDeps => ({
    context,
    answers,
    log: output,
    evaluation: () => loadEvaluation(context, output),
    client: getClient,
  });
  /** A MANGO game's edges file in the workspace (it stands for the game in server requests). */
  const gameEdgesOf = async (game: string): Promise<vscode.Uri | undefined> =>
    (await vscode.workspace.findFiles(`**/${game}.edges.json`, '**/node_modules/**', 1))[0];
  /** The question of a run the maze replays (its benchmark's runView), else null: that run steps on the board. */
  const mangoQuestionOf = (record: RunRecord): MangoQuestion | null =>
    replaysOnMaze(record.question) ? record.question : null;
  /** A MANGO run re-checked against its game as it is now; null when the game is gone. */
  const scoreMangoRun = async (record: RunRecord): Promise<ScoreAnswerResult | null> => {
    const question = mangoQuestionOf(record);
    // 'pre2025' is GRASP's scoring mode: a MANGO record never has it, and the server cannot score in it.
    // A played episode's rawAnswer is its transcript, not a route answer: nothing to re-score.
    if (!question || record.mode === 'pre2025' || question.play) return null;
    const edges = await gameEdgesOf(question.game);
    return edges
      ? sendRequest(getClient(), ScoreAnswerRequest, {
          uri: edges.toString(),
          question,
          response: record.rawAnswer,
          mode: record.mode,
        })
      : null;
  };
  /**
   * A run's answer in an answer document, re-checked against the benchmark files as they are now so
   * the diagnostics match today's maze, level or grid; a run whose files are gone still shows its answer.
   */
  const openRecord = async (record: RunRecord): Promise<unknown> => {
    if (mangoQuestionOf(record)) {
      const scored = await scoreMangoRun(record);
      return answers.show(runDocumentName(record), record.rawAnswer, scored?.diagnostics ?? []);
    }
    return (
      (await loadBoards(context, output).reopenRun(boardDeps(), record)) ||
      answers.show(runDocumentName(record), record.rawAnswer, [])
    );
  };
  const mangoGameOrWarn = async (question: MangoQuestion): Promise<vscode.Uri | undefined> => {
    const edges = await gameEdgesOf(question.game);
    if (!edges)
      void vscode.window.showWarningMessage(
        `Waypoint: the game ${question.game} is not in this workspace (no ${question.game}.edges.json), so its maze cannot be drawn.`,
      );
    return edges;
  };
  /** A MANGO run as the maze draws it: its answer, titled, with the question for the expected route. */
  const answerOnMap = (record: RunRecord, question: MangoQuestion): AnswerOnMap => {
    // A played episode is drawn as the route it walked (refused commands are no edge).
    const played = question.play && Array.isArray((record.parsedAnswer as EpisodeAnswer | null)?.steps);
    return {
      response: played
        ? episodeRouteAnswer(question.src, (record.parsedAnswer as EpisodeAnswer).steps)
        : record.rawAnswer,
      ...(played ? { episode: true } : {}),
      title: `${question.task.toUpperCase()} ${question.src} → ${question.dst} · ${record.model.id}`,
      start: question.src,
      cutoff: question.cutoff,
      question: { task: question.task, src: question.src, dst: question.dst, actions: question.actionList },
    };
  };
  // Problems in map answer files (Show Map Diff): their own collection, cleared with each new diff of the file.
  const mapDiagnostics = vscode.languages.createDiagnosticCollection('waypoint-map');
  const mapDeps: MapDiffDeps = { context, client: getClient, diagnostics: mapDiagnostics };
  /** A run's answer stepped on the maze (MANGO) or the board (the grid benchmarks); a map-task answer as a map diff. */
  const replayRecord = async (record: RunRecord): Promise<unknown> => {
    const question = mangoQuestionOf(record);
    if (!question) {
      const shown = await loadBoards(context, output).reopenRun(boardDeps(), record);
      if (!shown)
        void vscode.window.showWarningMessage(
          `Waypoint: no replay for ${record.question.sampleId}: ${shown === null ? 'the board does not draw this benchmark' : 'the file it was asked on is gone'}.`,
        );
      return shown;
    }
    if (question.task === 'map') return loadBoards(context, output).showMapRecords(mapDeps, [{ ...record, question }]);
    const edges = await mangoGameOrWarn(question);
    if (!edges) return null;
    const answer = answerOnMap(record, question);
    const maze = MazePanel.show(context, getClient(), edges);
    // A played episode is a walk: one with no move (stopped at once, or only refused commands) shows its start.
    if (answer.episode)
      return maze.showEpisode(answer.response as string, answer.title, question.src, answer.cutoff, answer.question);
    return maze.showTrajectory(answer.response, answer.title, answer.start, answer.cutoff, answer.question);
  };
  /** Two MANGO answers to one question on one map (the results view's A ↔ B); other benchmarks: nothing. */
  const replayBoth = async (a: RunRecord, b: RunRecord): Promise<unknown> => {
    const [first, second] = [mangoQuestionOf(a), mangoQuestionOf(b)];
    if (!first || !second) return null;
    if (first.task === 'map' && second.task === 'map')
      return loadBoards(context, output).showMapRecords(mapDeps, [
        { ...a, question: first },
        { ...b, question: second },
      ]);
    const edges = await mangoGameOrWarn(first);
    return edges
      ? MazePanel.show(context, getClient(), edges).showTrajectories(answerOnMap(a, first), answerOnMap(b, second))
      : null;
  };
  const showResults = (target: import('./eval/resultsPanel').ResultsTarget) =>
    loadEvaluation(context, output).ResultsPanel.show(
      { context, log: output, openAnswer: openRecord, openReplay: replayRecord, replayBoth },
      target,
    );
  const runs = new RunsView((line) => output.warn(line), context.asAbsolutePath('dist/runSummaries.js'));
  void runs.refresh();
  // canSelectMany: two runs selected together are what "Compare Runs" compares.
  const runsTree = vscode.window.createTreeView('waypoint.runs', { treeDataProvider: runs, canSelectMany: true });
  context.subscriptions.push(runs.describeSkippedIn(runsTree));
  const runTrajectories = new RunTrajectoryDocuments();
  context.subscriptions.push(
    runs,
    runsTree,
    vscode.commands.registerCommand('waypoint.refreshRuns', () => runs.refresh()),
    // Called by the question commands once their record is written: the result stays in view after the toast.
    vscode.commands.registerCommand('waypoint.revealRun', (record?: RunRecord) =>
      record ? runs.reveal(runsTree, record) : false,
    ),
    vscode.commands.registerCommand('waypoint.openRunFile', (node?: { files?: string[] }) =>
      openRunFile(node?.files ?? []),
    ),
    vscode.commands.registerCommand('waypoint.openRun', async (index: number) => {
      const record = runs.runs[index];
      if (record) await openRecord(record);
    }),
    runTrajectories,
    vscode.workspace.registerTextDocumentContentProvider(RUN_TRAJECTORY_SCHEME, runTrajectories),
    vscode.commands.registerCommand(
      'waypoint.compareRuns',
      async (node?: { record?: RunRecord }, selected?: Array<{ record?: RunRecord }>) => {
        const chosen = (selected && selected.length > 0 ? selected : node ? [node] : runsTree.selection).flatMap(
          (item) => ('record' in item && item.record ? [item.record] : []),
        );
        return compareRuns(
          runTrajectories,
          chosen,
          runs.runs,
          async (record) => (await scoreMangoRun(record))?.trajectory ?? null,
        );
      },
    ),
    // "Show in Maze" for MANGO runs; runs of grid benchmarks step on the board instead.
    vscode.commands.registerCommand('waypoint.showRunInMaze', (node?: { record?: RunRecord }) =>
      node?.record ? replayRecord(node.record) : null,
    ),
    // From the explorer, the second argument holds every selected file: several runs side by side.
    vscode.commands.registerCommand(
      'waypoint.showResults',
      (target?: import('./eval/resultsPanel').ResultsTarget, selected?: vscode.Uri[]) =>
        showResults(selected && Array.isArray(selected) && selected.length > 1 ? selected : target),
    ),
    // The Explorer's and the editor's "Open in Results View" on a .jsonl; from the palette, the active editor's file.
    vscode.commands.registerCommand('waypoint.openInResultsView', (target?: vscode.Uri, selected?: vscode.Uri[]) => {
      const file = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
      return showResults(
        selected && Array.isArray(selected) && selected.length > 1
          ? selected
          : file?.scheme === 'file'
            ? file
            : undefined,
      );
    }),
    vscode.commands.registerCommand('waypoint.resultsState', () => {
      const panel = evaluationModule?.ResultsPanel.active;
      const lastLoadError = evaluationModule?.ResultsPanel.lastLoadError;
      return panel
        ? {
            title: panel.panel.title,
            files: panel.files,
            report: panel.model.report,
            models: panel.model.models,
            lastRender: panel.lastRender,
            shared: Object.fromEntries(panel.shared),
            lastNotice: panel.lastNotice,
            lastStatus: panel.lastStatus,
            lastLoadError,
          }
        : lastLoadError === undefined
          ? undefined
          : { lastLoadError };
    }),
    // Test-only: Share to `target` without the save dialog; a drop of `uris` through the view's own handler.
    vscode.commands.registerCommand('waypoint.shareResults', (format: 'html' | 'csv' = 'html', target?: string) =>
      evaluationModule?.ResultsPanel.active?.share(format, target ? { target } : {}),
    ),
    vscode.commands.registerCommand('waypoint.dropOnResults', (uris: string[]) =>
      evaluationModule?.ResultsPanel.active?.addFiles(uris),
    ),
    output,
    answers,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, answers),
    vscode.languages.registerHoverProvider({ scheme: ANSWER_SCHEME }, answers),
    vscode.commands.registerCommand('waypoint.runQuestion', (options?: RunQuestionOptions) =>
      loadEvaluation(context, output).runQuestion(
        {
          context,
          client: getClient(),
          answers,
          log: output,
          showInMaze: (game, trajectory, title, route, reply) =>
            void MazePanel.show(context, getClient(), game).showWalk(trajectory, title, route, reply),
        },
        options,
      ),
    ),
    vscode.commands.registerCommand(
      'waypoint.runBenchmark',
      (options?: import('./eval/runBenchmark').RunBenchmarkOptions) =>
        loadEvaluation(context, output).runBenchmark({ context, log: output }, options),
    ),
    // From the editor title (a Uri) or from a lens (`{ uri }` as a string, as the server sends it).
    vscode.commands.registerCommand('waypoint.showBoard', (target?: vscode.Uri | { uri: string }) =>
      loadBoards(context, output).showBoard(
        boardDeps(),
        target && !(target instanceof vscode.Uri) ? vscode.Uri.parse(target.uri) : target,
      ),
    ),
    vscode.commands.registerCommand(
      'waypoint.runGraspQuestion',
      (options?: import('./boards/graspQuestion').GraspRunOptions) =>
        loadBoards(context, output).runGraspQuestion(boardDeps(), options),
    ),
    vscode.commands.registerCommand(
      'waypoint.scoreGraspResponse',
      (options?: import('./boards/graspQuestion').ScoreResponseOptions) =>
        loadBoards(context, output).scoreGraspResponse(boardDeps(), options),
    ),
    vscode.commands.registerCommand(
      'waypoint.runBabyaiQuestion',
      (options?: import('./boards/babyaiQuestion').BabyaiRunOptions) =>
        loadBoards(context, output).runBabyaiQuestion(boardDeps(), options),
    ),
    // Named by the BabyAI and GRASP declarations' reopenCommand: a run re-scored against its file as it is now.
    vscode.commands.registerCommand('waypoint.reopenBabyaiRun', (record: RunRecord & { question: BabyaiQuestion }) =>
      loadBoards(context, output).reopenBabyaiRecord(boardDeps(), record),
    ),
    vscode.commands.registerCommand('waypoint.reopenGraspRun', (record: RunRecord & { question: GraspQuestion }) =>
      loadBoards(context, output).reopenGraspRecord(boardDeps(), record),
    ),
    vscode.commands.registerCommand(
      'waypoint.playSmartplay',
      (options?: import('./boards/smartplayCommands').PlayOptions) =>
        loadBoards(context, output).playSmartplay(boardDeps(), options),
    ),
    // Interactive episodes (issue 17): the Play panel, with the maze (main bundle) or the board beside it.
    vscode.commands.registerCommand(
      'waypoint.playEpisode',
      (options?: import('./play/playCommand').PlayEpisodeOptions | vscode.Uri) =>
        loadBoards(context, output).playEpisode(
          {
            ...boardDeps(),
            showRoute: (edges, walk, title, start) =>
              MazePanel.show(context, getClient(), edges).showEpisode(walk, title, start, null, undefined, {
                follow: true,
              }),
          },
          options instanceof vscode.Uri ? { source: options } : options,
        ),
    ),
    vscode.commands.registerCommand('waypoint.playState', () => boardsModule?.PlayPanel.active?.state),
    // Test-only: what a person types and sends in the panel, through the same handler as the webview's message.
    vscode.commands.registerCommand('waypoint.playType', (text: string) =>
      boardsModule?.PlayPanel.active?.receive({ type: 'command', text }),
    ),
    vscode.commands.registerCommand('waypoint.boardState', () => {
      const board = boardsModule?.BoardPanel.active;
      return board
        ? {
            title: board.panel.title,
            frame: board.frame,
            frames: board.timeline?.frames.length ?? 0,
            timeline: board.timeline,
            scene: board.scene,
          }
        : undefined;
    }),
    vscode.commands.registerCommand('waypoint.setApiKey', (profileId?: string, key?: string) =>
      setApiKeyCommand(context.secrets, profileId, key),
    ),
    vscode.commands.registerCommand(
      'waypoint.addModelProfile',
      (options?: import('./eval/profileCommands').AddProfileOptions) =>
        loadEvaluation(context, output).addModelProfileCommand(context.secrets, options),
    ),
    vscode.commands.registerCommand('waypoint.testConnection', (options?: { profileId?: string } | string) =>
      loadEvaluation(context, output).testConnectionCommand({ secrets: context.secrets, log: output }, options),
    ),
    vscode.commands.registerCommand('waypoint.validateWorkspace', () => validateWorkspaceCommand(getClient())),
    vscode.commands.registerCommand('waypoint.showWalkthroughOverview', () => {
      const editor = vscode.window.activeTextEditor;
      if (editor?.document.languageId !== WALKTHROUGH_LANGUAGE) {
        void vscode.window.showInformationMessage('Waypoint: open a .walkthrough file to see its overview.');
        return undefined;
      }
      return WalkthroughOverviewPanel.show(context, getClient(), editor.document);
    }),
    vscode.commands.registerCommand('waypoint.markStepAsMove', (uri?: unknown, line?: unknown, answers?: MoveAnswers) =>
      markStepAsMove(getClient(), uri, line, answers),
    ),
    vscode.commands.registerCommand('waypoint.unmarkStepMove', (uri?: unknown, line?: unknown) =>
      unmarkStepMove(getClient(), uri, line),
    ),
    vscode.commands.registerCommand('waypoint.reviewAnnotationProposals', (uri?: vscode.Uri, options?: ReviewOptions) =>
      reviewAnnotationProposals(getClient(), uri, options),
    ),
    vscode.commands.registerCommand('waypoint.previewImputedEdges', (uri?: vscode.Uri, acceptAll?: boolean) =>
      previewImputedEdges(getClient(), uri, acceptAll === true),
    ),
    vscode.commands.registerCommand(
      'waypoint.generateSkeletons',
      (uri?: vscode.Uri, options?: GenerateSkeletonsOptions) => generateSkeletonsCommand(getClient(), uri, options),
    ),
    vscode.commands.registerCommand('waypoint.showMaze', async (uri?: vscode.Uri) => {
      let target = uri ?? vscode.window.activeTextEditor?.document.uri;
      if (target && !fileKindOf(target.path)) {
        // A game folder from the explorer: its edges file stands for the game.
        const [edges] = await vscode.workspace.findFiles(new vscode.RelativePattern(target, '*.edges.json'), null, 1);
        target = edges ?? target;
      }
      if (!target || !fileKindOf(target.path)) {
        void vscode.window.showInformationMessage(
          'Waypoint: open a file of a MANGO game (walkthrough or edges.json) to see its maze.',
        );
        return undefined;
      }
      return MazePanel.show(context, getClient(), target);
    }),
    mapDiagnostics,
    vscode.commands.registerCommand(
      'waypoint.showMapDiff',
      (target?: vscode.Uri | ShowMapDiffOptions, selected?: vscode.Uri[]) =>
        loadBoards(context, output).showMapDiff(mapDeps, target, selected),
    ),
    vscode.commands.registerCommand('waypoint.mapDiffState', () => {
      const panel = boardsModule?.MapDiffPanel.active;
      return panel
        ? {
            title: panel.panel.title,
            panes: panel.panes.map((pane) => ({
              model: pane.model,
              source: pane.source,
              cutoff: pane.overlay.cutoff,
              edges: pane.edges,
              rooms: pane.rooms,
            })),
            expected: panel.panes.map((pane) => boardsModule?.expectedMapDiffCounts(pane.overlay)),
            drawn: panel.drawn,
          }
        : undefined;
    }),
    vscode.commands.registerCommand('waypoint.showAnswerInMaze', (uri?: vscode.Uri) =>
      showAnswerInMaze(context, getClient(), uri),
    ),
    vscode.commands.registerCommand('waypoint.restartServer', async () => {
      await getClient().restart();
      output.info('Language server restarted.');
    }),
  );

  // Starting the client is not awaited: activation returns at once and documents are validated
  // as soon as the server is up.
  setImmediate(
    () =>
      void getClient()
        .start()
        .then(() => {
          // Problems should show the workspace's benchmark problems without opening each file; the
          // server does the reading, so this costs the extension host nothing.
          if (!setting('validation.onStartup')) return;
          const maxFileSizeMB = setting('validation.maxFileSizeMB');
          return sendRequest(getClient(), ValidateWorkspaceRequest, { maxFileSizeBytes: maxFileSizeMB * 1048576 }).then(
            (result) => {
              output.info(
                `Validated ${result.files} benchmark files at startup: ${result.errors} errors, ${result.warnings} warnings.`,
              );
            },
          );
        })
        .catch((error: unknown) => output.error(`Language server failed to start: ${String(error)}`)),
  );
  const activationPhases = { ...loadTimes, activateMs: performance.now() - activateStarted };
  const activationMs = activationPhases.codeLoadingMs + activationPhases.activateMs;
  output.info(
    `Waypoint activated in ${activationMs.toFixed(1)} ms (loading ${activationPhases.codeLoadingMs.toFixed(1)} ms, activate ${activationPhases.activateMs.toFixed(1)} ms; ` +
      `VS Code prepared the extension context in ${activationPhases.hostWaitMs.toFixed(1)} ms between the two).`,
  );
  return {
    activationMs,
    activationPhases,
    logFile: vscode.Uri.joinPath(context.logUri, 'Waypoint.log'),
    languageClient: () => client,
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
