// Starts the Waypoint language server as a separate Node process (IPC) and returns the client.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

export const WALKTHROUGH_LANGUAGE = 'mango-walkthrough';

export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: WALKTHROUGH_LANGUAGE }],
    outputChannel,
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.walkthrough') },
  };
  return new LanguageClient('waypoint', 'Waypoint Language Server', serverOptions, clientOptions);
}
