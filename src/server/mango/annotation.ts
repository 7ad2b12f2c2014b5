// Annotating walkthrough steps as moves: suggestions for "Mark step as move", and the edits that
// write (or remove) the edge and any new location or action names. Edits are returned to the
// client as one WorkspaceEdit, which VS Code applies as a single undoable change.
import type { FileKind } from '../../core/benchmarks/mango/fileKinds';
import { OPPOSITE_DIRECTIONS, normaliseAction } from '../../core/benchmarks/mango/walkthrough/directions';
import type { LocatedEdge } from '../../core/benchmarks/mango/walkthrough/gameFiles';
import { NEVER, type EdgeRecord } from '../../core/benchmarks/mango/types';
import type { WalkthroughStep } from '../../core/benchmarks/mango/walkthrough/walkthroughDocument';
import type {
  GameEditResult,
  MarkMoveParams,
  MoveSuggestionResult,
  MoveSummary,
  UnmarkMoveParams,
} from '../../protocol/lsp';
import type { DocumentStore } from '../documents';
import { gameFileUri, type LoadedGame } from './games';
import { applyJsonChanges, GameEditBuilder, type JsonChange } from './jsonEdits';
import { edgeKey, type EdgeLabel, type MarkJournal } from './markJournal';

function movesAt(game: LoadedGame, step: number): MoveSummary[] {
  return (game.model.edges?.edges ?? [])
    .filter((edge) => edge.record.seen_in_forward === step)
    .map((edge) => ({ source: edge.record.src_node, action: edge.record.action, destination: edge.record.dst_node }));
}

/** The step whose block holds `line`. */
export function stepAtLine(steps: readonly WalkthroughStep[], line: number): WalkthroughStep | undefined {
  let found: WalkthroughStep | undefined;
  for (const step of steps) {
    if (step.range.start.line > line) break;
    found = step;
  }
  return found;
}

/** Where the player is before each step: the last annotated destination or recognised room. */
function roomBefore(game: LoadedGame, steps: readonly WalkthroughStep[], stepNumber: number): string | null {
  const annotatedDestination = new Map<number, string>();
  for (const edge of game.model.edges?.edges ?? [])
    if (edge.record.seen_in_forward !== NEVER)
      annotatedDestination.set(edge.record.seen_in_forward, edge.record.dst_node);
  let room: string | null = null;
  for (const step of steps) {
    if (step.number >= stepNumber) break;
    room = annotatedDestination.get(step.number) ?? step.location?.toLowerCase() ?? room;
  }
  return room;
}

/** What "Mark step as move" proposes for the step at `line`. */
export function suggestMove(game: LoadedGame, line: number): MoveSuggestionResult | null {
  const steps = game.model.walkthrough?.steps() ?? [];
  const step = stepAtLine(steps, line);
  if (!step) return null;
  return {
    step: step.number,
    action: normaliseAction(step.action),
    source: roomBefore(game, steps, step.number),
    destination: step.location?.toLowerCase() ?? null,
    locations: game.model.locations?.names.map((name) => name.value) ?? [],
    annotated: movesAt(game, step.number),
  };
}

/** The record with its two minimum fields recomputed from its labels. */
function withMinimums(record: EdgeRecord): EdgeRecord {
  return {
    ...record,
    edge_min_step: Math.min(record.seen_in_forward, record.seen_in_reversed),
    edge_min_step_answerable: Math.min(record.seen_in_forward_answerable, record.seen_in_reversed_answerable),
  };
}

export const LABELS: readonly EdgeLabel[] = [
  'seen_in_forward',
  'seen_in_reversed',
  'edge_min_step',
  'seen_in_forward_answerable',
  'seen_in_reversed_answerable',
  'edge_min_step_answerable',
];

/**
 * Field-level changes from `before` to `after` of the record at `index`: only the changed numbers are
 * rewritten, so the record's formatting (and every other record) stays byte for byte.
 */
export function labelChanges(index: number, before: EdgeRecord, after: EdgeRecord): JsonChange[] {
  return LABELS.filter((field) => before[field] !== after[field]).map((field) => ({
    path: [index, field],
    value: after[field],
  }));
}

function findEdge(
  edges: readonly LocatedEdge[],
  source: string,
  action: string,
  destination: string,
): LocatedEdge | undefined {
  return edges.find(
    (edge) => edge.record.src_node === source && edge.record.action === action && edge.record.dst_node === destination,
  );
}

class GameFileEditor {
  private readonly builder = new GameEditBuilder();

  constructor(
    private readonly game: LoadedGame,
    private readonly documents: DocumentStore,
  ) {}

  /** Applies JSON changes to one game file (created as `[]` when missing). */
  edit(kind: FileKind, changes: readonly JsonChange[]): void {
    if (changes.length === 0) return;
    const uri = gameFileUri(this.game, kind);
    const before = this.game.texts[kind] ?? null;
    const after = applyJsonChanges(before ?? '[]\n', changes);
    this.builder.change(uri, this.documents.get(uri)?.text.version ?? null, before, after);
  }

  result(message: string): GameEditResult {
    return { edit: this.builder.isEmpty ? null : this.builder.build(), message };
  }
}

/**
 * A move not in edges.json yet, first made at `step`; the reverse of an earlier forward move, if there is one, makes it
 * known by reversal.
 */
function newEdge(
  edges: readonly LocatedEdge[],
  source: string,
  action: string,
  destination: string,
  step: number,
): EdgeRecord {
  const opposite = OPPOSITE_DIRECTIONS[action];
  const reverseSource = opposite ? findEdge(edges, destination, opposite, source) : undefined;
  const reversedAt =
    reverseSource && reverseSource.record.seen_in_forward !== NEVER ? reverseSource.record.seen_in_forward : NEVER;
  return withMinimums({
    src_node: source,
    dst_node: destination,
    action,
    seen_in_forward: step,
    seen_in_reversed: reversedAt,
    edge_min_step: 0,
    seen_in_forward_answerable: step,
    seen_in_reversed_answerable: reversedAt,
    edge_min_step_answerable: 0,
  });
}

/** Appends the rooms and the action the game's name lists do not have yet, journaled so an unmark removes them. */
function addNewNames(
  game: LoadedGame,
  editor: GameFileEditor,
  journal: MarkJournal,
  rooms: readonly string[],
  action: string,
): void {
  const knownLocations = new Set(game.model.locations?.names.map((name) => name.value));
  const newLocations = [...new Set(rooms)].filter((name) => !knownLocations.has(name));
  for (const name of newLocations) journal.recordName(game.key, 'mango-locations', name);
  editor.edit(
    'mango-locations',
    newLocations.map((name, offset) => ({ path: [knownLocations.size + offset], value: name, insert: true })),
  );
  const knownActions = new Set(game.model.actions?.names.map((name) => name.value));
  if (!knownActions.has(action)) {
    journal.recordName(game.key, 'mango-actions', action);
    editor.edit('mango-actions', [{ path: [knownActions.size], value: action, insert: true }]);
  }
}

/** The edit that records `source —action→ destination` as first made at `step`; the journal remembers what it replaced. */
export function markMove(
  game: LoadedGame,
  documents: DocumentStore,
  params: MarkMoveParams,
  journal: MarkJournal,
): GameEditResult {
  const source = params.source.trim().toLowerCase();
  const destination = params.destination.trim().toLowerCase();
  const action = normaliseAction(params.action);
  if (!source || !destination || !action)
    return { edit: null, message: 'A move needs a source, an action and a destination.' };
  const edges = game.model.edges?.edges ?? [];
  const editor = new GameFileEditor(game, documents);
  const edgeChanges: JsonChange[] = [];
  const update = (edge: LocatedEdge, next: EdgeRecord) => {
    for (const field of LABELS)
      journal.recordLabel(game.key, edgeKey(edge.record), field, edge.record[field], next[field]);
    edgeChanges.push(...labelChanges(edge.index, edge.record, next));
  };
  const existing = findEdge(edges, source, action, destination);
  if (existing) {
    if (existing.record.seen_in_forward <= params.step)
      return {
        edit: null,
        message: `'${source}' —${action}→ '${destination}' is already known from step ${existing.record.seen_in_forward}.`,
      };
    update(
      existing,
      withMinimums({
        ...existing.record,
        seen_in_forward: params.step,
        seen_in_forward_answerable: Math.min(existing.record.seen_in_forward_answerable, params.step),
      }),
    );
  } else {
    const record = newEdge(edges, source, action, destination, params.step);
    journal.recordInserted(game.key, edgeKey(record), params.step);
    edgeChanges.push({ path: [edges.length], value: record, insert: true });
  }
  // This move, reversed, gives the opposite edge: record that on it when it exists.
  const opposite = OPPOSITE_DIRECTIONS[action];
  const reverse = opposite ? findEdge(edges, destination, opposite, source) : undefined;
  if (reverse && reverse.record.seen_in_reversed > params.step) {
    update(
      reverse,
      withMinimums({
        ...reverse.record,
        seen_in_reversed: params.step,
        seen_in_reversed_answerable: Math.min(reverse.record.seen_in_reversed_answerable, params.step),
      }),
    );
  }
  editor.edit('mango-edges', edgeChanges);
  addNewNames(game, editor, journal, [source, destination], action);
  return editor.result(`Step ${params.step}: '${source}' —${action}→ '${destination}'.`);
}

/** Puts back what the journal says a mark replaced, else `fallback`, for the labels of `fields` holding `step`. */
function restoreLabels(
  record: EdgeRecord,
  fields: readonly EdgeLabel[],
  fallback: number,
  step: number,
  journal: MarkJournal,
  gameKey: string,
): EdgeRecord {
  const result = { ...record };
  for (const field of fields)
    if (record[field] === step) result[field] = journal.takeLabel(gameKey, edgeKey(record), field, step) ?? fallback;
  // A minimum is rewritten only when the labels' minimum moved, so an upstream record whose stored
  // minimum disagrees with its labels keeps it.
  const minimums = withMinimums(result);
  const previous = withMinimums(record);
  for (const field of ['edge_min_step', 'edge_min_step_answerable'] as const) {
    const recomputed = minimums[field] === previous[field] ? record[field] : minimums[field];
    result[field] = journal.takeLabel(gameKey, edgeKey(record), field, record[field]) ?? recomputed;
  }
  return result;
}

/**
 * The edit that removes exactly what marking `step` added: the forward label of each move made at
 * `step` (the value a journaled mark replaced comes back), the reversal label that move put on its
 * opposite edge, and edges and names a mark inserted. An edge is removed only when nothing else
 * knows it: an edge also seen in reverse stays as reverse-only, and an opposite edge only ever
 * loses its reversal label, since it existed before the mark.
 */
export function unmarkMove(
  game: LoadedGame,
  documents: DocumentStore,
  params: UnmarkMoveParams,
  journal: MarkJournal,
): GameEditResult {
  const edges = game.model.edges?.edges ?? [];
  const step = params.step;
  const next = new Map<number, EdgeRecord>();
  const removed = new Set<number>();
  const current = (edge: LocatedEdge) => next.get(edge.index) ?? edge.record;
  const restore = (record: EdgeRecord, fields: readonly EdgeLabel[], fallback: number) =>
    restoreLabels(record, fields, fallback, step, journal, game.key);
  const moves = edges.filter((edge) => edge.record.seen_in_forward === step);
  const keptReverseOnly: EdgeRecord[] = [];
  for (const edge of moves) {
    if (journal.takeInserted(game.key, edgeKey(edge.record), step)) {
      removed.add(edge.index);
    } else {
      const record = restore(current(edge), ['seen_in_forward', 'seen_in_forward_answerable'], NEVER);
      if (record.seen_in_forward === NEVER && record.seen_in_reversed === NEVER) removed.add(edge.index);
      else next.set(edge.index, record);
    }
    const opposite = OPPOSITE_DIRECTIONS[edge.record.action];
    const reverse = opposite ? findEdge(edges, edge.record.dst_node, opposite, edge.record.src_node) : undefined;
    if (reverse && !removed.has(reverse.index) && current(reverse).seen_in_reversed === step) {
      const restored = restore(current(reverse), ['seen_in_reversed', 'seen_in_reversed_answerable'], NEVER);
      // Known only by reversing this move, and no journal says what it held before: clearing the
      // label would leave an edge seen at no step (an error), deleting it would lose an edge that
      // existed before; so it stays as it is, and the message says so.
      if (restored.seen_in_forward === NEVER && restored.seen_in_reversed === NEVER)
        keptReverseOnly.push(reverse.record);
      else next.set(reverse.index, restored);
    }
  }
  if (moves.length === 0) return { edit: null, message: `Step ${step} has no annotated move.` };
  const changes: JsonChange[] = [];
  for (const [index, record] of next)
    if (!removed.has(index)) changes.push(...labelChanges(index, edges[index].record, record));
  // Remove from the end so earlier indices stay valid.
  for (const index of [...removed].sort((a, b) => b - a)) changes.push({ path: [index], value: undefined });
  const editor = new GameFileEditor(game, documents);
  editor.edit('mango-edges', changes);
  removeUnusedNames(
    game,
    edges.filter((edge) => !removed.has(edge.index)).map((edge) => edge.record),
    journal,
    editor,
  );
  const kept = keptReverseOnly.map(
    (record) =>
      ` '${record.src_node}' —${record.action}→ '${record.dst_node}' is known only by reversing it and keeps seen_in_reversed ${step}: change or remove it by hand if that no longer holds.`,
  );
  return editor.result(`Step ${step}: move annotation removed.${kept.join('')}`);
}

/** Names a mark added go again once no remaining edge uses them; names that were there before stay. */
function removeUnusedNames(
  game: LoadedGame,
  remaining: readonly EdgeRecord[],
  journal: MarkJournal,
  editor: GameFileEditor,
): void {
  const used = {
    'mango-locations': new Set(remaining.flatMap((edge) => [edge.src_node, edge.dst_node])),
    'mango-actions': new Set(remaining.map((edge) => edge.action)),
  };
  for (const kind of ['mango-locations', 'mango-actions'] as const) {
    const names = (kind === 'mango-locations' ? game.model.locations : game.model.actions)?.names ?? [];
    const added = journal.addedNames(game.key, kind);
    const unused = names
      .map((name, index) => ({ name: name.value, index }))
      .filter(({ name }) => added.has(name) && !used[kind].has(name));
    for (const { name } of unused) journal.forgetName(game.key, kind, name);
    editor.edit(
      kind,
      unused
        .map(({ index }) => index)
        .sort((a, b) => b - a)
        .map((index) => ({ path: [index], value: undefined })),
    );
  }
}
