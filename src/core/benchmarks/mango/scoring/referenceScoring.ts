// Scoring in reference-compatible mode (spec mango.md §7 and the reference column of §9): the
// released evaluator `map_evaluator.py`, defects included, so that numbers can be compared with
// published ones. Where that evaluator is not deterministic (RF action ties resolved in CPython's
// hash-seeded set order) the score is computed under every tie resolution and reported as a
// min–max range with a note, instead of pretending to know one seed's answer.
import { parseMangoAnswer, type AnswerStep } from './answers';
import { MangoGraph } from '../graph/graph';
import { evaluationGraph } from '../graph/imputation';
import { isValidPath, nameSimilarity } from './scoring';
import type { EdgeRecord } from '../types';

/** What the evaluator reads from the data files about one sample id. */
export interface ReferenceSkeleton {
  min_step_forward_answerable: number;
  /** DF: the skeleton's own path length. RF: unused (see `shortestPathLength`). */
  path_length: number;
}

export interface ReferenceLookup {
  skeleton(task: 'df' | 'rf', sampleId: string): ReferenceSkeleton | undefined;
  /** len(path_details) of the first all2all line with this pair and diff_shortest == 0, else 1. */
  shortestPathLength(src: string, dst: string): number;
}

export interface ReferenceResult {
  /** Which rules produced this result (the answer is read with constant expressions folded). */
  mode: 'reference';
  sample_id: string;
  task: 'df' | 'rf';
  parse_error: boolean;
  id_error: boolean;
  step_error: boolean;
  /** Set by hosts when scoring this record threw: it counts as a file, never as a valid one. */
  scoring_error?: boolean;
  /** null for error files: the evaluator sets is_easy/is_hard only for valid ones. */
  easy: boolean | null;
  success_strict: number;
  success_loose: number;
  reasoning: number;
  path_len: number;
  /** Present when CPython's set order decides the score: [min, max] over every tie resolution. */
  hash_dependent?: { success_strict: [number, number]; success_loose: [number, number] };
  note?: string;
}

const REQUIRED_KEYS = [
  'sample_id',
  'game_name',
  'src_node',
  'dst_node',
  'model_cutoff_num',
  'min_step_total_answerable',
  'answerable',
  'response',
];

/** A scorer over one game's G_eval, built once for many result records. */
export function referenceScorer(
  records: readonly EdgeRecord[],
  lookup: ReferenceLookup,
): (record: Record<string, unknown>, task?: 'df' | 'rf') => ReferenceResult {
  const graph = evaluationGraph(MangoGraph.fromRecords(records));
  // Set order in the reference; here edge order, which is only one of the orders it could have.
  const knownActions = [...new Set(graph.edges.map((edge) => edge.action.toLowerCase()))];
  return (record, taskOverride) => {
    const task =
      taskOverride ??
      (record.task === 'route_finding' || (record.task === undefined && !('action_list' in record)) ? 'rf' : 'df');
    const sampleId = String(record.sample_id ?? '');
    const checked = checkRecord(record, task, sampleId, lookup);
    if ('mode' in checked) return checked; // a check failed: the result says which
    const { parsed, skeleton, cutoff } = checked;
    const base = {
      mode: 'reference' as const,
      sample_id: sampleId,
      task,
      parse_error: false,
      id_error: false,
      step_error: false,
      easy: !(skeleton.min_step_forward_answerable > cutoff),
    };
    const src = String(record.src_node);
    const dst = String(record.dst_node);
    const scored: ReferenceResult =
      task === 'df'
        ? { ...base, ...scoreDf(graph, parsed.steps, src, record.action_list), path_len: skeleton.path_length }
        : {
            ...base,
            ...scoreRf(graph, knownActions, parsed.steps, src, dst),
            path_len: lookup.shortestPathLength(src, dst),
          };
    if (parsed.folded === 0) return scored;
    const folded = `the answer uses constant expressions (${parsed.folded} operator${parsed.folded > 1 ? 's' : ''} folded, as camera-ready's eval() would accept them)`;
    return { ...scored, note: scored.note ? `${scored.note}; ${folded}` : folded };
  };
}

/**
 * A result the reference gives no score: it failed to parse, names no known question, or needs steps past the cutoff.
 */
function referenceFailure(
  kind: 'parse_error' | 'id_error' | 'step_error',
  note: string,
  sampleId: string,
  task: 'df' | 'rf',
): ReferenceResult {
  return {
    mode: 'reference',
    sample_id: sampleId,
    task,
    parse_error: kind === 'parse_error',
    id_error: kind === 'id_error',
    step_error: kind === 'step_error',
    easy: null,
    success_strict: 0,
    success_loose: 0,
    reasoning: 0,
    path_len: 0,
    note,
  };
}

/**
 * The reference's checks before scoring, in its order: the keys, the answer's parse, the sample id, the step cutoff.
 */
function checkRecord(
  record: Record<string, unknown>,
  task: 'df' | 'rf',
  sampleId: string,
  lookup: ReferenceLookup,
):
  | ReferenceResult
  | {
      parsed: Extract<ReturnType<typeof parseMangoAnswer>, { ok: true }>;
      skeleton: ReferenceSkeleton;
      cutoff: number;
    } {
  const failed = (kind: 'parse_error' | 'id_error' | 'step_error', note: string) =>
    referenceFailure(kind, note, sampleId, task);
  const missing = [...REQUIRED_KEYS, ...(task === 'df' ? ['action_list'] : [])].filter((key) => !(key in record));
  if (missing.length > 0) {
    const answerOnly =
      missing.includes('response') && 'answer' in record
        ? " (the reference reads 'response'; this record has 'answer', as upstream's inference writes it)"
        : '';
    return failed('parse_error', `missing key${missing.length > 1 ? 's' : ''} ${missing.join(', ')}${answerOnly}`);
  }
  // Camera-ready eval()s the slice: constant expressions of literals are folded, never executed.
  const parsed = parseMangoAnswer(record.response, 'reference');
  if (!parsed.ok) return failed('parse_error', `${parsed.error} (at offset ${parsed.offset} of the response)`);
  const skeleton = lookup.skeleton(task, sampleId);
  if (!skeleton) return failed('id_error', `sample_id is not in the ${task === 'df' ? 'all2all' : 'all_pairs'} file`);
  const cutoff = Number(record.model_cutoff_num);
  if (Number(record.min_step_total_answerable) > cutoff)
    return failed(
      'step_error',
      `min_step_total_answerable ${String(record.min_step_total_answerable)} > model_cutoff_num ${cutoff}`,
    );
  return { parsed, skeleton, cutoff };
}

/** bfs_get_multi_des: all branches, lower-cased action match. Duplicates do not change a max. */
function destinations(graph: MangoGraph, start: Iterable<string>, actions: readonly string[]): Set<string> {
  let frontier = new Set(start);
  for (const action of actions) {
    const next = new Set<string>();
    for (const room of frontier) {
      for (const edge of graph.outEdges(graph.indexOf(room)))
        if (edge.action.toLowerCase() === action.toLowerCase()) next.add(edge.dst);
    }
    frontier = next;
  }
  return frontier;
}

function scoreDf(graph: MangoGraph, steps: readonly AnswerStep[], src: string, actionList: unknown) {
  const actions = Array.isArray(actionList) ? actionList.map(String) : [];
  const reached = [...destinations(graph, [src], actions)];
  if (reached.length === 0) {
    // max() of an empty sequence: the released evaluator raises here and stops the whole run.
    return {
      success_strict: 0,
      success_loose: 0,
      reasoning: 0,
      note: 'the asked actions lead nowhere in G_eval; the reference evaluator raises ValueError on this file',
    };
  }
  // The defect of §9 item 1: each destination is compared with itself, so success is always 1.
  return {
    success_strict: 1,
    success_loose: 1,
    reasoning: reached.some((room) => isValidPath(graph, steps, src, room)) ? 1 : 0,
    note: 'reference DF success ignores the answer (the evaluator compares each BFS destination with itself)',
  };
}

function scoreRf(
  graph: MangoGraph,
  knownActions: readonly string[],
  steps: readonly AnswerStep[],
  src: string,
  dst: string,
) {
  const wanted = steps.map((step) => step.action.toLowerCase());
  const strictTies = wanted.map((action) => tiedBest(knownActions, (candidate) => (candidate === action ? 1 : 0)));
  const looseTies = wanted.map((action) => tiedBest(knownActions, (candidate) => nameSimilarity(action, candidate)));
  const strict = scoreRange(graph, src, strictTies, (room) => (room.toLowerCase() === dst.toLowerCase() ? 1 : 0));
  const loose = scoreRange(graph, src, looseTies, (room) => nameSimilarity(dst, room));
  const result = {
    success_strict: strict.min,
    success_loose: loose.min,
    reasoning: isValidPath(graph, steps, src, dst) ? 1 : 0,
  };
  if (strict.min === strict.max && loose.min === loose.max) return result;
  return {
    ...result,
    hash_dependent: {
      success_strict: [strict.min, strict.max] as [number, number],
      success_loose: [loose.min, loose.max] as [number, number],
    },
    note: `hash-dependent: action ties resolve in CPython set order (PYTHONHASHSEED); scores shown are the minimum, range strict ${strict.min}–${strict.max}, loose ${round(loose.min)}–${round(loose.max)}${strict.partial || loose.partial ? ' (search cut short; range may be incomplete)' : ''}`,
  };
}

function round(value: number): string {
  return Number(value.toFixed(3)).toString();
}

/** Every candidate that max(actions_gt, key=score) could return, depending on set order. */
function tiedBest(candidates: readonly string[], score: (candidate: string) => number): string[] {
  let best = -Infinity;
  let tied: string[] = [];
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value > best) [best, tied] = [value, [candidate]];
    else if (value === best) tied.push(candidate);
  }
  return tied;
}

/** Whether the "before" constraints already put `a` before `b` (directly or through others). */
function precedes(before: ReadonlyMap<string, ReadonlySet<string>>, a: string, b: string): boolean {
  const stack = [a];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (current === b) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    stack.push(...(before.get(current) ?? []));
  }
  return false;
}

const SEARCH_LIMIT = 200_000;

/**
 * Min and max of the score over every tie resolution a single set order can produce: one order
 * governs all steps, so choosing `a` over `b` at one step forces the same preference later. Each
 * choice adds "a before every other tied action" constraints; a choice that closes a cycle is
 * impossible and pruned. That pruning keeps repeated ties (the same unknown action) from
 * multiplying.
 */
function scoreRange(
  graph: MangoGraph,
  src: string,
  ties: readonly string[][],
  score: (room: string) => number,
): { min: number; max: number; partial: boolean } {
  let min = Infinity;
  let max = -Infinity;
  let visited = 0;
  const before = new Map<string, Set<string>>();
  // Depth-first over the steps with an explicit stack (one frame per step), so a 5,000-step
  // answer cannot overflow the call stack. A frame remembers which tie it tries next and which
  // "before" constraints its current choice added, to undo them when it moves on.
  interface Frame {
    step: number;
    frontier: Set<string>;
    next: number;
    choice?: string;
    added: string[];
  }
  const stack: Frame[] = [{ step: 0, frontier: new Set([src]), next: 0, added: [] }];
  while (stack.length > 0 && visited <= SEARCH_LIMIT) {
    const frame = stack[stack.length - 1];
    if (frame.choice !== undefined) {
      for (const other of frame.added) before.get(frame.choice)?.delete(other);
      frame.choice = undefined;
    }
    if (frame.step === ties.length) {
      let value = 0;
      for (const room of frame.frontier) value = Math.max(value, score(room));
      min = Math.min(min, value);
      max = Math.max(max, value);
      stack.pop();
      continue;
    }
    const options = ties[frame.step];
    if (frame.next >= options.length) {
      stack.pop();
      continue;
    }
    const choice = options[frame.next++];
    const others = options.filter((action) => action !== choice);
    if (others.some((other) => precedes(before, other, choice))) continue;
    const added = others.filter((other) => !before.get(choice)?.has(other));
    if (!before.has(choice)) before.set(choice, new Set());
    for (const other of added) before.get(choice)?.add(other);
    frame.choice = choice;
    frame.added = added;
    visited++;
    stack.push({ step: frame.step + 1, frontier: destinations(graph, frame.frontier, [choice]), next: 0, added: [] });
  }
  return { min: Number.isFinite(min) ? min : 0, max: Number.isFinite(max) ? max : 0, partial: visited > SEARCH_LIMIT };
}

interface ReferenceGroupSummary {
  total_task: number;
  valid_task: number;
  loose_score_average: number;
  strict_score_average: number;
  reasoning_score_average: number;
  path_len_average: number;
  parsing_error_average: number;
  id_error_average: number;
  step_num_error_average: number;
}

/**
 * evaluate_map's aggregation for all / easy / hard. Error files count only in `all`, because the
 * evaluator sets is_easy / is_hard only on valid files; so easy and hard have no errors.
 */
export function summarizeReference(results: readonly ReferenceResult[]): {
  all: ReferenceGroupSummary;
  easy: ReferenceGroupSummary;
  hard: ReferenceGroupSummary;
  hash_dependent_files: number;
} {
  const group = (members: readonly ReferenceResult[]): ReferenceGroupSummary => {
    const valid = members.filter(
      (result) => !result.parse_error && !result.id_error && !result.step_error && !result.scoring_error,
    );
    const mean = (values: number[], over: number) =>
      over === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / over;
    return {
      total_task: members.length,
      valid_task: valid.length,
      loose_score_average: mean(
        valid.map((result) => result.success_loose),
        valid.length,
      ),
      strict_score_average: mean(
        valid.map((result) => result.success_strict),
        valid.length,
      ),
      reasoning_score_average: mean(
        valid.map((result) => result.reasoning),
        valid.length,
      ),
      path_len_average: mean(
        valid.map((result) => result.path_len),
        valid.length,
      ),
      parsing_error_average: mean(
        members.map((result) => Number(result.parse_error)),
        members.length,
      ),
      id_error_average: mean(
        members.map((result) => Number(result.id_error)),
        members.length,
      ),
      step_num_error_average: mean(
        members.map((result) => Number(result.step_error)),
        members.length,
      ),
    };
  };
  return {
    all: group(results),
    easy: group(results.filter((result) => result.easy === true)),
    hard: group(results.filter((result) => result.easy === false)),
    hash_dependent_files: results.filter((result) => result.hash_dependent).length,
  };
}
