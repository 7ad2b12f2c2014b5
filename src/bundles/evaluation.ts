// dist/evaluation.js: the model-calling code (with the openai client), loaded on the first command
// that asks, scores or reports (src/extension/lazyBundles.ts). It scores, replays and reports, so it
// needs the built-ins' full definitions.
import '../core/benchmarks';

export { runQuestion } from '../extension/eval/runQuestion';
export { runBenchmark } from '../extension/eval/runBenchmark';
export { addModelProfileCommand, testConnectionCommand } from '../extension/eval/profileCommands';
export { ResultsPanel } from '../extension/eval/resultsPanel';
export {
  answerWithProgress,
  appendRunRecord,
  askQuietly,
  askWithProgress,
  reportModelError,
  requireTrust,
  serverModelOf,
  useOutputChannel,
} from '../extension/eval/modelCall';
