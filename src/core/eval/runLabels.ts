// How runs of every benchmark are grouped and named in the Runs view, Compare Runs and file names:
// one place, so a new question kind cannot be listed under one name and compared under another.
// Each benchmark names its runs through its runLabel and succeeded hooks; this module only looks the
// benchmark up in what the host made known (core/benchmark/registry.ts: registered definitions, or light
// declarations, which the extension's activation path declares so its runs view names runs without
// loading any benchmark's validators). It names no benchmark.
import { type BenchmarkDeclaration, findDeclaration, type RunLabel } from '../benchmark/registry';
import type { QuestionBase, RunRecord } from './types';
import { isUnreadableRow } from './unreadableRow';

/** The registered benchmark of a question, or null for a run recorded by one that is not registered here. */
function definitionOf(question: QuestionBase): BenchmarkDeclaration | null {
  return findDeclaration(question.benchmark);
}

/** What a person calls the question's benchmark (`LLM-BabyBench`), or its id when it is not registered here. */
export function benchmarkLabel(question: QuestionBase): string {
  return definitionOf(question)?.label ?? question.benchmark;
}

/** The question's label from its benchmark's runLabel hook; a benchmark without one (or not registered) is grouped under its label or id and named by sample id. */
function labelOf(question: QuestionBase): RunLabel {
  const definition = definitionOf(question);
  // An unreadable row's envelope is no question the benchmark's hook can name.
  const named = isUnreadableRow(question) ? undefined : definition?.runLabel?.(question);
  return (
    named ?? {
      group: definition?.label ?? question.benchmark,
      label: question.sampleId,
      documentName: question.sampleId,
    }
  );
}

/** The group a question belongs to: a MANGO game, a BabyAI level, a GRASP grid file. */
export function questionGroup(question: QuestionBase): string {
  return labelOf(question).group;
}

/** One line naming the question inside its group. */
export function questionLabel(question: QuestionBase): string {
  return labelOf(question).label;
}

/** A short, file-name-safe name for a run's answer document; a rerun of the same question by the same model reuses it. */
export function runDocumentName(record: Pick<RunRecord<QuestionBase>, 'question' | 'model'>): string {
  return `${labelOf(record.question).documentName}-${record.model.id}`.replace(/[^\w.-]+/g, '-');
}

/** The headline score of a run, 1 for full success, for the Runs view's pass/fail icon. */
export function runSucceeded(record: Pick<RunRecord<QuestionBase>, 'question' | 'scores'>): boolean {
  if (isUnreadableRow(record.question)) return false;
  return definitionOf(record.question)?.succeeded?.(record.scores, record.question) ?? false;
}

/** The numeric scores, "name 0.50 · other 1.00", for one-line summaries. */
export function scoreLine(scores: RunRecord<QuestionBase>['scores']): string {
  return Object.entries(scores)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => `${name} ${Number(value).toFixed(2)}`)
    .join(' · ');
}
