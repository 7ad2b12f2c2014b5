// The extension's side of src/protocol/lsp.ts: every custom request goes through sendRequest(),
// typed by the protocol descriptor alone. It sends by method name because the descriptor may come
// from another bundle than the client's vscode-jsonrpc (dist/evaluation.js, dist/boards.js): a
// RequestType object made by one copy of vscode-jsonrpc is rejected by another.
import type { CancellationToken, Disposable } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { LspNotification, LspRequest } from '../protocol/lsp';

/** What sendRequest needs of a LanguageClient (tests can pass a fake). */
export interface RequestSender {
  sendRequest(method: string, params: unknown, token?: CancellationToken): Promise<unknown>;
}

export function sendRequest<P, R>(
  client: RequestSender,
  type: LspRequest<P, R>,
  params: P,
  token?: CancellationToken,
): Promise<R> {
  // Never pass an undefined token: by method name, every argument counts as a parameter.
  return (
    token ? client.sendRequest(type.method, params, token) : client.sendRequest(type.method, params)
  ) as Promise<R>;
}

export function onNotification<P>(
  client: Pick<BaseLanguageClient, 'onNotification'>,
  type: LspNotification<P>,
  handler: (params: P) => void,
): Disposable {
  return client.onNotification(type.method, handler as (...params: unknown[]) => void);
}
