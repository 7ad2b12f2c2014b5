// A row of an imported results file that cannot be read (not JSON, not an object, no question it
// names) still becomes a run record, so no row is dropped and reports count it as an error. Its
// question is the envelope alone, marked `unreadable`: the benchmark's own fields would be guesses.
// Readers check the mark before asking a benchmark's hooks (report fields and metrics, run labels,
// replays), which are written for the questions their benchmark asks.
import type { QuestionBase } from './types';

/** An unreadable row's question, named by its place, `<path>:<line>` (1-based): each row is its own record. */
export function unreadableRowQuestion(benchmark: string, path: string, line: number): QuestionBase {
  return { benchmark, sampleId: `${path}:${line + 1}`, unreadable: true };
}

/** Whether a record's question is an unreadable row's envelope (no benchmark hook can read it). */
export function isUnreadableRow(question: QuestionBase): boolean {
  return question.unreadable === true;
}
