// `waypoint mango skeletons <gameDir> --task df|rf [--cutoff N] [--limit K]` (spec cli.md, "MANGO").
// - --limit K keeps at most K paths per ordered pair, shortest first; a cut pair says
//   `"truncated": true` (on its last DF line, on its RF line). Lines are upstream's fields in
//   upstream's order and spacing, then Waypoint's: `action_list` (DF), `answerable`, `easy`.
// - Lines go out in chunks of about 64 KB through stdout's own buffering, waiting for 'drain'
//   whenever write() says the buffer is full: a full game is millions of lines, and a slow reader
//   must hold generation back rather than let the backlog pile up in memory. They are written as
//   latin1: every line is ASCII (strings are escaped as Python's ensure_ascii does, the rest is
//   numbers, keys and hex ids), so latin1 gives the same bytes as UTF-8 by a copy rather than an
//   encoding pass (about 3 ms of a release game's 4 MB of DF lines).
// - Ids are hashed with node:crypto (core's portable SHA-256 is the fallback for browser hosts).
import { hash } from 'node:crypto';
import { skeletonTextChunks } from '../../core/benchmarks/mango/skeletons/skeletonText';
import { DEFAULT_MODEL_CUTOFF } from '../../core/benchmarks/mango/skeletons/skeletons';
import { nonNegativeInteger, parseArgs, positiveInteger, UsageError } from '../args';
import { readGameEdges } from './input';

type Output = (text: string) => void;

/** SHA-256 hex of a string's UTF-8 bytes, as core's sha256Hex, through OpenSSL (one-shot: no Hash object per id). */
export const nodeSha256Hex = (text: string): string => hash('sha256', text, 'hex');

/** Runs `waypoint mango skeletons ...` writing lines to `stdout`; returns the exit code. */
export async function runSkeletons(
  argv: readonly string[],
  err: Output,
  stdout: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const args = parseArgs(argv, [], ['task', 'cutoff', 'limit']);
  if (args.positionals.length !== 1)
    throw new UsageError(`mango skeletons needs exactly one game directory, got ${args.positionals.length}`);
  const task = args.options.get('task');
  if (task !== 'df' && task !== 'rf')
    throw new UsageError(
      task === undefined ? 'skeletons needs --task df or --task rf' : `--task must be df or rf, not '${task}'`,
    );
  const cutoff = args.options.has('cutoff')
    ? nonNegativeInteger(args.options.get('cutoff'), 'cutoff')
    : DEFAULT_MODEL_CUTOFF;
  const limitPerPair = args.options.has('limit') ? positiveInteger(args.options.get('limit'), 'limit') : undefined;
  const edges = await readGameEdges(args.positionals[0]);
  if (!edges.ok) {
    err(edges.message);
    return 1;
  }
  await writeChunks(
    skeletonTextChunks(task, edges.value, { limitPerPair, labelsAtCutoff: cutoff, sha256Hex: nodeSha256Hex }),
    stdout,
    'latin1',
  );
  return 0;
}

/**
 * Writes the chunks in order, pausing generation while the stream's buffer is full. A reader that
 * stops early (`| head`) closes the pipe: generation stops and the promise resolves, so the command
 * ends quietly (the CLI's own EPIPE handler exits 0 too).
 */
async function writeChunks(
  chunks: Iterable<string>,
  stream: NodeJS.WritableStream,
  encoding: BufferEncoding = 'utf8',
): Promise<void> {
  let readerGone = false;
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    readerGone = true;
  };
  // Left installed: the error can arrive after the last chunk, while the process is finishing.
  stream.on('error', onError);
  stream.once('close', () => {
    readerGone = true;
  });
  for (const chunk of chunks) {
    if (readerGone) return;
    if (stream.write(chunk, encoding)) continue;
    // Full: wait until it drains, or until the reader goes away (then 'drain' never comes).
    await new Promise<void>((resolve) => {
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        stream.off('error', settle);
        resolve();
      };
      stream.on('drain', settle);
      stream.on('close', settle);
      stream.on('error', settle);
    });
  }
}
