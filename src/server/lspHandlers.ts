// The server's side of src/protocol/lsp.ts: each protocol descriptor turned into this library's
// RequestType / NotificationType once, so handlers and notifications are typed by the protocol
// alone (see the note at the top of src/protocol/lsp.ts for why descriptors are not shared objects).
import { NotificationType, RequestType } from 'vscode-languageserver';
import type { LspNotification, LspRequest } from '../protocol/lsp';

/** The server library's twin of a protocol request, for `connection.onRequest`. */
export function serverRequest<P, R>(type: LspRequest<P, R>): RequestType<P, R, void> {
  return new RequestType<P, R, void>(type.method);
}

/** The server library's twin of a protocol notification, for `connection.sendNotification`. */
export function serverNotification<P>(type: LspNotification<P>): NotificationType<P> {
  return new NotificationType<P>(type.method);
}
