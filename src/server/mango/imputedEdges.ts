// Previewing and accepting naive reverse edges (spec mango.md §3) for a game: the candidates the
// evaluator would add, with the step whose move they reverse, and the edit that writes accepted
// ones into edges.json as reverse-only edges (seen_in_forward 9999).
import { MangoGraph } from '../../core/benchmarks/mango/graph/graph';
import {
  DEFAULT_REVERSE_PAIRS,
  imputeReverseEdges,
  type ReversePair,
} from '../../core/benchmarks/mango/graph/imputation';
import { NEVER, type EdgeRecord } from '../../core/benchmarks/mango/types';
import type { AcceptImputedEdgesParams, GameEditResult, ImputedEdgeCandidate } from '../../protocol/lsp';
import type { DocumentStore } from '../documents';
import { gameFileUri, type LoadedGame } from './games';
import { applyJsonChanges, GameEditBuilder } from './jsonEdits';

function candidatesWithRecords(
  game: LoadedGame,
  extraPairs: readonly ReversePair[],
): Array<{ candidate: ImputedEdgeCandidate; record: EdgeRecord }> {
  const records = (game.model.edges?.edges ?? []).map((edge) => edge.record);
  const graph = MangoGraph.fromRecords(records);
  const result: Array<{ candidate: ImputedEdgeCandidate; record: EdgeRecord }> = [];
  for (const imputed of imputeReverseEdges(graph, [...DEFAULT_REVERSE_PAIRS, ...extraPairs])) {
    const reversed = imputed.reverseOf?.record;
    // Reversing an edge that is itself known only by reversal would just restate the original move.
    if (!reversed || reversed.seen_in_forward === NEVER) continue;
    const conflict = records.find(
      (record) =>
        record.src_node === imputed.src && record.action === imputed.action && record.dst_node !== imputed.dst,
    );
    result.push({
      candidate: {
        source: imputed.src,
        action: imputed.action,
        destination: imputed.dst,
        reversesStep: reversed.seen_in_forward,
        conflictsWith: conflict?.dst_node ?? null,
      },
      record: {
        src_node: imputed.src,
        dst_node: imputed.dst,
        action: imputed.action,
        seen_in_forward: NEVER,
        seen_in_reversed: reversed.seen_in_forward,
        edge_min_step: reversed.seen_in_forward,
        seen_in_forward_answerable: NEVER,
        seen_in_reversed_answerable: reversed.seen_in_forward_answerable,
        edge_min_step_answerable: reversed.seen_in_forward_answerable,
      },
    });
  }
  return result;
}

/** The reverse edges the evaluator would add and edges.json does not have. */
export function imputedCandidates(game: LoadedGame, extraPairs: readonly ReversePair[]): ImputedEdgeCandidate[] {
  return candidatesWithRecords(game, extraPairs).map(({ candidate }) => candidate);
}

/** Appends the accepted candidates to edges.json as one undoable edit. */
export function acceptImputedEdges(
  game: LoadedGame,
  documents: DocumentStore,
  params: AcceptImputedEdgesParams,
): GameEditResult {
  const wanted = new Set(params.accept.map((edge) => JSON.stringify([edge.source, edge.action, edge.destination])));
  const records = candidatesWithRecords(game, params.extraPairs)
    .filter(({ candidate }) => wanted.has(JSON.stringify([candidate.source, candidate.action, candidate.destination])))
    .map(({ record }) => record);
  if (records.length === 0) return { edit: null, message: 'No imputed edge to add.' };
  const before = game.texts['mango-edges'] ?? null;
  const start = game.model.edges?.edges.length ?? 0;
  const after = applyJsonChanges(
    before ?? '[]\n',
    records.map((record, offset) => ({ path: [start + offset], value: record, insert: true })),
  );
  const uri = gameFileUri(game, 'mango-edges');
  const builder = new GameEditBuilder();
  builder.change(uri, documents.get(uri)?.text.version ?? null, before, after);
  return {
    edit: builder.build(),
    message: `${records.length} reverse edge${records.length === 1 ? '' : 's'} added to edges.json.`,
  };
}
