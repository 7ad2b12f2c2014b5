// What `--resume` needs of a run file, gathered record by record as a reader streams the file:
// which of this run's questions it answers (an index of the question set, never the records), its
// run id, what its run spent, and the lines that are not records. Memory grows with the question
// set, not the file: a run file of 2 GB resumes as one of 2 MB does (issue 29: `run` read --out
// whole into one string and a 1 GB file could never be resumed).
import type { PreparedQuestion } from '../benchmark/registry';
import { pricesOf } from '../eval/cost';
import type { ModelProfile, QuestionBase, RunRecord, ScoringMode } from '../eval/types';
import { type EpochQuestion, epochProfile } from './epochs';
import { answerKey } from './selection';

/** Lines that are not records kept to be shown (the rest are counted). */
const SHOWN_SKIPPED = 10;

export class ResumeIndex {
  /** This run's questions (their indices) by their answer key. */
  private readonly wanted = new Map<string, number[]>();
  private readonly answered = new Set<number>();
  runId: string | null = null;
  spentUsd = 0;
  unknownCostRecords = 0;
  /** Lines that are not blank (records or not). */
  lines = 0;
  /** Lines that are not records, `file:line:column: message`, the first few; `moreSkipped` counts the rest. */
  readonly skipped: string[] = [];
  moreSkipped = 0;
  /** Records cut short in the middle of the file (a run killed before this version repaired tails), the first few. */
  readonly torn: string[] = [];
  moreTorn = 0;
  readonly benchmarks = new Set<string>();

  constructor(
    private readonly questions: readonly PreparedQuestion[],
    profile: ModelProfile,
    mode: ScoringMode,
  ) {
    questions.forEach((prepared: EpochQuestion, index) => {
      const { epoch } = prepared;
      const key = answerKey({ question: prepared.question, model: epochProfile(profile, epoch), mode, epoch });
      const same = this.wanted.get(key);
      if (same) same.push(index);
      else this.wanted.set(key, [index]);
    });
  }

  /** One record of the file, in file order. */
  add(record: RunRecord<QuestionBase>): void {
    this.lines++;
    this.runId ??= record.run_id ?? null;
    this.benchmarks.add(record.question.benchmark);
    // As the live count (runner.ts): an answer the model was asked for, and each preflight.
    this.spentUsd += (record.cached ? 0 : (record.costUsd ?? 0)) + (record.preflight_cost_usd ?? 0);
    // As the live count: a priced profile's request missing its token counts was counted at its bound, not as unknown.
    if (
      record.costUsd === null &&
      record.error === undefined &&
      !record.cached &&
      record.model.provider === 'openai-compatible' &&
      pricesOf(record.model) === null
    )
      this.unknownCostRecords++;
    // Records with `error` are not answers: resume asks them again.
    if (record.error !== undefined) return;
    for (const index of this.wanted.get(answerKey(record)) ?? []) this.answered.add(index);
  }

  /** A line that is not a record. */
  skip(problem: string): void {
    this.lines++;
    if (this.skipped.length < SHOWN_SKIPPED) this.skipped.push(problem);
    else this.moreSkipped++;
  }

  /** A record cut short. */
  cutShort(problem: string): void {
    this.lines++;
    if (this.torn.length < SHOWN_SKIPPED) this.torn.push(problem);
    else this.moreTorn++;
  }

  /** The questions the file does not answer yet, in question-set order. */
  remaining(): PreparedQuestion[] {
    return this.questions.filter((_, index) => !this.answered.has(index));
  }

  get alreadyAnswered(): number {
    return this.answered.size;
  }

  /** The lines to show as skipped: the first few of each kind and how many more, named after `file`. */
  skippedLines(file: string): string[] {
    return [
      ...this.skipped,
      ...(this.moreSkipped > 0 ? [`${file}: ${this.moreSkipped} more lines are not run records`] : []),
      ...this.torn,
      ...(this.moreTorn > 0 ? [`${file}: ${this.moreTorn} more records cut short`] : []),
    ];
  }
}
