// Starts the Waypoint language server as a separate Node process (IPC) and returns the client.
import * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';

import { MANGO_JSON_FILES, MANGO_SKELETON_FILES, STANDALONE_FILES, WALKTHROUGH_LANGUAGE } from './documentSelectors';

export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.LogOutputChannel): LanguageClient {
  // Required here, not imported at the top: the client library is most of the extension bundle,
  // and evaluating it after activate() has returned keeps activation fast.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { LanguageClient: Client, TransportKind } = require('vscode-languageclient/node') as typeof import('vscode-languageclient/node');
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: WALKTHROUGH_LANGUAGE },
      { scheme: 'file', pattern: MANGO_JSON_FILES },
      { scheme: 'file', pattern: MANGO_SKELETON_FILES },
      { scheme: 'file', pattern: STANDALONE_FILES },
    ],
    outputChannel,
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher(`**/*.{walkthrough,edges.json,actions.json,locations.json,all2all.jsonl,all_pairs.jsonl}`) },
  };
  return new Client('waypoint', 'Waypoint Language Server', serverOptions, clientOptions);
}
