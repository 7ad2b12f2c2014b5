// The Runs view summarises run files in a worker (dist/runSummaries.js) so that the extension
// host keeps answering. The test (test/unit/runs/runGroups.test.ts) checks that the host thread
// runs while the worker reads; here, the longest pause of the host thread while the worker
// summarises 40,000 MANGO records (budget 250 ms), and how long the summary takes.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { jsonl, mangoRecord } from '../test/unit/runs/fixtures';
import type { BenchRow } from './simplePathsBench';

export async function benchRunsWorker(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'waypoint-runs-worker-bench-'));
  const worker = new Worker(resolve(__dirname, '..', 'runSummaries.js'));
  try {
    const path = join(dir, 'mango-big.jsonl');
    const prompt = 'You are in a text adventure. '.repeat(40);
    writeFileSync(
      path,
      jsonl(
        Array.from({ length: 40_000 }, (_, n) => ({
          ...mangoRecord({
            model: n % 2 ? 'gpt-4o' : 'llama',
            game: `game${n % 53}`,
            n,
            strict: n % 3 === 0 ? 1 : 0,
            prompt,
          }),
          run_id: 'run-big',
        })),
      ),
    );
    const { mtimeMs, size } = statSync(path);
    let longestGap = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await new Promise((resolveSummary, reject) => {
      worker.once('message', resolveSummary);
      worker.once('error', reject);
      worker.postMessage({ id: 1, files: [{ path, mtimeMs, size }] });
    });
    const elapsed = performance.now() - started;
    clearInterval(probe);
    const megabytes = (size / 1048576).toFixed(1);
    return [
      {
        name: `runs view: 40,000 MANGO records (${megabytes} MB) summarised in the worker`,
        value: elapsed,
        unit: 'ms',
      },
      { name: 'runs view: longest pause of the host thread meanwhile', value: longestGap, unit: 'ms', budget: 250 },
    ];
  } finally {
    await worker.terminate();
    rmSync(dir, { recursive: true, force: true });
  }
}
