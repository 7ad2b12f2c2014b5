// What LLM-BabyBench reports read from a run record (runs.md §4): level, task and prompt strategy,
// and the paper's metrics as evaluation.ts puts them in scores: Predict `success`, Plan `CR` (the
// plan reaches the goal: the paper's success rate), Decompose `CR`, `PR`, `ACI`.
import type { RunRecord } from '../../eval/types';
import type { BabyaiQuestion } from './questionSchema';
import type { BenchmarkReport } from '../../benchmark/registry';
import { BABYAI_CODE_MEANINGS } from './codeMeanings';
import type { MetricDirection } from '../../runs/reportTypes';

const numeric = (value: unknown): number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The prompt strategy: questions asked before strategies existed were zero-shot. */
function promptOf(question: BabyaiQuestion): string {
  const prompt = (question as BabyaiQuestion & { prompt?: unknown }).prompt;
  return typeof prompt === 'string' ? prompt : 'zero_shot';
}

function metricsOf(record: RunRecord<BabyaiQuestion>): Record<string, number | null> {
  const { scores } = record;
  // An episode (`--task play`) keeps task plan, but its success is the mission done while playing.
  if (record.question.play) return { success: numeric(scores.success) };
  switch (record.question.task) {
    case 'predict':
      return { success: numeric(scores.success) };
    case 'plan':
      return { success: numeric(scores.CR) };
    case 'decompose':
      return { cr: numeric(scores.CR), pr: numeric(scores.PR), aci: numeric(scores.ACI) };
  }
}

/**
 * The metrics in display order with their better direction: every one is a rate of the paper's,
 * higher better; ACI = (max_help − help) / max_help is higher when the plan needed less of the expert's help.
 */
const better = { success: 'higher', cr: 'higher', pr: 'higher', aci: 'higher' } as const satisfies Record<
  string,
  MetricDirection
>;

/** What the tables' metrics mean (spec babyai.md §6 and §12). */
const BABYAI_GLOSSARY: Readonly<Record<string, string>> = {
  success:
    "Predict: the predicted final position and direction are the expected ones. Plan: executing the model's actions completes the mission (Plan's CR, the paper's success rate).",
  cr: "CR, the completion rate (Decompose): the expert bot, starting from the model's subgoals, completed the mission.",
  pr: 'PR, the precision rate (Decompose): the mission was completed with no help, the bot adding no subgoal of its own.',
  aci: 'ACI, the assistance curve integral (Decompose): how little help the bot needed, 0 to 1, and 0 when the mission was not completed. Faithful: 1 − help/K with K = 30, the area under success against the extra subgoals allowed. Reference: (max_help − help) / max_help, where max_help is what the bot pushes when solving alone.',
};

export const babyaiReport: BenchmarkReport<BabyaiQuestion> = {
  fieldNames: ['level', 'task', 'prompt', 'record', 'seed'],
  // The paper's Table 3: success per level (grouped by difficulty there) for each task.
  defaultBy: ['level', 'task'],
  metricNames: Object.keys(better),
  better,
  // An aborted reference run (`aborted`) or an error scores 0 on the rates; ACI (help per subgoal) has no such zero.
  success: ['success', 'cr', 'pr'],
  binary: ['success', 'cr'],
  clusterName: 'level',
  glossary: BABYAI_GLOSSARY,
  codeMeanings: BABYAI_CODE_MEANINGS,
  cluster: (record) => record.question.levelName,
  questionLabel: ({ question }) => {
    const task = question.play ? 'Play' : `${question.task[0].toUpperCase()}${question.task.slice(1)}`;
    const where = question.record === null ? '' : ` · record ${question.record + 1}`;
    const seed = question.seed === undefined ? '' : ` · seed ${question.seed}`;
    const strategy = promptOf(question);
    return `${task} · ${question.levelName}${where}${seed}${strategy === 'zero_shot' ? '' : ` · ${strategy}`}`;
  },
  fields: (record) => ({
    level: record.question.levelName,
    task: record.question.play ? 'play' : record.question.task,
    prompt: promptOf(record.question),
    // 1-based as the label says it; a level file is no record.
    record: record.question.record === null ? null : record.question.record + 1,
    seed: record.question.seed ?? null,
  }),
  metrics: metricsOf,
  valid: (record) =>
    record.error === undefined && record.scores.aborted === undefined && record.scores.parse_error === false,
  // The paper's per-task tables: a row per level, each model's rates (Decompose: CR, PR, ACI).
  paperTables: [
    {
      caption: 'Results per level',
      rows: ['level'],
      columns: ['model'],
      metrics: ['success', 'cr', 'pr', 'aci'],
      split: 'task',
    },
  ],
  plots: [{ title: 'Success per level and task', x: 'level', metric: 'success', series: 'task', panel: 'task' }],
};
