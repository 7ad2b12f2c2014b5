// What the maze view draws: a MANGO game's maze as core builds it, the question counts at a cutoff,
// and a model's answer checked against the maze. Plain data only; src/protocol/maze.ts carries it
// to the webview (it re-exports these types; core never imports protocol).

/** Compass and vertical directions an action can have; null for any other action. */
export type MazeDirection =
  | 'north'
  | 'south'
  | 'east'
  | 'west'
  | 'northeast'
  | 'northwest'
  | 'southeast'
  | 'southwest'
  | 'up'
  | 'down';

export interface MazeNode {
  name: string;
  /** First walkthrough step at which the location is known (9999: never). */
  firstStep: number;
}

export interface MazeEdge {
  /**
   * The index in edges.json, or `imputed:<n>`: the evaluator's own reverses (the five default
   * pairs) come first, so they keep their ids when user pairs add more, and a trajectory computed on
   * the evaluator's graph names the same edges in a view drawn with user pairs.
   */
  id: string;
  src: string;
  dst: string;
  action: string;
  direction: MazeDirection | null;
  /** False for an imputed (naive reverse) edge that edges.json does not have. */
  explicit: boolean;
  /** Step at which the edge becomes known (edge_min_step; for an imputed edge, the step it reverses). */
  minStep: number;
  /** seen_in_forward: 9999 when the edge is known only by reversal. */
  forwardStep: number;
}

export interface MazeGraph {
  game: string;
  /** The start location (step 0's room), when known. */
  start: string | null;
  /** The walkthrough's last step, the slider's end. */
  lastStep: number;
  nodes: MazeNode[];
  edges: MazeEdge[];
  /** The action pairs whose naive reverses the graph imputes (the evaluator's five, plus any user pairs). */
  reversePairs: Array<[string, string]>;
}

/** Question counts at one cutoff, from the skeleton files' labels. */
export interface CutoffStats {
  cutoff: number;
  df: { total: number; answerable: number; easy: number; hard: number } | null;
  rf: { total: number; answerable: number; easy: number; hard: number } | null;
}

export type StepVerdict = 'valid' | 'imputed' | 'hallucinated-edge' | 'unknown-location';

/** One step of a model's answer, checked by core against the maze. */
export interface TrajectoryStep {
  index: number;
  from: string;
  action: string;
  to: string;
  verdict: StepVerdict;
  /** The maze edge walked, for valid and imputed steps. */
  edgeId: string | null;
  /** False when this step does not start where the previous one ended. */
  chained: boolean;
  message: string;
}

export interface Trajectory {
  title: string;
  /** Where the question starts. */
  start: string | null;
  /**
   * The question's cutoff step (what the model was shown): the view fades what is unknown at it, so
   * the path is drawn over the maze the question was asked on. Null: not known, nothing faded.
   */
  cutoff: number | null;
  steps: TrajectoryStep[];
  /** Set when the answer could not be parsed at all. */
  error: string | null;
  /** The graph the steps were checked on: always the evaluator's, the one scoring uses. */
  graph: {
    reversePairs: Array<[string, string]>;
    /** Set when the view draws more than that graph (user reverse pairs): says the answer is drawn on the evaluator's graph. */
    note: string | null;
  };
}

/**
 * The question an answer was given to, so the view can draw the expected route beside the model's:
 * RF a shortest route from `src` to `dst`, DF the walkthrough's `actions` followed from `src`. A `map`
 * question (MANGO's draw-the-map task) asks for no route: its `src` and `dst` are both the
 * walkthrough's first room, so the expected route is empty.
 */
export interface RouteQuestion {
  task: 'df' | 'rf' | 'map';
  src: string;
  dst: string;
  /** DF: the actions to follow; empty for RF. */
  actions: string[];
}

export interface ExpectedRouteStep {
  from: string;
  action: string;
  to: string;
  /** The maze edge (MazeEdge.id) the step walks. */
  edgeId: string;
}

/** The expected route of a question, as core computes it (expectedRoute.ts); the host sends it, the view draws it. */
export interface ExpectedRoute {
  steps: ExpectedRouteStep[];
  /** Why the route stops short or is not the one at the cutoff (no route, an action with no edge); null when none. */
  problem: string | null;
}

/** What the view says when it draws more reverse edges than the evaluator imputes; null when it does not. */
export function evaluatorGraphNote(extraPairs: ReadonlyArray<readonly [string, string]>): string | null {
  if (extraPairs.length === 0) return null;
  const pairs = extraPairs.map(([a, b]) => `${a}/${b}`).join(', ');
  return `Drawn on the evaluator's graph: your reverse pair${extraPairs.length > 1 ? 's' : ''} ${pairs} (waypoint.mango.reversePairs) only add dashed edges to the view; the evaluator does not accept moves along them.`;
}
