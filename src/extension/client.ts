// Starts the Waypoint language server as a separate Node process (IPC) and returns the client.
import * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';

export const WALKTHROUGH_LANGUAGE = 'mango-walkthrough';
export const MANGO_JSON_FILES = '**/*.{edges,actions,locations}.json';
export const MANGO_SKELETON_FILES = '**/*.{all2all,all_pairs}.jsonl';
/**
 * SmartPlay episode logs, BabyAI levels and LLM-BabyBench records, GRASP grids and response files
 * (Waypoint's and upstream's names). One flat brace group: VS Code's glob does not nest braces.
 */
export const STANDALONE_FILES =
  '**/{*.episode.jsonl,*.level.json,*.grids.jsonl,inner_*_free.jsonl,inner_*_block.jsonl,outer_*_free.jsonl,outer_*_block.jsonl,*_output.jsonl,llm-babybench*.csv,llm-babybench*.json,llm-babybench*.jsonl,llm_babybench*.csv,llm_babybench*.json,llm_babybench*.jsonl,LLM_BABYBENCH*.csv,LLM_BABYBENCH*.json,LLM_BABYBENCH*.jsonl}';

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
