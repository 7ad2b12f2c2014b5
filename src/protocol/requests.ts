// Custom LSP requests between the extension (client) and the language server. One definition of
// each method name and its parameter/result shapes, imported by both sides, so a rename or a new
// field cannot drift (the same idea as rust-analyzer's lsp_ext.ts).
import type { WorkspaceEdit } from 'vscode-languageserver-types';

/** A walkthrough step reduced to what views need. */
export interface StepSummary {
  number: number;
  action: string;
  location: string | null;
  /** 0-based line of the step header. */
  line: number;
}

export const WalkthroughStepsRequest = 'waypoint/walkthroughSteps';
export interface WalkthroughStepsParams {
  uri: string;
}
export interface WalkthroughStepsResult {
  uri: string;
  version: number;
  steps: StepSummary[];
}

export const ValidateWorkspaceRequest = 'waypoint/validateWorkspace';
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

export const MoveSuggestionRequest = 'waypoint/moveSuggestion';
export interface MoveSuggestionParams {
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

export const MarkMoveRequest = 'waypoint/markMove';
export interface MarkMoveParams {
  uri: string;
  step: number;
  source: string;
  action: string;
  destination: string;
}

export const UnmarkMoveRequest = 'waypoint/unmarkMove';
export interface UnmarkMoveParams {
  uri: string;
  step: number;
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

export const ImputedEdgesRequest = 'waypoint/imputedEdges';
export interface ImputedEdgesParams {
  /** Any file of the game. */
  uri: string;
  /** User reverse pairs on top of the spec's five, e.g. [["enter", "exit"]]. */
  extraPairs: Array<[string, string]>;
}
export interface ImputedEdgesResult {
  candidates: ImputedEdgeCandidate[];
}

export const AcceptImputedEdgesRequest = 'waypoint/acceptImputedEdges';
export interface AcceptImputedEdgesParams extends ImputedEdgesParams {
  accept: Array<Pick<ImputedEdgeCandidate, 'source' | 'action' | 'destination'>>;
}

export const GenerateSkeletonsRequest = 'waypoint/generateSkeletons';
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
export const SkeletonProgressNotification = 'waypoint/skeletonProgress';
export interface SkeletonProgressParams {
  outputPath: string;
  pairs: number;
  totalPairs: number;
  lines: number;
}

export const MazeGraphRequest = 'waypoint/mazeGraph';
export interface MazeGraphParams {
  /** Any file of the game. */
  uri: string;
  extraPairs: Array<[string, string]>;
}

export const CutoffStatsRequest = 'waypoint/cutoffStats';
export interface CutoffStatsParams {
  uri: string;
  cutoff: number;
}

export const MazeSelectionRequest = 'waypoint/mazeSelection';
export interface MazeSelectionParams {
  uri: string;
  line: number;
  character: number;
}
/** What the cursor is on, as maze node names and maze edge ids (empty when nothing). */
export interface MazeSelectionResult {
  nodes: string[];
  edges: string[];
}

export const MazeRevealRequest = 'waypoint/mazeReveal';
export interface MazeRevealParams {
  /** Any file of the game. */
  uri: string;
  node?: string;
  edge?: string;
}
/** Where to show a maze node (its first step in the walkthrough) or edge (its record in edges.json). */
export interface MazeRevealResult {
  uri: string;
  line: number;
}

export const AnswerTrajectoryRequest = 'waypoint/answerTrajectory';
export interface AnswerTrajectoryParams {
  /** Any file of the game the answer is about. */
  uri: string;
  /** The model's raw answer (a MANGO result's `response`, or `answer`). */
  response: unknown;
  title: string;
  start: string | null;
  /** The question's cutoff step, when known (the view fades the maze to it). */
  cutoff: number | null;
  extraPairs: Array<[string, string]>;
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

export const ListQuestionsRequest = 'waypoint/listQuestions';
export interface ListQuestionsParams {
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

export const OfflineAnswerRequest = 'waypoint/offlineAnswer';
export interface OfflineAnswerParams {
  uri: string;
  agent: 'oracle' | 'random';
  question: import('../core/eval/types').MangoQuestion;
  seed: number;
}

export const PrepareQuestionRequest = 'waypoint/prepareQuestion';
export interface PrepareQuestionParams {
  uri: string;
  task: 'df' | 'rf';
  sampleId: string;
  cutoff: number;
  template: 'release' | 'paper';
}
export interface PrepareQuestionResult {
  question: import('../core/eval/types').MangoQuestion;
  messages: import('../core/eval/types').ChatMessage[];
}

export const ScoreAnswerRequest = 'waypoint/scoreAnswer';
export interface ScoreAnswerParams {
  uri: string;
  question: import('../core/eval/types').MangoQuestion;
  response: string;
  mode: 'faithful' | 'reference';
}
export interface ScoreAnswerResult {
  scores: Record<string, number | boolean | string | null>;
  /** Core diagnostics on the raw answer text (0-based positions in `response`). */
  diagnostics: import('../core/text').Diagnostic[];
  trajectory: import('./maze').Trajectory;
}

/**
 * A BabyAI level file as the board draws it: the server parses and validates level files, so the
 * extension asks for the level instead of parsing the text again (`waypoint/gridState` in DESIGN.md).
 */
export const GridStateRequest = 'waypoint/gridState';
export interface GridStateParams {
  uri: string;
}
export interface GridStateResult {
  /** The open document's version the level was read from; null when read from disk. */
  version: number | null;
  /** Null when the file has errors (they are in Problems) or is not a level file. */
  level: import('../core/babyai/env').LevelSpec | null;
}
