// Custom LSP requests and notifications between the extension (client) and the language server,
// each declared once as a typed object (as rust-analyzer's lsp_ext.ts and vscode-eslint's
// customMessages.ts do): the method name and the parameter and result types live only here, and no
// call site names a result type by hand.
//
// The objects are plain descriptors rather than vscode-jsonrpc RequestType instances on purpose:
// vscode-languageclient 11 and vscode-languageserver 10.1 (the latest) ship different vscode-jsonrpc
// versions, and the extension is several bundles, each with its own copy of vscode-jsonrpc. A
// RequestType made by one copy is rejected by another (its ParameterStructures is compared by
// identity: "Unknown parameter structure"). So each side sends or registers through one typed
// adapter of its own: src/extension/lspRequests.ts, src/server/lspHandlers.ts, test/support/lspClient.ts.
import type { WorkspaceEdit } from 'vscode-languageserver-types';
import type { MangoQuestion } from '../core/benchmarks/mango/questionSchema';
import type { AnswerParseMode } from '../core/benchmarks/mango/scoring/answers';
import type { CutoffStats, MazeGraph, Trajectory } from '../core/maze/mazeView';
import type { Diagnostic } from '../core/util/text';
import type { StepSummary } from './overview';

/** A custom request: its method name and, for the compiler only, its parameter and result types. */
export class LspRequest<P, R> {
  declare readonly types?: { params: P; result: R };
  constructor(readonly method: `waypoint/${string}`) {}
}

/** A custom notification: its method name and, for the compiler only, its parameter type. */
export class LspNotification<P> {
  declare readonly types?: { params: P };
  constructor(readonly method: `waypoint/${string}`) {}
}

export const WalkthroughStepsRequest = new LspRequest<WalkthroughStepsParams, WalkthroughStepsResult | null>(
  'waypoint/walkthroughSteps',
);
interface WalkthroughStepsParams {
  uri: string;
}
interface WalkthroughStepsResult {
  uri: string;
  version: number;
  steps: StepSummary[];
}

export const ValidateWorkspaceRequest = new LspRequest<ValidateWorkspaceParams, ValidateWorkspaceResult>(
  'waypoint/validateWorkspace',
);
export interface ValidateWorkspaceParams {
  /** Files above this size are listed as skipped rather than read. */
  maxFileSizeBytes: number;
}
export interface ValidateWorkspaceResult {
  files: number;
  errors: number;
  warnings: number;
  skipped: Array<{ path: string; reason: string }>;
  cancelled: boolean;
}

/** An annotated move as the walkthrough shows it. */
export interface MoveSummary {
  source: string;
  action: string;
  destination: string;
}

export const MoveSuggestionRequest = new LspRequest<MoveSuggestionParams, MoveSuggestionResult | null>(
  'waypoint/moveSuggestion',
);
interface MoveSuggestionParams {
  /** The walkthrough. */
  uri: string;
  /** A 0-based line inside the step. */
  line: number;
}
export interface MoveSuggestionResult {
  step: number;
  action: string;
  /** Where the player was before the step (the last recognised room), when known. */
  source: string | null;
  /** The room the step's observation shows, when recognised. */
  destination: string | null;
  /** Known locations, in locations.json order. */
  locations: string[];
  /** Moves already annotated on this step (edges whose seen_in_forward is this step). */
  annotated: MoveSummary[];
}

export const MarkMoveRequest = new LspRequest<MarkMoveParams, GameEditResult>('waypoint/markMove');
export interface MarkMoveParams {
  uri: string;
  step: number;
  source: string;
  action: string;
  destination: string;
}

export const UnmarkMoveRequest = new LspRequest<UnmarkMoveParams, GameEditResult>('waypoint/unmarkMove');
export interface UnmarkMoveParams {
  uri: string;
  step: number;
}

export const AnnotationProposalsRequest = new LspRequest<AnnotationProposalsParams, AnnotationProposalsResult | null>(
  'waypoint/annotationProposals',
);
interface AnnotationProposalsParams {
  /** Any file of the game. */
  uri: string;
}
/** One proposed move of `mango annotate`, names aligned to the game's annotation. */
export interface AnnotationProposalItem {
  /** The first step that makes the move, and all of them. */
  step: number;
  steps: number[];
  /** The step header's line in the walkthrough (0-based). */
  line: number;
  source: string;
  action: string;
  destination: string;
  confidence: number;
  reason: string;
  /** The observation lines that named the destination. */
  evidence: string[];
  /** edges.json already has this move as a forward edge. */
  annotated: boolean;
}
export interface AnnotationProposalsResult {
  proposals: AnnotationProposalItem[];
  /** locations.json's names, then the proposed ones not in it. */
  locations: string[];
}

/** Renames a location in every file of the game, or merges it into another known one (review queue). */
export const RenameLocationRequest = new LspRequest<RenameLocationParams, RenameLocationResult>(
  'waypoint/renameLocation',
);
export interface RenameLocationParams {
  /** Any file of the game. */
  uri: string;
  from: string;
  to: string;
  /** `to` must already be a location (merge) or must not be one (rename). */
  merge: boolean;
}
export interface RenameLocationResult extends GameEditResult {
  /** False when refused (the name is taken, or the merge target unknown); the review then keeps the old name. */
  ok: boolean;
  /** Set when a skeleton file was renamed in place instead of regenerated (too large): run Generate Skeletons for new paths. */
  notice?: string;
}

/** The edit to apply (as one undoable WorkspaceEdit), or why there is none. */
export interface GameEditResult {
  edit: WorkspaceEdit | null;
  message: string;
}

export interface ImputedEdgeCandidate {
  source: string;
  action: string;
  destination: string;
  /** The step whose forward move, reversed, gives this edge. */
  reversesStep: number;
  /** Where edges.json already sends `action` from `source`, when that is elsewhere. */
  conflictsWith: string | null;
}

export const ImputedEdgesRequest = new LspRequest<ImputedEdgesParams, ImputedEdgesResult>('waypoint/imputedEdges');
interface ImputedEdgesParams {
  /** Any file of the game. */
  uri: string;
  /** User reverse pairs on top of the spec's five, e.g. [["enter", "exit"]]. */
  extraPairs: Array<[string, string]>;
}
interface ImputedEdgesResult {
  candidates: ImputedEdgeCandidate[];
}

export const AcceptImputedEdgesRequest = new LspRequest<AcceptImputedEdgesParams, GameEditResult>(
  'waypoint/acceptImputedEdges',
);
export interface AcceptImputedEdgesParams extends ImputedEdgesParams {
  accept: Array<Pick<ImputedEdgeCandidate, 'source' | 'action' | 'destination'>>;
}

export const GenerateSkeletonsRequest = new LspRequest<GenerateSkeletonsParams, GenerateSkeletonsResult | null>(
  'waypoint/generateSkeletons',
);
export interface GenerateSkeletonsParams {
  /** Any file of the game. */
  uri: string;
  task: 'df' | 'rf';
  /** Absolute path of the file to stream the lines into (a temporary file the client then places). */
  outputPath: string;
  /** At most this many paths per ordered pair (full games have millions); omitted: no limit. */
  limitPerPair?: number;
}
export interface GenerateSkeletonsResult {
  lines: number;
  pairs: number;
  /** Pairs whose paths the limit cut short. */
  truncatedPairs: number;
  cancelled: boolean;
  /** Where the generated file belongs: `<game>.all2all.jsonl` or `<game>.all_pairs.jsonl`. */
  targetUri: string;
}

/** Sent by the server while generating. */
export const SkeletonProgressNotification = new LspNotification<SkeletonProgressParams>('waypoint/skeletonProgress');
export interface SkeletonProgressParams {
  outputPath: string;
  pairs: number;
  totalPairs: number;
  lines: number;
}

/**
 * Pushed by the server when a member of a MANGO game changed: an open member edited, a member saved
 * or changed on disk (the client's file watcher reports both). A burst of changes to one game is one
 * push, sent once the game has been quiet for a moment. Views showing the game ask again for what
 * they draw; nothing needs to poll.
 */
export const GameChangedNotification = new LspNotification<GameChangedParams>('waypoint/gameChanged');
export interface GameChangedParams {
  /** The game's folder as a file URI ending in `/`; null for a document saved in no folder (an untitled walkthrough is a game of its own). */
  folder: string | null;
  /** The game's name, its files' common prefix (`lighthouse`); for a document saved in no folder, its URI. */
  game: string;
  /** The members whose change this push reports, each URI as the client named it (so a view compares them with its own). */
  changed: string[];
  /** This game's pushes counted from 1 in the server's life: a view that saw version n has seen every change before it. */
  version: number;
}

export const MazeGraphRequest = new LspRequest<MazeGraphParams, MazeGraph | null>('waypoint/mazeGraph');
interface MazeGraphParams {
  /** Any file of the game. */
  uri: string;
  extraPairs: Array<[string, string]>;
}

export const CutoffStatsRequest = new LspRequest<CutoffStatsParams, CutoffStats | null>('waypoint/cutoffStats');
interface CutoffStatsParams {
  uri: string;
  cutoff: number;
}

export const MazeSelectionRequest = new LspRequest<MazeSelectionParams, MazeSelectionResult>('waypoint/mazeSelection');
interface MazeSelectionParams {
  uri: string;
  line: number;
  character: number;
}
/** What the cursor is on, as maze node names and maze edge ids (empty when nothing). */
interface MazeSelectionResult {
  nodes: string[];
  edges: string[];
}

export const MazeRevealRequest = new LspRequest<MazeRevealParams, MazeRevealResult | null>('waypoint/mazeReveal');
interface MazeRevealParams {
  /** Any file of the game. */
  uri: string;
  node?: string;
  edge?: string;
}
/** Where to show a maze node (its first step in the walkthrough) or edge (its record in edges.json). */
interface MazeRevealResult {
  uri: string;
  line: number;
}

export const AnswerTrajectoryRequest = new LspRequest<AnswerTrajectoryParams, Trajectory | null>(
  'waypoint/answerTrajectory',
);
export interface AnswerTrajectoryParams {
  /** Any file of the game the answer is about. */
  uri: string;
  /** The model's raw answer (a MANGO result's `response`, or `answer`). */
  response: unknown;
  title: string;
  start: string | null;
  /** The question's cutoff step, when known (the view fades the maze to it). */
  cutoff: number | null;
  /** The view's user reverse pairs. The answer is checked on the evaluator's graph all the same (as scoring does); these only set the trajectory's graph note. */
  extraPairs: Array<[string, string]>;
  /** How the answer is read (a reference-mode run's as the released evaluator reads it); faithful when absent. */
  mode?: AnswerParseMode;
  /** The answer is a played episode's walk: with no move yet it stands at `start` (no parse error). */
  episode?: boolean;
}

/** A question as the Run Question picker lists it. */
export interface QuestionSummary {
  sampleId: string;
  task: 'df' | 'rf';
  src: string;
  dst: string;
  actionList: string[];
  answerable: boolean;
  easy: boolean;
}

export const ListQuestionsRequest = new LspRequest<ListQuestionsParams, ListQuestionsResult | null>(
  'waypoint/listQuestions',
);
interface ListQuestionsParams {
  /** Any file of the game. */
  uri: string;
  task: 'df' | 'rf';
  cutoff: number;
  /** At most this many, in file order (skeleton files can hold tens of thousands). */
  limit: number;
}
export interface ListQuestionsResult {
  game: string;
  questions: QuestionSummary[];
  /** More questions exist than were listed. */
  truncated: boolean;
}

export const ScoreAnswerRequest = new LspRequest<ScoreAnswerParams, ScoreAnswerResult | null>('waypoint/scoreAnswer');
export interface ScoreAnswerParams {
  uri: string;
  question: MangoQuestion;
  response: string;
  mode: 'faithful' | 'reference';
}
export interface ScoreAnswerResult {
  scores: Record<string, number | boolean | string | null>;
  /** Core diagnostics on the raw answer text (0-based positions in `response`). */
  diagnostics: Diagnostic[];
  trajectory: Trajectory;
}

/**
 * A file the board draws live (a BabyAI level; the benchmark's `liveBoard` hook): the server parses
 * and validates such files, so the extension asks for the scene instead of parsing the text again
 * (`waypoint/gridState` in DESIGN.md).
 */
interface GridStateParams {
  uri: string;
}
export interface GridStateResult {
  /** The open document's version the scene was drawn from; null when read from disk. */
  version: number | null;
  /** Null when the file has errors (they are in Problems) or is of no kind drawn live. */
  scene: import('../core/benchmark/board').BoardScene | null;
}
export const GridStateRequest = new LspRequest<GridStateParams, GridStateResult>('waypoint/gridState');

/**
 * Pushed by the server once it has validated an edit of an open file drawn live (the benchmark's
 * `liveBoard` kinds: a BabyAI level), so a board showing it asks `waypoint/gridState` again. Edits
 * that settle within the validation's pause are one push.
 */
export const GridStateChangedNotification = new LspNotification<GridStateChangedParams>('waypoint/gridStateChanged');
export interface GridStateChangedParams {
  /** The file, as the client named it. */
  uri: string;
  /** The open document's version the server has validated. */
  version: number;
}
