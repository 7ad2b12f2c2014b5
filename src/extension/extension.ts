// Activation: start the language client and register commands. Everything heavy (parsing,
// validation) lives in the server process; webview code loads only when a view opens.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { fileKindOf } from '../core/fileKinds';
import { ValidateWorkspaceRequest, type ValidateWorkspaceResult } from '../protocol/requests';
import { createLanguageClient, WALKTHROUGH_LANGUAGE } from './client';
import { markStepAsMove, unmarkStepMove, type MoveAnswers } from './commands/annotate';
import { generateSkeletonsCommand, type GenerateSkeletonsOptions } from './commands/generateSkeletons';
import { previewImputedEdges } from './commands/imputedEdges';
import { showAnswerInMaze } from './commands/showAnswer';
import { ANSWER_SCHEME, AnswerDocuments } from './eval/answerDocuments';
import { runQuestion, type RunQuestionOptions } from './eval/runQuestion';
import { setApiKeyCommand } from './eval/secrets';
import { validateWorkspaceCommand } from './commands/validateWorkspace';
import { MazePanel } from './views/mazePanel';
import { WalkthroughOverviewPanel } from './views/overviewPanel';

let client: LanguageClient | undefined;

/** What activate() returns: used by the integration tests and by other extensions. */
export interface WaypointApi {
  activationMs: number;
  languageClient: () => LanguageClient | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<WaypointApi> {
  // From the first line of the bundle (see esbuild.mjs), so evaluating our modules counts too.
  const started = (globalThis as { __waypointLoadStart?: number }).__waypointLoadStart ?? performance.now();
  const output = vscode.window.createOutputChannel('Waypoint', { log: true });
  const languageClient = createLanguageClient(context, output);
  client = languageClient;

  const answers = new AnswerDocuments();
  context.subscriptions.push(
    output,
    answers,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, answers),
    vscode.commands.registerCommand('waypoint.runQuestion', (options?: RunQuestionOptions) => runQuestion({ context, client: languageClient, answers, log: output }, options)),
    vscode.commands.registerCommand('waypoint.setApiKey', (profileId?: string) => setApiKeyCommand(context.secrets, profileId)),
    vscode.commands.registerCommand('waypoint.validateWorkspace', () => validateWorkspaceCommand(languageClient)),
    vscode.commands.registerCommand('waypoint.showWalkthroughOverview', () => {
      const editor = vscode.window.activeTextEditor;
      if (editor?.document.languageId !== WALKTHROUGH_LANGUAGE) {
        void vscode.window.showInformationMessage('Waypoint: open a .walkthrough file to see its overview.');
        return undefined;
      }
      return WalkthroughOverviewPanel.show(context, languageClient, editor.document);
    }),
    vscode.commands.registerCommand('waypoint.markStepAsMove', (uri?: unknown, line?: unknown, answers?: MoveAnswers) => markStepAsMove(languageClient, uri, line, answers)),
    vscode.commands.registerCommand('waypoint.unmarkStepMove', (uri?: unknown, line?: unknown) => unmarkStepMove(languageClient, uri, line)),
    vscode.commands.registerCommand('waypoint.previewImputedEdges', (uri?: vscode.Uri, acceptAll?: boolean) => previewImputedEdges(languageClient, uri, acceptAll === true)),
    vscode.commands.registerCommand('waypoint.generateSkeletons', (uri?: vscode.Uri, options?: GenerateSkeletonsOptions) => generateSkeletonsCommand(languageClient, uri, options)),
    vscode.commands.registerCommand('waypoint.showMaze', async (uri?: vscode.Uri) => {
      let target = uri ?? vscode.window.activeTextEditor?.document.uri;
      if (target && !fileKindOf(target.path)) {
        // A game folder from the explorer: its edges file stands for the game.
        const [edges] = await vscode.workspace.findFiles(new vscode.RelativePattern(target, '*.edges.json'), null, 1);
        target = edges ?? target;
      }
      if (!target || !fileKindOf(target.path)) {
        void vscode.window.showInformationMessage('Waypoint: open a file of a MANGO game (walkthrough or edges.json) to see its maze.');
        return undefined;
      }
      return MazePanel.show(context, languageClient, target);
    }),
    vscode.commands.registerCommand('waypoint.showAnswerInMaze', (uri?: vscode.Uri) => showAnswerInMaze(context, languageClient, uri)),
    vscode.commands.registerCommand('waypoint.restartServer', async () => {
      await languageClient.restart();
      output.info('Language server restarted.');
    }),
  );

  // Starting the client is not awaited: activation returns at once and documents are validated
  // as soon as the server is up.
  languageClient
    .start()
    .then(() => {
      // Problems should show the workspace's benchmark problems without opening each file; the
      // server does the reading, so this costs the extension host nothing.
      if (!vscode.workspace.getConfiguration('waypoint').get<boolean>('validation.onStartup', true)) return;
      const maxFileSizeMB = vscode.workspace.getConfiguration('waypoint').get<number>('validation.maxFileSizeMB', 64);
      return languageClient.sendRequest<ValidateWorkspaceResult>(ValidateWorkspaceRequest, { maxFileSizeBytes: maxFileSizeMB * 1048576 }).then((result) => {
        output.info(`Validated ${result.files} benchmark files at startup: ${result.errors} errors, ${result.warnings} warnings.`);
      });
    })
    .catch((error: unknown) => output.error(`Language server failed to start: ${String(error)}`));
  const activationMs = performance.now() - started;
  output.info(`Waypoint activated in ${activationMs.toFixed(1)} ms.`);
  return { activationMs, languageClient: () => client };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
