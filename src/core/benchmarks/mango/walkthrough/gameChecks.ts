// Cross-file checks of one MANGO game folder: the edges against the location and action lists,
// the step labels against the walkthrough, and the graph's own consistency. Each finding lands
// in the file where a fix would be made.
import type { FileKind } from '../fileKinds';
import type { Diagnostic, Range, Severity } from '../../../util/text';
import { MangoCodes } from './codes';
import { normaliseAction } from './directions';
import type { EdgesFile, LocatedEdge, NameListFile } from './gameFiles';
import { NEVER } from '../types';
import type { WalkthroughDocument, WalkthroughStep } from './walkthroughDocument';
import { confusablePairs, letterSimilarity, wordSimilarity } from '../scoring/confusion';
import { MangoGraph } from '../graph/graph';
import { imputeReverseEdges } from '../graph/imputation';

export interface GameModel {
  walkthrough?: WalkthroughDocument;
  edges?: EdgesFile;
  actions?: NameListFile;
  locations?: NameListFile;
  /** file/bom diagnostics of the files that started with a byte order mark (stripped before parsing). */
  bom?: Array<{ kind: FileKind; diagnostic: Diagnostic }>;
}

type GameDiagnostics = Map<FileKind, Diagnostic[]>;

class Findings {
  readonly byFile: GameDiagnostics = new Map();

  add(
    kind: FileKind,
    severity: Severity,
    code: string,
    message: string,
    range: Range,
    data?: Record<string, string | number>,
  ): void {
    let list = this.byFile.get(kind);
    if (!list) this.byFile.set(kind, (list = []));
    list.push({ severity, code, message, range, ...(data ? { data } : {}) });
  }
}

/** Runs every cross-file check that the present files allow. */
export function checkGame(game: GameModel): GameDiagnostics {
  const findings = new Findings();
  const edges = game.edges?.edges ?? [];
  if (game.locations) checkNameList(findings, 'mango-locations', game.locations, 'location');
  if (game.actions) checkNameList(findings, 'mango-actions', game.actions, 'action');
  if (game.edges) {
    checkAgainstLists(findings, edges, game);
    checkEdgeShapes(findings, edges);
    checkStepLabels(findings, edges, game.walkthrough);
    checkReachability(findings, edges, game);
    checkImputationConflicts(findings, edges);
  }
  if (game.walkthrough && game.edges) checkWalkthroughMoves(findings, edges, game.walkthrough, game.locations);
  if (game.locations) {
    for (const pair of confusablePairs(game.locations.names.map((name) => name.value))) {
      const located = game.locations.names[pair.first];
      findings.add(
        'mango-locations',
        'information',
        MangoCodes.confusableLocations,
        `'${located.value}' and '${pair.otherName}' are easy to confuse (word similarity ${pair.similarity.toFixed(2)}).`,
        located.range,
      );
    }
  }
  return findings.byFile;
}

/** The known name most like `name` (word or letter similarity), for a "did you mean" fix. */
function closestName(name: string, known: ReadonlySet<string>): { suggestion?: string } {
  let best: { name: string; score: number } | null = null;
  for (const candidate of known) {
    const score = Math.max(wordSimilarity(name, candidate), letterSimilarity(name, candidate));
    if (score >= 0.6 && (!best || score > best.score)) best = { name: candidate, score };
  }
  return best ? { suggestion: best.name } : {};
}

function checkNameList(findings: Findings, kind: FileKind, list: NameListFile, noun: string): void {
  const seen = new Set<string>();
  for (const name of list.names) {
    if (seen.has(name.value))
      findings.add(
        kind,
        'warning',
        MangoCodes.duplicateName,
        `The ${noun} '${name.value}' is listed twice.`,
        name.range,
      );
    seen.add(name.value);
    if (name.value !== name.value.toLowerCase())
      findings.add(
        kind,
        'warning',
        MangoCodes.notLowerCase,
        `Upstream ${noun} names are lower-case; '${name.value}' is not.`,
        name.range,
      );
  }
}

function checkAgainstLists(findings: Findings, edges: readonly LocatedEdge[], game: GameModel): void {
  const locations = game.locations ? new Set(game.locations.names.map((name) => name.value)) : null;
  const actions = game.actions ? new Set(game.actions.names.map((name) => name.value)) : null;
  const usedLocations = new Set<string>();
  const usedActions = new Set<string>();
  for (const edge of edges) {
    const { src_node, dst_node, action } = edge.record;
    usedLocations.add(src_node).add(dst_node);
    usedActions.add(action);
    if (locations) {
      for (const field of ['src_node', 'dst_node'] as const) {
        const name = edge.record[field];
        if (!locations.has(name))
          findings.add(
            'mango-edges',
            'error',
            MangoCodes.unknownLocation,
            `'${name}' is not in locations.json.`,
            edge.fieldRange(field),
            { name, ...closestName(name, locations) },
          );
      }
    }
    if (actions && !actions.has(action))
      findings.add(
        'mango-edges',
        'error',
        MangoCodes.unknownAction,
        `'${action}' is not in actions.json.`,
        edge.fieldRange('action'),
        { name: action, ...closestName(action, actions) },
      );
  }
  for (const name of game.locations?.names ?? []) {
    if (!usedLocations.has(name.value))
      findings.add(
        'mango-locations',
        'warning',
        MangoCodes.unusedLocation,
        `No edge uses the location '${name.value}'.`,
        name.range,
        { index: name.index },
      );
  }
  for (const name of game.actions?.names ?? []) {
    if (!usedActions.has(name.value))
      findings.add(
        'mango-actions',
        'warning',
        MangoCodes.unusedAction,
        `No edge uses the action '${name.value}'.`,
        name.range,
        { index: name.index },
      );
  }
}

function checkEdgeShapes(findings: Findings, edges: readonly LocatedEdge[]): void {
  const seenTriples = new Map<string, LocatedEdge>();
  const destinations = new Map<string, LocatedEdge>();
  for (const edge of edges) {
    const { src_node, action, dst_node } = edge.record;
    const triple = JSON.stringify([src_node, action, dst_node]);
    const first = seenTriples.get(triple);
    if (first) {
      findings.add(
        'mango-edges',
        'error',
        MangoCodes.duplicateEdge,
        `Duplicate edge '${src_node}' —${action}→ '${dst_node}' (first at index ${first.index}).`,
        edge.range,
        { index: edge.index },
      );
      continue;
    }
    seenTriples.set(triple, edge);
    const move = JSON.stringify([src_node, action]);
    const other = destinations.get(move);
    if (other && other.record.dst_node !== dst_node) {
      findings.add(
        'mango-edges',
        'warning',
        MangoCodes.ambiguousMove,
        `'${action}' from '${src_node}' leads to '${dst_node}' here and to '${other.record.dst_node}' at index ${other.index}.`,
        edge.fieldRange('dst_node'),
      );
    } else destinations.set(move, edge);
  }
}

// Over 50 lines: the step-label rules of an edge, one after another, read top to bottom.
function checkStepLabels(
  findings: Findings,
  edges: readonly LocatedEdge[],
  walkthrough: WalkthroughDocument | undefined,
): void {
  const lastStep = walkthrough ? walkthrough.lastStepNumber() : null;
  for (const edge of edges) {
    const r = edge.record;
    const minimumPairs = [
      ['edge_min_step', r.seen_in_forward, r.seen_in_reversed],
      ['edge_min_step_answerable', r.seen_in_forward_answerable, r.seen_in_reversed_answerable],
    ] as const;
    for (const [field, forward, reversed] of minimumPairs) {
      const expected = Math.min(forward, reversed);
      if (r[field] !== expected)
        findings.add(
          'mango-edges',
          'error',
          MangoCodes.stepLabel,
          `${field} must be the smaller of its two seen_in fields (${expected}), found ${r[field]}.`,
          edge.fieldRange(field),
          { index: edge.index, field, expected },
        );
    }
    if (r.seen_in_forward === NEVER && r.seen_in_reversed === NEVER) {
      findings.add(
        'mango-edges',
        'error',
        MangoCodes.stepLabel,
        'An edge seen neither forward nor reversed (both 9999) can never be known.',
        edge.range,
      );
    }
    for (const [seen, answerable] of [
      ['seen_in_forward', 'seen_in_forward_answerable'],
      ['seen_in_reversed', 'seen_in_reversed_answerable'],
    ] as const) {
      if (r[answerable] < r[seen])
        findings.add(
          'mango-edges',
          'error',
          MangoCodes.stepLabel,
          `${answerable} (${r[answerable]}) cannot come before ${seen} (${r[seen]}).`,
          edge.fieldRange(answerable),
        );
      if ((r[seen] === NEVER) !== (r[answerable] === NEVER))
        findings.add(
          'mango-edges',
          'error',
          MangoCodes.stepLabel,
          `${seen} and ${answerable} must both be 9999 (never) or both be steps.`,
          edge.fieldRange(answerable),
        );
    }
    if (lastStep !== null) {
      for (const field of [
        'seen_in_forward',
        'seen_in_reversed',
        'seen_in_forward_answerable',
        'seen_in_reversed_answerable',
      ] as const) {
        const value = r[field];
        if (value !== NEVER && value > lastStep)
          findings.add(
            'mango-edges',
            'error',
            MangoCodes.stepLabel,
            `${field} is ${value}, past the walkthrough's last step ${lastStep}; use 9999 for never.`,
            edge.fieldRange(field),
          );
      }
    }
  }
}

/** A naive reverse (as the evaluator adds it) that contradicts an explicit edge with the same source and action. */
function checkImputationConflicts(findings: Findings, edges: readonly LocatedEdge[]): void {
  const graph = MangoGraph.fromRecords(edges.map((edge) => edge.record));
  for (const imputed of imputeReverseEdges(graph)) {
    const conflict = edges.find(
      ({ record }) =>
        record.src_node === imputed.src && record.action === imputed.action && record.dst_node !== imputed.dst,
    );
    const reversed = imputed.reverseOf;
    if (!conflict || !reversed) continue;
    findings.add(
      'mango-edges',
      'warning',
      MangoCodes.imputationConflict,
      `Reversing '${reversed.src}' —${reversed.action}→ '${reversed.dst}' gives '${imputed.action}' from '${imputed.src}' to '${imputed.dst}', but this edge leads to '${conflict.record.dst_node}'; the evaluator adds the reverse anyway.`,
      conflict.fieldRange('dst_node'),
    );
  }
}

function checkReachability(findings: Findings, edges: readonly LocatedEdge[], game: GameModel): void {
  if (edges.length === 0) return;
  const start = startLocation(edges, game);
  const successors = new Map<string, string[]>();
  for (const { record } of edges) {
    const list = successors.get(record.src_node) ?? [];
    list.push(record.dst_node);
    successors.set(record.src_node, list);
  }
  const reached = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const next of successors.get(queue.pop() as string) ?? []) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  for (const name of game.locations?.names ?? []) {
    if (
      !reached.has(name.value) &&
      edges.some((edge) => edge.record.src_node === name.value || edge.record.dst_node === name.value)
    ) {
      findings.add(
        'mango-locations',
        'warning',
        MangoCodes.unreachableLocation,
        `'${name.value}' cannot be reached from the start location '${start}'.`,
        name.range,
      );
    }
  }
}

/** The starting room: step 0's room when it is a known location, else the source of the earliest edge. */
function startLocation(edges: readonly LocatedEdge[], game: Pick<GameModel, 'walkthrough'>): string {
  const firstRoom = game.walkthrough?.steps()[0]?.location?.toLowerCase();
  if (firstRoom && edges.some((edge) => edge.record.src_node === firstRoom)) return firstRoom;
  return edges.reduce((best, edge) => (edge.record.edge_min_step < best.record.edge_min_step ? edge : best)).record
    .src_node;
}

function checkWalkthroughMoves(
  findings: Findings,
  edges: readonly LocatedEdge[],
  walkthrough: WalkthroughDocument,
  locations: NameListFile | undefined,
): void {
  const steps = walkthrough.steps();
  const stepByNumber = new Map<number, WalkthroughStep>(steps.map((step) => [step.number, step]));
  const annotatedSteps = new Set<number>();
  for (const edge of edges) {
    const stepNumber = edge.record.seen_in_forward;
    if (stepNumber === NEVER) continue;
    annotatedSteps.add(stepNumber);
    const step = stepByNumber.get(stepNumber);
    // A step without an action is already reported by the walkthrough's own checks.
    if (step && step.action !== '' && normaliseAction(step.action) !== edge.record.action) {
      findings.add(
        'mango-edges',
        'warning',
        MangoCodes.actionMismatch,
        `seen_in_forward names step ${stepNumber}, whose action is '${step.action}', not '${edge.record.action}'.`,
        edge.fieldRange('seen_in_forward'),
      );
    }
  }
  // A move is detectable when two consecutive recognised rooms are both known locations and differ.
  // Only the labelled prefix is checked: the release labels stop at a cutoff (70 steps) although
  // the walkthrough goes on.
  const known = new Set(locations?.names.map((name) => name.value) ?? []);
  const connected = new Set(edges.map((edge) => JSON.stringify([edge.record.src_node, edge.record.dst_node])));
  const lastLabelled = Math.max(
    -1,
    ...edges.map((edge) => edge.record.seen_in_forward).filter((step) => step !== NEVER),
  );
  if (known.size === 0) return;
  let previousRoom: string | null = null;
  for (const step of steps) {
    if (step.number > lastLabelled) break;
    const room = step.location?.toLowerCase() ?? null;
    if (room === null || !known.has(room)) continue;
    if (
      previousRoom !== null &&
      room !== previousRoom &&
      !annotatedSteps.has(step.number) &&
      !connected.has(JSON.stringify([previousRoom, room]))
    ) {
      findings.add(
        'mango-walkthrough',
        'information',
        MangoCodes.unannotatedMove,
        `Step ${step.number} seems to move from '${previousRoom}' to '${room}', but no edge connects them.`,
        step.headerRange,
      );
    }
    previousRoom = room;
  }
}
