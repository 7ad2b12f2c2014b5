// One MANGO question from skeleton line to score, shared by the editor (the server's Run Question)
// and the CLI (`waypoint mango score`), so both give the same scores for the same answer: the exact
// prompt of a question, and the scores, diagnostics and trajectory of a reply. Everything is plain
// data (edge records, walkthrough text, names), and the graph an answer is checked on is stated:
// the released evaluator's G_eval (spec mango.md §3), edges.json plus the naive reverses of the
// five default direction pairs. User reverse pairs are an authoring aid for the maze view and never
// enter scoring, so the trajectory the maze steps through is the one the scores were computed on.
import type { ChatMessage } from '../../../eval/types';
import type { MangoQuestion } from '../questionSchema';
import type { Diagnostic } from '../../../util/text';
import { answerDiagnostics } from './answerDiagnostics';
import { buildMazeGraph } from '../maze/maze';
import type { MazeGraph, Trajectory } from '../../../maze/mazeView';
import { renderMangoPrompt } from '../prompt';
import { referenceScorer, type ReferenceLookup, type ReferenceResult } from './referenceScoring';
import { faithfulScorer, type MangoScore } from './scoring';
import { cl100kCounter, PROMPT_TOKEN_BUDGET } from '../tokenizer';
import { answerTrajectory } from '../maze/trajectory';
import type { EdgeRecord } from '../types';

export type MangoScoringMode = 'faithful' | 'reference';

/** A question as a skeleton line labels it (the Run Question picker's summary). */
type MangoQuestionLabels = Pick<
  MangoQuestion,
  'task' | 'sampleId' | 'src' | 'dst' | 'actionList' | 'answerable' | 'easy' | 'pathLength'
>;

interface MangoQuestionInput {
  game: string;
  /** The walkthrough file's text (BOM stripped). */
  walkthrough: string;
  actions: readonly string[];
  locations: readonly string[];
  question: MangoQuestionLabels;
  cutoff: number;
  template: 'release' | 'paper';
  /** The walkthrough as cut for this cutoff, when the caller cut it once for many questions (see PromptInput.cut). */
  walkthroughCut?: { text: string; modelCutoffNum: number };
}

interface PromptedMangoQuestion {
  /** `cutoff` is the rendered prompt's model_cutoff_num (the step the model actually sees). */
  question: MangoQuestion;
  messages: ChatMessage[];
}

/** The question and its exact upstream prompt (cl100k token budget, as camera-ready cuts it). */
export function prepareMangoQuestion(input: MangoQuestionInput): PromptedMangoQuestion {
  const { question } = input;
  const rendered = renderMangoPrompt({
    walkthrough: input.walkthrough,
    actions: [...input.actions],
    locations: [...input.locations],
    task: question.task,
    src: question.src,
    dst: question.dst,
    actionList: question.actionList,
    cutoff: input.cutoff,
    template: input.template,
    tokens: { counter: cl100kCounter(), budget: PROMPT_TOKEN_BUDGET },
    ...(input.walkthroughCut ? { cut: input.walkthroughCut } : {}),
  });
  return {
    question: {
      benchmark: 'mango',
      game: input.game,
      task: question.task,
      sampleId: question.sampleId,
      src: question.src,
      dst: question.dst,
      actionList: [...question.actionList],
      answerable: question.answerable,
      easy: question.easy,
      cutoff: rendered.modelCutoffNum,
      ...(question.pathLength !== undefined ? { pathLength: question.pathLength } : {}),
    },
    messages: rendered.messages,
  };
}

/** A game as scoring needs it. `locations`, `start` and `lastStep` only shape the trajectory's maze. */
export interface MangoGameData {
  game: string;
  records: readonly EdgeRecord[];
  locations?: readonly string[];
  start?: string | null;
  lastStep?: number;
}

/**
 * Reference mode reads a result file's record (its labels, model_cutoff_num and missing keys
 * count, as the released evaluator's do) and looks skeleton facts up in the game's files. Without
 * it, the record is built from the question and its labels stand in for the skeleton (the editor).
 */
export interface MangoReferenceInput {
  record: Record<string, unknown>;
  lookup: ReferenceLookup;
}

export interface MangoScoreOutcome {
  /** Flat and JSON-able for the run record; always has `mode`. */
  scores: Record<string, number | boolean | string | null>;
  /** The scorer's own result (the CLI's per-record report and summary). */
  raw: MangoScore | ReferenceResult;
}

export interface MangoAnswerResult extends MangoScoreOutcome {
  /** Ranges in the REPLY text, checked on the evaluator's graph. */
  diagnostics: Diagnostic[];
  /** The reply as a walk on the evaluator's graph (`trajectory.graph` names it). */
  trajectory: Trajectory;
}

export interface MangoScorer {
  /** The evaluator's graph as the maze view draws it; trajectories and diagnostics use it. */
  readonly graph: MazeGraph;
  score(
    question: MangoQuestion,
    response: unknown,
    mode: MangoScoringMode,
    reference?: MangoReferenceInput,
  ): MangoScoreOutcome;
  /** Scores plus diagnostics and trajectory on the same graph (what the editor shows). */
  evaluate(question: MangoQuestion, response: string, mode: MangoScoringMode): MangoAnswerResult;
}

/** A scorer over one game's G_eval, built once for many answers. */
export function createMangoScorer(game: MangoGameData): MangoScorer {
  const graph = buildMazeGraph(game.game, game.records, game.locations ?? [], {
    start: game.start ?? null,
    lastStep: game.lastStep,
    extraPairs: [],
  });
  // Built on first faithful use: reference runs and trajectory-only callers never need it.
  let faithful: ReturnType<typeof faithfulScorer> | undefined;
  // A reference scorer builds G_eval once per lookup: the CLI passes one lookup for all its records.
  const referenceScorers = new WeakMap<ReferenceLookup, ReturnType<typeof referenceScorer>>();
  const referenceFor = (lookup: ReferenceLookup) => {
    let scorer = referenceScorers.get(lookup);
    if (!scorer) referenceScorers.set(lookup, (scorer = referenceScorer(game.records, lookup)));
    return scorer;
  };
  const score = (
    question: MangoQuestion,
    response: unknown,
    mode: MangoScoringMode,
    reference?: MangoReferenceInput,
  ): MangoScoreOutcome => {
    if (mode === 'faithful') {
      faithful ??= faithfulScorer(game.records);
      const raw = faithful(question, response);
      return { raw, scores: { ...raw } };
    }
    const input = reference ?? questionReference(question, response);
    const raw = referenceFor(input.lookup)(input.record);
    return { raw, scores: referenceScores(raw) };
  };
  return {
    graph,
    score,
    evaluate(question, response, mode) {
      const parseMode = mode === 'reference' ? 'reference' : 'faithful';
      return {
        ...score(question, response, mode),
        // DF answers are checked against the question's action list; reference mode reads the answer as the released evaluator does.
        diagnostics: answerDiagnostics(response, graph, question.src, question.dst, {
          ...(question.task === 'df' ? { actionList: question.actionList } : {}),
          mode: parseMode,
        }),
        trajectory: answerTrajectory(
          graph,
          response,
          `${question.task.toUpperCase()} ${question.src} → ${question.dst}`,
          question.src,
          question.cutoff,
          parseMode,
        ),
      };
    },
  };
}

/**
 * The released evaluator's input for an answer given in the editor. The question came from the
 * skeleton line, so its labels stand in for the result file's fields: an unanswerable question
 * gets a step number past the cutoff (a step_num_error, as upstream), a hard one a forward step
 * past it.
 */
function questionReference(question: MangoQuestion, response: unknown): MangoReferenceInput {
  const pastCutoff = question.cutoff + 1;
  return {
    lookup: {
      skeleton: () => ({
        min_step_forward_answerable: question.easy ? 0 : pastCutoff,
        path_length: question.actionList.length,
      }),
      shortestPathLength: () => 1,
    },
    record: {
      sample_id: question.sampleId,
      game_name: question.game,
      src_node: question.src,
      dst_node: question.dst,
      model_cutoff_num: question.cutoff,
      min_step_total_answerable: question.answerable ? 0 : pastCutoff,
      answerable: question.answerable,
      response,
      task: question.task === 'df' ? 'desti_finding' : 'route_finding',
      ...(question.task === 'df' ? { action_list: question.actionList } : {}),
    },
  };
}

function referenceScores(result: ReferenceResult): Record<string, number | boolean | string | null> {
  const range = (values: [number, number] | undefined) =>
    values ? `${values[0]}–${Number(values[1].toFixed(3))}` : null;
  return {
    parse_error: result.parse_error,
    step_error: result.step_error,
    success_strict: result.success_strict,
    success_loose: result.success_loose,
    reasoning: result.reasoning,
    mode: 'reference',
    ...(result.note ? { note: result.note } : {}),
    ...(result.hash_dependent
      ? {
          success_strict_range: range(result.hash_dependent.success_strict),
          success_loose_range: range(result.hash_dependent.success_loose),
        }
      : {}),
  };
}
