// Activation: create what the commands share (the language client, answer documents, the Runs
// view) and register the command table (commandTable.ts). Everything heavy (parsing, validation)
// lives in the server process; evaluation, the board and the webviews' code load on first use.
import { registerAgentTools } from './agentTools';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ValidateWorkspaceRequest } from '../protocol/lsp';
import type { CommandContext } from './commandContext';
import { allCommands } from './commandTable';
import { ANSWER_SCHEME, AnswerDocuments } from './eval/answerDocuments';
import { RUN_TRAJECTORY_SCHEME, RunTrajectoryDocuments } from './eval/compareRuns';
import { RunsView } from './eval/runsView';
import { lazyBundles, loadLanguageClientBundle } from './lazyBundles';
import { sendRequest } from './lspRequests';
import { setting } from './settings';
import { useWebviewMessageLog } from './views/webviewMessages';

let client: LanguageClient | undefined;

/** How long loading took, measured by dist/extension.js (src/extension/timedLoad.ts) around its require. */
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

/**
 * What the commands share: made here once; the client and the lazily loaded bundles only when a
 * command first asks. The Runs view and the content providers are registered with it.
 */
function createCommandContext(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): CommandContext {
  const answers = new AnswerDocuments();
  const runs = new RunsView((line) => output.warn(line), context.asAbsolutePath('dist/runSummaries.js'));
  void runs.refresh();
  // canSelectMany: two runs selected together are what "Compare Runs" compares.
  const runsTree = vscode.window.createTreeView('waypoint.runs', { treeDataProvider: runs, canSelectMany: true });
  context.subscriptions.push(runs.describeSkippedIn(runsTree));
  const runTrajectories = new RunTrajectoryDocuments();
  const mapDiagnostics = vscode.languages.createDiagnosticCollection('waypoint-map');
  context.subscriptions.push(
    runs,
    runsTree,
    runTrajectories,
    vscode.workspace.registerTextDocumentContentProvider(RUN_TRAJECTORY_SCHEME, runTrajectories),
    answers,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, answers),
    vscode.languages.registerHoverProvider({ scheme: ANSWER_SCHEME }, answers),
    mapDiagnostics,
  );
  // The client (and the server process) start right after activation returns; a command that
  // runs before that creates it on the spot.
  const getClient = (): LanguageClient =>
    (client ??= loadLanguageClientBundle(context).createLanguageClient(context, output));
  return {
    context,
    output,
    client: getClient,
    bundles: lazyBundles(context, output),
    answers,
    runs,
    runsTree,
    runTrajectories,
    mapDiagnostics,
  };
}

/** Starts the language client, not awaited: documents are validated as soon as the server is up. */
function startLanguageClient(ctx: CommandContext): void {
  void ctx
    .client()
    .start()
    .then(() => {
      // Problems should show the workspace's benchmark problems without opening each file; the
      // server does the reading, so this costs the extension host nothing.
      if (!setting('validation.onStartup')) return;
      const maxFileSizeMB = setting('validation.maxFileSizeMB');
      return sendRequest(ctx.client(), ValidateWorkspaceRequest, { maxFileSizeBytes: maxFileSizeMB * 1048576 }).then(
        (result) => {
          ctx.output.info(
            `Validated ${result.files} benchmark files at startup: ${result.errors} errors, ${result.warnings} warnings.`,
          );
        },
      );
    })
    .catch((error: unknown) => ctx.output.error(`Language server failed to start: ${String(error)}`));
}

export async function activate(
  context: vscode.ExtensionContext,
  loadTimes: LoadTimes = { codeLoadingMs: 0, hostWaitMs: 0 },
): Promise<WaypointApi> {
  const activateStarted = performance.now();
  const output = vscode.window.createOutputChannel('Waypoint', { log: true });
  context.subscriptions.push(output);
  useWebviewMessageLog((line) => output.warn(line));
  const ctx = createCommandContext(context, output);
  for (const [id, create] of Object.entries(allCommands))
    context.subscriptions.push(vscode.commands.registerCommand(id, create(ctx)));
  // By name only: the tools' code is loaded on their first call (agentTools.ts).
  registerAgentTools(context);
  // After activation returns: loading the client library is not activation's time.
  setImmediate(() => startLanguageClient(ctx));
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
