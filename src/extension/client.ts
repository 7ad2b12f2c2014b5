// Starts the Waypoint language server as a separate Node process (IPC) and returns the client.
// Its own bundle, dist/languageClient.js: the client library is most of the extension's code, and
// the extension loads it only when the client first starts, after activate() has returned.
import * as vscode from 'vscode';
import {
  LanguageClient as Client,
  TransportKind,
  type LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

import { MANGO_JSON_FILES, MANGO_SKELETON_FILES, STANDALONE_FILES, WALKTHROUGH_LANGUAGE } from './documentSelectors';

export function createLanguageClient(
  context: vscode.ExtensionContext,
  outputChannel: vscode.LogOutputChannel,
): LanguageClient {
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
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher(
        `**/*.{walkthrough,edges.json,actions.json,locations.json,all2all.jsonl,all_pairs.jsonl}`,
      ),
    },
  };
  return new Client('waypoint', 'Waypoint Language Server', serverOptions, clientOptions);
}
