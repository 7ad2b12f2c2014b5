// Entry of dist/cli-import-grasp.js: `waypoint [--debug] import grasp ...` as dist/cli-main.js runs
// it (same exit codes and messages), without loading the rest of the CLI (see bin.ts). The command
// is timed end to end, start-up included, against upstream's Python (npm run bench), and the full
// bundle's load was a tenth of it. Its scoring workers (importWorkers.ts) run this bundle too.
import '../../host/declareBuiltIns';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { exitQuietlyOnEpipe, runSubcommand } from '../command';
import { runImportGrasp } from './import';
import { runImporter } from '../runs/importUsage';
import { runImportWorker, type ImportWorkerData } from '../runs/importWorkers';

if (!isMainThread) {
  const data = workerData as ImportWorkerData | null;
  if (data?.waypointWorker === 'grasp-import')
    void runImportWorker(data, (message, transfer) => parentPort?.postMessage(message, transfer));
} else {
  const argv = process.argv.slice(2);
  exitQuietlyOnEpipe();
  // bin.ts sends only `import grasp ...` here: drop those two words.
  const args = argv.filter((argument) => argument !== '--debug').slice(2);
  runSubcommand(
    'import',
    (_argv, out, err) => runImporter('grasp', runImportGrasp, args, out, err),
    args,
    argv.includes('--debug'),
  ).then((code) => {
    process.exitCode = code;
  });
}
