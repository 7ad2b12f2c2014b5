// What dist/extension.js (entry src/bundles/extension.ts) does: loads the activation bundle and
// times it the way VS Code's Running Extensions view reports activation, code loading plus the
// activate() call. Timing from here rather than from inside the bundle counts reading and compiling
// it too, and leaves out the wait between loading and activate() in which VS Code prepares the
// ExtensionContext (storage round trips to the window: its time, not ours).
import type * as vscode from 'vscode';
import type { WaypointApi } from './extension';

type ActivationBundle = typeof import('../bundles/extension-core');

const loadStarted = performance.now();
// A plain require of a sibling bundle, left external by esbuild.mjs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const bundle = require('./extension-core.js') as ActivationBundle;
const codeLoadingMs = performance.now() - loadStarted;
const loadFinished = performance.now();

export function activate(context: vscode.ExtensionContext): Promise<WaypointApi> {
  return bundle.activate(context, { codeLoadingMs, hostWaitMs: performance.now() - loadFinished });
}

export function deactivate(): Thenable<void> | undefined {
  return bundle.deactivate();
}
