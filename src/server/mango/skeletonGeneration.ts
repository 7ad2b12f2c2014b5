// Streams generated DF/RF skeleton lines into a file: upstream's exact line format, progress per
// ordered pair, cancellation between lines, and a yield to the event loop every few milliseconds so
// the server keeps answering while a large game is enumerated. A limited run writes the lines
// `waypoint mango skeletons --limit K` writes (Waypoint's fields at the default cutoff, and
// `"truncated": true` on a cut pair): the markers are how a merge (skeletonMerge.ts) and a reader
// tell a limited file from a complete one. Unlimited, the lines are upstream's alone, as its files.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { skeletonLineText } from '../../core/benchmarks/mango/skeletons/skeletonText';
import {
  DEFAULT_MODEL_CUTOFF,
  dfSkeletons,
  rfSkeletons,
  skeletonGraph,
} from '../../core/benchmarks/mango/skeletons/skeletons';
import {
  SkeletonProgressNotification,
  type GenerateSkeletonsParams,
  type GenerateSkeletonsResult,
} from '../../protocol/lsp';
import { serverNotification } from '../lspHandlers';
import { gameFileUri, type LoadedGame } from './games';

const PROGRESS = serverNotification(SkeletonProgressNotification);

const SLICE_MS = 20;
const PROGRESS_EVERY_MS = 200;

export async function generateSkeletons(
  connection: Connection,
  game: LoadedGame,
  params: GenerateSkeletonsParams,
  token: CancellationToken,
): Promise<GenerateSkeletonsResult> {
  const records = (game.model.edges?.edges ?? []).map((edge) => edge.record);
  const locationCount = skeletonGraph(records).nodes.length;
  const totalPairs = locationCount * Math.max(0, locationCount - 1);
  const options = params.limitPerPair ? { limitPerPair: params.limitPerPair } : {};
  // The CLI's --cutoff default: the same options make the same bytes.
  const labelsAtCutoff = params.limitPerPair ? DEFAULT_MODEL_CUTOFF : undefined;
  const lines = params.task === 'df' ? dfSkeletons(records, options) : rfSkeletons(records, options);
  const output = createWriteStream(params.outputPath, { encoding: 'utf8' });
  const result: GenerateSkeletonsResult = {
    lines: 0,
    pairs: 0,
    truncatedPairs: 0,
    cancelled: false,
    targetUri: gameFileUri(game, params.task === 'df' ? 'mango-df' : 'mango-rf'),
  };
  let lastPair = '';
  let sliceStart = performance.now();
  let lastProgress = 0;
  const progress = () =>
    connection.sendNotification(PROGRESS, {
      outputPath: params.outputPath,
      pairs: result.pairs,
      totalPairs,
      lines: result.lines,
    });
  for (const line of lines) {
    const { skeleton, truncated } = line;
    const pair = `${skeleton.src_node}\u0000${skeleton.dst_node}`;
    if (pair !== lastPair) {
      result.pairs++;
      lastPair = pair;
    }
    if (truncated) result.truncatedPairs++;
    result.lines++;
    if (!output.write(`${skeletonLineText(line, labelsAtCutoff)}\n`)) await once(output, 'drain');
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
      if (token.isCancellationRequested) {
        result.cancelled = true;
        break;
      }
      if (sliceStart - lastProgress > PROGRESS_EVERY_MS) {
        lastProgress = sliceStart;
        void progress();
      }
    }
  }
  output.end();
  await once(output, 'finish');
  void progress();
  return result;
}
