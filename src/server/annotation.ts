// Annotating walkthrough steps as moves: suggestions for "Mark step as move", and the edits that
// write (or remove) the edge and any new location or action names. Edits are returned to the
// client as one WorkspaceEdit, which VS Code applies as a single undoable change.
import type { FileKind } from '../core/files';
import { OPPOSITE_DIRECTIONS, normaliseAction } from '../core/mango/directions';
import type { LocatedEdge } from '../core/mango/gameFiles';
import { NEVER, type EdgeRecord } from '../core/mango/types';
import type { WalkthroughStep } from '../core/mango/walkthroughDocument';
import type { GameEditResult, MarkMoveParams, MoveSuggestionResult, MoveSummary, UnmarkMoveParams } from '../protocol/requests';
import type { DocumentStore } from './documents';
import { gameFileUri, type LoadedGame } from './games';
import { applyJsonChanges, GameEditBuilder, type JsonChange } from './jsonEdits';

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
  for (const edge of game.model.edges?.edges ?? []) if (edge.record.seen_in_forward !== NEVER) annotatedDestination.set(edge.record.seen_in_forward, edge.record.dst_node);
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

function withMinimums(record: EdgeRecord): EdgeRecord {
  return {
    ...record,
    edge_min_step: Math.min(record.seen_in_forward, record.seen_in_reversed),
    edge_min_step_answerable: Math.min(record.seen_in_forward_answerable, record.seen_in_reversed_answerable),
  };
}

function findEdge(edges: readonly LocatedEdge[], source: string, action: string, destination: string): LocatedEdge | undefined {
  return edges.find((edge) => edge.record.src_node === source && edge.record.action === action && edge.record.dst_node === destination);
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

/** The edit that records `source —action→ destination` as first made at `step`. */
export function markMove(game: LoadedGame, documents: DocumentStore, params: MarkMoveParams): GameEditResult {
  const source = params.source.trim().toLowerCase();
  const destination = params.destination.trim().toLowerCase();
  const action = normaliseAction(params.action);
  if (!source || !destination || !action) return { edit: null, message: 'A move needs a source, an action and a destination.' };
  const edges = game.model.edges?.edges ?? [];
  const editor = new GameFileEditor(game, documents);
  const edgeChanges: JsonChange[] = [];
  const existing = findEdge(edges, source, action, destination);
  if (existing) {
    if (existing.record.seen_in_forward <= params.step) return { edit: null, message: `'${source}' —${action}→ '${destination}' is already known from step ${existing.record.seen_in_forward}.` };
    const updated = withMinimums({ ...existing.record, seen_in_forward: params.step, seen_in_forward_answerable: Math.min(existing.record.seen_in_forward_answerable, params.step) });
    edgeChanges.push({ path: [existing.index], value: updated });
  } else {
    // The reverse of an earlier forward move, if there is one, makes this edge known by reversal.
    const opposite = OPPOSITE_DIRECTIONS[action];
    const reverseSource = opposite ? findEdge(edges, destination, opposite, source) : undefined;
    const reversedAt = reverseSource && reverseSource.record.seen_in_forward !== NEVER ? reverseSource.record.seen_in_forward : NEVER;
    const record = withMinimums({
      src_node: source, dst_node: destination, action,
      seen_in_forward: params.step, seen_in_reversed: reversedAt, edge_min_step: 0,
      seen_in_forward_answerable: params.step, seen_in_reversed_answerable: reversedAt, edge_min_step_answerable: 0,
    });
    edgeChanges.push({ path: [game.model.edges?.edges.length ?? 0], value: record, insert: true });
  }
  // This move, reversed, gives the opposite edge: record that on it when it exists.
  const opposite = OPPOSITE_DIRECTIONS[action];
  const reverse = opposite ? findEdge(edges, destination, opposite, source) : undefined;
  if (reverse && reverse.record.seen_in_reversed > params.step) {
    edgeChanges.push({ path: [reverse.index], value: withMinimums({ ...reverse.record, seen_in_reversed: params.step, seen_in_reversed_answerable: Math.min(reverse.record.seen_in_reversed_answerable, params.step) }) });
  }
  editor.edit('mango-edges', edgeChanges);
  const knownLocations = new Set(game.model.locations?.names.map((name) => name.value));
  const newLocations = [...new Set([source, destination])].filter((name) => !knownLocations.has(name));
  editor.edit('mango-locations', newLocations.map((name, offset) => ({ path: [knownLocations.size + offset], value: name, insert: true })));
  const knownActions = new Set(game.model.actions?.names.map((name) => name.value));
  if (!knownActions.has(action)) editor.edit('mango-actions', [{ path: [knownActions.size], value: action, insert: true }]);
  return editor.result(`Step ${params.step}: '${source}' —${action}→ '${destination}'.`);
}

/** The edit that forgets the moves first made at `step`; edges also known by reversal stay, as reverse-only. */
export function unmarkMove(game: LoadedGame, documents: DocumentStore, params: UnmarkMoveParams): GameEditResult {
  const edges = game.model.edges?.edges ?? [];
  const editor = new GameFileEditor(game, documents);
  const changes: JsonChange[] = [];
  const removals: number[] = [];
  for (const edge of edges) {
    const record = edge.record;
    const forwardHere = record.seen_in_forward === params.step;
    const reversedHere = record.seen_in_reversed === params.step;
    if (!forwardHere && !reversedHere) continue;
    const next = withMinimums({
      ...record,
      ...(forwardHere ? { seen_in_forward: NEVER, seen_in_forward_answerable: NEVER } : {}),
      ...(reversedHere ? { seen_in_reversed: NEVER, seen_in_reversed_answerable: NEVER } : {}),
    });
    if (next.seen_in_forward === NEVER && next.seen_in_reversed === NEVER) removals.push(edge.index);
    else changes.push({ path: [edge.index], value: next });
  }
  if (changes.length === 0 && removals.length === 0) return { edit: null, message: `Step ${params.step} has no annotated move.` };
  // Remove from the end so earlier indices stay valid.
  for (const index of removals.sort((a, b) => b - a)) changes.push({ path: [index], value: undefined });
  editor.edit('mango-edges', changes);
  return editor.result(`Step ${params.step}: move annotation removed.`);
}
