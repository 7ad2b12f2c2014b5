// DF/RF skeleton lines as text, in chunks, for writers that stream a whole game (`waypoint mango
// skeletons`). Byte for byte what `pythonJsonDumps` makes of dfSkeletons/rfSkeletons lines plus the
// CLI's fields, but built from fragments serialised once per edge record and per location: a
// release game repeats the same few hundred steps across millions of lines, and serialising each
// line as an object tree dominated generation (and fed the garbage collector).
import { pythonJsonDumps, pythonJsonString, pythonNumber } from './pythonJson';
import { dfExpansions, isAnswerable, isEasy, pathStep, rfSkeletons, skeletonGraph, type SkeletonOptions } from './skeletons';
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
  return chunked(task === 'df' ? dfLineTexts(records, options) : rfLineTexts(records, options), options.chunkChars ?? DEFAULT_CHUNK_CHARS);
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

interface StepText {
  /** The path_details entry. */
  json: string;
  /** The action as a JSON string, for action_list. */
  action: string;
}

/** DF lines, without newlines. */
export function* dfLineTexts(records: readonly EdgeRecord[], options: SkeletonTextOptions = {}): Generator<string> {
  const graph = skeletonGraph(records);
  const names = graph.nodes.map(pythonJsonString);
  const stepTexts = new Map<EdgeRecord, StepText>();
  const stepText = (record: EdgeRecord): StepText => {
    let text = stepTexts.get(record);
    if (text === undefined) {
      text = { json: pythonJsonDumps(pathStep(record)), action: pythonJsonString(record.action) };
      stepTexts.set(record, text);
    }
    return text;
  };
  const cutoff = options.labelsAtCutoff;
  for (const { source, target, steps, diffShortest, id, truncated } of dfExpansions(graph, options)) {
    let details = '';
    let actions = '';
    let forward = 0, total = 0, forwardAnswerable = 0, totalAnswerable = 0;
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index];
      const text = stepText(step);
      details += index === 0 ? text.json : `, ${text.json}`;
      actions += index === 0 ? text.action : `, ${text.action}`;
      // Path labels: the maximum over the path's edges (spec §2.4), as pathLabels computes them.
      forward = Math.max(forward, step.seen_in_forward);
      total = Math.max(total, step.edge_min_step);
      forwardAnswerable = Math.max(forwardAnswerable, step.seen_in_forward_answerable);
      totalAnswerable = Math.max(totalAnswerable, step.edge_min_step_answerable);
    }
    const labels = { min_step_forward: forward, min_step_total: total, min_step_forward_answerable: forwardAnswerable, min_step_total_answerable: totalAnswerable };
    let line = `{"src_node": ${names[source]}, "dst_node": ${names[target]}, "diff_shortest": ${pythonNumber(diffShortest)}, "path_details": [${details}], "step_count": ${steps.length}, "id": "${id}", ${labelsText(labels)}`;
    if (cutoff !== undefined) line += `, "action_list": [${actions}], ${cutoffText(labels, cutoff, truncated)}`;
    yield `${line}}`;
  }
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
