// MANGO's full definition: the declaration (file kinds, run labels; light, for the activation path)
// plus question sets for `waypoint run`, `import` and `batch export` (core/benchmarks/mango/questionSet.ts).
import type { MangoQuestion } from './questionSchema';
import type { BenchmarkDefinition } from '../../benchmark/registry';
import { mangoDeclaration } from './declaration';
import { mangoReport } from './report';
import { MANGO_QUESTION_OPTIONS, MANGO_QUESTION_OPTION_HINTS, mangoQuestionSet } from './questionSet';
import { mangoReplay } from './reportReplay';

export const mangoBenchmark: BenchmarkDefinition<MangoQuestion> = {
  // The report's drill-down (core/runs/replays.ts asks it).
  replay: mangoReplay,
  ...mangoDeclaration,
  questionOptions: MANGO_QUESTION_OPTIONS,
  questionOptionHints: MANGO_QUESTION_OPTION_HINTS,
  questionSet: mangoQuestionSet,
  scoringModes: ['faithful', 'reference'],
  report: mangoReport,
};
