// The extension's side of src/protocol/lsp.ts: every custom request goes through sendRequest(),
// typed by the protocol descriptor alone. It sends by method name because the descriptor may come
// from another bundle than the client's vscode-jsonrpc (dist/evaluation.js, dist/boards.js): a
// RequestType object made by one copy of vscode-jsonrpc is rejected by another.
import type { CancellationToken, Disposable } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { LspNotification, LspRequest } from '../protocol/lsp';

/** What sendRequest needs of a LanguageClient (tests can pass a fake). */
interface RequestSender {
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

/** What onNotification needs of a LanguageClient (tests can pass a fake). */
export type NotificationSource = Pick<BaseLanguageClient, 'onNotification'>;

/**
 * The listeners of each method, kept on the client itself: the client holds one handler per method
 * (a second `onNotification` replaces the first), and the extension's bundles each have their own
 * copy of this module, so a registry here would be one per bundle. Symbol.for is one per process.
 */
const LISTENERS = Symbol.for('waypoint.notificationListeners');
type Listeners = Map<string, Set<(params: unknown) => void>>;

/**
 * Calls `handler` with every `type` notification the server sends, beside any other listener of it
 * (the maze and the overview both hear waypoint/gameChanged); disposing removes only this one.
 */
export function onNotification<P>(
  client: NotificationSource,
  type: LspNotification<P>,
  handler: (params: P) => void,
): Disposable {
  const holder = client as NotificationSource & { [LISTENERS]?: Listeners };
  const byMethod = (holder[LISTENERS] ??= new Map());
  let listeners = byMethod.get(type.method);
  if (!listeners) {
    const registered = new Set<(params: unknown) => void>();
    listeners = registered;
    byMethod.set(type.method, registered);
    client.onNotification(type.method, (params: unknown) => {
      // One listener's failure must not keep the others from hearing of the change.
      const failures: unknown[] = [];
      for (const listener of [...registered]) {
        try {
          listener(params);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw failures[0];
    });
  }
  const listener = handler as (params: unknown) => void;
  listeners.add(listener);
  return { dispose: () => void listeners.delete(listener) };
}
