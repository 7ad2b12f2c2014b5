// MANGO's full definition: the declaration (file kinds, run labels; light, for the activation path)
// plus question sets for `waypoint run`, `import` and `batch export` (core/mango/questionSet.ts).
import type { MangoQuestion } from '../eval/types';
import type { BenchmarkDefinition } from '../registry';
import { mangoDeclaration } from './declaration';
import { mangoReport } from './report';
import { MANGO_QUESTION_OPTIONS, mangoQuestionSet } from './questionSet';

export const mangoBenchmark: BenchmarkDefinition<MangoQuestion> = {
  ...mangoDeclaration,
  questionOptions: MANGO_QUESTION_OPTIONS,
  questionSet: mangoQuestionSet,
  scoringModes: ['faithful', 'reference'],
  report: mangoReport,
};
