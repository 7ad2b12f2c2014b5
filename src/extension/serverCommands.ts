// The language server's commands: Validate Workspace (the server validates every benchmark file
// on disk, with progress and cancellation, and the totals are reported) and Restart Server.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { plural } from '../core/util/text';
import { ValidateWorkspaceRequest, type ValidateWorkspaceParams, type ValidateWorkspaceResult } from '../protocol/lsp';
import type { CommandTable } from './commandContext';
import { sendRequest } from './lspRequests';
import { setting } from './settings';

async function validateWorkspaceCommand(client: LanguageClient): Promise<ValidateWorkspaceResult | undefined> {
  const maxFileSizeMB = setting('validation.maxFileSizeMB');
  const result = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: 'Waypoint: validating benchmark files…',
      cancellable: true,
    },
    (_progress, token) =>
      sendRequest(
        client,
        ValidateWorkspaceRequest,
        { maxFileSizeBytes: maxFileSizeMB * 1048576 } satisfies ValidateWorkspaceParams,
        token,
      ),
  );
  const skipped = result.skipped.length > 0 ? `, ${result.skipped.length} skipped (${result.skipped[0].reason})` : '';
  const summary = `Waypoint: ${plural(result.files, 'file')} validated: ${plural(result.errors, 'error')}, ${plural(result.warnings, 'warning')}${skipped}${result.cancelled ? ' (cancelled)' : ''}.`;
  // The message is not awaited: the command resolves with the result while the toast stays up.
  if (result.errors > 0) {
    void vscode.window.showWarningMessage(summary, 'Show Problems').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.actions.view.problems');
    });
  } else void vscode.window.showInformationMessage(summary);
  return result;
}

export const serverCommands = {
  'waypoint.validateWorkspace': (ctx) => () => validateWorkspaceCommand(ctx.client()),
  'waypoint.restartServer': (ctx) => async () => {
    await ctx.client().restart();
    ctx.output.info('Language server restarted.');
  },
} satisfies CommandTable;
