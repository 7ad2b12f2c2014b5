// DF/RF skeleton lines as text, in chunks, for writers that stream a whole game (`waypoint mango
// skeletons`). Byte for byte what `pythonJsonDumps` makes of dfSkeletons/rfSkeletons lines plus the
// CLI's fields, but built from fragments serialised once per edge record and per location: a
// release game repeats the same few hundred steps across millions of lines, and serialising each
// line as an object tree dominated generation (and fed the garbage collector).
import {
  flatConcat,
  pythonJsonDumps,
  pythonJsonString,
  pythonNumber,
  type PythonJsonValue,
} from '../../../util/pythonJson';
import { sha256Hex } from '../../../util/sha256';
import { DfExpansionCursor } from './dfExpansions';
import {
  type Generated,
  isAnswerable,
  isEasy,
  pathStepJson,
  rfSkeletons,
  skeletonGraph,
  type SkeletonOptions,
} from './skeletons';
import type { DfSkeleton, EdgeRecord, RfSkeleton, SkeletonLabels } from '../types';

interface SkeletonTextOptions extends SkeletonOptions {
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
const DEFAULT_CHUNK_CHARS = 64 * 1024;

/** Newline-terminated lines of one task, joined into chunks of about `chunkChars` characters. */
export function skeletonTextChunks(
  task: 'df' | 'rf',
  records: readonly EdgeRecord[],
  options: SkeletonTextOptions = {},
): Generator<string> {
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
// Over 50 lines: the hot loop of `mango skeletons` beside the per-record tables it reads (timed end to end).
function* dfChunks(
  records: readonly EdgeRecord[],
  options: SkeletonTextOptions,
  chunkChars: number,
): Generator<string> {
  const graph = skeletonGraph(records);
  const cursor = new DfExpansionCursor(graph, {
    limitPerPair: options.limitPerPair,
    sha256Hex: options.sha256Hex ?? sha256Hex,
  });
  const names = graph.nodes.map(pythonJsonString);
  // Per record, serialised once: its path_details entry and its action (each also with the ", "
  // that precedes it after the first step), and its four labels as numbers and as text. A path's
  // label is the maximum over its steps (spec §2.4), so its text is that of the step holding it.
  const stepFirst = cursor.records.map(pathStepJson);
  const stepNext = stepFirst.map((text) => flatConcat(', ', text));
  const actionFirst = cursor.records.map((record) => pythonJsonString(record.action));
  const actionNext = actionFirst.map((text) => flatConcat(', ', text));
  const labelKeys = [
    'seen_in_forward',
    'edge_min_step',
    'seen_in_forward_answerable',
    'edge_min_step_answerable',
  ] as const;
  const labelValues = labelKeys.map((key) => Float64Array.from(cursor.records, (record) => record[key]));
  const labelTexts = labelKeys.map((key) => cursor.records.map((record) => pythonNumber(record[key])));
  const [forwardOf, totalOf, forwardAnswerableOf, totalAnswerableOf] = labelValues;
  const cutoff = options.labelsAtCutoff;
  let chunk = '';
  while (cursor.next()) {
    const steps = cursor.steps;
    const first = steps[0];
    let details = stepFirst[first];
    let actions = actionFirst[first];
    // The step holding each maximum (a path has at least one step; step numbers are never negative
    // in a checked edges.json, so this equals pathLabels, which starts its maxima at 0).
    let forward = first,
      total = first,
      forwardAnswerable = first,
      totalAnswerable = first;
    for (let index = 1; index < cursor.stepCount; index++) {
      const record = steps[index];
      details += stepNext[record];
      actions += actionNext[record];
      if (forwardOf[record] > forwardOf[forward]) forward = record;
      if (totalOf[record] > totalOf[total]) total = record;
      if (forwardAnswerableOf[record] > forwardAnswerableOf[forwardAnswerable]) forwardAnswerable = record;
      if (totalAnswerableOf[record] > totalAnswerableOf[totalAnswerable]) totalAnswerable = record;
    }
    chunk += `{"src_node": ${names[cursor.source]}, "dst_node": ${names[cursor.target]}, "diff_shortest": ${cursor.diffShortest}, "path_details": [${details}], "step_count": ${cursor.stepCount}, "id": "${cursor.id}", "min_step_forward": ${labelTexts[0][forward]}, "min_step_total": ${labelTexts[1][total]}, "min_step_forward_answerable": ${labelTexts[2][forwardAnswerable]}, "min_step_total_answerable": ${labelTexts[3][totalAnswerable]}`;
    if (cutoff !== undefined) {
      const answerable = totalAnswerableOf[totalAnswerable] <= cutoff;
      const easy = forwardAnswerableOf[forwardAnswerable] <= cutoff;
      chunk += `, "action_list": [${actions}], "answerable": ${answerable}, "easy": ${easy}${cursor.truncated ? ', "truncated": true' : ''}`;
    }
    chunk += '}\n';
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** RF lines, without newlines (one per ordered pair: cheap next to DF, so built per line). */
function* rfLineTexts(records: readonly EdgeRecord[], options: SkeletonTextOptions = {}): Generator<string> {
  const cutoff = options.labelsAtCutoff;
  // Each name's JSON literal once: a game has tens of rooms and each is in 2(n - 1) lines.
  const literals = new Map<string, string>();
  const literal = (name: string): string => {
    let text = literals.get(name);
    if (text === undefined) literals.set(name, (text = pythonJsonString(name)));
    return text;
  };
  for (const { skeleton, truncated } of rfSkeletons(records, options)) {
    let line = `{"src_node": ${literal(skeleton.src_node)}, "dst_node": ${literal(skeleton.dst_node)}, "num_paths": ${pythonNumber(skeleton.num_paths)}, "id": "${skeleton.id}", ${labelsText(skeleton)}`;
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

/**
 * One generated line as text, the bytes `skeletonTextChunks` makes of it (without the newline): for
 * writers that need each line's pair and cut (the editor's Generate Skeletons counts them for its
 * progress), so a file they write is the same file the CLI writes with the same options.
 */
export function skeletonLineText(generated: Generated<DfSkeleton | RfSkeleton>, labelsAtCutoff?: number): string {
  const { skeleton, truncated } = generated;
  if (labelsAtCutoff === undefined) return pythonJsonDumps(skeleton as unknown as PythonJsonValue);
  const actions = 'path_details' in skeleton ? { action_list: skeleton.path_details.map((step) => step.action) } : {};
  const fields = {
    ...skeleton,
    ...actions,
    answerable: isAnswerable(skeleton, labelsAtCutoff),
    easy: isEasy(skeleton, labelsAtCutoff),
    ...(truncated ? { truncated: true } : {}),
  };
  return pythonJsonDumps(fields as unknown as PythonJsonValue);
}
