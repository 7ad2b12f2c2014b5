// What MANGO reports read from a run record (runs.md §4): the paper's breakdown by task and
// difficulty (its Figure 2), path length, per-game rows, and the evaluator's four scores, the same
// names in faithful and reference mode (scoring.ts, evaluation.ts referenceScores).
import type { RunRecord } from '../../eval/types';
import type { MangoQuestion } from './questionSchema';
import type { BenchmarkReport } from '../../benchmark/registry';
import { MANGO_CODE_MEANINGS } from './codeMeanings';
import type { MetricDirection } from '../../runs/reportTypes';

/** easy / hard at the question's cutoff, or unanswerable there (the skeleton's labels, as the question carries them). */
function mangoDifficulty(question: MangoQuestion): 'easy' | 'hard' | 'unanswerable' {
  if (!question.answerable) return 'unanswerable';
  return question.easy ? 'easy' : 'hard';
}

const flag = (value: unknown): number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : typeof value === 'number' ? value : null;

/**
 * The metrics in display order (the map task's after the route tasks': a record has only its task's)
 * with their better direction: success, reasoning and the map's precision, recall and F1 higher;
 * the unparseable-answer rate lower.
 */
const better = {
  success_strict: 'higher',
  success_loose: 'higher',
  reasoning: 'higher',
  parse_error: 'lower',
  precision: 'higher',
  recall: 'higher',
  f1: 'higher',
} as const satisfies Record<string, MetricDirection>;

/** What the tables' metrics mean (spec mango.md §7–9; faithful and reference mode name them alike). */
const MANGO_GLOSSARY: Readonly<Record<string, string>> = {
  success_strict:
    "1 when the answer gets to the right room. Route finding: walking the answer's actions from the start reaches the destination. Destination finding: the answer's last room is where the asked actions lead (faithful; the released evaluator, reference mode, gives 1 to every valid answer here).",
  success_loose:
    "Like success_strict with partial credit. Route finding: each action is first mapped to the game's most similar action. Reference mode scores the name similarity (1 − edit distance / length) of the room reached to the destination, so a near miss earns a fraction.",
  reasoning:
    'The answer is a valid walk: it starts at the source and ends at the destination (exact names), every step is a move of the maze with its exact action, and the steps chain. Any valid route counts, not only the shortest.',
  parse_error:
    'The share of answers that could not be read as a list of steps (lower is better); they score 0 on the other metrics.',
  precision: "The map task: the share of the model's moves that are moves of the maze.",
  recall: "The map task: the share of the maze's moves (up to the cutoff) that the model wrote down.",
  f1: 'The map task: the harmonic mean of precision and recall.',
};

export const mangoReport: BenchmarkReport<MangoQuestion> = {
  fieldNames: ['game', 'task', 'difficulty', 'path_length'],
  // MANGO's main result (Figure 2): success per task, easy and hard separately.
  defaultBy: ['task', 'difficulty'],
  metricNames: Object.keys(better),
  better,
  success: ['success_strict', 'success_loose', 'reasoning', 'f1'],
  binary: ['success_strict', 'reasoning', 'parse_error'],
  clusterName: 'game',
  glossary: MANGO_GLOSSARY,
  codeMeanings: MANGO_CODE_MEANINGS,
  cluster: (record) => record.question.game,
  questionLabel: ({ question }) =>
    question.task === 'map'
      ? `MAP at step ${question.cutoff}`
      : `${question.play ? 'PLAY' : question.task.toUpperCase()} ${question.src} → ${question.dst}`,
  // A route outside the walkthrough the prompt shows (unanswerable at the cutoff, an unreachable RF
  // pair among them) has no answer a model could give: the paper's tables leave such pairs out. A
  // map question asks for what the walkthrough shows, so it always has one.
  answerable: ({ question }) => question.task === 'map' || question.answerable,
  fields: (record) => {
    const { question } = record;
    // DF asks to follow its action list; RF's route length is known only when the question carries it.
    const pathLength = question.task === 'df' ? question.actionList.length : (question.pathLength ?? null);
    // A map question has no route, so no difficulty or path length.
    if (question.task === 'map')
      return { game: question.game, task: question.task, difficulty: null, path_length: null };
    return {
      game: question.game,
      task: question.play ? 'play' : question.task,
      difficulty: mangoDifficulty(question),
      path_length: pathLength,
    };
  },
  metrics: (record): Record<string, number | null> => {
    const { scores } = record;
    // An errored record never reached the parser: it is an error (its own column), not a parse error.
    const parseError = record.error !== undefined ? null : flag(scores.parse_error);
    if (record.question.task === 'map')
      return {
        precision: flag(scores.precision),
        recall: flag(scores.recall),
        f1: flag(scores.f1),
        parse_error: parseError,
      };
    return {
      success_strict: flag(scores.success_strict),
      success_loose: flag(scores.success_loose),
      reasoning: flag(scores.reasoning),
      parse_error: parseError,
    };
  },
  valid: (record) => record.error === undefined && scoresParsed(record),
  // The paper's main result: success per model on DF and RF, easy and hard apart.
  paperTables: [
    {
      caption: 'Success rate (strict) on DF and RF questions, easy and hard',
      rows: ['model'],
      columns: ['task', 'difficulty'],
      metrics: ['success_strict'],
    },
    {
      caption: 'Reasoning (a valid walk) on DF and RF questions, easy and hard',
      rows: ['model'],
      columns: ['task', 'difficulty'],
      metrics: ['reasoning'],
    },
  ],
  plots: [
    // The paper's Figure 2: success rates of each model, (a) DF and (b) RF, easy and hard.
    {
      title: 'Success rates on DF and RF questions, easy and hard',
      x: 'model',
      metric: 'success_strict',
      series: 'difficulty',
      panel: 'task',
    },
    // The paper's Figure: success against the route's length, a line a model, DF and RF apart.
    {
      title: 'Success (strict) by path length',
      x: 'path_length',
      metric: 'success_strict',
      kind: 'lines',
      panel: 'task',
    },
    { title: 'Success (strict) per game, easy and hard', x: 'game', metric: 'success_strict', series: 'difficulty' },
  ],
};

function scoresParsed(record: RunRecord<MangoQuestion>): boolean {
  return record.scores.parse_error === false;
}
