// What the maze view needs to draw one map diff (issue 17's overlay) and what it should count when
// it has: the drawn counts are derived here from the overlay alone, so the browser test and the
// editor's state command compare what the view drew with what core decided, not with the view.
import { normalizeRoom } from '../../../maze/roomNames';
import type { MapDiff, MapOverlay, RoomAlignment } from '../scoring/mapDiff';

/** One model's map diff as the maze view draws it (one pane; two side by side for two models). */
export interface MapDiffPane {
  /** The model's name, or the answer file's name: data, drawn as text. */
  model: string;
  /** Where the map came from (an answer file, a run record, a run's route answers). */
  source: string;
  overlay: MapOverlay;
  edges: MapDiff['edges'];
  rooms: MapDiff['rooms'];
  alignment: RoomAlignment[];
  /** Every map diff scores in faithful mode: there is no upstream map scorer to differ from. */
  mode: 'faithful';
}

/** What one pane draws: edges by status, ghost rooms, missing rooms and confusion badges. */
export interface MapDiffCounts {
  correct: number;
  missing: number;
  wrongAction: number;
  hallucinated: number;
  ghostRooms: number;
  missingRooms: number;
  merged: number;
  split: number;
}

export function mapDiffPane(diff: MapDiff, model: string, source: string): MapDiffPane {
  const { edges, rooms, alignment, cutoff, trueEdges, modelEdges, missingRooms, merged, split } = diff;
  return {
    model,
    source,
    overlay: { cutoff, trueEdges, modelEdges, missingRooms, merged, split },
    edges,
    rooms,
    alignment,
    mode: 'faithful',
  };
}

/**
 * Model names drawn as ghost rooms: an end of a hallucinated move that aligns to no room of the
 * maze; names that normalize alike are one ghost, under the first spelling met.
 */
export function ghostRoomNames(overlay: MapOverlay): string[] {
  const names = new Map<string, string>();
  const add = (name: string) => names.has(normalizeRoom(name)) || names.set(normalizeRoom(name), name);
  for (const edge of overlay.modelEdges) {
    if (edge.status !== 'hallucinated') continue;
    if (edge.alignedSrc === null) add(edge.src);
    if (edge.alignedDst === null) add(edge.dst);
  }
  return [...names.values()];
}

/** The counts a correct drawing of `overlay` has (one badge per confused true room). */
export function expectedMapDiffCounts(overlay: MapOverlay): MapDiffCounts {
  const trueCount = (status: string) => overlay.trueEdges.filter((edge) => edge.status === status).length;
  const modelCount = (status: string) => overlay.modelEdges.filter((edge) => edge.status === status).length;
  return {
    correct: trueCount('correct'),
    missing: trueCount('missing'),
    wrongAction: modelCount('wrong-action'),
    hallucinated: modelCount('hallucinated'),
    ghostRooms: ghostRoomNames(overlay).length,
    missingRooms: overlay.missingRooms.length,
    merged: new Set(overlay.merged.flatMap((room) => room.truths)).size,
    split: new Set(overlay.split.map((room) => room.truth)).size,
  };
}
