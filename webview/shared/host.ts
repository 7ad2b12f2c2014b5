// The webview's only link to its host. In VS Code that is acquireVsCodeApi(); the browser test
// host provides the same function, so the app never knows which host it runs in. Every incoming
// message is parsed with its protocol schema (src/protocol) before the app sees it.
import * as z from 'zod/mini';
import type { MessageSchema } from '../../src/protocol/webviewMessage';

// The webview's CSP forbids eval: without this, zod would probe `new Function` (a CSP violation
// report in the console) before falling back to the same interpreted checks.
z.config({ jitless: true });

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

interface Host<Outgoing, Incoming> {
  post(message: Outgoing): void;
  /** Calls `handler` with each message `schema` accepts; anything else is dropped. */
  onMessage(handler: (message: Incoming) => void, schema: MessageSchema<Incoming>): void;
  state<T>(): T | undefined;
  saveState<T>(state: T): void;
}

export function connectToHost<Outgoing, Incoming>(): Host<Outgoing, Incoming> {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    onMessage(handler, schema) {
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        const parsed = schema.safeParse(event.data);
        if (parsed.success) handler(parsed.data);
      });
    },
    state: <T>() => (api.getState() as T | undefined) ?? undefined,
    saveState: (state) => api.setState(state),
  };
}
