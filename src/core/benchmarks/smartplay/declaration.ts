// SmartPlay's declaration: file kinds and run labels, without validators, so hosts that only name
// runs (the extension's activation path, through core/benchmarks/declarations.ts) stay light.
// core/benchmarks/smartplay/benchmark.ts adds validation and lenses.
import type { SmartplayQuestion } from './questionSchema';
import type { BenchmarkDeclaration } from '../../benchmark/registry';
import { smartplayQuestionSchema } from './questionSchema';

export const smartplayDeclaration: BenchmarkDeclaration<SmartplayQuestion> = {
  id: 'smartplay',
  label: 'SmartPlay',
  questionSchema: smartplayQuestionSchema,
  kinds: [
    {
      id: 'smartplay-episode',
      suffixes: ['.episode.jsonl'],
      validation: 'standalone',
      examples: ['hanoi.episode.jsonl'],
    },
  ],
  runLabel: (question) => ({
    group: `SmartPlay · ${question.game}`,
    label:
      question.episode === undefined
        ? `step ${question.step}, question ${question.question}`
        : `episode ${question.episode + 1} (seed ${question.seed ?? 0})`,
    documentName: question.sampleId,
  }),
  succeeded: (scores) => scores.completed === 1,
};
