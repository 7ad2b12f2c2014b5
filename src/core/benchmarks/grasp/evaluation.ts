// One GRASP question from grid to score: the exact prompt of one grid under one setting, the
// built-in agents (the spec §9 baselines answering as text), and the scoring of an answer text
// with diagnostics placed on the answer's own tokens, so an author sees which step went wrong.
// Extraction is the spec's recommended NON-OFFICIAL rule and every result says so.
import type { ChatMessage } from '../../eval/types';
import type { GraspQuestion } from './questionSchema';
import type { Diagnostic, Range } from '../../util/text';
import { plural } from '../../util/text';
import { MOVE_DELTAS, movesOf, type GraspAction, type MoveAction } from './actions';
import {
  blankPythonComments,
  extractActions,
  extractionDefaultsFor,
  type ExtractedAnswer,
  type ExtractionOptions,
} from './answers';
import { BASELINES } from './baselines';
import { GraspAnswerCodes } from './codes';
import type { GraspGridEntry } from './gridFile';
import { renderGraspPrompt, type PromptStyle } from './prompt';
import { customIdOf } from './settings';
import { simulate, type GraspSimulation, type GraspStep } from './simulator';
import {
  carryLimitValue,
  GRID_SIZE,
  scoresFinalCell,
  STEP_LIMIT,
  type GraspGrid,
  type GraspGridRecord,
  type GraspSettings,
  type GridPosition,
  type GraspScoringMode,
} from './types';

export interface PreparedGraspQuestion {
  question: GraspQuestion;
  messages: ChatMessage[];
  grid: GraspGrid;
  record: GraspGridRecord;
}

/** The question, its exact messages (renderGraspPrompt) and its grid; `fileName` may be a path. */
export function prepareGraspQuestion(
  entry: GraspGridEntry,
  fileName: string,
  settings: GraspSettings,
  style: PromptStyle,
): PreparedGraspQuestion {
  // custom_ids name the file without its folder (`inner_cluster_free.jsonl-0-0-0-0`).
  const file = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const { index } = entry.record;
  const question: GraspQuestion = {
    benchmark: 'grasp',
    file,
    index,
    settings: { ...settings },
    style,
    sampleId: customIdOf(file, index, settings),
  };
  const messages: ChatMessage[] = renderGraspPrompt(entry.record, settings, style).map((message) => ({
    role: message.role,
    content: message.content,
  }));
  return { question, messages, grid: entry.grid, record: entry.record };
}

/**
 * The seed a built-in agent runs with: the run's seed and the question's custom_id, so one seed
 * gives every question its own walk (the random walk ignores the grid, so a bare seed would give
 * all questions the same 19 tokens) and the same answer each time.
 */
export function builtInGraspSeed(question: Pick<GraspQuestion, 'sampleId'>, seed: number): string {
  return `${seed}/${question.sampleId}`;
}

/** Built-in agents: 'oracle' = the greedy baseline, 'random' = the random-walk baseline, answered as text in the format the prompt asks: "[UP, TAKE, ...]" (upper case) so they go through the same extraction and scoring as a model. Deterministic for a given seed. */
export function builtInGraspAnswer(prepared: PreparedGraspQuestion, agent: 'oracle' | 'random', seed: number): string {
  const baseline = BASELINES[agent === 'oracle' ? 'greedy' : 'random'];
  const tokens = baseline(prepared.grid, prepared.question.settings, builtInGraspSeed(prepared.question, seed));
  return `[${tokens.map((token) => token.toUpperCase()).join(', ')}]`;
}

export interface GraspAnswerResult {
  /** Flat JSON for the run record. */
  scores: Record<string, number | boolean | string | null>;
  /** Ranges in the ANSWER text. */
  diagnostics: Diagnostic[];
  /** The extracted tokens. */
  parsedAnswer: string[];
  /** For the board timeline (graspTimeline in boardTimeline.ts). */
  simulation: GraspSimulation;
  extraction: ExtractedAnswer;
  /** One human line: "score 1.40 (faithful) · 14 steps · 2 units at start · extracted by …". */
  summary: string;
}

const METHOD_LABELS: Record<ExtractedAnswer['method'], string> = {
  'bracket-list': 'bracket list',
  'unclosed-list': 'list cut off before its "]"',
  'numbered-list': 'numbered list',
  'every-word': 'every action word',
  none: 'no list found',
};

/** How a rule is named in one-line summaries. */
function ruleName(extraction: ExtractedAnswer): string {
  return extraction.ruleId === 'every-word'
    ? 'the every-action-word non-official rule'
    : 'the recommended non-official rule';
}

/** scoreGraspAnswer without its summary line (bulk import stores none). */
type GraspAnswerScores = Omit<GraspAnswerResult, 'summary'>;

/** Extracts the tokens of an answer (a non-official rule), simulates them and scores them in `mode`. */
export function scoreGraspAnswer(
  prepared: Pick<PreparedGraspQuestion, 'grid' | 'question'>,
  answer: string,
  mode: GraspScoringMode,
  options: ExtractionOptions = {},
): GraspAnswerResult {
  const scored = graspAnswerScores(prepared, answer, mode, options);
  const { simulation, extraction } = scored;
  const comments = scored.scores.extraction_comments as 'strip' | 'keep';
  const summaryParts = [
    `score ${simulation.score.toFixed(2)} (${mode})`,
    plural(simulation.tokens.length, 'step'),
    scoresFinalCell(mode)
      ? `${plural(scored.scores.scored_cell_energy as number, 'unit')} on the final cell`
      : `${plural(simulation.final.startCellEnergy, 'unit')} at start`,
    `extracted by ${ruleName(extraction)} (${METHOD_LABELS[extraction.method]}${commentNote(answer, comments)})`,
  ];
  if (simulation.truncated.length > 0)
    summaryParts.push(`${plural(simulation.truncated.length, 'token')} beyond the ${STEP_LIMIT}-step limit ignored`);
  // Built here, not in a getter: a getter in this literal made every result a slow object (bulk
  // import scored at half the speed and promoted the garbage of each answer to the old space).
  return { ...scored, summary: summaryParts.join(' · ') };
}

/** The steps of each kind the scores count, in one pass over the steps. */
function labelCounts(simulation: GraspSimulation): {
  took: number;
  diagonals: number;
  blocked: number;
  failedTakes: number;
} {
  const counts = { took: 0, diagonals: 0, blocked: 0, failedTakes: 0 };
  for (const step of simulation.steps) {
    const label = step.label;
    if (label === 'took') counts.took++;
    else if (label === 'ignored_diagonal_not_in_action_set') counts.diagonals++;
    else if (label === 'blocked_boundary' || label === 'blocked_obstacle') counts.blocked++;
    else if (label === 'take_empty_cell' || label === 'take_at_carry_limit') counts.failedTakes++;
  }
  return counts;
}

/** The scores and diagnostics of scoreGraspAnswer, without the summary line: what bulk import stores. */
export function graspAnswerScores(
  prepared: Pick<PreparedGraspQuestion, 'grid' | 'question'>,
  answer: string,
  mode: GraspScoringMode,
  options: ExtractionOptions = {},
): GraspAnswerScores {
  const { grid } = prepared;
  const { settings } = prepared.question;
  const defaults = extractionDefaultsFor(mode);
  const comments = options.pythonComments ?? defaults.pythonComments ?? 'strip';
  const extraction = extractActions(answer, { ...defaults, ...options, pythonComments: comments });
  const simulation = simulate(grid, extraction.tokens, settings, { mode });
  const start = grid.start;
  const initialStartEnergy = grid.cells[start[0]][start[1]].energy;
  const delivered = simulation.final.startCellEnergy - initialStartEnergy;
  const { took, diagonals, blocked, failedTakes } = labelCounts(simulation);
  const scoredCellEnergy = simulation.finalGrid.cells[simulation.scoredCell[0]][simulation.scoredCell[1]].energy;
  const scores: GraspAnswerResult['scores'] = {
    score: simulation.score,
    mode,
    steps: simulation.tokens.length,
    // The paper's Length: the tokens replayed (at most 20), junk included.
    length: simulation.tokens.length,
    tokens_extracted: extraction.tokens.length,
    start_cell_energy: simulation.final.startCellEnergy,
    start_cell_energy_initial: initialStartEnergy,
    energy_delivered: delivered,
    units_taken: took,
    carried_at_end: simulation.final.carried,
    ends_at_start: simulation.final.agentPos[0] === start[0] && simulation.final.agentPos[1] === start[1],
    final_row: simulation.final.agentPos[0],
    final_col: simulation.final.agentPos[1],
    scored_cell_energy: scoredCellEnergy,
    cost_term: simulation.costTerm,
    extraction_method: extraction.method,
    extraction_rule: extraction.rule,
    extraction_rule_id: extraction.ruleId,
    extraction_comments: comments,
    unknown_tokens: extraction.unknown.length,
    ignored_diagonals: diagonals,
    blocked_moves: blocked,
    failed_takes: failedTakes,
    truncated: simulation.truncated.length,
  };
  return {
    scores,
    diagnostics: answerDiagnostics(answer, grid, settings, mode, extraction, simulation),
    parsedAnswer: extraction.tokens,
    simulation,
    extraction,
  };
}

/** Says what happened to Python comments, when the answer has any. */
function commentNote(answer: string, comments: 'strip' | 'keep'): string {
  if (blankPythonComments(answer) === answer) return '';
  return comments === 'strip'
    ? ', Python comments ignored'
    : ', Python comments read as tokens, as in the published figures';
}

/** "(row, col)" of every cell, written once: diagnostics name cells many times per answer. */
const CELL_NAMES: readonly string[][] = Array.from({ length: GRID_SIZE }, (_, row) =>
  Array.from({ length: GRID_SIZE }, (_, col) => `(${row}, ${col})`),
);

function at(position: GridPosition): string {
  return CELL_NAMES[position[0]]?.[position[1]] ?? `(${position[0]}, ${position[1]})`;
}

/** The allowed moves that would change the agent's cell from `position`. */
function possibleMoves(grid: GraspGrid, position: GridPosition, settings: GraspSettings): MoveAction[] {
  return movesOf(settings.moves).filter((move) => {
    const row = position[0] + MOVE_DELTAS[move][0];
    const col = position[1] + MOVE_DELTAS[move][1];
    return row >= 0 && row < GRID_SIZE && col >= 0 && col < GRID_SIZE && !grid.cells[row][col].obstacle;
  });
}

function movesText(moves: readonly MoveAction[], position: GridPosition): string {
  return moves.length > 0
    ? `possible moves from ${at(position)}: ${moves.join(', ')}`
    : `no move is possible from ${at(position)}`;
}

const ACTION_WORDS = /\b(?:UPLEFT|UPRIGHT|DOWNLEFT|DOWNRIGHT|UP|DOWN|LEFT|RIGHT|TAKE|DROP)\b/gi;

function span(from: Range, to: Range): Range {
  return { start: from.start, end: to.end };
}

function answerDiagnostics(
  answer: string,
  grid: GraspGrid,
  settings: GraspSettings,
  mode: GraspScoringMode,
  extraction: ExtractedAnswer,
  simulation: GraspSimulation,
): Diagnostic[] {
  const located = extraction.located;
  const scoreText = simulation.score.toFixed(2);
  if (located.length === 0) {
    // Both extraction methods yield at least one token when they find anything.
    const found =
      extraction.ruleId === 'every-word'
        ? 'The every-action-word non-official extraction rule found no action word'
        : 'The recommended non-official extraction rule found no [...] list of action words and no numbered list';
    const message = `${found}, so the answer scores as an empty list: ${scoreText} (${mode}).`;
    return [{ severity: 'error', code: GraspAnswerCodes.noList, message, range: lastNonEmptyLine(answer) }];
  }
  const context: StepContext = {
    grid,
    settings,
    mode,
    simulation,
    allowed: [...movesOf(settings.moves), 'TAKE', 'DROP'],
    limit: carryLimitValue(settings),
  };
  const diagnostics: Diagnostic[] = [];
  for (const step of simulation.steps) {
    // Most steps are plain moves with nothing to say.
    if (step.label === 'moved' || step.label === 'took' || step.label === 'dropped_at_start') continue;
    const note = stepNote(step, context);
    if (note)
      diagnostics.push({
        severity: note.severity,
        code: note.code,
        message: `Step ${step.index + 1}: ${note.message}`,
        range: located[step.index].range,
        ...(note.data ? { data: note.data } : {}),
      });
  }
  if (located.length > STEP_LIMIT) {
    const extra = located.length - STEP_LIMIT;
    diagnostics.push({
      severity: 'information',
      code: GraspAnswerCodes.truncated,
      message: `${plural(extra, 'token')} beyond the ${STEP_LIMIT}-step limit: the scorer keeps only the first ${STEP_LIMIT} and ignores ${extra === 1 ? 'this one' : 'these'}.`,
      range: span(located[STEP_LIMIT].range, located[located.length - 1].range),
      data: { ignored: extra },
    });
  }
  diagnostics.push({
    severity: 'information',
    code: GraspAnswerCodes.score,
    message: scoreMessage(simulation, extraction, mode),
    range: extraction.listRange ?? span(located[0].range, located[located.length - 1].range),
  });
  return diagnostics;
}

/** What every step's note needs besides the step. */
interface StepContext {
  grid: GraspGrid;
  settings: GraspSettings;
  mode: GraspScoringMode;
  simulation: GraspSimulation;
  allowed: readonly GraspAction[];
  limit: number;
}

type StepNote = Pick<Diagnostic, 'severity' | 'code' | 'message'> & { data?: Record<string, string | number> };

/** Why a step did not do what its token says (ignored, blocked, a no-op, energy left off the start), or null. */
// Over 50 lines: one case per step label, read top to bottom.
function stepNote(step: GraspStep, { grid, settings, mode, simulation, allowed, limit }: StepContext): StepNote | null {
  const name = JSON.stringify(step.token);
  switch (step.label) {
    case 'ignored_unknown_token': {
      const words = [
        ...new Set([...step.token.matchAll(ACTION_WORDS)].map((match) => match[0].toUpperCase() as GraspAction)),
      ];
      const suggestion = words.length === 1 && allowed.includes(words[0]) ? words[0] : null;
      return {
        severity: 'warning',
        code: GraspAnswerCodes.unknownToken,
        message: `${name} is not a GRASP action: the scorer ignores it, but it uses up one of the ${STEP_LIMIT} steps.${suggestion ? ` Did the model mean ${suggestion}?` : ''}`,
        data: { expected: suggestion ?? allowed.join(', ') },
      };
    }
    case 'ignored_diagonal_not_in_action_set':
      return {
        severity: 'warning',
        code: GraspAnswerCodes.diagonalNotAllowed,
        message: `${name} is a diagonal move, not allowed with 4 moves (UP, DOWN, LEFT, RIGHT): the scorer ignores it, but it uses up a step; ${movesText(possibleMoves(grid, step.from, settings), step.from)}.`,
        data: { expected: possibleMoves(grid, step.from, settings).join(', ') },
      };
    case 'blocked_boundary':
    case 'blocked_obstacle': {
      const [dRow, dCol] = MOVE_DELTAS[step.action as MoveAction];
      const target: GridPosition = [step.from[0] + dRow, step.from[1] + dCol];
      const why =
        step.label === 'blocked_obstacle' ? `obstacle at ${at(target)}` : `${at(step.from)} is on the edge of the grid`;
      const moves = possibleMoves(grid, step.from, settings);
      return {
        severity: 'warning',
        code:
          step.label === 'blocked_obstacle' ? GraspAnswerCodes.blockedByObstacle : GraspAnswerCodes.blockedByBoundary,
        message: `${name} does nothing: ${why}; ${movesText(moves, step.from)}.`,
        data: { expected: moves.join(', ') },
      };
    }
    case 'take_empty_cell':
      return {
        severity: 'warning',
        code: GraspAnswerCodes.takeEmptyCell,
        message: `${name} does nothing: there is no energy at ${at(step.from)}.`,
      };
    case 'take_at_carry_limit':
      return {
        severity: 'warning',
        code: GraspAnswerCodes.takeAtCarryLimit,
        message: `${name} does nothing: the agent already carries ${limit} units, the carry limit; DROP them on the start cell ${at(grid.start)} first.`,
      };
    case 'dropped_off_start': {
      const units = plural(simulation.steps[step.index - 1]?.carried ?? 0, 'unit');
      const counts = scoresFinalCell(mode)
        ? ` (the ${mode} mode scores the final cell, so they count only if the agent ends here)`
        : '';
      return {
        severity: 'warning',
        code: GraspAnswerCodes.dropOffStart,
        message: `${name} at ${at(step.from)} leaves ${units} off the start cell ${at(grid.start)}: energy dropped elsewhere does not count${counts}; it can be taken again.`,
        data: { expected: `DROP on the start cell ${at(grid.start)}` },
      };
    }
    case 'drop_nothing':
      return {
        severity: 'information',
        code: GraspAnswerCodes.dropNothing,
        message: `${name} does nothing: the agent carries no energy.`,
      };
    default:
      return null;
  }
}

function scoreMessage(simulation: GraspSimulation, extraction: ExtractedAnswer, mode: GraspScoringMode): string {
  const scored = simulation.finalGrid.cells[simulation.scoredCell[0]][simulation.scoredCell[1]].energy;
  const cell = scoresFinalCell(mode) ? `on the final cell ${at(simulation.scoredCell)}` : 'on the start cell';
  const cost =
    simulation.costTerm === 0
      ? ''
      : ` − cost ${Number(simulation.costTerm.toFixed(6))}${mode === 'faithful' || mode === 'paper' ? ` (${simulation.settings.stepCost} × ${simulation.tokens.length} steps)` : " (upstream's constant cost term)"}`;
  return `Score ${simulation.score.toFixed(2)} (${mode}): ${plural(scored, 'unit')} ${cell}${cost}. ${plural(extraction.tokens.length, 'token')} extracted (${METHOD_LABELS[extraction.method]}) by ${ruleName(extraction)} (GRASP has no official answer parser).`;
}

/** The last line with text, from its first to its last non-blank character (0-based, UTF-16). */
function lastNonEmptyLine(text: string): Range {
  const lines = text.split(/\r\n|\r|\n/);
  for (let line = lines.length - 1; line >= 0; line--) {
    const content = lines[line];
    if (content.trim() === '') continue;
    const first = content.length - content.trimStart().length;
    return { start: { line, character: first }, end: { line, character: content.trimEnd().length } };
  }
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}
