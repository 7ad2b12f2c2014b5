// The webview's only link to its host. In VS Code that is acquireVsCodeApi(); the browser test
// host provides the same function, so the app never knows which host it runs in.

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface Host<Outgoing, Incoming> {
  post(message: Outgoing): void;
  onMessage(handler: (message: Incoming) => void, isValid: (value: unknown) => value is Incoming): void;
  state<T>(): T | undefined;
  saveState<T>(state: T): void;
}

export function connectToHost<Outgoing, Incoming>(): Host<Outgoing, Incoming> {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    onMessage(handler, isValid) {
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (isValid(event.data)) handler(event.data);
      });
    },
    state: <T>() => (api.getState() as T | undefined) ?? undefined,
    saveState: (state) => api.setState(state),
  };
}
