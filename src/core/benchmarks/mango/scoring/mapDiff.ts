// A model's map against the maze known at a cutoff (runs.md §7). "The maze" is every edges.json
// edge with edge_min_step <= cutoff and the rooms those edges touch. Model room names align to the
// maze's rooms exactly, then case/spacing-insensitively, then by a small edit distance (a tie is
// left unaligned and reported, never guessed); each alignment says which rule made it. Edges then
// compare as (aligned src, lower-cased action, aligned dst), duplicates once. Names that differ
// only as the normalized rule ignores (case, spaces, `_`, `-`) are one room of the model's map
// throughout: never a split, one hallucinated room, one ghost.
//
// The result is also the maze view's overlay data (MapOverlay below): each true edge's status
// (missing ones drawn dashed), each model edge with its aligned endpoints (hallucinated ones red),
// and the rooms the model confused (merged or split).
import { normalizeRoom } from '../../../maze/roomNames';
import { editDistance } from './confusion';
import type { EdgeRecord } from '../types';

export interface MapMove {
  src: string;
  action: string;
  dst: string;
}

export type AlignmentRule = 'exact' | 'normalized' | 'edit' | 'ambiguous' | 'none';

export interface RoomAlignment {
  model: string;
  truth: string | null;
  rule: AlignmentRule;
  /** Edit distance between the normalized names (rule `edit`). */
  distance?: number;
  /** The equally close rooms (rule `ambiguous`). */
  candidates?: string[];
}

type TrueEdgeStatus = 'correct' | 'missing' | 'wrong-action';
export type ModelEdgeStatus = 'correct' | 'hallucinated' | 'wrong-action' | 'duplicate';

export interface TrueEdgeDiff extends MapMove {
  status: TrueEdgeStatus;
}

export interface ModelEdgeDiff extends MapMove {
  /** The maze's rooms the endpoints align to (null: no room of the maze). */
  alignedSrc: string | null;
  alignedDst: string | null;
  status: ModelEdgeStatus;
  /** Wrong action: the maze's actions between the aligned rooms. */
  trueActions?: string[];
}

/** Two or more true rooms under one model name. */
export interface MergedRoom {
  model: string;
  truths: string[];
}

/** One true room under two or more model names. */
export interface SplitRoom {
  truth: string;
  models: string[];
}

/** What the maze view draws over the maze for one map (the "overlay" of issue 17). */
export interface MapOverlay {
  cutoff: number;
  trueEdges: TrueEdgeDiff[];
  modelEdges: ModelEdgeDiff[];
  /** The maze's rooms the model never names (drawn as missing). */
  missingRooms: string[];
  merged: MergedRoom[];
  split: SplitRoom[];
}

/** runs.md §7's JSON, plus the overlay's fields. */
export interface MapDiff extends MapOverlay {
  edges: {
    correct: number;
    missing: number;
    hallucinated: number;
    precision: number;
    recall: number;
    f1: number;
    wrongAction: number;
  };
  rooms: { correct: number; missing: number; hallucinated: number; merged: number; split: number };
  alignment: RoomAlignment[];
}

/** The maze at a cutoff: edges.json edges with edge_min_step <= cutoff, duplicates once. */
export function mazeAtCutoff(records: readonly EdgeRecord[], cutoff: number): MapMove[] {
  const seen = new Set<string>();
  const moves: MapMove[] = [];
  for (const record of records) {
    if (record.edge_min_step > cutoff) continue;
    const move = { src: record.src_node, action: record.action, dst: record.dst_node };
    const key = keyOf(move.src, move.action, move.dst);
    if (seen.has(key)) continue;
    seen.add(key);
    moves.push(move);
  }
  return moves;
}

const keyOf = (src: string, action: string, dst: string) => JSON.stringify([src, action.trim().toLowerCase(), dst]);

/** Largest edit distance that still aligns two normalized names: a quarter of the longer, at most 3. */
function editTolerance(a: string, b: string): number {
  return Math.min(3, Math.floor(Math.max(a.length, b.length) / 4));
}

/** Aligns one model name to the maze's rooms by the three rules in order. */
export function alignRoom(name: string, rooms: readonly string[]): RoomAlignment {
  if (rooms.includes(name)) return { model: name, truth: name, rule: 'exact' };
  const normal = normalizeRoom(name);
  const sameNormal = rooms.filter((room) => normalizeRoom(room) === normal);
  if (sameNormal.length === 1) return { model: name, truth: sameNormal[0], rule: 'normalized' };
  if (sameNormal.length > 1) return { model: name, truth: null, rule: 'ambiguous', candidates: sameNormal };
  let best = Number.POSITIVE_INFINITY;
  let closest: string[] = [];
  for (const room of rooms) {
    const other = normalizeRoom(room);
    const distance = editDistance([...normal], [...other]);
    if (distance > editTolerance(normal, other) || distance > best) continue;
    if (distance < best) closest = [];
    best = distance;
    closest.push(room);
  }
  if (closest.length === 1) return { model: name, truth: closest[0], rule: 'edit', distance: best };
  if (closest.length > 1) return { model: name, truth: null, rule: 'ambiguous', candidates: closest, distance: best };
  return { model: name, truth: null, rule: 'none' };
}

/** The maze's moves by key (the first of each), and the actions between each pair of rooms. */
function indexTrueMoves(truth: readonly MapMove[]): {
  trueKeys: Map<string, MapMove>;
  actionsBetween: Map<string, string[]>;
} {
  const trueKeys = new Map<string, MapMove>();
  for (const move of truth)
    if (!trueKeys.has(keyOf(move.src, move.action, move.dst)))
      trueKeys.set(keyOf(move.src, move.action, move.dst), move);
  const actionsBetween = new Map<string, string[]>();
  for (const move of trueKeys.values()) {
    const pair = JSON.stringify([move.src, move.dst]);
    actionsBetween.set(pair, [...(actionsBetween.get(pair) ?? []), move.action]);
  }
  return { trueKeys, actionsBetween };
}

/**
 * Each model move, through the room alignment: correct (a true move; `matched` gets its key), a
 * duplicate of an earlier one, a wrong action between two rooms the maze joins, or hallucinated.
 */
function classifyModelEdges(
  model: readonly MapMove[],
  aligned: ReadonlyMap<string, string | null>,
  trueKeys: ReadonlyMap<string, MapMove>,
  actionsBetween: ReadonlyMap<string, string[]>,
): { modelEdges: ModelEdgeDiff[]; matched: Set<string> } {
  const matched = new Set<string>();
  const seenModel = new Set<string>();
  const modelEdges: ModelEdgeDiff[] = model.map((move) => {
    const alignedSrc = aligned.get(move.src) ?? null;
    const alignedDst = aligned.get(move.dst) ?? null;
    // Unaligned endpoints keep the model's own (normalized) names, so they can never equal a true edge.
    const key =
      alignedSrc !== null && alignedDst !== null
        ? keyOf(alignedSrc, move.action, alignedDst)
        : keyOf(`\0${normalizeRoom(move.src)}`, move.action, `\0${normalizeRoom(move.dst)}`);
    const base = { src: move.src, action: move.action, dst: move.dst, alignedSrc, alignedDst };
    if (seenModel.has(key)) return { ...base, status: 'duplicate' };
    seenModel.add(key);
    if (trueKeys.has(key)) {
      matched.add(key);
      return { ...base, status: 'correct' };
    }
    const trueActions =
      alignedSrc !== null && alignedDst !== null
        ? actionsBetween.get(JSON.stringify([alignedSrc, alignedDst]))
        : undefined;
    return trueActions ? { ...base, status: 'wrong-action', trueActions } : { ...base, status: 'hallucinated' };
  });
  return { modelEdges, matched };
}

/** The edge counts and precision, recall and F1 of the model's moves (a wrong action counts as hallucinated). */
function edgeScores(trueCount: number, correct: number, modelEdges: readonly ModelEdgeDiff[]): MapDiff['edges'] {
  const hallucinated = modelEdges.filter(
    (edge) => edge.status === 'hallucinated' || edge.status === 'wrong-action',
  ).length;
  const missing = trueCount - correct;
  const precision = correct + hallucinated === 0 ? 0 : correct / (correct + hallucinated);
  const recall = trueCount === 0 ? 0 : correct / trueCount;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    correct,
    missing,
    hallucinated,
    precision,
    recall,
    f1,
    wrongAction: modelEdges.filter((edge) => edge.status === 'wrong-action').length,
  };
}

/** Diffs a model's moves against the maze's (`truth`, e.g. mazeAtCutoff). */
export function diffMap(truth: readonly MapMove[], model: readonly MapMove[], cutoff: number): MapDiff {
  const rooms = [...new Set(truth.flatMap((move) => [move.src, move.dst]))];
  const names = [...new Set(model.flatMap((move) => [move.src, move.dst]))];
  const alignment = names.map((name) => alignRoom(name, rooms));
  const aligned = new Map(alignment.map((entry) => [entry.model, entry.truth]));
  const { trueKeys, actionsBetween } = indexTrueMoves(truth);

  const { modelEdges, matched } = classifyModelEdges(model, aligned, trueKeys, actionsBetween);
  const wrongPairs = new Set(
    modelEdges
      .filter((edge) => edge.status === 'wrong-action')
      .map((edge) => JSON.stringify([edge.alignedSrc, edge.alignedDst])),
  );
  const trueEdges: TrueEdgeDiff[] = [...trueKeys].map(([key, move]) => ({
    ...move,
    status: matched.has(key)
      ? 'correct'
      : wrongPairs.has(JSON.stringify([move.src, move.dst]))
        ? 'wrong-action'
        : 'missing',
  }));

  const named = new Set(alignment.flatMap((entry) => (entry.truth === null ? [] : [entry.truth])));
  const missingRooms = rooms.filter((room) => !named.has(room));
  const { merged, split } = confusedRooms(trueKeys, modelEdges, alignment, new Set(missingRooms));
  return {
    edges: edgeScores(trueKeys.size, matched.size, modelEdges),
    rooms: {
      correct: named.size,
      missing: missingRooms.length,
      hallucinated: new Set(
        alignment.filter((entry) => entry.truth === null).map((entry) => normalizeRoom(entry.model)),
      ).size,
      merged: merged.length,
      split: split.length,
    },
    alignment,
    cutoff,
    trueEdges,
    modelEdges,
    missingRooms,
    merged,
    split,
  };
}

/**
 * Merged and split rooms. By name: two model names aligned to one true room split it. By
 * structure: a model edge that is not the maze's, whose other end and action match a true edge,
 * says its model room stands for that edge's true room; standing for a room the model never names,
 * besides its own, merges them; an unaligned name standing for a named room splits that room.
 * Model names are grouped by their normalized form first (reported by the first one written), so
 * `North of House` and `north of house` are one name, as alignment already treats them.
 */
function confusedRooms(
  trueKeys: Map<string, MapMove>,
  modelEdges: readonly ModelEdgeDiff[],
  alignment: readonly RoomAlignment[],
  unnamed: ReadonlySet<string>,
): { merged: MergedRoom[]; split: SplitRoom[] } {
  const from = new Map<string, MapMove[]>();
  const into = new Map<string, MapMove[]>();
  for (const move of trueKeys.values()) {
    const action = move.action.trim().toLowerCase();
    from.set(JSON.stringify([move.src, action]), [...(from.get(JSON.stringify([move.src, action])) ?? []), move]);
    into.set(JSON.stringify([move.dst, action]), [...(into.get(JSON.stringify([move.dst, action])) ?? []), move]);
  }
  const spelling = new Map<string, string>();
  for (const entry of alignment)
    if (!spelling.has(normalizeRoom(entry.model))) spelling.set(normalizeRoom(entry.model), entry.model);
  const written = (model: string) => spelling.get(normalizeRoom(model)) ?? model;
  const standsFor = new Map<string, Set<string>>();
  const vote = (model: string, room: string) =>
    standsFor.set(written(model), (standsFor.get(written(model)) ?? new Set()).add(room));
  for (const edge of modelEdges) {
    if (edge.status !== 'hallucinated' && edge.status !== 'wrong-action') continue;
    const action = edge.action.trim().toLowerCase();
    if (edge.alignedSrc !== null)
      for (const move of from.get(JSON.stringify([edge.alignedSrc, action])) ?? [])
        if (move.dst !== edge.alignedDst) vote(edge.dst, move.dst);
    if (edge.alignedDst !== null)
      for (const move of into.get(JSON.stringify([edge.alignedDst, action])) ?? [])
        if (move.src !== edge.alignedSrc) vote(edge.src, move.src);
  }
  const truthOf = new Map(alignment.map((entry) => [entry.model, entry.truth]));
  const merged: MergedRoom[] = [];
  const splitBy = new Map<string, Set<string>>();
  for (const entry of alignment)
    if (entry.truth !== null)
      splitBy.set(entry.truth, (splitBy.get(entry.truth) ?? new Set()).add(written(entry.model)));
  for (const [model, roomsStood] of standsFor) {
    const own = truthOf.get(model) ?? null;
    const extra = [...roomsStood].filter((room) => room !== own && unnamed.has(room)).sort();
    const truths = [...(own === null ? [] : [own]), ...extra];
    if (extra.length > 0 && truths.length >= 2) merged.push({ model, truths });
    if (own === null)
      for (const room of roomsStood)
        if (!unnamed.has(room)) splitBy.set(room, (splitBy.get(room) ?? new Set()).add(model));
  }
  const split = [...splitBy]
    .filter(([, models]) => models.size >= 2)
    .map(([truth, models]) => ({ truth, models: [...models] }));
  return { merged, split };
}

/** The contract's JSON (runs.md §7) with the overlay beside it. */
export function mapDiffJson(diff: MapDiff): Record<string, unknown> {
  return {
    edges: diff.edges,
    rooms: diff.rooms,
    alignment: diff.alignment,
    cutoff: diff.cutoff,
    merged: diff.merged,
    split: diff.split,
    missingRooms: diff.missingRooms,
    trueEdges: diff.trueEdges,
    modelEdges: diff.modelEdges,
  };
}
