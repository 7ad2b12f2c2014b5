// DF/RF skeleton lines as text, in chunks, for writers that stream a whole game (`waypoint mango
// skeletons`). Byte for byte what `pythonJsonDumps` makes of dfSkeletons/rfSkeletons lines plus the
// CLI's fields, but built from fragments serialised once per edge record and per location: a
// release game repeats the same few hundred steps across millions of lines, and serialising each
// line as an object tree dominated generation (and fed the garbage collector).
import { pythonJsonDumps, pythonJsonString, pythonNumber } from './pythonJson';
import { sha256Hex } from '../sha256';
import { DfExpansionCursor } from './dfExpansions';
import { isAnswerable, isEasy, pathStep, rfSkeletons, skeletonGraph, type SkeletonOptions } from './skeletons';
import type { EdgeRecord, SkeletonLabels } from './types';

export interface SkeletonTextOptions extends SkeletonOptions {
  /**
   * Waypoint's fields after upstream's, labelled at this cutoff: DF `action_list`, then
   * `answerable`, `easy`, and `"truncated": true` on a pair `limitPerPair` cut. Without it, lines
   * are upstream's alone.
   */
  labelsAtCutoff?: number;
  /** Yield a chunk once it holds at least this many characters (the last one may be shorter). */
  chunkChars?: number;
}

/** About one pipe buffer: few enough writes, small enough to keep a slow reader's backlog flat. */
export const DEFAULT_CHUNK_CHARS = 64 * 1024;

/** Newline-terminated lines of one task, joined into chunks of about `chunkChars` characters. */
export function skeletonTextChunks(task: 'df' | 'rf', records: readonly EdgeRecord[], options: SkeletonTextOptions = {}): Generator<string> {
  const chunkChars = options.chunkChars ?? DEFAULT_CHUNK_CHARS;
  return task === 'df' ? dfChunks(records, options, chunkChars) : chunked(rfLineTexts(records, options), chunkChars);
}

function* chunked(lines: Iterable<string>, chunkChars: number): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** DF lines in chunks, straight from the expansion cursor (one generator level: chunks are few). */
function* dfChunks(records: readonly EdgeRecord[], options: SkeletonTextOptions, chunkChars: number): Generator<string> {
  const graph = skeletonGraph(records);
  const cursor = new DfExpansionCursor(graph, { limitPerPair: options.limitPerPair, sha256Hex: options.sha256Hex ?? sha256Hex });
  const names = graph.nodes.map(pythonJsonString);
  // Per record, serialised once: its path_details entry, its action for action_list, its labels.
  const stepJson = cursor.records.map((record) => pythonJsonDumps(pathStep(record)));
  const actionJson = cursor.records.map((record) => pythonJsonString(record.action));
  const forwardOf = Float64Array.from(cursor.records, (record) => record.seen_in_forward);
  const totalOf = Float64Array.from(cursor.records, (record) => record.edge_min_step);
  const forwardAnswerableOf = Float64Array.from(cursor.records, (record) => record.seen_in_forward_answerable);
  const totalAnswerableOf = Float64Array.from(cursor.records, (record) => record.edge_min_step_answerable);
  const cutoff = options.labelsAtCutoff;
  let chunk = '';
  while (cursor.next()) {
    const steps = cursor.steps;
    let details = '';
    let actions = '';
    // Path labels: the maximum over the path's edges (spec §2.4), as pathLabels computes them.
    let forward = 0, total = 0, forwardAnswerable = 0, totalAnswerable = 0;
    for (let index = 0; index < cursor.stepCount; index++) {
      const record = steps[index];
      details += index === 0 ? stepJson[record] : `, ${stepJson[record]}`;
      actions += index === 0 ? actionJson[record] : `, ${actionJson[record]}`;
      forward = Math.max(forward, forwardOf[record]);
      total = Math.max(total, totalOf[record]);
      forwardAnswerable = Math.max(forwardAnswerable, forwardAnswerableOf[record]);
      totalAnswerable = Math.max(totalAnswerable, totalAnswerableOf[record]);
    }
    const labels = { min_step_forward: forward, min_step_total: total, min_step_forward_answerable: forwardAnswerable, min_step_total_answerable: totalAnswerable };
    chunk += `{"src_node": ${names[cursor.source]}, "dst_node": ${names[cursor.target]}, "diff_shortest": ${pythonNumber(cursor.diffShortest)}, "path_details": [${details}], "step_count": ${cursor.stepCount}, "id": "${cursor.id}", ${labelsText(labels)}`;
    if (cutoff !== undefined) chunk += `, "action_list": [${actions}], ${cutoffText(labels, cutoff, cursor.truncated)}`;
    chunk += '}\n';
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** RF lines, without newlines (one per ordered pair: cheap next to DF, so built per line). */
export function* rfLineTexts(records: readonly EdgeRecord[], options: SkeletonTextOptions = {}): Generator<string> {
  const cutoff = options.labelsAtCutoff;
  for (const { skeleton, truncated } of rfSkeletons(records, options)) {
    let line = `{"src_node": ${pythonJsonString(skeleton.src_node)}, "dst_node": ${pythonJsonString(skeleton.dst_node)}, "num_paths": ${pythonNumber(skeleton.num_paths)}, "id": "${skeleton.id}", ${labelsText(skeleton)}`;
    if (cutoff !== undefined) line += `, ${cutoffText(skeleton, cutoff, truncated)}`;
    yield `${line}}`;
  }
}

function labelsText(labels: SkeletonLabels): string {
  return `"min_step_forward": ${pythonNumber(labels.min_step_forward)}, "min_step_total": ${pythonNumber(labels.min_step_total)}, "min_step_forward_answerable": ${pythonNumber(labels.min_step_forward_answerable)}, "min_step_total_answerable": ${pythonNumber(labels.min_step_total_answerable)}`;
}

function cutoffText(labels: SkeletonLabels, cutoff: number, truncated: boolean): string {
  return `"answerable": ${isAnswerable(labels, cutoff)}, "easy": ${isEasy(labels, cutoff)}${truncated ? ', "truncated": true' : ''}`;
}
