// ELK in Node (the CLI, the bench), without a worker: elkjs's API driving the same worker script the
// maze view starts in a web worker (dist/webview/elk-worker.js, elkjs's elk-worker.min.js as is).
// Loaded in Node, that script exports elkjs's in-process FakeWorker instead of listening for
// messages, which is how elkjs's own bundled build runs; one copy of ELK's 1.6 MB serves both.
import ELK from 'elkjs/lib/elk-api.js';
import { createRequire } from 'node:module';
import type { ElkEngine } from '../core/maze/elkLayout';

type FakeWorker = new () => Worker;

/** An ELK engine running in this thread, from the worker script at `workerScript` (an absolute path). */
export function elkInProcess(workerScript: string): ElkEngine {
  const { Worker: InProcessWorker } = createRequire(workerScript)(workerScript) as { Worker: FakeWorker };
  return new ELK({ workerFactory: () => new InProcessWorker() });
}
