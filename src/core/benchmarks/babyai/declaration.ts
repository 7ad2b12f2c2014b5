// BabyAI / LLM-BabyBench's declaration: file kinds and run labels, without validators, so hosts that
// only name runs (the extension's activation path, through core/benchmarks/declarations.ts) stay light.
// core/benchmarks/babyai/benchmark.ts adds validation and lenses.
import type { BabyaiQuestion } from './questionSchema';
import type { BenchmarkDeclaration } from '../../benchmark/registry';
import { babyaiQuestionSchema } from './questionSchema';

/**
 * LLM-BabyBench's record files are `LLM_BABYBENCH_<Task>.csv` upstream; Waypoint also takes JSON
 * and JSON Lines exports whose name starts the same way (`llm-babybench-sample.jsonl`).
 */
const BABYBENCH_RECORD_NAME = /(?:^|[\\/])llm[-_]babybench[^\\/]*\.(?:csv|jsonl|ndjson|json)$/i;

export const babyaiDeclaration: BenchmarkDeclaration<BabyaiQuestion> = {
  id: 'babyai',
  label: 'LLM-BabyBench',
  questionSchema: babyaiQuestionSchema,
  kinds: [
    {
      id: 'babyai-level',
      suffixes: ['.level.json'],
      schemaId: 'babyai-level',
      validation: 'standalone',
      examples: ['goto.level.json'],
    },
    {
      id: 'babyai-records',
      pattern: BABYBENCH_RECORD_NAME,
      validation: 'standalone',
      examples: [
        'LLM_BABYBENCH_Predict.csv',
        'LLM_BABYBENCH_Decompose.csv',
        'llm-babybench-sample.jsonl',
        'llm_babybench_plan.json',
        'llm-babybench-export.ndjson',
      ],
    },
  ],
  // A strategy other than zero-shot (the default, and all older records) is named, so runs of one question in two strategies can be told apart.
  runLabel: (question) => {
    const strategy = question.prompt && question.prompt !== 'zero_shot' ? question.prompt : null;
    return {
      group: `BabyAI · ${question.source}`,
      label: `${question.task[0].toUpperCase()}${question.task.slice(1)} · ${question.levelName}${question.record !== null ? ` (record ${question.record + 1})` : ''}${strategy ? ` · ${strategy}` : ''}`,
      documentName: `${question.levelName}-${question.task}${question.record !== null ? `-record${question.record + 1}` : ''}${strategy ? `-${strategy}` : ''}`,
    };
  },
  succeeded: (scores) => scores.success === true || scores.success === 1 || scores.CR === 1,
  // Reopened runs are re-scored against the level or record file as it is now (the board bundle's command).
  reopenCommand: 'waypoint.reopenBabyaiRun',
};
